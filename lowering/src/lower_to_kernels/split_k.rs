//! Split-K for the workgroup-scope and SIMT kernels (`kernel_config::SplitKConfig`).
//!
//! A plain f16 matmul with few rows (a linear layer on a batch of 33-448 rows of 4096 x 4096)
//! gives the workgroup-scope kernel fewer tiles than the GPU has room for: 128 rows of 64 x 64
//! tiles are 128 workgroups, each walking all of K (and an f32 one the SIMT kernel: BERT-base
//! at batch 1, 128 rows of 768 x 768, 96 workgroups of 32 x 32). Split-K makes two kernels of
//! the region:
//!
//! - `_slices`: the workgroup-scope kernel (`workgroup_matrix.rs`) or the SIMT one
//!   (`simt.rs`) on a grid of `slices x tiles`; slice
//!   `s` sums its `K / slices` part of K from zero and stores its tile to `[s, rows, n]` of a
//!   scratch buffer of partial results (the accumulator's type; no epilogue);
//! - `_sum`: one invocation per result element adds the matmul's init and the slices' partial
//!   results in f32 (in slice order: the same result on every run) and runs the region's fused
//!   epilogue on the sum, as the element-wise strategy does.
//!
//! The scratch buffer (`slices x M x N` accumulator elements) is an intermediate of the plan.
//! For a dynamic M's run-time variant (`lower_regions`), its size is bounded by the variant's
//! last row count, and the variants of one region share an allocation (only one runs).

use super::context::*;
use super::simt::SimtSlices;
use super::workgroup_matrix::TensorOperands;
use crate::buffer_plan::RegionBinding;
use crate::kernel_config::SplitKConfig;

/// Lowers a split-K region: the slices' kernel, writing `partials` (allocated by bufferize),
/// and the sum's.
pub(super) fn lower_split_k_region(
    f: &Function,
    region: &DispatchRegion,
    bindings: &[RegionBinding],
    plan: &BufferPlan,
    target: &LoweringTarget,
    config: SplitKConfig,
    partials: u32,
) -> Result<Vec<k::Kernel>, CompileError> {
    let slices = SplitK {
        config,
        partials,
        kernel: SplitKKernel::Slices,
    };
    // The slices read the operands (and what their fused producers read).
    let operands = operand_inputs(f, region);
    let slice_bindings: Vec<RegionBinding> = bindings
        .iter()
        .filter(|b| operands.contains(&b.value))
        .cloned()
        .collect();
    let mut kernel = lower_region_with(
        f,
        region,
        &slice_bindings,
        plan,
        target,
        Strategy::SplitK(slices),
    )?;
    name_slices_kernel(&mut kernel, plan, slices);
    let sum = sum_kernel(f, region, bindings, plan, target, slices)?;
    Ok(vec![kernel, sum])
}

/// Names the slices' kernel of a split-K region (f16 or split bf16) and counts its writes of
/// the partial results.
pub(super) fn name_slices_kernel(kernel: &mut k::Kernel, plan: &BufferPlan, slices: SplitK) {
    kernel.name = format!("{}_slices", kernel.name);
    let partials = &plan.buffers[slices.partials as usize];
    kernel.bytes = kernel.bytes.clone().add(partials.size_bytes.clone());
}

/// The ops of `region` that compute its root's two operands (fused producers, the root
/// excluded).
fn operand_producers(f: &Function, region: &DispatchRegion) -> HashSet<OpId> {
    let mut producers = HashSet::new();
    let mut work: Vec<ValueId> = f.ops[region.root]
        .operands
        .iter()
        .take(2)
        .copied()
        .collect();
    while let Some(v) = work.pop() {
        if let Some(op) = f.defining_op(v).filter(|op| region.ops.contains(op)) {
            if producers.insert(op) {
                work.extend(f.ops[op].operands.iter().copied());
            }
        }
    }
    producers
}

/// The region inputs that the root's two operands are computed from: the operands
/// themselves, or what their fused producers read.
fn operand_inputs(f: &Function, region: &DispatchRegion) -> HashSet<ValueId> {
    let producers = operand_producers(f, region);
    let root = &f.ops[region.root];
    let read = producers
        .iter()
        .flat_map(|&op| f.ops[op].operands.iter())
        .chain(root.operands.iter().take(2));
    read.filter(|v| region.inputs.contains(v))
        .copied()
        .collect()
}

