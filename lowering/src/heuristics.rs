//! `Heuristics`: every tuned number of kernel configuration in one table, built once per compile
//! from the target env ([`Heuristics::for_target`]) and read by `kernel_config` and
//! `lower_to_kernels` (`LoweringTarget::heuristics`). A number here is a measured trade-off, not
//! a device limit (those are read from `TargetEnv::limits` where they are needed); each field
//! says what it stands for and what it was measured on.
//!
//! Most numbers were measured on one discrete GPU of [`REFERENCE_COMPUTE_UNITS`] compute units
//! (benches/RESULTS.md names it). The ones that count workgroups against a wave of the device
//! (`*_groups`, `simt_min_workgroups`) scale linearly with the target's compute units
//! (`TargetEnv::compute_units`, reported by the device where it can say); a target that does not
//! report them is assumed to have the reference count, so its numbers are the measured ones.
//! The others are per-workgroup or per-invocation trade-offs and do not depend on the count.
//!
//! To add a heuristic: a field here with its documentation (what it trades, what was measured),
//! its value in [`Heuristics::for_target`], and the code that reads it through
//! `target.heuristics` (see docs/heuristics.md).

use kiln_spirv_ir::TargetEnv;

/// The compute units of the GPU the tuned numbers were measured on. Numbers that count
/// workgroups per wave are given for this count and scaled to the target's.
pub const REFERENCE_COMPUTE_UNITS: u32 = 132;

/// A SIMT matmul tiling: `(tile_m, tile_n, tile_k, thread_m, thread_n)`.
pub type SimtTiles = (u32, u32, u32, u32, u32);

/// A workgroup-scope tiling candidate: `(tile_m, tile_n, tile_k, workgroup invocations)`.
pub type MatrixTiles = (u32, u32, u32, u32);

