//! The structured control flow every strategy emits through [`Lowering`]: parallel loops,
//! `for` loops, `if`s and matrix maps, each body built in a fresh element-cache scope.

use super::context::*;

impl<'a> Lowering<'a> {
    /// `parallel <marker>` over `shape` (a single unit loop for rank 0); `body` gets the indices.
    pub(super) fn parallel_over(
        &mut self,
        marker: ParallelMarker,
        shape: &[SizeExpr],
        body: impl FnOnce(&mut Self, &[k::Value]) -> Result<(), CompileError>,
    ) -> Result<(), CompileError> {
        let upper: Vec<k::Value> = if shape.is_empty() {
            vec![self.b.index(1)]
        } else {
            shape.iter().map(|s| self.size(s)).collect()
        };
        let rank = shape.len();
        let mut result = Ok(());
        let mut builder = std::mem::replace(&mut self.b, KernelBuilder::new(""));
        builder.parallel(marker, upper, |b, ivs| {
            std::mem::swap(&mut self.b, b);
            self.push_scope();
            result = body(self, &ivs[..rank]);
            self.pop_scope();
            std::mem::swap(&mut self.b, b);
        });
        self.b = builder;
        result
    }

    /// A [`k::MatrixMap`] of `matrix` whose body `body` builds (in a scope of its own) from the
    /// row, column and element values, returning the new element.
    pub(super) fn matrix_map(
        &mut self,
        matrix: k::Value,
        body: impl FnOnce(&mut Self, [k::Value; 3]) -> Result<k::Value, CompileError>,
    ) -> Result<k::Value, CompileError> {
        let mut result = Ok(());
        let mut builder = std::mem::replace(&mut self.b, KernelBuilder::new(""));
        let mapped = builder.matrix_map(matrix, |b, params| {
            std::mem::swap(&mut self.b, b);
            self.push_scope();
            let yielded = body(self, params);
            self.pop_scope();
            std::mem::swap(&mut self.b, b);
            yielded.unwrap_or_else(|e| {
                result = Err(e);
                params[2]
            })
        });
        self.b = builder;
        result.map(|()| mapped)
    }

    pub(super) fn for_loop(
        &mut self,
        lower: k::Value,
        upper: k::Value,
        step: k::Value,
        body: impl FnOnce(&mut Self, k::Value) -> Result<(), CompileError>,
    ) -> Result<(), CompileError> {
        let mut result = Ok(());
        let mut builder = std::mem::replace(&mut self.b, KernelBuilder::new(""));
        builder.for_loop(lower, upper, step, |b, iv| {
            std::mem::swap(&mut self.b, b);
            self.push_scope();
            result = body(self, iv);
            self.pop_scope();
            std::mem::swap(&mut self.b, b);
        });
        self.b = builder;
        result
    }

    pub(super) fn if_then(
        &mut self,
        cond: k::Value,
        body: impl FnOnce(&mut Self) -> Result<(), CompileError>,
    ) -> Result<(), CompileError> {
        self.if_then_else(cond, body, |_| Ok(()))
    }

    pub(super) fn if_then_else(
        &mut self,
        cond: k::Value,
        then_body: impl FnOnce(&mut Self) -> Result<(), CompileError>,
        else_body: impl FnOnce(&mut Self) -> Result<(), CompileError>,
    ) -> Result<(), CompileError> {
        let then_block = self.capture_block(then_body)?;
        let else_block = self.capture_block(else_body)?;
        self.b.push_stmt(k::Stmt::If {
            cond,
            then_block,
            else_block,
        });
        Ok(())
    }

    /// Runs `body` in a fresh block and scope and returns what it emitted, without appending it.
    pub(super) fn capture_block(
        &mut self,
        body: impl FnOnce(&mut Self) -> Result<(), CompileError>,
    ) -> Result<k::Block, CompileError> {
        let mut result = Ok(());
        let mut builder = std::mem::replace(&mut self.b, KernelBuilder::new(""));
        let block = builder.capture(|b| {
            std::mem::swap(&mut self.b, b);
            self.push_scope();
            result = body(self);
            self.pop_scope();
            std::mem::swap(&mut self.b, b);
        });
        self.b = builder;
        result.map(|()| block)
    }
}
