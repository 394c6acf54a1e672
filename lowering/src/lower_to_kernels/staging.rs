//! Promotion of matmul operand tiles to Workgroup memory, shared by the SIMT and the
//! cooperative-matrix pipelines: per stage, each invocation loads its share of the lhs and rhs
//! tiles into registers (vec4 global loads when the operand is read straight from an aligned
//! buffer along the tile's contiguous dim, else element by element with fused producers,
//! padding and window maps evaluated on the fly), then stores them into a stage buffer, so the
//! loads of the next stage can be issued before the current stage's math (double buffering).

use super::context::*;
use crate::kernel_config::MatmulDims;

/// The implicit GEMM of a matmul-like generic: its roles, sizes and operands.
pub(super) struct Gemm<'g> {
    pub op: &'g Op,
    pub g: &'g Generic,
    pub sizes: &'g [SizeExpr],
    pub dims: &'g MatmulDims,
}

/// How one operand tile is staged.
#[derive(Clone, Copy)]
pub(super) struct StageCopy {
    /// The operand (0 = lhs, 1 = rhs).
    pub arg: usize,
    /// Vec4 global loads straight from this view, of this storage type.
    pub vector: Option<VectorSource>,
    /// Elements per invocation per stage.
    pub per_invocation: u32,
}

impl<'a> Lowering<'a> {
    /// The loop point of (row, column, reduction) indices of the implicit GEMM: each is
    /// delinearized over its group of loop dims (last fastest); batch dims from the workgroup.
    /// `kk: None` is reduction index 0 (an output's point).
    pub(super) fn gemm_point(
        &mut self,
        gemm: &Gemm<'_>,
        group: &[k::Value],
        m: k::Value,
        n: k::Value,
        kk: Option<k::Value>,
    ) -> Vec<k::Value> {
        let zero = self.b.index(0);
        let kk = kk.unwrap_or(zero);
        let mut p = vec![zero; gemm.g.iterator_types.len()];
        for (j, &d) in gemm.dims.batch.iter().enumerate() {
            p[d] = group[j];
        }
        for (linear, dims_of) in [(m, &gemm.dims.m), (n, &gemm.dims.n), (kk, &gemm.dims.k)] {
            let sizes: Vec<SizeExpr> = dims_of.iter().map(|&d| gemm.sizes[d].clone()).collect();
            let split = self.row_major_indices(linear, &sizes);
            for (&d, x) in dims_of.iter().zip(split) {
                p[d] = x;
            }
        }
        p
    }

    /// The indices of operand `arg` at a loop point.
    pub(super) fn gemm_indices(
        &mut self,
        gemm: &Gemm<'_>,
        arg: usize,
        point: &[k::Value],
    ) -> Result<Vec<k::Value>, CompileError> {
        gemm.g.indexing_maps[arg]
            .results
            .iter()
            .map(|e| self.affine(e, point))
            .collect()
    }

    /// The indices of operand `arg` (0 = lhs, 1 = rhs) at its row / column `outer` (the
    /// implicit GEMM's m for the lhs, n for the rhs) and reduction index `kk`; `zero` stands
    /// for the other of m / n.
    pub(super) fn gemm_operand_indices(
        &mut self,
        gemm: &Gemm<'_>,
        group: &[k::Value],
        arg: usize,
        outer: k::Value,
        zero: k::Value,
        kk: k::Value,
    ) -> Result<Vec<k::Value>, CompileError> {
        let point = if arg == 0 {
            self.gemm_point(gemm, group, outer, zero, Some(kk))
        } else {
            self.gemm_point(gemm, group, zero, outer, Some(kk))
        };
        self.gemm_indices(gemm, arg, &point)
    }

