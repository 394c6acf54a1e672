//! UpdateVCE: deduces the minimal version / capabilities / extensions a module needs on a
//! target (MLIR's `UpdateVCEPass`) and writes them into the module, or fails naming the op,
//! type or enum case the target cannot provide.
//!
//! Walks every op (with its scope / semantics / enum operands and decorations), every type a
//! value, global or signature uses, the storage classes, builtins, execution models and modes.
//! For each requirement: a version up to the target's *preferred* version is taken as is; above
//! it an extension of the target is used when one exists, else the version (up to the target's
//! maximum); a capability already declared (or implied) satisfies "any one of", else the first
//! one the target supports is declared, and its own version / extension needs are added. An
//! extension whose specification requires a newer SPIR-V version than the grammar records
//! (`SPV_NV_cooperative_matrix2` and `SPV_NV_tensor_addressing` need 1.6, see
//! [`extension_spirv_version`]) raises the version to it, or is refused with
//! [`VceError::ExtensionNeedsVersion`] when the target's maximum is lower.
//!
//! 8- and 16-bit types: behind `StorageBuffer` / `Uniform` / `PushConstant` / `Input` / `Output`
//! pointers they need the storage capabilities (`StorageBuffer16BitAccess`, ...); as values of
//! anything but loads, stores, access chains and conversions they need `Int8` / `Int16` /
//! `Float16`. 64-bit types always need `Int64` / `Float64`. bf16 (`SPV_KHR_bfloat16`) needs
//! `BFloat16TypeKHR` (from the grammar's FP encoding) and the 16-bit storage capabilities like
//! f16, never `Float16`; cooperative matrices of bf16 need `BFloat16CooperativeMatrixKHR` and
//! `OpDot` on bf16 vectors `BFloat16DotProductKHR` (usage rules the grammar does not record).

// Errors carry a `Missing` report (strings and lists): rare, read by people, size is fine.
#![allow(clippy::result_large_err)]

use crate::availability::{
    capability_availability, capability_closure, enum_availability, ext_inst_availability,
    ext_inst_import_availability, extension_spirv_version, op_availability, Availability, Missing,
};
use crate::syntax::*;
use crate::target::TargetEnv;
use rspirv::dr::Operand as DrOperand;
use spirv::{Capability, Op, StorageClass};
use std::collections::{BTreeSet, HashSet};
use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq)]
pub enum VceError {
    #[error("{context}: {missing}")]
    Missing { context: String, missing: Missing },
    /// The extension's specification requires a SPIR-V version the target does not accept
    /// (the grammar does not say so; see [`extension_spirv_version`]).
    #[error(
        "{context}: extension {extension} requires SPIR-V {needs}, but target `{target}` allows \
         only {allows}"
    )]
    ExtensionNeedsVersion {
        context: String,
        extension: String,
        needs: Version,
        target: String,
        allows: Version,
    },
    #[error("{context}: needs SPIR-V {needs} or older, but other parts need {has}")]
    VersionConflict {
        context: String,
        needs: Version,
        has: Version,
    },
}

/// The deduced triple.
#[derive(Clone, Debug, PartialEq)]
pub struct Vce {
    pub version: Version,
    pub capabilities: Vec<Capability>,
    pub extensions: Vec<String>,
}

/// Deduces the minimal triple of `module` on `target` and stores it in the module.
pub fn update_vce(module: &mut Module, target: &TargetEnv) -> Result<Vce, VceError> {
    let vce = deduce_vce(module, target)?;
    module.version = vce.version;
    module.capabilities = vce.capabilities.clone();
    module.extensions = vce.extensions.clone();
    Ok(vce)
}

/// Deduces the minimal triple of `module` on `target` without changing it.
pub fn deduce_vce(module: &Module, target: &TargetEnv) -> Result<Vce, VceError> {
    let mut d = Deducer {
        target,
        version: Version::V1_0,
        max_version: None,
        caps: Vec::new(),
        exts: Vec::new(),
        checked: HashSet::new(),
    };
    d.module(module)?;
    if let Some((max, context)) = d.max_version.clone() {
        if d.version > max {
            return Err(VceError::VersionConflict {
                context,
                needs: max,
                has: d.version,
            });
        }
    }
    Ok(Vce {
        version: d.version,
        capabilities: d.caps,
        extensions: d.exts,
    })
}

