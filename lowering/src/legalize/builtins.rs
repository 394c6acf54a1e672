//! Patterns for ids and sizes: kernel builtins (`GlobalInvocationId`, `SubgroupId`, ...) become
//! loads of builtin `Input` variables, push constants loads from the push-constant block, and
//! symbolic sizes (view strides, offsets, shapes) index arithmetic on push constants.

use super::converter::{internal, Converter};
use crate::error::CompileError;
use crate::kernel_ir::walk;
use crate::kernel_ir::{self as k, Stmt};
use crate::size_expr::SizeExpr;
use kiln_spirv_ir::spirv::{self, GlslStd450Op, Op as SpvOp, StorageClass};
use kiln_spirv_ir::{FunctionBuilder, Operand, ValueId};

/// The SPIR-V builtin of a kernel builtin and whether it is a `uvec3`.
pub(super) fn spirv_builtin(b: k::Builtin) -> (spirv::BuiltIn, bool) {
    match b {
        k::Builtin::GlobalInvocationId => (spirv::BuiltIn::GlobalInvocationId, true),
        k::Builtin::WorkgroupId => (spirv::BuiltIn::WorkgroupId, true),
        k::Builtin::LocalInvocationId => (spirv::BuiltIn::LocalInvocationId, true),
        k::Builtin::NumWorkgroups => (spirv::BuiltIn::NumWorkgroups, true),
        k::Builtin::SubgroupLocalInvocationId => (spirv::BuiltIn::SubgroupLocalInvocationId, false),
        k::Builtin::SubgroupId => (spirv::BuiltIn::SubgroupId, false),
        k::Builtin::NumSubgroups => (spirv::BuiltIn::NumSubgroups, false),
        k::Builtin::SubgroupSize => (spirv::BuiltIn::SubgroupSize, false),
    }
}

/// The builtins a kernel reads, in first-use order.
pub(super) fn used_builtins(block: &k::Block) -> Vec<k::Builtin> {
    let mut out = Vec::new();
    walk(block, &mut |s| {
        if let Stmt::Let {
            op: k::Op::Builtin { builtin, .. },
            ..
        } = s
        {
            if !out.contains(builtin) {
                out.push(*builtin);
            }
        }
    });
    out
}

impl Converter<'_> {
    /// `k::Op::Builtin`: one component of a builtin, as an index.
    pub(super) fn builtin(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        builtin: k::Builtin,
        dim: u8,
    ) -> Result<ValueId, CompileError> {
        let var = *self
            .builtins
            .get(&builtin)
            .ok_or_else(|| internal("builtin not declared"))?;
        let ptr = fb.address_of(var);
        let loaded = fb.load(ptr);
        let raw = if builtin.is_vector() {
            let u32_ty = fb.ty_u32();
            fb.op_with(
                SpvOp::CompositeExtract,
                u32_ty,
                vec![Operand::Value(loaded), Operand::Literal(dim as u32)],
            )
        } else {
            loaded
        };
        Ok(self.u32_to_index(fb, raw))
    }

    /// `k::Op::PushConstant`: the kernel's push constant `id`, as an index.
    pub(super) fn kernel_push_constant(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        id: k::PushConstantId,
    ) -> Result<ValueId, CompileError> {
        let expr = self.kernel.push_constants[id.0 as usize].value.clone();
        let position = self
            .push_constants
            .iter()
            .position(|p| p.value == expr)
            .ok_or_else(|| internal("push constant lost"))?;
        self.push_constant(fb, position)
    }

    pub(super) fn push_constant(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        position: usize,
    ) -> Result<ValueId, CompileError> {
        let raw = self.push_constant_word(fb, position)?;
        Ok(self.u32_to_index(fb, raw))
    }

    /// The u32 word at `position` of the push-constant block (a push constant, or half of a
    /// device address).
    pub(super) fn push_constant_word(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        position: usize,
    ) -> Result<ValueId, CompileError> {
        let var = self
            .push_block
            .ok_or_else(|| internal("push constant without a block"))?;
        let base = fb.address_of(var);
        let member = fb.constant_i32(position as i32);
        let u32_ty = fb.ty_u32();
        let ptr_ty = fb.ty_pointer(u32_ty, StorageClass::PushConstant);
        let ptr = fb.access_chain_typed(ptr_ty, base, &[member]);
        Ok(fb.load(ptr))
    }

    pub(super) fn size(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        e: &SizeExpr,
    ) -> Result<ValueId, CompileError> {
        if let Some(&v) = self.sizes.get(e) {
            return Ok(v);
        }
        let t = self.index_ty(fb);
        let v = match e {
            SizeExpr::Const(c) => return Ok(self.index_const(fb, *c)),
            SizeExpr::Symbol(_) => {
                let position = self
                    .push_constants
                    .iter()
                    .position(|p| p.value == *e)
                    .ok_or_else(|| internal(format!("symbol {e} has no push constant")))?;
                self.push_constant(fb, position)?
            }
            SizeExpr::Add(a, b) => {
                let (x, y) = (self.size(fb, a)?, self.size(fb, b)?);
                fb.iadd(t, x, y)
            }
            SizeExpr::Sub(a, b) => {
                let (x, y) = (self.size(fb, a)?, self.size(fb, b)?);
                fb.isub(t, x, y)
            }
            SizeExpr::Mul(a, b) => {
                let (x, y) = (self.size(fb, a)?, self.size(fb, b)?);
                fb.imul(t, x, y)
            }
            SizeExpr::Div(a, b) => {
                let (x, y) = (self.size(fb, a)?, self.size(fb, b)?);
                fb.sdiv(t, x, y)
            }
            SizeExpr::CeilDiv(a, b) => {
                let (x, y) = (self.size(fb, a)?, self.size(fb, b)?);
                let one = self.index_const(fb, 1);
                let ym1 = fb.isub(t, y, one);
                let s = fb.iadd(t, x, ym1);
                fb.sdiv(t, s, y)
            }
            SizeExpr::Min(a, b) => {
                let (x, y) = (self.size(fb, a)?, self.size(fb, b)?);
                fb.glsl(GlslStd450Op::SMin, t, &[x, y])
            }
            SizeExpr::Max(a, b) => {
                let (x, y) = (self.size(fb, a)?, self.size(fb, b)?);
                fb.glsl(GlslStd450Op::SMax, t, &[x, y])
            }
        };
        Ok(v)
    }

    /// Materializes the sizes of views once in the entry block of `fb`'s function, so every
    /// use is dominated.
    pub(super) fn materialize_view_sizes(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
    ) -> Result<(), CompileError> {
        for view in &self.kernel.views {
            for e in view.strides.iter().chain(std::iter::once(&view.offset)) {
                if e.as_const().is_none() && !self.sizes.contains_key(e) {
                    let v = self.size(fb, e)?;
                    self.sizes.insert(e.clone(), v);
                }
            }
        }
        Ok(())
    }
}
