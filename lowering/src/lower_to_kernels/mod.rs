//! `lower-to-kernels`: turns each dispatch region into a kernel of the kernel IR (or the few
//! kernels its plan says: split-K, split bf16, run-time variants of a dynamic M), as the
//! region's `kernel-config` plan says, with the scratch buffers bufferize allocated for it.
//! Every decision comes from the plan, down to each kernel's strategy and its configuration
//! (`kernel_config::strategy::KernelStrategy`); this module is the mechanics (one strategy a
//! file, all sharing `context.rs`) and decides nothing: a planned strategy that does not fit
//! the region is an internal error. The one thing found out here is whether the fused element
//! code of a row strategy vectorizes (vec4 chunks): the plan holds the configuration of both
//! chunk widths.
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
//!   coalesced); on CPU devices a small static window is unrolled instead, several
//!   consecutive outputs an invocation (`unrolled.rs`); longer ones take the column strategy
//!   of `reduction.rs` (a workgroup per tile of
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
//!   into bf16 planes (intermediate buffers bufferize allocates from the kernel plan), and the
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

mod attention;
mod attention_matrix;
mod column;
mod context;
mod control;
mod element;
mod gemv;
mod lanes;
mod math_functions;
mod matmul;
mod reduction;
mod reindex;
mod row;
mod row_chain;
mod simt;
mod softmax_rows;
mod split;
mod split_k;
mod staging;
mod unrolled;
mod unsigned;
mod workgroup_matrix;

pub struct LowerToKernels;

impl Pass for LowerToKernels {
    fn name(&self) -> &'static str {
        "lower-to-kernels"
    }
    fn summary(&self) -> &'static str {
        "dispatch regions -> kernel IR, as the kernel plans say"
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
        let plan = unit
            .buffer_plan
            .as_ref()
            .ok_or_else(|| CompileError::internal(self.name(), "no buffer plan"))?;
        let plans = unit
            .kernel_plans
            .as_ref()
            .ok_or_else(|| CompileError::internal(self.name(), "no kernel plans"))?;
        unit.kernels = lower_regions(unit, partition, plans, plan)?;
        Ok(())
    }
}

/// The kernels of `partition`'s regions, in dispatch order (see [`CompilationUnit::kernels`]),
/// as their kernel plans say; a dynamic M's run-time variants are named after their range.
fn lower_regions(
    unit: &CompilationUnit,
    partition: &crate::partition::Partition,
    plans: &[KernelPlan],
    plan: &BufferPlan,
) -> Result<Vec<k::Kernel>, CompileError> {
    let mut kernels = Vec::new();
    for (i, region) in partition.regions.iter().enumerate() {
        let bindings = &plan.region_bindings[i];
        let scratch = |variant: usize| {
            plan.scratch
                .get(i)
                .and_then(|s| s.get(variant))
                .ok_or_else(|| internal(format!("{}: no scratch record", region.name)))
        };
        let kernel_plan = plans
            .get(i)
            .ok_or_else(|| internal(format!("{}: no kernel plan", region.name)))?;
        let origin = unit.function.ops.location(region.root);
        let located = |e: CompileError| e.at("lower-to-kernels", origin);
        let sources = region_sources(unit, region);
        let first = kernels.len();
        let KernelPlan::RowVariants { m, variants } = kernel_plan else {
            let lowered = region_kernels(unit, region, bindings, plan, kernel_plan, scratch(0)?);
            kernels.extend(lowered.map_err(located)?);
            for kernel in &mut kernels[first..] {
                kernel.origin = origin.clone();
                kernel.sources = sources.clone();
            }
            continue;
        };
        for (j, variant) in variants.iter().enumerate() {
            let run_when = k::SizeRange {
                value: m.clone(),
                min: variant.min,
                max: variant.max,
            };
            for mut kernel in
                region_kernels(unit, region, bindings, plan, &variant.plan, scratch(j)?)
                    .map_err(located)?
            {
                kernel.name = format!("{}_{}", kernel.name, variant.suffix);
                kernel.run_when = Some(run_when.clone());
                kernel.origin = origin.clone();
                kernel.sources = sources.clone();
                kernels.push(kernel);
            }
        }
    }
    Ok(kernels)
}

/// Where `region`'s work came from (see [`k::Kernel::sources`]): its root's location (fused
/// where a rewrite merged several nodes into the root; unknown for an op a pass made), then
/// the distinct other known locations of its ops in body order; none where none is known.
fn region_sources(unit: &CompilationUnit, region: &DispatchRegion) -> Vec<kiln_frontend::Location> {
    let root = unit.function.ops.location(region.root);
    let others = region
        .ops
        .iter()
        .map(|&op| unit.function.ops.location(op))
        .flat_map(|location| location.parts())
        .filter(|part| !root.parts().contains(part))
        .cloned();
    let others = kiln_frontend::Location::fused(others);
    if *root == kiln_frontend::Location::Unknown && others.parts().is_empty() {
        return Vec::new();
    }
    std::iter::once(root)
        .chain(others.parts())
        .cloned()
        .collect()
}

/// The kernels of one region (or one run-time variant of it) for its plan: one, a split f32
/// matmul's three or a split-K matmul's two.
fn region_kernels(
    unit: &CompilationUnit,
    region: &DispatchRegion,
    bindings: &[RegionBinding],
    plan: &BufferPlan,
    kernel_plan: &KernelPlan,
    scratch: &Scratch,
) -> Result<Vec<k::Kernel>, CompileError> {
    match kernel_plan {
        KernelPlan::SplitK { config, .. } => {
            let partials = scratch
                .partials
                .ok_or_else(|| internal(format!("{}: no split-K partials", region.name)))?;
            split_k::lower_split_k_region(
                &unit.function,
                region,
                bindings,
                plan,
                &unit.target,
                *config,
                partials,
            )
        }
        KernelPlan::SplitBf16(request) => split::lower_split_region(
            &unit.function,
            region,
            bindings,
            plan,
            &unit.target,
            request,
            scratch,
        ),
        KernelPlan::Single(strategy) => lower_region_with(
            &unit.function,
            region,
            bindings,
            plan,
            &unit.target,
            Strategy::Kernel(*strategy),
        )
        .map(|kernel| vec![kernel]),
        KernelPlan::RowVariants { .. } => Err(internal(format!(
            "{}: nested run-time variants",
            region.name
        ))),
    }
}
