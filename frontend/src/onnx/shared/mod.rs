//! The helpers the op families share, above the context (`context.rs`) and below the families:
//! reshapes, contractions, conv windows, reductions, generics, unrolling, quantization and
//! sampling. They import the context (and each other) only.

pub(crate) mod contraction;
pub(crate) mod conv;
pub(crate) mod generics;
pub(crate) mod quantize;
pub(crate) mod reduce;
pub(crate) mod reshape;
pub(crate) mod sampling;
pub(crate) mod unroll;
