//! The operator registry: one row per operator kiln imports, with its domain, the versions ONNX
//! defines for it, the versions kiln refuses, and the handler that imports a node of it. The
//! checks before import (`graph::check_ops`), the dispatch of each node (`graph::import_nodes`),
//! the version an opset selects (`opsets.rs`) and the list of supported operators
//! ([`super::supported_ops`], `docs/onnx.md`) all read this table: a new operator is one row here
//! and its handler in the op family's file.
//!
//! Default-domain rows list every since-version ONNX defines up to [`super::opsets::MAX_OPSET`] (from
//! onnx 1.23.2's `onnx.defs.get_all_schemas_with_history()`); a version whose semantics kiln
//! does not implement is refused with the reason. Versions that only widened the type list
//! (bf16, float8, int4, ...) are implemented: kiln refuses element types it does not know when
//! it reads the tensors. Rows of the other domains say which versions of the domain they accept.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::context::{Entry, Importer, NodeRef, Scope, R};
use super::error::ImportError;
use super::opsets::{selected_version_in, VersionProblem};
use super::{
    activation_ops, attention, causal_conv, col2im, control_flow, deform_conv, det, einsum,
    flex_attention, grid_sample, image_decoder, layout_ops, linear_attention, logic_ops, loss_ops,
    math_ops, ml_ops, norm_ops, ops, optional_ops, quantized, recurrent, reduce_ops, resize,
    rotary, scatter, shape_ops, signal, tfidf, training, tree_ensemble, value_ops,
};

/// Imports one node whose inputs are values or host constants (run on constants too, to fold).
pub(crate) type NodeHandler = fn(&mut Importer, &NodeRef) -> R<Vec<Entry>>;

/// Imports one node that holds subgraphs (`If`, `Loop`, `Scan`, FlexAttention's mods), reading the
/// enclosing graph's names; never folded.
pub(crate) type SubgraphHandler =
    fn(&mut Importer, &HashMap<String, Entry>, &Scope, &NodeRef) -> Result<Vec<Entry>, ImportError>;

/// How a node of an operator is imported.
#[derive(Clone, Copy)]
pub(crate) enum Handler {
    Node(NodeHandler),
    Subgraph(SubgraphHandler),
}

/// Which versions of its domain an operator is imported at.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Versions {
    /// A default-domain operator: every since-version ONNX defines, ascending; the model's opset
    /// selects the newest one at or below it.
    Since(&'static [i64]),
    /// Any version of the domain (`ai.onnx.ml`, `com.microsoft`).
    AnyDomainVersion,
    /// Only this version of the domain, or a model that imports no version of it (the preview
    /// domains).
    DomainVersion(i64),
}

/// One operator kiln imports.
#[derive(Clone, Copy)]
pub(crate) struct OpDef {
    pub name: &'static str,
    /// `""` for the default domain (`ai.onnx`).
    pub domain: &'static str,
    pub versions: Versions,
    /// Versions whose semantics kiln does not implement, with the difference.
    pub refused: &'static [(i64, &'static str)],
    pub handler: Handler,
}

/// A default-domain operator with its since-versions.
const fn op(name: &'static str, versions: &'static [i64], handler: Handler) -> OpDef {
    OpDef {
        name,
        domain: "",
        versions: Versions::Since(versions),
        refused: &[],
        handler,
    }
}

/// An operator of another domain.
const fn domain_op(
    domain: &'static str,
    name: &'static str,
    versions: Versions,
    handler: Handler,
) -> OpDef {
    OpDef {
        name,
        domain,
        versions,
        refused: &[],
        handler,
    }
}

impl OpDef {
    /// The row with `refused` versions.
    const fn refusing(self, refused: &'static [(i64, &'static str)]) -> OpDef {
        OpDef { refused, ..self }
    }
}

/// A handler returning what it imports as is.
macro_rules! node {
    ($f:path) => {
        Handler::Node($f)
    };
}

/// A handler of one result, an IR value.
macro_rules! one {
    ($f:path) => {
        Handler::Node(|im, n| Ok(vec![Entry::Value($f(im, n)?)]))
    };
}

/// A handler of one result, a value or a host constant.
macro_rules! entry {
    ($f:path) => {
        Handler::Node(|im, n| Ok(vec![$f(im, n)?]))
    };
}

