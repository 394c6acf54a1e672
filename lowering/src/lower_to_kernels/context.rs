//! The kernel-building context every strategy of `lower-to-kernels` shares ([`Lowering`]): its
//! state, sizes and affine indices as kernel values, and the region driver
//! (`lower_region_with`). Element evaluation and output stores are in `element.rs`, the
//! structured control flow in `control.rs`.

pub(super) use super::math_functions::{asin_or_acos, erf, unsigned_extreme};
pub(super) use crate::buffer_plan::{
    dim_expr, partial_storage, value_shape, BufferPlan, RegionBinding, Scratch,
};
pub(super) use crate::error::CompileError;
pub(super) use crate::kernel_config::plan::KernelPlan;
pub(super) use crate::kernel_config::region::*;
pub(super) use crate::kernel_config::strategy::*;
pub(super) use crate::kernel_config::{
    MatmulPipeline, SplitKConfig, SplitKTiles, SplitMatrixConfig,
};
pub(super) use crate::kernel_ir::{
    self as k, KernelBuilder, ParallelMarker, Place, ScalarType, Type,
};
pub(super) use crate::kernel_ir::{reduce_binary, reduce_identity};
pub(super) use crate::partition::{body_arguments_used, DispatchRegion, RegionKind};
pub(super) use crate::pass::{CompilationUnit, Pass, Phase};
pub(super) use crate::size_expr::SizeExpr;
pub(super) use crate::structured::*;
pub(super) use crate::target::{storage_scalar, LoweringTarget};
pub(super) use kiln_frontend::*;
pub(super) use std::collections::{HashMap, HashSet};

pub(super) struct Lowering<'a> {
    pub(super) f: &'a Function,
    pub(super) in_region: HashSet<OpId>,
    pub(super) target: &'a LoweringTarget,
    pub(super) b: KernelBuilder,
    /// External tensor -> its view.
    pub(super) views: HashMap<ValueId, k::ViewId>,
    /// Element caches, one map per open block (innermost last).
    pub(super) scopes: Vec<HashMap<(ValueId, Vec<k::Value>), k::Value>>,
    pub(super) size_cache: Vec<HashMap<SizeExpr, k::Value>>,
    /// Values fixed by the strategy (a reduction root's result at the output point).
    pub(super) substitutions: HashMap<(ValueId, Vec<k::Value>), k::Value>,
    pub(super) op_name: &'static str,
    pub(super) strategy: Strategy,
    /// A row chain's per-row values at the row being computed (`row_chain.rs`): every read of
    /// one in the kernel is at that row, whatever its indices.
    pub(super) row_values: HashMap<ValueId, k::Value>,
    /// Where set (the unrolled-window reduction's straight-line body), the index constants of
    /// affine expressions already emitted, so equal indices are equal values and the element
    /// cache loads each element once.
    pub(super) affine_constants: Option<HashMap<i64, k::Value>>,
    /// A reshape's operand indices at result indices the kernel computed from them (a
    /// re-indexed epilogue's forward map, `reindex.rs`), used instead of recomputing them.
    pub(super) reindexed: HashMap<(OpId, Vec<k::Value>), Vec<k::Value>>,
}

impl<'a> Lowering<'a> {
    pub(super) fn new(
        f: &'a Function,
        in_region: HashSet<OpId>,
        name: &str,
        target: &'a LoweringTarget,
        op_name: &'static str,
        strategy: Strategy,
    ) -> Self {
        Lowering {
            f,
            in_region,
            target,
            b: KernelBuilder::new(name),
            views: HashMap::new(),
            scopes: vec![HashMap::new()],
            size_cache: vec![HashMap::new()],
            substitutions: HashMap::new(),
            op_name,
            strategy,
            row_values: HashMap::new(),
            affine_constants: None,
            reindexed: HashMap::new(),
        }
    }
}

impl<'a> Lowering<'a> {
    pub(super) fn compute_type(&self, dtype: DType) -> Result<ScalarType, CompileError> {
        self.target
            .compute_type(dtype)
            .map_err(|m| CompileError::TargetLacks {
                op: self.op_name.to_string(),
                target: self.target.env.name.clone(),
                missing: m,
            })
    }

    pub(super) fn push_scope(&mut self) {
        self.scopes.push(HashMap::new());
        self.size_cache.push(HashMap::new());
    }
    pub(super) fn pop_scope(&mut self) {
        self.scopes.pop();
        self.size_cache.pop();
    }

