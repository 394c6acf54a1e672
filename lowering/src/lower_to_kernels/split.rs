//! f32 matmuls on bf16 tensor cores from split operands (`kernel_config::SplitMatrixConfig`).
//!
//! A plain f32 matmul region that the target's bf16 workgroup-scope cooperative matrices can
//! take becomes three dispatches (two when an operand is a constant, whose planes are computed
//! at compile time into a constant buffer):
//!
//! - two split kernels, one per operand: every f32 element `x` becomes three bf16 planes of an
//!   intermediate buffer (`[3, batch.., rows.., columns]`), `x0 = bf16(x)`, `x1 = bf16(x - x0)`,
//!   `x2 = bf16(x - x0 - x1)` (each residual exact in f32; 8 significant bits a plane, the 24
//!   of the f32 significand in all; an infinite `x` keeps `x0` and zero residuals, a finite
//!   one above the largest bf16 takes that as `x0`; a NaN has a quiet NaN `x0` (its sign and
//!   high payload bits) and zero residuals). Every `bf16(..)` rounds to nearest, ties to even,
//!   on the f32 bits (`bits + 0x7FFF`, one more when bit 16 is set, the low 16 bits cleared),
//!   not through the driver's f32 -> bf16 conversion, whose rounding is the driver's choice
//!   (no rounding mode is declared) and likely truncation on NVIDIA: truncation would drop
//!   the residuals of every element towards zero, a bias on same-sign data (issue 22). The
//!   planes are thus the same bits wherever they are computed (but for residuals below 2^-126
//!   on a device that flushes f32 subnormals): these kernels and bufferize for a constant
//!   operand (`bufferize::scratch::bf16_planes`,
//!   `half::bf16::from_f32`). The split kernels store the bits as 16-bit words (no bf16 type),
//!   so `tests/split_bf16_planes.rs` runs them on a CPU device against the host's planes, bit
//!   for bit, on every kind of f32. (The split cooperative-matrix staging of convolutions
//!   splits by truncation instead, `Lowering::bf16_planes_truncated`: there the split is
//!   the kernel's cost);
//! - the matmul: the workgroup-scope kernel of `matmul.rs` (tensor-addressed loads, bands of
//!   tile rows, shifted edge tiles, a clamped K remainder, batch dims in the grid, the row dims
//!   of `[B, S, K] x [K, N]` collapsed) on bf16 planes read through the leading batch indices
//!   of their views (the plane, then the matmul's batch), summing per step the six products
//!   whose terms reach f32 precision (`x0y0`, `x0y1`, `x1y0`, `x0y2`, `x1y1`, `x2y0`, smallest
//!   first; the dropped
//!   three are below 2^-24 of the result) into a partial sum that starts from zero, and adding
//!   the partial sum into the f32 accumulator every `flush_steps` steps with an ordinary f32
//!   add: the tensor cores do not round to nearest when they accumulate, and six
//!   multiply-adds a step straight into the result lost about 2^-15 over K = 4096
//!   (`--heuristic split_bf16_flush_steps=N` changes the steps for an experiment;
//!   `benches/gpu/accuracy.sh` measures the errors against float64 and cuBLAS / cuDNN).
//!
//! At 132 compute units (benches/RESULTS.md) the matmul kernel runs at about 53 TFLOP/s at 4096^3 where
//! the SIMT kernel reaches 37 (51 TFLOP/s with the split dispatches), with a max error of
//! 6.7e-7 of max |ref| against 1.6e-6 for a plain f32 dot product. `kiln tune` sees the three
//! dispatches as one contraction (they share its tuning key).

use super::context::*;
use super::matmul::SPLIT_PRODUCTS;
use super::workgroup_matrix::{workgroup_grid, workgroup_matrix_types, ResultTile};
use crate::buffer_plan::{PlannedBuffer, RegionBinding, ValueView};
use crate::program::BufferKind;