    /// Where operand `arg` can be loaded from as vec4 along loop dim `inner`: read from a
    /// buffer (not computed in the region, or a fused pad of such a buffer that leaves the
    /// innermost dim alone, either possibly through a fused `expand_shape`: a split
    /// reduction's slices of a conv's channels), `inner` indexes its innermost dim alone, that
    /// dim has a static size that is a multiple of 4 and stride 1, and the other strides and
    /// the offset are multiples of 4.
    pub(super) fn vector_operand(
        &self,
        gemm: &Gemm<'_>,
        arg: usize,
        inner: usize,
    ) -> Option<VectorSource> {
        let mut v = gemm.op.operands[arg];
        let mut pad = None;
        let fused = |v: ValueId| {
            self.f
                .defining_op(v)
                .filter(|op| self.in_region.contains(op))
        };
        // An expand_shape keeps vec4 loads aligned when its innermost dim (a multiple of 4, as
        // `inner`'s size is checked below) stays innermost: the source index of the last group
        // is then `rest * size + i` with `i` a multiple of 4.
        let expand =
            fused(v).filter(|&op| matches!(self.f.ops[op].kind, OpKind::ExpandShape { .. }));
        if let Some(op) = expand {
            v = self.f.ops[op].operands[0];
        }
        if let Some(op) = fused(v) {
            // A pad fused into the region (a padded conv input) whose innermost dim is not
            // padded: vec4 loads of its source, out-of-bounds vectors replaced by the pad value.
            let OpKind::Pad { low, high } = &self.f.ops[op].kind else {
                return None;
            };
            let source = self.f.ops[op].operands[0];
            if low.last() != Some(&0)
                || high.last() != Some(&0)
                || self
                    .f
                    .defining_op(source)
                    .is_some_and(|o| self.in_region.contains(&o))
            {
                return None;
            }
            pad = Some(op);
            v = source;
        }
        let view_id = *self.views.get(&v)?;
        let map = &gemm.g.indexing_maps[arg];
        let (last, rest) = map.results.split_last()?;
        if *last != AffineExpr::Dim(inner) {
            return None;
        }
        let mut used = vec![false; gemm.g.iterator_types.len()];
        for e in rest {
            e.collect_dims(&mut used);
        }
        if used[inner] || gemm.sizes[inner].as_const().is_none_or(|s| s % 4 != 0) {
            return None;
        }
        let view = &self.b.kernel.views[view_id.0 as usize];
        let aligned = |s: &SizeExpr| s.as_const().is_some_and(|c| c % 4 == 0);
        let (inner_stride, outer) = view.strides.split_last()?;
        if !inner_stride.is_const(1) || !outer.iter().all(aligned) || !aligned(&view.offset) {
            return None;
        }
        let storage = self.b.kernel.bindings[view.binding.0 as usize].element;
        Some(VectorSource {
            view: view_id,
            storage,
            pad,
            expand,
        })
    }

