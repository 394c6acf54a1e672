//! Serializer: [`Module`] -> SPIR-V words.
//!
//! One buffer per logical-layout section (capabilities, extensions, ext-inst imports, memory
//! model, entry points, execution modes, debug names, annotations, types / constants / globals,
//! functions), concatenated behind the header (magic, version, generator, bound, 0) at the end.
//! Types are emitted on first use after their dependencies; constants (localized in functions in
//! the IR) are uniqued per (type, value) at module scope, and so are `Undef`s per type;
//! `Scope` / `MemorySemantics` operands become 32-bit constants; decorations come from types (`ArrayStride`, `Offset`, `Block`), globals
//! (`DescriptorSet`, `Binding`, `BuiltIn`) and ops. Structured ops become
//! `OpSelectionMerge` / `OpLoopMerge` on their header blocks; block arguments become `OpPhi`s
//! whose incoming labels are the SPIR-V blocks the branches really sit in; function-storage
//! `OpVariable`s are hoisted to the start of the entry block (each with its `OpLine`, and an
//! `OpNoLine` after them when the last one has a position). From SPIR-V 1.4 on the
//! `OpEntryPoint` interface lists every global the entry point (and its callees) uses. A
//! constant or undef used by several functions gets its `OpName` once.
//!
//! Structural misuse (a region without its merge block, a branch to a block of another
//! function) is reported as an error, not a panic.

use crate::syntax::*;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use spirv::Op;
use std::collections::BTreeSet;
use thiserror::Error;

/// The generator word: tool id 0 (unregistered), version 1.
pub const GENERATOR: u32 = 0x0000_0001;

#[derive(Debug, Error, PartialEq)]
pub enum SerializeError {
    #[error("function `{function}`: {message}")]
    Structure { function: String, message: String },
    #[error("unknown opcode {0:?} in the SPIR-V grammar")]
    UnknownOpcode(Op),
    #[error("constant {value:?} does not fit type {ty:?}")]
    BadConstant { ty: Type, value: ConstantValue },
    #[error("dangling handle: {0}")]
    Dangling(String),
    /// The module still carries ABI attributes (`spirv.entry_point_abi`,
    /// `spirv.interface_var_abi`), which have no binary form.
    #[error("the module still has ABI attributes: lower them first (entry points, bindings)")]
    AbiAttributes,
}

/// Options for [`serialize_with`].
#[derive(Clone, Debug)]
pub struct SerializeOptions {
    /// Emit `OpName` for named functions, globals and values.
    pub emit_names: bool,
}

impl Default for SerializeOptions {
    fn default() -> Self {
        SerializeOptions { emit_names: true }
    }
}

/// Serializes `module` with names.
pub fn serialize(module: &Module) -> Result<Vec<u32>, SerializeError> {
    serialize_with(module, &SerializeOptions::default())
}

pub fn serialize_with(
    module: &Module,
    options: &SerializeOptions,
) -> Result<Vec<u32>, SerializeError> {
    if !module.abi.is_empty() {
        return Err(SerializeError::AbiAttributes);
    }
    let mut s = Serializer::new(module, options.clone());
    s.run()?;
    Ok(s.finish())
}

/// Appends one instruction.
pub(crate) fn inst(out: &mut Vec<u32>, op: Op, operands: &[u32]) {
    out.push(((operands.len() as u32 + 1) << 16) | op as u32);
    out.extend_from_slice(operands);
}

/// Encodes a literal string (nul-terminated, little-endian words).
/// The type of the one constituent of a replicated composite of type `t`.
pub(crate) fn replicated_type(t: &Type) -> Option<TypeId> {
    match t {
        Type::Vector { component, .. } => Some(*component),
        Type::Matrix { column, .. } => Some(*column),
        Type::Array { element, .. } => Some(*element),
        Type::CooperativeMatrix { component, .. } => Some(*component),
        _ => None,
    }
}

pub(crate) fn string_words(s: &str) -> Vec<u32> {
    let mut bytes = s.as_bytes().to_vec();
    bytes.push(0);
    while !bytes.len().is_multiple_of(4) {
        bytes.push(0);
    }
    bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[derive(Default)]
struct Sections {
    capabilities: Vec<u32>,
    extensions: Vec<u32>,
    ext_imports: Vec<u32>,
    memory_model: Vec<u32>,
    entry_points: Vec<u32>,
    execution_modes: Vec<u32>,
    /// `OpString`s (7a, first: the others name them).
    debug_strings: Vec<u32>,
    /// `OpSourceExtension`, `OpSource`, `OpSourceContinued` (7a).
    debug_sources: Vec<u32>,
    names: Vec<u32>,
    /// `OpModuleProcessed` (7c).
    module_processed: Vec<u32>,
    annotations: Vec<u32>,
    globals: Vec<u32>,
    functions: Vec<u32>,
}

struct Serializer<'a> {
    m: &'a Module,
    /// The module's types plus those the serializer needs (u32 for scopes, void for calls).
    types: crate::arena::UniqueArena<Type>,
    options: SerializeOptions,
    next_id: u32,
    sec: Sections,
    type_ids: HashMap<TypeId, u32>,
    constant_ids: HashMap<(TypeId, ConstantValue), u32>,
    global_ids: Vec<u32>,
    spec_ids: Vec<u32>,
    function_ids: Vec<u32>,
    ext_sets: HashMap<ExtInstSet, u32>,
    /// Ids that have an `OpName` already.
    named_ids: HashSet<u32>,
    /// Module-scope `OpUndef` per type (undefs are uniqued like constants).
    undef_ids: HashMap<TypeId, u32>,
    /// The first `OpString` of each content.
    string_ids: HashMap<String, u32>,
    /// The ids of the module's non-semantic instructions (allocated before any is written:
    /// they may name each other in any order).
    non_semantic_ids: Vec<u32>,
    /// Pointer types whose pointee is being emitted: met again, they are forward declared.
    pointers_in_progress: Vec<TypeId>,
    /// Pointer types declared by `OpTypeForwardPointer`, with the id their `OpTypePointer` takes.
    forward_pointer_ids: HashMap<TypeId, u32>,
}

impl<'a> Serializer<'a> {
    fn new(m: &'a Module, options: SerializeOptions) -> Self {
        Serializer {
            m,
            types: m.types.clone(),
            options,
            next_id: 1,
            sec: Sections::default(),
            type_ids: HashMap::default(),
            constant_ids: HashMap::default(),
            global_ids: Vec::new(),
            spec_ids: Vec::new(),
            function_ids: Vec::new(),
            ext_sets: HashMap::default(),
            named_ids: HashSet::default(),
            undef_ids: HashMap::default(),
            string_ids: HashMap::default(),
            pointers_in_progress: Vec::new(),
            non_semantic_ids: Vec::new(),
            forward_pointer_ids: HashMap::default(),
        }
    }

    fn undef_id(&mut self, ty: TypeId) -> Result<u32, SerializeError> {
        if let Some(&id) = self.undef_ids.get(&ty) {
            return Ok(id);
        }
        let tid = self.type_id(ty)?;
        let id = self.fresh();
        inst(&mut self.sec.globals, Op::Undef, &[tid, id]);
        self.undef_ids.insert(ty, id);
        Ok(id)
    }

