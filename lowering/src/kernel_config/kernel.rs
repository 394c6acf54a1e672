//! The strategy of a region's single kernel ([`choose_kernel_strategy`]), from the Tensor IR,
//! the region and the target: what `kernel-config` records in a `KernelPlan::Single` and
//! `lower-to-kernels` dispatches on, in this order of preference:
//!
//! - element-wise regions: [`KernelStrategy::Elementwise`];
//! - matmul-like contractions summing products: the few-rows kernel (or, with a transposed
//!   rhs, dot rows) where the plan's few-rows choice takes it, the workgroup-scope kernel where
//!   its operands are buffers it can read ([`tensor_operand_buffers`]) and a tiling fits, else
//!   the matmul pipeline (SIMT, cooperative matrix, lanes: [`contraction_pipeline`], the
//!   decision `split-reduction` also sizes its slices from);
//! - single-input reductions: rows when the input's innermost dim is reduced, columns when it
//!   is the output's (not on CPU devices; not for a range too short to share);
//! - contractions whose outputs are dot products of contiguous rows: dot rows;
//! - else the unrolled-window reduction where the reduced window is small and static (on GPUs:
//!   of stride 1 over a large grid; [`choose_unrolled_outputs`]); else the serial reduction;
//! - softmax: rows (in registers, or streamed) over the innermost dim, else serial.
//!
//! A region the mechanics cannot lower at all (not a generic, several results, a type the
//! target lacks) gets the serial strategy here; `lower-to-kernels` reports it.

use super::contraction::*;
use super::matmul_pipeline::*;
use super::region::*;
use super::strategy::*;
use super::unrolled::choose_unrolled_outputs;
use super::workgroup_matrix::*;
use crate::buffer_plan::dim_expr;
use crate::error::CompileError;
use crate::kernel_ir::ScalarType;
use crate::partition::{body_arguments_used, DispatchRegion, RegionKind};
use crate::size_expr::SizeExpr;
use crate::structured::*;
use crate::target::{storage_scalar, LoweringTarget};
use kiln_frontend::*;

/// The strategy of `region`'s kernel on `target`, with the plan's few-rows choice for a matmul
/// (see the module docs). Errors: a tiling that cannot fit the target's limits.
pub(crate) fn choose_kernel_strategy(
    f: &Function,
    region: &DispatchRegion,
    target: &LoweringTarget,
    few_rows: FewRows,
) -> Result<KernelStrategy, CompileError> {
    match region.kind {
        RegionKind::Elementwise => Ok(KernelStrategy::Elementwise),
        RegionKind::Reduction => reduction_strategy(f, region, target, few_rows),
        RegionKind::Softmax => Ok(softmax_strategy(f, region, target)),
        RegionKind::RowChain => Ok(row_chain_strategy(f, region, target)),
        RegionKind::Attention => super::attention::find_chain(f, &region.ops)
            .and_then(|chain| super::attention::choose_attention_config(&chain, target))
            .map(KernelStrategy::Attention)
            .ok_or_else(|| {
                CompileError::internal(
                    "kernel-config",
                    format!("{}: an attention region without its chain", region.name),
                )
            }),
    }
}

fn tensor_shape(f: &Function, v: ValueId) -> Vec<SizeExpr> {
    f.values[v]
        .ty
        .as_tensor()
        .map(|t| t.shape.iter().map(dim_expr).collect())
        .unwrap_or_default()
}

