//! Attention in one kernel (`RegionKind::Attention`, `fusion/attention.rs`; the chain and the
//! configuration from `kernel_config::attention`). A workgroup takes one (batch.., head) and a
//! block of `rows` query rows, in three phases separated by barriers:
//!
//! 1. Scores: the block's queries are staged in shared memory (through their fused producers,
//!    depth-major, read as vec4s of four rows where f32);
//!    each invocation takes keys `lane, lane + threads, ..`, reads the key's `depth` elements
//!    (through the fused producers of `K`, whichever way they lay it out) and accumulates its
//!    `rows` scores in registers, the queries read from shared memory (broadcasts). Each score
//!    gets the first contraction's init and the elementwise ops between it and the softmax
//!    (scale, mask: `element` of the softmax input with the score substituted at its point),
//!    then goes to the score block (`rows x key_stride` f32 in shared memory).
//! 2. Softmax: a subgroup per row (rows `subgroup, subgroup + subgroups, ..`), max, exp and
//!    sum in the softmax's arithmetic type (f32 for 16-bit floats) with subgroup reductions;
//!    each probability is rounded to the softmax's element type and put through the elementwise
//!    ops between the softmax and `P V` (a cast), then written back in place.
//! 3. Context: invocation `(row_thread, column_thread)` owns the rows `row_thread + i *
//!    row_threads` and the value columns `column_thread + j * column_threads`; per key it
//!    reads its value elements once (through `V`'s fused producers) and its probabilities from
//!    shared memory (broadcasts), and accumulates the register tile; the second contraction's
//!    init and the region's epilogue finish each output, stored where the row and column are
//!    inside the problem.
//!
//! Rows past the queries are computed on a clamped row and never stored; keys past the last
//! are not computed, and columns past the last are clamped and not stored.
//!
//! The blocked kernel (`AttentionConfig::key_block` > 0) runs the three phases per block of
//! `key_block` keys with an online softmax: per row in shared memory the running max, the
//! running sum and the block's factor `exp(m - m')` (f32); phase 2 shifts by the new max (0
//! while it is -inf), keeps the exps, and the subgroup's first invocation stores the
//! statistics; phase 3 rescales the tile by the factor before the block's `P V`; the outputs
//! are divided by the final sum. Static keys: a loop over the whole blocks and the partial one
//! as its own copy; symbolic keys: one loop, each block's length `min(block, keys - k0)` at run
//! time (as the queries of the grid).

use super::context::*;
use super::staging::extract;
use crate::kernel_config::attention::{find_chain, AttentionChain, Role};