    /// Issues the global loads of one stage (k from `k0`) for both operands: per operand, its
    /// `per_invocation` elements as vec4s or scalars, out-of-range ones zero.
    pub(super) fn load_stage(
        &mut self,
        cx: &CopyContext<'_, '_>,
        copies: &[StageCopy; 2],
        k0: k::Value,
    ) -> Result<Vec<Vec<Staged>>, CompileError> {
        use k::BinaryOp as B;
        let zero = self.b.index(0);
        let one = self.b.index(1);
        let k_last = self.b.binary(B::Sub, cx.edges.k, one);
        let mut out = Vec::new();
        for copy in copies {
            let c = &cx.layout;
            // The tile is rows x cols with the contiguous dim last: lhs tm x tk, rhs tk x tn.
            let cols = if copy.arg == 0 { c.tile_k } else { c.tile_n };
            let width = if copy.vector.is_some() { 4 } else { 1 };
            let per_row = self.b.index((cols / width) as i64);
            let w = self.b.index(width as i64);
            let outer_size = if copy.arg == 0 {
                cx.edges.m
            } else {
                cx.edges.n
            };
            let outer_last = self.b.binary(B::Sub, outer_size, one);
            let mut values = Vec::new();
            for j in 0..copy.per_invocation / width {
                // Slot `lane + j * workgroup_size` of the tile in units of `width` elements.
                let base = self.b.index((j * cx.workgroup_size) as i64);
                let slot = self.b.binary(B::Add, cx.lane, base);
                let r = self.b.binary(B::Div, slot, per_row);
                let col = self.b.binary(B::Rem, slot, per_row);
                let col = self.b.binary(B::Mul, col, w);
                // The non-k coordinate (lhs row, rhs column) and k.
                let (outer, gk) = if copy.arg == 0 {
                    let gm = self.b.binary(B::Add, cx.m0, r);
                    (gm, self.b.binary(B::Add, k0, col))
                } else {
                    let gn = self.b.binary(B::Add, cx.n0, col);
                    (gn, self.b.binary(B::Add, k0, r))
                };
                let ok_o = self.b.compare(k::CompareOp::Lt, outer, outer_size);
                let ok_k = self.b.compare(k::CompareOp::Lt, gk, cx.edges.k);
                let in_problem = self.b.binary(B::And, ok_o, ok_k);
                let outer = self.b.binary(B::Min, outer, outer_last);
                let gk = self.b.binary(B::Min, gk, k_last);
                let mut idx =
                    self.gemm_operand_indices(cx.gemm, cx.group, copy.arg, outer, zero, gk)?;
                let elem = cx.elem[copy.arg];
                let x = match copy.vector {
                    Some(source) => {
                        let mut ok = in_problem;
                        let mut fill = None;
                        if let Some(expand) = source.expand {
                            idx = self.expanded_source_indices(expand, &idx);
                        }
                        if let Some(pad) = source.pad {
                            if let Some(inside) = self.unpad_indices(pad, &mut idx)? {
                                let pad_value = self.f.ops[pad].operands[1];
                                let pad_value = self.element(pad_value, &[])?;
                                ok = self.b.binary(B::And, ok, inside);
                                fill = Some(self.b.cast(pad_value, elem));
                            }
                        }
                        let x = self.b.load(
                            Type::Vector(source.storage, 4),
                            Place::View(source.view),
                            idx,
                        );
                        let x = self.b.cast(x, elem);
                        let ok4 = self
                            .b
                            .let_op(Type::Vector(ScalarType::Bool, 4), k::Op::Splat { arg: ok });
                        // Out of the problem: zero; out of the padded source: the pad value.
                        let z = match fill {
                            Some(p) => {
                                let zero = self.b.constant(elem, 0.0);
                                self.b.select(in_problem, p, zero)
                            }
                            None => self.b.constant(elem, 0.0),
                        };
                        let z4 = self
                            .b
                            .let_op(Type::Vector(elem, 4), k::Op::Splat { arg: z });
                        self.b.select(ok4, x, z4)
                    }
                    None => {
                        let x = self.element(cx.gemm.op.operands[copy.arg], &idx)?;
                        let z = self.b.constant(elem, 0.0);
                        self.b.select(in_problem, x, z)
                    }
                };
                values.push(Staged {
                    value: x,
                    row: r,
                    col,
                });
            }
            out.push(values);
        }
        Ok(out)
    }