/// The type legality query of a conversion target: can `ty` be used on `target`, as a value
/// computed with (`storage: None`) or as the pointee of a variable in `storage`? The error names
/// the missing capability / extension / version. (8- and 16-bit types behind `StorageBuffer`,
/// `Uniform`, `PushConstant` pointers need only the storage capabilities.)
pub fn check_type(
    module: &Module,
    ty: TypeId,
    storage: Option<StorageClass>,
    target: &TargetEnv,
) -> Result<(), VceError> {
    let mut d = Deducer {
        target,
        version: Version::V1_0,
        max_version: None,
        caps: Vec::new(),
        exts: Vec::new(),
        checked: HashSet::new(),
    };
    let mut types = TypeWalk::default();
    match storage {
        Some(sc) => {
            types.visit(module, ty);
            let mut scalars = BTreeSet::new();
            small_scalars(module, ty, &mut scalars);
            for (w, kind) in scalars {
                types.storage.insert((sc, w, kind));
            }
            d.enum_("storage class", DrOperand::StorageClass(sc))?;
        }
        None => types.value(module, ty),
    }
    for t in types.seen.clone() {
        d.ty(module, t)?;
    }
    for (sc, width, kind) in types.storage.clone() {
        d.small_storage(sc, width, kind)?;
    }
    for (width, kind) in types.arithmetic.clone() {
        d.scalar_arithmetic(width, kind)?;
    }
    Ok(())
}

/// The per-op legality query of a conversion target (MLIR's `ConversionTarget` for the SPIR-V
/// dialect): an instruction, type or global is legal when the target env provides the version,
/// capabilities and extensions the grammar says it needs. Same data and rules as
/// [`deduce_vce`], fed one op or global at a time as a lowering creates them, so the lowering can
/// name the source op behind an illegal instruction. It decides nothing about the module: its
/// triple is deduced once, from the finished module, by [`update_vce`].
pub struct Legality<'t> {
    deducer: Deducer<'t>,
    types: TypeWalk,
    checked_types: BTreeSet<TypeId>,
    checked_storage: BTreeSet<(StorageClass, u32, ScalarKind)>,
    checked_arithmetic: BTreeSet<(u32, ScalarKind)>,
}

impl<'t> Legality<'t> {
    pub fn new(target: &'t TargetEnv) -> Self {
        Legality {
            deducer: Deducer {
                target,
                version: Version::V1_0,
                max_version: None,
                caps: Vec::new(),
                exts: Vec::new(),
                checked: HashSet::new(),
            },
            types: TypeWalk::default(),
            checked_types: BTreeSet::new(),
            checked_storage: BTreeSet::new(),
            checked_arithmetic: BTreeSet::new(),
        }
    }

    /// The module's addressing and memory models.
    pub fn check_models(&mut self, m: &Module) -> Result<(), VceError> {
        self.deducer
            .enum_("module", DrOperand::AddressingModel(m.addressing_model))?;
        self.deducer
            .enum_("module", DrOperand::MemoryModel(m.memory_model))
    }

    /// A global variable: its storage class, builtin, decorations and type.
    pub fn check_global(&mut self, m: &Module, g: GlobalVarId) -> Result<(), VceError> {
        let g = &m.global_variables[g];
        let ctx = format!("global `{}`", g.name.as_deref().unwrap_or("?"));
        self.deducer
            .enum_(&ctx, DrOperand::StorageClass(g.storage_class))?;
        if let Some(b) = g.builtin {
            self.deducer.enum_(&ctx, DrOperand::BuiltIn(b))?;
        }
        self.deducer.decorations(&ctx, &g.decorations)?;
        self.types.pointer(m, g.ty);
        self.check_types(m)
    }

    /// One op of function `f`: its opcode, enum operands, decorations, and the types of its
    /// results and operands (as values, or in storage for loads, stores and access chains).
    pub fn check_op(&mut self, m: &Module, f: &Function, op: &Operation) -> Result<(), VceError> {
        self.deducer.op(m, f, op, "", &mut self.types)?;
        self.check_types(m)
    }

