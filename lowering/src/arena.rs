//! The kernel IR's typed arena: `Arena<T>` owns values, `Handle<T>` (a `NonZeroU32` newtype) names
//! one. It is kiln-spirv-ir's arena (same append-only semantics, `#i` debug form), reused here
//! rather than written a second time. Handles of one arena are meaningless in another; the
//! verifiers check ranges.

pub use kiln_spirv_ir::arena::{Arena, Handle};