/// The domain of ONNX's traditional-ML operators.
pub const ML_DOMAIN: &str = "ai.onnx.ml";
const PREVIEW_TRAINING: &str = "ai.onnx.preview.training";

/// Every operator kiln imports: the default domain by name (byte order), then the others.
pub(crate) const OPS: &[OpDef] = &[
    op("Abs", &[1, 6, 13], one!(ops::abs)),
    op("Acos", &[7, 22], one!(math_ops::import)),
    op("Acosh", &[9, 22], one!(math_ops::import)),
    op("Add", &[1, 6, 7, 13, 14], one!(ops::add)),
    op("AffineGrid", &[20], entry!(grid_sample::affine_grid)),
    op("And", &[1, 7], one!(logic_ops::import)),
    op("ArgMax", &[1, 11, 12, 13], node!(reduce_ops::import)),
    op("ArgMin", &[1, 11, 12, 13], node!(reduce_ops::import)),
    op("Asin", &[7, 22], one!(math_ops::import)),
    op("Asinh", &[9, 22], one!(math_ops::import)),
    op("Atan", &[7, 22], one!(math_ops::import)),
    op("Atanh", &[9, 22], one!(math_ops::import)),
    op("Attention", &[23, 24, 25], node!(attention::attention)),
    op("AveragePool", &[1, 7, 10, 11, 19, 22], node!(ops::pool)),
    op(
        "BatchNormalization",
        &[1, 6, 7, 9, 14, 15],
        node!(norm_ops::batch_normalization),
    ),
    op("Bernoulli", &[15, 22], node!(value_ops::import)),
    op("BitCast", &[26], one!(math_ops::bit_cast)),
    op("BitShift", &[11, 28], one!(math_ops::import)),
    op("BitwiseAnd", &[18], one!(math_ops::import)),
    op("BitwiseNot", &[18], one!(math_ops::import)),
    op("BitwiseOr", &[18], one!(math_ops::import)),
    op("BitwiseXor", &[18], one!(math_ops::import)),
    op("BlackmanWindow", &[17], node!(signal::import)),
    op(
        "Cast",
        &[1, 6, 9, 13, 19, 21, 23, 24, 25, 28],
        one!(math_ops::cast),
    ),
    op(
        "CastLike",
        &[15, 19, 21, 23, 24, 25],
        one!(math_ops::import),
    ),
    op(
        "CausalConvWithState",
        &[27],
        node!(causal_conv::causal_conv_with_state),
    ),
    op("Ceil", &[1, 6, 13], one!(activation_ops::import)),
    op("Celu", &[12, 28], one!(math_ops::import)),
    op("CenterCropPad", &[18], one!(layout_ops::import)),
    op("Clip", &[1, 6, 11, 12, 13], one!(ops::clip)),
    op("Col2Im", &[18], one!(col2im::col2im)),
    op("Compress", &[9, 11, 28], node!(value_ops::import)),
    op("Concat", &[1, 4, 11, 13], entry!(ops::concat)),
    op(
        "Constant",
        &[1, 9, 11, 12, 13, 19, 21, 23, 24, 25],
        node!(ops::constant),
    ),
    op(
        "ConstantOfShape",
        &[9, 20, 21, 23, 24, 25],
        node!(ops::constant_of_shape),
    ),
    op("Conv", &[1, 11, 22], one!(ops::conv)),
    op("ConvInteger", &[10], node!(quantized::import)),
    op("ConvTranspose", &[1, 11, 22], one!(ops::conv_transpose)),
    op("Cos", &[7, 22], one!(math_ops::import)),
    op("Cosh", &[9, 22], one!(math_ops::import)),
    op("CumProd", &[26], node!(reduce_ops::import)),
    op("CumSum", &[11, 14], node!(reduce_ops::import)),
    op("DFT", &[17, 20], node!(signal::import)),
    op("DeformConv", &[19, 22], one!(deform_conv::deform_conv)),
    op("DepthToSpace", &[1, 11, 13, 28], one!(layout_ops::import)),
    op(
        "DequantizeLinear",
        &[10, 13, 19, 21, 23, 24, 25, 28],
        node!(quantized::import),
    ),
    op("Det", &[11, 22], node!(det::import)),
    op("Div", &[1, 6, 7, 13, 14], one!(ops::div)),
    op("Dropout", &[1, 6, 7, 10, 12, 13, 22], node!(ops::dropout)),
    op("DynamicQuantizeLinear", &[11], node!(quantized::import)),
    op("Einsum", &[12], one!(einsum::einsum)),
    op("Elu", &[1, 6, 22], one!(activation_ops::import)),
    op("Equal", &[1, 7, 11, 13, 19], one!(logic_ops::import)),
    op("Erf", &[9, 13], one!(ops::erf)),
    op("Exp", &[1, 6, 13], one!(ops::exp)),
    op("Expand", &[8, 13], node!(shape_ops::import)),
    op("EyeLike", &[9, 22], one!(layout_ops::import)),
    op(
        "Flatten",
        &[1, 9, 11, 13, 21, 23, 24, 25],
        entry!(ops::flatten),
    ),
    op("Floor", &[1, 6, 13], one!(activation_ops::import)),
    op("GRU", &[1, 3, 7, 14, 22], node!(recurrent::import)),
    op("Gather", &[1, 11, 13], entry!(ops::gather)),
    op("GatherElements", &[11, 13], entry!(ops::gather_elements)),
    op("GatherND", &[11, 12, 13], node!(scatter::import)),
    op("Gelu", &[20], one!(activation_ops::import)),
    op("Gemm", &[1, 6, 7, 9, 11, 13], one!(ops::gemm)),
    op("GlobalAveragePool", &[1, 22], one!(ops::global_pool)),
    op("GlobalMaxPool", &[1, 22], one!(ops::global_pool)),
    op("Greater", &[1, 7, 9, 13], one!(logic_ops::import)),
    op("GreaterOrEqual", &[12, 16], one!(logic_ops::import)),
    op("GridSample", &[16, 20, 22], one!(grid_sample::grid_sample)),
    op("GroupNormalization", &[18, 21], node!(norm_ops::import)),
    op("HammingWindow", &[17], node!(signal::import)),
    op("HannWindow", &[17], node!(signal::import)),
    op("HardSigmoid", &[1, 6, 22], one!(activation_ops::import)),
    op("HardSwish", &[14, 22], one!(activation_ops::import)),
    op("Hardmax", &[1, 11, 13], node!(reduce_ops::import)),
    op(
        "Identity",
        &[1, 13, 14, 16, 19, 21, 23, 24, 25],
        node!(ops::identity),
    ),
    op(
        "If",
        &[1, 11, 13, 16, 19, 21, 23, 24, 25],
        Handler::Subgraph(control_flow::inline_if),
    ),
    op("ImageDecoder", &[20], node!(image_decoder::import)),
    op(
        "InstanceNormalization",
        &[1, 6, 22],
        node!(norm_ops::import),
    ),
    op("IsInf", &[10, 20], one!(math_ops::import)),
    op("IsNaN", &[9, 13, 20], one!(math_ops::import)),
    op("LRN", &[1, 13], one!(ops::lrn)),
    op("LSTM", &[1, 7, 14, 22], node!(recurrent::import)),
    op("LayerNormalization", &[17], node!(norm_ops::import)),
    op("LeakyRelu", &[1, 6, 16], one!(ops::leaky_relu)),
    op("Less", &[1, 7, 9, 13], one!(logic_ops::import)),
    op("LessOrEqual", &[12, 16], one!(logic_ops::import)),
    op("LinearAttention", &[27], node!(linear_attention::import)),
    op("Log", &[1, 6, 13], one!(ops::log)),
    op("LogSoftmax", &[1, 11, 13], node!(reduce_ops::import)),
    op(
        "Loop",
        &[1, 11, 13, 16, 19, 21, 23, 24, 25],
        Handler::Subgraph(control_flow::inline_loop),
    ),
    op("LpNormalization", &[1, 22], node!(norm_ops::import)),
    op("LpPool", &[1, 2, 11, 18, 22], one!(ops::lp_pool)),
    op("MatMul", &[1, 9, 13], one!(ops::matmul)),
    op("MatMulInteger", &[10], node!(quantized::import)),
    op("Max", &[1, 6, 8, 12, 13], one!(ops::max)),
    op("MaxPool", &[1, 8, 10, 11, 12, 22], node!(ops::pool)),
    op("MaxUnpool", &[9, 11, 22], one!(ops::max_unpool)),
    op("Mean", &[1, 6, 8, 13], one!(ops::mean)),
    op(
        "MeanVarianceNormalization",
        &[9, 13],
        node!(norm_ops::import),
    ),
    op("MelWeightMatrix", &[17], node!(signal::import)),
    op("Min", &[1, 6, 8, 12, 13], one!(ops::min)),
    op("Mish", &[18, 22], one!(activation_ops::import)),
    op("Mod", &[10, 13, 28], one!(math_ops::import)),
    op("Mul", &[1, 6, 7, 13, 14], one!(ops::mul)),
    op("Neg", &[1, 6, 13], one!(ops::neg)),
    op(
        "NegativeLogLikelihoodLoss",
        &[12, 13, 22],
        node!(loss_ops::import),
    ),
    op("NonMaxSuppression", &[10, 11], node!(value_ops::import)),
    op("NonZero", &[9, 13], node!(value_ops::import)),
    op("Not", &[1], one!(logic_ops::import)),
    op("OneHot", &[9, 11, 28], one!(layout_ops::import)),
    op(
        "OptionalGetElement",
        &[15, 18, 28],
        node!(optional_ops::import),
    ),
    op(
        "OptionalHasElement",
        &[15, 18, 28],
        node!(optional_ops::import),
    ),
    op("Or", &[1, 7], one!(logic_ops::import)),
    op("PRelu", &[1, 6, 7, 9, 16], one!(activation_ops::import)),
    op(
        "Pad",
        &[1, 2, 11, 13, 18, 19, 21, 23, 24, 25],
        one!(ops::pad),
    ),
    op("Pow", &[1, 7, 12, 13, 15], one!(ops::pow)),
    op("QLinearConv", &[10], node!(quantized::import)),
    op("QLinearMatMul", &[10, 21], node!(quantized::import)),
    op(
        "QuantizeLinear",
        &[10, 13, 19, 21, 23, 24, 25, 28],
        node!(quantized::import),
    ),
    op("RMSNormalization", &[23], node!(norm_ops::import)),
    op("RNN", &[1, 7, 14, 22], node!(recurrent::import)),
    op("Range", &[11, 27], node!(shape_ops::import)),
    op("Reciprocal", &[1, 6, 13], one!(activation_ops::import)),
    op("ReduceL1", &[1, 11, 13, 18], node!(reduce_ops::import)),
    op("ReduceL2", &[1, 11, 13, 18], node!(reduce_ops::import)),
    op(
        "ReduceLogSum",
        &[1, 11, 13, 18, 28],
        node!(reduce_ops::import),
    ),
    op(
        "ReduceLogSumExp",
        &[1, 11, 13, 18, 28],
        node!(reduce_ops::import),
    ),
    op("ReduceMax", &[1, 11, 12, 13, 18, 20], entry!(ops::reduce)),
    op("ReduceMean", &[1, 11, 13, 18], entry!(ops::reduce)),
    op("ReduceMin", &[1, 11, 12, 13, 18, 20], entry!(ops::reduce)),
    op("ReduceProd", &[1, 11, 13, 18], node!(reduce_ops::import)),
    op("ReduceSum", &[1, 11, 13], entry!(ops::reduce)),
    op(
        "ReduceSumSquare",
        &[1, 11, 13, 18],
        node!(reduce_ops::import),
    ),
    op("Relu", &[1, 6, 13, 14], one!(ops::relu)),
    op(
        "Reshape",
        &[1, 5, 13, 14, 19, 21, 23, 24, 25],
        entry!(ops::reshape_node),
    ),
    op("Resize", &[10, 11, 13, 18, 19], one!(resize::resize)),
    op("ReverseSequence", &[10, 28], one!(layout_ops::import)),
    op("RoiAlign", &[10, 16, 22], one!(grid_sample::roi_align)),
    op("RotaryEmbedding", &[23], node!(rotary::import)),
    op("Round", &[11, 22], one!(math_ops::import)),
    op("STFT", &[17], node!(signal::import)),
    op(
        "Scan",
        &[8, 9, 11, 16, 19, 21, 23, 24, 25],
        Handler::Subgraph(control_flow::inline_scan),
    ),
    op("Scatter", &[9, 11], node!(scatter::import)),
    op("ScatterElements", &[11, 13, 16, 18], node!(scatter::import)),
    op("ScatterND", &[11, 13, 16, 18], node!(scatter::import)),
    op("Selu", &[1, 6, 22], one!(activation_ops::import)),
    op("Shape", &[1, 13, 15, 19, 21, 23, 24, 25], node!(ops::shape)),
    op("Shrink", &[9], one!(math_ops::import)),
    op("Sigmoid", &[1, 6, 13], one!(ops::sigmoid)),
    op("Sign", &[9, 13], one!(activation_ops::import)),
    op("Sin", &[7, 22], one!(math_ops::import)),
    op("Sinh", &[9, 22], one!(math_ops::import)),
    op(
        "Size",
        &[1, 13, 19, 21, 23, 24, 25],
        node!(shape_ops::import),
    ),
    op("Slice", &[1, 10, 11, 13], node!(shape_ops::import)),
    op("Softmax", &[1, 11, 13], one!(ops::softmax)),
    op(
        "SoftmaxCrossEntropyLoss",
        &[12, 13],
        node!(loss_ops::import),
    ),
    op("Softplus", &[1, 22], one!(activation_ops::import)),
    op("Softsign", &[1, 22], one!(math_ops::import)),
    op("SpaceToDepth", &[1, 13, 28], one!(layout_ops::import)),
    op("Split", &[1, 2, 11, 13, 18], node!(shape_ops::import)),
    op("Sqrt", &[1, 6, 13], one!(ops::sqrt)),
    op(
        "Squeeze",
        &[1, 11, 13, 21, 23, 24, 25],
        entry!(ops::squeeze),
    ),
    op("Sub", &[1, 6, 7, 13, 14], one!(ops::sub)),
    op("Sum", &[1, 6, 8, 13], one!(ops::sum)),
    op("SwiGLU", &[28], one!(math_ops::import)),
    op("Swish", &[24], one!(math_ops::import)),
    op("Tan", &[7, 22], one!(math_ops::import)),
    op("Tanh", &[1, 6, 13], one!(activation_ops::import)),
    op("TensorScatter", &[24], node!(scatter::import)),
    op("TfIdfVectorizer", &[9], node!(tfidf::import)),
    op("ThresholdedRelu", &[10, 22], one!(math_ops::import)),
    op("Tile", &[1, 6, 13], node!(shape_ops::import)),
    op("TopK", &[1, 10, 11, 24], node!(reduce_ops::import)),
    op("Transpose", &[1, 13, 21, 23, 24, 25], one!(ops::transpose)),
    op("Trilu", &[14], one!(layout_ops::import)),
    op("Unique", &[11, 28], node!(value_ops::import)),
    op(
        "Unsqueeze",
        &[1, 11, 13, 21, 23, 24, 25],
        entry!(ops::squeeze),
    ),
    op("Upsample", &[1, 7, 9, 10], one!(resize::resize)).refusing(&[
        (
            1,
            "Upsample-1 (experimental) scales by height_scale / width_scale attributes",
        ),
        (10, "Upsample is deprecated from opset 10 on (use Resize)"),
    ]),
    op("Where", &[9, 16], one!(logic_ops::import)),
    op("Xor", &[1, 7], one!(logic_ops::import)),
    // onnxruntime's contrib ops.
    domain_op(
        "com.microsoft",
        "DynamicQuantizeLSTM",
        Versions::AnyDomainVersion,
        node!(recurrent::import),
    ),
    // Binarizer and ArrayFeatureExtractor have only version 1, TreeEnsemble only version 5.
    domain_op(
        ML_DOMAIN,
        "ArrayFeatureExtractor",
        Versions::AnyDomainVersion,
        node!(ml_ops::import),
    ),
    domain_op(
        ML_DOMAIN,
        "Binarizer",
        Versions::AnyDomainVersion,
        node!(ml_ops::import),
    ),
    domain_op(
        ML_DOMAIN,
        "TreeEnsemble",
        Versions::AnyDomainVersion,
        node!(tree_ensemble::import),
    ),
    domain_op(
        PREVIEW_TRAINING,
        "Adagrad",
        Versions::DomainVersion(1),
        node!(training::import),
    ),
    domain_op(
        PREVIEW_TRAINING,
        "Adam",
        Versions::DomainVersion(1),
        node!(training::import),
    ),
    domain_op(
        PREVIEW_TRAINING,
        "Momentum",
        Versions::DomainVersion(1),
        node!(training::import),
    ),
    domain_op(
        "ai.onnx.preview",
        "FlexAttention",
        Versions::DomainVersion(1),
        Handler::Subgraph(flex_attention::inline),
    ),
];

