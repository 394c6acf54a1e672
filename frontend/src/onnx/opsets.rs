//! Which version of each ONNX operator a model's opset selects, and which of those versions kiln
//! implements.
//!
//! An ONNX model imports an opset number N for the default domain; each operator then has the
//! semantics of its newest version ("since version") that is <= N. Most operators did not change
//! for many opsets (onnx 1.23 writes opset 28, and Conv last changed in 22, Add in 14): a model is
//! accepted per operator, by the version it selects, not by its opset number alone.
//!
//! [`VERSIONS`] lists, for every operator kiln imports, all the since-versions ONNX defines up to
//! [`super::MAX_OPSET`] (from onnx 1.23.2's `onnx.defs.get_all_schemas_with_history()`); a version
//! whose semantics kiln does not implement is in [`REFUSED`] with the reason. Versions that only
//! widened the type list (bf16, float8, int4, ...) are implemented: kiln refuses element types it
//! does not know when it reads the tensors.

/// Every since-version of each imported operator up to opset 28, ascending.
pub(crate) const VERSIONS: &[(&str, &[i64])] = &[
    ("Abs", &[1, 6, 13]),
    ("Acos", &[7, 22]),
    ("Acosh", &[9, 22]),
    ("Add", &[1, 6, 7, 13, 14]),
    ("AffineGrid", &[20]),
    ("And", &[1, 7]),
    ("ArgMax", &[1, 11, 12, 13]),
    ("ArgMin", &[1, 11, 12, 13]),
    ("Asin", &[7, 22]),
    ("Asinh", &[9, 22]),
    ("Atan", &[7, 22]),
    ("Atanh", &[9, 22]),
    ("Attention", &[23, 24, 25]),
    ("AveragePool", &[1, 7, 10, 11, 19, 22]),
    ("BatchNormalization", &[1, 6, 7, 9, 14, 15]),
    ("Bernoulli", &[15, 22]),
    ("BitCast", &[26]),
    ("BitShift", &[11, 28]),
    ("BitwiseAnd", &[18]),
    ("BitwiseNot", &[18]),
    ("BitwiseOr", &[18]),
    ("BitwiseXor", &[18]),
    ("BlackmanWindow", &[17]),
    ("Cast", &[1, 6, 9, 13, 19, 21, 23, 24, 25, 28]),
    ("CastLike", &[15, 19, 21, 23, 24, 25]),
    ("CausalConvWithState", &[27]),
    ("Ceil", &[1, 6, 13]),
    ("Celu", &[12, 28]),
    ("CenterCropPad", &[18]),
    ("Clip", &[1, 6, 11, 12, 13]),
    ("Col2Im", &[18]),
    ("Compress", &[9, 11, 28]),
    ("Concat", &[1, 4, 11, 13]),
    ("Constant", &[1, 9, 11, 12, 13, 19, 21, 23, 24, 25]),
    ("ConstantOfShape", &[9, 20, 21, 23, 24, 25]),
    ("Conv", &[1, 11, 22]),
    ("ConvInteger", &[10]),
    ("ConvTranspose", &[1, 11, 22]),
    ("Cos", &[7, 22]),
    ("Cosh", &[9, 22]),
    ("CumProd", &[26]),
    ("CumSum", &[11, 14]),
    ("DFT", &[17, 20]),
    ("DeformConv", &[19, 22]),
    ("DepthToSpace", &[1, 11, 13, 28]),
    ("DequantizeLinear", &[10, 13, 19, 21, 23, 24, 25, 28]),
    ("Det", &[11, 22]),
    ("Div", &[1, 6, 7, 13, 14]),
    ("Dropout", &[1, 6, 7, 10, 12, 13, 22]),
    ("DynamicQuantizeLinear", &[11]),
    ("Einsum", &[12]),
    ("Elu", &[1, 6, 22]),
    ("Equal", &[1, 7, 11, 13, 19]),
    ("Erf", &[9, 13]),
    ("Exp", &[1, 6, 13]),
    ("Expand", &[8, 13]),
    ("EyeLike", &[9, 22]),
    ("Flatten", &[1, 9, 11, 13, 21, 23, 24, 25]),
    ("Floor", &[1, 6, 13]),
    ("GRU", &[1, 3, 7, 14, 22]),
    ("Gather", &[1, 11, 13]),
    ("GatherElements", &[11, 13]),
    ("GatherND", &[11, 12, 13]),
    ("Gelu", &[20]),
    ("Gemm", &[1, 6, 7, 9, 11, 13]),
    ("GlobalAveragePool", &[1, 22]),
    ("GlobalMaxPool", &[1, 22]),
    ("Greater", &[1, 7, 9, 13]),
    ("GreaterOrEqual", &[12, 16]),
    ("GridSample", &[16, 20, 22]),
    ("GroupNormalization", &[18, 21]),
    ("HammingWindow", &[17]),
    ("HannWindow", &[17]),
    ("HardSigmoid", &[1, 6, 22]),
    ("HardSwish", &[14, 22]),
    ("Hardmax", &[1, 11, 13]),
    ("Identity", &[1, 13, 14, 16, 19, 21, 23, 24, 25]),
    ("If", &[1, 11, 13, 16, 19, 21, 23, 24, 25]),
    ("ImageDecoder", &[20]),
    ("InstanceNormalization", &[1, 6, 22]),
    ("IsInf", &[10, 20]),
    ("IsNaN", &[9, 13, 20]),
    ("LRN", &[1, 13]),
    ("LSTM", &[1, 7, 14, 22]),
    ("LayerNormalization", &[17]),
    ("LeakyRelu", &[1, 6, 16]),
    ("Less", &[1, 7, 9, 13]),
    ("LessOrEqual", &[12, 16]),
    ("LinearAttention", &[27]),
    ("Log", &[1, 6, 13]),
    ("LogSoftmax", &[1, 11, 13]),
    ("Loop", &[1, 11, 13, 16, 19, 21, 23, 24, 25]),
    ("LpNormalization", &[1, 22]),
    ("LpPool", &[1, 2, 11, 18, 22]),
    ("MatMul", &[1, 9, 13]),
    ("MatMulInteger", &[10]),
    ("Max", &[1, 6, 8, 12, 13]),
    ("MaxPool", &[1, 8, 10, 11, 12, 22]),
    ("MaxUnpool", &[9, 11, 22]),
    ("Mean", &[1, 6, 8, 13]),
    ("MeanVarianceNormalization", &[9, 13]),
    ("MelWeightMatrix", &[17]),
    ("Min", &[1, 6, 8, 12, 13]),
    ("Mish", &[18, 22]),
    ("Mod", &[10, 13, 28]),
    ("Mul", &[1, 6, 7, 13, 14]),
    ("Neg", &[1, 6, 13]),
    ("NegativeLogLikelihoodLoss", &[12, 13, 22]),
    ("NonMaxSuppression", &[10, 11]),
    ("NonZero", &[9, 13]),
    ("Not", &[1]),
    ("OneHot", &[9, 11, 28]),
    ("OptionalGetElement", &[15, 18, 28]),
    ("OptionalHasElement", &[15, 18, 28]),
    ("Or", &[1, 7]),
    ("PRelu", &[1, 6, 7, 9, 16]),
    ("Pad", &[1, 2, 11, 13, 18, 19, 21, 23, 24, 25]),
    ("Pow", &[1, 7, 12, 13, 15]),
    ("QLinearConv", &[10]),
    ("QLinearMatMul", &[10, 21]),
    ("QuantizeLinear", &[10, 13, 19, 21, 23, 24, 25, 28]),
    ("RMSNormalization", &[23]),
    ("RNN", &[1, 7, 14, 22]),
    ("Range", &[11, 27]),
    ("Reciprocal", &[1, 6, 13]),
    ("ReduceL1", &[1, 11, 13, 18]),
    ("ReduceL2", &[1, 11, 13, 18]),
    ("ReduceLogSum", &[1, 11, 13, 18, 28]),
    ("ReduceLogSumExp", &[1, 11, 13, 18, 28]),
    ("ReduceMax", &[1, 11, 12, 13, 18, 20]),
    ("ReduceMean", &[1, 11, 13, 18]),
    ("ReduceMin", &[1, 11, 12, 13, 18, 20]),
    ("ReduceProd", &[1, 11, 13, 18]),
    ("ReduceSum", &[1, 11, 13]),
    ("ReduceSumSquare", &[1, 11, 13, 18]),
    ("Relu", &[1, 6, 13, 14]),
    ("Reshape", &[1, 5, 13, 14, 19, 21, 23, 24, 25]),
    ("Resize", &[10, 11, 13, 18, 19]),
    ("ReverseSequence", &[10, 28]),
    ("RoiAlign", &[10, 16, 22]),
    ("RotaryEmbedding", &[23]),
    ("Round", &[11, 22]),
    ("STFT", &[17]),
    ("Scan", &[8, 9, 11, 16, 19, 21, 23, 24, 25]),
    ("Scatter", &[9, 11]),
    ("ScatterElements", &[11, 13, 16, 18]),
    ("ScatterND", &[11, 13, 16, 18]),
    ("Selu", &[1, 6, 22]),
    ("Shape", &[1, 13, 15, 19, 21, 23, 24, 25]),
    ("Shrink", &[9]),
    ("Sigmoid", &[1, 6, 13]),
    ("Sign", &[9, 13]),
    ("Sin", &[7, 22]),
    ("Sinh", &[9, 22]),
    ("Size", &[1, 13, 19, 21, 23, 24, 25]),
    ("Slice", &[1, 10, 11, 13]),
    ("Softmax", &[1, 11, 13]),
    ("SoftmaxCrossEntropyLoss", &[12, 13]),
    ("Softplus", &[1, 22]),
    ("Softsign", &[1, 22]),
    ("SpaceToDepth", &[1, 13, 28]),
    ("Split", &[1, 2, 11, 13, 18]),
    ("Sqrt", &[1, 6, 13]),
    ("Squeeze", &[1, 11, 13, 21, 23, 24, 25]),
    ("Sub", &[1, 6, 7, 13, 14]),
    ("Sum", &[1, 6, 8, 13]),
    ("SwiGLU", &[28]),
    ("Swish", &[24]),
    ("Tan", &[7, 22]),
    ("Tanh", &[1, 6, 13]),
    ("TensorScatter", &[24]),
    ("TfIdfVectorizer", &[9]),
    ("ThresholdedRelu", &[10, 22]),
    ("Tile", &[1, 6, 13]),
    ("TopK", &[1, 10, 11, 24]),
    ("Transpose", &[1, 13, 21, 23, 24, 25]),
    ("Trilu", &[14]),
    ("Unique", &[11, 28]),
    ("Unsqueeze", &[1, 11, 13, 21, 23, 24, 25]),
    ("Upsample", &[1, 7, 9, 10]),
    ("Where", &[9, 16]),
    ("Xor", &[1, 7]),
];