impl<'a> Lowering<'a> {
    pub(super) fn attention(&mut self, region: &DispatchRegion) -> Result<(), CompileError> {
        use k::BinaryOp as B;
        let Strategy::Kernel(KernelStrategy::Attention(c)) = self.strategy else {
            return Err(internal("an attention region without its attention plan"));
        };
        // Rows reduce over subgroups of this size (and the matrix variant's fragments assume
        // `threads / subgroup_size` of them): recorded, so the runtime pins it or refuses a
        // device without it.
        self.b.kernel.required_subgroup_size = Some(c.subgroup_size);
        if let Some(m) = c.matrix {
            return self.matrix_attention(region, c, m);
        }
        let Chain {
            chain,
            scores_op,
            softmax_op,
            context_op,
            qk,
            pv,
        } = Chain::of(self.f, region)?;
        let f = self.f;
        let combiner = |g: &Generic| {
            recognize_combiner(&g.body, 2)
                .ok_or_else(|| internal("attention contraction without a combiner"))
        };
        let (qk_combiner, pv_combiner) = (combiner(qk)?, combiner(pv)?);
        let score_ty = self.compute_type(f.values[scores_op.results[0]].ty.dtype())?;
        let q_ty = self.compute_type(f.values[scores_op.operands[0]].ty.dtype())?;
        let softmax_element = self.compute_type(f.values[softmax_op.results[0]].ty.dtype())?;
        // Max, exp and sum in f32 for 16-bit floats (as `SoftmaxTypes`).
        let arith = match softmax_element {
            ScalarType::F16 | ScalarType::BF16 => ScalarType::F32,
            other => other,
        };
        let p_ty = self.compute_type(f.values[context_op.operands[0]].ty.dtype())?;
        let out_ty = self.compute_type(f.values[context_op.results[0]].ty.dtype())?;
        // Sums in f32 for 16-bit floats; each total is rounded to its contraction's result
        // type where it is used, as the stored result would be.
        let wide = |t: ScalarType| match t {
            ScalarType::F16 | ScalarType::BF16 => ScalarType::F32,
            other => other,
        };
        let (score_acc, out_acc) = (wide(score_ty), wide(out_ty));
        let softmax_input = softmax_op.operands[0];
        let probabilities = softmax_op.results[0];
        let lhs = context_op.operands[0];

        let (rows, threads) = (c.rows, c.threads);
        let (queries, keys, depth) = (chain.queries(), chain.keys(), chain.depth);
        let columns = chain.columns;
        let key_stride = i64::from(c.key_stride);
        let row_threads = c.row_threads();
        let rows_per_thread = rows.div_ceil(row_threads);
        let columns_per_thread = u32::try_from(columns)
            .map_err(|_| internal("attention columns"))?
            .div_ceil(c.column_threads);
        let subgroups = threads / c.subgroup_size;
        self.attention_grid(&chain, rows, threads, |this, frame, block, lane| {
            let rows_v = this.b.index(i64::from(rows));
            let m0 = this.b.binary(B::Mul, block, rows_v);
            let last_query = this.size_index(&queries.clone().sub(SizeExpr::Const(1)));
            // The clamped query of block row r (a constant per r).
            let query_of = |this: &mut Self, r: u32| {
                let r = this.b.index(i64::from(r));
                let q = this.b.binary(B::Add, m0, r);
                this.b.binary(B::Min, q, last_query)
            };
            let q_tile = this.b.allocate(
                "query_tile",
                k::StorageClass::Workgroup,
                q_ty,
                (rows * depth as u32).max(2),
            );
            let score_block = this.b.allocate(
                "score_block",
                k::StorageClass::Workgroup,
                arith,
                rows * c.key_stride,
            );
            let zero = this.b.index(0);
            let one = this.b.index(1);
            let threads_v = this.b.index(i64::from(threads));
            let depth_v = this.b.index(depth);
            let keys_v = this.size_index(&keys);
            let stride_v = this.b.index(key_stride);

            // The blocked kernel's running statistics per row: the max, the sum and
            // the block's rescale factor of the accumulators (`rows` each).
            let online = c.key_block > 0;
            let stats = online.then(|| {
                this.b
                    .allocate("row_stats", k::StorageClass::Workgroup, arith, 3 * rows)
            });
            let stat_slot = |this: &mut Self, which: i64, r: k::Value| {
                let base = this.b.index(which * i64::from(rows));
                this.b.binary(B::Add, base, r)
            };
            if let Some(stats) = stats {
                // (The staging barrier below orders these before their first read.)
                let lowest = this.b.constant(arith, f64::NEG_INFINITY);
                let zero_f = this.b.constant(arith, 0.0);
                this.for_loop(lane, rows_v, threads_v, |this, r| {
                    let m = stat_slot(this, 0, r);
                    this.b.store(Place::Allocation(stats), vec![m], lowest);
                    let l = stat_slot(this, 1, r);
                    this.b.store(Place::Allocation(stats), vec![l], zero_f);
                    Ok(())
                })?;
            }

            // Phase 1a: stage the block's queries.
            let q_count = this.b.index(i64::from(rows) * depth);
            this.for_loop(lane, q_count, threads_v, |this, e| {
                let r = this.b.binary(B::Div, e, depth_v);
                let dd = this.b.binary(B::Rem, e, depth_v);
                let q = this.b.binary(B::Add, m0, r);
                let q = this.b.binary(B::Min, q, last_query);
                let idx = Frame::index(&frame.scores, q, zero);
                let point = frame.point(&chain.scores_roles, &idx, dd);
                let at = this.gemm_indices_of(qk, 0, &point)?;
                let x = this.element(scores_op.operands[0], &at)?;
                let x = this.b.cast(x, q_ty);
                // Depth-major: the rows of one depth index are contiguous.
                let slot = this.b.binary(B::Mul, dd, rows_v);
                let slot = this.b.binary(B::Add, slot, r);
                this.b.store(Place::Allocation(q_tile), vec![slot], x);
                Ok(())
            })?;
            this.b.barrier();

            // Phase 1b: the scores of this invocation's keys, then the ops before the
            // softmax, into the score block.
            let acc = this
                .b
                .allocate("scores", k::StorageClass::Function, score_acc, rows.max(2));
            let score_zero = this.b.constant(score_acc, 0.0);
            let queries_of: Vec<k::Value> = (0..rows).map(|r| query_of(this, r)).collect();
            // The register tile of `P V` (block row, clamped; column, clamped).
            let tile_of = |this: &mut Self| {
                let column_threads = this.b.index(i64::from(c.column_threads));
                let row_thread = this.b.binary(B::Div, lane, column_threads);
                let column_thread = this.b.binary(B::Rem, lane, column_threads);
                let tile = rows_per_thread * columns_per_thread;
                let out = this.zeroed_accumulators(out_acc, tile.max(2));
                let last_row = this.b.index(i64::from(rows) - 1);
                let last_column = this.b.index(columns - 1);
                let mut tile_rows = Vec::new();
                for i in 0..rows_per_thread {
                    let off = this.b.index(i64::from(i * row_threads));
                    let r = this.b.binary(B::Add, row_thread, off);
                    tile_rows.push((r, this.b.binary(B::Min, r, last_row)));
                }
                let mut tile_columns = Vec::new();
                for j in 0..columns_per_thread {
                    let off = this.b.index(i64::from(j * c.column_threads));
                    let col = this.b.binary(B::Add, column_thread, off);
                    tile_columns.push((col, this.b.binary(B::Min, col, last_column)));
                }
                Tile {
                    out,
                    rows: tile_rows,
                    columns: tile_columns,
                }
            };
            // One block of `len` keys from key `k0` (`None`: the whole row, 0), or of
            // `dynamic_len` keys where it is a runtime value (symbolic keys): scores,
            // softmax (online where `stats`), `P V` into the tile (made after the
            // softmax where `tile` is `None`).
            let key_block = |this: &mut Self,
                             k0: Option<k::Value>,
                             len: i64,
                             dynamic_len: Option<k::Value>,
                             tile: Option<&Tile>|
             -> Result<Tile, CompileError> {
                let len_v = match (k0, dynamic_len) {
                    (_, Some(len)) => len,
                    (Some(_), None) => this.b.index(len),
                    (None, None) => keys_v,
                };
                let key_of = |this: &mut Self, j: k::Value| match k0 {
                    Some(k0) => this.b.binary(B::Add, k0, j),
                    None => j,
                };
                this.for_loop(lane, len_v, threads_v, |this, j| {
                    let key = key_of(this, j);
                    for r in 0..rows {
                        let at = this.b.index(i64::from(r));
                        this.b.store(Place::Allocation(acc), vec![at], score_zero);
                    }
                    // `unroll` depth indices a step, their key elements loaded first
                    // (loads in flight together).
                    let unroll = [8, 4, 2, 1]
                        .into_iter()
                        .find(|u| depth % u == 0)
                        .unwrap_or(1);
                    let step = this.b.index(unroll);
                    this.for_loop(zero, depth_v, step, |this, dd0| {
                        let mut keys_at = Vec::new();
                        for u in 0..unroll {
                            let offset = this.b.index(u);
                            let dd = this.b.binary(B::Add, dd0, offset);
                            let idx = Frame::index(&frame.scores, queries_of[0], key);
                            let point = frame.point(&chain.scores_roles, &idx, dd);
                            let at = this.gemm_indices_of(qk, 1, &point)?;
                            keys_at.push((dd, this.element(scores_op.operands[1], &at)?));
                        }
                        for (dd, key) in keys_at {
                            this.scores_step(
                                ScoresStep {
                                    g: qk,
                                    combiner: &qk_combiner,
                                    acc,
                                    acc_ty: score_acc,
                                    q_tile,
                                    q_ty,
                                    rows,
                                },
                                dd,
                                key,
                            )?;
                        }
                        Ok(())
                    })?;
                    for (r, &q) in queries_of.iter().enumerate() {
                        let idx = Frame::index(&frame.scores, q, key);
                        let at = this.b.index(r as i64);
                        let total =
                            this.b
                                .load(Type::Scalar(score_acc), Place::Allocation(acc), vec![at]);
                        let init = this.element(scores_op.operands[qk.num_inputs], &idx)?;
                        let init = this.b.cast(init, score_acc);
                        let s = this.b.binary(B::Add, init, total);
                        let s = this.b.cast(s, score_ty);
                        // Every read of the scores below is of this one (the ops
                        // before the softmax read them at their point, through
                        // reshapes).
                        this.row_values.insert(scores_op.results[0], s);
                        let softmax_idx = Frame::index(&frame.softmax, q, key);
                        let x = this.element(softmax_input, &softmax_idx);
                        this.row_values.remove(&scores_op.results[0]);
                        let x = x?;
                        let x = this.b.cast(x, arith);
                        let row = this.b.index(r as i64 * key_stride);
                        let slot = this.b.binary(B::Add, row, j);
                        this.b.store(Place::Allocation(score_block), vec![slot], x);
                    }
                    Ok(())
                })?;
                this.b.barrier();

                // Phase 2: softmax, a subgroup per row.
                let subgroup = this.b.builtin(k::Builtin::SubgroupId, 0);
                let sub_lane = this.b.builtin(k::Builtin::SubgroupLocalInvocationId, 0);
                let subgroup_size = this.b.index(i64::from(c.subgroup_size));
                let subgroups_v = this.b.index(i64::from(subgroups));
                let running = this
                    .b
                    .allocate("row_stat", k::StorageClass::Function, arith, 1);
                this.for_loop(subgroup, rows_v, subgroups_v, |this, r| {
                    let row = this.b.binary(B::Mul, r, stride_v);
                    let over_row = |this: &mut Self,
                                    body: &mut dyn FnMut(
                        &mut Self,
                        k::Value,
                        k::Value,
                    )
                        -> Result<(), CompileError>| {
                        this.for_loop(sub_lane, len_v, subgroup_size, |this, j| {
                            let slot = this.b.binary(B::Add, row, j);
                            body(this, j, slot)
                        })
                    };
                    let lowest = this.b.constant(arith, f64::NEG_INFINITY);
                    this.b.store(Place::Allocation(running), vec![], lowest);
                    over_row(this, &mut |this, _, slot| {
                        let x = this.b.load(
                            Type::Scalar(arith),
                            Place::Allocation(score_block),
                            vec![slot],
                        );
                        let m =
                            this.b
                                .load(Type::Scalar(arith), Place::Allocation(running), vec![]);
                        let m = this.b.binary(B::Max, m, x);
                        this.b.store(Place::Allocation(running), vec![], m);
                        Ok(())
                    })?;
                    let m = this
                        .b
                        .load(Type::Scalar(arith), Place::Allocation(running), vec![]);
                    let max = this.b.let_op(
                        Type::Scalar(arith),
                        k::Op::SubgroupReduce {
                            op: k::ReduceOp::Max,
                            arg: m,
                        },
                    );
                    // Online: the new running max `m'` (the exps shifted by it, by 0
                    // while every key so far is -inf) and the old sums' factor
                    // `exp(m - m')`.
                    let online_max = match stats {
                        Some(stats) => {
                            let at = stat_slot(this, 0, r);
                            let old = this.b.load(
                                Type::Scalar(arith),
                                Place::Allocation(stats),
                                vec![at],
                            );
                            let new = this.b.binary(B::Max, old, max);
                            let lowest = this.b.constant(arith, f64::NEG_INFINITY);
                            let none = this.b.compare(k::CompareOp::Eq, new, lowest);
                            let zero_f = this.b.constant(arith, 0.0);
                            let shift = this.b.select(none, zero_f, new);
                            let gap = this.b.binary(B::Sub, old, shift);
                            let scale = this.b.unary(k::UnaryOp::Exp, gap);
                            Some((stats, new, shift, scale))
                        }
                        None => None,
                    };
                    let shift = online_max.map_or(max, |(_, _, shift, _)| shift);
                    let zero_f = this.b.constant(arith, 0.0);
                    this.b.store(Place::Allocation(running), vec![], zero_f);
                    over_row(this, &mut |this, _, slot| {
                        let x = this.b.load(
                            Type::Scalar(arith),
                            Place::Allocation(score_block),
                            vec![slot],
                        );
                        let shifted = this.b.binary(B::Sub, x, shift);
                        let e = this.b.unary(k::UnaryOp::Exp, shifted);
                        this.b.store(Place::Allocation(score_block), vec![slot], e);
                        let s =
                            this.b
                                .load(Type::Scalar(arith), Place::Allocation(running), vec![]);
                        let s = this.b.binary(B::Add, s, e);
                        this.b.store(Place::Allocation(running), vec![], s);
                        Ok(())
                    })?;
                    let s = this
                        .b
                        .load(Type::Scalar(arith), Place::Allocation(running), vec![]);
                    let sum = this.b.let_op(
                        Type::Scalar(arith),
                        k::Op::SubgroupReduce {
                            op: k::ReduceOp::Add,
                            arg: s,
                        },
                    );
                    // One-pass: the probabilities; online: the exps, divided by the
                    // final sum after `P V`.
                    let inverse = match online_max {
                        Some((stats, new, _, scale)) => {
                            let at = stat_slot(this, 1, r);
                            let old = this.b.load(
                                Type::Scalar(arith),
                                Place::Allocation(stats),
                                vec![at],
                            );
                            let kept = this.b.binary(B::Mul, old, scale);
                            let total = this.b.binary(B::Add, kept, sum);
                            let first = this.b.compare(k::CompareOp::Eq, sub_lane, zero);
                            this.if_then(first, |this| {
                                for (which, x) in [(0, new), (1, total), (2, scale)] {
                                    let at = stat_slot(this, which, r);
                                    this.b.store(Place::Allocation(stats), vec![at], x);
                                }
                                Ok(())
                            })?;
                            None
                        }
                        None => {
                            let one_f = this.b.constant(arith, 1.0);
                            Some(this.b.binary(B::Div, one_f, sum))
                        }
                    };
                    let q = this.b.binary(B::Add, m0, r);
                    let q = this.b.binary(B::Min, q, last_query);
                    over_row(this, &mut |this, j, slot| {
                        let e = this.b.load(
                            Type::Scalar(arith),
                            Place::Allocation(score_block),
                            vec![slot],
                        );
                        let y = match inverse {
                            Some(inverse) => this.b.binary(B::Mul, e, inverse),
                            None => e,
                        };
                        let y = this.b.cast(y, softmax_element);
                        // The ops between the softmax and `P V` (none, or a cast).
                        let y = if lhs == probabilities {
                            y
                        } else {
                            let key = key_of(this, j);
                            let idx = Frame::index(&frame.lhs, q, key);
                            this.row_values.insert(probabilities, y);
                            let y = this.element(lhs, &idx);
                            this.row_values.remove(&probabilities);
                            y?
                        };
                        let y = this.b.cast(y, p_ty);
                        let y = this.b.cast(y, arith);
                        this.b.store(Place::Allocation(score_block), vec![slot], y);
                        Ok(())
                    })
                })?;
                this.b.barrier();

                // Phase 3: P V into the register tile (rescaled first where online).
                let tile = match tile {
                    Some(tile) => tile.clone(),
                    None => tile_of(this),
                };
                if let Some(stats) = stats {
                    for (i, &(_, r)) in tile.rows.iter().enumerate() {
                        let at = stat_slot(this, 2, r);
                        let scale =
                            this.b
                                .load(Type::Scalar(arith), Place::Allocation(stats), vec![at]);
                        let scale = this.b.cast(scale, out_acc);
                        for jj in 0..columns_per_thread {
                            let s = this.b.index(i64::from(i as u32 * columns_per_thread + jj));
                            let x = this.b.load(
                                Type::Scalar(out_acc),
                                Place::Allocation(tile.out),
                                vec![s],
                            );
                            let x = this.b.binary(B::Mul, x, scale);
                            this.b.store(Place::Allocation(tile.out), vec![s], x);
                        }
                    }
                }
                // `unroll` keys a step (their value elements loaded first), then the
                // keys left one at a time.
                let unroll = 4;
                let whole = len / unroll * unroll;
                let context_keys = |this: &mut Self, j0: k::Value, count: i64| {
                    let mut loaded = Vec::new();
                    for u in 0..count {
                        let offset = this.b.index(u);
                        let j = this.b.binary(B::Add, j0, offset);
                        let key = key_of(this, j);
                        let mut values = Vec::new();
                        for &(_, col) in &tile.columns {
                            let idx = Frame::index(&frame.lhs, queries_of[0], key);
                            let point = frame.point(&chain.context_roles, &idx, col);
                            let at = this.gemm_indices_of(pv, 1, &point)?;
                            values.push(this.element(context_op.operands[1], &at)?);
                        }
                        loaded.push((j, values));
                    }
                    for (j, values) in loaded {
                        for (i, &(_, r)) in tile.rows.iter().enumerate() {
                            let row = this.b.binary(B::Mul, r, stride_v);
                            let slot = this.b.binary(B::Add, row, j);
                            let p = this.b.load(
                                Type::Scalar(arith),
                                Place::Allocation(score_block),
                                vec![slot],
                            );
                            let p = this.b.cast(p, p_ty);
                            for (jj, &v) in values.iter().enumerate() {
                                let s = i as u32 * columns_per_thread + jj as u32;
                                this.accumulate(pv, &pv_combiner, tile.out, out_acc, s, p, v)?;
                            }
                        }
                    }
                    Ok(())
                };
                if dynamic_len.is_some() {
                    // The unrolled keys up to the last multiple of `unroll`, then the
                    // rest.
                    let step = this.b.index(unroll);
                    let end = this.b.binary(B::Div, len_v, step);
                    let end = this.b.binary(B::Mul, end, step);
                    this.for_loop(zero, end, step, |this, j0| context_keys(this, j0, unroll))?;
                    this.for_loop(end, len_v, one, |this, j| context_keys(this, j, 1))?;
                    return Ok(tile);
                }
                if whole > 0 {
                    let end = this.b.index(whole);
                    let step = this.b.index(unroll);
                    this.for_loop(zero, end, step, |this, j0| context_keys(this, j0, unroll))?;
                }
                if whole < len {
                    let start = this.b.index(whole);
                    this.for_loop(start, len_v, one, |this, j| context_keys(this, j, 1))?;
                }
                Ok(tile)
            };
            let block = i64::from(c.key_block);
            let tile = match keys.as_const() {
                _ if !online => {
                    let keys = keys
                        .as_const()
                        .ok_or_else(|| internal("one-pass attention of symbolic keys"))?;
                    key_block(this, None, keys, None, None)?
                }
                Some(keys) => {
                    // Whole blocks in a loop (a barrier after each: the next one
                    // rewrites the score block and the factors), then the partial one.
                    let tile = tile_of(this);
                    let whole = keys / block * block;
                    if whole > 0 {
                        let end = this.b.index(whole);
                        let step = this.b.index(block);
                        this.for_loop(zero, end, step, |this, k0| {
                            key_block(this, Some(k0), block, None, Some(&tile))?;
                            this.b.barrier();
                            Ok(())
                        })?;
                    }
                    if whole < keys {
                        let k0 = this.b.index(whole);
                        key_block(this, Some(k0), keys - whole, None, Some(&tile))?;
                    }
                    tile
                }
                None => {
                    // Symbolic keys: every block in the loop, its length
                    // `min(block, keys - k0)` at run time (a uniform value).
                    let tile = tile_of(this);
                    let step = this.b.index(block);
                    this.for_loop(zero, keys_v, step, |this, k0| {
                        let left = this.b.binary(B::Sub, keys_v, k0);
                        let len = this.b.binary(B::Min, left, step);
                        key_block(this, Some(k0), block, Some(len), Some(&tile))?;
                        this.b.barrier();
                        Ok(())
                    })?;
                    tile
                }
            };

            let queries_v = this.size_index(&queries);
            let rows_limit = this.b.index(i64::from(rows));
            let columns_v = this.b.index(columns);
            let init_map = pv.indexing_maps[pv.num_inputs]
                .as_projection()
                .ok_or_else(|| internal("attention init map"))?;
            for (i, &(r, r_clamped)) in tile.rows.iter().enumerate() {
                let q = this.b.binary(B::Add, m0, r);
                let row_inside = this.b.compare(k::CompareOp::Lt, r, rows_limit);
                let query_inside = this.b.compare(k::CompareOp::Lt, q, queries_v);
                let row_ok = this.b.binary(B::And, row_inside, query_inside);
                // Online: the row's final sum divides its outputs.
                let inverse = match stats {
                    Some(stats) => {
                        let at = stat_slot(this, 1, r_clamped);
                        let l =
                            this.b
                                .load(Type::Scalar(arith), Place::Allocation(stats), vec![at]);
                        let one_f = this.b.constant(arith, 1.0);
                        let inverse = this.b.binary(B::Div, one_f, l);
                        Some(this.b.cast(inverse, out_acc))
                    }
                    None => None,
                };
                for (jj, &(col, _)) in tile.columns.iter().enumerate() {
                    let column_ok = this.b.compare(k::CompareOp::Lt, col, columns_v);
                    let ok = this.b.binary(B::And, row_ok, column_ok);
                    let slot = i as u32 * columns_per_thread + jj as u32;
                    this.if_then(ok, |this| {
                        let idx = Frame::index(&frame.lhs, q, zero);
                        let point = frame.point(&chain.context_roles, &idx, col);
                        let out_idx: Vec<k::Value> = init_map.iter().map(|&d| point[d]).collect();
                        let at = this.b.index(i64::from(slot));
                        let total = this.b.load(
                            Type::Scalar(out_acc),
                            Place::Allocation(tile.out),
                            vec![at],
                        );
                        let total = match inverse {
                            Some(inverse) => this.b.binary(B::Mul, total, inverse),
                            None => total,
                        };
                        let init = this.element(context_op.operands[pv.num_inputs], &out_idx)?;
                        let init = this.b.cast(init, out_acc);
                        let value = this.b.binary(B::Add, init, total);
                        let value = this.b.cast(value, out_ty);
                        this.substitutions
                            .insert((context_op.results[0], out_idx.clone()), value);
                        this.store_outputs(region, &out_idx)
                    })?;
                }
            }
            Ok(())
        })
    }