/// The bits of an f32 that a bf16 keeps (sign, exponent, 7 significand bits), as an i32.
const BF16_KEPT_BITS: i64 = 0xFFFF_0000_u32 as i32 as i64;
/// The bits of the largest finite bf16 as an f32.
const BF16_MAX_BITS: i64 = 0x7F7F_0000;
/// The bits of f32 infinity.
const F32_INFINITY_BITS: i64 = 0x7F80_0000;
/// Lowers a split-matmul region: the split kernels of the operands whose planes bufferize did
/// not compute at compile time come first, then the matmul on the planes (`scratch`).
pub(super) fn lower_split_region(
    f: &Function,
    region: &DispatchRegion,
    bindings: &[RegionBinding],
    plan: &BufferPlan,
    target: &LoweringTarget,
    request: &SplitRequest,
    scratch: &Scratch,
) -> Result<Vec<k::Kernel>, CompileError> {
    let missing = |what: &str| internal(format!("{}: no {what} scratch", region.name));
    let planes = scratch.planes.ok_or_else(|| missing("plane"))?;
    let mut kernels = Vec::new();
    for (side, name) in ["lhs", "rhs"].into_iter().enumerate() {
        let id = planes[side];
        // Constant planes were computed by bufferize.
        if plan.buffers[id as usize].kind != BufferKind::Intermediate {
            continue;
        }
        let operand = request.operands[side];
        let source = plan.value_buffer[&operand];
        let shape = value_shape(f, operand);
        let count = SizeExpr::product(&shape);
        // A slice of a larger buffer (an in-place concat's operand) is read at its indices.
        let slice = plan.views.get(&operand).map(|v| (v.clone(), shape));
        // Whole vec4s for a static element count that is a multiple of 4 (the planes' vec4
        // stores need a plane size known to be one), from 4 consecutive source elements.
        let aligned = |x: &SizeExpr| x.as_const().is_some_and(|c| c % 4 == 0);
        let lanes = if aligned(&count)
            && slice.as_ref().is_none_or(|(v, shape)| {
                aligned(&v.offset)
                    && shape.last().is_some_and(aligned)
                    && v.strides.split_last().is_some_and(|(inner, outer)| {
                        inner.is_const(1) && outer.iter().all(aligned)
                    })
            }) {
            4
        } else {
            1
        };
        kernels.push(split_kernel(
            f,
            &format!("{}_split_{name}", region.name),
            &plan.buffers[source as usize],
            slice,
            &plan.buffers[id as usize],
            count,
            lanes,
            target,
        )?);
    }
    // Split-K where the grid is small (a linear layer on a few hundred rows).
    let c = request.config;
    let split_k = match request.slices {
        Some(slices) => Some(SplitK {
            config: SplitKConfig {
                tiles: SplitKTiles::WorkgroupMatrix(c.tiles()),
                slices,
            },
            partials: scratch.partials.ok_or_else(|| missing("partials"))?,
            kernel: SplitKKernel::Slices,
        }),
        None => None,
    };
    // The matmul reads the planes, not the operands' own buffers (unless its epilogue does);
    // with split-K, nothing else.
    let matmul_bindings: Vec<RegionBinding> = bindings
        .iter()
        .filter(|b| {
            split_k.is_none()
                && (!request.operands.contains(&b.value)
                    || super::split_k::epilogue_reads(f, region, b.value))
        })
        .cloned()
        .collect();
    let mut matmul = lower_region_with(
        f,
        region,
        &matmul_bindings,
        plan,
        target,
        Strategy::Planes(SplitPlanes {
            buffers: planes,
            config: request.config,
            split_k,
        }),
    )?;
    // The matmul reads the planes (bound by its strategy, not from the region).
    for id in planes {
        matmul.bytes = (matmul.bytes.clone()).add(plan.buffers[id as usize].size_bytes.clone());
    }
    // The split kernels count towards the contraction in `kiln tune`.
    for split in &mut kernels {
        split.tuning_key = matmul.tuning_key.clone();
    }
    let sum = match split_k {
        Some(slices) => {
            super::split_k::name_slices_kernel(&mut matmul, plan, slices);
            Some(super::split_k::sum_kernel(
                f, region, bindings, plan, target, slices,
            )?)
        }
        None => None,
    };
    kernels.push(matmul);
    kernels.extend(sum);
    Ok(kernels)
}