/// Operator versions whose semantics kiln does not implement, with the difference (only
/// Upsample's first and deprecated versions today: the other versions of the imported operators
/// in opsets 7 to 28 differ in attributes or inputs that the importers read per version, or only
/// in their type lists).
pub(crate) const REFUSED: &[(&str, i64, &str)] = &[
    (
        "Upsample",
        1,
        "Upsample-1 (experimental) scales by height_scale / width_scale attributes",
    ),
    (
        "Upsample",
        10,
        "Upsample is deprecated from opset 10 on (use Resize)",
    ),
];

/// Why a node's operator cannot be imported under an opset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum VersionProblem {
    /// kiln has no importer for the operator.
    Unknown,
    /// The operator does not exist yet in this opset (its first version is later).
    NotYetDefined { first: i64 },
    /// The opset selects a version kiln does not implement.
    Refused { version: i64, why: &'static str },
}

/// The version of `op` that default-domain opset `opset` selects, if kiln implements it.
pub(crate) fn selected_version(op: &str, opset: i64) -> Result<i64, VersionProblem> {
    selected_version_in(VERSIONS, REFUSED, op, opset)
}

fn selected_version_in(
    table: &[(&str, &[i64])],
    refused: &[(&'static str, i64, &'static str)],
    op: &str,
    opset: i64,
) -> Result<i64, VersionProblem> {
    let versions = table
        .iter()
        .find(|(name, _)| *name == op)
        .map(|(_, v)| *v)
        .ok_or(VersionProblem::Unknown)?;
    let version = versions
        .iter()
        .rev()
        .find(|&&v| v <= opset)
        .copied()
        .ok_or(VersionProblem::NotYetDefined {
            first: versions.first().copied().unwrap_or(0),
        })?;
    if let Some(&(_, version, why)) = refused
        .iter()
        .find(|(name, v, _)| *name == op && *v == version)
    {
        return Err(VersionProblem::Refused { version, why });
    }
    // Opsets before 7 (legacy broadcasting by `broadcast` / `axis`, `consumed_inputs`, ...): the
    // importers implement the versions opset 7 selects, so an older opset is accepted for an
    // operator only where it selects that same version (Not-1, Relu-6, ...).
    let oldest = super::MIN_IMPLEMENTED_OPSET;
    if opset < oldest && versions.iter().any(|&v| v > version && v <= oldest) {
        return Err(VersionProblem::Refused {
            version,
            why: "kiln implements the versions of opset 7 on, and this operator changed between \
                  its version and opset 7",
        });
    }
    Ok(version)
}

