//! The matmul-like contraction strategy of `lower-to-kernels`: workgroup tiles (marker
//! `workgroup`), operand tiles promoted to Workgroup memory (`staging.rs`), then SIMT register
//! tiles (`simt.rs`) or subgroup cooperative matrices (here); on CPU devices, one subgroup per
//! workgroup without promotion (`lanes.rs`); the configuration comes from `kernel_config`.
//!
//! The cooperative-matrix kernel: the lhs and rhs tiles are staged row-major (double-buffered
//! when two stages fit); per stage, each subgroup loads its fragments with `MatrixLoad` and
//! accumulates `MatrixMulAdd`s into Function-storage accumulators. The epilogue goes fragment by
//! fragment: every subgroup stores its fragment `(i, j)` into its own f32 scratch fragment in
//! Workgroup memory, and its invocations finish those elements (init + value, fused consumers,
//! a guarded store), so the problem edges need no partial fragments.

use super::context::*;
use super::staging::*;
use crate::kernel_config::{CooperativeMatrixConfig, MatmulDims, MatmulPipeline};

/// The products a split step sums, as (lhs plane, rhs plane), smallest terms first: the six
/// whose terms reach f32 precision (the dropped three are below 2^-24 of the result).
pub(super) const SPLIT_PRODUCTS: [(u32, u32); 6] = [(2, 0), (1, 1), (0, 2), (1, 0), (0, 1), (0, 0)];

/// See `Lowering::cooperative_matrix_setup`.
pub(super) struct CooperativeMatrixState {
    a_type: k::MatrixType,
    b_type: k::MatrixType,
    acc_type: k::MatrixType,
    /// A zero accumulator fragment.
    zero: k::Value,
    /// Row-major over the subgroup's `fragments_m x fragments_n` block.
    accumulators: Vec<k::AllocationId>,
    /// One f32 fragment per subgroup, for the epilogue.
    result_scratch: k::AllocationId,
    /// This subgroup's scratch fragment (element offset) and its invocation's lane.
    scratch0: k::Value,
    subgroup_lane: k::Value,
    /// This subgroup's first row / column inside the workgroup tile.
    row0: k::Value,
    col0: k::Value,
}