/// The kernel writing the three bf16 planes of `source` (`count` f32 elements) into `planes`:
/// one element per invocation, or `lanes` (4: vec4 loads, 8-byte stores). It stores each
/// plane's bits as an i16 word, so it needs no bf16 type: `tests/split_bf16_planes.rs` runs it
/// on a CPU device against the host's planes. `slice`: the source's view and shape when it is
/// a slice of `source` (its elements are read in row-major order of the shape).
#[allow(clippy::too_many_arguments)]
fn split_kernel(
    f: &Function,
    name: &str,
    source: &PlannedBuffer,
    slice: Option<(ValueView, Vec<SizeExpr>)>,
    planes: &PlannedBuffer,
    count: SizeExpr,
    lanes: u8,
    target: &LoweringTarget,
) -> Result<k::Kernel, CompileError> {
    let mut lowering = Lowering::new(
        f,
        HashSet::new(),
        name,
        target,
        "split",
        Strategy::Kernel(KernelStrategy::Elementwise),
    );
    let this = &mut lowering;
    let src = this.b.add_binding(k::BufferBinding {
        set: 0,
        binding: 0,
        access: k::Access::ReadOnly,
        element: ScalarType::F32,
        buffer: source.id,
        name: source.name.clone(),
        by_address: false,
    });
    let out = this.b.add_binding(k::BufferBinding {
        set: 0,
        binding: 1,
        access: k::Access::WriteOnly,
        // The planes' bits as 16-bit words: the same bytes the matmul reads as bf16, written
        // without a bf16 type (so that CPU devices run this kernel too).
        element: ScalarType::I16,
        buffer: planes.id,
        name: planes.name.clone(),
        by_address: false,
    });
    let src = this.b.add_view(match &slice {
        Some((view, shape)) => k::BufferView {
            binding: src,
            offset: view.offset.clone(),
            shape: shape.clone(),
            strides: view.strides.clone(),
        },
        None => k::BufferView {
            binding: src,
            offset: SizeExpr::Const(0),
            shape: vec![count.clone()],
            strides: vec![SizeExpr::Const(1)],
        },
    });
    let out = this.b.add_view(k::BufferView {
        binding: out,
        offset: SizeExpr::Const(0),
        shape: vec![SizeExpr::Const(3), count.clone()],
        strides: vec![count.clone(), SizeExpr::Const(1)],
    });
    let ty = |s: ScalarType| match lanes {
        1 => Type::Scalar(s),
        w => Type::Vector(s, w),
    };
    let workgroup = target.heuristics.split_workgroup_size;
    this.b.kernel.local_size = [workgroup, 1, 1];
    let items = count.clone().ceil_div(SizeExpr::Const(i64::from(lanes)));
    let groups = items
        .clone()
        .ceil_div(SizeExpr::Const(i64::from(workgroup)));
    this.parallel_over(ParallelMarker::Workgroup, &[groups], |this, group| {
        this.parallel_over(
            ParallelMarker::Local,
            &[SizeExpr::Const(i64::from(workgroup))],
            |this, lane| {
                use k::BinaryOp as B;
                let size = this.b.index(i64::from(workgroup));
                let first = this.b.binary(B::Mul, group[0], size);
                let item = this.b.binary(B::Add, first, lane[0]);
                let items = this.size(&items);
                let inside = this.b.compare(k::CompareOp::Lt, item, items);
                this.if_then(inside, |this| {
                    let width = this.b.index(i64::from(lanes));
                    let at = this.b.binary(B::Mul, item, width);
                    let indices = match &slice {
                        // Row-major indices of element `at` of the slice's shape.
                        Some((_, shape)) => this.row_major_indices(at, shape),
                        None => vec![at],
                    };
                    let x = this.b.load(ty(ScalarType::F32), Place::View(src), indices);
                    let planes = this.bf16_plane_values(x, lanes);
                    // A plane's bits / 2^16 is exact (its low 16 bits are zero); the i16
                    // conversion keeps the low 16 bits of the quotient: the bf16.
                    let scale = this.b.let_op(
                        Type::Scalar(ScalarType::I32),
                        k::Op::Constant(k::Literal::Int(1 << 16)),
                    );
                    let scale = match lanes {
                        1 => scale,
                        w => this.b.let_op(
                            Type::Vector(ScalarType::I32, w),
                            k::Op::Splat { arg: scale },
                        ),
                    };
                    for (plane, value) in planes.into_iter().enumerate() {
                        let bits = this.b.bitcast(value, ScalarType::I32);
                        let high = this.b.binary(B::Div, bits, scale);
                        let word = this.b.cast(high, ScalarType::I16);
                        let p = this.b.index(plane as i64);
                        this.b.store(Place::View(out), vec![p, at], word);
                    }
                    Ok(())
                })
            },
        )
    })?;
    let mut kernel = lowering.b.finish();
    kernel.bytes = count.clone().mul(SizeExpr::Const(10));
    kernel.flops = count.mul(SizeExpr::Const(4));
    Ok(kernel)
}