    /// The id of what a non-semantic operand names.
    fn non_semantic_operand(&mut self, x: &NonSemanticOperand) -> Result<u32, SerializeError> {
        let dangling = |what: String| SerializeError::Dangling(what);
        Ok(match x {
            NonSemanticOperand::Literal(w) => *w,
            NonSemanticOperand::Undef(t) => self.undef_id(*t)?,
            NonSemanticOperand::Inst(i) => *self
                .non_semantic_ids
                .get(*i as usize)
                .ok_or_else(|| dangling(format!("non-semantic instruction #{i}")))?,
            NonSemanticOperand::String(st) => self.string_id(st),
            NonSemanticOperand::Constant(ty, c) => self.constant_id(*ty, c)?,
            NonSemanticOperand::Type(t) => self.type_id(*t)?,
            NonSemanticOperand::Function(f) => *self
                .function_ids
                .get(f.index())
                .ok_or_else(|| dangling(format!("function {f:?}")))?,
            NonSemanticOperand::GlobalVariable(g) => *self
                .global_ids
                .get(g.index())
                .ok_or_else(|| dangling(format!("global variable {g:?}")))?,
            NonSemanticOperand::SpecConstant(sc) => *self
                .spec_ids
                .get(sc.index())
                .ok_or_else(|| dangling(format!("spec constant {sc:?}")))?,
        })
    }

    /// The module-scope non-semantic instructions, after the global variables.
    fn non_semantic(&mut self) -> Result<(), SerializeError> {
        let m = self.m;
        if m.non_semantic.is_empty() {
            return Ok(());
        }
        self.non_semantic_ids = (0..m.non_semantic.len()).map(|_| self.fresh()).collect();
        let void = self.types.intern(Type::Void);
        let void = self.type_id(void)?;
        for (i, ns) in m.non_semantic.iter().enumerate() {
            let set = self.ext_set(&ns.set);
            let mut w = vec![void, self.non_semantic_ids[i], set, ns.instruction];
            for x in &ns.operands {
                w.push(self.non_semantic_operand(x)?);
            }
            inst(&mut self.sec.globals, Op::ExtInst, &w);
        }
        Ok(())
    }

    /// The id of an `OpString` holding `s` (a new one when there is none).
    fn string_id(&mut self, s: &str) -> u32 {
        if let Some(&id) = self.string_ids.get(s) {
            return id;
        }
        self.new_string(s)
    }

    fn new_string(&mut self, s: &str) -> u32 {
        let id = self.fresh();
        let mut w = vec![id];
        w.extend(string_words(s));
        inst(&mut self.sec.debug_strings, Op::String, &w);
        self.string_ids.entry(s.to_string()).or_insert(id);
        id
    }

    /// The module's debug instructions: strings, source extensions, sources (long texts
    /// continued in `OpSourceContinued`s), processing notes.
    fn debug_info(&mut self) {
        let m = self.m;
        let debug = &m.debug;
        for s in &debug.strings {
            self.new_string(s);
        }
        for e in &debug.source_extensions {
            inst(
                &mut self.sec.debug_sources,
                Op::SourceExtension,
                &string_words(e),
            );
        }
        for source in &debug.sources {
            let mut w = vec![source.language as u32, source.version];
            let file = source.file.as_ref().map(|f| self.string_id(f));
            // The parts as the producer split them, each split further where it is over the
            // limit of one instruction (65535 words: the header word, the operands before the
            // text and its terminating nul).
            let mut rest: Vec<&str> = Vec::new();
            if let Some(text) = &source.text {
                let parts = std::iter::once(text).chain(&source.continued);
                for (i, part) in parts.enumerate() {
                    let operand_words = if i == 0 { 3 } else { 0 };
                    let chunk = 4 * (0xffff - 1 - operand_words) - 1;
                    let mut t = part.as_str();
                    while t.len() > chunk {
                        let mut cut = chunk;
                        while !t.is_char_boundary(cut) {
                            cut -= 1;
                        }
                        rest.push(&t[..cut]);
                        t = &t[cut..];
                    }
                    rest.push(t);
                }
            }
            match (file, rest.split_first()) {
                (Some(file), Some((first, more))) => {
                    w.push(file);
                    w.extend(string_words(first));
                    inst(&mut self.sec.debug_sources, Op::Source, &w);
                    for m in more {
                        inst(
                            &mut self.sec.debug_sources,
                            Op::SourceContinued,
                            &string_words(m),
                        );
                    }
                }
                (Some(file), None) => {
                    w.push(file);
                    inst(&mut self.sec.debug_sources, Op::Source, &w);
                }
                // A text needs a file operand before it; without one only the version stays.
                (None, _) => inst(&mut self.sec.debug_sources, Op::Source, &w),
            }
        }
        for p in &debug.module_processed {
            inst(
                &mut self.sec.module_processed,
                Op::ModuleProcessed,
                &string_words(p),
            );
        }
    }

    fn fresh(&mut self) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    fn name(&mut self, id: u32, name: &Option<String>) {
        // A uniqued constant or undef used by several functions is named once.
        if let (true, Some(n)) = (self.options.emit_names, name) {
            if !self.named_ids.insert(id) {
                return;
            }
            let mut ops = vec![id];
            ops.extend(string_words(n));
            inst(&mut self.sec.names, Op::Name, &ops);
        }
    }

    fn ty_of(&self, ty: TypeId) -> Result<Type, SerializeError> {
        self.types
            .get(ty)
            .cloned()
            .ok_or_else(|| SerializeError::Dangling(format!("type {ty:?}")))
    }