fn reduction_strategy(
    f: &Function,
    region: &DispatchRegion,
    target: &LoweringTarget,
    few_rows: FewRows,
) -> Result<KernelStrategy, CompileError> {
    let serial = Ok(KernelStrategy::SerialReduction);
    let op = &f.ops[region.root];
    let OpKind::Generic(g) = &op.kind else {
        return serial;
    };
    let (&[result], Some(sizes), Some(init_map)) = (
        &op.results[..],
        loop_sizes(f, op, g),
        g.indexing_maps[g.num_inputs].as_projection(),
    ) else {
        return serial;
    };
    let reduction_dims: Vec<usize> = (0..g.iterator_types.len())
        .filter(|&d| g.iterator_types[d] == IteratorType::Reduction)
        .collect();
    let acc_arg = g.num_inputs as u32;
    let combiner = recognize_combiner(&g.body, acc_arg);
    let used = body_arguments_used(&g.body);
    let tensor_inputs: Vec<usize> = (0..g.num_inputs)
        .filter(|&i| {
            used.contains(&(i as u32)) && f.values[op.operands[i]].ty.as_tensor().is_some()
        })
        .collect();
    let rows_count = SizeExpr::product(&tensor_shape(f, result)).as_const();
    let group = |d: &[usize]| SizeExpr::product(d.iter().map(|&x| &sizes[x]));
    if let (Some(c), Some(dims)) = (&combiner, matmul_dims(g, &tensor_inputs)) {
        if c.op == crate::kernel_ir::ReduceOp::Add {
            let lacks = |missing| CompileError::TargetLacks {
                op: op.kind.name().to_string(),
                target: target.env.name.clone(),
                missing,
            };
            // (Before the few-rows kernel too: a type the target lacks is an error whichever
            // kernel takes the contraction.)
            target
                .compute_type(f.values[op.operands[0]].ty.dtype())
                .map_err(lacks)?;
            let dtypes = [op.operands[0], op.operands[1], result].map(|v| f.values[v].ty.dtype());
            let (m, n, k) = (group(&dims.m), group(&dims.n), group(&dims.k));
            let key = tuning_key(dtypes, &group(&dims.batch), &m, &n, &k);
            let limit = |detail| CompileError::LimitExceeded {
                kernel: region.name.clone(),
                target: target.env.name.clone(),
                detail,
            };
            // A dynamic M's variant for a range of rows: the tiling of its first. (132 compute
            // units, f32 128 x 1024 x 4096: 870.4 us with the tiling of a dynamic M, 186.3 with
            // that of 128 rows.)
            let m_tiles = few_rows.variant_rows().0.map_or(m.clone(), SizeExpr::Const);
            let gemv = match few_rows {
                FewRows::Auto => {
                    // (Narrow outputs: convs only; plain matmuls keep their split-K kernels.)
                    let pointwise_conv = crate::structured::pointwise_reduction(g, &sizes)
                        && crate::structured::plain_matmul_problem(f, op).is_none();
                    gemv_rows([&m, &n, &k], dtypes[0], &key, pointwise_conv, target)
                }
                FewRows::Rows(rows) => Some(rows),
                FewRows::Never(_) => None,
            };
            if let Some(rows) = gemv {
                // A transposed rhs (`[N, K]`): dot rows, where the few-rows kernel would read
                // the rhs a column at a time (`lower_to_kernels/gemv.rs`).
                if dot_rows_operands(g, &dims) {
                    return Ok(dot_rows(g, &sizes, &dims, rows_count, true, target));
                }
                // Adjacent columns an invocation, read as vec4s, where the rhs is a plain
                // row-major `[K, N]` buffer of its compute type, read as such (not
                // transposed), with rows of a multiple of 4 (no batch).
                let width = if n.as_const().is_some_and(|n| n % 4 == 0)
                    && reads_row_major(g, 1, &dims.k, &dims.n)
                    && dims.batch.is_empty()
                    && tensor_buffer(f, region, op.operands[1], &dims, false, target)
                {
                    4
                } else {
                    1
                };
                let acc_bytes = match target.compute_type(dtypes[2]) {
                    Ok(ScalarType::F16) => 2,
                    _ => 4,
                };
                let shape = GemvShape::choose(rows, width, acc_bytes, target).ok_or_else(|| {
                    CompileError::internal(
                        "kernel-config",
                        format!("{}: few rows that no workgroup shape fits", region.name),
                    )
                })?;
                return Ok(KernelStrategy::Gemv { rows, shape });
            }
            if tensor_operand_buffers(f, region, op, g, &dims, target) {
                let config = choose_workgroup_matrix_config(
                    [&m_tiles, &n, &k],
                    dtypes[0],
                    dtypes[2],
                    &key,
                    target,
                )
                .map_err(limit)?;
                if let (Some(config), true) = (config, dtypes[0] == dtypes[1]) {
                    // (A static M's tiles, not a variant's first rows'.)
                    let stagger = n
                        .as_const()
                        .filter(|_| dims.batch.is_empty())
                        .and_then(|n| {
                            let tiles = [config.tile_m, config.tile_n];
                            Stagger::plan(m.as_const(), n, tiles, &target.heuristics)
                        });
                    return Ok(KernelStrategy::WorkgroupMatrix { config, stagger });
                }
            }
            let pipeline = contraction_pipeline(
                f,
                op,
                g,
                &dims,
                &sizes,
                [&m_tiles, &n],
                dtypes,
                &key,
                target,
            )
            .map_err(|e| match e {
                ContractionPipelineError::TargetLacks(missing) => lacks(missing),
                ContractionPipelineError::LimitExceeded(detail) => limit(detail),
            })?;
            if let Some(pipeline) = pipeline {
                return Ok(KernelStrategy::of_pipeline(pipeline));
            }
        }
    }
    // Row and column reductions take a single tensor input.
    if let (Some(_), &[input]) = (&combiner, &tensor_inputs[..]) {
        let length = group(&reduction_dims);
        // Coalescing: the innermost index of the input walks a reduction dim.
        let innermost_reduced = g.indexing_maps[input]
            .results
            .last()
            .is_some_and(|e| matches!(e, AffineExpr::Dim(d) if reduction_dims.contains(d)));
        if innermost_reduced {
            return Ok(KernelStrategy::RowReduction(row_groups(
                g,
                &sizes,
                &reduction_dims,
                input,
                &length,
                rows_count,
                target,
            )));
        }
        // The input's innermost index is the result's.
        let column = matches!(g.indexing_maps[input].results.last(),
            Some(AffineExpr::Dim(d)) if init_map.last() == Some(d));
        if column {
            if let Some(layouts) = column_layouts(f, result, &length, target) {
                return Ok(KernelStrategy::ColumnReduction(layouts));
            }
        }
    }
    // Contractions no matmul pipeline took whose outputs are dot products of rows contiguous
    // along the reduced dim (batched rows times a transposed rhs: attention's `q * k^T` on one
    // row) take the row strategy rather than a serial loop per output.
    if let (Some(_), Some(dims)) = (&combiner, matmul_dims(g, &tensor_inputs)) {
        if dot_rows_operands(g, &dims) {
            return Ok(dot_rows(g, &sizes, &dims, rows_count, false, target));
        }
    }
    if let Some(tiling) = choose_unrolled_outputs(g, &sizes, &init_map, target) {
        return Ok(KernelStrategy::UnrolledReduction(tiling));
    }
    serial
}

