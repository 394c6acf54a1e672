//! Attention in one kernel (`RegionKind::Attention`): the queries on the Tensor IR that
//! recognize a chain `S = Q K^T`, elementwise ops on `S` at its own point (scale, mask), a
//! `linalg.softmax` over the key dim and `O = P V` ([`AttentionChain`]), and the choice of its
//! kernel's configuration from the target env ([`choose_attention_config`]). Fusion forms the
//! region only where a configuration exists (`fusion/attention.rs`); kernel configuration
//! records the same choice; `lower_to_kernels/attention.rs` builds the kernel.
//!
//! The chain's index space is `[batch, query, key]`: every tensor of the chain (the scores,
//! the softmax's input and result, the second contraction's lhs) is `[batch.., queries, keys]`
//! with the same number of batch elements, so the reshapes between them (a collapse of
//! `[1, heads]` into `heads`) keep each element's batch index (row-major). A workgroup fixes one
//! batch index (a head of one batch element). Every loop dim of the two contractions is tied
//! to a position of its scores / lhs tensor ([`Role::Score`]) or is the first contraction's
//! reduced dim (the head depth) or the second's value column.
//!
//! The queries and keys may be symbolic (a dynamic sequence: the blocked kernel, below); the
//! batch dims, the head depth and the value columns are static.
//!
//! Not handled (today's three regions stay): symbolic batch dims, element types other than f32 /
//! f16 / bf16, CPU devices, devices without subgroup arithmetic, several row / column /
//! reduced dims in a contraction, maps that are not projections (windows, offsets).
//!
//! Rows of up to `Heuristics::attention_max_keys` keys whose score block fits the shared
//! memory take the one-pass kernel (the whole score row in shared memory); longer rows (or
//! ones that do not fit) take the blocked kernel: blocks of `key_block` keys with an online
//! softmax (running max and sum per query row in f32, the `P V` accumulators rescaled when the
//! max grows), where the ops between the softmax and `P V` are only casts and reshapes
//! ([`AttentionChain::casts_after_softmax`]: they then commute with the final division).

use crate::size_expr::SizeExpr;
use crate::structured::{casts_between, matmul_dims, sums_products_of_two_inputs, MatmulDims};
use crate::target::LoweringTarget;
use kiln_frontend::*;
use std::fmt;

/// What one loop dim of a contraction of the chain stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Indexes this position of the score tensor (for the second contraction: of its lhs, the
    /// probabilities, whose shape is the scores').
    Score(usize),
    /// The first contraction's reduced dim (the head depth).
    Depth,
    /// The second contraction's column dim (a value column).
    Column,
}

/// A recognized attention chain (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttentionChain {
    /// `S = Q K^T`: a contraction with one row, one column and one reduced dim.
    pub scores: OpId,
    pub softmax: OpId,
    /// `O = P V`: its lhs the softmax result (or a cast / reshape of it), its reduced dim the
    /// keys.
    pub context: OpId,
    /// The static shapes of the scores (the first contraction's result), of the softmax and of
    /// the second contraction's lhs: each `[batch.., queries, keys]`, the batch dims of each
    /// holding the same count in row-major order (reshapes between them keep the elements'
    /// order).
    /// The batch dims are static; the queries and keys may be symbolic (the blocked kernel).
    pub scores_shape: Vec<SizeExpr>,
    pub shape: Vec<SizeExpr>,
    pub lhs_shape: Vec<SizeExpr>,
    /// The first contraction's reduced size and the second's column count.
    pub depth: i64,
    pub columns: i64,
    /// Per loop dim of each contraction, its role (positions of the scores' shape for the
    /// first, of the lhs shape for the second).
    pub scores_roles: Vec<Role>,
    pub context_roles: Vec<Role>,
    /// Whether the ops between the softmax and `P V`'s lhs are only float casts and reshapes
    /// (the blocked kernel applies them to unnormalized probabilities).
    pub casts_after_softmax: bool,
    /// The element type of `Q`, `K`, the probabilities `P V` reads and `V`, where all four
    /// are f16 or all bf16 (the tensor-core kernel's operands).
    pub matrix_element: Option<DType>,
}