    fn type_id(&mut self, ty: TypeId) -> Result<u32, SerializeError> {
        if let Some(&id) = self.type_ids.get(&ty) {
            return Ok(id);
        }
        if let Some(&id) = self.forward_pointer_ids.get(&ty) {
            return Ok(id);
        }
        let t = self.ty_of(ty)?;
        if self.pointers_in_progress.contains(&ty) {
            // A type that contains itself through this pointer (a linked list of buffer
            // references): declare the pointer before its pointee.
            let Type::Pointer { storage_class, .. } = t else {
                unreachable!("only pointers are in progress")
            };
            let id = self.fresh();
            inst(
                &mut self.sec.globals,
                Op::TypeForwardPointer,
                &[id, storage_class as u32],
            );
            self.forward_pointer_ids.insert(ty, id);
            return Ok(id);
        }
        let mut ops = Vec::new();
        let opcode = match &t {
            Type::Void => Op::TypeVoid,
            Type::Bool => Op::TypeBool,
            Type::Int { width, signed } => {
                ops = vec![*width, u32::from(*signed)];
                Op::TypeInt
            }
            Type::Float { width, encoding } => {
                ops = vec![*width];
                ops.extend(encoding.map(|e| e as u32));
                Op::TypeFloat
            }
            Type::Vector { component, count } => {
                ops = vec![self.type_id(*component)?, *count];
                Op::TypeVector
            }
            Type::Matrix { column, columns } => {
                ops = vec![self.type_id(*column)?, *columns];
                Op::TypeMatrix
            }
            Type::Array {
                element, length, ..
            } => {
                let e = self.type_id(*element)?;
                let len = self.constant_u32(*length)?;
                ops = vec![e, len];
                Op::TypeArray
            }
            Type::RuntimeArray { element, .. } => {
                ops = vec![self.type_id(*element)?];
                Op::TypeRuntimeArray
            }
            Type::SpecArray {
                element, length, ..
            } => {
                let e = self.type_id(*element)?;
                let len = *self.spec_ids.get(length.index()).ok_or_else(|| {
                    SerializeError::Dangling(format!(
                        "array length spec constant {length:?} used before its declaration"
                    ))
                })?;
                ops = vec![e, len];
                Op::TypeArray
            }
            Type::Struct(s) => {
                for member in &s.members {
                    ops.push(self.type_id(member.ty)?);
                }
                Op::TypeStruct
            }
            Type::Pointer {
                pointee,
                storage_class,
                ..
            } => {
                self.pointers_in_progress.push(ty);
                let pointee = self.type_id(*pointee);
                self.pointers_in_progress.pop();
                ops = vec![*storage_class as u32, pointee?];
                Op::TypePointer
            }
            Type::Function { result, params } => {
                ops.push(self.type_id(*result)?);
                for p in params {
                    ops.push(self.type_id(*p)?);
                }
                Op::TypeFunction
            }
            Type::CooperativeMatrix {
                component,
                scope,
                rows,
                columns,
                usage,
            } => {
                ops = vec![
                    self.type_id(*component)?,
                    self.constant_u32(*scope as u32)?,
                    self.constant_u32(*rows)?,
                    self.constant_u32(*columns)?,
                    self.constant_u32(*usage as u32)?,
                ];
                Op::TypeCooperativeMatrixKHR
            }
            Type::TensorLayout { dim, clamp_mode } => {
                ops = vec![
                    self.constant_u32(*dim)?,
                    self.constant_u32(*clamp_mode as u32)?,
                ];
                Op::TypeTensorLayoutNV
            }
            Type::Image {
                sampled_type,
                dim,
                depth,
                arrayed,
                multisampled,
                sampled,
                format,
                access,
            } => {
                ops = vec![
                    self.type_id(*sampled_type)?,
                    *dim as u32,
                    *depth,
                    u32::from(*arrayed),
                    u32::from(*multisampled),
                    *sampled,
                    *format as u32,
                ];
                ops.extend(access.map(|a| a as u32));
                Op::TypeImage
            }
            Type::Sampler => Op::TypeSampler,
            Type::SampledImage { image } => {
                ops = vec![self.type_id(*image)?];
                Op::TypeSampledImage
            }
        };
        let id = match self.forward_pointer_ids.get(&ty) {
            Some(&id) => id,
            None => self.fresh(),
        };
        let mut all = vec![id];
        all.extend(ops);
        inst(&mut self.sec.globals, opcode, &all);
        self.type_ids.insert(ty, id);
        // Layout decorations live in the type.
        match &t {
            Type::Array {
                stride: Some(s), ..
            }
            | Type::RuntimeArray {
                stride: Some(s), ..
            }
            | Type::SpecArray {
                stride: Some(s), ..
            }
            | Type::Pointer {
                stride: Some(s), ..
            } => {
                inst(
                    &mut self.sec.annotations,
                    Op::Decorate,
                    &[id, spirv::Decoration::ArrayStride as u32, *s],
                );
            }
            Type::Struct(s) => {
                self.name(id, &s.name);
                for (i, member) in s.members.iter().enumerate() {
                    if let (true, Some(n)) = (self.options.emit_names, &member.name) {
                        let mut w = vec![id, i as u32];
                        w.extend(string_words(n));
                        inst(&mut self.sec.names, Op::MemberName, &w);
                    }
                }
                if s.block {
                    inst(
                        &mut self.sec.annotations,
                        Op::Decorate,
                        &[id, spirv::Decoration::Block as u32],
                    );
                }
                for d in &s.decorations {
                    self.decorate(id, None, d)?;
                }
                for (i, member) in s.members.iter().enumerate() {
                    if let Some(off) = member.offset {
                        inst(
                            &mut self.sec.annotations,
                            Op::MemberDecorate,
                            &[id, i as u32, spirv::Decoration::Offset as u32, off],
                        );
                    }
                    for d in &member.decorations {
                        self.decorate(id, Some(i as u32), d)?;
                    }
                }
            }
            _ => {}
        }
        Ok(id)
    }

    /// Writes decoration `d` of `target` (of its `member`): `OpDecorateId` for `<id>` operands,
    /// `OpDecorateString` for strings, else `OpDecorate`.
    fn decorate(
        &mut self,
        target: u32,
        member: Option<u32>,
        d: &Decoration,
    ) -> Result<(), SerializeError> {
        let mut w = vec![target];
        w.extend(member);
        w.push(d.kind as u32);
        w.extend(&d.operands);
        for s in &d.strings {
            w.extend(string_words(s));
        }
        for id in &d.ids {
            w.push(match id {
                DecorationId::Constant(ty, c) => self.constant_id(*ty, c)?,
                DecorationId::GlobalVariable(g) => {
                    *self.global_ids.get(g.index()).ok_or_else(|| {
                        SerializeError::Dangling(format!("global variable {g:?} in {:?}", d.kind))
                    })?
                }
                DecorationId::SpecConstant(sc) => {
                    *self.spec_ids.get(sc.index()).ok_or_else(|| {
                        SerializeError::Dangling(format!("spec constant {sc:?} in {:?}", d.kind))
                    })?
                }
            });
        }
        let opcode = match (member.is_some(), d.ids.is_empty(), d.strings.is_empty()) {
            (false, false, _) => Op::DecorateId,
            (false, true, false) => Op::DecorateString,
            (false, true, true) => Op::Decorate,
            (true, true, false) => Op::MemberDecorateString,
            (true, true, true) => Op::MemberDecorate,
            (true, false, _) => {
                return Err(SerializeError::Dangling(format!(
                    "member decoration {:?} with <id> operands",
                    d.kind
                )))
            }
        };
        inst(&mut self.sec.annotations, opcode, &w);
        Ok(())
    }

    fn constant_u32(&mut self, value: u32) -> Result<u32, SerializeError> {
        let ty = self.types.intern(Type::Int {
            width: 32,
            signed: false,
        });
        self.constant_id(ty, &ConstantValue::Int(u64::from(value)))
    }

    /// The literal words of a scalar constant of type `t`.
    fn scalar_words(t: &Type, bits: u64) -> Option<Vec<u32>> {
        let (width, signed) = match t {
            Type::Int { width, signed } => (*width, *signed),
            Type::Float { width, .. } => (*width, false),
            _ => return None,
        };
        Some(match width {
            64 => vec![bits as u32, (bits >> 32) as u32],
            32 => vec![bits as u32],
            8 | 16 => {
                let mask = (1u64 << width) - 1;
                let v = bits & mask;
                if signed && (v >> (width - 1)) & 1 == 1 {
                    vec![(v | !mask) as u32]
                } else {
                    vec![v as u32]
                }
            }
            _ => return None,
        })
    }