/// The dot-rows strategy of a contraction (`dot_rows_operands`): a row reduction of the rhs's
/// rows along the single reduced dim.
fn dot_rows(
    g: &Generic,
    sizes: &[SizeExpr],
    dims: &MatmulDims,
    rows_count: Option<i64>,
    few_rows: bool,
    target: &LoweringTarget,
) -> KernelStrategy {
    let length = SizeExpr::product(dims.k.iter().map(|&d| &sizes[d]));
    KernelStrategy::DotRows {
        rows: row_groups(g, sizes, &dims.k, 1, &length, rows_count, target),
        few_rows,
    }
}

/// The row groupings of a row reduction of operand `input` over `reduction_dims` (`length`
/// elements a row, `rows` rows when static), for scalar chunks and, where the innermost reduced
/// dim is a static multiple of 4 that the input reads innermost, vec4 chunks.
fn row_groups(
    g: &Generic,
    sizes: &[SizeExpr],
    reduction_dims: &[usize],
    input: usize,
    length: &SizeExpr,
    rows: Option<i64>,
    target: &LoweringTarget,
) -> ChunkWidths<RowGroup> {
    let order = reduced_order(g, input, reduction_dims);
    let vec4 = order.last().is_some_and(|&innermost| {
        sizes[innermost].as_const().is_some_and(|n| n % 4 == 0)
            && matches!(g.indexing_maps[input].results.last(),
                Some(AffineExpr::Dim(d)) if *d == innermost)
    });
    // A dynamic row length counts as a long row.
    let group = |width: i64| {
        let chunks = length.as_const().map_or(i64::MAX, |n| n / width);
        streamed_row_group(chunks, rows, target)
    };
    ChunkWidths {
        scalar: group(1),
        vec4: vec4.then(|| group(4)),
    }
}