impl VersionProblem {
    /// The reason, for an error message (`None` for an unknown operator).
    pub(crate) fn describe(&self, op: &str, opset: i64) -> Option<String> {
        match self {
            VersionProblem::Unknown => None,
            VersionProblem::NotYetDefined { first } => Some(format!(
                "{op} does not exist in opset {opset} (it was added in opset {first})"
            )),
            VersionProblem::Refused { version, why } => Some(format!(
                "opset {opset} selects {op} version {version}, which kiln does not implement: \
                 {why}"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let refused = [("Conv", 22, "a made-up difference")];
        assert_eq!(selected_version_in(VERSIONS, &refused, "Conv", 21), Ok(11));
        assert_eq!(
            selected_version_in(VERSIONS, &refused, "Conv", 28),
            Err(VersionProblem::Refused {
                version: 22,
                why: "a made-up difference"
            })
        );
    }

    #[test]
    fn every_imported_op_has_a_version_list() {
        for op in super::super::ops::SUPPORTED {
            let versions = VERSIONS.iter().find(|(n, _)| n == op);
            let versions = versions.unwrap_or_else(|| panic!("{op} has no version list"));
            assert!(versions.1.windows(2).all(|w| w[0] < w[1]), "{op}");
            assert!(
                versions.1.iter().all(|&v| v <= super::super::MAX_OPSET),
                "{op}"
            );
        }
    }
}