/// Whether the fused consumers in `region` (its ops other than the root and the root
/// operands' producers) read `v`, directly or through producers they read too (a residual
/// add of the value a fused reshape gives the matmul).
pub(super) fn epilogue_reads(f: &Function, region: &DispatchRegion, v: ValueId) -> bool {
    let producers = operand_producers(f, region);
    let mut work: Vec<ValueId> = region
        .ops
        .iter()
        .filter(|&&o| o != region.root && !producers.contains(&o))
        .flat_map(|&o| f.ops[o].operands.iter().copied())
        .collect();
    let mut seen = HashSet::new();
    while let Some(x) = work.pop() {
        if x == v {
            return true;
        }
        if let Some(op) = f.defining_op(x).filter(|op| producers.contains(op)) {
            if seen.insert(op) {
                work.extend(f.ops[op].operands.iter().copied());
            }
        }
    }
    false
}

/// The `_sum` kernel of a split-K region whose slices' kernel is `slices` (its bindings: what
/// the epilogue reads, and the result).
pub(super) fn sum_kernel(
    f: &Function,
    region: &DispatchRegion,
    bindings: &[RegionBinding],
    plan: &BufferPlan,
    target: &LoweringTarget,
    slices: SplitK,
) -> Result<k::Kernel, CompileError> {
    let operands = operand_inputs(f, region);
    let bindings: Vec<RegionBinding> = bindings
        .iter()
        .filter(|b| !operands.contains(&b.value) || epilogue_reads(f, region, b.value))
        .cloned()
        .collect();
    let sum = SplitK {
        kernel: SplitKKernel::Sum,
        ..slices
    };
    let mut kernel = lower_region_with(f, region, &bindings, plan, target, Strategy::SplitK(sum))?;
    kernel.name = format!("{}_sum", kernel.name);
    let partial = &plan.buffers[slices.partials as usize];
    kernel.bytes = kernel.bytes.add(partial.size_bytes.clone());
    kernel.flops = partial
        .size_bytes
        .clone()
        .div(SizeExpr::Const(i64::from(partial.storage.size_bytes())));
    Ok(kernel)
}

impl<'a> Lowering<'a> {
    /// A workgroup-scope kernel's accumulator: zeros for a split-K slice (the sum adds the
    /// init once), else the matmul's init; and where the workgroup's part of K starts (`None`:
    /// all of K).
    pub(super) fn slice_accumulator(
        &mut self,
        gemm: &super::staging::Gemm<'_>,
        acc_type: k::MatrixType,
        slice: Option<k::Value>,
        slice_k: i64,
    ) -> Result<(k::AllocationId, Option<k::Value>), CompileError> {
        let acc = match slice {
            Some(_) => self.zeroed_accumulator(acc_type),
            None => self.filled_accumulator(gemm.op, gemm.g, acc_type)?,
        };
        let start = slice.map(|s| {
            let size = self.b.index(slice_k);
            self.b.binary(k::BinaryOp::Mul, s, size)
        });
        Ok((acc, start))
    }

    /// K index `offset` into a workgroup's part of K starting at `start` (or into all of K).
    pub(super) fn k_at(&mut self, start: Option<k::Value>, offset: i64) -> k::Value {
        let offset = self.b.index(offset);
        match start {
            Some(start) => self.b.binary(k::BinaryOp::Add, start, offset),
            None => offset,
        }
    }