    /// A size as an index value: a constant inline, else from the push constants.
    pub(super) fn size_index(&mut self, e: &SizeExpr) -> k::Value {
        match e.as_const() {
            Some(n) => self.b.index(n),
            None => self.size(e),
        }
    }

    /// The grid of an attention kernel of `rows` query rows a workgroup and `threads`
    /// invocations: a workgroup per (batch.., block of rows); `body` gets the workgroup's
    /// [`Frame`], its block index and the invocation's lane.
    pub(super) fn attention_grid(
        &mut self,
        chain: &AttentionChain,
        rows: u32,
        threads: u32,
        body: impl FnOnce(&mut Self, Frame, k::Value, k::Value) -> Result<(), CompileError>,
    ) -> Result<(), CompileError> {
        self.b.kernel.local_size = [threads, 1, 1];
        let batch_rank = chain.shape.len() - 2;
        let mut grid: Vec<SizeExpr> = chain.shape[..batch_rank].to_vec();
        grid.push(chain.queries().ceil_div(SizeExpr::Const(i64::from(rows))));
        self.parallel_over(ParallelMarker::Workgroup, &grid, |this, group| {
            this.parallel_over(
                ParallelMarker::Local,
                &[SizeExpr::Const(i64::from(threads))],
                |this, lane| {
                    let frame = Frame::new(this, chain, &group[..batch_rank]);
                    body(this, frame, group[batch_rank], lane[0])
                },
            )
        })
    }