impl<'a> Lowering<'a> {
    /// The three bf16 planes of f32 `x` (a scalar, or a vector of `lanes` > 1), `x0 = bf16(x)`,
    /// `x1 = bf16(x - x0)`, `x2 = bf16(x - x0 - x1)`, as f32 values that bf16 represents
    /// exactly, rounded on their bits (the kernel IR has integer add / and / or / compare / select but no
    /// shifts). The residuals are f32 subtractions: on a device that flushes f32 subnormals
    /// (lavapipe keeps them) a residual below 2^-126 becomes zero, where the host keeps it;
    /// such terms are far below what the products can resolve.
    fn bf16_plane_values(&mut self, x: k::Value, lanes: u8) -> [k::Value; 3] {
        use k::{BinaryOp as B, CompareOp as C};
        let splat = |this: &mut Lowering, c: k::Value, s: ScalarType| match lanes {
            1 => c,
            w => this.b.let_op(Type::Vector(s, w), k::Op::Splat { arg: c }),
        };
        let int = |this: &mut Lowering, value: i64| {
            let c = this.b.let_op(
                Type::Scalar(ScalarType::I32),
                k::Op::Constant(k::Literal::Int(value)),
            );
            splat(this, c, ScalarType::I32)
        };
        let bits = self.b.bitcast(x, ScalarType::I32);
        let magnitude_mask = int(self, 0x7FFF_FFFF);
        let magnitude = self.b.binary(B::And, bits, magnitude_mask);
        // A NaN keeps its sign and the high bits of its payload, made quiet (as
        // `half::bf16::from_f32`).
        let infinity = int(self, F32_INFINITY_BITS);
        let nan = self.b.compare(C::Gt, magnitude, infinity);
        let high = int(self, BF16_KEPT_BITS);
        let kept = self.b.binary(B::And, bits, high);
        let quiet_bit = int(self, 0x0040_0000);
        let quiet = self.b.binary(B::Or, kept, quiet_bit);
        // A finite x above the largest bf16 would round to infinity: its first plane is the
        // largest bf16 of its sign (the rest goes to the residuals).
        let largest = int(self, BF16_MAX_BITS);
        let above = self.b.compare(C::Gt, magnitude, largest);
        let finite = self.b.compare(C::Lt, magnitude, infinity);
        let overflow = self.b.binary(B::And, above, finite);
        let sign_bit = int(self, i64::from(i32::MIN));
        let sign = self.b.binary(B::And, bits, sign_bit);
        let bound = self.b.binary(B::Or, sign, largest);
        let rounded = self.round_to_bf16_bits(bits, lanes);
        let first = self.b.select(overflow, bound, rounded);
        let first = self.b.select(nan, quiet, first);
        let x0 = self.b.bitcast(first, ScalarType::F32);
        // The residuals of an infinity or a NaN are zero, not NaN; a finite x's are exact.
        let zero = self.b.constant(ScalarType::F32, 0.0);
        let zero = splat(self, zero, ScalarType::F32);
        let d1 = self.b.binary(B::Sub, x, x0);
        let r1 = self.b.select(finite, d1, zero);
        let r1_bits = self.b.bitcast(r1, ScalarType::I32);
        let second = self.round_to_bf16_bits(r1_bits, lanes);
        let x1 = self.b.bitcast(second, ScalarType::F32);
        let r2 = self.b.binary(B::Sub, r1, x1);
        let r2_bits = self.b.bitcast(r2, ScalarType::I32);
        let third = self.round_to_bf16_bits(r2_bits, lanes);
        let x2 = self.b.bitcast(third, ScalarType::F32);
        [x0, x1, x2]
    }