    fn constant_id(&mut self, ty: TypeId, value: &ConstantValue) -> Result<u32, SerializeError> {
        let key = (ty, value.clone());
        if let Some(&id) = self.constant_ids.get(&key) {
            return Ok(id);
        }
        let t = &self.ty_of(ty)?;
        let tid = self.type_id(ty)?;
        let bad = || SerializeError::BadConstant {
            ty: t.clone(),
            value: value.clone(),
        };
        let (opcode, operands) = match value {
            ConstantValue::Bool(b) if *t == Type::Bool => (
                if *b {
                    Op::ConstantTrue
                } else {
                    Op::ConstantFalse
                },
                vec![],
            ),
            ConstantValue::Int(bits) if matches!(t, Type::Int { .. }) => {
                (Op::Constant, Self::scalar_words(t, *bits).ok_or_else(bad)?)
            }
            ConstantValue::Float(bits) if matches!(t, Type::Float { .. }) => {
                (Op::Constant, Self::scalar_words(t, *bits).ok_or_else(bad)?)
            }
            ConstantValue::Null => (Op::ConstantNull, vec![]),
            ConstantValue::Composite(parts) => {
                let part_types: Vec<TypeId> = match t {
                    Type::Vector { component, count } if *count as usize == parts.len() => {
                        vec![*component; parts.len()]
                    }
                    Type::Matrix { column, columns } if *columns as usize == parts.len() => {
                        vec![*column; parts.len()]
                    }
                    Type::Array {
                        element, length, ..
                    } if *length as usize == parts.len() => {
                        vec![*element; parts.len()]
                    }
                    Type::Struct(s) if s.members.len() == parts.len() => {
                        s.members.iter().map(|m| m.ty).collect()
                    }
                    Type::CooperativeMatrix { component, .. } if parts.len() == 1 => {
                        vec![*component]
                    }
                    _ => return Err(bad()),
                };
                let mut ids = Vec::new();
                for (pt, pv) in part_types.iter().zip(parts) {
                    ids.push(self.constant_id(*pt, pv)?);
                }
                (Op::ConstantComposite, ids)
            }
            ConstantValue::Replicate(part) => {
                let part_type = replicated_type(t).ok_or_else(bad)?;
                (
                    Op::ConstantCompositeReplicateEXT,
                    vec![self.constant_id(part_type, part)?],
                )
            }
            _ => return Err(bad()),
        };
        let id = self.fresh();
        let mut all = vec![tid, id];
        all.extend(operands);
        inst(&mut self.sec.globals, opcode, &all);
        self.constant_ids.insert(key, id);
        Ok(id)
    }

    fn ext_set(&mut self, set: &ExtInstSet) -> u32 {
        if let Some(&id) = self.ext_sets.get(set) {
            return id;
        }
        let id = self.fresh();
        let mut ops = vec![id];
        ops.extend(string_words(set.name()));
        inst(&mut self.sec.ext_imports, Op::ExtInstImport, &ops);
        self.ext_sets.insert(set.clone(), id);
        id
    }

