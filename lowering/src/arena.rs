//! A minimal typed arena: `Arena<T>` owns values, `Handle<T>` (a `NonZeroU32` newtype) names
//! one. Handles of one arena are meaningless in another; the verifiers check ranges.

use std::fmt;
use std::marker::PhantomData;
use std::num::NonZeroU32;

/// A typed index into an [`Arena`]. Index `i` is stored as `i + 1`.
pub struct Handle<T> {
    index: NonZeroU32,
    marker: PhantomData<fn() -> T>,
}

impl<T> Handle<T> {
    /// The handle of the `index`-th value of an arena.
    pub fn from_index(index: usize) -> Self {
        let raw = u32::try_from(index + 1).expect("arena holds at most u32::MAX - 1 values");
        Handle {
            index: NonZeroU32::new(raw).expect("index + 1 is non-zero"),
            marker: PhantomData,
        }
    }
    /// The position of the value in its arena.
    pub fn index(self) -> usize {
        (self.index.get() - 1) as usize
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
impl<T> std::hash::Hash for Handle<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.index.hash(state)
    }
}
impl<T> fmt::Debug for Handle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.index())
    }
}

/// Owns values of one kind; append-only.
#[derive(Clone, Debug)]
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
    /// Whether `handle` names a value of this arena (by range).
    pub fn contains(&self, handle: Handle<T>) -> bool {
        handle.index() < self.items.len()
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