    /// The three bf16 planes of f32 `x` (scalar or `lanes`) by truncation, for the split
    /// cooperative-matrix staging, where the split runs once per staged element and its cost
    /// is the kernel's (the rounded split takes about three times the instructions): `x0` keeps
    /// the top 16 bits of `x`, `x1` those of `x - x0`, and `x2 = x - x0 - x1`, each difference
    /// exact and each plane exactly a bf16 (8 significant bits a plane hold the 24 of an f32),
    /// so the planes sum to `x` exactly; NaN stays NaN, an infinity keeps zero residuals. The
    /// products the kernel drops (`x1y2`, `x2y1`, `x2y2`, below 2^-24 of `xy` together) then
    /// have the sign of `xy`: a bias of at most about 2^-23 relative on same-sign data, where
    /// a rounded split leaves none.
    pub(super) fn bf16_planes_truncated(&mut self, x: k::Value, lanes: u8) -> [k::Value; 3] {
        use k::{BinaryOp as B, CompareOp as C};
        let splat = |this: &mut Lowering, c: k::Value, s: ScalarType| match lanes {
            1 => c,
            w => this.b.let_op(Type::Vector(s, w), k::Op::Splat { arg: c }),
        };
        let high = self.b.let_op(
            Type::Scalar(ScalarType::I32),
            k::Op::Constant(k::Literal::Int(BF16_KEPT_BITS)),
        );
        let high = splat(self, high, ScalarType::I32);
        let zero = self.b.constant(ScalarType::F32, 0.0);
        let zero = splat(self, zero, ScalarType::F32);
        let truncate = |this: &mut Lowering, v: k::Value| {
            let bits = this.b.bitcast(v, ScalarType::I32);
            let kept = this.b.binary(B::And, bits, high);
            this.b.bitcast(kept, ScalarType::F32)
        };
        // (A NaN whose payload is all in the low bits would truncate to an infinity.)
        let nan = self.b.compare(C::Ne, x, x);
        let x0 = truncate(self, x);
        let x0 = self.b.select(nan, x, x0);
        // An infinity is its own first plane: zero residuals, not NaN.
        let whole = self.b.compare(C::Eq, x0, x);
        let d1 = self.b.binary(B::Sub, x, x0);
        let r1 = self.b.select(whole, zero, d1);
        let x1 = truncate(self, r1);
        let x2 = self.b.binary(B::Sub, r1, x1);
        [x0, x1, x2].map(|plane| self.b.cast(plane, ScalarType::BF16))
    }

    /// f32 `bits` (i32, scalar or `lanes`) rounded to the nearest bf16, ties to even: `bits +
    /// 0x7FFF`, plus one when bit 16 (the last one bf16 keeps) is set, then the low 16 bits
    /// cleared. A carry out of the significand goes into the exponent, as rounding up should;
    /// the largest finite values round to infinity (NaN needs handling apart).
    fn round_to_bf16_bits(&mut self, bits: k::Value, lanes: u8) -> k::Value {
        use k::{BinaryOp as B, CompareOp as C};
        let int = |this: &mut Lowering, value: i64| {
            let c = this.b.let_op(
                Type::Scalar(ScalarType::I32),
                k::Op::Constant(k::Literal::Int(value)),
            );
            match lanes {
                1 => c,
                w => this
                    .b
                    .let_op(Type::Vector(ScalarType::I32, w), k::Op::Splat { arg: c }),
            }
        };
        let (last_kept, zero) = (int(self, 0x1_0000), int(self, 0));
        let last = self.b.binary(B::And, bits, last_kept);
        let odd = self.b.compare(C::Ne, last, zero);
        let (up, down) = (int(self, 0x8000), int(self, 0x7FFF));
        let half = self.b.select(odd, up, down);
        let sum = self.b.binary(B::Add, bits, half);
        let high = int(self, BF16_KEPT_BITS);
        self.b.binary(B::And, sum, high)
    }

