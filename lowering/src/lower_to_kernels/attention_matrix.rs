//! The tensor-core attention kernel (`AttentionConfig::matrix`: 16-bit `Q`, `K`, `P` and `V`;
//! the chain, the SIMT kernel and [`Frame`] in `attention.rs`). One pass over the keys: a
//! workgroup takes one (batch.., head) and `rows` query rows (a multiple of 16), its subgroups
//! working in phases separated by barriers:
//!
//! 1. The block's queries are staged row-major in shared memory (16-bit, through their fused
//!    producers; rows past the queries read the last query's row and are never stored).
//! 2. Scores, `key_chunk` keys at a time: the chunk's keys are staged as `K^T` (a row per depth
//!    index; keys past the last are zero), then the subgroups take the chunk's 16x16 score
//!    fragments (row tile, key tile) in turn, each the sum of `depth / 16` products of query
//!    and key fragments in an f32 accumulator, stored into the f32 score block.
//! 3. Per score (SIMT, in place): the first contraction's init and the elementwise ops between
//!    it and the softmax (scale, mask, bias), as the SIMT kernel applies them.
//! 4. The softmax, a subgroup per row: max, exp and sum in f32 with subgroup reductions, each
//!    probability rounded to the softmax's element type and put through the ops between the
//!    softmax and `P V` (a cast), into a 16-bit probability block; zero past the last key up
//!    to whole fragments.
//! 5. `P V`: each subgroup owns output fragments (row tile, value-column tile) in turn, their f32
//!    accumulators kept across the key chunks; per chunk the values are staged row-major (keys
//!    past the last zero) and each fragment adds its `key_chunk / 16` products.
//! 6. The accumulators go to the score block (free by then), and each invocation finishes
//!    outputs from it: the second contraction's init, the region's epilogue, a store where the
//!    row is a query.
//!
//! Every shared stride keeps the rows of matrix loads and stores 16-byte aligned
//! ([`MatrixAttention`]). Matrix operations run under subgroup-uniform conditions only (the
//! subgroup index and constants).

use super::attention::{Chain, Frame};
use super::context::*;
use crate::kernel_config::attention::{AttentionConfig, MatrixAttention, Role};

/// The most elements an invocation stages per step (their loads issued together).
const STAGE_UNROLL: i64 = 8;

