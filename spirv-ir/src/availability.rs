//! Availability of ops, types and enum cases: the SPIR-V versions, extensions and capabilities
//! they need, and the legality queries on a [`TargetEnv`].
//!
//! Capabilities and extensions come from rspirv's grammar tables (`grammar::INSTRUCTION_TABLE`
//! for instructions, `dr::Operand::required_capabilities` / `required_extensions` for enum
//! cases, the GLSL.std.450 table for extended instructions); the first / last SPIR-V version of
//! each comes from `availability_versions.rs`, generated from the core grammar JSON by
//! `tools/gen_versions.py`. Nothing is typed in by hand. Items newer than that grammar file count
//! as extension-only when rspirv lists extensions for them, else as SPIR-V 1.0.
//!
//! Semantics (as in the spec): the capability list is "any one of"; the extension list is "any
//! one of, unless the version is at least `min_version`"; `min_version: None` means only an
//! extension enables it.

use crate::syntax::Version;
use crate::target::TargetEnv;
use rspirv::dr::Operand as DrOperand;
use spirv::Capability;
use std::collections::BTreeSet;
use thiserror::Error;

#[path = "availability_versions.rs"]
mod versions;

/// What an op, type or enum case needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Availability {
    /// The first core version; `None`: only through one of `extensions`.
    pub min_version: Option<Version>,
    /// The last version it exists in, if it was removed.
    pub max_version: Option<Version>,
    /// Any one of these enables it below `min_version`.
    pub extensions: Vec<&'static str>,
    /// Any one of these capabilities (empty: none needed).
    pub capabilities: Vec<Capability>,
}

impl Availability {
    /// Needs nothing beyond SPIR-V 1.0.
    pub fn always() -> Availability {
        Availability {
            min_version: Some(Version::V1_0),
            max_version: None,
            extensions: vec![],
            capabilities: vec![],
        }
    }
}

fn v((major, minor): (u8, u8)) -> Version {
    Version { major, minor }
}