impl<'a> Lowering<'a> {
    /// A matmul-like contraction tiled for workgroups: SIMT (see `simt.rs`) or cooperative
    /// matrices (see the module docs).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn tiled_matmul(
        &mut self,
        region: &DispatchRegion,
        op: &Op,
        g: &Generic,
        sizes: &[SizeExpr],
        dims: &MatmulDims,
        pipeline: MatmulPipeline,
        combiner: Combiner,
    ) -> Result<(), CompileError> {
        match pipeline {
            MatmulPipeline::Simt(c) => {
                let gemm = Gemm { op, g, sizes, dims };
                self.simt_matmul(region, &gemm, c, combiner, None)
            }
            MatmulPipeline::Lanes(c) => {
                // One workgroup is one subgroup whose lanes broadcast their rows: the size is
                // recorded, so the runtime pins it or refuses a device without it.
                self.b.kernel.required_subgroup_size = Some(c.subgroup_size);
                self.lanes_matmul(region, op, g, sizes, dims, c, combiner)
            }
            MatmulPipeline::CooperativeMatrix(c) => {
                self.cooperative_matmul(region, op, g, sizes, dims, c)
            }
        }
    }

    pub(super) fn cooperative_matmul(
        &mut self,
        region: &DispatchRegion,
        op: &Op,
        g: &Generic,
        sizes: &[SizeExpr],
        dims: &MatmulDims,
        c: CooperativeMatrixConfig,
    ) -> Result<(), CompileError> {
        use k::BinaryOp as B;
        // Inputs trading roles: the second input is the lhs, its columns the rows (the
        // product is the same; the epilogue maps each output back through the loop point).
        let (swapped_op, swapped_g, swapped_dims);
        let (op, g, dims) = match c.swapped {
            false => (op, g, dims),
            true => {
                let mut o = op.clone();
                o.operands.swap(0, 1);
                let mut h = g.clone();
                h.indexing_maps.swap(0, 1);
                swapped_op = o;
                swapped_g = h;
                swapped_dims = MatmulDims {
                    batch: dims.batch.clone(),
                    m: dims.n.clone(),
                    n: dims.m.clone(),
                    k: dims.k.clone(),
                };
                (&swapped_op, &swapped_g, &swapped_dims)
            }
        };
        let gemm = Gemm { op, g, sizes, dims };
        let result = op.results[0];
        let acc_ty = self.compute_type(self.f.values[result].ty.dtype())?;
        let a_ty = self.compute_type(self.f.values[op.operands[0]].ty.dtype())?;
        let b_ty = self.compute_type(self.f.values[op.operands[1]].ty.dtype())?;
        let fits = match c.split {
            false => {
                (a_ty, b_ty) == (ScalarType::F16, ScalarType::F16)
                    && matches!(acc_ty, ScalarType::F32 | ScalarType::F16)
            }
            true => [a_ty, b_ty, acc_ty] == [ScalarType::F32; 3],
        };
        if !fits {
            return Err(internal(
                "cooperative-matrix pipeline chosen for a matmul that is not f16 x f16 -> f32 / f16 \
                 (or f32 x f32 -> f32 split)",
            ));
        }
        // The staged tiles' element: the operands', or bf16 planes of f32 operands.
        let tile_ty = if c.split { ScalarType::BF16 } else { a_ty };
        let prefetch = c.split && self.target.heuristics.split_cooperative_matrix_prefetch == 1;
        let planes = c.planes();
        let (tm, tn, tk) = (c.tile_m, c.tile_n, c.tile_k);
        let workgroup_size = c.workgroup_size();
        // The fragment blocks assume `subgroups_m * subgroups_n` subgroups of the target's
        // subgroup size: recorded, so the runtime pins it or refuses a device without it.
        self.b.kernel.required_subgroup_size = Some(c.subgroup_size);
        self.b.kernel.local_size = [workgroup_size, 1, 1];
        let (m_expr, n_expr, k_expr, grid) = gemm_grid(sizes, dims, tm, tn);
        let nbatch = dims.batch.len();
        let per_invocation = [tm * tk / workgroup_size, tk * tn / workgroup_size];
        if tm * tk % workgroup_size != 0 || tk * tn % workgroup_size != 0 {
            return Err(internal(
                "cooperative-matrix tiles do not divide over the workgroup",
            ));
        }
        let vector = |this: &Self, arg: usize, inner: Option<usize>| {
            inner
                .filter(|_| per_invocation[arg].is_multiple_of(4))
                .and_then(|d| this.vector_operand(&gemm, arg, d))
        };
        let copies = [
            StageCopy {
                arg: 0,
                vector: vector(self, 0, dims.k.last().copied()),
                per_invocation: per_invocation[0],
            },
            StageCopy {
                arg: 1,
                vector: vector(self, 1, dims.n.last().copied()),
                per_invocation: per_invocation[1],
            },
        ];
        self.parallel_over(ParallelMarker::Workgroup, &grid, |this, group| {
            this.parallel_over(
                ParallelMarker::Local,
                &[SizeExpr::Const(workgroup_size as i64)],
                |this, lane| {
                    let lane = lane[0];
                    let a_tile = this.b.allocate(
                        "lhs_tile",
                        k::StorageClass::Workgroup,
                        tile_ty,
                        c.stages * planes * c.lhs_stage(),
                    );
                    let b_tile = this.b.allocate(
                        "rhs_tile",
                        k::StorageClass::Workgroup,
                        tile_ty,
                        c.stages * planes * c.rhs_stage(),
                    );
                    let zero_acc = this.b.constant(acc_ty, 0.0);
                    let state = this.cooperative_matrix_setup(c, tile_ty, acc_ty, zero_acc);
                    let edges = GemmEdges {
                        m: this.size(&m_expr),
                        n: this.size(&n_expr),
                        k: this.size(&k_expr),
                    };
                    let tm_v = this.b.index(tm as i64);
                    let tn_v = this.b.index(tn as i64);
                    let m0 = this.b.binary(B::Mul, group[nbatch], tm_v);
                    let n0 = this.b.binary(B::Mul, group[nbatch + 1], tn_v);
                    let a_stride = this.b.index(c.lhs_stride() as i64);
                    let b_stride = this.b.index(c.rhs_stride() as i64);
                    let ctx = CopyContext {
                        gemm: &gemm,
                        group,
                        lane,
                        workgroup_size,
                        m0,
                        n0,
                        edges,
                        tiles: StageTiles {
                            a: a_tile,
                            b: b_tile,
                            a_stride,
                            b_stride,
                        },
                        layout: StageLayout {
                            tile_n: tn,
                            tile_k: tk,
                            lhs_k_major: false,
                            lhs_stage: planes * c.lhs_stage(),
                            rhs_stage: planes * c.rhs_stage(),
                            planes: c.split.then(|| [c.lhs_stage(), c.rhs_stage()]),
                        },
                        elem: [a_ty, b_ty],
                    };
                    let math = &mut |this: &mut Self, offsets: (k::Value, k::Value)| {
                        // Fragments of the staged tiles, `matrix_k` reduction steps per stage.
                        let (fm, fn_) = c.fragments();
                        for step in 0..tk / c.matrix_k {
                            let kk = this.b.index((step * c.matrix_k) as i64);
                            // Per fragment, its planes (one unless split).
                            let mut a_values = Vec::new();
                            for i in 0..fm {
                                let off = this.b.index((i * c.matrix_m) as i64);
                                let row = this.b.binary(B::Add, state.row0, off);
                                let at = this.b.binary(B::Mul, row, a_stride);
                                let at = this.b.binary(B::Add, at, kk);
                                let at = this.b.binary(B::Add, at, offsets.0);
                                let loads = this.matrix_planes(
                                    state.a_type,
                                    a_tile,
                                    at,
                                    a_stride,
                                    (planes, c.lhs_stage()),
                                );
                                a_values.push(loads);
                            }
                            let mut b_values = Vec::new();
                            for j in 0..fn_ {
                                let off = this.b.index((j * c.matrix_n) as i64);
                                let col = this.b.binary(B::Add, state.col0, off);
                                let at = this.b.binary(B::Mul, kk, b_stride);
                                let at = this.b.binary(B::Add, at, col);
                                let at = this.b.binary(B::Add, at, offsets.1);
                                let loads = this.matrix_planes(
                                    state.b_type,
                                    b_tile,
                                    at,
                                    b_stride,
                                    (planes, c.rhs_stage()),
                                );
                                b_values.push(loads);
                            }
                            for (i, a) in a_values.iter().enumerate() {
                                for (j, b) in b_values.iter().enumerate() {
                                    let place =
                                        Place::Allocation(state.accumulators[i * fn_ as usize + j]);
                                    let ty = k::Type::Matrix(state.acc_type);
                                    let c = this.b.load(ty, place, vec![]);
                                    let next = if b.len() == 1 {
                                        this.b.let_op(
                                            ty,
                                            k::Op::MatrixMulAdd {
                                                a: a[0],
                                                b: b[0],
                                                c,
                                            },
                                        )
                                    } else {
                                        // The six products from zero, smallest first, then
                                        // one round-to-nearest add into the accumulator.
                                        let mut part = state.zero;
                                        for (pa, pb) in SPLIT_PRODUCTS {
                                            part = this.b.let_op(
                                                ty,
                                                k::Op::MatrixMulAdd {
                                                    a: a[pa as usize],
                                                    b: b[pb as usize],
                                                    c: part,
                                                },
                                            );
                                        }
                                        this.b.binary(B::Add, c, part)
                                    };
                                    this.b.store(place, vec![], next);
                                }
                            }
                        }
                        Ok(())
                    };
                    this.staged_k_loop(&ctx, &copies, c.stages, prefetch, None, math)?;
                    // Epilogue, fragment by fragment through each subgroup's scratch.
                    let (fm, fn_) = c.fragments();
                    let result_stride = this.b.index(c.result_stride() as i64);
                    let matrix_n = this.b.index(c.matrix_n as i64);
                    for i in 0..fm {
                        for j in 0..fn_ {
                            let place =
                                Place::Allocation(state.accumulators[(i * fn_ + j) as usize]);
                            let value = this.b.load(k::Type::Matrix(state.acc_type), place, vec![]);
                            this.b.matrix_store(
                                Place::Allocation(state.result_scratch),
                                state.scratch0,
                                result_stride,
                                value,
                            );
                            this.b.barrier();
                            let off_m = this.b.index((i * c.matrix_m) as i64);
                            let off_n = this.b.index((j * c.matrix_n) as i64);
                            let frag_m = this.b.binary(B::Add, state.row0, off_m);
                            let frag_m = this.b.binary(B::Add, m0, frag_m);
                            let frag_n = this.b.binary(B::Add, state.col0, off_n);
                            let frag_n = this.b.binary(B::Add, n0, frag_n);
                            let count = this.b.index((c.matrix_m * c.matrix_n) as i64);
                            let step = this.b.index(c.subgroup_size as i64);
                            this.for_loop(state.subgroup_lane, count, step, |this, e| {
                                let r = this.b.binary(B::Div, e, matrix_n);
                                let col = this.b.binary(B::Rem, e, matrix_n);
                                let gm = this.b.binary(B::Add, frag_m, r);
                                let gn = this.b.binary(B::Add, frag_n, col);
                                this.finish_gemm_output(
                                    region,
                                    &gemm,
                                    group,
                                    edges,
                                    gm,
                                    gn,
                                    acc_ty,
                                    |this| {
                                        let at = this.b.binary(B::Mul, r, result_stride);
                                        let at = this.b.binary(B::Add, at, col);
                                        let at = this.b.binary(B::Add, at, state.scratch0);
                                        this.b.load(
                                            k::Type::Scalar(acc_ty),
                                            Place::Allocation(state.result_scratch),
                                            vec![at],
                                        )
                                    },
                                )
                            })?;
                            // The scratch is reused by the next fragment.
                            this.b.barrier();
                        }
                    }
                    Ok(())
                },
            )
        })
    }

    /// The fragment of type `ty` at element `at` (row stride `stride`) of staged `tile`, once
    /// per plane (`planes.0` of them, `planes.1` elements apart).
    fn matrix_planes(
        &mut self,
        ty: k::MatrixType,
        tile: k::AllocationId,
        at: k::Value,
        stride: k::Value,
        (planes, plane_elements): (u32, u32),
    ) -> Vec<k::Value> {
        (0..planes)
            .map(|p| {
                let offset = match p {
                    0 => at,
                    _ => {
                        let plane = self.b.index(i64::from(p * plane_elements));
                        self.b.binary(k::BinaryOp::Add, at, plane)
                    }
                };
                self.b.let_op(
                    k::Type::Matrix(ty),
                    k::Op::MatrixLoad {
                        place: Place::Allocation(tile),
                        offset,
                        stride,
                    },
                )
            })
            .collect()
    }

    /// The per-invocation state of the cooperative-matrix pipeline: zero-filled accumulator
    /// fragments, the per-subgroup f32 scratch fragments, and the origin of this subgroup's
    /// block.
    pub(super) fn cooperative_matrix_setup(
        &mut self,
        c: CooperativeMatrixConfig,
        element: ScalarType,
        acc_ty: ScalarType,
        zero: k::Value,
    ) -> CooperativeMatrixState {
        use k::BinaryOp as B;
        let matrix = |element, rows, columns, usage| k::MatrixType {
            element,
            rows,
            columns,
            usage,
            scope: k::MatrixScope::Subgroup,
        };
        let acc_type = matrix(acc_ty, c.matrix_m, c.matrix_n, k::MatrixUse::Accumulator);
        let fill = self
            .b
            .let_op(k::Type::Matrix(acc_type), k::Op::Splat { arg: zero });
        let (fm, fn_) = c.fragments();
        let accumulators = (0..fm * fn_)
            .map(|_| {
                let a = self.b.allocate_matrix("acc", acc_type);
                self.b.store(Place::Allocation(a), vec![], fill);
                a
            })
            .collect();
        let result_scratch = self.b.allocate(
            "result_scratch",
            k::StorageClass::Workgroup,
            acc_ty,
            c.subgroups() * c.result_fragment(),
        );
        // Subgroups in row-major order over a subgroups_m x subgroups_n grid.
        let subgroup = self.b.builtin(k::Builtin::SubgroupId, 0);
        let subgroup_lane = self.b.builtin(k::Builtin::SubgroupLocalInvocationId, 0);
        let across = self.b.index(c.subgroups_n as i64);
        let sr = self.b.binary(B::Div, subgroup, across);
        let sc = self.b.binary(B::Rem, subgroup, across);
        let block_m = self.b.index((c.tile_m / c.subgroups_m) as i64);
        let block_n = self.b.index((c.tile_n / c.subgroups_n) as i64);
        let fragment = self.b.index(c.result_fragment() as i64);
        CooperativeMatrixState {
            a_type: matrix(element, c.matrix_m, c.matrix_k, k::MatrixUse::A),
            b_type: matrix(element, c.matrix_k, c.matrix_n, k::MatrixUse::B),
            acc_type,
            zero: fill,
            accumulators,
            result_scratch,
            scratch0: self.b.binary(B::Mul, subgroup, fragment),
            subgroup_lane,
            row0: self.b.binary(B::Mul, sr, block_m),
            col0: self.b.binary(B::Mul, sc, block_n),
        }
    }
}