/// The version of the default-domain operator `op` that opset `opset` selects, if kiln implements
/// it.
pub(crate) fn selected_version(op: &str, opset: i64) -> Result<i64, VersionProblem> {
    let def = default_op(op).ok_or(VersionProblem::Unknown)?;
    let Versions::Since(versions) = def.versions else {
        return Err(VersionProblem::Unknown);
    };
    selected_version_in(versions, def.refused, opset)
}

/// Whether `domain` is the default one.
pub(crate) fn is_default_domain(domain: &str) -> bool {
    domain.is_empty() || domain == "ai.onnx"
}

/// The default-domain operator `name`.
pub(crate) fn default_op(name: &str) -> Option<&'static OpDef> {
    OPS.iter().find(|d| d.domain.is_empty() && d.name == name)
}

/// The operator `name` of the non-default `domain`, if kiln imports it at `version` (the version
/// of the domain the model imports, if any).
pub(crate) fn domain_op_at(
    domain: &str,
    name: &str,
    version: Option<i64>,
) -> Option<&'static OpDef> {
    OPS.iter()
        .filter(|d| !d.domain.is_empty() && d.domain == domain && d.name == name)
        .find(|d| match d.versions {
            Versions::Since(_) => false,
            Versions::AnyDomainVersion => true,
            Versions::DomainVersion(v) => version.is_none_or(|x| x == v),
        })
}

