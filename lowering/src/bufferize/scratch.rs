//! The scratch buffers of the regions' kernel plans (`kernel-config`), allocated after the
//! region inputs and outputs: split-K's partial results, the bf16 planes of a split f32
//! matmul's operands (computed here, once, for a constant operand). A dynamic M's run-time
//! variants (only one runs) share allocations: the i-th intermediate of each takes the same
//! reuse slot.

use crate::buffer_plan::{
    dim_expr, partial_storage, value_shape, BufferPlan, PlannedBuffer, Scratch,
};
use crate::error::CompileError;
use crate::kernel_config::plan::KernelPlan;
use crate::kernel_config::region::SplitRequest;
use crate::kernel_config::{SplitKConfig, SplitKTiles};
use crate::partition::{DispatchRegion, Partition};
use crate::program::{BufferKind, StorageType};
use crate::size_expr::SizeExpr;
use kiln_frontend::{DType, Function};

/// Adds the scratch buffers of every region's plan to `plan` (see the module docs).
pub fn allocate_scratch(
    f: &Function,
    partition: &Partition,
    plans: &[KernelPlan],
    plan: &mut BufferPlan,
) -> Result<(), CompileError> {
    for (region, kernel_plan) in partition.regions.iter().zip(plans) {
        let (variants, shared): (Vec<&KernelPlan>, bool) = match kernel_plan {
            KernelPlan::RowVariants { variants, .. } => {
                (variants.iter().map(|v| &v.plan).collect(), true)
            }
            single => (vec![single], false),
        };
        let first_slot = plan
            .buffers
            .iter()
            .filter_map(|b| b.reuse_slot.map(|s| s + 1))
            .max()
            .unwrap_or(0);
        let mut scratch = Vec::new();
        for variant in variants {
            let start = plan.buffers.len();
            scratch.push(match variant {
                KernelPlan::Single(_) => Scratch::default(),
                KernelPlan::SplitK { config, max_rows } => Scratch {
                    partials: Some(add_partials(f, region, plan, *config, *max_rows)?),
                    planes: None,
                },
                KernelPlan::SplitBf16(request) => {
                    let planes = add_planes(f, region, plan, request)?;
                    let partials = match request.slices {
                        Some(slices) => {
                            let config = SplitKConfig {
                                tiles: SplitKTiles::WorkgroupMatrix(request.config.tiles()),
                                slices,
                            };
                            Some(add_partials(f, region, plan, config, request.max_rows)?)
                        }
                        None => None,
                    };
                    Scratch {
                        partials,
                        planes: Some(planes),
                    }
                }
                KernelPlan::RowVariants { .. } => {
                    return Err(CompileError::internal(
                        "bufferize",
                        format!("{}: nested run-time variants", region.name),
                    ))
                }
            });
            if shared {
                let intermediates = plan.buffers[start..]
                    .iter_mut()
                    .filter(|b| b.kind == BufferKind::Intermediate);
                for (slot, buffer) in (first_slot..).zip(intermediates) {
                    buffer.reuse_slot = Some(slot);
                }
            }
        }
        plan.scratch.push(scratch);
    }
    Ok(())
}

/// The bf16 plane buffers of a split matmul's lhs and rhs: a constant operand (an ONNX
/// initializer: the weights) is split here, once (a dynamic M's variants share its planes),
/// the others get an intermediate that a split kernel fills.
fn add_planes(
    f: &Function,
    region: &DispatchRegion,
    plan: &mut BufferPlan,
    request: &SplitRequest,
) -> Result<[u32; 2], CompileError> {
    let mut planes = [0u32; 2];
    for (side, name) in ["lhs", "rhs"].into_iter().enumerate() {
        let source = *plan
            .value_buffer
            .get(&request.operands[side])
            .ok_or_else(|| {
                CompileError::internal(
                    "bufferize",
                    format!("{}: split operand without a buffer", region.name),
                )
            })?;
        // The operand's own shape (a slice of a larger buffer has one of its own).
        let shape = value_shape(f, request.operands[side]);
        let count = SizeExpr::product(&shape);
        let id = plan.buffers.len() as u32;
        let planes_name = format!("{}_{name}_planes", region.name);
        if plan.buffers[source as usize].constant.is_some() {
            let shared = plan
                .buffers
                .iter()
                .find(|b| b.kind == BufferKind::Constant && b.name == planes_name);
            if let Some(shared) = shared {
                planes[side] = shared.id;
                continue;
            }
        }
        let folded = plan.buffers[source as usize]
            .constant
            .as_ref()
            .map(|bytes| split_constant(bytes));
        plan.buffers.push(PlannedBuffer {
            id,
            name: planes_name,
            kind: if folded.is_some() {
                BufferKind::Constant
            } else {
                BufferKind::Intermediate
            },
            dtype: DType::BF16,
            storage: StorageType::BF16,
            shape: std::iter::once(SizeExpr::Const(3)).chain(shape).collect(),
            size_bytes: count.mul(SizeExpr::Const(6)),
            reuse_slot: None,
            constant: folded,
        });
        planes[side] = id;
    }
    Ok(planes)
}

