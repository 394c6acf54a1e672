//! Walkers over the statements of a kernel, shared by the passes that read kernels.

use super::syntax::{self as k, Block, MatrixMap, Stmt};

/// Visits every statement, outer before inner.
pub fn walk(block: &Block, f: &mut dyn FnMut(&Stmt)) {
    for s in &block.stmts {
        f(s);
        match s {
            Stmt::Parallel { body, .. }
            | Stmt::For { body, .. }
            | Stmt::MatrixMap(MatrixMap { body, .. }) => walk(body, f),
            Stmt::If {
                then_block,
                else_block,
                ..
            } => {
                walk(then_block, f);
                walk(else_block, f);
            }
            _ => {}
        }
    }
}

/// `op` with every value operand replaced through `f`.
pub fn remap(op: &k::Op, f: &mut dyn FnMut(k::Value) -> k::Value) -> k::Op {
    match op {
        k::Op::Constant(_) | k::Op::Builtin { .. } | k::Op::PushConstant(_) => op.clone(),
        k::Op::Unary { op, arg } => k::Op::Unary {
            op: *op,
            arg: f(*arg),
        },
        k::Op::Cast { arg } => k::Op::Cast { arg: f(*arg) },
        k::Op::Bitcast { arg } => k::Op::Bitcast { arg: f(*arg) },
        k::Op::Splat { arg } => k::Op::Splat { arg: f(*arg) },
        k::Op::SubgroupReduce { op, arg } => k::Op::SubgroupReduce {
            op: *op,
            arg: f(*arg),
        },
        k::Op::SubgroupBroadcast { arg, lane } => k::Op::SubgroupBroadcast {
            arg: f(*arg),
            lane: *lane,
        },
        k::Op::WorkgroupReduce { op, arg } => k::Op::WorkgroupReduce {
            op: *op,
            arg: f(*arg),
        },
        k::Op::Binary { op, lhs, rhs } => k::Op::Binary {
            op: *op,
            lhs: f(*lhs),
            rhs: f(*rhs),
        },
        k::Op::Compare { op, lhs, rhs } => k::Op::Compare {
            op: *op,
            lhs: f(*lhs),
            rhs: f(*rhs),
        },
        k::Op::Select {
            cond,
            on_true,
            on_false,
        } => k::Op::Select {
            cond: f(*cond),
            on_true: f(*on_true),
            on_false: f(*on_false),
        },
        k::Op::Load { place, indices } => k::Op::Load {
            place: *place,
            indices: indices.iter().map(|i| f(*i)).collect(),
        },
        k::Op::Extract { vector, lane } => k::Op::Extract {
            vector: f(*vector),
            lane: *lane,
        },
        k::Op::MatrixLoad {
            place,
            offset,
            stride,
        } => k::Op::MatrixLoad {
            place: *place,
            offset: f(*offset),
            stride: f(*stride),
        },
        k::Op::MatrixLoadTensor {
            view,
            batch,
            row0,
            col0,
            in_bounds,
        } => k::Op::MatrixLoadTensor {
            view: *view,
            batch: batch.iter().map(|i| f(*i)).collect(),
            row0: f(*row0),
            col0: f(*col0),
            in_bounds: *in_bounds,
        },
        k::Op::MatrixMulAdd { a, b, c } => k::Op::MatrixMulAdd {
            a: f(*a),
            b: f(*b),
            c: f(*c),
        },
    }
}