    /// Materializes a size expression as an index value (constants inline, symbols as push
    /// constants).
    pub(super) fn size(&mut self, e: &SizeExpr) -> k::Value {
        for scope in self.size_cache.iter().rev() {
            if let Some(&v) = scope.get(e) {
                return v;
            }
        }
        let v = match e {
            SizeExpr::Const(c) => self.b.index(*c),
            SizeExpr::Symbol(s) => {
                let pc = self.b.push_constant(s, e.clone());
                self.b
                    .let_named(Type::Scalar(ScalarType::Index), s, k::Op::PushConstant(pc))
            }
            SizeExpr::Add(x, y) => self.size_binary(k::BinaryOp::Add, x, y),
            SizeExpr::Sub(x, y) => self.size_binary(k::BinaryOp::Sub, x, y),
            SizeExpr::Mul(x, y) => self.size_binary(k::BinaryOp::Mul, x, y),
            SizeExpr::Div(x, y) => self.size_binary(k::BinaryOp::Div, x, y),
            SizeExpr::Min(x, y) => self.size_binary(k::BinaryOp::Min, x, y),
            SizeExpr::Max(x, y) => self.size_binary(k::BinaryOp::Max, x, y),
            SizeExpr::CeilDiv(x, y) => {
                let (xv, yv) = (self.size(x), self.size(y));
                let one = self.b.index(1);
                let ym1 = self.b.binary(k::BinaryOp::Sub, yv, one);
                let s = self.b.binary(k::BinaryOp::Add, xv, ym1);
                self.b.binary(k::BinaryOp::Div, s, yv)
            }
        };
        self.size_cache
            .last_mut()
            .expect("scope")
            .insert(e.clone(), v);
        v
    }
    pub(super) fn size_binary(&mut self, op: k::BinaryOp, x: &SizeExpr, y: &SizeExpr) -> k::Value {
        let (xv, yv) = (self.size(x), self.size(y));
        self.b.binary(op, xv, yv)
    }

    pub(super) fn tensor_shape(&self, v: ValueId) -> Vec<SizeExpr> {
        self.f.values[v]
            .ty
            .as_tensor()
            .map(|t| t.shape.iter().map(dim_expr).collect())
            .unwrap_or_default()
    }

    /// An affine expression of loop values.
    pub(super) fn affine(
        &mut self,
        e: &AffineExpr,
        point: &[k::Value],
    ) -> Result<k::Value, CompileError> {
        Ok(match e {
            AffineExpr::Dim(d) => *point
                .get(*d)
                .ok_or_else(|| internal(format!("affine dim d{d} out of range")))?,
            AffineExpr::Constant(c) => match self.affine_constants.as_ref().map(|m| m.get(c)) {
                Some(Some(&v)) => v,
                Some(None) => {
                    let v = self.b.index(*c);
                    if let Some(m) = self.affine_constants.as_mut() {
                        m.insert(*c, v);
                    }
                    v
                }
                None => self.b.index(*c),
            },
            AffineExpr::Symbol(_) => {
                return Err(CompileError::unsupported(
                    self.op_name,
                    "indexing map",
                    "affine symbols",
                ))
            }
            AffineExpr::Add(x, y) => {
                let (a, b) = (self.affine(x, point)?, self.affine(y, point)?);
                self.b.binary(k::BinaryOp::Add, a, b)
            }
            AffineExpr::Mul(x, y) => {
                let (a, b) = (self.affine(x, point)?, self.affine(y, point)?);
                self.b.binary(k::BinaryOp::Mul, a, b)
            }
            AffineExpr::FloorDiv(x, y) => {
                // Indices are non-negative here, so truncating division is floor division.
                let (a, b) = (self.affine(x, point)?, self.affine(y, point)?);
                self.b.binary(k::BinaryOp::Div, a, b)
            }
            AffineExpr::CeilDiv(x, y) => {
                let (a, b) = (self.affine(x, point)?, self.affine(y, point)?);
                let one = self.b.index(1);
                let bm1 = self.b.binary(k::BinaryOp::Sub, b, one);
                let s = self.b.binary(k::BinaryOp::Add, a, bm1);
                self.b.binary(k::BinaryOp::Div, s, b)
            }
            AffineExpr::Mod(x, y) => {
                let (a, b) = (self.affine(x, point)?, self.affine(y, point)?);
                self.b.binary(k::BinaryOp::Rem, a, b)
            }
        })
    }

    /// A tiling that the target cannot hold, for this kernel.
    pub(super) fn limit_exceeded(&self, detail: String) -> CompileError {
        CompileError::LimitExceeded {
            kernel: self.b.kernel.name.clone(),
            target: self.target.env.name.clone(),
            detail,
        }
    }

    pub(super) fn elementwise(&mut self, region: &DispatchRegion) -> Result<(), CompileError> {
        let shape = self.tensor_shape(region.outputs[0]);
        self.parallel_over(ParallelMarker::Untiled, &shape, |this, ivs| {
            this.store_outputs(region, ivs)
        })
    }
}

