//! Typed arenas (naga style): an `Arena<T>` owns its items, a `Handle<T>` is a `NonZeroU32`
//! index into it, and every item has a [`Location`] kept beside it in a side table, so source
//! positions never bloat the IR types and equality of two arenas ignores them.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::num::NonZeroU32;

use crate::syntax::Location;

/// A typed index into an [`Arena<T>`]. Invariant: `index - 1 < arena.len()` of the arena that
/// created it; handles from one function's arena are meaningless in another's.
pub struct Handle<T> {
    index: NonZeroU32,
    marker: PhantomData<fn() -> T>,
}

impl<T> Handle<T> {
    /// Builds a handle from a zero-based index (`index < u32::MAX`).
    pub fn from_index(index: usize) -> Self {
        let raw = u32::try_from(index + 1).expect("arena larger than u32::MAX items");
        Handle {
            index: NonZeroU32::new(raw).expect("index + 1 is never zero"),
            marker: PhantomData,
        }
    }

    /// The zero-based position of the item in its arena.
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
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.index.hash(state)
    }
}
impl<T> fmt::Debug for Handle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}]", self.index())
    }
}

/// An append-only store of `T` with one [`Location`] per item.
/// Invariant: `data.len() == locations.len()`.
#[derive(Clone)]
pub struct Arena<T> {
    data: Vec<T>,
    locations: Vec<Location>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena {
            data: Vec::new(),
            locations: Vec::new(),
        }
    }
}

impl<T> Arena<T> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an item and returns its handle.
    pub fn append(&mut self, item: T, location: Location) -> Handle<T> {
        self.data.push(item);
        self.locations.push(location);
        Handle::from_index(self.data.len() - 1)
    }

    pub fn len(&self) -> usize {
        self.data.len()
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The item behind `handle`, or `None` when the handle is out of range (a foreign handle).
    pub fn try_get(&self, handle: Handle<T>) -> Option<&T> {
        self.data.get(handle.index())
    }

    pub fn get_mut(&mut self, handle: Handle<T>) -> &mut T {
        &mut self.data[handle.index()]
    }

    pub fn location(&self, handle: Handle<T>) -> &Location {
        &self.locations[handle.index()]
    }

    pub fn set_location(&mut self, handle: Handle<T>, location: Location) {
        self.locations[handle.index()] = location;
    }

    /// Items with their handles, in creation order.
    pub fn iter(&self) -> impl Iterator<Item = (Handle<T>, &T)> {
        self.data
            .iter()
            .enumerate()
            .map(|(i, item)| (Handle::from_index(i), item))
    }
}

impl<T> std::ops::Index<Handle<T>> for Arena<T> {
    type Output = T;
    fn index(&self, handle: Handle<T>) -> &T {
        &self.data[handle.index()]
    }
}

/// Equality looks at the items only: a parsed module equals the built one it was printed from
/// even though their locations differ.
impl<T: PartialEq> PartialEq for Arena<T> {
    fn eq(&self, other: &Self) -> bool {
        self.data == other.data
    }
}

impl<T: fmt::Debug> fmt::Debug for Arena<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.data.iter().enumerate()).finish()
    }
}