/// The tuned numbers of kernel configuration for one target env.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heuristics {
    /// The compute units the wave-counting numbers are scaled to: the target's
    /// (`TargetEnv::compute_units`), else [`REFERENCE_COMPUTE_UNITS`].
    pub compute_units: u32,
    /// Whether `compute_units` is an assumption (the target env does not report a count).
    pub compute_units_assumed: bool,

    // --- SIMT, cooperative-matrix and lanes matmuls (`kernel_config::choose_matmul_config`,
    // `choose_cooperative_matrix_config`, `choose_lanes_config`).
    /// A static row or column count under which a matmul is not tiled (the serial strategy).
    pub min_tiled_size: i64,
    /// The SIMT tiling of large problems on a GPU: 8 x 16 register tiles (128 multiply-adds
    /// per six vec4 shared loads) on 128 x 256 x 16 tiles of 256 invocations, one stage: 36.6-
    /// 37.2 TFLOP/s at 4096^3 / 8192^3 f32 (256x128x16/8x8 at 512 invocations 33.1, 8x16 with
    /// tile_k 8 32.1-33.1; see `kernel_config::choose_matmul_config`). Where shared memory is
    /// short, half the K step. All SIMT tilings are (tile_m, tile_n, tile_k, thread_m,
    /// thread_n).
    pub simt_large_tiles: SimtTiles,
    /// The SIMT tiling of a GPU with 512 invocations a workgroup (8 x 8 register tiles: 4 x 4
    /// ones are bound by shared-memory bandwidth; 256x128/8x8 one stage 33.1 TFLOP/s against
    /// 30.2 for 128x128/8x8 with two).
    pub simt_wide_workgroup_tiles: SimtTiles,
    /// ... with fewer invocations.
    pub simt_tiles: SimtTiles,
    /// The SIMT tiling of a convolution's implicit GEMM on a GPU
    /// (`kernel_config::choose_conv_matmul_config`; M and N swap for 64 output channels or
    /// fewer). ResNet-50 at batch 32 in NHWC on 132 compute units (`--matmul-tiles`, per conv,
    /// us; default then / 64x128x8 / 128x64x8): 3x3 at 28x28x128 327 / 259 / 265 (the default
    /// was 256x128x16), 1x1 at 28x28 -> 128 171 / 123 / 125, 3x3 at 14x14x256 (two slices)
    /// 357 / 261 / 268 (128x128x16), 3x3 at 56x56x64 275 (128x64x8) / 338 / 275; whole network
    /// 14.79 / 14.30 / 14.19 ms (one tiling for every conv).
    pub simt_conv_tiles: SimtTiles,
    /// The SIMT tiling of a CPU device: large register tiles and few invocations amortize each
    /// barrier and stage (llvmpipe, 512^3 f32: 4x4 / 64x64 144 ms, 8x8 83 ms, 16x16 45 ms).
    pub simt_cpu_tiles: SimtTiles,
    /// The most elements an invocation prefetches a stage on a GPU (registers held across the
    /// stage's math); the K step halves (down to 8) until it fits: conv 3x3 32x56x56x64 -> 64
    /// at 128x64/8x8 (24 at k 16): 323 us at k 16, 281 us at k 8.
    pub simt_max_prefetch: u32,
    /// Workgroups a GPU matmul should have before its tiles are allowed to stay large: a few
    /// waves would be better, but fewer, larger tiles lose less to the problem edges. 96 at 132
    /// compute units, conv 3x3 1x56x56x64 -> 64 (M = 3136, N = 64): 128x64/8x8 (25 workgroups)
    /// 124 us, 64x64/4x4 (49) 52 us, 32x64/4x4 (98) 40 us, 32x32/4x4 (196) 58 us. Also the
    /// grid under which the cooperative-matrix matmul takes its small tiling.
    pub simt_min_workgroups: i64,
    /// SIMT split-K (`kernel_config::choose_simt_split_k`): a plain matmul (static M, N, K of
    /// at least `simt_split_k_min_k`, no batch dims) whose SIMT tiling has fewer than
    /// `simt_split_k_groups` workgroups takes `simt_split_k_tiles` on a grid of tiles x K
    /// slices of at least `simt_split_k_min_slice` each, then a sum kernel runs its epilogue.
    /// 132 compute units, whole-network GPU time (`benches/gpu/ab.sh`, `--heuristic`), BERT-base
    /// / ViT-B/16 at batch 1 (128 / 197 rows of 768 x 768, 768 x 3072, 3072 x 768): unsplit
    /// 5.34 / 5.90 ms; 32x64/4x4 tiles and 528 workgroups 3.29 / 4.19 (the 768 x 768 layers
    /// 48.8 -> 16.1 us at 128 rows); 264 workgroups 3.33 / 4.73; 132: 4.12 (BERT); 32x32/4x4
    /// tiles 4.24 / 5.49; 64x64/4x8 3.59 (BERT); K steps of 32 3.83 (BERT); slices of at least
    /// 64 rather than 128 3.25 / 4.28. Later (attention in one kernel; H100, one call): 528
    /// workgroups 2.18 / 3.14 ms, 1056 2.14 / 3.09 (the 768 x 3072 and 3072 x 768 layers 2-4 us
    /// faster each); 8 x 8 register tiles 2.93-3.12 / 4.15-4.36 (64x64, 64x128, either grid);
    /// 32x128/4x8 2.42 / 3.28.
    pub simt_split_k_tiles: SimtTiles,
    pub simt_split_k_min_k: i64,
    pub simt_split_k_min_slice: i64,
    pub simt_split_k_groups: i64,
    /// The cooperative-matrix (subgroup-scope) tilings, best first, as (subgroups along M,
    /// subgroups along N, fragments along M, fragments along N) with two fragment k-steps a
    /// stage: 2 x 4 subgroups of 4 x 4 fragments (128 x 256 outputs for 16 x 16 fragments)
    /// 180 TFLOP/s at 4096^3, of 4 x 2 fragments (128 x 128, double-buffered) 140. A grid of
    /// fewer than `simt_min_workgroups` 128 x 128 tiles takes the last (the smallest).
    pub cooperative_matrix_tilings: &'static [(u32, u32, u32, u32)],
    /// The same for f32 contractions split onto bf16 matrices (three planes per staged
    /// operand), with the fragment k-steps a stage last: 2 x 4 subgroups of 4 x 2 fragments
    /// one k-step deep (128 x 128 x 16, one stage: 42 KiB), 2 x 4 of 2 x 2 (64 x 128 x 16, one
    /// stage), then 2 x 2 of 2 x 2 (64 x 64 x 16, double-buffered: 37 KiB). A tiling longer
    /// than a static M or N is passed over (`choose_cooperative_matrix_config`).
    pub split_cooperative_matrix_tilings: &'static [(u32, u32, u32, u32, u32)],
    /// Which f32 contractions take the split cooperative-matrix pipeline: pointwise ones (no
    /// reduction dim longer than 1 inside an index sum: 1x1 convolutions; not plain matmuls,
    /// which have their own split pipeline) with at least this many output columns (N, the
    /// output channels of an NCHW conv). 132 compute units, ResNet-50 at batch 32, per conv
    /// against the SIMT kernel (2026-11-26): 1x1 convs with N >= 256 1.3-1.7x faster (64 -> 256
    /// at 56x56: 360 against 463 us; 128 -> 512 at 28x28: 312 / 467; 256 -> 1024 at 14x14: 263
    /// / 384), with N = 64 slower (152 / 125 us); 3x3 convs 2x slower (their im2col loads and
    /// the in-register split cost more than the tensor cores save: 1227 / 609 us at 56x56x64).
    pub split_cooperative_matrix_min_n: i64,
    /// 1: the split pipeline's inputs trade roles where that makes both tile loads walk their
    /// operand's innermost index (NCHW convs; `kernel_config::swapped_reads_better`). Off: with
    /// prefetch on, a 3x3 conv 32x64x56x56 took 942 us swapped against 1227 as it is, a 1x1
    /// 256 -> 64 332 us against 152 (different tilings), ResNet-50 b32 32.4 against 29.2 ms.
    pub split_cooperative_matrix_swap: i64,
    /// 1: the split pipeline's single stage loads the next stage into registers before the
    /// math (`Lowering::staged_k_loop`'s prefetch). Off (measured only together with swap).
    pub split_cooperative_matrix_prefetch: i64,
    /// 1: windowed convolutions (3x3) take the split pipeline too, under the same
    /// `split_cooperative_matrix_min_n` (off: measured 2x slower in NCHW, see above).
    pub split_cooperative_matrix_windowed: i64,
    /// f16 convolutions (implicit GEMMs over image rows) take the f16 cooperative-matrix kernels
    /// only with at least this many output channels (per group), else SIMT; measured on
    /// channels-last convs, and NCHW-read grouped ones are worse still on cooperative matrices
    /// (RegNetY-800MF's 16-channel groups: 0.8-1.2 TFLOP/s). 132 compute units, batch 32, per conv, cooperative matrices
    /// against SIMT: ResNet-50's convs to 64 channels 183 / 102 us (1x1 at 56x56), 425 / 326
    /// (3x3), to 256 or more 183 / 242; DenseNet-121's 3x3 convs to 32 channels 2.2 ms slower
    /// in all on cooperative matrices, its 1x1 convs to 128 even.
    pub cooperative_matrix_conv_min_n: i64,
    /// SIMT tilings of grouped convolutions on a GPU by the output channels of a group
    /// (`kernel_config::choose_grouped_conv_config`: a tiling as wide as the channels or wider,
    /// where they are more than half its width; none: the general choice, serial under
    /// `min_tiled_size`). Measured at 132 compute units, batch 32, NHWGC (`channels-last`), the
    /// grouped 3x3 conv between two 1x1 convs, us, f16 / f32, default then / this: 16 channels
    /// (RegNetY-800MF's four stages, ResNeXt-50's 14x14) 56x56x64 230 / 166, 212 / 153; 28x28x144
    /// 140 / 103, 128 / 94; 14x14x320 87 / 65, 79 / 59; 7x7x784 58 / 38, 53 / 42; 14x14x512
    /// 133 / 90, 121 / 82 (256x16/4x8 and 8x4: as the default; 512x16/8x8 slower); 8 channels
    /// (ResNeXt-50 28x28x256; the default was serial) 289 / 229, 288 / 222 (256x8/8x4 219 / 298).
    /// 4 channels (ResNeXt-50 56x56x128): serial 258 / 307, 512x4 606, 256x4 1850 (f16): none;
    /// 32 channels (7x7x1024): the default's 73 / 68 beat 128x32x16/4x8's 84 / 80: none.
    pub grouped_conv_simt_tiles: &'static [SimtTiles],
    /// The fewest workgroups (tiles over all groups) a grouped convolution's tilings above must
    /// give, else the general choice (which spreads small problems and splits their reduction):
    /// at batch 1 they lose (RegNetY-800MF 1.06 -> 1.24 ms in f16, ResNeXt-50 0.94 -> 1.19:
    /// 40-100 workgroups a conv; at batch 32 637-1568, all gain). Scales with compute units.
    pub grouped_conv_min_workgroups: i64,
    /// f16 grouped convolutions of at most this many output channels a group (and at least a
    /// cooperative matrix's columns) take the cooperative-matrix kernel with
    /// `grouped_conv_cooperative_matrix_tiling` (0: never). Same convs as above, f16, us,
    /// SIMT then / 4 x 1 subgroups of 2 x 1 fragments (128 x 16), k 32, two stages: 16
    /// channels 166 / 127, 103 / 82, 65 / 54, 38 / 33, 90 / 74 (8 x 1 subgroups of 1 x 1 or
    /// 2 x 1, k 32 or 48: 1-10% slower; 4 x 1 of 4 x 1: 20-110% slower); 32 channels (7x7x1024)
    /// 77-137 against the default SIMT's 73.
    pub grouped_conv_cooperative_matrix_max_n: i64,
    /// (subgroups_m, subgroups_n, fragments_m, fragments_n, k_steps), two stages where they fit.
    pub grouped_conv_cooperative_matrix_tiling: (u32, u32, u32, u32, u32),
    /// f16 convolutions over image rows (not grouped) whose input is read channels innermost
    /// (NHWC) and whose static output channels are at most a row's first number take the
    /// cooperative-matrix kernel with that row's tiling `(max_n, subgroups_m, subgroups_n,
    /// fragments_m, fragments_n)` (k 32, two stages where they fit) where that gives at least
    /// `grouped_conv_min_workgroups` workgroups: the general tilings (SIMT under
    /// `cooperative_matrix_conv_min_n`, else 128 x 256 cooperative-matrix tiles) compute most
    /// of their products past N. H200, clocks held, batch 32, f16, per conv, us, the general
    /// choice -> the row's tiling: DenseNet-121's 3x3 convs to 32 channels (SIMT 128 x 64)
    /// 397 -> 190 at 56x56 (8 x 1 of 1 x 2; 4 x 1 of 2 x 2: 219, 2 x 1 of 2 x 2: 252, k 64:
    /// 311); ResNet-50's 3x3 convs to 64 channels (SIMT) 300 -> 175 (4 x 1 of 2 x 4; 2 x 2 of
    /// 2 x 2: 171-186), to 128 channels (128 x 256 tiles) 242 -> 150-174 (2 x 2 of 2 x 2; 4 x
    /// 1 of 2 x 4: 192); to 256 channels the 128 x 256 tiles stay (122-145 against 167-196).
    /// At batch 1 (13-50 workgroups) the narrow tiles lost (ResNet-50's 56x56 3x3 25 -> 34):
    /// hence the workgroup floor; rows are tried in order, so a conv too small for a row's
    /// tiles takes the next row of its channels (DenseNet's 28x28 3x3 convs to 32 channels at
    /// batch 32, 196 tiles of 128 x 32, take 4 x 1 of 1 x 2: 64 x 32, 392 tiles, instead of
    /// a split reduction on SIMT tiles). Empty: never.
    pub narrow_conv_cooperative_matrix_tilings: &'static [(i64, u32, u32, u32, u32)],
    /// Rows of `narrow_conv_cooperative_matrix_tilings` above this many channels are passed
    /// over (0: the rule is off, an A/B switch; H200, f16, with the session-29 switches all
    /// off / on: ResNet-50 b32 6.12 / 5.17 ms, ResNeXt-50 5.06 / 4.77).
    pub narrow_conv_cooperative_matrix_max_n: i64,
    /// Function arguments of 4-D NCHW activations read by convolutions (the input image of a
    /// CNN) with more than 1 and at most this many channels are copied to NHWC by a transposing
    /// kernel at entry (`channels_last`), so that the first conv reads them NHWC like the
    /// others (0: none; the signature keeps NCHW). ResNet-50 at batch 32 on 132 compute units:
    /// its 7x7 stride-2 stem over the 3-channel NCHW input took 626 us (12 TFLOP/s, the other
    /// convs 20+), SqueezeNet's stem 243 us of 2.12 ms. Not yet measured on the GPU: the stem
    /// becomes an NHWC4 conv with vec4 loads (see `channels_last_input_channel_multiple`) and
    /// the copy one pass over the input (19 MB read, 26 MB written at batch 32).
    pub channels_last_input_max_channels: i64,
    /// The channels of such a copied argument are padded with zeros to a multiple of this
    /// (the conv filters, dense constants, get zero input channels at compile time) where the
    /// copy only reaches convs, through spatial pads, and the padding adds at most a third: 4
    /// lets the conv's implicit GEMM read its innermost reduction dim with vec4 loads (7x7x4
    /// instead of 7x7x3: a third more multiply-adds, against scalar loads). An argument whose
    /// convs would not read a multiple of this is not copied. 1: no padding, every argument
    /// of at most `channels_last_input_max_channels` copied.
    pub channels_last_input_channel_multiple: i64,
    /// 1: the entry copy of a graph input may have float casts (`--precision f16`'s) between it
    /// and the convs, so f16 stems read NHWC4 too (0: such inputs stay NCHW). An A/B switch,
    /// timed only with the other session-29 switches (`benches/RESULTS.md`, session 30).
    pub channels_last_input_through_casts: i64,
    /// 1: rank-3 constants read along the channels of NHWC values are stored channels
    /// innermost: depthwise filters `(c, kh, kw)` as `(kh, kw, c)`, per-channel `[C, 1, 1]`
    /// operands as `[1, 1, C]` (`channels_last::channel_constants_last`; 0: as they are). H200,
    /// f16, whole networks, ms, 0 (scalar depthwise kernels, 8 outputs) / 1 (vec4, 4 outputs):
    /// ConvNeXt-T b32 4.69 / 4.72, b1 0.99 / 1.03; MobileNetV3-L b32 1.80 / 1.73;
    /// EfficientNet-B0 b32 2.64 / 2.56 (session 30).
    pub channel_constants_last: i64,
    /// Accumulators per invocation of the lanes matmul (CPU devices): what llvmpipe compiles
    /// in reasonable time (its compile time grows quickly with the count: 1024 took 20-40 s).
    pub lanes_accumulators: u32,

    // --- Large matmuls: the workgroup-scope epilogue split (`lower_to_kernels/matmul.rs`
    // `prefers_workgroup_matrix`) and the split bf16 pipeline (`choose_split_matrix_config`).
    /// The smallest K of a large matmul: below it the workgroup-scope kernel is not worth a
    /// separate dispatch for its epilogue, nor the bf16 planes their split.
    pub large_matmul_min_k: i64,
    /// The smallest multiply-add count of a large matmul (2^30: a 1024^3 matmul), so that an
    /// extra dispatch (about 4 us) or the split of the operands stays small next to it.
    pub large_matmul_min_macs: i64,
    /// The smallest multiply-add count of an f16 1x1 convolution that `pointwise-convs` turns
    /// into a plain matmul, and of an f16 matmul whose epilogue fits the accumulator that takes
    /// the workgroup-scope kernel with it (`kernel_config::region`): 2^24 (a 256^3 matmul).
    /// H200, f16, whole models, both at 2^30 (`large_matmul_min_macs`, before) -> 2^24, one call
    /// (benches/RESULTS.md, session 27): GPT-2 b1 1.71 -> 1.37 ms, ResNet-50 b1 1.22 -> 1.01,
    /// EfficientNet-B0 b32 3.52 -> 2.64, MobileNetV3-L b32 2.23 -> 1.83, DenseNet-121 b32 11.62
    /// -> 9.72, Swin-T b1 2.07 -> 1.88; lost: ResNet-50 b32 5.90 -> 6.03, ConvNeXt-T b32 7.46 ->
    /// 7.51. The pass alone at 2^24 loses (MobileNetV3-L b32 2.20 -> 3.42): its matmuls then
    /// miss the conv pipelines' fused epilogues. Both apply to static sizes only
    /// ([`Heuristics::measured_floor`]).
    pub pointwise_conv_min_macs: i64,
    pub fused_epilogue_min_macs: i64,
    /// The smallest multiply-add count of a split bf16 matmul with a long K (at least
    /// `split_k_min_k`, where split-K spreads few tiles over more workgroups): 128 rows of
    /// `relu(x * W + b)` with W 4096 x 1024 f32 took 870 us on the SIMT kernel (8 workgroups
    /// walking all of K).
    pub split_bf16_long_k_min_macs: i64,
    /// The workgroups (tiles x slices) a static-M split bf16 matmul needs to be preferred to
    /// SIMT split-K (`kernel_config::plan`): BERT-base's 128 x 3072 x 768 layer (48 workgroups
    /// of 64 x 128 in 4 slices) took 70 us split into bf16 planes (lhs split, slices, sum)
    /// against 48 on SIMT split-K (132 compute units; whole network 3.64 -> 3.33 ms).
    pub split_bf16_min_groups: i64,
    /// The rows a dynamic M is taken to have by the large-matmul rules: such a matmul is split
    /// when its weights (N x K) are at least 2^20 elements, a 1024 x 1024 layer. At run time a
    /// few rows lose one dispatch (~4 us); many rows gain the workgroup-scope kernel.
    pub dynamic_m_rows: i64,
    /// Tensor-addressed cooperative-matrix loads and stores are fast only from 16-byte aligned
    /// rows: the row lengths of 16-bit operands, K (lhs) and N (rhs, result), must be multiples
    /// of this many elements. f16 in / f32 acc, workgroup-scope against subgroup kernel: 4096 x
    /// 4100 x 1024 429.6 against 322.8 us, 700 x 700 x 1024 62.5 against 24.2; aligned
    /// neighbours are faster on the workgroup-scope kernel (1032 x 1032 x 1024 29.1 against
    /// 44.2).
    pub tensor_row_alignment: i64,
    /// The split bf16 tiling (see `kernel_config::SplitMatrixConfig`): 64x128x32 on 128
    /// invocations, flushing every `split_bf16_flush_steps` steps: 52.9-53.6 TFLOP/s at 4096^3
    /// (128x128x16 every 8 steps 52.1; every step 47.8; 128x256, 256x128, 256x256 tiles 10-41).
    pub split_bf16_tiles: MatrixTiles,
    pub split_bf16_flush_steps: u32,

    // --- Workgroup-scope cooperative matrices and split-K (`choose_workgroup_matrix_config`,
    // `choose_split_k_config`, `choose_split_k_slices`).
    /// The candidates for f16 operands with f32 accumulators, best first: 128x128x64 with 128
    /// invocations 333 TFLOP/s at 4096^3 (128x256x64 with 256: 300-304, 128x256x32: 282,
    /// 128x128x64 with 256: 264, 64x128x64 and 128x64x64: 245).
    pub workgroup_matrix_f32_acc: &'static [MatrixTiles],
    /// ... with f16 accumulators: 256x256x32 with 256 invocations 353-360 TFLOP/s at 4096^3
    /// (128x128x64 with 128: 346, 256x256x64: 203).
    pub workgroup_matrix_f16_acc: &'static [MatrixTiles],
    /// The workgroups below which the workgroup-scope kernel takes a smaller tile: about two
    /// per compute unit (256 at 132), which hide each other's tile prologue. `relu(x * W + b)`,
    /// W 4096 x 4096 f16, f32 accumulators, GPU us of 128x128 / 64x128 / 64x64 tiles: M = 128
    /// 92.2 / 60.5 / 53.6; M = 512 93.5 / 74.1 / 83.4. 192 rather than 256 (1.5 per compute
    /// unit): `4096 x 768 x 3072` + bias, f16 out, 128x128 tiles (192 workgroups) 86.6 us
    /// against 110.1 in 64x128 (384); BERT-base / GPT-2 f16 b32 whole models 5.65 -> 5.29 /
    /// 6.10 -> 5.77 ms, ViT-B/16 and Swin-T unchanged (H200, benches/RESULTS.md).
    pub workgroup_matrix_min_groups: i64,
    /// A wave of the split bf16 grid (`choose_split_k_slices`): 256 at 132 compute units.
    pub split_bf16_wave_groups: i64,
    /// The most slices split-K of the workgroup-scope kernel cuts K into: it tries 2, 4, ...
    /// up to this, fewest first ([`Heuristics::split_k_slices`]); up to
    /// `split_k_few_max_slices` for a grid of fewer than `split_k_few_groups`.
    pub split_k_max_slices: u32,
    pub split_k_few_max_slices: u32,
    /// ... and of the split bf16 pipeline (`choose_split_k_slices`).
    pub split_bf16_max_slices: u32,
    /// The smallest K split-K takes (also where the few-rows pipeline yields to it).
    pub split_k_min_k: i64,
    /// The smallest slice of K.
    pub split_k_min_slice: i64,
    /// The workgroups a split grid needs (slices x tiles): 192 at 132 compute units.
    pub split_k_min_groups: i64,
    /// The most workgroups a split grid takes in one wave (two per compute unit: 256 at 132)
    /// where another tiling reaches `split_k_min_groups` within that.
    pub split_k_wave_groups: i64,
    /// The workgroups below which an unsplit grid is too few for its compute units whatever
    /// K (half a workgroup per compute unit: 64 at 132): such a matmul splits with K of at
    /// least `split_k_short_min_k` into slices of at least `split_k_short_min_slice`, to at
    /// least this many workgroups, where the grid of `split_k_min_groups` is out of reach.
    /// Batch-1 linear layers (H200, f16, GPU us in whole models, slices + sum kernel):
    /// BERT-base's attention output 128 x 768 x 768 (24 tiles of 64x64) 39 unsplit against 16
    /// in 4 slices; ViT-B/16's 197 x 768 x 768 out-projection (48 tiles) 60 against 20 (+ 4
    /// for its transposing epilogue, a dispatch of its own); 128 x 768 x 3072 (24 tiles) 57
    /// against 16 in 8 (384-deep slices). Grids of 72-192 tiles at K = 768 lose to a split
    /// (BERT's merged 128 x 2304 x 768 projection 13.6 -> 18.9, ViT's 197 x 2304 x 768 28 ->
    /// 35).
    pub split_k_few_groups: i64,
    pub split_k_short_min_k: i64,
    pub split_k_short_min_slice: i64,
    /// The rows below which a dynamic M's run-time variants follow the SIMT / subgroup tiling
    /// of a static M: a large M's tiling leaves a few hundred rows with a handful of
    /// workgroups (f32 `?x1024 * 1024x1024`: 232-243 us at 65-1000 rows, 38.4 at 128 and 58.9
    /// at 512 with the tiling of 65 rows).
    pub tiling_variant_max_m: i64,
    /// Workgroups take the tiles in bands of this many tile rows, column by column inside a
    /// band, so that workgroups running together share operand tiles in L2 (8192^3 f16 with
    /// f32 accumulators: 332 -> 343 TFLOP/s).
    pub raster_band: i64,
    /// Grids of at least `stagger_min_tiles` workgroup-scope tiles start and end with about
    /// `stagger_half_tiles` half tiles (`lower_to_kernels/matmul.rs` `Stagger`): 8192^3 f16 x
    /// f16 -> f32 355.5 -> 360.3 TFLOP/s, 64 half tiles at each end beat 128; 4096^3 (1024
    /// tiles) and 8192 x 4096 x 4096 (2048 tiles) lose or break even.
    pub stagger_min_tiles: i64,
    pub stagger_half_tiles: i64,

    // --- The few-rows pipeline (`lower_to_kernels/gemv.rs`).
    /// Output columns per workgroup (16 or 64 were slower).
    pub gemv_columns: u32,
    /// The workgroup shapes, best first: (invocations, unroll). The first whose slice sums fit
    /// the target's shared memory (and whose size its workgroups allow) is taken. `x * W + b`,
    /// W 4096 x 4096, GPU us of (256, 1) / (256, 8) / (512, 8) / (1024, 4): f16 M = 1 28.6 / -
    /// / 17.8 / 14.9; M = 4 71.9 / 24.5 / 19.7 / (too much shared memory); f32 M = 1 48.3 / - /
    /// 24.8 / 22.7.
    pub gemv_shapes: &'static [(u32, u32)],
    /// The smallest static N and K it takes (below, the tiled pipelines' few steps cost
    /// little).
    pub gemv_min_nk: i64,
    /// The widest N at which it takes up to `gemv_max_m` rows; wider ones take up to
    /// `gemv_max_m_few`.
    pub gemv_wide_n: i64,
    /// The most rows it takes: each workgroup row reads all of the rhs, which pays while the
    /// tiled pipelines have few workgroups (`relu(x * W + b)` f16, tiled / few-rows GPU us: 64
    /// x 4096 x 4096 188.2 / 117.3; but 64 x 16384 x 4096 229.0 / 457.9).
    pub gemv_max_m: i64,
    /// ... for f16 operands on targets with workgroup-scope matrices: that kernel with small
    /// tiles takes 64 rows of 4096 x 4096 in 53.3 us, but 32 rows in 85.5 against 62.9 here.
    pub gemv_max_m_beside_workgroup_matrix: i64,
    /// ... for a wide N, and beside split-K (K >= `split_k_min_k`): 8 / 16 / 32 rows take 33.8
    /// / 34.0 / 35.7 us split against 28.8 / 35.3 / 63.4 here.
    pub gemv_max_m_few: i64,
    /// The most rows a few-rows workgroup takes (each invocation keeps its accumulators per
    /// row; a larger M takes several workgroup rows, up to `gemv_max_m`). Also the rows of a
    /// dynamic M's largest few-rows variant.
    pub gemv_rows_per_workgroup: i64,
    /// Pointwise convolutions (not plain matmuls) of N under `gemv_min_nk` (K of at least it)
    /// take the few-rows pipeline when they have at most this many outputs (M x N; M up to
    /// `gemv_max_m`): a
    /// squeeze-and-excitation block's first 1x1 conv on a pooled `[N, C, 1, 1]` (8-48 outputs
    /// a row over 96-1152 channels) took the serial reduction, one invocation an output
    /// (EfficientNet-B0 b1 f16 on the H200: 16 of them 313 us of 1145, MobileNetV3-L 8 of them
    /// 146 of 830). 0: never.
    pub gemv_narrow_max_outputs: i64,

    // --- Row and column reductions, softmax (`lower_to_kernels/reduction.rs`).
    /// Chunks per invocation above which a row is too long for a subgroup.
    pub subgroup_row_chunks: i64,
    /// Elements per invocation a softmax row may hold in registers.
    pub softmax_register_elements: i64,
    /// Elements per invocation above which a softmax row held in registers takes a workgroup
    /// rather than a subgroup on GPUs, and the elements per invocation such a workgroup aims
    /// at. Subgroup per row -> workgroup per row at 8 elements per lane: 1024 x 1024 6.21 ->
    /// 5.92 us, 4096 x 1024 11.07 -> 10.27; rows of 512 (16 elements per lane) stay faster on a
    /// subgroup: 5.02 against 5.22.
    pub softmax_subgroup_elements: i64,
    pub softmax_workgroup_elements: i64,
    /// Invocations (rows times subgroup size) from which long rows of a row reduction also go
    /// one per subgroup: with 4 vec4 loads in flight each, 64 Ki invocations keep 4 MiB in
    /// flight, more than the bandwidth-latency product of current GPUs.
    pub rows_invocations: i64,
    /// Invocations per workgroup of the subgroup-per-row strategy.
    pub subgroup_rows_invocations: u32,
    /// Bytes of a column reduction's contiguous segment per subgroup (one 128-byte line).
    pub column_segment_bytes: i64,
    /// Independent accumulators (and vec4 loads in flight) per invocation of a row reduction.
    pub row_accumulators: i64,

    // --- The split bf16 pipeline's split kernels (`lower_to_kernels/split.rs`).
    /// Invocations per workgroup of a kernel splitting f32 elements into bf16 planes (one
    /// element or vec4 each: a streaming kernel, any full-occupancy size does).
    pub split_workgroup_size: u32,

    // --- Split reduction (`kernel_config::choose_reduction_split`, the `split-reduction` pass).
    /// A contraction that the SIMT / subgroup pipelines take (a convolution) is split along a
    /// reduction dim when its tiled kernel would have fewer workgroups than this: its few
    /// workgroups each walk the whole reduction while most compute units idle (ResNet-50 at
    /// batch 1 on 132 compute units: 3x3 convs at 14x14x256 took 294 us on 56 workgroups).
    pub split_reduction_below_groups: i64,
    /// The workgroups a split grid aims for (slices x tiles): several per compute unit, since
    /// the small tiles of such layers are latency-bound.
    pub split_reduction_groups: i64,
    /// The most slices, and the fewest multiply-adds per output a slice keeps.
    pub split_reduction_max_slices: u32,
    pub split_reduction_min_slice: i64,
    /// The most bytes of partial results a split writes (and its sum reads back): at batch 32
    /// the same layers have 32 times the outputs, enough workgroups, and partials whose
    /// traffic costs more than the split gains.
    pub split_reduction_max_partial_bytes: i64,

    // --- Attention in one kernel (`kernel_config::attention`, `fusion/attention.rs`,
    // `lower_to_kernels/attention.rs`): `Q K^T`, its scale / mask, the softmax and `P V` of
    // a block of query rows in one workgroup, the block's score rows in shared memory.
    /// Query rows per workgroup (halved down to `attention_min_rows` until the score block
    /// and the staged queries fit the shared memory; no fewer: today's three kernels stay).
    pub attention_rows: u32,
    pub attention_min_rows: u32,
    /// The most keys (score columns) the one-pass kernel takes (the whole score row in shared
    /// memory); longer rows take the blocked kernel (online softmax). 0: attention keeps its
    /// three kernels.
    pub attention_max_keys: i64,
    /// Keys per block of the blocked kernel (halved while `attention_min_rows` rows of it do
    /// not fit the shared memory).
    pub attention_key_block: u32,
    /// Rows too long for the one-pass kernel take the blocked one only where the three
    /// dispatches' score tensor would have at least this many bytes (at 4 a score; or exceed
    /// the storage-buffer range), or the sequence is dynamic: the three dispatches are faster
    /// where they fit (`kernel_config::attention::blocked_pays`).
    pub attention_blocked_min_score_bytes: i64,
    /// Invocations per workgroup (a multiple of the subgroup size).
    pub attention_threads: u32,
    /// Workgroups the grid should have (one per compute unit) before its blocks may keep
    /// `attention_rows` rows: fewer rows a block at batch 1 (not measured on a GPU yet; each
    /// block reads all of its head's keys and values, so more blocks cost more L2 traffic).
    pub attention_min_groups: i64,
    /// Keys staged per step of the tensor-core attention kernel (f16 queries, keys,
    /// probabilities and values on a target listing 16x16x16 subgroup cooperative matrices:
    /// `Q K^T` and `P V` on the tensor cores, the softmax in f32 in shared memory; a multiple of
    /// 16, e.g. 64). 0 (the default): such heads keep three dispatches (both contractions on the
    /// tensor cores) where the one-pass kernel would take them; the blocked SIMT kernel still
    /// takes rows too long for them. Measured (H200, 2026-12-02, one call, f16, kernel alone,
    /// `kiln bench` of benches/kernels/attention_f16.mlir): ViT-B/16 b32's 384 heads of 197 keys,
    /// head dim 64: tensor-core kernel (chunk 64) 289 us, SIMT kernel 418, three dispatches 228;
    /// BERT-base b32's 384 x 128 x 64: 103 / 160 / 72.5; Swin-T b32's 6144 windows of 49 x 32:
    /// 302 / 432 / 201.
    pub attention_matrix_key_chunk: u32,

    // --- The unrolled-window reduction of CPU devices (`kernel_config::choose_unrolled_outputs`,
    // `lower_to_kernels/unrolled.rs`).
    /// The most reduced points (the window, times the input channels of a group) unrolled per
    /// output: 5x5 windows; a longer reduction keeps the serial loop (the unrolled body grows
    /// with points times outputs, and llvmpipe's compile time with it).
    pub unrolled_reduction_max_points: i64,
    /// The most consecutive outputs an invocation computes (the largest divisor of the
    /// tiled output dim up to this is taken). ShuffleNet b1 on llvmpipe (2 cores), its 17
    /// 3x3 depthwise convs: see docs/lowering.md.
    pub unrolled_reduction_max_outputs: i64,
    /// GPUs take the unrolled-window reduction only for windows of stride 1 along the tiled
    /// dim (consecutive outputs share loads) and at least this many invocations (outputs over
    /// outputs an invocation; 0: never). H200, clocks held, per dispatch against the serial
    /// reduction (`benches/gpu/ab.sh`): Inception-v2 b32's 3x3 stride-1 pools 26.5 -> 11.8 us
    /// (28x28x256 and 14x14x576 at 32 images: 917K / 516K invocations), MobileNetV2 b32's
    /// depthwise convs up to 2x faster (108 -> 52 us at 112x112x32); with fewer invocations
    /// (batch 1: 7-30K) pools 4-5 us -> 9-17 us, and stride-2 windows slower at any size
    /// (ShuffleNet b32's first max pool 27.8 -> 62.8 us).
    pub unrolled_reduction_gpu_min_invocations: i64,
    /// On GPUs, the most reduced points unrolled per output (7x7 windows); windows of more
    /// than `unrolled_reduction_max_points` take the strategy whatever the grid (the
    /// invocation floor above was measured on 3x3 windows, whose serial loop is short). H200,
    /// clocks held, ConvNeXt-T's 18 depthwise 7x7 convs (NHWC, f16) against the serial
    /// reduction: batch 32 3562 -> 988 us in all (stage 1, 56x56x96: 486 -> 116 us; stage 4,
    /// 7x7x768, 172K invocations: 66 -> 15), batch 1 207 -> 182 us; f32 batch 1 243 -> 171.
    pub unrolled_reduction_gpu_max_points: i64,
    /// On GPUs, the most consecutive outputs an invocation computes (as
    /// `unrolled_reduction_max_outputs`, which CPUs keep). Channels-innermost windows are
    /// vectorized four channels an invocation (`channel_constants_last`), so 8 outputs held 32
    /// accumulators and 98 vec4 inputs of a 7x7 window: H200, clocks held, whole networks in
    /// f16, ms, max 8 -> 4 (-> 2): ConvNeXt-T b32 10.00 -> 4.57 (4.70; scalar, constants
    /// channels first: 4.69), b1 1.45 -> 1.03 (1.03; scalar 0.99); MobileNetV3-L b32 1.79 ->
    /// 1.74 (1.73), b1 0.83 -> 0.82 (0.81); EfficientNet-B0 b32 2.64 -> 2.57 (2.57), b1 1.23
    /// -> 1.22 (1.21). Stage 1's depthwise 7x7 (56x56x96, b32) went 115 us scalar -> 1678
    /// vec4 at 8 outputs. A width with no divisor from 2 to this (7: ConvNeXt's stage 4)
    /// keeps the serial reduction (partial tiles or 1 output an invocation: not measured).
    pub unrolled_reduction_gpu_max_outputs: i64,
}