    /// The matmul of a split region (see the module docs): `op` reads its operands' planes
    /// from `planes`; the result goes to `out` through tensor stores.
    pub(super) fn split_tensor_matmul(
        &mut self,
        region: &DispatchRegion,
        gemm: &super::staging::Gemm<'_>,
        out: k::ViewId,
        planes: SplitPlanes,
    ) -> Result<(), CompileError> {
        use k::BinaryOp as B;
        let (sizes, dims) = (gemm.sizes, gemm.dims);
        let c = planes.config;
        let (tm, tn, tk) = (c.tile_m, c.tile_n, c.tile_k);
        let (m_expr, n_expr, k_expr, _) = super::staging::gemm_grid(sizes, dims, tm, tn);
        let (Some(n), Some(kk)) = (n_expr.as_const(), k_expr.as_const()) else {
            return Err(internal("split matmul with a dynamic N or K"));
        };
        // The plane views: [3, batch.., M, K] and [3, batch.., K, N] (row dims collapsed).
        let nbatch = dims.batch.len();
        let batch_sizes: Vec<SizeExpr> = dims.batch.iter().map(|&d| sizes[d].clone()).collect();
        let next = self.b.kernel.bindings.iter().map(|b| b.binding + 1).max();
        let plane_view = |this: &mut Self, side: usize, rows: SizeExpr, columns: SizeExpr| {
            let binding = this.b.add_binding(k::BufferBinding {
                set: 0,
                binding: next.unwrap_or(0) + side as u32,
                access: k::Access::ReadOnly,
                element: ScalarType::BF16,
                buffer: planes.buffers[side],
                name: format!("{}_planes", ["lhs", "rhs"][side]),
                by_address: false,
            });
            let mut shape = vec![SizeExpr::Const(3)];
            shape.extend(batch_sizes.iter().cloned());
            shape.extend([rows, columns]);
            let mut strides = vec![SizeExpr::Const(1); shape.len()];
            for d in (0..shape.len() - 1).rev() {
                strides[d] = strides[d + 1].clone().mul(shape[d + 1].clone());
            }
            this.b.add_view(k::BufferView {
                binding,
                offset: SizeExpr::Const(0),
                shape,
                strides,
            })
        };
        let lhs = plane_view(self, 0, m_expr.clone(), k_expr.clone());
        let rhs = plane_view(self, 1, k_expr.clone(), n_expr.clone());
        let acc_ty = ScalarType::F32;
        let (tiles_m, tiles_n, mut grid) = workgroup_grid(&batch_sizes, &m_expr, n, [tm, tn]);
        let [a_type, b_type, acc_type] =
            workgroup_matrix_types(ScalarType::BF16, acc_ty, [tm, tn, tk]);
        let acc_ty_m = k::Type::Matrix(acc_type);
        let chunk = i64::from(tk) * i64::from(c.flush_steps);
        // Split-K: slice s sums K from s * K / slices (whole chunks) from zero.
        let slices = planes.split_k.map_or(1, |s| s.config.slices);
        let slice_k = super::workgroup_matrix::slice_grid(slices, kk, chunk, nbatch, &mut grid)?;
        let full_k = slice_k / i64::from(tk) * i64::from(tk);
        let full_chunks = full_k / chunk * chunk;
        self.b.kernel.local_size = [c.workgroup_size, 1, 1];
        self.parallel_over(ParallelMarker::Workgroup, &grid, |this, group| {
            this.parallel_over(
                ParallelMarker::Local,
                &[SizeExpr::Const(c.workgroup_size as i64)],
                |this, _| {
                    let (slice, group) = super::workgroup_matrix::slice_of(group, slices);
                    let (acc, base) = this.slice_accumulator(gemm, acc_type, slice, slice_k)?;
                    let at = |this: &mut Self, offset: i64| this.k_at(base, offset);
                    let part = this.b.allocate_matrix("partial", acc_type);
                    let batch = &group[..nbatch];
                    let place =
                        this.place_tile(group[nbatch], &tiles_m, tiles_n, &m_expr, n, [tm, tn]);
                    // partial += the six products of step k0.
                    let step = |this: &mut Self,
                                k0: k::Value,
                                [a_in, b_in]: [bool; 2],
                                [m0, n0]: [k::Value; 2]| {
                        let load =
                            |this: &mut Self, ty, view, plane: u32, row0, col0, in_bounds| {
                                let plane = this.b.index(i64::from(plane));
                                let op = k::Op::MatrixLoadTensor {
                                    view,
                                    batch: std::iter::once(plane)
                                        .chain(batch.iter().copied())
                                        .collect(),
                                    row0,
                                    col0,
                                    in_bounds,
                                };
                                this.b.let_op(k::Type::Matrix(ty), op)
                            };
                        let a: Vec<k::Value> = (0..3)
                            .map(|p| load(this, a_type, lhs, p, m0, k0, a_in))
                            .collect();
                        let b: Vec<k::Value> = (0..3)
                            .map(|p| load(this, b_type, rhs, p, k0, n0, b_in))
                            .collect();
                        for (i, j) in SPLIT_PRODUCTS {
                            let c = this.b.load(acc_ty_m, Place::Allocation(part), vec![]);
                            let (a, b) = (a[i as usize], b[j as usize]);
                            let next = this.b.let_op(acc_ty_m, k::Op::MatrixMulAdd { a, b, c });
                            this.b.store(Place::Allocation(part), vec![], next);
                        }
                    };
                    // acc += the partial sum of the steps from `range.0` to `range.1` and, with
                    // `remainder`, the clamped K remainder.
                    let chunk_sum = |this: &mut Self,
                                     range: Option<(k::Value, k::Value)>,
                                     remainder: bool,
                                     in_bounds: [bool; 2],
                                     origin: [k::Value; 2]|
                     -> Result<(), CompileError> {
                        let zero = this.b.constant(acc_ty, 0.0);
                        let zeros = this.b.let_op(acc_ty_m, k::Op::Splat { arg: zero });
                        this.b.store(Place::Allocation(part), vec![], zeros);
                        if let Some((lower, upper)) = range {
                            let stride = this.b.index(i64::from(tk));
                            this.for_loop(lower, upper, stride, |this, k0| {
                                step(this, k0, in_bounds, origin);
                                Ok(())
                            })?;
                        }
                        if remainder {
                            let k0 = this.b.index(full_k);
                            step(this, k0, [false, false], origin);
                        }
                        let sum = this.b.load(acc_ty_m, Place::Allocation(acc), vec![]);
                        let partial = this.b.load(acc_ty_m, Place::Allocation(part), vec![]);
                        let sum = this.b.binary(B::Add, sum, partial);
                        this.b.store(Place::Allocation(acc), vec![], sum);
                        Ok(())
                    };
                    // Chunks of `flush_steps` steps, then the last steps and the remainder.
                    let k_loop = |this: &mut Self, in_bounds: [bool; 2], origin: [k::Value; 2]| {
                        if full_chunks > 0 {
                            let (lower, upper) = (at(this, 0), at(this, full_chunks));
                            let stride = this.b.index(chunk);
                            this.for_loop(lower, upper, stride, |this, c0| {
                                let steps = this.b.index(chunk);
                                let end = this.b.binary(B::Add, c0, steps);
                                chunk_sum(this, Some((c0, end)), false, in_bounds, origin)
                            })?;
                        }
                        if full_chunks < slice_k {
                            let range = (full_chunks < full_k)
                                .then(|| (this.b.index(full_chunks), this.b.index(full_k)));
                            chunk_sum(this, range, full_k < slice_k, in_bounds, origin)?;
                        }
                        Ok(())
                    };
                    this.over_placements(&place, &k_loop)?;
                    let value = this.b.load(acc_ty_m, Place::Allocation(acc), vec![]);
                    if let Some(slice) = slice {
                        return this.store_tile(&place, out, &[slice], value);
                    }
                    let tile = ResultTile {
                        place: &place,
                        out,
                        batch,
                    };
                    this.finish_tile(region, gemm, &tile, value)
                },
            )
        })
    }
}