    /// One depth index of the scores: the queries at `dd` (vec4 loads of four rows where they
    /// are f32 and the rows come in fours, else one by one) times the key element `key`, into
    /// the rows' accumulators.
    fn scores_step(
        &mut self,
        c: ScoresStep<'_>,
        dd: k::Value,
        key: k::Value,
    ) -> Result<(), CompileError> {
        let rows_v = self.b.index(i64::from(c.rows));
        let column = self.b.binary(k::BinaryOp::Mul, dd, rows_v);
        let width: u8 = if c.q_ty == ScalarType::F32 && c.rows.is_multiple_of(4) {
            4
        } else {
            1
        };
        for first in (0..c.rows).step_by(usize::from(width)) {
            let offset = self.b.index(i64::from(first));
            let at = self.b.binary(k::BinaryOp::Add, column, offset);
            let ty = match width {
                1 => Type::Scalar(c.q_ty),
                _ => Type::Vector(c.q_ty, width),
            };
            let loaded = self.b.load(ty, Place::Allocation(c.q_tile), vec![at]);
            for lane in 0..width {
                let q = match width {
                    1 => loaded,
                    _ => extract(&mut self.b, loaded, lane),
                };
                let r = first + u32::from(lane);
                self.accumulate(c.g, c.combiner, c.acc, c.acc_ty, r, q, key)?;
            }
        }
        Ok(())
    }

