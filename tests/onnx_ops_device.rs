//! The ONNX importer's op families on the Vulkan device: one small model per operator (Slice,
//! Split, Expand, Tile, Range / Size, the activations, comparisons / logic / Where with bool
//! tensors, LayerNormalization, InstanceNormalization, Resize nearest and linear, LSTM / GRU / RNN,
//! ConvTranspose, the dynamic-int8 ops, com.microsoft.DynamicQuantizeLSTM,
//! QuantizeLinear / DequantizeLinear, QLinearConv / QLinearMatMul, and the ops the conformance work added: ArgMax / ArgMin,
//! CumSum, LogSoftmax / Hardmax, the Reduce* variants, Trilu, DepthToSpace / SpaceToDepth,
//! RMSNormalization, Attention, TopK, 3-D MaxPool / AveragePool, ScatterND / ScatterElements with
//! reductions, GatherND, TensorScatter, RotaryEmbedding; element types kiln holds in wider ones:
//! int16 / uint32 arithmetic, uint64 BitShift, Cast to and from float8 and float8e8m0), 3-D
//! ConvTranspose, TfIdfVectorizer on integers, ai.onnx.ml TreeEnsemble (against onnx's reference
//! evaluator), built by
//! `tests/models/make_op_models.py` with seeded random inputs and onnxruntime's outputs, then
//! imported, compiled for the live device (every module through spirv-val), run and compared.
//! `torch_dynamic_shapes` is a torch.onnx-style graph over symbolic dims (Shape -> Gather ->
//! Unsqueeze -> Concat -> Reshape, Slice of a shape, Range, Expand, Equal -> If) that imports once
//! its dims are fixed ([`kiln::frontend::ImportOptions::dims`], `--dim` on the command line).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use kiln::Session;

mod model_files;
use model_files::session;

fn models_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| model_files::generate("make_op_models.py", "op-models", &[]))
}

/// Imports, compiles (spirv-val on every module), runs case `name` and compares every output
/// with onnxruntime's.
fn check(session: &Session, name: &str) {
    // Symbolic dims are fixed before import where the case says so (`NAME.dims`: `N=2 H=5`).
    let model_files::Case {
        artifact,
        inputs,
        expected,
        ..
    } = model_files::load_case(session, models_dir(), name, name);
    let executable = session.load(&artifact.program).expect("load");
    let outputs = executable
        .run(&inputs)
        .unwrap_or_else(|e| panic!("{name}: run: {e}"));
    assert_eq!(outputs.len(), expected.len(), "{name}: output count");
    for (k, (got, want)) in outputs.iter().zip(&expected).enumerate() {
        assert_eq!(got.dtype(), want.dtype(), "{name}: output {k} dtype");
        let (got, want) = (got.to_reference(), want.to_reference());
        assert_eq!(
            got.data.shape(),
            want.data.shape(),
            "{name}: output {k} shape"
        );
        for (i, (g, w)) in got.data.iter().zip(want.data.iter()).enumerate() {
            assert!(
                g == w || (g.is_nan() && w.is_nan()) || (g - w).abs() <= 1e-5 + 1e-4 * w.abs(),
                "{name}: output {k} element {i}: got {g}, onnxruntime {w}"
            );
        }
    }
    eprintln!(
        "{name}: {} outputs match onnxruntime ({} dispatches)",
        outputs.len(),
        artifact.program.dispatches.len()
    );
}

macro_rules! op_tests {
    ($($test:ident => $name:literal),* $(,)?) => {$(
        #[test]
        fn $test() {
            check(&session(), $name);
        }
    )*};
}

op_tests! {
    hard_sigmoid => "hardsigmoid",
    hard_swish => "hardswish",
    reciprocal => "reciprocal",
    floor => "floor",
    ceil => "ceil",
    softplus => "softplus",
    mish => "mish",
    sign => "sign",
    selu => "selu",
    elu => "elu",
    gelu_erf => "gelu",
    gelu_tanh => "gelu_tanh",
    prelu => "prelu",
    slice_negative_steps_and_clamping => "slice",
    split_constant_sizes => "split",
    split_num_outputs => "split_num_outputs",
    expand => "expand",
    tile => "tile",
    range_and_size_fold => "range_size",
    comparisons_logic_and_where => "compare_where",
    where_with_a_bool_input => "where_bool_input",
    layer_normalization => "layer_norm",
    einsum_attention => "einsum_attention",
    einsum_matmul_sum_transpose_dot => "einsum_mixed",
    instance_normalization => "instance_norm",
    resize_nearest_scales => "resize_nearest_scales",
    resize_nearest_sizes => "resize_nearest_sizes",
    resize_linear_upsample => "resize_linear_upsample",
    resize_linear_downsample => "resize_linear_downsample",
    torch_style_dynamic_shapes_fold_with_fixed_dims => "torch_dynamic_shapes",
    slice_and_split_keep_a_symbolic_batch => "slice_split_symbolic_batch",
    resize_nearest_keeps_a_symbolic_batch => "resize_nearest_symbolic_batch",
    lstm_bidirectional_with_sequence_lens_and_peepholes => "lstm_bidirectional_seq_lens",
    lstm_reverse_with_clip => "lstm_reverse_clip",
    gru_linear_before_reset_0_and_1 => "gru_linear_before_reset_0_and_1",
    rnn_reverse_with_sequence_lens => "rnn_reverse_seq_lens",
    conv_transpose_stride_2_output_padding => "conv_transpose_stride2",
    conv_transpose_groups_dilation_and_1d => "conv_transpose_groups_dilation_1d",
    dynamic_int8_conv_integer_and_matmul_integer => "dynamic_int8_conv_matmul",
    com_microsoft_dynamic_quantize_lstm => "dynamic_quantize_lstm",
    quantize_and_dequantize_linear_around_a_conv => "qdq_conv",
    qlinear_conv_and_qlinear_matmul => "qlinear_conv_matmul",
    argmax_argmin => "argmax_argmin",
    cumsum_inclusive_and_exclusive_reverse => "cumsum",
    log_softmax_and_hardmax => "logsoftmax_hardmax",
    softsign_celu_shrink_sin_cos_round_mod => "elementwise_more",
    asin_acos_atan => "inverse_trig",
    reduce_l1_l2_sum_square_log_sum_exp_prod => "reduce_variants",
    trilu_depth_to_space_space_to_depth => "trilu_depth_space",
    rms_normalization => "rms_norm",
    attention_grouped_query_causal_with_mask => "attention_gqa_causal",
    top_k_largest_and_smallest => "top_k",
    max_and_average_pool_3d => "pool_3d",
    scatter_nd_elements_reductions_and_gather_nd => "scatter_reductions",
    tensor_scatter_circular => "tensor_scatter_circular",
    rotary_embedding_interleaved_partial => "rotary_embedding",
    int16_add_wraps_uint32_div_and_sub => "held_int16_uint32",
    bitshift_uint64_left_and_right => "bitshift_uint64",
    cast_to_float8_saturating_and_not => "cast_float8",
    uint64_wrapped_past_2_63_compares_unsigned => "uint64_wrap_compare",
    conv_transpose_3d_groups_dilation_output_padding => "conv_transpose_3d",
    cast_to_float8e8m0_every_round_mode => "cast_float8e8m0",
    tfidf_vectorizer_int_tfidf_weights_skips => "tfidf_int",
    ml_tree_ensemble_every_mode_and_aggregate => "tree_ensemble",
}