impl AttentionChain {
    /// The number of queries (rows of the score matrix) and of keys.
    pub fn queries(&self) -> SizeExpr {
        self.shape[self.shape.len() - 2].clone()
    }
    pub fn keys(&self) -> SizeExpr {
        self.shape[self.shape.len() - 1].clone()
    }
    /// The static batch dims of the softmax (the workgroup grid's first dims) and their count.
    pub fn batch_dims(&self) -> Vec<i64> {
        static_batch(&self.shape).unwrap_or_default()
    }
}

/// The shape of `v` as sizes: static dims (positive) and symbols.
pub fn shape_sizes(f: &Function, v: ValueId) -> Option<Vec<SizeExpr>> {
    let t = f.values[v].ty.as_tensor()?;
    t.shape
        .iter()
        .map(|d| match d {
            Dim::Static(n) if *n > 0 => Some(SizeExpr::Const(*n as i64)),
            Dim::Symbol(s) => Some(SizeExpr::sym(s.clone())),
            _ => None,
        })
        .collect()
}

/// The batch dims (all but the last two) of `shape`, if all static.
pub fn static_batch(shape: &[SizeExpr]) -> Option<Vec<i64>> {
    shape[..shape.len().checked_sub(2)?]
        .iter()
        .map(SizeExpr::as_const)
        .collect()
}

/// Whether `shape` is `[batch.., queries, keys]` of `batches` static batch elements.
pub fn scores_layout(
    shape: &[SizeExpr],
    queries: &SizeExpr,
    keys: &SizeExpr,
    batches: i64,
) -> bool {
    shape.len() >= 2
        && shape[shape.len() - 2] == *queries
        && shape[shape.len() - 1] == *keys
        && static_batch(shape).is_some_and(|b| b.iter().product::<i64>() == batches)
}

/// The dims of a contraction of the chain: sums of products of two inputs read through
/// projections, one row, one column and one reduced dim, static shapes and float elements.
fn contraction_dims(f: &Function, op: &Op) -> Option<(Generic, MatmulDims, Vec<usize>)> {
    let OpKind::Generic(g) = &op.kind else {
        return None;
    };
    if !sums_products_of_two_inputs(op, g) {
        return None;
    }
    let dims = matmul_dims(g, &[0, 1])?;
    let ([_], [_], [_]) = (&dims.m[..], &dims.n[..], &dims.k[..]) else {
        return None;
    };
    let float = |v: ValueId| {
        matches!(
            f.values[v].ty.dtype(),
            DType::F32 | DType::F16 | DType::BF16
        )
    };
    if !op.operands.iter().all(|&v| float(v)) || !float(op.results[0]) {
        return None;
    }
    if g.indexing_maps[..2]
        .iter()
        .any(|m| m.as_projection().is_none())
    {
        return None;
    }
    for &v in op.operands.iter().chain(&op.results) {
        shape_sizes(f, v)?;
    }
    let out = g.indexing_maps[2].as_projection()?;
    Some((g.clone(), dims, out))
}