/// The layouts of a column reduction of `length` reduced elements into `result` (its innermost
/// dim the columns), for scalar and (a static multiple of 4 columns) vec4 chunks: `across`
/// invocations cover `Heuristics::column_segment_bytes` of a row (or all the columns), times
/// `slices` of the reduced range to fill min(256, maxComputeWorkGroupInvocations); a width
/// whose range is shorter than twice its slices keeps the serial strategy. `None` on CPU
/// devices (their invocations run consecutive columns as SIMD lanes already, and a barrier
/// switches between all the subgroups of a workgroup: lavapipe, 1024^2 column sum 2.4 ms
/// serial, 7.8 ms in slices) and where neither width shares the range.
fn column_layouts(
    f: &Function,
    result: ValueId,
    length: &SizeExpr,
    target: &LoweringTarget,
) -> Option<ChunkWidths<Option<ColumnLayout>>> {
    if target.env.device_type == kiln_spirv_ir::target::DeviceType::Cpu {
        return None;
    }
    let acc_ty = target.compute_type(f.values[result].ty.dtype()).ok()?;
    let out_shape = tensor_shape(f, result);
    let (columns, _) = out_shape.split_last()?;
    let limits = &target.env.limits;
    let segment_bytes = target.heuristics.column_segment_bytes;
    let cap = limits.max_compute_workgroup_invocations.clamp(1, 256);
    let cap = 1i64 << (63 - (cap as i64).leading_zeros());
    let element_bytes = match acc_ty {
        ScalarType::F16 => 2,
        ScalarType::F64 | ScalarType::I64 => 8,
        _ => 4,
    };
    let layout = |width: i64| {
        let chunk_columns = columns.as_const().map(|c| (c + width - 1) / width);
        let across = (segment_bytes / (element_bytes * width))
            .min(chunk_columns.map_or(i64::MAX, |c| (c.max(1) as u64).next_power_of_two() as i64))
            .clamp(1, cap);
        ColumnLayout {
            across,
            slices: (cap / across).max(1),
        }
    };
    let shared = |width: i64| {
        let layout = layout(width);
        let too_short = length.as_const().is_some_and(|n| n < 2 * layout.slices);
        (!too_short).then_some(layout)
    };
    let (scalar, vec4) = (shared(1), shared(4));
    if scalar.is_none() && vec4.is_none() {
        return None;
    }
    Some(ChunkWidths {
        scalar,
        vec4: columns
            .as_const()
            .is_some_and(|c| c % 4 == 0)
            .then_some(vec4),
    })
}

/// Softmax over the innermost dim on the row strategies: a row held in registers (at most
/// `Heuristics::softmax_register_elements` per invocation; on CPU devices only with a subgroup
/// per row: a workgroup's barriers cost more than a second read of the row, lavapipe 1024^2
/// 4.2 ms in registers, 2.6 ms streamed by subgroups), else streamed; dynamic rows streamed,
/// empty rows a workgroup each; softmax over another dim serial.
fn softmax_strategy(
    f: &Function,
    region: &DispatchRegion,
    target: &LoweringTarget,
) -> KernelStrategy {
    let op = &f.ops[region.root];
    let (OpKind::Softmax { dimension }, &[output]) = (&op.kind, &op.results[..]) else {
        return KernelStrategy::SoftmaxSerial;
    };
    let shape = tensor_shape(f, output);
    if *dimension + 1 != shape.len() {
        return KernelStrategy::SoftmaxSerial;
    }
    let Some((n, rows)) = shape.split_last() else {
        return KernelStrategy::SoftmaxSerial;
    };
    let rows = SizeExpr::product(rows).as_const();
    let n = match n.as_const() {
        None => {
            return KernelStrategy::SoftmaxRows(ChunkWidths {
                scalar: SoftmaxRows::Streamed(streamed_row_group(i64::MAX, rows, target)),
                vec4: None,
            })
        }
        Some(n) if n <= 0 => {
            return KernelStrategy::SoftmaxWorkgroup {
                size: row_workgroup_size(Some(n), target),
            }
        }
        Some(n) => n,
    };
    KernelStrategy::SoftmaxRows(ChunkWidths {
        scalar: rows_of(n, 1, rows, target),
        vec4: (n % 4 == 0).then(|| rows_of(n, 4, rows, target)),
    })
}

/// How rows of `n` elements (`rows` of them, when static) are held, read `width` elements a
/// chunk: in the registers of a row group where they fit, else streamed.
fn rows_of(n: i64, width: i64, rows: Option<i64>, target: &LoweringTarget) -> SoftmaxRows {
    let cpu = target.env.device_type == kiln_spirv_ir::target::DeviceType::Cpu;
    let heuristics = &target.heuristics;
    // (A CPU keeps only a subgroup per row in registers: any row that fits its lanes.)
    let subgroup_elements = if cpu {
        heuristics.softmax_register_elements
    } else {
        heuristics.softmax_subgroup_elements
    };
    let chunks = n / width;
    let lane = LaneChunks::registers(subgroup_elements, width, heuristics);
    match row_group(chunks, rows, lane, target)
        .filter(|g| !cpu || matches!(g, RowGroup::Subgroup { .. }))
    {
        Some(group) => SoftmaxRows::Registers(group),
        None => SoftmaxRows::Streamed(streamed_row_group(chunks, rows, target)),
    }
}