    /// The view of a split-K region's partial results for kernel `split_k.kernel`: for the
    /// slices, `[slices, rows, n]` (the result's row dims collapsed, as the operand views of
    /// the workgroup-scope kernels); for the sum, `[slices, ..result dims]`.
    pub(super) fn partials_view(
        &mut self,
        result: ValueId,
        split_k: SplitK,
    ) -> Result<k::ViewId, CompileError> {
        let storage = storage_scalar(partial_storage(self.f.values[result].ty.dtype()));
        let next = self.b.kernel.bindings.iter().map(|b| b.binding + 1).max();
        let binding = self.b.add_binding(k::BufferBinding {
            set: 0,
            binding: next.unwrap_or(0),
            access: match split_k.kernel {
                SplitKKernel::Slices => k::Access::WriteOnly,
                SplitKKernel::Sum => k::Access::ReadOnly,
            },
            element: storage,
            buffer: split_k.partials,
            name: "partials".to_string(),
            by_address: false,
        });
        let shape = self.tensor_shape(result);
        let (rows, n) = shape.split_at(shape.len() - 1);
        let slices = SizeExpr::Const(i64::from(split_k.config.slices));
        let shape: Vec<SizeExpr> = match split_k.kernel {
            SplitKKernel::Slices => vec![slices, SizeExpr::product(rows), n[0].clone()],
            SplitKKernel::Sum => std::iter::once(slices).chain(shape).collect(),
        };
        let mut strides = vec![SizeExpr::Const(1); shape.len()];
        for d in (0..shape.len() - 1).rev() {
            strides[d] = strides[d + 1].clone().mul(shape[d + 1].clone());
        }
        Ok(self.b.add_view(k::BufferView {
            binding,
            offset: SizeExpr::Const(0),
            shape,
            strides,
        }))
    }

    /// The kernel `split_k.kernel` of a split-K matmul region (see the module docs).
    pub(super) fn split_k_matmul(
        &mut self,
        region: &DispatchRegion,
        gemm: &super::staging::Gemm<'_>,
        split_k: SplitK,
    ) -> Result<(), CompileError> {
        let (op, dims) = (gemm.op, gemm.dims);
        let result = op.results[0];
        let slices = split_k.config.slices;
        let view = self.partials_view(result, split_k)?;
        match split_k.kernel {
            SplitKKernel::Slices => {
                let tiles = match split_k.config.tiles {
                    SplitKTiles::WorkgroupMatrix(tiles) => tiles,
                    SplitKTiles::Simt(c) => {
                        let combiner = recognize_combiner(&gemm.g.body, gemm.g.num_inputs as u32)
                            .ok_or_else(|| {
                            internal("SIMT split-K of a body without a combiner")
                        })?;
                        let split = SimtSlices { slices, out: view };
                        return self.simt_matmul(region, gemm, c, combiner, Some(split));
                    }
                };
                let operand = |this: &Self, arg: usize| {
                    this.tensor_view(op.operands[arg], dims, arg == 0)
                        .ok_or_else(|| internal("split-K operand without a row-major buffer"))
                };
                let (lhs, rhs) = (operand(self, 0)?, operand(self, 1)?);
                let lhs = lhs.unwrap_or_else(|new| self.b.add_view(new));
                let rhs = rhs.unwrap_or_else(|new| self.b.add_view(new));
                let views = TensorOperands {
                    lhs,
                    rhs,
                    out: view,
                };
                // (Split-K's slices, at least 2, are not staggered.)
                self.tensor_matmul(region, gemm, tiles, None, views, slices)
            }
            SplitKKernel::Sum => {
                let (partials, shape) = (view, self.tensor_shape(result));
                let binding = self.b.kernel.views[partials.0 as usize].binding;
                let storage = self.b.kernel.bindings[binding.0 as usize].element;
                let result_ty = self.compute_type(self.f.values[result].ty.dtype())?;
                let init = op.operands[gemm.g.num_inputs];
                self.parallel_over(ParallelMarker::Untiled, &shape, |this, point| {
                    let init = this.element(init, point)?;
                    let mut sum = this.b.cast(init, ScalarType::F32);
                    for s in 0..slices {
                        let mut at = vec![this.b.index(i64::from(s))];
                        at.extend_from_slice(point);
                        let x = this
                            .b
                            .load(Type::Scalar(storage), Place::View(partials), at);
                        let x = this.b.cast(x, ScalarType::F32);
                        sum = this.b.binary(k::BinaryOp::Add, sum, x);
                    }
                    let sum = this.b.cast(sum, result_ty);
                    this.substitutions.insert((result, point.to_vec()), sum);
                    this.store_outputs(region, point)?;
                    this.substitutions.remove(&(result, point.to_vec()));
                    Ok(())
                })
            }
        }
    }
}