    fn run(&mut self) -> Result<(), SerializeError> {
        let m = self.m;
        for &cap in &m.capabilities {
            inst(&mut self.sec.capabilities, Op::Capability, &[cap as u32]);
        }
        for ext in &m.extensions {
            inst(&mut self.sec.extensions, Op::Extension, &string_words(ext));
        }
        for set in &m.ext_inst_imports {
            self.ext_set(set);
        }
        inst(
            &mut self.sec.memory_model,
            Op::MemoryModel,
            &[m.addressing_model as u32, m.memory_model as u32],
        );
        self.debug_info();

        // Ids of module-scope entities first: functions may reference any of them.
        for _ in m.functions.iter() {
            let id = self.fresh();
            self.function_ids.push(id);
        }
        for (_, sc) in m.spec_constants.iter() {
            let tid = self.type_id(sc.ty)?;
            let t = &self.ty_of(sc.ty)?;
            let id = self.fresh();
            let composite_words = match &sc.composite {
                Some(parts) if sc.replicate => {
                    let (Some(part_type), [part]) = (replicated_type(t), parts.as_slice()) else {
                        return Err(SerializeError::Dangling(format!(
                            "replicated spec constant composite {:?}: {} constituents for type {t:?}",
                            sc.name,
                            parts.len()
                        )));
                    };
                    Some(vec![match part {
                        SpecConstituent::Spec(s) => {
                            *self.spec_ids.get(s.index()).ok_or_else(|| {
                                SerializeError::Dangling(format!(
                                    "spec constant {s:?} used before its declaration"
                                ))
                            })?
                        }
                        SpecConstituent::Constant(c) => self.constant_id(part_type, c)?,
                    }])
                }
                Some(parts) => {
                    let part_types: Vec<TypeId> = match t {
                        Type::Vector { component, .. } => vec![*component; parts.len()],
                        Type::Matrix { column, .. } => vec![*column; parts.len()],
                        Type::Array { element, .. } => vec![*element; parts.len()],
                        Type::Struct(st) => st.members.iter().map(|mem| mem.ty).collect(),
                        _ => vec![],
                    };
                    if part_types.len() != parts.len() {
                        return Err(SerializeError::Dangling(format!(
                            "spec constant composite {:?}: {} constituents for type {t:?}",
                            sc.name,
                            parts.len()
                        )));
                    }
                    let mut w = Vec::new();
                    for (p, pt) in parts.iter().zip(part_types) {
                        w.push(match p {
                            SpecConstituent::Spec(s) => {
                                *self.spec_ids.get(s.index()).ok_or_else(|| {
                                    SerializeError::Dangling(format!(
                                        "spec constant {s:?} used before its declaration"
                                    ))
                                })?
                            }
                            SpecConstituent::Constant(c) => self.constant_id(pt, c)?,
                        });
                    }
                    Some(w)
                }
                None => None,
            };
            let operation_words = match &sc.operation {
                Some(op) => {
                    let mut w = vec![op.opcode as u32];
                    for o in &op.operands {
                        w.push(match o {
                            SpecOperand::Literal(x) => *x,
                            SpecOperand::Constant(ty, c) => self.constant_id(*ty, c)?,
                            SpecOperand::Spec(s) => {
                                *self.spec_ids.get(s.index()).ok_or_else(|| {
                                    SerializeError::Dangling(format!(
                                        "spec constant {s:?} used before its declaration"
                                    ))
                                })?
                            }
                        });
                    }
                    Some(w)
                }
                None => None,
            };
            let (opcode, words) = match (&sc.default, t) {
                _ if operation_words.is_some() => {
                    (Op::SpecConstantOp, operation_words.unwrap_or_default())
                }
                _ if composite_words.is_some() && sc.replicate => (
                    Op::SpecConstantCompositeReplicateEXT,
                    composite_words.clone().unwrap_or_default(),
                ),
                _ if composite_words.is_some() => (
                    Op::SpecConstantComposite,
                    composite_words.clone().unwrap_or_default(),
                ),
                (ConstantValue::Bool(true), Type::Bool) => (Op::SpecConstantTrue, vec![]),
                (ConstantValue::Bool(false), Type::Bool) => (Op::SpecConstantFalse, vec![]),
                (ConstantValue::Int(b) | ConstantValue::Float(b), _) => (
                    Op::SpecConstant,
                    Self::scalar_words(t, *b).ok_or_else(|| SerializeError::BadConstant {
                        ty: t.clone(),
                        value: sc.default.clone(),
                    })?,
                ),
                _ => {
                    return Err(SerializeError::BadConstant {
                        ty: t.clone(),
                        value: sc.default.clone(),
                    })
                }
            };
            let mut all = vec![tid, id];
            all.extend(words);
            inst(&mut self.sec.globals, opcode, &all);
            if let Some(spec_id) = sc.spec_id {
                inst(
                    &mut self.sec.annotations,
                    Op::Decorate,
                    &[id, spirv::Decoration::SpecId as u32, spec_id],
                );
            }
            if let Some(b) = sc.builtin {
                inst(
                    &mut self.sec.annotations,
                    Op::Decorate,
                    &[id, spirv::Decoration::BuiltIn as u32, b as u32],
                );
            }
            self.name(id, &sc.name);
            self.spec_ids.push(id);
        }
        for (_, gv) in m.global_variables.iter() {
            let tid = self.type_id(gv.ty)?;
            let init = match (&gv.initializer, &self.ty_of(gv.ty)?) {
                (Some(v), Type::Pointer { pointee, .. }) => Some(self.constant_id(*pointee, v)?),
                _ => None,
            };
            let id = self.fresh();
            let mut w = vec![tid, id, gv.storage_class as u32];
            w.extend(init);
            // A position covers its variable alone: the types and constants emitted around it
            // (on first use) must not fall under it.
            if let Some(l) = &gv.location {
                let file = self.string_id(&l.file);
                inst(&mut self.sec.globals, Op::Line, &[file, l.line, l.column]);
            }
            inst(&mut self.sec.globals, Op::Variable, &w);
            if gv.location.is_some() {
                inst(&mut self.sec.globals, Op::NoLine, &[]);
            }
            let a = &mut self.sec.annotations;
            if let Some(set) = gv.descriptor_set {
                inst(
                    a,
                    Op::Decorate,
                    &[id, spirv::Decoration::DescriptorSet as u32, set],
                );
            }
            if let Some(b) = gv.binding {
                inst(a, Op::Decorate, &[id, spirv::Decoration::Binding as u32, b]);
            }
            if let Some(bi) = gv.builtin {
                inst(
                    a,
                    Op::Decorate,
                    &[id, spirv::Decoration::BuiltIn as u32, bi as u32],
                );
            }
            self.name(id, &gv.name);
            self.global_ids.push(id);
        }
        // After every global has its id: `<id>` operands may name globals declared later.
        for (g, gv) in m.global_variables.iter() {
            for d in &gv.decorations {
                self.decorate(self.global_ids[g.index()], None, d)?;
            }
        }

        self.non_semantic()?;
        for (t, name) in &m.type_names {
            let id = self.type_id(*t)?;
            self.name(id, &Some(name.clone()));
        }
        for (fid, _) in m.functions.iter() {
            self.function(fid)?;
        }

        for ep in &m.entry_points {
            let fid = *self.function_ids.get(ep.function.index()).ok_or_else(|| {
                SerializeError::Dangling(format!("entry point function {:?}", ep.function))
            })?;
            // Before SPIR-V 1.4 the interface holds only Input / Output variables; from 1.4 on
            // every global the entry point uses.
            // The listed interface keeps its order (a round trip reproduces it), the used
            // globals it misses follow.
            let mut interface: Vec<GlobalVarId> = Vec::new();
            for g in ep
                .interface
                .iter()
                .copied()
                .chain(used_globals(m, ep.function))
            {
                if !interface.contains(&g) {
                    interface.push(g);
                }
            }
            interface.retain(|&g| {
                m.global_variables.get(g).is_some_and(|v| {
                    m.version >= Version::V1_4
                        || matches!(
                            v.storage_class,
                            spirv::StorageClass::Input | spirv::StorageClass::Output
                        )
                })
            });
            let mut w = vec![ep.execution_model as u32, fid];
            w.extend(string_words(&ep.name));
            for g in interface {
                w.push(self.global_ids[g.index()]);
            }
            inst(&mut self.sec.entry_points, Op::EntryPoint, &w);
        }
        for em in &m.execution_modes {
            let fid = *self.function_ids.get(em.function.index()).ok_or_else(|| {
                SerializeError::Dangling(format!("execution mode function {:?}", em.function))
            })?;
            let uses_ids = em
                .operands
                .iter()
                .any(|o| !matches!(o, ModeOperand::Literal(_)));
            let mut w = vec![fid, em.mode as u32];
            for o in &em.operands {
                w.push(match o {
                    ModeOperand::Literal(v) => *v,
                    ModeOperand::ConstantU32(v) => self.constant_u32(*v)?,
                    ModeOperand::SpecConstant(s) => *self
                        .spec_ids
                        .get(s.index())
                        .ok_or_else(|| SerializeError::Dangling(format!("spec constant {s:?}")))?,
                });
            }
            let opcode = if uses_ids {
                Op::ExecutionModeId
            } else {
                Op::ExecutionMode
            };
            inst(&mut self.sec.execution_modes, opcode, &w);
        }
        Ok(())
    }

    fn finish(self) -> Vec<u32> {
        let s = self.sec;
        let mut out = vec![
            spirv::MAGIC_NUMBER,
            self.m.version.word(),
            GENERATOR,
            self.next_id,
            0,
        ];
        for part in [
            s.capabilities,
            s.extensions,
            s.ext_imports,
            s.memory_model,
            s.entry_points,
            s.execution_modes,
            s.debug_strings,
            s.debug_sources,
            s.names,
            s.module_processed,
            s.annotations,
            s.globals,
            s.functions,
        ] {
            out.extend(part);
        }
        out
    }

