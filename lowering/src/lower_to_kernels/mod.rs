//! `lower-to-kernels`: turns each dispatch region into a kernel of the kernel IR, including the
//! kernel configuration (which strategy, which workgroup size) read from the target.
//!
//! Every value inside a region is computed on the fly at the index where it is needed:
//! `element(value, indices)` loads region inputs through buffer views, evaluates elementwise
//! generics by mapping the indices back to their loop point (the init map) and forward to their
//! operands (the input maps, arbitrary affine expressions), and folds `pad` / `concat` /
//! reshapes into index arithmetic (clamped indices plus a select, so no load is out of bounds).
//!
//! Strategies (the kernel configuration):
//! - elementwise: `parallel untiled` over the output.
//! - reduction, serial: `parallel untiled` over the outputs, sequential loops over the reduction
//!   dimensions accumulating in a Function variable (contractions such as matmul / conv, and
//!   short reductions whose innermost input dimension is not reduced, which keeps loads
//!   coalesced); longer ones take the column strategy of `reduction.rs` (a workgroup per tile of
//!   columns, slices of the reduced range combined in Workgroup memory).
//! - reduction, row strategies (`reduction.rs`): when the combiner is add/mul/min/max and the
//!   innermost input dimension is reduced, a subgroup per row (several rows per workgroup) or a
//!   workgroup per row (`workgroup_reduce`, expanded by distribution), vec4 chunks and 4
//!   accumulators per invocation for static rows; dynamic rows use a strided loop.
//! - matmul-like contractions (see `kernel_config`): workgroup tiles with both operand tiles
//!   promoted to padded Workgroup memory, then either SIMT (a register tile per invocation) or,
//!   for f16 x f16 -> f32 / f16 on a target listing such a cooperative-matrix shape, subgroup
//!   cooperative matrices (MatrixLoad from the staged tiles, MatrixMulAdd into Function-storage
//!   accumulators, MatrixStore to a staged f32 result tile that a guarded fused epilogue reads,
//!   so any M / N / K works, dynamic M included); plain f16 (batch) matmuls with static N and
//!   K and no fused consumer on a target with workgroup-scope matrices
//!   (VK_NV_cooperative_matrix2) take one workgroup-scope accumulator per workgroup fed by
//!   tensor-layout loads straight from the buffers (`matmul.rs`), or, with too few rows for
//!   its tiles to fill the GPU, two kernels: that kernel on slices of K writing partial results
//!   to an intermediate buffer, then their sum with the epilogue (`split_k.rs`); a few rows
//!   take the few-rows kernel (`gemv.rs`), and a dynamic M run-time variants of all these
//!   (`lower_regions`); large plain f32 matmuls on
//!   a target with bf16 workgroup-scope matrices become three kernels: two split the operands
//!   into bf16 planes (intermediate buffers this pass adds to the buffer plan), and the
//!   workgroup-scope kernel sums six bf16 products per step to f32 precision (`split.rs`); on
//!   CPU devices, f32 / i32 contractions take the lanes pipeline (`lanes.rs`).
//! - softmax: the row strategies when the softmax dimension is innermost (static rows held in
//!   registers, or read twice when too long; dynamic rows read three times), else a thread per
//!   row with three serial passes.
//!
//! Reductions start from their init explicitly (`init` evaluated at the output point, combined
//! once with the reduced partials). Not handled: multi-result reductions; unsigned comparisons
//! are treated as signed; softmax epilogues.

use context::*;

mod column;
mod context;
mod gemv;
mod lanes;
mod matmul;
mod reduction;
mod row;
mod simt;
mod softmax_rows;
mod split;
mod split_k;
mod staging;
mod workgroup_matrix;

pub struct LowerToKernels;

impl Pass for LowerToKernels {
    fn name(&self) -> &'static str {
        "lower-to-kernels"
    }
    fn summary(&self) -> &'static str {
        "dispatch regions -> kernel IR (with kernel configuration)"
    }
    fn requires(&self) -> Phase {
        Phase::Bufferized
    }
    fn produces(&self) -> Phase {
        Phase::Kernels
    }
    fn run(&self, unit: &mut CompilationUnit) -> Result<(), CompileError> {
        let partition = unit
            .partition
            .as_ref()
            .ok_or_else(|| CompileError::internal(self.name(), "no partition"))?;
        // Taken out while kernels are lowered (a split matmul adds buffers), put back after.
        let mut plan = unit
            .buffer_plan
            .take()
            .ok_or_else(|| CompileError::internal(self.name(), "no buffer plan"))?;
        let kernels = lower_regions(unit, partition, &mut plan);
        unit.buffer_plan = Some(plan);
        unit.kernels = kernels?;
        Ok(())
    }
}