/// The largest finite bf16, (2 - 2^-7) * 2^127.
pub const BF16_MAX: f64 = 3.389_531_389_251_535_5e38;

/// The three bf16 planes of constant f32 data (little-endian bytes), plane-major, bit for bit
/// as the split kernels compute them (`lower_to_kernels/split.rs`; `tests/split_bf16_planes.rs`
/// checks it on a device).
fn split_constant(bytes: &[u8]) -> Vec<u8> {
    let n = bytes.len() / 4;
    let mut planes = vec![0u8; 6 * n];
    let (first, rest) = planes.split_at_mut(2 * n);
    let (second, third) = rest.split_at_mut(2 * n);
    for (i, c) in bytes.chunks_exact(4).enumerate() {
        let x = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        for (plane, h) in [&mut *first, &mut *second, &mut *third]
            .into_iter()
            .zip(bf16_planes(x))
        {
            plane[2 * i..2 * i + 2].copy_from_slice(&h.to_le_bytes());
        }
    }
    planes
}

/// The three bf16 planes of `x`: `x0 = bf16(x)`, `x1 = bf16(x - x0)`, `x2 = bf16(x - x0 - x1)`,
/// each rounded to nearest even; a finite `x` above the largest bf16 takes that (of its sign)
/// as `x0`; an infinity or a NaN has zero residuals (a NaN's `x0` is NaN).
pub fn bf16_planes(x: f32) -> [half::bf16; 3] {
    let clamped = x.is_finite() && f64::from(x.abs()) > BF16_MAX;
    let h0 = half::bf16::from_f32(if clamped {
        (BF16_MAX as f32).copysign(x)
    } else {
        x
    });
    let r1 = if x.is_finite() { x - h0.to_f32() } else { 0.0 };
    let h1 = half::bf16::from_f32(r1);
    let h2 = half::bf16::from_f32(r1 - h1.to_f32());
    [h0, h1, h2]
}

/// Adds the scratch buffer of partial results of split-K `config` for `region` to `plan`
/// (rows bounded by `max_rows`); returns the slices' kernel's strategy.
fn add_partials(
    f: &Function,
    region: &DispatchRegion,
    plan: &mut BufferPlan,
    config: SplitKConfig,
    max_rows: Option<i64>,
) -> Result<u32, CompileError> {
    let result = f.ops[region.root].results[0];
    let shape: Vec<SizeExpr> = f.values[result]
        .ty
        .as_tensor()
        .map(|t| t.shape.iter().map(dim_expr).collect())
        .ok_or_else(|| {
            CompileError::internal("bufferize", "split-K matmul without a tensor result")
        })?;
    let storage = partial_storage(f.values[result].ty.dtype());
    let dtype = match storage {
        StorageType::F16 => DType::F16,
        _ => DType::F32,
    };
    let (rows, columns) = shape.split_at(shape.len() - 1);
    let mut rows = SizeExpr::product(rows);
    if let Some(max) = max_rows {
        rows = rows.min(SizeExpr::Const(max));
    }
    let elements = SizeExpr::Const(i64::from(config.slices))
        .mul(rows)
        .mul(columns[0].clone());
    let partials = plan.buffers.len() as u32;
    plan.buffers.push(PlannedBuffer {
        id: partials,
        name: format!("{}_partials", region.name),
        kind: BufferKind::Intermediate,
        dtype,
        storage,
        shape: std::iter::once(SizeExpr::Const(i64::from(config.slices)))
            .chain(shape)
            .collect(),
        size_bytes: elements.mul(SizeExpr::Const(i64::from(storage.size_bytes()))),
        reuse_slot: None,
        constant: None,
    });
    Ok(partials)
}