    fn function(&mut self, fid: FunctionId) -> Result<(), SerializeError> {
        let f = &self.m.functions[fid];
        let id = self.function_ids[fid.index()];
        let param_types: Vec<TypeId> = f.params.iter().map(|&p| f.values[p].ty).collect();
        let fn_ty = self.types.intern(Type::Function {
            result: f.result_type,
            params: param_types,
        });
        let fn_ty_id = self.type_id(fn_ty)?;
        let rt = self.type_id(f.result_type)?;
        let mut fe = FunctionEmitter {
            f,
            name: &f.name,
            value_ids: vec![0; f.values.len()],
            label_ids: vec![0; f.blocks.len()],
            blocks: Vec::new(),
            incoming: HashMap::default(),
            variables: Vec::new(),
            variables_location: None,
        };
        let mut header = Vec::new();
        if let Some(l) = &f.location {
            let file = self.string_id(&l.file);
            inst(&mut header, Op::Line, &[file, l.line, l.column]);
        }
        inst(
            &mut header,
            Op::Function,
            &[rt, id, f.control.bits(), fn_ty_id],
        );
        self.name(id, &Some(f.name.clone()));
        for d in &f.decorations {
            self.decorate(id, None, d)?;
        }
        for (index, &p) in f.params.iter().enumerate() {
            let pid = fe.value_id(self, p)?;
            let pt = self.type_id(f.values[p].ty)?;
            inst(&mut header, Op::FunctionParameter, &[pt, pid]);
            for (_, d) in f
                .param_decorations
                .iter()
                .filter(|(i, _)| *i as usize == index)
            {
                self.decorate(pid, None, d)?;
            }
        }
        if !f.prologue.is_empty() {
            // Emitted into a block of their own, whose words go after the parameters.
            fe.blocks.push(SpvBlock {
                label: 0,
                ir_block: None,
                body: Vec::new(),
                location: None,
            });
            for &op in &f.prologue {
                let o = f
                    .ops
                    .get(op)
                    .ok_or_else(|| fe.err(format!("prologue op {op:?} does not exist")))?;
                fe.emit_op(self, o)?;
            }
            if let Some(b) = fe.blocks.pop() {
                header.extend(b.body);
            }
        }
        let body = f
            .regions
            .get(f.body)
            .ok_or_else(|| fe.err("missing body region"))?;
        if body.blocks.is_empty() {
            return Err(fe.err("empty body"));
        }
        for &b in &body.blocks {
            fe.start_block(self, b)?;
            fe.emit_block_ops(self, b, None)?;
        }
        // Names of values.
        for (v, val) in f.values.iter() {
            if val.name.is_some() && fe.value_ids[v.index()] != 0 {
                let id = fe.value_ids[v.index()];
                self.name(id, &val.name);
            }
        }
        let mut out = header;
        let mut vars = std::mem::take(&mut fe.variables);
        if fe.variables_location.is_some() {
            // The variables' last position must not reach the entry block's instructions.
            inst(&mut vars, Op::NoLine, &[]);
        }
        let blocks = std::mem::take(&mut fe.blocks);
        for (i, block) in blocks.iter().enumerate() {
            inst(&mut out, Op::Label, &[block.label]);
            if i == 0 {
                out.extend(&vars);
            }
            if let Some(b) = block.ir_block {
                if let Some(l) = &f.blocks[b].location {
                    let file = self.string_id(&l.file);
                    inst(&mut out, Op::Line, &[file, l.line, l.column]);
                }
                let args = f.blocks[b].args.clone();
                for (ai, &arg) in args.iter().enumerate() {
                    let aid = fe.value_id(self, arg)?;
                    let at = self.type_id(f.values[arg].ty)?;
                    let mut w = vec![at, aid];
                    if let Some(inc) = fe.incoming.get(&b) {
                        for (vals, pred) in inc {
                            w.push(vals[ai]);
                            w.push(*pred);
                        }
                    }
                    inst(&mut out, Op::Phi, &w);
                }
            }
            out.extend(&block.body);
        }
        inst(&mut out, Op::FunctionEnd, &[]);
        self.sec.functions.extend(out);
        Ok(())
    }
}

/// Globals used by `function` and the functions it calls or names as an operand (the function
/// `OpCooperativeMatrixPerElementOpNV` applies runs on behalf of the caller too).
pub(crate) fn used_globals(m: &Module, function: FunctionId) -> BTreeSet<GlobalVarId> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![function];
    let mut out = BTreeSet::new();
    while let Some(fid) = stack.pop() {
        if !seen.insert(fid) {
            continue;
        }
        let Some(f) = m.functions.get(fid) else {
            continue;
        };
        for (_, op) in f.ops.iter() {
            match &op.kind {
                OpKind::AddressOf(g) if m.global_variables.contains(*g) => {
                    out.insert(*g);
                }
                kind => stack.extend(crate::verify::referenced_functions(kind)),
            }
        }
    }
    out
}

struct SpvBlock {
    label: u32,
    /// The IR block whose arguments become this block's phis.
    ir_block: Option<BlockId>,
    body: Vec<u32>,
    /// The source position the last `OpLine` / `OpNoLine` of `body` set.
    location: Option<Location>,
}

struct FunctionEmitter<'a> {
    f: &'a Function,
    name: &'a str,
    value_ids: Vec<u32>,
    label_ids: Vec<u32>,
    blocks: Vec<SpvBlock>,
    /// For each IR block: (argument ids, predecessor label) per incoming edge.
    incoming: HashMap<BlockId, Vec<(Vec<u32>, u32)>>,
    variables: Vec<u32>,
    /// The source position the last `OpLine` / `OpNoLine` of `variables` set.
    variables_location: Option<Location>,
}

impl<'a> FunctionEmitter<'a> {
    fn err(&self, message: impl Into<String>) -> SerializeError {
        SerializeError::Structure {
            function: self.name.to_string(),
            message: message.into(),
        }
    }

    fn label(&mut self, s: &mut Serializer, b: BlockId) -> Result<u32, SerializeError> {
        let slot = self
            .label_ids
            .get_mut(b.index())
            .ok_or_else(|| SerializeError::Structure {
                function: self.name.to_string(),
                message: format!("block {b:?} does not exist"),
            })?;
        if *slot == 0 {
            *slot = s.fresh();
        }
        Ok(*slot)
    }

    fn value_id(&mut self, s: &mut Serializer, v: ValueId) -> Result<u32, SerializeError> {
        let f = self.f;
        let val = f
            .values
            .get(v)
            .ok_or_else(|| self.err(format!("value {v:?} does not exist")))?;
        if self.value_ids[v.index()] != 0 {
            return Ok(self.value_ids[v.index()]);
        }
        let id = match val.def {
            ValueDef::Result { op, index } => {
                let o = f
                    .ops
                    .get(op)
                    .ok_or_else(|| self.err(format!("op {op:?} does not exist")))?;
                match &o.kind {
                    OpKind::Constant(c) => s.constant_id(val.ty, c)?,
                    OpKind::Inst {
                        opcode: Op::Undef, ..
                    } => s.undef_id(val.ty)?,
                    OpKind::AddressOf(g) => *s
                        .global_ids
                        .get(g.index())
                        .ok_or_else(|| self.err(format!("global {g:?} does not exist")))?,
                    OpKind::ReferenceOf(sc) => *s
                        .spec_ids
                        .get(sc.index())
                        .ok_or_else(|| self.err(format!("spec constant {sc:?} does not exist")))?,
                    OpKind::NonSemanticRef(x) => s.non_semantic_operand(x)?,
                    OpKind::Selection { body, .. } | OpKind::Loop { body, .. } => {
                        let merge_value = self.merge_value(*body, index as usize)?;
                        self.value_id(s, merge_value)?
                    }
                    _ => s.fresh(),
                }
            }
            _ => s.fresh(),
        };
        self.value_ids[v.index()] = id;
        Ok(id)
    }