impl Heuristics {
    /// The table for `env`.
    pub fn for_target(env: &TargetEnv) -> Heuristics {
        let (compute_units, compute_units_assumed) = match env.compute_units {
            Some(units) if units > 0 => (units, false),
            _ => (REFERENCE_COMPUTE_UNITS, true),
        };
        // A count of workgroups measured at REFERENCE_COMPUTE_UNITS, for this target's.
        let per_wave = |at_reference: i64| {
            let units = i64::from(compute_units);
            let reference = i64::from(REFERENCE_COMPUTE_UNITS);
            ((at_reference * units + reference / 2) / reference).max(1)
        };
        let large_matmul_min_macs = 1 << 30;
        Heuristics {
            compute_units,
            compute_units_assumed,
            min_tiled_size: 16,
            simt_large_tiles: (128, 256, 16, 8, 16),
            simt_wide_workgroup_tiles: (256, 128, 16, 8, 8),
            simt_tiles: (128, 128, 16, 8, 8),
            simt_conv_tiles: (64, 128, 8, 8, 8),
            simt_cpu_tiles: (128, 128, 16, 16, 16),
            simt_max_prefetch: 16,
            simt_min_workgroups: per_wave(96),
            simt_split_k_tiles: (32, 64, 16, 4, 4),
            simt_split_k_min_k: 512,
            simt_split_k_min_slice: 128,
            simt_split_k_groups: per_wave(1056),
            lanes_accumulators: 256,
            cooperative_matrix_tilings: &[(2, 4, 4, 4), (2, 4, 4, 2), (2, 2, 2, 2)],
            split_cooperative_matrix_tilings: &[(2, 4, 4, 2, 1), (2, 4, 2, 2, 1), (2, 2, 2, 2, 1)],
            split_cooperative_matrix_min_n: 256,
            split_cooperative_matrix_swap: 0,
            split_cooperative_matrix_prefetch: 0,
            split_cooperative_matrix_windowed: 0,
            cooperative_matrix_conv_min_n: 128,
            grouped_conv_simt_tiles: &[(512, 8, 16, 4, 8), (128, 16, 16, 4, 4)],
            grouped_conv_min_workgroups: per_wave(264),
            grouped_conv_cooperative_matrix_max_n: 16,
            grouped_conv_cooperative_matrix_tiling: (4, 1, 2, 1, 2),
            narrow_conv_cooperative_matrix_tilings: &[
                (32, 8, 1, 1, 2),
                (32, 4, 1, 1, 2),
                (64, 4, 1, 2, 4),
                (128, 2, 2, 2, 2),
            ],
            narrow_conv_cooperative_matrix_max_n: 128,
            channels_last_input_max_channels: 4,
            channels_last_input_channel_multiple: 4,
            channels_last_input_through_casts: 1,
            channel_constants_last: 1,
            large_matmul_min_k: 512,
            large_matmul_min_macs,
            pointwise_conv_min_macs: 1 << 24,
            fused_epilogue_min_macs: 1 << 24,
            split_bf16_long_k_min_macs: large_matmul_min_macs / 4,
            split_bf16_min_groups: per_wave(128),
            dynamic_m_rows: 1024,
            tensor_row_alignment: 8,
            split_bf16_tiles: (64, 128, 32, 128),
            split_bf16_flush_steps: 4,
            workgroup_matrix_f32_acc: &[(128, 128, 64, 128), (64, 128, 64, 128), (64, 64, 64, 128)],
            workgroup_matrix_f16_acc: &[
                (256, 256, 32, 256),
                (128, 128, 64, 128),
                (64, 128, 64, 128),
                (64, 64, 64, 128),
            ],
            workgroup_matrix_min_groups: per_wave(192),
            split_bf16_wave_groups: per_wave(256),
            split_k_max_slices: 4,
            split_k_few_max_slices: 8,
            split_bf16_max_slices: 4,
            split_k_min_k: 2048,
            split_k_min_slice: 512,
            split_k_min_groups: per_wave(192),
            split_k_wave_groups: per_wave(256),
            split_k_few_groups: per_wave(64),
            split_k_short_min_k: 512,
            split_k_short_min_slice: 128,
            tiling_variant_max_m: 1024,
            raster_band: 8,
            stagger_min_tiles: 4096,
            stagger_half_tiles: 64,
            gemv_columns: 32,
            gemv_shapes: &[(1024, 4), (512, 8), (256, 8)],
            gemv_min_nk: 256,
            gemv_wide_n: 4096,
            gemv_max_m: 64,
            gemv_max_m_beside_workgroup_matrix: 32,
            gemv_max_m_few: 16,
            gemv_rows_per_workgroup: 8,
            gemv_narrow_max_outputs: 4096,
            subgroup_row_chunks: 32,
            softmax_register_elements: 32,
            softmax_subgroup_elements: 16,
            softmax_workgroup_elements: 8,
            rows_invocations: 65536,
            subgroup_rows_invocations: 128,
            column_segment_bytes: 128,
            row_accumulators: 4,
            split_workgroup_size: 256,
            split_reduction_below_groups: per_wave(264),
            split_reduction_groups: per_wave(528),
            split_reduction_max_slices: 32,
            split_reduction_min_slice: 64,
            split_reduction_max_partial_bytes: 16 << 20,
            attention_rows: 32,
            attention_min_rows: 8,
            attention_max_keys: 1024,
            attention_key_block: 256,
            attention_blocked_min_score_bytes: 1 << 30,
            attention_threads: 128,
            attention_min_groups: per_wave(132),
            attention_matrix_key_chunk: 0,
            unrolled_reduction_max_points: 25,
            unrolled_reduction_max_outputs: 8,
            unrolled_reduction_gpu_min_invocations: per_wave(262_144),
            unrolled_reduction_gpu_max_points: 49,
            unrolled_reduction_gpu_max_outputs: 4,
        }
    }
}

