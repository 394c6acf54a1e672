//! Arenas with typed handles (the naga / Cranelift habit): every IR entity lives in an
//! `Arena<T>` and is referred to by a `Handle<T>`, a `NonZeroU32` newtype that is cheap to copy
//! and cannot be confused with a handle into another arena. Types are interned in a
//! `UniqueArena`, so two structurally equal types always have the same handle.

use rustc_hash::FxHashMap as HashMap;
use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;
use std::num::NonZeroU32;

/// A typed index into an [`Arena<T>`] or [`UniqueArena<T>`].
pub struct Handle<T> {
    index: NonZeroU32,
    marker: PhantomData<fn() -> T>,
}

impl<T> Handle<T> {
    /// Builds a handle from a zero-based index.
    pub fn from_index(index: usize) -> Self {
        let index = u32::try_from(index + 1).expect("arena holds at most u32::MAX - 1 entries");
        Handle {
            index: NonZeroU32::new(index).unwrap(),
            marker: PhantomData,
        }
    }
    /// The zero-based index of this handle.
    pub fn index(self) -> usize {
        self.index.get() as usize - 1
    }
}

impl<T> Clone for Handle<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Handle<T> {}
impl<T> PartialEq for Handle<T> {
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index
    }
}
impl<T> Eq for Handle<T> {}
impl<T> PartialOrd for Handle<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Handle<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.index.cmp(&other.index)
    }
}
impl<T> Hash for Handle<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.index.hash(state)
    }
}
impl<T> fmt::Debug for Handle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.index())
    }
}

/// An append-only vector of `T` addressed by [`Handle<T>`].
#[derive(Clone, Debug, PartialEq)]
pub struct Arena<T> {
    items: Vec<T>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena { items: Vec::new() }
    }
}

impl<T> Arena<T> {
    pub fn new() -> Self {
        Self::default()
    }
    /// Appends `value` and returns its handle.
    pub fn append(&mut self, value: T) -> Handle<T> {
        self.items.push(value);
        Handle::from_index(self.items.len() - 1)
    }
    pub fn len(&self) -> usize {
        self.items.len()
    }
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    /// The entry of `handle`, or `None` when it does not belong to this arena.
    pub fn get(&self, handle: Handle<T>) -> Option<&T> {
        self.items.get(handle.index())
    }
    pub fn get_mut(&mut self, handle: Handle<T>) -> Option<&mut T> {
        self.items.get_mut(handle.index())
    }
    /// Handles and entries in insertion order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Handle<T>, &T)> + ExactSizeIterator {
        self.items
            .iter()
            .enumerate()
            .map(|(i, v)| (Handle::from_index(i), v))
    }
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (Handle<T>, &mut T)> {
        self.items
            .iter_mut()
            .enumerate()
            .map(|(i, v)| (Handle::from_index(i), v))
    }
    pub fn handles(&self) -> impl Iterator<Item = Handle<T>> {
        (0..self.items.len()).map(Handle::from_index)
    }
    /// Whether `handle` points into this arena.
    pub fn contains(&self, handle: Handle<T>) -> bool {
        handle.index() < self.items.len()
    }
}

impl<T> std::ops::Index<Handle<T>> for Arena<T> {
    type Output = T;
    fn index(&self, handle: Handle<T>) -> &T {
        &self.items[handle.index()]
    }
}
impl<T> std::ops::IndexMut<Handle<T>> for Arena<T> {
    fn index_mut(&mut self, handle: Handle<T>) -> &mut T {
        &mut self.items[handle.index()]
    }
}

/// An arena that interns its entries: inserting an equal value twice yields the same handle.
#[derive(Clone, Debug)]
pub struct UniqueArena<T: Eq + Hash + Clone> {
    items: Vec<T>,
    lookup: HashMap<T, Handle<T>>,
}

impl<T: Eq + Hash + Clone> Default for UniqueArena<T> {
    fn default() -> Self {
        UniqueArena {
            items: Vec::new(),
            lookup: HashMap::default(),
        }
    }
}

impl<T: Eq + Hash + Clone> PartialEq for UniqueArena<T> {
    fn eq(&self, other: &Self) -> bool {
        self.items == other.items
    }
}

impl<T: Eq + Hash + Clone> UniqueArena<T> {
    pub fn new() -> Self {
        Self::default()
    }
    /// Returns the handle of `value`, inserting it when it is new.
    pub fn intern(&mut self, value: T) -> Handle<T> {
        if let Some(&h) = self.lookup.get(&value) {
            return h;
        }
        self.items.push(value.clone());
        let h = Handle::from_index(self.items.len() - 1);
        self.lookup.insert(value, h);
        h
    }
    /// A handle for a value that is not known yet (a type that contains itself through a
    /// pointer): `placeholder` holds its place until [`UniqueArena::fill`]. A reserved entry
    /// is never returned by `intern` for an equal value.
    pub fn reserve(&mut self, placeholder: T) -> Handle<T> {
        self.items.push(placeholder);
        Handle::from_index(self.items.len() - 1)
    }
    /// Gives a reserved handle its value; an equal value interned later gets this handle
    /// unless one was interned before.
    pub fn fill(&mut self, handle: Handle<T>, value: T) {
        self.lookup.entry(value.clone()).or_insert(handle);
        self.items[handle.index()] = value;
    }
    /// The handle of `value` when it has been interned.
    pub fn find(&self, value: &T) -> Option<Handle<T>> {
        self.lookup.get(value).copied()
    }
    pub fn len(&self) -> usize {
        self.items.len()
    }
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    pub fn get(&self, handle: Handle<T>) -> Option<&T> {
        self.items.get(handle.index())
    }
    pub fn iter(&self) -> impl Iterator<Item = (Handle<T>, &T)> {
        self.items
            .iter()
            .enumerate()
            .map(|(i, v)| (Handle::from_index(i), v))
    }
    pub fn contains(&self, handle: Handle<T>) -> bool {
        handle.index() < self.items.len()
    }
}

impl<T: Eq + Hash + Clone> std::ops::Index<Handle<T>> for UniqueArena<T> {
    type Output = T;
    fn index(&self, handle: Handle<T>) -> &T {
        &self.items[handle.index()]
    }
}
