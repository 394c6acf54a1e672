//! Reductions in the kernel IR: the binary op that combines two partial results of a
//! [`k::ReduceOp`] and its identity, shared by the strategies that emit reductions and by
//! `distribute` (which lowers `workgroup_reduce`).

use super::syntax::{self as k, ScalarType};

/// The binary op that combines two partial results of `op`.
pub fn reduce_binary(op: k::ReduceOp) -> k::BinaryOp {
    match op {
        k::ReduceOp::Add => k::BinaryOp::Add,
        k::ReduceOp::Mul => k::BinaryOp::Mul,
        k::ReduceOp::Min => k::BinaryOp::Min,
        k::ReduceOp::Max => k::BinaryOp::Max,
    }
}

/// The identity of a reduction in a scalar type.
pub fn reduce_identity(op: k::ReduceOp, ty: ScalarType) -> f64 {
    let float = matches!(ty, ScalarType::F16 | ScalarType::F32 | ScalarType::F64);
    match (op, float) {
        (k::ReduceOp::Add, _) => 0.0,
        (k::ReduceOp::Mul, _) => 1.0,
        (k::ReduceOp::Max, true) => f64::NEG_INFINITY,
        (k::ReduceOp::Min, true) => f64::INFINITY,
        (k::ReduceOp::Max, false) => match ty {
            ScalarType::I64 => i64::MIN as f64,
            ScalarType::Bool => 0.0,
            _ => i32::MIN as f64,
        },
        (k::ReduceOp::Min, false) => match ty {
            ScalarType::I64 => i64::MAX as f64,
            ScalarType::Bool => 1.0,
            _ => i32::MAX as f64,
        },
    }
}