/// A row chain over rows of `n` elements (the first reduction's input): held in registers as a
/// softmax row of `n` would be (`softmax_strategy`'s limits), else streamed (every pass re-reads
/// the row); a dynamic `n` streamed.
fn row_chain_strategy(
    f: &Function,
    region: &DispatchRegion,
    target: &LoweringTarget,
) -> KernelStrategy {
    let shape = f.ops[region.root]
        .operands
        .first()
        .map(|&x| tensor_shape(f, x))
        .unwrap_or_default();
    let Some((n, rows)) = shape.split_last() else {
        return KernelStrategy::RowChain(SoftmaxRows::Streamed(streamed_row_group(
            i64::MAX,
            None,
            target,
        )));
    };
    let rows = SizeExpr::product(rows).as_const();
    let Some(n) = n.as_const().filter(|&n| n > 0) else {
        return KernelStrategy::RowChain(SoftmaxRows::Streamed(streamed_row_group(
            i64::MAX,
            rows,
            target,
        )));
    };
    KernelStrategy::RowChain(rows_of(n, 1, rows, target))
}

/// Whether the workgroup-scope kernel can read matmul `op`'s operands and write its result
/// (or its fused epilogue's) straight from their buffers (`tensor_matmul`'s views): a plain
/// (batch) matmul stored by its region alone or through an epilogue that runs on the
/// accumulator ([`workgroup_matrix_store`]), its uniform init computed in the region, and the
/// lhs, rhs and stored value region inputs / outputs (no fused producer) whose buffers hold
/// their compute type; several row dims must collapse into one (static sizes after the
/// first).
pub(crate) fn tensor_operand_buffers(
    f: &Function,
    region: &DispatchRegion,
    op: &Op,
    g: &Generic,
    dims: &MatmulDims,
    target: &LoweringTarget,
) -> bool {
    let Some(stored) = workgroup_matrix_store(f, region, op, target) else {
        return false;
    };
    if g.num_inputs != 2 || region.outputs != [stored] {
        return false;
    }
    let plain = plain_matmul_maps(g, dims)
        && f.defining_op(op.operands[g.num_inputs])
            .is_some_and(|fill| region.ops.contains(&fill) && is_uniform_fill(f, fill));
    plain
        && tensor_buffer(f, region, op.operands[0], dims, true, target)
        && tensor_buffer(f, region, op.operands[1], dims, false, target)
        && tensor_buffer(f, region, region.outputs[0], dims, true, target)
}

/// Whether a kernel of `region` can read or write `value` as a tensor straight from its
/// buffer (`lower_to_kernels`' `tensor_view`): a region input or output (a binding of its own,
/// row-major) whose buffer holds its compute type; with `collapse`, the row dims of a matmul
/// of `dims` must collapse into one (static sizes after the first).
pub(crate) fn tensor_buffer(
    f: &Function,
    region: &DispatchRegion,
    value: ValueId,
    dims: &MatmulDims,
    collapse: bool,
    target: &LoweringTarget,
) -> bool {
    let bound = region.inputs.contains(&value)
        || region.outputs.contains(&value)
        || collapses_region_input(f, region, value);
    let dtype = f.values[value].ty.dtype();
    let compute = target.compute_type(dtype).ok();
    let stored_as = target.storage_type(dtype).ok().map(storage_scalar);
    let shape = tensor_shape(f, value);
    let rows = dims.m.len();
    bound
        && compute.is_some()
        && compute == stored_as
        && !shape.is_empty()
        && (!collapse || rows == 1 || row_dims_collapse(&shape, dims.batch.len(), rows))
}

/// Whether dims `first .. first + count` of a row-major buffer of `shape` are contiguous with
/// static strides (a single row dim to the kernel).
fn row_dims_collapse(shape: &[SizeExpr], first: usize, count: usize) -> bool {
    let strides = row_major_strides(shape);
    (first..first + count - 1).all(|i| {
        matches!(
            (strides[i].as_const(), strides[i + 1].as_const(), shape[i + 1].as_const()),
            (Some(outer), Some(inner), Some(size)) if outer == inner * size
        )
    })
}
