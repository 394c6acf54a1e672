//! Which version of each ONNX operator a model's opset selects, and which of those versions kiln
//! implements.
//!
//! An ONNX model imports an opset number N for the default domain; each operator then has the
//! semantics of its newest version ("since version") that is <= N. Most operators did not change
//! for many opsets (onnx 1.23 writes opset 28, and Conv last changed in 22, Add in 14): a model is
//! accepted per operator, by the version it selects, not by its opset number alone.
//!
//! The registry (`registry.rs`) lists, for every operator kiln imports, all the since-versions
//! ONNX defines up to [`MAX_OPSET`], and the versions whose semantics kiln does not
//! implement, with the reason (only Upsample's first and deprecated versions today: the other
//! versions of the imported operators in opsets 7 to 28 differ in attributes or inputs that the
//! importers read per version, or only in their type lists).

/// The lowest and highest default-domain opsets the importer accepts. Within them each operator
/// is accepted by the version the opset selects (see below): below
/// [`MIN_IMPLEMENTED_OPSET`] only where that is the version opset 7 selects too.
pub const MIN_OPSET: i64 = 1;
pub const MAX_OPSET: i64 = 28;
/// The oldest opset whose operator versions the importers implement.
pub const MIN_IMPLEMENTED_OPSET: i64 = 7;

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

/// The version of an operator with since-versions `versions` (ascending) and `refused` ones that
/// opset `opset` selects (`registry::selected_version` for an operator by name).
pub(crate) fn selected_version_in(
    versions: &[i64],
    refused: &[(i64, &'static str)],
    opset: i64,
) -> Result<i64, VersionProblem> {
    let version = versions
        .iter()
        .rev()
        .find(|&&v| v <= opset)
        .copied()
        .ok_or(VersionProblem::NotYetDefined {
            first: versions.first().copied().unwrap_or(0),
        })?;
    if let Some(&(version, why)) = refused.iter().find(|(v, _)| *v == version) {
        return Err(VersionProblem::Refused { version, why });
    }
    // Opsets before 7 (legacy broadcasting by `broadcast` / `axis`, `consumed_inputs`, ...): the
    // importers implement the versions opset 7 selects, so an older opset is accepted for an
    // operator only where it selects that same version (Not-1, Relu-6, ...).
    let oldest = MIN_IMPLEMENTED_OPSET;
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
        let conv = [1, 11, 22];
        let refused = [(22, "a made-up difference")];
        assert_eq!(selected_version_in(&conv, &[], 28), Ok(22));
        assert_eq!(selected_version_in(&conv, &refused, 21), Ok(11));
        assert_eq!(
            selected_version_in(&[20], &[], 17),
            Err(VersionProblem::NotYetDefined { first: 20 })
        );
        assert_eq!(
            selected_version_in(&conv, &refused, 28),
            Err(VersionProblem::Refused {
                version: 22,
                why: "a made-up difference"
            })
        );
    }
}