/// The chain of contraction `scores`, `softmax` (reading the scores through elementwise ops
/// at their own point and reshapes, checked by fusion) and contraction `context` whose lhs
/// operand is the probabilities (through such ops), if the three fit together (see the module
/// docs): the scores `[batch.., queries, keys]` (the first contraction's row and column dims
/// last, in this order), the softmax over the last dim, the second contraction reading its lhs
/// with its row dim as the queries and its reduced dim as the keys.
pub fn attention_chain(
    f: &Function,
    scores: OpId,
    softmax: OpId,
    context: OpId,
) -> Option<AttentionChain> {
    let (qg, qk, qk_out) = contraction_dims(f, &f.ops[scores])?;
    let OpKind::Softmax { dimension } = f.ops[softmax].kind else {
        return None;
    };
    let scores_shape = shape_sizes(f, f.ops[scores].results[0])?;
    let rank = qk_out.len();
    if rank < 2 || qk_out[rank - 2] != qk.m[0] || qk_out[rank - 1] != qk.n[0] {
        return None;
    }
    let (queries, keys) = (&scores_shape[rank - 2], &scores_shape[rank - 1]);
    let batches: i64 = static_batch(&scores_shape)?.iter().product();
    let shape = shape_sizes(f, f.ops[softmax].results[0])?;
    if !scores_layout(&shape, queries, keys, batches)
        || dimension != shape.len() - 1
        || !matches!(
            f.values[f.ops[softmax].results[0]].ty.dtype(),
            DType::F32 | DType::F16 | DType::BF16
        )
    {
        return None;
    }
    let mut scores_roles = vec![Role::Depth; qg.iterator_types.len()];
    for (p, &d) in qk_out.iter().enumerate() {
        scores_roles[d] = Role::Score(p);
    }
    let depth = shape_sizes(f, f.ops[scores].operands[0])?[qg.indexing_maps[0]
        .as_projection()?
        .iter()
        .position(|&d| d == qk.k[0])?]
    .as_const()?;

    let (pg, pv, pv_out) = contraction_dims(f, &f.ops[context])?;
    let lhs_shape = shape_sizes(f, f.ops[context].operands[0])?;
    if !scores_layout(&lhs_shape, queries, keys, batches) {
        return None;
    }
    let lhs = pg.indexing_maps[0].as_projection()?;
    let lhs_rank = lhs_shape.len();
    if lhs.len() != lhs_rank || lhs[lhs_rank - 1] != pv.k[0] || lhs[lhs_rank - 2] != pv.m[0] {
        return None;
    }
    let mut context_roles = vec![Role::Column; pg.iterator_types.len()];
    for (p, &d) in lhs.iter().enumerate() {
        if p < lhs_rank - 2 && !pv.batch.contains(&d) {
            return None;
        }
        context_roles[d] = Role::Score(p);
    }
    let column = pv.n[0];
    if context_roles
        .iter()
        .enumerate()
        .any(|(d, r)| *r == Role::Column && d != column)
        || !pv_out.contains(&column)
    {
        return None;
    }
    let columns = shape_sizes(f, f.ops[context].results[0])?
        [pv_out.iter().position(|&d| d == column)?]
    .as_const()?;
    let probabilities = f.ops[softmax].results[0];
    let casts_after_softmax = casts_between(f, probabilities, f.ops[context].operands[0]);
    let operands = [&f.ops[scores].operands[..2], &f.ops[context].operands[..2]].concat();
    let element = f.values[operands[0]].ty.dtype();
    let matrix_element = (matches!(element, DType::F16 | DType::BF16)
        && operands.iter().all(|&v| f.values[v].ty.dtype() == element))
    .then_some(element);
    Some(AttentionChain {
        scores,
        softmax,
        context,
        scores_shape,
        shape,
        lhs_shape,
        depth,
        columns,
        scores_roles,
        context_roles,
        casts_after_softmax,
        matrix_element,
    })
}

/// The attention kernel's configuration (`lower_to_kernels/attention.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttentionConfig {
    /// Query rows per workgroup (the score block is `rows x keys` in shared memory).
    pub rows: u32,
    /// Invocations per workgroup (a multiple of the subgroup size).
    pub threads: u32,
    /// The subgroup size the softmax's row reductions assume (one subgroup per row).
    pub subgroup_size: u32,
    /// The score block's row stride in elements (the keys rounded up to a multiple of 4).
    pub key_stride: u32,
    /// Invocations across the value columns in `P V` (a power of two dividing `threads`);
    /// `threads / column_threads` across the rows.
    pub column_threads: u32,
    /// 0: the one-pass kernel (the whole score row in shared memory). Else the blocked kernel:
    /// keys this many at a time (`key_stride`, a multiple of 4) with an online softmax.
    pub key_block: u32,
    /// The tensor-core kernel (one-pass, `lower_to_kernels/attention_matrix.rs`), else SIMT.
    pub matrix: Option<MatrixAttention>,
}

