//! The matmul-like contraction strategy of `lower-to-kernels`: workgroup tiles (marker
//! `workgroup`), operand tiles promoted to Workgroup memory, then SIMT register tiles or
//! subgroup cooperative matrices; the configuration comes from `kernel_config`.

use super::*;
use crate::kernel_config::{CooperativeMatrixConfig, MatmulPipeline};

/// See `Lowering::cooperative_matrix_setup`.
struct CooperativeMatrixState {
    a_type: k::MatrixType,
    b_type: k::MatrixType,
    acc_type: k::MatrixType,
    /// Row-major over the subgroup's `fragments_m x fragments_n` block.
    accumulators: Vec<k::AllocationId>,
    result_tile: k::AllocationId,
    /// This subgroup's first row / column inside the workgroup tile.
    row0: k::Value,
    col0: k::Value,
}

impl<'a> Lowering<'a> {
    /// A matmul-like contraction tiled for workgroups (marker `workgroup`): SIMT (see
    /// `simt.rs`) or cooperative matrices. The cooperative-matrix kernel promotes both operand
    /// tiles to Workgroup memory (cooperative copies, a barrier before and after the compute
    /// stage); each subgroup multiplies a block of fragments. Out-of-range rows / columns / k
    /// are read as zero (clamped loads plus a select) and not stored.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn tiled_matmul(
        &mut self,
        region: &DispatchRegion,
        op: &Op,
        g: &Generic,
        sizes: &[SizeExpr],
        dims: &crate::kernel_config::MatmulDims,
        pipeline: MatmulPipeline,
        combiner: Combiner,
    ) -> Result<(), CompileError> {
        use k::BinaryOp as B;
        let c = match pipeline {
            MatmulPipeline::Simt(c) => {
                return self.simt_matmul(region, op, g, sizes, dims, c, combiner)
            }
            MatmulPipeline::CooperativeMatrix(c) => c,
        };
        let result = op.results[0];
        let acc_ty = self.compute_type(self.f.values[result].ty.dtype())?;
        let a_ty = self.compute_type(self.f.values[op.operands[0]].ty.dtype())?;
        let b_ty = self.compute_type(self.f.values[op.operands[1]].ty.dtype())?;
        let init_map = g.indexing_maps[g.num_inputs]
            .as_projection()
            .ok_or_else(|| internal("init map"))?;
        let (tm, tn, tk) = (c.tile_m, c.tile_n, c.tile_k);
        let (lhs_stride, rhs_stride) = (c.lhs_stride(), c.rhs_stride());
        let workgroup_size = c.workgroup_size();
        let limits = &self.target.env.limits;
        // The fragment blocks assume `subgroups_m * subgroups_n` subgroups of the target's
        // subgroup size; pin it where the device may pick another.
        if limits.min_subgroup_size != limits.max_subgroup_size {
            self.b.kernel.required_subgroup_size = Some(c.subgroup_size);
        }
        if (a_ty, b_ty, acc_ty) != (ScalarType::F16, ScalarType::F16, ScalarType::F32) {
            return Err(internal(
                "cooperative-matrix pipeline chosen for a matmul that is not f16 x f16 -> f32",
            ));
        }
        self.b.kernel.local_size = [workgroup_size, 1, 1];
        let mut grid: Vec<SizeExpr> = dims.batch.iter().map(|&d| sizes[d].clone()).collect();
        let group_size = |group: &[usize]| SizeExpr::product(group.iter().map(|&d| &sizes[d]));
        let (m_expr, n_expr, k_expr) = (
            group_size(&dims.m),
            group_size(&dims.n),
            group_size(&dims.k),
        );
        grid.push(m_expr.clone().ceil_div(SizeExpr::Const(tm as i64)));
        grid.push(n_expr.clone().ceil_div(SizeExpr::Const(tn as i64)));
        let nbatch = dims.batch.len();
        let ndims = g.iterator_types.len();
        self.parallel_over(ParallelMarker::Workgroup, &grid, |this, group| {
            this.parallel_over(
                ParallelMarker::Local,
                &[SizeExpr::Const(workgroup_size as i64)],
                |this, lane| {
                    let lane = lane[0];
                    // Row strides padded against bank conflicts (see `MatmulConfig::pad`).
                    let a_tile = this.b.allocate(
                        "lhs_tile",
                        k::StorageClass::Workgroup,
                        a_ty,
                        tm * lhs_stride,
                    );
                    let b_tile = this.b.allocate(
                        "rhs_tile",
                        k::StorageClass::Workgroup,
                        b_ty,
                        tk * rhs_stride,
                    );
                    let zero_acc = this.b.constant(acc_ty, 0.0);
                    // Cooperative matrices: one accumulator fragment per (i, j) of the
                    // subgroup's block, the f32 result tile, and the subgroup's block origin.
                    let state = this.cooperative_matrix_setup(c, acc_ty, zero_acc);
                    let (m_size, n_size, k_size) =
                        (this.size(&m_expr), this.size(&n_expr), this.size(&k_expr));
                    let one = this.b.index(1);
                    let (m_last, n_last, k_last) = (
                        this.b.binary(B::Sub, m_size, one),
                        this.b.binary(B::Sub, n_size, one),
                        this.b.binary(B::Sub, k_size, one),
                    );
                    let tm_v = this.b.index(tm as i64);
                    let tn_v = this.b.index(tn as i64);
                    let m0 = this.b.binary(B::Mul, group[nbatch], tm_v);
                    let n0 = this.b.binary(B::Mul, group[nbatch + 1], tn_v);
                    let zero = this.b.index(0);
                    // The loop point of (row, column, reduction) indices of the implicit GEMM:
                    // each is delinearized over its group of loop dims (last fastest).
                    let point = |this: &mut Self,
                                 m: k::Value,
                                 n: k::Value,
                                 kk: k::Value|
                     -> Vec<k::Value> {
                        let mut p = vec![zero; ndims];
                        for (j, &d) in dims.batch.iter().enumerate() {
                            p[d] = group[j];
                        }
                        for (linear, dims_of) in [(m, &dims.m), (n, &dims.n), (kk, &dims.k)] {
                            let mut rest = linear;
                            for (position, &d) in dims_of.iter().enumerate().rev() {
                                if position == 0 {
                                    p[d] = rest;
                                } else {
                                    let size = this.size(&sizes[d]);
                                    p[d] = this.b.binary(B::Rem, rest, size);
                                    rest = this.b.binary(B::Div, rest, size);
                                }
                            }
                        }
                        p
                    };
                    let input_at = |this: &mut Self,
                                    arg: usize,
                                    point: &[k::Value]|
                     -> Result<k::Value, CompileError> {
                        let mut idx = Vec::new();
                        for e in &g.indexing_maps[arg].results {
                            idx.push(this.affine(e, point)?);
                        }
                        this.element(op.operands[arg], &idx)
                    };
                    let tk_v = this.b.index(tk as i64);
                    let a_stride = this.b.index(lhs_stride as i64);
                    let b_stride = this.b.index(rhs_stride as i64);
                    let step = this.b.index(workgroup_size as i64);
                    this.for_loop(zero, k_size, tk_v, |this, k0| {
                        // Promote the lhs tile: tm x tk elements, e = row * tk + col, stored at
                        // row * (tk + pad) + col.
                        let count = this.b.index((tm * tk) as i64);
                        this.for_loop(lane, count, step, |this, e| {
                            let r = this.b.binary(B::Div, e, tk_v);
                            let c = this.b.binary(B::Rem, e, tk_v);
                            let gm = this.b.binary(B::Add, m0, r);
                            let gk = this.b.binary(B::Add, k0, c);
                            let ok_m = this.b.compare(k::CompareOp::Lt, gm, m_size);
                            let ok_k = this.b.compare(k::CompareOp::Lt, gk, k_size);
                            let ok = this.b.binary(B::And, ok_m, ok_k);
                            let gm = this.b.binary(B::Min, gm, m_last);
                            let gk = this.b.binary(B::Min, gk, k_last);
                            let x = {
                                let p = point(this, gm, zero, gk);
                                input_at(this, 0, &p)?
                            };
                            let z = this.b.constant(a_ty, 0.0);
                            let x = this.b.select(ok, x, z);
                            let at = this.b.binary(B::Mul, r, a_stride);
                            let at = this.b.binary(B::Add, at, c);
                            this.b.store(Place::Allocation(a_tile), vec![at], x);
                            Ok(())
                        })?;
                        // Promote the rhs tile: tk x tn elements, e = row * tn + col, stored at
                        // row * (tn + pad) + col.
                        let count = this.b.index((tk * tn) as i64);
                        this.for_loop(lane, count, step, |this, e| {
                            let r = this.b.binary(B::Div, e, tn_v);
                            let c = this.b.binary(B::Rem, e, tn_v);
                            let gk = this.b.binary(B::Add, k0, r);
                            let gn = this.b.binary(B::Add, n0, c);
                            let ok_k = this.b.compare(k::CompareOp::Lt, gk, k_size);
                            let ok_n = this.b.compare(k::CompareOp::Lt, gn, n_size);
                            let ok = this.b.binary(B::And, ok_k, ok_n);
                            let gk = this.b.binary(B::Min, gk, k_last);
                            let gn = this.b.binary(B::Min, gn, n_last);
                            let x = {
                                let p = point(this, zero, gn, gk);
                                input_at(this, 1, &p)?
                            };
                            let z = this.b.constant(b_ty, 0.0);
                            let x = this.b.select(ok, x, z);
                            let at = this.b.binary(B::Mul, r, b_stride);
                            let at = this.b.binary(B::Add, at, c);
                            this.b.store(Place::Allocation(b_tile), vec![at], x);
                            Ok(())
                        })?;
                        this.b.barrier();
                        {
                            // Fragments of the staged tiles, `matrix_k` reduction steps per stage.
                            let (fm, fn_) = c.fragments();
                            for step in 0..tk / c.matrix_k {
                                let kk = this.b.index((step * c.matrix_k) as i64);
                                let mut a_values = Vec::new();
                                for i in 0..fm {
                                    let off = this.b.index((i * c.matrix_m) as i64);
                                    let row = this.b.binary(B::Add, state.row0, off);
                                    let at = this.b.binary(B::Mul, row, a_stride);
                                    let at = this.b.binary(B::Add, at, kk);
                                    a_values.push(this.b.let_op(
                                        k::Type::Matrix(state.a_type),
                                        k::Op::MatrixLoad {
                                            place: Place::Allocation(a_tile),
                                            offset: at,
                                            stride: a_stride,
                                        },
                                    ));
                                }
                                let mut b_values = Vec::new();
                                for j in 0..fn_ {
                                    let off = this.b.index((j * c.matrix_n) as i64);
                                    let col = this.b.binary(B::Add, state.col0, off);
                                    let at = this.b.binary(B::Mul, kk, b_stride);
                                    let at = this.b.binary(B::Add, at, col);
                                    b_values.push(this.b.let_op(
                                        k::Type::Matrix(state.b_type),
                                        k::Op::MatrixLoad {
                                            place: Place::Allocation(b_tile),
                                            offset: at,
                                            stride: b_stride,
                                        },
                                    ));
                                }
                                for (i, &a) in a_values.iter().enumerate() {
                                    for (j, &b) in b_values.iter().enumerate() {
                                        let place = Place::Allocation(
                                            state.accumulators[i * fn_ as usize + j],
                                        );
                                        let ty = k::Type::Matrix(state.acc_type);
                                        let c = this.b.load(ty, place, vec![]);
                                        let next =
                                            this.b.let_op(ty, k::Op::MatrixMulAdd { a, b, c });
                                        this.b.store(place, vec![], next);
                                    }
                                }
                            }
                        }
                        this.b.barrier();
                        Ok(())
                    })?;
                    // Epilogue: fragments -> the staged result tile, then every invocation
                    // finishes (init + value, fused consumers, guarded store) a strided
                    // share of the tile, so edges need no partial fragments.
                    let (fm, fn_) = c.fragments();
                    let result_stride = this.b.index(c.result_stride() as i64);
                    for i in 0..fm {
                        for j in 0..fn_ {
                            let place =
                                Place::Allocation(state.accumulators[(i * fn_ + j) as usize]);
                            let value = this.b.load(k::Type::Matrix(state.acc_type), place, vec![]);
                            let off_m = this.b.index((i * c.matrix_m) as i64);
                            let off_n = this.b.index((j * c.matrix_n) as i64);
                            let row = this.b.binary(B::Add, state.row0, off_m);
                            let col = this.b.binary(B::Add, state.col0, off_n);
                            let at = this.b.binary(B::Mul, row, result_stride);
                            let at = this.b.binary(B::Add, at, col);
                            this.b.matrix_store(
                                Place::Allocation(state.result_tile),
                                at,
                                result_stride,
                                value,
                            );
                        }
                    }
                    this.b.barrier();
                    let count = this.b.index((tm * tn) as i64);
                    this.for_loop(lane, count, step, |this, e| {
                        let r = this.b.binary(B::Div, e, tn_v);
                        let col = this.b.binary(B::Rem, e, tn_v);
                        let gm = this.b.binary(B::Add, m0, r);
                        let gn = this.b.binary(B::Add, n0, col);
                        let ok_m = this.b.compare(k::CompareOp::Lt, gm, m_size);
                        let ok_n = this.b.compare(k::CompareOp::Lt, gn, n_size);
                        let ok = this.b.binary(B::And, ok_m, ok_n);
                        this.if_then(ok, |this| {
                            let p = point(this, gm, gn, zero);
                            let out_idx: Vec<k::Value> = init_map.iter().map(|&d| p[d]).collect();
                            let at = this.b.binary(B::Mul, r, result_stride);
                            let at = this.b.binary(B::Add, at, col);
                            let total = this.b.load(
                                k::Type::Scalar(acc_ty),
                                Place::Allocation(state.result_tile),
                                vec![at],
                            );
                            let init = this.element(op.operands[g.num_inputs], &out_idx)?;
                            let init = this.b.cast(init, acc_ty);
                            let value = this.b.binary(B::Add, init, total);
                            this.substitutions.insert((result, out_idx.clone()), value);
                            this.store_outputs(region, &out_idx)
                        })
                    })
                },
            )
        })
    }

    /// The per-invocation state of the cooperative-matrix pipeline: zero-filled accumulator
    /// fragments, the staged f32 result tile, and the origin of this subgroup's block.
    fn cooperative_matrix_setup(
        &mut self,
        c: CooperativeMatrixConfig,
        acc_ty: ScalarType,
        zero: k::Value,
    ) -> CooperativeMatrixState {
        use k::BinaryOp as B;
        let matrix = |element, rows, columns, usage| k::MatrixType {
            element,
            rows,
            columns,
            usage,
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
        let result_tile = self.b.allocate(
            "result_tile",
            k::StorageClass::Workgroup,
            acc_ty,
            c.tile_m * c.result_stride(),
        );
        // Subgroups in row-major order over a subgroups_m x subgroups_n grid.
        let subgroup = self.b.builtin(k::Builtin::SubgroupId, 0);
        let across = self.b.index(c.subgroups_n as i64);
        let sr = self.b.binary(B::Div, subgroup, across);
        let sc = self.b.binary(B::Rem, subgroup, across);
        let block_m = self.b.index((c.tile_m / c.subgroups_m) as i64);
        let block_n = self.b.index((c.tile_n / c.subgroups_n) as i64);
        CooperativeMatrixState {
            a_type: matrix(ScalarType::F16, c.matrix_m, c.matrix_k, k::MatrixUse::A),
            b_type: matrix(ScalarType::F16, c.matrix_k, c.matrix_n, k::MatrixUse::B),
            acc_type,
            accumulators,
            result_tile,
            row0: self.b.binary(B::Mul, sr, block_m),
            col0: self.b.binary(B::Mul, sc, block_n),
        }
    }
}