    /// The indices of operand `arg` of contraction `g` at a loop point.
    pub(super) fn gemm_indices_of(
        &mut self,
        g: &Generic,
        arg: usize,
        point: &[k::Value],
    ) -> Result<Vec<k::Value>, CompileError> {
        g.indexing_maps[arg]
            .results
            .iter()
            .map(|e| self.affine(e, point))
            .collect()
    }
}

/// An attention region's chain and its ops: the two contractions (generics) and the softmax.
pub(super) struct Chain<'f> {
    pub(super) chain: AttentionChain,
    pub(super) scores_op: &'f Op,
    pub(super) softmax_op: &'f Op,
    pub(super) context_op: &'f Op,
    pub(super) qk: &'f Generic,
    pub(super) pv: &'f Generic,
}

impl<'f> Chain<'f> {
    pub(super) fn of(f: &'f Function, region: &DispatchRegion) -> Result<Chain<'f>, CompileError> {
        let chain = find_chain(f, &region.ops)
            .ok_or_else(|| internal("an attention region without its chain"))?;
        let (scores_op, softmax_op, context_op) = (
            &f.ops[chain.scores],
            &f.ops[chain.softmax],
            &f.ops[chain.context],
        );
        let (OpKind::Generic(qk), OpKind::Generic(pv)) = (&scores_op.kind, &context_op.kind) else {
            return Err(internal("attention contractions are not generics"));
        };
        Ok(Chain {
            chain,
            scores_op,
            softmax_op,
            context_op,
            qk,
            pv,
        })
    }
}

/// The register tile of `P V`: its accumulators, and per register row / column its block row
/// / value column and the same clamped.
#[derive(Clone)]
struct Tile {
    out: k::AllocationId,
    rows: Vec<(k::Value, k::Value)>,
    columns: Vec<(k::Value, k::Value)>,
}

/// What a step of the scores reads and accumulates into (`Lowering::scores_step`).
struct ScoresStep<'g> {
    g: &'g Generic,
    combiner: &'g Combiner,
    acc: k::AllocationId,
    acc_ty: ScalarType,
    q_tile: k::AllocationId,
    q_ty: ScalarType,
    rows: u32,
}