/// The tensor-core attention kernel's shape: `Q K^T` and `P V` as `m x n x k` subgroup
/// cooperative matrices (16-bit operands, f32 accumulators) from operands staged in shared
/// memory, `key_chunk` keys (a multiple of `n` and `k`) of `K` or `V` staged at a time; `rows`
/// (of [`AttentionConfig`]) a multiple of `m`. Shared strides are padded to keep every row of a
/// matrix load 16-byte aligned (the Vulkan rule for cooperative-matrix loads and stores) and the
/// rows off one bank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatrixAttention {
    pub m: u32,
    pub n: u32,
    pub k: u32,
    pub key_chunk: u32,
}

impl MatrixAttention {
    /// The keys rounded up to whole `n x k` fragments (the `P V` reduction reads that many
    /// probabilities, the padding zero).
    pub fn padded_keys(&self, keys: i64) -> i64 {
        let step = i64::from(self.n.max(self.k));
        (keys + step - 1) / step * step
    }
    /// Row strides in elements: the staged queries (16-bit), the f32 score block (also the
    /// f32 output block), the 16-bit probabilities, the staged `K^T` chunk (`depth` rows of
    /// `key_chunk` keys) and the staged `V` chunk (`key_chunk` rows of `columns`).
    pub fn query_stride(&self, depth: i64) -> i64 {
        depth + 8
    }
    pub fn score_stride(&self, keys: i64, columns: i64) -> i64 {
        self.padded_keys(keys).max(columns) + 4
    }
    pub fn probability_stride(&self, keys: i64) -> i64 {
        self.padded_keys(keys) + 8
    }
    pub fn key_stride(&self) -> i64 {
        i64::from(self.key_chunk) + 8
    }
    pub fn value_stride(&self, columns: i64) -> i64 {
        columns + 8
    }
    /// Elements of the staging buffer (the larger of the `K^T` and `V` chunks).
    pub fn stage_len(&self, depth: i64, columns: i64) -> i64 {
        (depth * self.key_stride()).max(i64::from(self.key_chunk) * self.value_stride(columns))
    }
    /// Shared memory of `rows` query rows.
    pub fn shared_bytes(&self, rows: u32, keys: i64, depth: i64, columns: i64) -> i64 {
        let rows = i64::from(rows);
        2 * rows * self.query_stride(depth)
            + 4 * rows * self.score_stride(keys, columns)
            + 2 * rows * self.probability_stride(keys)
            + 2 * self.stage_len(depth, columns)
    }
}

impl AttentionConfig {
    /// Shared memory of the score block and the staged queries (f32 elements).
    pub fn shared_bytes(rows: u32, key_stride: u32, depth: i64) -> i64 {
        4 * i64::from(rows) * (i64::from(key_stride) + depth)
    }
    /// Shared memory of the blocked kernel: the score block, the staged queries and three f32
    /// statistics per row (running max, running sum, the block's rescale factor).
    pub fn blocked_shared_bytes(rows: u32, key_block: u32, depth: i64) -> i64 {
        Self::shared_bytes(rows, key_block, depth) + 12 * i64::from(rows)
    }
    /// Invocations across the rows in `P V`.
    pub fn row_threads(&self) -> u32 {
        self.threads / self.column_threads
    }
}