    fn merge_value(&self, region: RegionId, index: usize) -> Result<ValueId, SerializeError> {
        let f = self.f;
        let r = f
            .regions
            .get(region)
            .ok_or_else(|| self.err("missing region"))?;
        let merge = *r
            .blocks
            .last()
            .ok_or_else(|| self.err("structured region without blocks"))?;
        let last = f
            .blocks
            .get(merge)
            .and_then(|b| b.ops.last())
            .ok_or_else(|| self.err("empty merge block"))?;
        match &f.ops[*last].kind {
            OpKind::Merge { values } => values
                .get(index)
                .copied()
                .ok_or_else(|| self.err("merge yields fewer values than the op has results")),
            _ => Err(self.err("merge block does not end in a Merge")),
        }
    }

    fn cur(&mut self) -> &mut Vec<u32> {
        &mut self.blocks.last_mut().expect("a block is open").body
    }

    /// Writes the `OpLine` (or `OpNoLine`) that gives the next instruction `location`, unless
    /// the block's last one already does.
    fn position(&mut self, s: &mut Serializer, location: &Option<Location>) {
        let block = self.blocks.last_mut().expect("a block is open");
        if block.location == *location {
            return;
        }
        match location {
            Some(l) => {
                let file = s.string_id(&l.file);
                inst(&mut block.body, Op::Line, &[file, l.line, l.column]);
            }
            None => inst(&mut block.body, Op::NoLine, &[]),
        }
        block.location = location.clone();
    }

    fn start_block(&mut self, s: &mut Serializer, b: BlockId) -> Result<(), SerializeError> {
        let label = self.label(s, b)?;
        let mut location = None;
        if let Some(block) = self.f.blocks.get(b) {
            s.name(label, &block.name);
            if block.location.is_some() && block.args.is_empty() {
                return Err(
                    self.err("a block position (an OpLine before its phis) needs block arguments")
                );
            }
            location = block.location.clone();
        }
        self.blocks.push(SpvBlock {
            label,
            ir_block: Some(b),
            body: Vec::new(),
            location,
        });
        Ok(())
    }

    fn record_edge(&mut self, s: &mut Serializer, succ: &Successor) -> Result<u32, SerializeError> {
        let label = self.label(s, succ.block)?;
        let expected = self
            .f
            .blocks
            .get(succ.block)
            .map(|b| b.args.len())
            .unwrap_or(0);
        if expected != succ.args.len() {
            return Err(self.err(format!(
                "branch to {:?} passes {} values for {} block arguments",
                succ.block,
                succ.args.len(),
                expected
            )));
        }
        let mut ids = Vec::new();
        for &a in &succ.args {
            ids.push(self.value_id(s, a)?);
        }
        let pred = self.blocks.last().expect("a block is open").label;
        if !ids.is_empty() {
            self.incoming
                .entry(succ.block)
                .or_default()
                .push((ids, pred));
        }
        Ok(label)
    }

    fn operand_words(
        &mut self,
        s: &mut Serializer,
        operands: &[Operand],
    ) -> Result<Vec<u32>, SerializeError> {
        let mut w = Vec::new();
        for o in operands {
            w.push(match o {
                Operand::Value(v) => self.value_id(s, *v)?,
                Operand::Literal(l) => *l,
                Operand::Scope(sc) => s.constant_u32(*sc as u32)?,
                Operand::MemorySemantics(ms) => s.constant_u32(ms.bits())?,
                Operand::Type(t) => s.type_id(*t)?,
                Operand::Function(g) => *s
                    .function_ids
                    .get(g.index())
                    .ok_or_else(|| self.err(format!("reference to missing function {g:?}")))?,
            });
        }
        Ok(w)
    }

    /// Emits the ops of `b` into the current SPIR-V block; `merge_inst` (a selection or loop
    /// merge instruction) goes right before the terminator.
    fn emit_block_ops(
        &mut self,
        s: &mut Serializer,
        b: BlockId,
        merge_inst: Option<(Op, Vec<u32>)>,
    ) -> Result<(), SerializeError> {
        let f = self.f;
        let block = f
            .blocks
            .get(b)
            .ok_or_else(|| self.err(format!("block {b:?} does not exist")))?;
        let mut merge_inst = merge_inst;
        for &op_id in &block.ops {
            let op = f
                .ops
                .get(op_id)
                .ok_or_else(|| self.err(format!("op {op_id:?} does not exist")))?;
            if crate::is_terminator(&op.kind) {
                if let Some((opcode, w)) = merge_inst.take() {
                    inst(self.cur(), opcode, &w);
                }
            }
            self.emit_op(s, op)?;
        }
        if merge_inst.is_some() {
            return Err(self.err(format!("structured header block {b:?} has no terminator")));
        }
        Ok(())
    }

    fn result(&mut self, s: &mut Serializer, op: &Operation) -> Result<(u32, u32), SerializeError> {
        let r = *op
            .results
            .first()
            .ok_or_else(|| self.err("op without its result value"))?;
        let ty = self.f.values[r].ty;
        let tid = s.type_id(ty)?;
        let id = self.value_id(s, r)?;
        for d in &op.decorations {
            s.decorate(id, None, d)?;
        }
        Ok((tid, id))
    }

