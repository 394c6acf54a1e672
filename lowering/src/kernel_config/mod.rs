//! Kernel configuration for contractions: from a matmul-like `linalg.generic` and the target
//! env to a tile configuration, computed from live limits (max invocations, shared memory,
//! subgroup size) rather than per-vendor tables. Tested apart from the mechanics (config
//! goldens per preset); `lower-to-kernels` reads the result.
//!
//! Matmul-like (an implicit GEMM): two tensor inputs, reduction dims `k` read by both, row dims
//! `m` read by the first input only, column dims `n` read by the second only, batch dims read
//! by both and by the output. Matmul, batch matmul and convolutions (NHWC / NCHW / grouped; the
//! input's window map is evaluated per element) qualify; depthwise convolutions (no column
//! dim) and pooling keep the serial strategy (on CPU devices the unrolled-window one,
//! `unrolled.rs`, where their window is small).

pub mod attention;
pub mod contraction;
mod coopmat;
pub mod kernel;
mod lanes;
pub mod matmul_pipeline;
pub mod plan;
pub mod region;
mod simt;
mod split_k;
pub mod split_reduction;
pub mod strategy;
pub mod tiles;
pub mod unrolled;
mod workgroup_matrix;

pub use contraction::*;
pub use coopmat::*;
pub use lanes::*;
pub use matmul_pipeline::*;
pub use simt::*;
pub use split_k::*;
pub use strategy::*;
pub use tiles::*;
pub use unrolled::*;
pub use workgroup_matrix::*;