impl fmt::Display for AttentionConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rows={} threads={} subgroup={} key_stride={}",
            self.rows, self.threads, self.subgroup_size, self.key_stride
        )?;
        if let Some(m) = self.matrix {
            return write!(
                f,
                " matrix={}x{}x{} key_chunk={}",
                m.m, m.n, m.k, m.key_chunk
            );
        }
        write!(f, " columns={}x{}", self.column_threads, self.row_threads())?;
        if self.key_block > 0 {
            write!(f, " key_block={} online-softmax", self.key_block)?;
        }
        Ok(())
    }
}

/// The configuration of `chain`'s kernel on `target`, or `None` where it should not be one
/// kernel: a CPU device, one without subgroup arithmetic (the softmax's row reductions),
/// `Heuristics::attention_max_keys` 0, or neither kernel fitting the shared memory with
/// `Heuristics::attention_min_rows` rows. Up to `attention_max_keys` keys whose score block
/// fits, the one-pass kernel (`key_block` 0); else the blocked one (`key_block` from
/// `Heuristics::attention_key_block`, halved down to the subgroup size until `attention_min_rows`
/// rows fit), where the ops after the softmax are casts and the score tensor is large
/// ([`blocked_pays`]). The rows start at `attention_rows`
/// (at most the queries rounded up to a power of two) and halve until the block fits, then
/// while the grid has fewer than `attention_min_groups` workgroups.
pub fn choose_attention_config(
    chain: &AttentionChain,
    target: &LoweringTarget,
) -> Option<AttentionConfig> {
    let h = &target.heuristics;
    let limits = &target.env.limits;
    if target.env.device_type == kiln_spirv_ir::target::DeviceType::Cpu
        || !target.has_subgroup_arithmetic()
        || h.attention_max_keys == 0
    {
        return None;
    }
    let subgroup_size = limits.subgroup_size;
    let threads = h.attention_threads;
    if subgroup_size == 0
        || threads == 0
        || !threads.is_multiple_of(subgroup_size)
        || threads > limits.max_compute_workgroup_invocations
        || threads > limits.max_compute_workgroup_size[0]
    {
        return None;
    }
    if let Some((rows, matrix)) = choose_matrix_attention(chain, target, threads) {
        let keys = chain.keys().as_const()?;
        return Some(AttentionConfig {
            rows,
            threads,
            subgroup_size,
            key_stride: u32::try_from(matrix.score_stride(keys, chain.columns)).ok()?,
            column_threads: threads,
            key_block: 0,
            matrix: Some(matrix),
        });
    }
    // Symbolic queries / keys (a dynamic sequence): the blocked kernel, `attention_rows` rows
    // at most, keys as many as `attention_key_block`.
    let queries = match chain.queries().as_const() {
        Some(q) => u32::try_from(q).ok()?,
        None => h.attention_rows,
    };
    let keys = chain.keys().as_const();
    let shared = i64::from(limits.max_compute_shared_memory_size);
    let first_rows = h.attention_rows.min(queries.next_power_of_two()).max(1);
    // The most rows from `first_rows` down (halving, at least `attention_min_rows`) whose
    // shared memory `bytes(rows)` fits.
    let rows_fitting = |bytes: &dyn Fn(u32) -> i64| {
        let mut rows = first_rows;
        while bytes(rows) > shared && rows > h.attention_min_rows {
            rows /= 2;
        }
        (bytes(rows) <= shared).then_some(rows)
    };
    let whole_row = match keys {
        Some(keys) => u32::try_from((keys + 3) / 4 * 4).ok()?,
        None => h.attention_key_block.max(4),
    };
    // 16-bit heads on tensor cores: one-pass rows keep three dispatches (their contractions on
    // the tensor cores) unless the tensor-core kernel above took them; see
    // `Heuristics::attention_matrix_key_chunk`.
    let one_pass = keys
        .filter(|&keys| {
            keys <= h.attention_max_keys && tensor_core_element(chain, target).is_none()
        })
        .and_then(|_| {
            rows_fitting(&|rows| AttentionConfig::shared_bytes(rows, whole_row, chain.depth))
        });
    let (mut rows, key_stride, key_block) = match one_pass {
        Some(rows) => (rows, whole_row, 0),
        None if chain.casts_after_softmax && blocked_pays(chain, target) => {
            // Blocks of at most the keys (rounded up to 4), at least a subgroup's worth.
            let mut key_block = h.attention_key_block.min(whole_row).max(4) / 4 * 4;
            loop {
                let bytes =
                    |rows| AttentionConfig::blocked_shared_bytes(rows, key_block, chain.depth);
                if let Some(rows) = rows_fitting(&bytes) {
                    break (rows, key_block, key_block);
                }
                if key_block / 2 < subgroup_size.max(4) {
                    return None;
                }
                key_block = key_block / 2 / 4 * 4;
            }
        }
        None => return None,
    };
    // A grid of fewer workgroups than `attention_min_groups` (batch 1: ViT-B/16's 12 heads x 7
    // blocks of 32 rows on 132 compute units) leaves compute units idle: halve the rows (down
    // to `attention_min_rows`) while it does.
    // (Not for symbolic queries: the grid is unknown.)
    let batches: i64 = chain.batch_dims().iter().product();
    let groups = |rows: u32| match chain.queries().as_const() {
        Some(q) => batches * ((q + i64::from(rows) - 1) / i64::from(rows)),
        None => i64::MAX,
    };
    while groups(rows) < h.attention_min_groups && rows / 2 >= h.attention_min_rows.max(1) {
        rows /= 2;
    }
    // The fewest column invocations (a power of two) covering the columns, at most `threads`.
    let mut column_threads = 1;
    while column_threads < threads && i64::from(column_threads) < chain.columns {
        column_threads *= 2;
    }
    if !threads.is_multiple_of(column_threads) {
        return None;
    }
    Some(AttentionConfig {
        rows,
        threads,
        subgroup_size,
        key_stride,
        column_threads,
        key_block,
        matrix: None,
    })
}