    /// The reduction loop over stages of `tile_k`: with 2 stages, a prologue fills buffer 0,
    /// then each step issues the next stage's global loads, runs `math` on this stage's buffer
    /// (its lhs / rhs element offsets), stores the next stage into the other buffer and waits
    /// at one barrier; with 1 stage, each step copies, waits, computes and waits again, or
    /// with `prefetch`, issues the next stage's loads before the math and stores them into the
    /// one buffer between two barriers after it. `k_range`: the part of K to walk (a split-K
    /// slice, starting at a multiple of `tile_k`), else all of it.
    pub(super) fn staged_k_loop(
        &mut self,
        cx: &CopyContext<'_, '_>,
        copies: &[StageCopy; 2],
        stages: u32,
        prefetch: bool,
        k_range: Option<(k::Value, k::Value)>,
        math: &mut StageMath<'_, 'a>,
    ) -> Result<(), CompileError> {
        use k::BinaryOp as B;
        let zero = self.b.index(0);
        let one = self.b.index(1);
        let two = self.b.index(2);
        let tk = self.b.index(cx.layout.tile_k as i64);
        let double = stages == 2;
        let (start, end) = k_range.unwrap_or((zero, cx.edges.k));
        if double || prefetch {
            let loaded = self.load_stage(cx, copies, start)?;
            let offsets = self.stage_offsets(&cx.layout, zero);
            self.store_stage(cx, copies, &loaded, offsets);
            self.b.barrier();
        }
        self.for_loop(start, end, tk, |this, k0| {
            if !double && prefetch {
                let offsets = this.stage_offsets(&cx.layout, zero);
                let k1 = this.b.binary(B::Add, k0, tk);
                let next = this.load_stage(cx, copies, k1)?;
                math(this, offsets)?;
                this.b.barrier();
                this.store_stage(cx, copies, &next, offsets);
                this.b.barrier();
                return Ok(());
            }
            if !double {
                let loaded = this.load_stage(cx, copies, k0)?;
                let offsets = this.stage_offsets(&cx.layout, zero);
                this.store_stage(cx, copies, &loaded, offsets);
                this.b.barrier();
                math(this, offsets)?;
                this.b.barrier();
                return Ok(());
            }
            let stage = match k_range {
                Some(_) => {
                    let walked = this.b.binary(B::Sub, k0, start);
                    this.b.binary(B::Div, walked, tk)
                }
                None => this.b.binary(B::Div, k0, tk),
            };
            let buffer = this.b.binary(B::Rem, stage, two);
            let offsets = this.stage_offsets(&cx.layout, buffer);
            // Prefetch: the next stage's global loads before this stage's math.
            let k1 = this.b.binary(B::Add, k0, tk);
            let next = this.load_stage(cx, copies, k1)?;
            math(this, offsets)?;
            let other = this.b.binary(B::Sub, one, buffer);
            let offsets = this.stage_offsets(&cx.layout, other);
            this.store_stage(cx, copies, &next, offsets);
            this.b.barrier();
            Ok(())
        })
    }

    /// A Function-storage register tile of `count` accumulators, zeroed.
    pub(super) fn zeroed_accumulators(
        &mut self,
        acc_ty: ScalarType,
        count: u32,
    ) -> k::AllocationId {
        let acc = self
            .b
            .allocate("acc", k::StorageClass::Function, acc_ty, count);
        let zero = self.b.constant(acc_ty, 0.0);
        for i in 0..count {
            let at = self.b.index(i as i64);
            self.b.store(Place::Allocation(acc), vec![at], zero);
        }
        acc
    }

    /// The problem's M / N / K as values.
    pub(super) fn gemm_edges(&mut self, m: &SizeExpr, n: &SizeExpr, k: &SizeExpr) -> GemmEdges {
        GemmEdges {
            m: self.size(m),
            n: self.size(n),
            k: self.size(k),
        }
    }