    /// The types reached since the last check.
    fn check_types(&mut self, m: &Module) -> Result<(), VceError> {
        if self.types.seen.len() != self.checked_types.len() {
            let new: Vec<TypeId> = self
                .types
                .seen
                .difference(&self.checked_types)
                .copied()
                .collect();
            for t in new {
                self.deducer.ty(m, t)?;
                self.checked_types.insert(t);
            }
        }
        if self.types.storage.len() != self.checked_storage.len() {
            let new: Vec<_> = self
                .types
                .storage
                .difference(&self.checked_storage)
                .copied()
                .collect();
            for (sc, width, kind) in new {
                self.deducer.small_storage(sc, width, kind)?;
                self.checked_storage.insert((sc, width, kind));
            }
        }
        if self.types.arithmetic.len() != self.checked_arithmetic.len() {
            let new: Vec<_> = self
                .types
                .arithmetic
                .difference(&self.checked_arithmetic)
                .copied()
                .collect();
            for (width, kind) in new {
                self.deducer.scalar_arithmetic(width, kind)?;
                self.checked_arithmetic.insert((width, kind));
            }
        }
        Ok(())
    }
}

struct Deducer<'t> {
    target: &'t TargetEnv,
    version: Version,
    max_version: Option<(Version, String)>,
    caps: Vec<Capability>,
    exts: Vec<String>,
    /// Instructions already checked, by opcode and enum / literal operand words: the same
    /// instruction needs the same things, so each is checked (and its context formatted)
    /// once. An unrolled kernel repeats a handful of them tens of thousands of times.
    checked: HashSet<(u32, Vec<u32>)>,
}