/// The tensor-core configuration of `chain` (see [`MatrixAttention`]), where it applies: static
/// keys, at most `attention_max_keys`; 16-bit `Q`, `K`, `P` and `V` of a compute type the
/// target has; a 16x16x16 subgroup cooperative matrix of them with f32 accumulators listed;
/// head depth and value columns multiples of 16; `attention_matrix_key_chunk` a multiple of 16
/// (0: off); `threads` a multiple of the (fixed) subgroup size; `rows` from `attention_rows`
/// (at most the queries rounded up to a power of two, at least 16) halved while the shared
/// memory does not hold them or the grid has fewer than `attention_min_groups` workgroups,
/// down to 16.
fn choose_matrix_attention(
    chain: &AttentionChain,
    target: &LoweringTarget,
    threads: u32,
) -> Option<(u32, MatrixAttention)> {
    let h = &target.heuristics;
    let limits = &target.env.limits;
    tensor_core_element(chain, target)?;
    if limits.min_subgroup_size != limits.max_subgroup_size
        || !threads.is_multiple_of(limits.subgroup_size.max(1))
    {
        return None;
    }
    let keys = chain.keys().as_const()?;
    let key_chunk = h.attention_matrix_key_chunk / 16 * 16;
    if key_chunk == 0
        || keys > h.attention_max_keys
        || chain.depth % 16 != 0
        || chain.columns % 16 != 0
    {
        return None;
    }
    let matrix = MatrixAttention {
        m: 16,
        n: 16,
        k: 16,
        key_chunk,
    };
    let queries = chain.queries().as_const();
    let first = match queries {
        Some(q) => h
            .attention_rows
            .min(u32::try_from(q).ok()?.next_power_of_two()),
        None => h.attention_rows,
    };
    let mut rows = first / 16 * 16;
    if rows == 0 {
        rows = 16;
    }
    let shared = i64::from(limits.max_compute_shared_memory_size);
    let fits = |rows: u32| matrix.shared_bytes(rows, keys, chain.depth, chain.columns) <= shared;
    while !fits(rows) && rows > 16 {
        rows = (rows / 2).max(16) / 16 * 16;
    }
    if !fits(rows) {
        return None;
    }
    let batches: i64 = chain.batch_dims().iter().product();
    if let Some(q) = queries {
        let groups = |rows: u32| batches * ((q + i64::from(rows) - 1) / i64::from(rows));
        while groups(rows) < h.attention_min_groups && rows / 2 >= 16 {
            rows /= 2;
        }
    }
    Some((rows, matrix))
}