fn versions_of(
    found: Option<(versions::V, versions::V)>,
    extensions: &[&'static str],
) -> (Option<Version>, Option<Version>) {
    match found {
        Some((first, last)) => (first.map(v), last.map(v)),
        None if extensions.is_empty() => (Some(Version::V1_0), None),
        None => (None, None),
    }
}

/// The availability of a core instruction.
pub fn op_availability(op: spirv::Op) -> Availability {
    // The grammar tables are searched linearly; a module asks about the same few opcodes tens
    // of thousands of times (legalize and VCE of an unrolled llvmpipe matmul: 60 of 77 ms).
    thread_local! {
        static CACHE: std::cell::RefCell<std::collections::HashMap<u32, Availability>> =
            Default::default();
    }
    CACHE.with(|cache| {
        cache
            .borrow_mut()
            .entry(op as u32)
            .or_insert_with(|| op_availability_uncached(op))
            .clone()
    })
}

fn op_availability_uncached(op: spirv::Op) -> Availability {
    let Some(g) = rspirv::grammar::INSTRUCTION_TABLE.lookup_opcode(op as u32) else {
        return Availability::always();
    };
    let found = versions::OP_VERSIONS
        .iter()
        .find(|(code, _, _)| *code == op as u32)
        .map(|(_, first, last)| (*first, *last))
        .or(Some((Some((1, 0)), None)).filter(|_| g.extensions.is_empty()));
    let (min_version, max_version) = versions_of(found, g.extensions);
    Availability {
        min_version,
        max_version,
        extensions: g.extensions.to_vec(),
        capabilities: g.capabilities.to_vec(),
    }
}

/// The availability of a GLSL.std.450 instruction.
pub fn glsl_availability(instruction: u32) -> Availability {
    ext_inst_availability(&crate::ExtInstSet::GlslStd450, instruction)
}

/// What an instruction of an extended instruction set needs (its grammar's capabilities,
/// besides what importing the set needs).
pub fn ext_inst_availability(set: &crate::ExtInstSet, instruction: u32) -> Availability {
    let caps = set
        .instruction(instruction)
        .map(|g| g.capabilities.to_vec())
        .unwrap_or_default();
    Availability {
        capabilities: caps,
        ..ext_inst_import_availability(set)
    }
}

/// What importing an extended instruction set needs: a `NonSemantic.*` set needs
/// SPV_KHR_non_semantic_info, core from SPIR-V 1.6; the others nothing.
pub fn ext_inst_import_availability(set: &crate::ExtInstSet) -> Availability {
    if set.is_non_semantic() {
        return Availability {
            min_version: Some(crate::Version::V1_6),
            extensions: vec!["SPV_KHR_non_semantic_info"],
            ..Availability::always()
        };
    }
    Availability::always()
}

fn operand_kind_name(operand: &DrOperand) -> Option<(&'static str, u32)> {
    Some(match operand {
        DrOperand::Capability(c) => ("Capability", *c as u32),
        DrOperand::StorageClass(c) => ("StorageClass", *c as u32),
        DrOperand::BuiltIn(c) => ("BuiltIn", *c as u32),
        DrOperand::Decoration(c) => ("Decoration", *c as u32),
        DrOperand::ExecutionMode(c) => ("ExecutionMode", *c as u32),
        DrOperand::ExecutionModel(c) => ("ExecutionModel", *c as u32),
        DrOperand::AddressingModel(c) => ("AddressingModel", *c as u32),
        DrOperand::MemoryModel(c) => ("MemoryModel", *c as u32),
        DrOperand::Scope(c) => ("Scope", *c as u32),
        DrOperand::GroupOperation(c) => ("GroupOperation", *c as u32),
        DrOperand::PackedVectorFormat(c) => ("PackedVectorFormat", *c as u32),
        DrOperand::CooperativeMatrixLayout(c) => ("CooperativeMatrixLayout", *c as u32),
        DrOperand::CooperativeMatrixUse(c) => ("CooperativeMatrixUse", *c as u32),
        _ => return None,
    })
}

fn bits_kind_name(operand: &DrOperand) -> Option<(&'static str, u32)> {
    Some(match operand {
        DrOperand::MemorySemantics(b) => ("MemorySemantics", b.bits()),
        DrOperand::MemoryAccess(b) => ("MemoryAccess", b.bits()),
        DrOperand::LoopControl(b) => ("LoopControl", b.bits()),
        DrOperand::SelectionControl(b) => ("SelectionControl", b.bits()),
        DrOperand::FunctionControl(b) => ("FunctionControl", b.bits()),
        DrOperand::CooperativeMatrixOperands(b) => ("CooperativeMatrixOperands", b.bits()),
        _ => return None,
    })
}

/// The availability of an enum case or bit set (`dr::Operand::StorageClass(..)`,
/// `dr::Operand::MemorySemantics(..)`, ...). For bit sets the versions are the highest of the
/// set bits' and the capabilities / extensions the union (any one of them).
pub fn enum_availability(operand: &DrOperand) -> Availability {
    // Memoized per (operand kind, value), as `op_availability` is per opcode.
    thread_local! {
        static CACHE: std::cell::RefCell<
            std::collections::HashMap<(&'static str, u32), Availability>,
        > = Default::default();
    }
    let Some(key) = operand_kind_name(operand).or_else(|| bits_kind_name(operand)) else {
        return enum_availability_uncached(operand);
    };
    CACHE.with(|cache| {
        cache
            .borrow_mut()
            .entry(key)
            .or_insert_with(|| enum_availability_uncached(operand))
            .clone()
    })
}

fn enum_availability_uncached(operand: &DrOperand) -> Availability {
    let extensions = operand.required_extensions();
    let capabilities = operand.required_capabilities();
    if let Some((kind, value)) = operand_kind_name(operand) {
        let found = versions::ENUM_VERSIONS
            .iter()
            .find(|(k, val, _, _)| *k == kind && *val == value)
            .map(|(_, _, first, last)| (*first, *last))
            .or(Some((Some((1, 0)), None)).filter(|_| extensions.is_empty()));
        let (min_version, max_version) = versions_of(found, &extensions);
        // The capabilities a capability lists are the ones it implies, not requirements.
        let capabilities = if kind == "Capability" {
            vec![]
        } else {
            capabilities
        };
        return Availability {
            min_version,
            max_version,
            extensions,
            capabilities,
        };
    }
    if let Some((kind, bits)) = bits_kind_name(operand) {
        let mut min_version = Some(Version::V1_0);
        for (k, val, first, _) in versions::ENUM_VERSIONS.iter() {
            if *k == kind && *val != 0 && bits & *val == *val {
                min_version = match (min_version, first) {
                    (Some(a), Some(b)) => Some(a.max(v(*b))),
                    _ => None,
                };
            }
        }
        return Availability {
            min_version,
            max_version: None,
            extensions,
            capabilities,
        };
    }
    Availability {
        capabilities,
        extensions,
        ..Availability::always()
    }
}

/// The availability of declaring capability `c` (its version and extensions).
pub fn capability_availability(c: Capability) -> Availability {
    enum_availability(&DrOperand::Capability(c))
}

/// The SPIR-V version an extension's own specification requires ("This extension requires
/// SPIR-V 1.6"), where that is above 1.0. The grammar does not encode this, so this is the one
/// table here not derived from it; add an extension when its specification says so.
pub fn extension_spirv_version(extension: &str) -> Option<Version> {
    match extension {
        "SPV_NV_cooperative_matrix2" | "SPV_NV_tensor_addressing" => Some(Version::V1_6),
        _ => None,
    }
}

/// The capabilities `c` implicitly declares, transitively (e.g. `Shader` -> `Matrix`).
pub fn implied_capabilities(c: Capability) -> Vec<Capability> {
    let mut out = BTreeSet::new();
    let mut stack = vec![c];
    while let Some(x) = stack.pop() {
        for d in DrOperand::Capability(x).required_capabilities() {
            if out.insert(d as u32) {
                stack.push(d);
            }
        }
    }
    out.into_iter().filter_map(Capability::from_u32).collect()
}

/// `caps` plus everything they imply.
pub fn capability_closure(caps: &[Capability]) -> BTreeSet<u32> {
    let mut out = BTreeSet::new();
    for &c in caps {
        out.insert(c as u32);
        out.extend(implied_capabilities(c).into_iter().map(|d| d as u32));
    }
    out
}

/// Why something is not available in a target environment.
#[derive(Clone, Debug, Error, PartialEq)]
#[error("{item} is not available in target `{target}`: {reason}")]
pub struct Missing {
    /// What was checked (`op GroupNonUniformFAdd`, `capability Float16`, ...).
    pub item: String,
    pub target: String,
    /// Human-readable: the version, capabilities or extensions that are missing.
    pub reason: String,
    /// The version it needs when no extension of the target provides it.
    pub needs_version: Option<Version>,
    /// Any one of these capabilities would do.
    pub needs_any_capability: Vec<Capability>,
    /// Any one of these extensions would do.
    pub needs_any_extension: Vec<String>,
}

// `Missing` is an error report meant to be read by people (a few strings and lists); it is
// returned rarely and never in a hot loop, so its size does not matter.
#[allow(clippy::result_large_err)]
impl TargetEnv {
    /// Whether the target supports `c`, directly or implied by a capability it lists.
    pub fn supports_capability(&self, c: Capability) -> bool {
        capability_closure(&self.capabilities).contains(&(c as u32))
    }

    /// Whether the target lists `extension` and accepts the SPIR-V version the extension's
    /// specification requires ([`extension_spirv_version`]).
    pub fn can_use_extension(&self, extension: &str) -> bool {
        self.has_extension(extension)
            && extension_spirv_version(extension).is_none_or(|v| v <= self.spirv_version)
    }

    /// Checks an availability against this target: the version (or one of the extensions) and
    /// one of the capabilities must be present.
    pub fn check_availability(&self, item: &str, a: &Availability) -> Result<(), Missing> {
        let missing = |reason: String| Missing {
            item: item.to_string(),
            target: self.name.clone(),
            reason,
            needs_version: a.min_version,
            needs_any_capability: a.capabilities.clone(),
            needs_any_extension: a.extensions.iter().map(|e| e.to_string()).collect(),
        };
        let by_extension = a.extensions.iter().any(|e| self.can_use_extension(e));
        if !by_extension {
            // The target lists an extension but its SPIR-V version is too old for it.
            if let Some((e, v)) = a.extensions.iter().find_map(|e| {
                extension_spirv_version(e)
                    .filter(|v| self.has_extension(e) && *v > self.spirv_version)
                    .map(|v| (e, v))
            }) {
                if a.min_version.is_none_or(|min| min > self.spirv_version) {
                    return Err(missing(format!(
                        "extension {e} requires SPIR-V {v}, but the target allows only {}",
                        self.spirv_version
                    )));
                }
            }
        }
        match a.min_version {
            Some(v) if v <= self.spirv_version || by_extension => {}
            Some(v) => {
                return Err(missing(format!(
                    "needs SPIR-V {v} (target has {}) or one of the extensions [{}]",
                    self.spirv_version,
                    a.extensions.join(", ")
                )))
            }
            None if by_extension => {}
            None => {
                return Err(missing(format!(
                    "needs one of the extensions [{}]",
                    a.extensions.join(", ")
                )))
            }
        }
        if !a.capabilities.is_empty()
            && !a.capabilities.iter().any(|&c| self.supports_capability(c))
        {
            let names: Vec<String> = a.capabilities.iter().map(|c| format!("{c:?}")).collect();
            return Err(missing(format!(
                "needs one of the capabilities [{}]",
                names.join(", ")
            )));
        }
        Ok(())
    }

    /// Is `op` legal in this target, and if not, what is missing.
    pub fn check_op(&self, op: spirv::Op) -> Result<(), Missing> {
        let a = op_availability(op);
        self.check_availability(&format!("op {op:?}"), &a)?;
        for &c in &a.capabilities {
            if self.supports_capability(c) {
                return self.check_capability(c);
            }
        }
        Ok(())
    }

    /// Is capability `c` supported, and is its version / extension available.
    pub fn check_capability(&self, c: Capability) -> Result<(), Missing> {
        let item = format!("capability {c:?}");
        if !self.supports_capability(c) {
            return Err(Missing {
                item,
                target: self.name.clone(),
                reason: "the target does not list it".into(),
                needs_version: None,
                needs_any_capability: vec![c],
                needs_any_extension: vec![],
            });
        }
        self.check_availability(&item, &capability_availability(c))
    }

    /// Is an enum case (storage class, builtin, decoration, ...) legal in this target.
    pub fn check_enum(&self, operand: &DrOperand) -> Result<(), Missing> {
        self.check_availability(&format!("{operand:?}"), &enum_availability(operand))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use spirv::Op;

    #[test]
    fn grammar_derived_facts() {
        let a = op_availability(Op::GroupNonUniformFAdd);
        assert_eq!(a.min_version, Some(Version::V1_3));
        assert!(a
            .capabilities
            .contains(&Capability::GroupNonUniformArithmetic));
        let d = op_availability(Op::SDot);
        assert_eq!(d.min_version, Some(Version::V1_6));
        assert_eq!(d.extensions, vec!["SPV_KHR_integer_dot_product"]);
        let c = op_availability(Op::CooperativeMatrixMulAddKHR);
        assert_eq!(c.capabilities, vec![Capability::CooperativeMatrixKHR]);
        let cap = capability_availability(Capability::CooperativeMatrixKHR);
        assert_eq!(cap.min_version, None, "extension only");
        assert_eq!(cap.extensions, vec!["SPV_KHR_cooperative_matrix"]);
        assert_eq!(op_availability(Op::IAdd), Availability::always());
        let sb = enum_availability(&DrOperand::StorageClass(spirv::StorageClass::StorageBuffer));
        assert_eq!(sb.min_version, Some(Version::V1_3));
        assert!(sb
            .extensions
            .contains(&"SPV_KHR_storage_buffer_storage_class"));
        assert!(implied_capabilities(Capability::GroupNonUniformArithmetic)
            .contains(&Capability::GroupNonUniform));
        assert!(implied_capabilities(Capability::Shader).contains(&Capability::Matrix));
        let vmm = enum_availability(&DrOperand::MemorySemantics(
            spirv::MemorySemantics::MAKE_AVAILABLE,
        ));
        assert!(vmm.capabilities.contains(&Capability::VulkanMemoryModel));
    }

    #[test]
    fn legality_queries_name_what_is_missing() {
        let lvp = TargetEnv::preset("llvmpipe").unwrap();
        let v11 = TargetEnv::preset("vulkan1.1").unwrap();
        let h200 = TargetEnv::preset("nvidia-h200").unwrap();
        assert!(lvp.check_op(Op::GroupNonUniformFAdd).is_ok());
        let e = v11.check_op(Op::GroupNonUniformFAdd).unwrap_err();
        assert!(e.to_string().contains("GroupNonUniformArithmetic"), "{e}");
        let e = lvp.check_op(Op::CooperativeMatrixMulAddKHR).unwrap_err();
        assert!(e.to_string().contains("CooperativeMatrixKHR"), "{e}");
        assert!(h200.check_op(Op::CooperativeMatrixMulAddKHR).is_ok());
        assert!(lvp.check_op(Op::SDot).is_ok());
        assert!(v11.check_op(Op::SDot).is_err());
        assert!(v11.check_capability(Capability::Float16).is_err());
        assert!(lvp.check_capability(Capability::Float16).is_ok());
    }
}