    fn emit_op(&mut self, s: &mut Serializer, op: &Operation) -> Result<(), SerializeError> {
        let hoisted = matches!(&op.kind, OpKind::Inst { opcode: Op::Variable, operands }
            if matches!(operands.first(), Some(Operand::Literal(sc)) if *sc == spirv::StorageClass::Function as u32));
        let positioned = match &op.kind {
            OpKind::Inst { opcode, .. } => *opcode != Op::Undef && !hoisted,
            OpKind::ExtInst { .. } | OpKind::FunctionCall { .. } => true,
            _ => false,
        };
        if positioned {
            self.position(s, &op.location);
        }
        if hoisted && self.variables_location != op.location {
            // Function variables are hoisted into the entry block, each with its position.
            match &op.location {
                Some(l) => {
                    let file = s.string_id(&l.file);
                    inst(&mut self.variables, Op::Line, &[file, l.line, l.column]);
                }
                None => inst(&mut self.variables, Op::NoLine, &[]),
            }
            self.variables_location = op.location.clone();
        }
        match &op.kind {
            OpKind::Constant(_)
            | OpKind::AddressOf(_)
            | OpKind::ReferenceOf(_)
            | OpKind::NonSemanticRef(_) => {
                if let Some(&r) = op.results.first() {
                    self.value_id(s, r)?;
                }
            }
            OpKind::Inst {
                opcode: Op::Undef, ..
            } => {
                if let Some(&r) = op.results.first() {
                    self.value_id(s, r)?;
                }
            }
            OpKind::Inst { opcode, operands } => {
                let grammar = rspirv::grammar::INSTRUCTION_TABLE
                    .lookup_opcode(*opcode as u32)
                    .ok_or(SerializeError::UnknownOpcode(*opcode))?;
                let has_type = grammar.operands.first().map(|o| o.kind)
                    == Some(rspirv::grammar::OperandKind::IdResultType);
                let has_result = grammar
                    .operands
                    .iter()
                    .any(|o| o.kind == rspirv::grammar::OperandKind::IdResult);
                let mut w = Vec::new();
                if has_type {
                    let (t, id) = self.result(s, op)?;
                    w.push(t);
                    w.push(id);
                } else if has_result {
                    let (_, id) = self.result(s, op)?;
                    w.push(id);
                }
                w.extend(self.operand_words(s, operands)?);
                let hoist = *opcode == Op::Variable
                    && matches!(operands.first(), Some(Operand::Literal(sc)) if *sc == spirv::StorageClass::Function as u32);
                if hoist {
                    inst(&mut self.variables, *opcode, &w);
                } else {
                    inst(self.cur(), *opcode, &w);
                }
            }
            OpKind::ExtInst {
                set,
                instruction,
                operands,
            } => {
                let (t, id) = self.result(s, op)?;
                let set_id = s.ext_set(set);
                let mut w = vec![t, id, set_id, *instruction];
                for x in operands {
                    w.push(match x {
                        Operand::Value(v) => self.value_id(s, *v)?,
                        Operand::Literal(l) => *l,
                        other => {
                            return Err(self.err(format!(
                                "{} instruction {instruction}: operand {other:?} is neither a \
                                 value nor a literal",
                                set.name()
                            )))
                        }
                    });
                }
                inst(self.cur(), Op::ExtInst, &w);
            }
            OpKind::FunctionCall { callee, args } => {
                let fid = *s
                    .function_ids
                    .get(callee.index())
                    .ok_or_else(|| self.err(format!("call of missing function {callee:?}")))?;
                let (t, id) = match op.results.first() {
                    Some(_) => self.result(s, op)?,
                    None => {
                        let void = s.types.intern(Type::Void);
                        (s.type_id(void)?, s.fresh())
                    }
                };
                let mut w = vec![t, id, fid];
                for &a in args {
                    w.push(self.value_id(s, a)?);
                }
                inst(self.cur(), Op::FunctionCall, &w);
            }
            OpKind::Selection { control, body } => {
                let r = self
                    .f
                    .regions
                    .get(*body)
                    .ok_or_else(|| self.err("missing selection region"))?;
                if r.blocks.len() < 2 {
                    return Err(self.err("selection region needs a header and a merge block"));
                }
                let header = r.blocks[0];
                let merge = *r.blocks.last().unwrap();
                let header_label = self.label(s, header)?;
                inst(self.cur(), Op::Branch, &[header_label]);
                let merge_label = self.label(s, merge)?;
                self.start_block(s, header)?;
                self.emit_block_ops(
                    s,
                    header,
                    Some((Op::SelectionMerge, vec![merge_label, control.bits()])),
                )?;
                for &b in &r.blocks[1..] {
                    self.start_block(s, b)?;
                    self.emit_block_ops(s, b, None)?;
                }
            }
            OpKind::Loop { control, body } => {
                let r = self
                    .f
                    .regions
                    .get(*body)
                    .ok_or_else(|| self.err("missing loop region"))?;
                if r.blocks.len() < 4 {
                    return Err(
                        self.err("loop region needs entry, header, continue and merge blocks")
                    );
                }
                let entry = r.blocks[0];
                let header = r.blocks[1];
                let cont = r.blocks[r.blocks.len() - 2];
                let merge = r.blocks[r.blocks.len() - 1];
                // The entry block only branches to the header: emit it inline.
                if self.f.blocks.get(entry).is_some_and(|b| b.name.is_some()) {
                    return Err(self.err(
                        "the entry block of a loop region is emitted inside the block before \
                         it and cannot keep a name",
                    ));
                }
                self.emit_block_ops(s, entry, None)?;
                let merge_label = self.label(s, merge)?;
                let cont_label = self.label(s, cont)?;
                let merge_inst = (Op::LoopMerge, vec![merge_label, cont_label, control.bits()]);
                self.start_block(s, header)?;
                let f = self.f;
                let nested = f.blocks[header].ops.iter().any(|&o| {
                    matches!(
                        f.ops[o].kind,
                        OpKind::Selection { .. } | OpKind::Loop { .. }
                    )
                });
                if nested {
                    // The loop header must hold OpLoopMerge in the block the back edge targets:
                    // split off the header's ops into their own block.
                    let (m, w) = merge_inst;
                    inst(self.cur(), m, &w);
                    let next = s.fresh();
                    inst(self.cur(), Op::Branch, &[next]);
                    self.blocks.push(SpvBlock {
                        label: next,
                        ir_block: None,
                        body: Vec::new(),
                        location: None,
                    });
                    self.emit_block_ops(s, header, None)?;
                } else {
                    self.emit_block_ops(s, header, Some(merge_inst))?;
                }
                for &b in &r.blocks[2..] {
                    self.start_block(s, b)?;
                    self.emit_block_ops(s, b, None)?;
                }
            }
            OpKind::Merge { .. } => {}
            OpKind::Branch { target } => {
                let l = self.record_edge(s, target)?;
                inst(self.cur(), Op::Branch, &[l]);
            }
            OpKind::BranchConditional {
                condition,
                on_true,
                on_false,
                weights,
            } => {
                if on_true.block == on_false.block && on_true.args != on_false.args {
                    return Err(self.err("both arms of a conditional branch target one block with different arguments"));
                }
                let c = self.value_id(s, *condition)?;
                let t = self.record_edge(s, on_true)?;
                let fl = if on_true.block == on_false.block {
                    self.label(s, on_false.block)?
                } else {
                    self.record_edge(s, on_false)?
                };
                let mut w = vec![c, t, fl];
                if let Some((a, b)) = weights {
                    w.push(*a);
                    w.push(*b);
                }
                inst(self.cur(), Op::BranchConditional, &w);
            }
            OpKind::Switch {
                selector,
                default,
                cases,
            } => {
                let sel = self.value_id(s, *selector)?;
                let wide = matches!(
                    s.types.get(self.f.values[*selector].ty),
                    Some(Type::Int { width: 64, .. })
                );
                let mut seen = std::collections::HashSet::new();
                let d = self.record_edge(s, default)?;
                seen.insert(default.block);
                let mut w = vec![sel, d];
                for (value, succ) in cases {
                    let l = if seen.insert(succ.block) {
                        self.record_edge(s, succ)?
                    } else {
                        self.label(s, succ.block)?
                    };
                    w.push(*value as u32);
                    if wide {
                        w.push((*value >> 32) as u32);
                    }
                    w.push(l);
                }
                inst(self.cur(), Op::Switch, &w);
            }
            OpKind::Return => inst(self.cur(), Op::Return, &[]),
            OpKind::ReturnValue(v) => {
                let id = self.value_id(s, *v)?;
                inst(self.cur(), Op::ReturnValue, &[id]);
            }
            OpKind::Unreachable => inst(self.cur(), Op::Unreachable, &[]),
        }
        Ok(())
    }
}