impl Deducer<'_> {
    fn missing(&self, context: &str, a: &Availability, reason: String) -> VceError {
        VceError::Missing {
            context: context.to_string(),
            missing: Missing {
                item: context.to_string(),
                target: self.target.name.clone(),
                reason,
                needs_version: a.min_version,
                needs_any_capability: a.capabilities.clone(),
                needs_any_extension: a.extensions.iter().map(|e| e.to_string()).collect(),
            },
        }
    }

    /// Declares extension `e`, raising the version to the one its specification requires.
    fn add_ext(&mut self, context: &str, e: &str) -> Result<(), VceError> {
        if let Some(needs) = extension_spirv_version(e) {
            if needs > self.target.spirv_version {
                return Err(VceError::ExtensionNeedsVersion {
                    context: context.to_string(),
                    extension: e.to_string(),
                    needs,
                    target: self.target.name.clone(),
                    allows: self.target.spirv_version,
                });
            }
            self.version = self.version.max(needs);
        }
        if !self.exts.iter().any(|x| x == e) {
            self.exts.push(e.to_string());
        }
        Ok(())
    }

    fn require(&mut self, context: &str, a: &Availability) -> Result<(), VceError> {
        let t = self.target;
        // An extension the target can use, else one it lists (whose version need `add_ext`
        // then reports).
        let target_ext = a
            .extensions
            .iter()
            .find(|e| t.can_use_extension(e))
            .or_else(|| a.extensions.iter().find(|e| t.has_extension(e)))
            .copied();
        match a.min_version {
            Some(v)
                if v <= t.preferred_spirv_version
                    || (v <= self.version && v <= t.spirv_version) =>
            {
                self.version = self.version.max(v);
            }
            Some(v) => match target_ext {
                Some(e) => self.add_ext(context, e)?,
                None if v <= t.spirv_version => self.version = self.version.max(v),
                None => {
                    let reason = format!(
                        "needs SPIR-V {v} (target allows {}) or one of the extensions [{}]",
                        t.spirv_version,
                        a.extensions.join(", ")
                    );
                    return Err(self.missing(context, a, reason));
                }
            },
            None => match target_ext {
                Some(e) => self.add_ext(context, e)?,
                None => {
                    let reason =
                        format!("needs one of the extensions [{}]", a.extensions.join(", "));
                    return Err(self.missing(context, a, reason));
                }
            },
        }
        if let Some(max) = a.max_version {
            if self.max_version.as_ref().is_none_or(|(m, _)| max < *m) {
                self.max_version = Some((max, context.to_string()));
            }
        }
        if a.capabilities.is_empty() {
            return Ok(());
        }
        let declared = capability_closure(&self.caps);
        if a.capabilities
            .iter()
            .any(|&c| declared.contains(&(c as u32)))
        {
            return Ok(());
        }
        let Some(&c) = a.capabilities.iter().find(|&&c| t.supports_capability(c)) else {
            let names: Vec<String> = a.capabilities.iter().map(|c| format!("{c:?}")).collect();
            return Err(self.missing(
                context,
                a,
                format!("needs one of the capabilities [{}]", names.join(", ")),
            ));
        };
        self.caps.push(c);
        self.require(
            &format!("{context} (capability {c:?})"),
            &capability_availability(c),
        )
    }

    fn require_cap(&mut self, context: &str, c: Capability) -> Result<(), VceError> {
        let a = Availability {
            capabilities: vec![c],
            ..Availability::always()
        };
        self.require(context, &a)
    }

    fn enum_(&mut self, context: &str, operand: DrOperand) -> Result<(), VceError> {
        let a = enum_availability(&operand);
        self.require(&format!("{context}: {operand:?}"), &a)
    }

    fn decorations(&mut self, context: &str, ds: &[Decoration]) -> Result<(), VceError> {
        for d in ds {
            self.enum_(context, DrOperand::Decoration(d.kind))?;
        }
        Ok(())
    }

    fn module(&mut self, m: &Module) -> Result<(), VceError> {
        self.enum_("module", DrOperand::AddressingModel(m.addressing_model))?;
        self.enum_("module", DrOperand::MemoryModel(m.memory_model))?;
        for ep in &m.entry_points {
            self.enum_(
                &format!("entry point `{}`", ep.name),
                DrOperand::ExecutionModel(ep.execution_model),
            )?;
        }
        for em in &m.execution_modes {
            let ctx = "execution mode";
            self.enum_(ctx, DrOperand::ExecutionMode(em.mode))?;
            if em
                .operands
                .iter()
                .any(|o| !matches!(o, ModeOperand::Literal(_)))
            {
                self.require(ctx, &op_availability(Op::ExecutionModeId))?;
            }
        }
        let mut types = TypeWalk::default();
        for set in &m.ext_inst_imports {
            let ctx = format!("the import of {}", set.name());
            self.require(&ctx, &ext_inst_import_availability(set))?;
        }
        for ns in &m.non_semantic {
            let ctx = format!("{} instruction {}", ns.set.name(), ns.instruction);
            self.require(&ctx, &ext_inst_availability(&ns.set, ns.instruction))?;
        }
        for (_, sc) in m.spec_constants.iter() {
            let ctx = format!("spec constant `{}`", sc.name.as_deref().unwrap_or("?"));
            let opcode = match (&sc.operation, sc.composite.is_some(), sc.replicate) {
                (Some(op), _, _) => {
                    // What the wrapped instruction needs, besides `OpSpecConstantOp` itself.
                    self.require(&ctx, &op_availability(op.opcode))?;
                    Op::SpecConstantOp
                }
                (None, true, true) => Op::SpecConstantCompositeReplicateEXT,
                (None, true, false) => Op::SpecConstantComposite,
                (None, false, _) => Op::SpecConstant,
            };
            self.require(&ctx, &op_availability(opcode))?;
            if let Some(b) = sc.builtin {
                self.enum_(&ctx, DrOperand::BuiltIn(b))?;
            }
            types.value(m, sc.ty);
        }
        for (_, g) in m.global_variables.iter() {
            let ctx = format!("global `{}`", g.name.as_deref().unwrap_or("?"));
            self.enum_(&ctx, DrOperand::StorageClass(g.storage_class))?;
            if let Some(b) = g.builtin {
                self.enum_(&ctx, DrOperand::BuiltIn(b))?;
            }
            self.decorations(&ctx, &g.decorations)?;
            types.pointer(m, g.ty);
        }
        for (_, f) in m.functions.iter() {
            let ctx = format!("function `{}`", f.name);
            types.value(m, f.result_type);
            for (_, v) in f.values.iter() {
                types.visit(m, v.ty);
            }
            for (_, op) in f.ops.iter() {
                self.op(m, f, op, &ctx, &mut types)?;
            }
        }
        for t in types.seen.clone() {
            self.ty(m, t)?;
        }
        for (sc, width, kind) in types.storage.clone() {
            self.small_storage(sc, width, kind)?;
        }
        for (width, kind) in types.arithmetic.clone() {
            self.scalar_arithmetic(width, kind)?;
        }
        Ok(())
    }

    fn ty(&mut self, m: &Module, t: TypeId) -> Result<(), VceError> {
        let ctx = format!("type {}", crate::print::print_type(m, t));
        let opcode = match &m.types[t] {
            Type::Void => Op::TypeVoid,
            Type::Bool => Op::TypeBool,
            Type::Int { width: 64, .. } => {
                self.require_cap(&ctx, Capability::Int64)?;
                Op::TypeInt
            }
            Type::Int { .. } => Op::TypeInt,
            Type::Float {
                width: 64,
                encoding: None,
            } => {
                self.require_cap(&ctx, Capability::Float64)?;
                Op::TypeFloat
            }
            Type::Float { encoding, .. } => {
                // The grammar: BFloat16KHR needs BFloat16TypeKHR (SPV_KHR_bfloat16).
                if let Some(e) = encoding {
                    self.enum_(&ctx, DrOperand::FPEncoding(*e))?;
                }
                Op::TypeFloat
            }
            Type::Vector { .. } => Op::TypeVector,
            Type::Matrix { .. } => Op::TypeMatrix,
            Type::Array { .. } | Type::SpecArray { .. } => Op::TypeArray,
            Type::RuntimeArray { .. } => Op::TypeRuntimeArray,
            Type::Struct(s) => {
                if s.block {
                    self.enum_(&ctx, DrOperand::Decoration(spirv::Decoration::Block))?;
                }
                self.decorations(&ctx, &s.decorations)?;
                for mem in &s.members {
                    self.decorations(&ctx, &mem.decorations)?;
                }
                Op::TypeStruct
            }
            Type::Pointer { storage_class, .. } => {
                self.enum_(&ctx, DrOperand::StorageClass(*storage_class))?;
                Op::TypePointer
            }
            Type::Function { .. } => Op::TypeFunction,
            Type::CooperativeMatrix {
                component,
                scope,
                usage,
                ..
            } => {
                self.enum_(&ctx, DrOperand::Scope(*scope))?;
                self.enum_(&ctx, DrOperand::CooperativeMatrixUse(*usage))?;
                // SPV_KHR_bfloat16: a bf16 component type needs BFloat16CooperativeMatrixKHR
                // (a usage rule the grammar does not record).
                if m.types[*component] == Type::BF16 {
                    self.require_cap(&ctx, Capability::BFloat16CooperativeMatrixKHR)?;
                }
                Op::TypeCooperativeMatrixKHR
            }
            Type::TensorLayout { clamp_mode, .. } => {
                self.enum_(&ctx, DrOperand::TensorClampMode(*clamp_mode))?;
                Op::TypeTensorLayoutNV
            }
            Type::Image {
                dim,
                format,
                access,
                multisampled,
                arrayed,
                sampled,
                ..
            } => {
                self.enum_(&ctx, DrOperand::Dim(*dim))?;
                self.enum_(&ctx, DrOperand::ImageFormat(*format))?;
                if let Some(a) = access {
                    self.enum_(&ctx, DrOperand::AccessQualifier(*a))?;
                }
                // Usage rules the grammar does not record (SPIR-V "Capabilities" of images).
                if *multisampled && *arrayed && *sampled == 2 {
                    self.require_cap(&ctx, Capability::ImageMSArray)?;
                }
                Op::TypeImage
            }
            Type::Sampler => Op::TypeSampler,
            Type::SampledImage { .. } => Op::TypeSampledImage,
        };
        self.require(&ctx, &op_availability(opcode))
    }

    fn small_storage(
        &mut self,
        sc: StorageClass,
        width: u32,
        kind: ScalarKind,
    ) -> Result<(), VceError> {
        // bf16 is a 16-bit float for the storage capabilities ("16-bit floating-point
        // members" in Vulkan's storageBuffer16BitAccess).
        let ctx = format!("{width}-bit {} in {sc:?} storage", kind.name());
        let cap = match (sc, width) {
            (StorageClass::StorageBuffer | StorageClass::PhysicalStorageBuffer, 16) => {
                Capability::StorageBuffer16BitAccess
            }
            (StorageClass::StorageBuffer | StorageClass::PhysicalStorageBuffer, 8) => {
                Capability::StorageBuffer8BitAccess
            }
            (StorageClass::Uniform, 16) => Capability::UniformAndStorageBuffer16BitAccess,
            (StorageClass::Uniform, 8) => Capability::UniformAndStorageBuffer8BitAccess,
            (StorageClass::PushConstant, 16) => Capability::StoragePushConstant16,
            (StorageClass::PushConstant, 8) => Capability::StoragePushConstant8,
            (StorageClass::Input | StorageClass::Output, 16) => Capability::StorageInputOutput16,
            _ => return self.scalar_arithmetic(width, kind),
        };
        self.require_cap(&ctx, cap)
    }

    /// A small scalar as a value. bf16 needs no `Float16`: its own `BFloat16TypeKHR` comes
    /// with the type, and the verifier rejects arithmetic on it.
    fn scalar_arithmetic(&mut self, width: u32, kind: ScalarKind) -> Result<(), VceError> {
        let cap = match (width, kind) {
            (8, ScalarKind::Integer) => Capability::Int8,
            (16, ScalarKind::Integer) => Capability::Int16,
            (16, ScalarKind::Float) => Capability::Float16,
            _ => return Ok(()),
        };
        self.require_cap(&format!("{width}-bit {} arithmetic", kind.name()), cap)
    }

    fn op(
        &mut self,
        m: &Module,
        f: &Function,
        op: &Operation,
        fctx: &str,
        types: &mut TypeWalk,
    ) -> Result<(), VceError> {
        let storage_only = matches!(
            &op.kind,
            OpKind::Inst {
                opcode: Op::Load
                    | Op::Store
                    | Op::AccessChain
                    | Op::InBoundsAccessChain
                    | Op::PtrAccessChain
                    | Op::FConvert
                    | Op::UConvert
                    | Op::SConvert
                    | Op::CopyMemory
                    | Op::CopyObject
                    | Op::Variable
                    | Op::ConvertFToU
                    | Op::ConvertFToS
                    | Op::ConvertSToF
                    | Op::ConvertUToF
                    | Op::CompositeExtract
                    | Op::CompositeConstruct,
                ..
            } | OpKind::AddressOf(_)
                | OpKind::ReferenceOf(_)
                | OpKind::Selection { .. }
                | OpKind::Loop { .. }
                | OpKind::Branch { .. }
                | OpKind::Merge { .. }
                | OpKind::FunctionCall { .. }
                | OpKind::ReturnValue(_)
        );
        if !storage_only {
            for &r in &op.results {
                types.value(m, f.values[r].ty);
            }
            for v in value_operands(&op.kind) {
                if let Some(val) = f.values.get(v) {
                    types.value(m, val.ty);
                }
            }
        }
        self.decorations(fctx, &op.decorations)?;
        match &op.kind {
            // SPV_KHR_bfloat16: OpDot on bf16 vectors needs BFloat16DotProductKHR (a usage
            // rule the grammar does not record).
            OpKind::Inst {
                opcode: Op::Dot, ..
            } if value_operands(&op.kind).iter().any(|&v| {
                f.values.get(v).is_some_and(|val| {
                    matches!(&m.types[val.ty], Type::Vector { component, .. }
                        if m.types[*component] == Type::BF16)
                })
            }) =>
            {
                self.require_cap(
                    &format!("{fctx}: op Dot on bf16"),
                    Capability::BFloat16DotProductKHR,
                )?;
                self.require(&format!("{fctx}: op Dot"), &op_availability(Op::Dot))?;
            }
            OpKind::Inst { opcode, operands } => {
                // (position, word) of every enum / literal operand.
                let words = operands
                    .iter()
                    .enumerate()
                    .filter_map(|(i, o)| match o {
                        Operand::Literal(w) => Some([i as u32, *w]),
                        Operand::Scope(s) => Some([i as u32, *s as u32]),
                        Operand::MemorySemantics(s) => Some([i as u32, s.bits()]),
                        Operand::Type(t) => {
                            types.visit(m, *t);
                            None
                        }
                        Operand::Value(_) | Operand::Function(_) => None,
                    })
                    .flatten()
                    .collect();
                if !self.checked.insert((*opcode as u32, words)) {
                    return Ok(());
                }
                let ctx = if fctx.is_empty() {
                    format!("op {opcode:?}")
                } else {
                    format!("{fctx}: op {opcode:?}")
                };
                self.require(&ctx, &op_availability(*opcode))?;
                let kinds = literal_kinds(*opcode, operands.len());
                for (i, o) in operands.iter().enumerate() {
                    match o {
                        Operand::Scope(s) => self.enum_(&ctx, DrOperand::Scope(*s))?,
                        Operand::MemorySemantics(s) => {
                            self.enum_(&ctx, DrOperand::MemorySemantics(*s))?
                        }
                        Operand::Literal(w) => {
                            if let Some(operand) =
                                kinds.get(i).and_then(|k| literal_operand(*k, *w))
                            {
                                self.enum_(&ctx, operand)?;
                            }
                        }
                        // Types were visited above.
                        Operand::Type(_) | Operand::Value(_) | Operand::Function(_) => {}
                    }
                }
            }
            OpKind::ExtInst {
                set, instruction, ..
            } => {
                let ctx = format!("{fctx}: {} instruction {instruction}", set.name());
                self.require(&ctx, &ext_inst_availability(set, *instruction))?;
            }
            OpKind::Constant(c) if has_replicate(c) => self.require(
                &format!("{fctx}: constant {c:?}"),
                &op_availability(Op::ConstantCompositeReplicateEXT),
            )?,
            OpKind::Loop { control, .. } => self.enum_(fctx, DrOperand::LoopControl(*control))?,
            OpKind::Selection { control, .. } => {
                self.enum_(fctx, DrOperand::SelectionControl(*control))?
            }
            _ => {}
        }
        Ok(())
    }
}