/// A staging loop's fetch of element `e`: its shared slot and value.
type Fetch<'l, 'a> =
    dyn FnMut(&mut Lowering<'a>, k::Value) -> Result<(k::Value, k::Value), CompileError> + 'l;
/// A body over one of this subgroup's output fragments: its accumulator, row and column tile.
type FragmentBody<'l, 'a> = dyn FnMut(&mut Lowering<'a>, k::AllocationId, k::Value, k::Value) -> Result<(), CompileError>
    + 'l;

impl<'a> Lowering<'a> {
    pub(super) fn matrix_attention(
        &mut self,
        region: &DispatchRegion,
        c: AttentionConfig,
        m: MatrixAttention,
    ) -> Result<(), CompileError> {
        use k::BinaryOp as B;
        let Chain {
            chain,
            scores_op,
            softmax_op,
            context_op,
            qk,
            pv,
        } = Chain::of(self.f, region)?;
        let f = self.f;
        let element = self.compute_type(f.values[scores_op.operands[0]].ty.dtype())?;
        let score_ty = self.compute_type(f.values[scores_op.results[0]].ty.dtype())?;
        let softmax_element = self.compute_type(f.values[softmax_op.results[0]].ty.dtype())?;
        let out_ty = self.compute_type(f.values[context_op.results[0]].ty.dtype())?;
        let f32_ty = ScalarType::F32;
        let softmax_input = softmax_op.operands[0];
        let probabilities = softmax_op.results[0];
        let lhs = context_op.operands[0];
        let keys = chain
            .keys()
            .as_const()
            .ok_or_else(|| internal("tensor-core attention of symbolic keys"))?;
        let (depth, columns, queries) = (chain.depth, chain.columns, chain.queries());
        let (rows, threads) = (c.rows, c.threads);
        let subgroups = threads / c.subgroup_size;
        let padded = m.padded_keys(keys);
        let q_stride = m.query_stride(depth);
        let s_stride = m.score_stride(keys, columns);
        let p_stride = m.probability_stride(keys);
        let kt_stride = m.key_stride();
        let v_stride = m.value_stride(columns);
        let fragment = i64::from(m.m);
        let row_tiles = i64::from(rows) / fragment;
        let column_tiles = columns / fragment;
        let chunk = i64::from(m.key_chunk);
        let matrix = |usage, rows, columns| k::MatrixType {
            element: match usage {
                k::MatrixUse::Accumulator => f32_ty,
                _ => element,
            },
            rows,
            columns,
            usage,
            scope: k::MatrixScope::Subgroup,
        };
        let a_type = matrix(k::MatrixUse::A, m.m, m.k);
        let b_type = matrix(k::MatrixUse::B, m.k, m.n);
        let acc_type = matrix(k::MatrixUse::Accumulator, m.m, m.n);

        self.attention_grid(&chain, rows, threads, |this, frame, block, lane| {
            let rows_v = this.b.index(i64::from(rows));
            let m0 = this.b.binary(B::Mul, block, rows_v);
            let last_query = this.size_index(&queries.clone().sub(SizeExpr::Const(1)));
            let clamped_query = |this: &mut Self, r: k::Value| {
                let q = this.b.binary(B::Add, m0, r);
                this.b.binary(B::Min, q, last_query)
            };
            let shared = |this: &mut Self, name: &str, ty: ScalarType, len: i64| {
                let len = u32::try_from(len).map_err(|_| internal("attention shared size"))?;
                Ok::<_, CompileError>(this.b.allocate(name, k::StorageClass::Workgroup, ty, len))
            };
            let rows_i = i64::from(rows);
            let q_tile = shared(this, "query_tile", element, rows_i * q_stride)?;
            let score_block = shared(this, "score_block", f32_ty, rows_i * s_stride)?;
            let p_block = shared(this, "probabilities", element, rows_i * p_stride)?;
            let stage = shared(
                this,
                "key_value_stage",
                element,
                m.stage_len(depth, columns),
            )?;
            let zero = this.b.index(0);
            let threads_v = this.b.index(i64::from(threads));
            let keys_v = this.b.index(keys);
            let last_key = this.b.index(keys - 1);
            let zero_e = this.b.constant(element, 0.0);
            let subgroup = this.b.builtin(k::Builtin::SubgroupId, 0);
            let subgroups_v = this.b.index(i64::from(subgroups));
            let first_query = clamped_query(this, zero);
            // The invocations' elements `e` of a `count`-element loop.
            let strided = |this: &mut Self,
                           count: i64,
                           body: &mut dyn FnMut(
                &mut Self,
                k::Value,
            ) -> Result<(), CompileError>| {
                let count = this.b.index(count);
                this.for_loop(lane, count, threads_v, |this, e| body(this, e))
            };
            // A `count`-element fill of shared `place`: `fetch(e)` gives element `e`'s
            // slot and value; up to `STAGE_UNROLL` elements an invocation a step, all
            // fetched before they are stored (their loads in flight together), then
            // the rest one at a time.
            let staged =
                |this: &mut Self, count: i64, place: k::AllocationId, fetch: &mut Fetch<'_, 'a>| {
                    let per = i64::from(threads);
                    let unroll = (count / per).clamp(1, STAGE_UNROLL);
                    let group = per * unroll;
                    let whole = count / group * group;
                    if whole > 0 {
                        let end = this.b.index(whole);
                        let step = this.b.index(group);
                        this.for_loop(lane, end, step, |this, e0| {
                            let mut items = Vec::new();
                            for u in 0..unroll {
                                let at = this.b.index(u * per);
                                let e = this.b.binary(B::Add, e0, at);
                                items.push(fetch(this, e)?);
                            }
                            for (slot, x) in items {
                                this.b.store(Place::Allocation(place), vec![slot], x);
                            }
                            Ok(())
                        })?;
                    }
                    if whole < count {
                        let at = this.b.index(whole);
                        let start = this.b.binary(B::Add, lane, at);
                        let end = this.b.index(count);
                        this.for_loop(start, end, threads_v, |this, e| {
                            let (slot, x) = fetch(this, e)?;
                            this.b.store(Place::Allocation(place), vec![slot], x);
                            Ok(())
                        })?;
                    }
                    Ok::<(), CompileError>(())
                };
            // `e` as (e / n, e % n).
            let split = |this: &mut Self, e: k::Value, n: i64| {
                let n = this.b.index(n);
                (this.b.binary(B::Div, e, n), this.b.binary(B::Rem, e, n))
            };
            // Key `k0 + j`, clamped, and whether it is a key.
            let key_at = |this: &mut Self, k0: k::Value, j: k::Value| {
                let key = this.b.binary(B::Add, k0, j);
                let inside = this.b.compare(k::CompareOp::Lt, key, keys_v);
                (this.b.binary(B::Min, key, last_key), inside)
            };
            let offset = |this: &mut Self, terms: &[(k::Value, i64)], constant: i64| {
                let mut at = this.b.index(constant);
                for &(v, scale) in terms {
                    let scale = this.b.index(scale);
                    let x = this.b.binary(B::Mul, v, scale);
                    at = this.b.binary(B::Add, at, x);
                }
                at
            };
            let load_matrix = |this: &mut Self, ty, place, at, stride: i64| {
                let stride = this.b.index(stride);
                this.b.let_op(
                    k::Type::Matrix(ty),
                    k::Op::MatrixLoad {
                        place: Place::Allocation(place),
                        offset: at,
                        stride,
                    },
                )
            };
            // The whole key chunks in a loop, then the partial one (`body(k0, len)`).
            let chunks = |this: &mut Self,
                          body: &mut dyn FnMut(
                &mut Self,
                k::Value,
                i64,
            ) -> Result<(), CompileError>| {
                let whole = padded / chunk * chunk;
                if whole > 0 {
                    let end = this.b.index(whole);
                    let step = this.b.index(chunk);
                    this.for_loop(zero, end, step, |this, k0| body(this, k0, chunk))?;
                }
                if whole < padded {
                    let k0 = this.b.index(whole);
                    body(this, k0, padded - whole)?;
                }
                Ok::<(), CompileError>(())
            };

            // Keys `k0..k0 + len` of operand 1 (`K` or `V`) of contraction `g` (op `op`, its loop
            // point from `batch` and `roles`), `width` elements a key, into the stage: key `j`'s
            // element `x` at `j * strides.0 + x * strides.1`, zero past the last key.
            let stage_keys = |this: &mut Self,
                              k0: k::Value,
                              len: i64,
                              (g, op, batch, roles): (&Generic, &Op, &[k::Value], &[Role]),
                              width: i64,
                              strides: (i64, i64)| {
                staged(this, len * width, stage, &mut |this, e| {
                    let (j, x) = split(this, e, width);
                    let (key, inside) = key_at(this, k0, j);
                    let idx = Frame::index(batch, first_query, key);
                    let point = frame.point(roles, &idx, x);
                    let at = this.gemm_indices_of(g, 1, &point)?;
                    let v = this.element(op.operands[1], &at)?;
                    let v = this.b.cast(v, element);
                    let v = this.b.select(inside, v, zero_e);
                    Ok((offset(this, &[(j, strides.0), (x, strides.1)], 0), v))
                })
            };
            // Phase 1: the queries, row-major.
            staged(this, i64::from(rows) * depth, q_tile, &mut |this, e| {
                let (r, dd) = split(this, e, depth);
                let q = clamped_query(this, r);
                let idx = Frame::index(&frame.scores, q, zero);
                let point = frame.point(&chain.scores_roles, &idx, dd);
                let at = this.gemm_indices_of(qk, 0, &point)?;
                let x = this.element(scores_op.operands[0], &at)?;
                let x = this.b.cast(x, element);
                Ok((offset(this, &[(r, q_stride), (dd, 1)], 0), x))
            })?;

            // Phase 2: the scores, a chunk of keys at a time.
            let score_zero = this.b.constant(f32_ty, 0.0);
            let acc_zero = this
                .b
                .let_op(k::Type::Matrix(acc_type), k::Op::Splat { arg: score_zero });
            chunks(this, &mut |this, k0, len| {
                let k = (qk, scores_op, &frame.scores[..], &chain.scores_roles[..]);
                stage_keys(this, k0, len, k, depth, (1, kt_stride))?;
                this.b.barrier();
                let key_tiles = len / fragment;
                let tiles = this.b.index(row_tiles * key_tiles);
                this.for_loop(subgroup, tiles, subgroups_v, |this, t| {
                    let (rt, kt) = split(this, t, key_tiles);
                    let mut acc = acc_zero;
                    for d0 in (0..depth).step_by(m.k as usize) {
                        let at = offset(this, &[(rt, fragment * q_stride)], d0);
                        let a = load_matrix(this, a_type, q_tile, at, q_stride);
                        let at = offset(this, &[(kt, fragment)], d0 * kt_stride);
                        let b = load_matrix(this, b_type, stage, at, kt_stride);
                        acc = this.b.let_op(
                            k::Type::Matrix(acc_type),
                            k::Op::MatrixMulAdd { a, b, c: acc },
                        );
                    }
                    let at = offset(this, &[(rt, fragment * s_stride), (kt, fragment)], 0);
                    let at = this.b.binary(B::Add, at, k0);
                    let stride = this.b.index(s_stride);
                    this.b
                        .matrix_store(Place::Allocation(score_block), at, stride, acc);
                    Ok(())
                })?;
                // (The next chunk restages the keys; phase 3 reads the scores.)
                this.b.barrier();
                Ok(())
            })?;

            // Phase 3: init and the ops before the softmax, per score.
            staged(this, i64::from(rows) * keys, score_block, &mut |this, e| {
                let (r, j) = split(this, e, keys);
                let q = clamped_query(this, r);
                let slot = offset(this, &[(r, s_stride), (j, 1)], 0);
                let total = this.b.load(
                    Type::Scalar(f32_ty),
                    Place::Allocation(score_block),
                    vec![slot],
                );
                let idx = Frame::index(&frame.scores, q, j);
                let init = this.element(scores_op.operands[qk.num_inputs], &idx)?;
                let init = this.b.cast(init, f32_ty);
                let s = this.b.binary(B::Add, init, total);
                let s = this.b.cast(s, score_ty);
                this.row_values.insert(scores_op.results[0], s);
                let softmax_idx = Frame::index(&frame.softmax, q, j);
                let x = this.element(softmax_input, &softmax_idx);
                this.row_values.remove(&scores_op.results[0]);
                Ok((slot, this.b.cast(x?, f32_ty)))
            })?;
            this.b.barrier();

            // Phase 4: the softmax, a subgroup per row, into the probability block.
            let sub_lane = this.b.builtin(k::Builtin::SubgroupLocalInvocationId, 0);
            let subgroup_size = this.b.index(i64::from(c.subgroup_size));
            let running = this
                .b
                .allocate("row_stat", k::StorageClass::Function, f32_ty, 1);
            this.for_loop(subgroup, rows_v, subgroups_v, |this, r| {
                let row = offset(this, &[(r, s_stride)], 0);
                let score_at = |this: &mut Self, j: k::Value| {
                    let slot = this.b.binary(B::Add, row, j);
                    let x = this.b.load(
                        Type::Scalar(f32_ty),
                        Place::Allocation(score_block),
                        vec![slot],
                    );
                    (slot, x)
                };
                // `fold(running, x)` over the row's scores, then across the subgroup.
                let reduce = |this: &mut Self,
                              start: f64,
                              op: k::ReduceOp,
                              fold: &mut dyn FnMut(
                    &mut Self,
                    k::Value,
                    k::Value,
                    k::Value,
                ) -> k::Value| {
                    let start = this.b.constant(f32_ty, start);
                    this.b.store(Place::Allocation(running), vec![], start);
                    this.for_loop(sub_lane, keys_v, subgroup_size, |this, j| {
                        let (slot, x) = score_at(this, j);
                        let acc =
                            this.b
                                .load(Type::Scalar(f32_ty), Place::Allocation(running), vec![]);
                        let acc = fold(this, acc, x, slot);
                        this.b.store(Place::Allocation(running), vec![], acc);
                        Ok(())
                    })?;
                    let mine =
                        this.b
                            .load(Type::Scalar(f32_ty), Place::Allocation(running), vec![]);
                    Ok::<_, CompileError>(this.b.let_op(
                        Type::Scalar(f32_ty),
                        k::Op::SubgroupReduce { op, arg: mine },
                    ))
                };
                let max = reduce(
                    this,
                    f64::NEG_INFINITY,
                    k::ReduceOp::Max,
                    &mut |this, acc, x, _| this.b.binary(B::Max, acc, x),
                )?;
                let sum = reduce(this, 0.0, k::ReduceOp::Add, &mut |this, acc, x, slot| {
                    let shifted = this.b.binary(B::Sub, x, max);
                    let e = this.b.unary(k::UnaryOp::Exp, shifted);
                    this.b.store(Place::Allocation(score_block), vec![slot], e);
                    this.b.binary(B::Add, acc, e)
                })?;
                let one = this.b.constant(f32_ty, 1.0);
                let inverse = this.b.binary(B::Div, one, sum);
                let q = clamped_query(this, r);
                let p_row = offset(this, &[(r, p_stride)], 0);
                this.for_loop(sub_lane, keys_v, subgroup_size, |this, j| {
                    let (_, e) = score_at(this, j);
                    let y = this.b.binary(B::Mul, e, inverse);
                    let y = this.b.cast(y, softmax_element);
                    // The ops between the softmax and `P V` (none, or a cast).
                    let y = if lhs == probabilities {
                        y
                    } else {
                        let idx = Frame::index(&frame.lhs, q, j);
                        this.row_values.insert(probabilities, y);
                        let y = this.element(lhs, &idx);
                        this.row_values.remove(&probabilities);
                        y?
                    };
                    let y = this.b.cast(y, element);
                    let slot = this.b.binary(B::Add, p_row, j);
                    this.b.store(Place::Allocation(p_block), vec![slot], y);
                    Ok(())
                })?;
                if padded > keys {
                    let start = this.b.binary(B::Add, keys_v, sub_lane);
                    let end = this.b.index(padded);
                    this.for_loop(start, end, subgroup_size, |this, j| {
                        let slot = this.b.binary(B::Add, p_row, j);
                        this.b.store(Place::Allocation(p_block), vec![slot], zero_e);
                        Ok(())
                    })?;
                }
                Ok(())
            })?;

            // Phase 5: P V into each subgroup's output fragments.
            let total = row_tiles * column_tiles;
            let owned = (total + i64::from(subgroups) - 1) / i64::from(subgroups);
            let accumulators: Vec<k::AllocationId> = (0..owned)
                .map(|_| {
                    let a = this.b.allocate_matrix("acc", acc_type);
                    this.b.store(Place::Allocation(a), vec![], acc_zero);
                    a
                })
                .collect();
            // Fragment `u` of this subgroup (row tile, column tile), under the
            // condition that it exists.
            let owned_fragments = |this: &mut Self, body: &mut FragmentBody<'_, 'a>| {
                for (u, &acc) in accumulators.iter().enumerate() {
                    let t = offset(this, &[(subgroup, 1)], u as i64 * i64::from(subgroups));
                    let (rt, ct) = split(this, t, column_tiles);
                    if (u as i64 + 1) * i64::from(subgroups) <= total {
                        body(this, acc, rt, ct)?;
                    } else {
                        let limit = this.b.index(total);
                        let exists = this.b.compare(k::CompareOp::Lt, t, limit);
                        this.if_then(exists, |this| body(this, acc, rt, ct))?;
                    }
                }
                Ok::<(), CompileError>(())
            };
            chunks(this, &mut |this, k0, len| {
                let v = (pv, context_op, &frame.lhs[..], &chain.context_roles[..]);
                stage_keys(this, k0, len, v, columns, (v_stride, 1))?;
                this.b.barrier();
                owned_fragments(this, &mut |this, acc_place, rt, ct| {
                    let mut acc =
                        this.b
                            .load(Type::Matrix(acc_type), Place::Allocation(acc_place), vec![]);
                    for kk in (0..len).step_by(m.k as usize) {
                        let at = offset(this, &[(rt, fragment * p_stride)], kk);
                        let at = this.b.binary(B::Add, at, k0);
                        let a = load_matrix(this, a_type, p_block, at, p_stride);
                        let at = offset(this, &[(ct, fragment)], kk * v_stride);
                        let b = load_matrix(this, b_type, stage, at, v_stride);
                        acc = this.b.let_op(
                            k::Type::Matrix(acc_type),
                            k::Op::MatrixMulAdd { a, b, c: acc },
                        );
                    }
                    this.b.store(Place::Allocation(acc_place), vec![], acc);
                    Ok(())
                })?;
                // (The next chunk restages the values.)
                this.b.barrier();
                Ok(())
            })?;

            // Phase 6: the accumulators into the score block, then the outputs.
            owned_fragments(this, &mut |this, acc_place, rt, ct| {
                let acc = this
                    .b
                    .load(Type::Matrix(acc_type), Place::Allocation(acc_place), vec![]);
                let at = offset(this, &[(rt, fragment * s_stride), (ct, fragment)], 0);
                let stride = this.b.index(s_stride);
                this.b
                    .matrix_store(Place::Allocation(score_block), at, stride, acc);
                Ok(())
            })?;
            this.b.barrier();
            let queries_v = this.size_index(&queries);
            let init_map = pv.indexing_maps[pv.num_inputs]
                .as_projection()
                .ok_or_else(|| internal("attention init map"))?;
            strided(this, i64::from(rows) * columns, &mut |this, e| {
                let (r, col) = split(this, e, columns);
                let q = this.b.binary(B::Add, m0, r);
                let inside = this.b.compare(k::CompareOp::Lt, q, queries_v);
                this.if_then(inside, |this| {
                    let idx = Frame::index(&frame.lhs, q, zero);
                    let point = frame.point(&chain.context_roles, &idx, col);
                    let out_idx: Vec<k::Value> = init_map.iter().map(|&d| point[d]).collect();
                    let slot = offset(this, &[(r, s_stride), (col, 1)], 0);
                    let total = this.b.load(
                        Type::Scalar(f32_ty),
                        Place::Allocation(score_block),
                        vec![slot],
                    );
                    let init = this.element(context_op.operands[pv.num_inputs], &out_idx)?;
                    let init = this.b.cast(init, f32_ty);
                    let value = this.b.binary(B::Add, init, total);
                    let value = this.b.cast(value, out_ty);
                    this.substitutions
                        .insert((context_op.results[0], out_idx.clone()), value);
                    this.store_outputs(region, &out_idx)
                })
            })
        })
    }
}