/// A workgroup's batch element as indices of the batch dims of the scores, of the softmax and
/// of the second contraction's lhs (the same row-major batch index in each).
pub(super) struct Frame {
    pub(super) scores: Vec<k::Value>,
    pub(super) softmax: Vec<k::Value>,
    pub(super) lhs: Vec<k::Value>,
}

impl Frame {
    pub(super) fn new(
        this: &mut Lowering<'_>,
        chain: &AttentionChain,
        group: &[k::Value],
    ) -> Frame {
        let batch_dims =
            |shape: &[SizeExpr]| -> Vec<SizeExpr> { shape[..shape.len() - 2].to_vec() };
        let mut linear = this.b.index(0);
        for (&x, &n) in group.iter().zip(&chain.batch_dims()) {
            let n = this.b.index(n);
            let scaled = this.b.binary(k::BinaryOp::Mul, linear, n);
            linear = this.b.binary(k::BinaryOp::Add, scaled, x);
        }
        let mut split = |shape: &[SizeExpr]| match shape.len() {
            2 => Vec::new(),
            _ => this.row_major_indices(linear, &batch_dims(shape)),
        };
        Frame {
            scores: split(&chain.scores_shape),
            softmax: group.to_vec(),
            lhs: split(&chain.lhs_shape),
        }
    }
    /// The index of query `q` and key `j` of a tensor whose batch indices are `batch`.
    pub(super) fn index(batch: &[k::Value], q: k::Value, j: k::Value) -> Vec<k::Value> {
        let mut idx = batch.to_vec();
        idx.extend([q, j]);
        idx
    }
    /// A contraction's loop point: its score dims at `idx`, its depth / column dim at `x`.
    pub(super) fn point(&self, roles: &[Role], idx: &[k::Value], x: k::Value) -> Vec<k::Value> {
        roles
            .iter()
            .map(|r| match r {
                Role::Score(p) => idx[*p],
                Role::Depth | Role::Column => x,
            })
            .collect()
    }
}