/// Whether the model imports a preview domain or `ai.onnx.ml` (such a model need not import the
/// default domain).
pub(crate) fn imports_other_domains(domains: &HashMap<String, i64>) -> bool {
    OPS.iter()
        .any(|d| matches!(d.versions, Versions::DomainVersion(_)) && domains.contains_key(d.domain))
        || domains.contains_key(ML_DOMAIN)
}

/// The default-domain operators, in byte order.
pub(crate) fn default_op_names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| {
        OPS.iter()
            .filter(|d| d.domain.is_empty())
            .map(|d| d.name)
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_operator_has_one_row_and_default_rows_are_in_byte_order() {
        let names = default_op_names();
        assert!(names.windows(2).all(|w| w[0] < w[1]), "{names:?}");
        for d in OPS {
            let same = OPS
                .iter()
                .filter(|o| o.domain == d.domain && o.name == d.name)
                .count();
            assert_eq!(same, 1, "{}.{}", d.domain, d.name);
            assert_eq!(
                d.domain.is_empty(),
                matches!(d.versions, Versions::Since(_)),
                "{}.{}",
                d.domain,
                d.name
            );
        }
    }

    #[test]
    fn the_newest_version_at_or_below_the_opset_is_selected() {
        assert_eq!(selected_version("Conv", 28), Ok(22));
        assert_eq!(selected_version("Conv", 21), Ok(11));
        assert_eq!(selected_version("Cast", 28), Ok(28));
        assert_eq!(selected_version("Add", 26), Ok(14));
        assert_eq!(
            selected_version("Gelu", 17),
            Err(VersionProblem::NotYetDefined { first: 20 })
        );
        assert_eq!(
            selected_version("NoSuchOp", 17),
            Err(VersionProblem::Unknown)
        );
    }

    #[test]
    fn every_default_operator_lists_its_versions_ascending_up_to_the_newest_opset() {
        for d in OPS {
            let Versions::Since(versions) = d.versions else {
                continue;
            };
            assert!(!versions.is_empty(), "{}", d.name);
            assert!(versions.windows(2).all(|w| w[0] < w[1]), "{}", d.name);
            assert!(
                versions
                    .iter()
                    .all(|&v| v <= super::super::opsets::MAX_OPSET),
                "{}",
                d.name
            );
            for (v, _) in d.refused {
                assert!(versions.contains(v), "{} refuses version {v}", d.name);
            }
        }
    }
}