/// One `NAME=VALUE` replacement of a heuristic (`kiln compile --heuristic`, `PassOptions::
/// heuristic_overrides`), for experiments: a number whose every value in its range gives correct
/// kernels, only faster or slower, more or less accurate ones. Not tied to a device: it applies
/// to whatever target is compiled for. Parsing checks the name and the range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeuristicOverride {
    pub name: &'static str,
    pub value: i64,
}

/// The heuristics that can be overridden, with their ranges. To add one: a row here and its
/// field in [`Heuristics::apply`].
pub const OVERRIDABLE_HEURISTICS: &[(&str, i64, i64)] = &[
    // The split bf16 matmul's steps per partial sum (its accuracy / speed trade-off).
    ("split_bf16_flush_steps", 1, 1024),
    // Thresholds that choose among pipelines (the large-matmul and split bf16 choices).
    ("large_matmul_min_k", 1, i64::MAX),
    ("large_matmul_min_macs", 1, i64::MAX),
    ("pointwise_conv_min_macs", 1, i64::MAX),
    ("fused_epilogue_min_macs", 1, i64::MAX),
    ("split_bf16_long_k_min_macs", 1, i64::MAX),
    ("split_bf16_min_groups", 1, i64::MAX),
    // The workgroup-scope f16 kernel's grid (the fewest workgroups a larger tile must give)
    // and its split-K (which matmuls, the grid it aims for, the shortest slice).
    ("workgroup_matrix_min_groups", 1, i64::MAX),
    // The row alignment (elements) of 16-bit tensor-addressed operands the workgroup-scope
    // and split bf16 kernels take (1: any rows).
    ("tensor_row_alignment", 1, 64),
    ("split_k_min_k", 1, i64::MAX),
    ("split_k_min_groups", 1, i64::MAX),
    ("split_k_wave_groups", 1, i64::MAX),
    ("split_k_min_slice", 1, i64::MAX),
    ("split_k_max_slices", 2, 64),
    ("split_k_few_max_slices", 2, 64),
    ("split_bf16_max_slices", 2, 64),
    ("split_k_few_groups", 1, i64::MAX),
    ("split_k_short_min_k", 1, i64::MAX),
    ("split_k_short_min_slice", 1, i64::MAX),
    // The split cooperative-matrix pipeline of convolutions: which take it, and two variants.
    ("split_cooperative_matrix_min_n", 1, i64::MAX),
    ("split_cooperative_matrix_swap", 0, 1),
    ("split_cooperative_matrix_prefetch", 0, 1),
    ("split_cooperative_matrix_windowed", 0, 1),
    ("cooperative_matrix_conv_min_n", 1, i64::MAX),
    ("grouped_conv_cooperative_matrix_max_n", 0, i64::MAX),
    ("grouped_conv_min_workgroups", 1, i64::MAX),
    // The fewest rows / columns a contraction is tiled with (fewer: the serial kernel).
    ("min_tiled_size", 1, i64::MAX),
    // Graph inputs read by convs: copied to NHWC at entry up to this many channels (0: never),
    // their channels padded to a multiple of the second (1: not padded).
    ("channels_last_input_max_channels", 0, i64::MAX),
    ("channels_last_input_channel_multiple", 1, 64),
    ("channels_last_input_through_casts", 0, 1),
    ("channel_constants_last", 0, 1),
    ("narrow_conv_cooperative_matrix_max_n", 0, i64::MAX),
    // SIMT split-K: which matmuls take it (`i64::MAX`: none), its grid and its tiling (a
    // tiling the kernel cannot take leaves the matmul unsplit).
    ("simt_split_k_min_k", 1, i64::MAX),
    ("simt_split_k_min_slice", 1, i64::MAX),
    ("simt_split_k_groups", 1, i64::MAX),
    ("simt_split_k_tile_m", 4, 512),
    ("simt_split_k_tile_n", 4, 512),
    ("simt_split_k_tile_k", 4, 64),
    ("simt_split_k_thread_m", 4, 16),
    ("simt_split_k_thread_n", 4, 16),
    // Attention in one kernel: its rows per workgroup (the most, and the fewest before the
    // region is not formed), the most keys (0: never formed) and its invocations.
    ("attention_rows", 1, 1024),
    ("attention_min_rows", 1, 1024),
    ("attention_max_keys", 0, i64::MAX),
    ("attention_key_block", 4, 65536),
    ("attention_blocked_min_score_bytes", 0, i64::MAX),
    ("attention_threads", 32, 1024),
    ("attention_min_groups", 1, i64::MAX),
    ("attention_matrix_key_chunk", 0, 1024),
    // The unrolled-window reduction of CPU devices (0 points: never).
    ("unrolled_reduction_max_points", 0, 1024),
    ("unrolled_reduction_max_outputs", 1, 64),
    ("unrolled_reduction_gpu_min_invocations", 0, i64::MAX),
    ("unrolled_reduction_gpu_max_points", 0, 1024),
    ("gemv_narrow_max_outputs", 0, i64::MAX),
    ("unrolled_reduction_gpu_max_outputs", 1, 64),
];