/// The kernels of `partition`'s regions, in dispatch order (see [`CompilationUnit::kernels`]).
fn lower_regions(
    unit: &CompilationUnit,
    partition: &crate::partition::Partition,
    plan: &mut BufferPlan,
) -> Result<Vec<k::Kernel>, CompileError> {
    let mut kernels = Vec::new();
    for (i, region) in partition.regions.iter().enumerate() {
        let bindings = plan.region_bindings[i].clone();
        // The `kernel-config` pass's plan (computed here for a pipeline without that pass).
        let computed = || region_plan(&unit.function, region, &unit.target);
        let region_plan = match unit.kernel_plans.as_ref().and_then(|plans| plans.get(i)) {
            Some(planned) => {
                debug_assert_eq!(*planned, computed(), "the plan of {}", region.name);
                planned.clone()
            }
            None => computed(),
        };
        let (m, max_m, tile_ranges) = match region_plan {
            // A dynamic M: run-time variants, below.
            KernelPlan::RowVariants {
                m,
                max_m,
                tile_ranges,
            } => (m, max_m, tile_ranges),
            static_plan => {
                let few_rows = match static_plan {
                    KernelPlan::FewRows { rows } => FewRows::Rows(rows),
                    _ => FewRows::Auto,
                };
                kernels.extend(region_kernels(
                    unit,
                    region,
                    &bindings,
                    plan,
                    few_rows,
                    Some(&static_plan),
                )?);
                continue;
            }
        };
        // The few-rows kernel for one row, up to 4 and up to `max_m` rows (8 a workgroup), and the
        // other pipelines for more (one per range of M over which their choices for a static M
        // would be the same, `kernel_config::matmul_m_ranges`, each compiled as for its first
        // rows), chosen at run time.
        let range = |min, max| k::SizeRange {
            value: m.clone(),
            min,
            max,
        };
        let max_rows = GEMV_MAX_ROWS as u32;
        let mut variants = vec![
            (FewRows::Rows(1), range(1, Some(1)), "rows1".to_string()),
            (FewRows::Rows(4), range(2, Some(4)), "rows4".to_string()),
            (
                FewRows::Rows(max_rows),
                range(5, Some(max_m)),
                format!("rows{max_rows}"),
            ),
        ];
        for (lo, hi) in tile_ranges {
            variants.push(match hi {
                Some(hi) => (
                    FewRows::Never(Some((lo, Some(hi)))),
                    range(lo, Some(hi)),
                    format!("m{lo}"),
                ),
                None => (FewRows::Never(None), range(lo, None), "tiled".to_string()),
            });
        }
        // Only one variant runs: the i-th scratch buffer of each (split-K partial results,
        // split planes) shares one allocation with the others' i-th.
        let first_slot = plan
            .buffers
            .iter()
            .filter_map(|b| b.reuse_slot.map(|s| s + 1))
            .max()
            .unwrap_or(0);
        for (few_rows, run_when, suffix) in variants {
            let scratch = plan.buffers.len();
            for mut kernel in region_kernels(unit, region, &bindings, plan, few_rows, None)? {
                kernel.name = format!("{}_{suffix}", kernel.name);
                kernel.run_when = Some(run_when.clone());
                kernels.push(kernel);
            }
            let intermediates = plan.buffers[scratch..]
                .iter_mut()
                .filter(|b| b.kind == crate::program::BufferKind::Intermediate);
            for (slot, buffer) in (first_slot..).zip(intermediates) {
                buffer.reuse_slot = Some(slot);
            }
        }
    }
    Ok(kernels)
}

/// The kernels of one region: one, a split f32 matmul's three or a split-K matmul's two.
/// `planned`: the region's plan (`kernel-config`), `None` for a dynamic M's run-time variant
/// (whose split-K and split choices are made for its range of rows here).
fn region_kernels(
    unit: &CompilationUnit,
    region: &DispatchRegion,
    bindings: &[RegionBinding],
    plan: &mut BufferPlan,
    few_rows: FewRows,
    planned: Option<&KernelPlan>,
) -> Result<Vec<k::Kernel>, CompileError> {
    let split_k = match planned {
        Some(KernelPlan::SplitK(config)) => Some(*config),
        Some(_) => None,
        None => split_k_request(&unit.function, region, &unit.target, few_rows),
    };
    if let Some(config) = split_k {
        let (_, max_rows) = few_rows.variant_rows();
        return split_k::lower_split_k_region(
            &unit.function,
            region,
            bindings,
            plan,
            &unit.target,
            config,
            max_rows,
        );
    }
    let split = match (planned, few_rows) {
        (Some(KernelPlan::SplitBf16 { .. }), _) | (None, FewRows::Auto | FewRows::Never(_)) => {
            split_request(&unit.function, region, &unit.target, few_rows)
        }
        _ => None,
    };
    if let Some(request) = split {
        return split::lower_split_region(
            &unit.function,
            region,
            bindings,
            plan,
            &unit.target,
            request,
        );
    }
    lower_region_with(
        &unit.function,
        region,
        bindings,
        plan,
        &unit.target,
        Strategy::Rows(few_rows),
    )
    .map(|kernel| vec![kernel])
}