/// The element type of a chain of 16-bit heads (`AttentionChain::matrix_element`, f16) on a
/// target whose tensor cores take them: f16 a compute type, 16x16x16 subgroup cooperative
/// matrices of it with f32 accumulators listed.
fn tensor_core_element(chain: &AttentionChain, target: &LoweringTarget) -> Option<DType> {
    use kiln_spirv_ir::target::ComponentType as C;
    let element = chain.matrix_element?;
    let component = match element {
        DType::F16 => C::F16,
        _ => return None,
    };
    if target.compute_type(element).ok()? != crate::kernel_ir::ScalarType::F16 {
        return None;
    }
    target
        .env
        .cooperative_matrix
        .iter()
        .any(|p| {
            (p.m, p.n, p.k) == (16, 16, 16)
                && (p.a_type, p.b_type, p.c_type, p.result_type)
                    == (component, component, C::F32, C::F32)
                && p.scope == kiln_spirv_ir::spirv::Scope::Subgroup
                && !p.saturating_accumulation
        })
        .then_some(element)
}

/// Whether the blocked kernel should replace the three dispatches (rows too long for the
/// one-pass kernel): for a dynamic sequence (the score tensor's size unknown until run time),
/// or a static score tensor of at least `Heuristics::attention_blocked_min_score_bytes`
/// (counted at 4 bytes a score), or one past the device's storage-buffer range (the three
/// dispatches cannot hold it). Where the three fit they are faster: H200, 12 heads x 4096
/// queries and keys, head dim 64, f32: blocked 4.94 ms, three dispatches 2.92 ms; 2 x 12 x 2048
/// 2.49 / 1.62 ms; 16 x 8192 blocked 26.4 ms, the three cannot run (4 GiB of scores).
fn blocked_pays(chain: &AttentionChain, target: &LoweringTarget) -> bool {
    let (Some(queries), Some(keys)) = (chain.queries().as_const(), chain.keys().as_const()) else {
        return true;
    };
    let batches: i64 = chain.batch_dims().iter().product();
    let score_bytes = batches
        .saturating_mul(queries)
        .saturating_mul(keys)
        .saturating_mul(4);
    let range = i64::try_from(target.env.limits.max_storage_buffer_range).unwrap_or(i64::MAX);
    score_bytes
        >= target
            .heuristics
            .attention_blocked_min_score_bytes
            .min(range)
}

/// The attention chain among a region's ops: its first contraction, its softmax and the
/// contraction after it.
pub fn find_chain(f: &Function, ops: &[OpId]) -> Option<AttentionChain> {
    let softmax = *ops
        .iter()
        .find(|&&o| matches!(f.ops[o].kind, OpKind::Softmax { .. }))?;
    let contraction = |o: &OpId| {
        matches!(&f.ops[*o].kind, OpKind::Generic(g)
            if g.iterator_types.contains(&IteratorType::Reduction))
    };
    let before = ops
        .iter()
        .take_while(|&&o| o != softmax)
        .filter(|o| contraction(o));
    let after: Vec<OpId> = ops
        .iter()
        .skip_while(|&&o| o != softmax)
        .filter(|o| contraction(o))
        .copied()
        .collect();
    let (&[scores], &[context]) = (&before.copied().collect::<Vec<_>>()[..], &after[..]) else {
        return None;
    };
    attention_chain(f, scores, softmax, context)
}