    /// `acc[slot] += partial(x, y)`: the contraction body's per-step term of lhs value `x`
    /// and rhs value `y`, in the accumulator type.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn accumulate(
        &mut self,
        g: &Generic,
        combiner: &Combiner,
        acc: k::AllocationId,
        acc_ty: ScalarType,
        slot: u32,
        x: k::Value,
        y: k::Value,
    ) -> Result<(), CompileError> {
        let p = self.eval_body(&g.body, combiner.partial, &mut |_, arg| {
            Ok(if arg == 0 { x } else { y })
        })?;
        let p = self.b.cast(p, acc_ty);
        let at = self.b.index(i64::from(slot));
        let cur = self
            .b
            .load(Type::Scalar(acc_ty), Place::Allocation(acc), vec![at]);
        let next = self.b.binary(k::BinaryOp::Add, cur, p);
        self.b.store(Place::Allocation(acc), vec![at], next);
        Ok(())
    }

    /// The (row, column) of linear tile `tile` of a `tiles_m x tiles_n` grid taken in bands
    /// of `band` tile rows, column by column inside a band, so that the workgroups running
    /// together share operand tiles in L2.
    pub(super) fn banded_tile(
        &mut self,
        tile: k::Value,
        tiles_m: k::Value,
        tiles_n: i64,
        band: i64,
    ) -> (k::Value, k::Value) {
        use k::BinaryOp as B;
        let band_tiles = self.b.index(band * tiles_n);
        let band_index = self.b.binary(B::Div, tile, band_tiles);
        let band_rows = self.b.index(band);
        let first_row = self.b.binary(B::Mul, band_index, band_rows);
        let rows_left = self.b.binary(B::Sub, tiles_m, first_row);
        let rows = self.b.binary(B::Min, rows_left, band_rows);
        let in_band = self.b.binary(B::Rem, tile, band_tiles);
        let row_in_band = self.b.binary(B::Rem, in_band, rows);
        let row = self.b.binary(B::Add, first_row, row_in_band);
        let column = self.b.binary(B::Div, in_band, rows);
        (row, column)
    }

    /// The epilogue of output `(gm, gn)` of the implicit GEMM, when it lies inside the
    /// problem: init + the accumulated `total` (loaded by `total`), the region's fused
    /// consumers, and the stores.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn finish_gemm_output(
        &mut self,
        region: &DispatchRegion,
        gemm: &Gemm<'_>,
        group: &[k::Value],
        edges: GemmEdges,
        gm: k::Value,
        gn: k::Value,
        acc_ty: ScalarType,
        total: impl FnOnce(&mut Self) -> k::Value,
    ) -> Result<(), CompileError> {
        let ok_m = self.b.compare(k::CompareOp::Lt, gm, edges.m);
        let ok_n = self.b.compare(k::CompareOp::Lt, gn, edges.n);
        let ok = self.b.binary(k::BinaryOp::And, ok_m, ok_n);
        let (op, g) = (gemm.op, gemm.g);
        let init_map = g.indexing_maps[g.num_inputs]
            .as_projection()
            .ok_or_else(|| internal("init map"))?;
        self.if_then(ok, |this| {
            let p = this.gemm_point(gemm, group, gm, gn, None);
            let out_idx: Vec<k::Value> = init_map.iter().map(|&d| p[d]).collect();
            let total = total(this);
            let init = this.element(op.operands[g.num_inputs], &out_idx)?;
            let init = this.b.cast(init, acc_ty);
            let value = this.b.binary(k::BinaryOp::Add, init, total);
            this.substitutions
                .insert((op.results[0], out_idx.clone()), value);
            this.store_outputs(region, &out_idx)
        })
    }

    /// [`Self::finish_gemm_output`] of register-tile accumulator `acc[slot]`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn finish_accumulated(
        &mut self,
        region: &DispatchRegion,
        gemm: &Gemm<'_>,
        group: &[k::Value],
        edges: GemmEdges,
        (gm, gn): (k::Value, k::Value),
        acc: k::AllocationId,
        acc_ty: ScalarType,
        slot: u32,
    ) -> Result<(), CompileError> {
        self.finish_gemm_output(region, gemm, group, edges, gm, gn, acc_ty, |this| {
            let at = this.b.index(i64::from(slot));
            this.b
                .load(Type::Scalar(acc_ty), Place::Allocation(acc), vec![at])
        })
    }

    /// Where [`Self::finish_gemm_lanes`] can store four columns with one vec4 store: the view
    /// and storage type of the region's one output, when a single N dim indexes its innermost
    /// dim, of a size that is a multiple of 4, with the view's other strides and its offset
    /// multiples of 4.
    pub(super) fn lanes_epilogue_output(
        &self,
        region: &DispatchRegion,
        gemm: &Gemm<'_>,
    ) -> Option<(k::ViewId, ScalarType)> {
        let g = gemm.g;
        let init_map = g.indexing_maps[g.num_inputs].as_projection()?;
        let ([out], [n]) = (&region.outputs[..], &gemm.dims.n[..]) else {
            return None;
        };
        // A re-indexed epilogue stores at a point computed from the column (`reindex.rs`),
        // not at four consecutive columns of the root's layout.
        if !crate::structured::region_epilogue_reindexing(self.f, region).is_empty() {
            return None;
        }
        let view = *self.views.get(out)?;
        let v = &self.b.kernel.views[view.0 as usize];
        let aligned = |x: &SizeExpr| x.as_const().is_some_and(|c| c % 4 == 0);
        let element = self.b.kernel.bindings[v.binding.0 as usize].element;
        let fits = init_map.last() == Some(n)
            && matches!(element, ScalarType::F32 | ScalarType::F16)
            && v.shape.last().is_some_and(aligned)
            && aligned(&v.offset)
            && v.strides
                .split_last()
                .is_some_and(|(inner, outer)| inner.is_const(1) && outer.iter().all(aligned));
        fits.then_some((view, element))
    }

    /// The epilogue of the four columns `gn .. gn + 4` of row `gm` as 4-lane code: `acc` loads
    /// their accumulators (a vector), the fused consumers run on vectors
    /// (`vectorize_lanes_with`) and the region's one output takes one vec4 store. Applies when
    /// `gn` is a multiple of 4 and [`Self::lanes_epilogue_output`] holds (the four columns are
    /// then in range together); returns `false`, emitting nothing, otherwise.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn finish_gemm_lanes(
        &mut self,
        region: &DispatchRegion,
        gemm: &Gemm<'_>,
        group: &[k::Value],
        edges: GemmEdges,
        (gm, gn): (k::Value, k::Value),
        acc: impl FnOnce(&mut Self) -> k::Value,
        acc_ty: ScalarType,
    ) -> Result<bool, CompileError> {
        let (op, g) = (gemm.op, gemm.g);
        let (Some(init_map), [out]) = (
            g.indexing_maps[g.num_inputs].as_projection(),
            &region.outputs[..],
        ) else {
            return Ok(false);
        };
        let Some((view, element)) = self.lanes_epilogue_output(region, gemm) else {
            return Ok(false);
        };
        // The scalar code of one column (`inner`), its accumulator `lane`.
        let inner = self.b.new_value(Type::Scalar(ScalarType::Index), Some("n"));
        let lane = self.b.new_value(Type::Scalar(acc_ty), Some("acc"));
        let mut stored = None;
        let block = self.capture_block(|this| {
            let p = this.gemm_point(gemm, group, gm, inner, None);
            let out_idx: Vec<k::Value> = init_map.iter().map(|&d| p[d]).collect();
            let init = this.element(op.operands[g.num_inputs], &out_idx)?;
            let init = this.b.cast(init, acc_ty);
            let value = this.b.binary(k::BinaryOp::Add, init, lane);
            let key = (op.results[0], out_idx.clone());
            this.substitutions.insert(key.clone(), value);
            let x = this.element(*out, &out_idx);
            this.substitutions.remove(&key);
            stored = Some((x?, out_idx));
            Ok(())
        })?;
        let (x, out_idx) = stored.ok_or_else(|| internal("epilogue lanes not evaluated"))?;
        // A trial first (on a stand-in for the accumulators): `vectorize_lanes_with` emits
        // nothing when the block does not fit.
        let stand_in = self.b.new_value(Type::Vector(acc_ty, 4), Some("acc"));
        let fits = self.discarded(|this| {
            let given = HashMap::from([(lane, stand_in)]);
            Ok(
                k::vector_lanes::vectorize_lanes_with(&mut this.b, &block, inner, gn, &given)
                    .is_some(),
            )
        })?;
        if !fits {
            return Ok(false);
        }
        let ok_m = self.b.compare(k::CompareOp::Lt, gm, edges.m);
        let ok_n = self.b.compare(k::CompareOp::Lt, gn, edges.n);
        let ok = self.b.binary(k::BinaryOp::And, ok_m, ok_n);
        self.if_then(ok, |this| {
            let given = HashMap::from([(lane, acc(this))]);
            let map = k::vector_lanes::vectorize_lanes_with(&mut this.b, &block, inner, gn, &given)
                .ok_or_else(|| internal("epilogue lanes vectorized in the trial only"))?;
            let new = |v: k::Value| map.get(&v).map_or(v, |x| x.0);
            let x = match map.get(&x) {
                Some(&(x, true)) => x,
                _ => return Err(internal("epilogue lanes: a scalar result")),
            };
            let x = this.b.cast(x, element);
            let idx: Vec<k::Value> = out_idx.iter().map(|&i| new(i)).collect();
            this.b.store(Place::View(view), idx, x);
            Ok(())
        })?;
        Ok(true)
    }

    /// Element offsets of stage buffer `buffer` (an Index value) in the lhs and rhs tiles.
    pub(super) fn stage_offsets(
        &mut self,
        layout: &StageLayout,
        buffer: k::Value,
    ) -> (k::Value, k::Value) {
        let a = self.b.index(layout.lhs_stage as i64);
        let b = self.b.index(layout.rhs_stage as i64);
        (
            self.b.binary(k::BinaryOp::Mul, buffer, a),
            self.b.binary(k::BinaryOp::Mul, buffer, b),
        )
    }

    /// Stores a stage loaded by [`Self::load_stage`] into the buffers at `offsets` (elements):
    /// the lhs k-major (transposed, element by element) or row-major, the rhs row-major (vec4
    /// stores when loaded as vec4 and stored row-major).
    pub(super) fn store_stage(
        &mut self,
        cx: &CopyContext<'_, '_>,
        copies: &[StageCopy; 2],
        loaded: &[Vec<Staged>],
        offsets: (k::Value, k::Value),
    ) {
        use k::BinaryOp as B;
        for (copy, values) in copies.iter().zip(loaded) {
            for &Staged {
                value: x,
                row: r,
                col,
            } in values
            {
                if copy.arg == 0 && cx.layout.lhs_k_major {
                    // lhs element (m = r, k = col + lane) at (col + lane) * stride + r.
                    let lanes = if copy.vector.is_some() { 4 } else { 1 };
                    for lane in 0..lanes {
                        let v = if lanes == 4 {
                            extract(&mut self.b, x, lane as u8)
                        } else {
                            x
                        };
                        let kk = self.b.index(lane);
                        let kk = self.b.binary(B::Add, col, kk);
                        let at = self.b.binary(B::Mul, kk, cx.tiles.a_stride);
                        let at = self.b.binary(B::Add, at, r);
                        let at = self.b.binary(B::Add, at, offsets.0);
                        self.b.store(Place::Allocation(cx.tiles.a), vec![at], v);
                    }
                } else {
                    let (tile, stride, offset) = if copy.arg == 0 {
                        (cx.tiles.a, cx.tiles.a_stride, offsets.0)
                    } else {
                        (cx.tiles.b, cx.tiles.b_stride, offsets.1)
                    };
                    let at = self.b.binary(B::Mul, r, stride);
                    let at = self.b.binary(B::Add, at, col);
                    let at = self.b.binary(B::Add, at, offset);
                    match cx.layout.planes {
                        None => self.b.store(Place::Allocation(tile), vec![at], x),
                        Some(plane_elements) => {
                            let lanes = if copy.vector.is_some() { 4 } else { 1 };
                            let planes = self.bf16_planes_truncated(x, lanes);
                            for (p, h) in planes.into_iter().enumerate() {
                                let plane = plane_elements[copy.arg] as i64 * p as i64;
                                let plane = self.b.index(plane);
                                let at = self.b.binary(B::Add, at, plane);
                                self.b.store(Place::Allocation(tile), vec![at], h);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The implicit GEMM's m, n and k sizes and its workgroup grid: the batch dims, then
/// `tile_m`-row and `tile_n`-column tiles.
pub(super) fn gemm_grid(
    sizes: &[SizeExpr],
    dims: &MatmulDims,
    tile_m: u32,
    tile_n: u32,
) -> (SizeExpr, SizeExpr, SizeExpr, Vec<SizeExpr>) {
    let group_size = |group: &[usize]| SizeExpr::product(group.iter().map(|&d| &sizes[d]));
    let (m, n, k) = (
        group_size(&dims.m),
        group_size(&dims.n),
        group_size(&dims.k),
    );
    let mut grid: Vec<SizeExpr> = dims.batch.iter().map(|&d| sizes[d].clone()).collect();
    grid.push(m.clone().ceil_div(SizeExpr::Const(tile_m as i64)));
    grid.push(n.clone().ceil_div(SizeExpr::Const(tile_n as i64)));
    (m, n, k, grid)
}

/// The math of one stage, given the element offsets of its lhs and rhs buffers.
pub(super) type StageMath<'m, 'a> =
    dyn FnMut(&mut Lowering<'a>, (k::Value, k::Value)) -> Result<(), CompileError> + 'm;

/// Problem sizes of the implicit GEMM (Index values).
#[derive(Clone, Copy)]
pub(super) struct GemmEdges {
    pub m: k::Value,
    pub n: k::Value,
    pub k: k::Value,
}

/// The staged tiles and their row strides.
#[derive(Clone, Copy)]
pub(super) struct StageTiles {
    pub a: k::AllocationId,
    pub b: k::AllocationId,
    pub a_stride: k::Value,
    pub b_stride: k::Value,
}

/// The shape of the staged tiles: the lhs `tile_m x tile_k` (stored k-major for SIMT, row-major
/// for cooperative matrices), the rhs `tile_k x tile_n` row-major; strides in elements.
#[derive(Clone, Copy)]
pub(super) struct StageLayout {
    pub tile_n: u32,
    pub tile_k: u32,
    pub lhs_k_major: bool,
    /// Elements of one stage of each tile (the second buffer starts there).
    pub lhs_stage: u32,
    pub rhs_stage: u32,
    /// Split f32 operands: each element is stored as three bf16 planes
    /// (`Lowering::bf16_planes_truncated`), plane `p` of the lhs / rhs at `p *` these elements
    /// into the stage.
    pub planes: Option<[u32; 2]>,
}

/// What the stage copies of one workgroup need.
pub(super) struct CopyContext<'c, 'g> {
    pub gemm: &'c Gemm<'g>,
    pub group: &'c [k::Value],
    pub lane: k::Value,
    pub workgroup_size: u32,
    pub m0: k::Value,
    pub n0: k::Value,
    pub edges: GemmEdges,
    pub tiles: StageTiles,
    pub layout: StageLayout,
    /// Compute types of the lhs and rhs.
    pub elem: [ScalarType; 2],
}

/// A vec4-loadable operand: its buffer view and storage type, through a fused pad (its op)
/// or directly.
#[derive(Clone, Copy)]
pub(super) struct VectorSource {
    pub view: k::ViewId,
    pub storage: ScalarType,
    pub pad: Option<OpId>,
    /// A fused `expand_shape` between the operand and the pad or buffer.
    pub expand: Option<OpId>,
}

/// One element (or vec4) of a stage held in registers, with its place in the tile.
#[derive(Clone, Copy)]
pub(super) struct Staged {
    value: k::Value,
    /// Row of the tile (lhs: m, rhs: k) and first column (lhs: k, rhs: n).
    row: k::Value,
    col: k::Value,
}

/// Lane `lane` of a vector.
pub(super) fn extract(b: &mut KernelBuilder, vector: k::Value, lane: u8) -> k::Value {
    let Type::Vector(s, _) = b.type_of(vector) else {
        return vector;
    };
    b.let_op(Type::Scalar(s), k::Op::Extract { vector, lane })
}