impl std::str::FromStr for HeuristicOverride {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let names = || {
            OVERRIDABLE_HEURISTICS
                .iter()
                .map(|(n, _, _)| *n)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (name, value) = text
            .split_once('=')
            .ok_or_else(|| format!("`{text}`: expected NAME=VALUE (NAME one of {})", names()))?;
        let &(name, min, max) = OVERRIDABLE_HEURISTICS
            .iter()
            .find(|(n, _, _)| *n == name.trim())
            .ok_or_else(|| format!("`{name}` is not an overridable heuristic ({})", names()))?;
        let value: i64 = value
            .trim()
            .parse()
            .map_err(|_| format!("{name}: `{value}` is not an integer"))?;
        if !(min..=max).contains(&value) {
            return Err(format!("{name}: {value} is outside {min}..={max}"));
        }
        Ok(HeuristicOverride { name, value })
    }
}

impl Heuristics {
    /// Replaces the heuristic `o` names by its value (checked against its range when parsed).
    /// The slice counts a split-K tries, fewest first: the powers of two from 2 to `most`
    /// (`split_k_max_slices`, `split_bf16_max_slices`).
    pub fn split_k_slices(most: u32) -> impl Iterator<Item = u32> {
        (1..32).map(|i| 1u32 << i).take_while(move |&s| s <= most)
    }

