//! Walkers over the statements of a kernel, shared by the passes that read kernels.

use super::syntax::{Block, MatrixMap, Stmt};

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