/// How a region's kernel is lowered, where the region-level choices fix it.
#[derive(Clone, Copy, Debug)]
pub(super) enum Strategy {
    /// The kernel of a `KernelPlan::Single`, by its strategy.
    Kernel(KernelStrategy),
    /// The matmul of a split f32 region, on its operands' bf16 planes (`split.rs`).
    Planes(SplitPlanes),
    /// A kernel of a split-K region (`split_k.rs`).
    SplitK(SplitK),
}

pub(super) fn internal(message: impl Into<String>) -> CompileError {
    CompileError::internal("lower-to-kernels", message)
}

pub(super) type ReductionBody<'b, 'a> =
    dyn FnMut(&mut Lowering<'a>, &[k::Value]) -> Result<(), CompileError> + 'b;

/// [`lower_region`], with the strategy the region-level choices fixed.
pub(super) fn lower_region_with(
    f: &Function,
    region: &DispatchRegion,
    bindings: &[RegionBinding],
    plan: &BufferPlan,
    target: &LoweringTarget,
    strategy: Strategy,
) -> Result<k::Kernel, CompileError> {
    let mut lowering = Lowering::new(
        f,
        region.ops.iter().copied().collect(),
        &region.name,
        target,
        f.ops[region.root].kind.name(),
        strategy,
    );
    for rb in bindings {
        let buffer = &plan.buffers[rb.buffer as usize];
        let binding = lowering.b.add_binding(k::BufferBinding {
            set: rb.set,
            binding: rb.binding,
            access: rb.access,
            element: storage_scalar(buffer.storage),
            buffer: rb.buffer,
            name: buffer.name.clone(),
            by_address: target
                .binds_by_address(&buffer.name, &buffer.size_bytes)
                .map_err(|reason| CompileError::unsupported(&region.name, "buffer size", reason))?,
        });
        let view = lowering.b.add_view(plan.view_of(f, rb.value, binding)?);
        lowering.views.insert(rb.value, view);
    }
    match region.kind {
        RegionKind::Elementwise => lowering.elementwise(region)?,
        RegionKind::Reduction => lowering.reduction(region)?,
        RegionKind::Softmax => lowering.softmax(region)?,
        RegionKind::RowChain => lowering.row_chain(region)?,
        RegionKind::Attention => lowering.attention(region)?,
    }
    let mut kernel = lowering.b.finish();
    // Work estimates: bytes of all bindings; flops ~ one per output element (refined per kind).
    let mut bytes = SizeExpr::Const(0);
    for rb in bindings {
        let buffer = &plan.buffers[rb.buffer as usize];
        bytes = bytes.add(match plan.views.get(&rb.value) {
            Some(_) => SizeExpr::product(&value_shape(f, rb.value))
                .mul(SizeExpr::Const(buffer.storage.size_bytes() as i64)),
            None => buffer.size_bytes.clone(),
        });
    }
    kernel.bytes = bytes;
    kernel.flops = estimate_flops(f, region);
    Ok(kernel)
}

pub(super) fn estimate_flops(f: &Function, region: &DispatchRegion) -> SizeExpr {
    let mut total = SizeExpr::Const(0);
    for &op in &region.ops {
        if let OpKind::Generic(g) = &f.ops[op].kind {
            let sizes = loop_sizes(f, &f.ops[op], g).unwrap_or_default();
            // Arithmetic only: constants and conversions (the `extf`s of an f16-in / f32-acc
            // matmul) are not floating-point work.
            let per_point = g
                .body
                .instructions
                .iter()
                .filter(|i| {
                    !matches!(
                        i.op,
                        ScalarOp::Constant(_)
                            | ScalarOp::ExtF
                            | ScalarOp::TruncF
                            | ScalarOp::SIToFP
                            | ScalarOp::UIToFP
                            | ScalarOp::FPToSI
                            | ScalarOp::FPToUI
                            | ScalarOp::ExtSI
                            | ScalarOp::ExtUI
                            | ScalarOp::TruncI
                    )
                })
                .count()
                .max(1) as i64;
            total = total.add(SizeExpr::product(&sizes).mul(SizeExpr::Const(per_point)));
        }
    }
    total
}

/// The kernel of a split-K region being lowered, and its scratch buffer.
#[derive(Clone, Copy, Debug)]
pub(super) struct SplitK {
    pub config: SplitKConfig,
    /// The buffer id of the partial results.
    pub partials: u32,
    pub kernel: SplitKKernel,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SplitKKernel {
    /// The workgroup-scope matmul of the slices.
    Slices,
    /// The sum of the slices and the epilogue.
    Sum,
}

/// The plane buffers of a split matmul (buffer ids, lhs then rhs) and its tiling; with
/// split-K, the matmul is the slices' kernel (`split_k.rs`).
#[derive(Clone, Copy, Debug)]
pub(super) struct SplitPlanes {
    pub buffers: [u32; 2],
    pub config: SplitMatrixConfig,
    pub split_k: Option<SplitK>,
}