    /// `floor` (`pointwise_conv_min_macs`, `fused_epilogue_min_macs`) where every size is
    /// static (what was measured at it), else `large_matmul_min_macs`: a dynamic M's run-time
    /// row variants were not measured at the lower floors.
    pub fn measured_floor(&self, floor: i64, static_sizes: bool) -> i64 {
        match static_sizes {
            true => floor,
            false => self.large_matmul_min_macs,
        }
    }

    pub fn apply(&mut self, o: &HeuristicOverride) {
        let value = o.value;
        let small = |v: i64| u32::try_from(v).unwrap_or(u32::MAX);
        match o.name {
            "split_bf16_flush_steps" => {
                self.split_bf16_flush_steps = u32::try_from(value).unwrap_or(u32::MAX)
            }
            "large_matmul_min_k" => self.large_matmul_min_k = value,
            "large_matmul_min_macs" => self.large_matmul_min_macs = value,
            "pointwise_conv_min_macs" => self.pointwise_conv_min_macs = value,
            "fused_epilogue_min_macs" => self.fused_epilogue_min_macs = value,
            "split_bf16_long_k_min_macs" => self.split_bf16_long_k_min_macs = value,
            "split_bf16_min_groups" => self.split_bf16_min_groups = value,
            "workgroup_matrix_min_groups" => self.workgroup_matrix_min_groups = value,
            "tensor_row_alignment" => self.tensor_row_alignment = value,
            "split_k_min_k" => self.split_k_min_k = value,
            "split_k_min_groups" => self.split_k_min_groups = value,
            "split_k_wave_groups" => self.split_k_wave_groups = value,
            "split_k_min_slice" => self.split_k_min_slice = value,
            "split_k_max_slices" => self.split_k_max_slices = small(value),
            "split_k_few_max_slices" => self.split_k_few_max_slices = small(value),
            "split_bf16_max_slices" => self.split_bf16_max_slices = small(value),
            "split_k_few_groups" => self.split_k_few_groups = value,
            "split_k_short_min_k" => self.split_k_short_min_k = value,
            "split_k_short_min_slice" => self.split_k_short_min_slice = value,
            "split_cooperative_matrix_min_n" => self.split_cooperative_matrix_min_n = value,
            "split_cooperative_matrix_swap" => self.split_cooperative_matrix_swap = value,
            "split_cooperative_matrix_prefetch" => self.split_cooperative_matrix_prefetch = value,
            "split_cooperative_matrix_windowed" => self.split_cooperative_matrix_windowed = value,
            "cooperative_matrix_conv_min_n" => self.cooperative_matrix_conv_min_n = value,
            "grouped_conv_min_workgroups" => self.grouped_conv_min_workgroups = value,
            "grouped_conv_cooperative_matrix_max_n" => {
                self.grouped_conv_cooperative_matrix_max_n = value
            }
            "min_tiled_size" => self.min_tiled_size = value,
            "channels_last_input_max_channels" => self.channels_last_input_max_channels = value,
            "channels_last_input_through_casts" => self.channels_last_input_through_casts = value,
            "channel_constants_last" => self.channel_constants_last = value,
            "narrow_conv_cooperative_matrix_max_n" => {
                self.narrow_conv_cooperative_matrix_max_n = value
            }
            "channels_last_input_channel_multiple" => {
                self.channels_last_input_channel_multiple = value
            }
            "simt_split_k_min_k" => self.simt_split_k_min_k = value,
            "simt_split_k_min_slice" => self.simt_split_k_min_slice = value,
            "simt_split_k_groups" => self.simt_split_k_groups = value,
            "simt_split_k_tile_m" => self.simt_split_k_tiles.0 = small(value),
            "simt_split_k_tile_n" => self.simt_split_k_tiles.1 = small(value),
            "simt_split_k_tile_k" => self.simt_split_k_tiles.2 = small(value),
            "simt_split_k_thread_m" => self.simt_split_k_tiles.3 = small(value),
            "simt_split_k_thread_n" => self.simt_split_k_tiles.4 = small(value),
            "attention_rows" => self.attention_rows = small(value),
            "attention_min_rows" => self.attention_min_rows = small(value),
            "attention_max_keys" => self.attention_max_keys = value,
            "attention_key_block" => self.attention_key_block = small(value),
            "attention_blocked_min_score_bytes" => self.attention_blocked_min_score_bytes = value,
            "attention_threads" => self.attention_threads = small(value),
            "attention_min_groups" => self.attention_min_groups = value,
            "attention_matrix_key_chunk" => self.attention_matrix_key_chunk = small(value),
            "unrolled_reduction_max_points" => self.unrolled_reduction_max_points = value,
            "unrolled_reduction_max_outputs" => self.unrolled_reduction_max_outputs = value,
            "unrolled_reduction_gpu_min_invocations" => {
                self.unrolled_reduction_gpu_min_invocations = value
            }
            "unrolled_reduction_gpu_max_points" => self.unrolled_reduction_gpu_max_points = value,
            "unrolled_reduction_gpu_max_outputs" => self.unrolled_reduction_gpu_max_outputs = value,
            "gemv_narrow_max_outputs" => self.gemv_narrow_max_outputs = value,
            // `HeuristicOverride`s come from `OVERRIDABLE_HEURISTICS`, each listed here.
            other => debug_assert!(false, "heuristic `{other}` has no field"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_overridable_heuristic_parses_applies_and_checks_its_range() {
        let env = TargetEnv::preset("nvidia-h200").unwrap();
        for &(name, min, max) in OVERRIDABLE_HEURISTICS {
            // The smallest value, or the next where that is the default (a 0 / 1 switch).
            let before = Heuristics::for_target(&env);
            let changed = [min, min + 1].iter().any(|value| {
                let mut h = before.clone();
                h.apply(&format!("{name}={value}").parse().unwrap());
                h != before
            });
            assert!(changed, "{name} changed nothing");
            assert!(format!("{name}={}", min - 1)
                .parse::<HeuristicOverride>()
                .is_err());
            if max < i64::MAX {
                assert!(format!("{name}={}", max + 1)
                    .parse::<HeuristicOverride>()
                    .is_err());
            }
        }
        let mut h = Heuristics::for_target(&env);
        h.apply(&"split_bf16_flush_steps=2".parse().unwrap());
        assert_eq!(h.split_bf16_flush_steps, 2);
        let unknown = "split_bf16_flush=2"
            .parse::<HeuristicOverride>()
            .unwrap_err();
        assert!(
            unknown.contains("not an overridable heuristic"),
            "{unknown}"
        );
        assert!("split_bf16_flush_steps"
            .parse::<HeuristicOverride>()
            .is_err());
        assert!("split_bf16_flush_steps=x"
            .parse::<HeuristicOverride>()
            .is_err());
    }

    #[test]
    fn wave_counts_scale_with_the_compute_units() {
        let mut env = TargetEnv::preset("vulkan1.1").unwrap();
        env.compute_units = None;
        let assumed = Heuristics::for_target(&env);
        assert!(assumed.compute_units_assumed);
        assert_eq!(assumed.compute_units, REFERENCE_COMPUTE_UNITS);
        assert_eq!(
            (
                assumed.simt_min_workgroups,
                assumed.workgroup_matrix_min_groups,
                assumed.split_k_min_groups,
                assumed.split_k_wave_groups
            ),
            (96, 192, 192, 256)
        );
        env.compute_units = Some(66);
        let half = Heuristics::for_target(&env);
        assert!(!half.compute_units_assumed);
        assert_eq!(
            (
                half.simt_min_workgroups,
                half.workgroup_matrix_min_groups,
                half.split_k_min_groups,
                half.split_k_wave_groups
            ),
            (48, 96, 96, 128)
        );
        // Per-invocation numbers do not scale.
        assert_eq!(half.gemv_shapes, assumed.gemv_shapes);
        assert_eq!(half.rows_invocations, assumed.rows_invocations);
    }
}