fn value_operands(kind: &OpKind) -> Vec<ValueId> {
    match kind {
        OpKind::Inst { operands, .. } | OpKind::ExtInst { operands, .. } => operands
            .iter()
            .filter_map(|o| match o {
                Operand::Value(v) => Some(*v),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The grammar operand kind of each operand position of `opcode` (result type / id excluded).
fn literal_kinds(opcode: Op, n: usize) -> Vec<rspirv::grammar::OperandKind> {
    let Some(g) = rspirv::grammar::INSTRUCTION_TABLE.lookup_opcode(opcode as u32) else {
        return Vec::new();
    };
    let logical: Vec<_> = g
        .operands
        .iter()
        .filter(|o| {
            !matches!(
                o.kind,
                rspirv::grammar::OperandKind::IdResultType | rspirv::grammar::OperandKind::IdResult
            )
        })
        .collect();
    // Words past the grammar's operands repeat a variadic last operand; after an optional
    // one (a `MemoryAccess` mask) they are its parameters (the `Aligned` byte count), no enum.
    let variadic = logical
        .last()
        .filter(|o| o.quantifier == rspirv::grammar::OperandQuantifier::ZeroOrMore);
    (0..n)
        .map(|i| {
            logical
                .get(i)
                .or(variadic)
                .map_or(rspirv::grammar::OperandKind::LiteralInteger, |o| o.kind)
        })
        .collect()
}

fn literal_operand(kind: rspirv::grammar::OperandKind, w: u32) -> Option<DrOperand> {
    use rspirv::grammar::OperandKind as K;
    Some(match kind {
        K::GroupOperation => DrOperand::GroupOperation(spirv::GroupOperation::from_u32(w)?),
        K::StorageClass => DrOperand::StorageClass(spirv::StorageClass::from_u32(w)?),
        K::MemoryAccess => DrOperand::MemoryAccess(spirv::MemoryAccess::from_bits(w)?),
        K::PackedVectorFormat => {
            DrOperand::PackedVectorFormat(spirv::PackedVectorFormat::from_u32(w)?)
        }
        K::CooperativeMatrixOperands => {
            DrOperand::CooperativeMatrixOperands(spirv::CooperativeMatrixOperands::from_bits(w)?)
        }
        K::TensorAddressingOperands => {
            DrOperand::TensorAddressingOperands(spirv::TensorAddressingOperands::from_bits(w)?)
        }
        _ => return None,
    })
}

/// Types in use: every type reached, small scalars as values (arithmetic) and in storage.
#[derive(Default)]
struct TypeWalk {
    seen: BTreeSet<TypeId>,
    arithmetic: BTreeSet<(u32, ScalarKind)>,
    storage: BTreeSet<(StorageClass, u32, ScalarKind)>,
    /// Types already walked by [`TypeWalk::value`] (an unrolled kernel uses a few types in
    /// tens of thousands of ops).
    valued: HashSet<TypeId>,
}

/// What a small (8- or 16-bit) scalar is, for the capabilities it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum ScalarKind {
    Integer,
    /// IEEE 754 binary16.
    Float,
    /// `SPV_KHR_bfloat16`.
    BFloat16,
}

impl ScalarKind {
    fn name(self) -> &'static str {
        match self {
            ScalarKind::Integer => "integer",
            ScalarKind::Float => "float",
            ScalarKind::BFloat16 => "bfloat16",
        }
    }
}

impl TypeWalk {
    fn visit(&mut self, m: &Module, t: TypeId) {
        if !self.seen.insert(t) {
            return;
        }
        match &m.types[t] {
            Type::Vector { component: c, .. }
            | Type::Matrix { column: c, .. }
            | Type::Array { element: c, .. }
            | Type::RuntimeArray { element: c, .. }
            | Type::SpecArray { element: c, .. }
            | Type::Image {
                sampled_type: c, ..
            }
            | Type::SampledImage { image: c } => self.visit(m, *c),
            Type::Struct(s) => {
                for mem in &s.members {
                    self.visit(m, mem.ty);
                }
            }
            Type::Pointer {
                pointee,
                storage_class,
                ..
            } => {
                self.visit(m, *pointee);
                let mut scalars = BTreeSet::new();
                small_scalars(m, *pointee, &mut scalars);
                for (w, kind) in scalars {
                    self.storage.insert((*storage_class, w, kind));
                }
            }
            Type::Function { result, params } => {
                self.visit(m, *result);
                for p in params {
                    self.visit(m, *p);
                }
            }
            Type::CooperativeMatrix { component, .. } => {
                self.visit(m, *component);
                self.value(m, *component);
            }
            _ => {}
        }
    }

    fn pointer(&mut self, m: &Module, t: TypeId) {
        self.visit(m, t);
    }

    /// A type used as a value by an op that computes with it.
    fn value(&mut self, m: &Module, t: TypeId) {
        if !self.valued.insert(t) {
            return;
        }
        self.visit(m, t);
        if matches!(m.types[t], Type::Pointer { .. }) {
            return;
        }
        let mut scalars = BTreeSet::new();
        small_scalars(m, t, &mut scalars);
        self.arithmetic.extend(scalars);
    }
}

fn small_scalars(m: &Module, t: TypeId, out: &mut BTreeSet<(u32, ScalarKind)>) {
    match &m.types[t] {
        Type::Int { width, .. } if *width < 32 => {
            out.insert((*width, ScalarKind::Integer));
        }
        Type::Float { width, encoding } if *width < 32 => {
            let kind = match encoding {
                None => ScalarKind::Float,
                Some(_) => ScalarKind::BFloat16,
            };
            out.insert((*width, kind));
        }
        Type::Vector { component: c, .. }
        | Type::Matrix { column: c, .. }
        | Type::Array { element: c, .. }
        | Type::RuntimeArray { element: c, .. }
        | Type::SpecArray { element: c, .. } => small_scalars(m, *c, out),
        Type::CooperativeMatrix { component, .. } => small_scalars(m, *component, out),
        Type::Struct(s) => {
            for mem in &s.members {
                small_scalars(m, mem.ty, out);
            }
        }
        _ => {}
    }
}

/// Whether `c` is or holds an `OpConstantCompositeReplicateEXT`.
fn has_replicate(c: &ConstantValue) -> bool {
    match c {
        ConstantValue::Replicate(_) => true,
        ConstantValue::Composite(parts) => parts.iter().any(has_replicate),
        _ => false,
    }
}
