//! Deserializer: SPIR-V words -> [`Module`].
//!
//! Parses at the binary level (no rspirv `dr` loader, which rejects
//! `OpTypeCooperativeMatrixKHR` in some versions), using rspirv's grammar tables to tell ids from
//! literals. Lifts into the IR's structural forms: module-level variables become
//! [`GlobalVariable`]s read through `AddressOf`, module-level constants / spec constants / undefs
//! are localized into each function (materialized at the top of its entry block), decorations
//! are folded into types and globals, `OpPhi`s become block arguments, and structured regions
//! are rebuilt from `OpSelectionMerge` / `OpLoopMerge`: a construct's merge block continues the
//! IR block that holds the structured op, so a header reached by fall-through and a block with a
//! single predecessor are merged into their predecessor.
//!
//! Every malformed input (truncated, wrong magic, id over the bound, unknown opcode, bad operand
//! count, undefined id, unstructured control flow, unsupported construct) is a
//! [`DeserializeError`] naming the word offset of the offending instruction; the deserializer
//! never panics on input.
//!
//! Decorations: every decoration must land in the IR (a decoration on an id the IR keeps none
//! for is an error, never a silent drop; the one exception is glslang's `BuiltIn
//! WorkgroupSize` on a constant); decoration groups are expanded onto their targets;
//! `OpDecorateId` operands become [`DecorationId`]s, `OpDecorateString` operands strings.
//!
//! Debug information is kept: `OpString`, `OpSource` (+ `OpSourceContinued`s, split where they were),
//! `OpSourceExtension`, `OpModuleProcessed` in [`DebugInfo`], `OpName` / `OpMemberName` of
//! struct types in the type, of other types in [`Module::type_names`], of values (constants
//! and undefs on their localized copies: an `OpUndef` in a function is lifted like a
//! module-scope one, at its first use, as the serializer uniques undefs at module scope);
//! `OpLine` / `OpNoLine` as the [`Location`] of the instructions after them in their block,
//! function variables included, one before a block's `OpPhi`s as the [`Block::location`] of
//! its arguments, a module-scope one as the [`GlobalVariable::location`] of the variables
//! after it and the [`Function::location`] of the next `OpFunction` (structured control flow
//! and constants carry none; a module-scope `OpLine` right before a type, constant or undef
//! is refused, as those have no place of their own in the IR). Names of block labels
//! go to the IR block that begins at the label (a loop header's to the loop's header block,
//! a merge block's to the construct's merge block); a named block reached by fall-through is
//! not merged into its predecessor. Like decorations, every `OpName` must land in the IR: one
//! on an id it keeps no name for (an `OpExtInstImport`) is an error, never a silent drop. Instructions of the non-semantic sets (known, or any other
//! `NonSemantic.*` set, whose operands are all `<id>`s) and of the debug sets
//! `OpenCL.DebugInfo.100` / `DebugInfo` (operands by their grammar) at module scope become
//! [`NonSemanticInst`]s; inside functions they are `ExtInst`s whose module-scope operands
//! (other debug instructions, the function, strings, types) are `NonSemanticRef` values. An
//! extended instruction set imported but never used is kept in [`Module::ext_inst_imports`].
//! Such instructions between `OpFunction` (and its parameters) and the first label (glslang's
//! HLSL `-gV` writes a `DebugNoLine` there) are kept as the [`Function::prologue`].
//!
//! `OpTypeForwardPointer`: the pointer types a struct names before their declaration are
//! lifted first (the serializer writes them before the struct and needs no forward
//! declaration).
//!
//! A type that contains itself (a linked list of buffer references) gets its pointer's
//! handle reserved before the pointee is lifted ([`crate::UniqueArena::reserve`]).
//!
//! Not supported (error): extended instruction sets other than GLSL.std.450, OpenCL.std, the
//! debug ones and `NonSemantic.*`. A loop whose continue
//! target is its header gets a continue block of its own (an extra block when serialized).

use crate::arena::Arena;
use crate::syntax::*;
use rspirv::grammar::{OperandKind, OperandQuantifier};
use spirv::Op;
use std::collections::{HashMap, HashSet};
use thiserror::Error;

/// An error with the word offset (from the start of the binary) it was found at.
#[derive(Debug, Error, Clone, PartialEq)]
#[error("word {offset}: {message}")]
pub struct DeserializeError {
    pub offset: usize,
    pub message: String,
}

fn err<T>(offset: usize, message: impl Into<String>) -> Result<T, DeserializeError> {
    Err(DeserializeError {
        offset,
        message: message.into(),
    })
}

/// Reads a module from SPIR-V words (host-endian; byte-swapped input is detected by the magic).
pub fn deserialize(words: &[u32]) -> Result<Module, DeserializeError> {
    Deserializer::new(words)?.run()
}

/// Reads a module from bytes (`.spv` file contents).
pub fn deserialize_bytes(bytes: &[u8]) -> Result<Module, DeserializeError> {
    if !bytes.len().is_multiple_of(4) {
        return err(
            bytes.len() / 4,
            format!("{} bytes is not a whole number of words", bytes.len()),
        );
    }
    let mut words: Vec<u32> = bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    if words.first() == Some(&spirv::MAGIC_NUMBER.swap_bytes()) {
        for w in &mut words {
            *w = w.swap_bytes();
        }
    }
    deserialize(&words)
}

#[derive(Clone, Debug)]
struct RawInst {
    offset: usize,
    opcode: Op,
    /// Operand words (the word after the opcode word onwards).
    ops: Vec<u32>,
}

/// The `<id>` parameters the set bits of an `ImageOperands` mask take, in the spec's order
/// (lowest bit first): (bit, how many ids).
fn image_operand_parameters(mask: u32) -> Vec<(spirv::ImageOperands, usize)> {
    use spirv::ImageOperands as I;
    let bits = I::from_bits_retain(mask);
    [
        (I::BIAS, 1),
        (I::LOD, 1),
        (I::GRAD, 2),
        (I::CONST_OFFSET, 1),
        (I::OFFSET, 1),
        (I::CONST_OFFSETS, 1),
        (I::SAMPLE, 1),
        (I::MIN_LOD, 1),
        (I::MAKE_TEXEL_AVAILABLE, 1),
        (I::MAKE_TEXEL_VISIBLE, 1),
        (I::OFFSETS, 1),
    ]
    .into_iter()
    .filter(|(flag, _)| bits.contains(*flag))
    .collect()
}

fn is_type_opcode(op: Op) -> bool {
    matches!(
        op,
        Op::TypeVoid
            | Op::TypeBool
            | Op::TypeInt
            | Op::TypeFloat
            | Op::TypeVector
            | Op::TypeMatrix
            | Op::TypeArray
            | Op::TypeRuntimeArray
            | Op::TypeStruct
            | Op::TypePointer
            | Op::TypeFunction
            | Op::TypeCooperativeMatrixKHR
            | Op::TypeTensorLayoutNV
            | Op::TypeImage
            | Op::TypeSampler
            | Op::TypeSampledImage
    )
}

/// The strings of an `OpDecorateString`, one after another.
fn decode_strings(mut words: &[u32], offset: usize) -> Result<Vec<String>, DeserializeError> {
    let mut out = Vec::new();
    while !words.is_empty() {
        let (s, used) = decode_string(words, offset)?;
        out.push(s);
        words = &words[used..];
    }
    if out.is_empty() {
        return err(offset, "OpDecorateString without a string");
    }
    Ok(out)
}

fn decode_string(words: &[u32], offset: usize) -> Result<(String, usize), DeserializeError> {
    let mut bytes = Vec::new();
    for (i, w) in words.iter().enumerate() {
        for b in w.to_le_bytes() {
            if b == 0 {
                return String::from_utf8(bytes)
                    .map(|s| (s, i + 1))
                    .or_else(|_| err(offset, "literal string is not UTF-8"));
            }
            bytes.push(b);
        }
    }
    err(offset, "literal string without a terminating nul")
}

/// A decoration as read: `ids` are the `<id>` operands of an `OpDecorateId`, resolved into
/// `decoration.ids` when the decorated entity is lifted.
#[derive(Clone, Debug)]
struct RawDecoration {
    offset: usize,
    decoration: Decoration,
    ids: Vec<u32>,
}

#[derive(Clone, Debug)]
enum ModuleValue {
    Constant(TypeId, ConstantValue),
    Spec(SpecConstId),
    Global(GlobalVarId),
    Undef(TypeId),
}

struct Deserializer {
    header_version: Version,
    bound: u32,
    insts: Vec<RawInst>,
    module: Module,
    names: HashMap<u32, String>,
    /// The word offset of each `OpName`, for the error about one the IR keeps no place for.
    name_offsets: HashMap<u32, usize>,
    /// The ids whose `OpName` some entity of the IR took ([`Deserializer::name_of`]); a name on
    /// any other id would be lost, which is an error rather than a silent drop.
    names_taken: std::cell::RefCell<HashSet<u32>>,
    decorations: HashMap<u32, Vec<RawDecoration>>,
    member_decorations: HashMap<(u32, u32), Vec<Decoration>>,
    /// `OpString`s by id.
    strings: HashMap<u32, String>,
    /// `OpMemberName`s by (struct id, member).
    member_names: HashMap<(u32, u32), String>,
    /// The ids whose decorations some entity of the IR took; a decoration on any other id would
    /// be lost, which is an error rather than a silent drop.
    decorations_taken: std::cell::RefCell<HashSet<u32>>,
    /// Decoration groups (`OpDecorationGroup` ids): their decorations were copied to the targets.
    decoration_groups: HashSet<u32>,
    /// Module-scope non-semantic `OpExtInst` result ids -> their index in
    /// `Module::non_semantic` (they may name each other before their declaration).
    non_semantic_index: HashMap<u32, u32>,
    /// `OpFunction` result ids -> the function handle they will get.
    function_handles: HashMap<u32, FunctionId>,
    /// Pointer types given a handle before their value (a struct that contains a pointer to
    /// itself): id -> reserved handle, filled when the pointer is lifted.
    reserved_types: HashMap<u32, TypeId>,
    /// Globals with `OpDecorateId` decorations, resolved once every module-scope id is known.
    deferred_global_decorations: Vec<(GlobalVarId, u32)>,
    types: HashMap<u32, TypeId>,
    values: HashMap<u32, ModuleValue>,
    ext_sets: HashMap<u32, ExtInstSet>,
    function_ids: HashMap<u32, FunctionId>,
    /// (function, first instruction index, OpFunctionEnd index) to lift after module scope.
    pending_functions: Vec<(FunctionId, usize, usize)>,
}

impl Deserializer {
    fn new(words: &[u32]) -> Result<Self, DeserializeError> {
        if words.len() < 5 {
            return err(
                words.len(),
                format!("truncated header: {} words, need 5", words.len()),
            );
        }
        if words[0] != spirv::MAGIC_NUMBER {
            return err(0, format!("wrong magic number {:#010x}", words[0]));
        }
        let version = Version::from_word(words[1]);
        if version.major != 1 || version.minor > 6 {
            return err(1, format!("unsupported SPIR-V version {version}"));
        }
        let bound = words[3];
        if bound == 0 || bound > 0x40_0000 {
            return err(3, format!("id bound {bound} out of range"));
        }
        let mut insts = Vec::new();
        let mut at = 5;
        while at < words.len() {
            let first = words[at];
            let count = (first >> 16) as usize;
            let code = first & 0xffff;
            if count == 0 {
                return err(at, "instruction with word count 0");
            }
            if at + count > words.len() {
                return err(
                    at,
                    format!("truncated instruction: word count {count} runs past the end"),
                );
            }
            let opcode = rspirv::grammar::INSTRUCTION_TABLE
                .lookup_opcode(code)
                .map(|g| g.opcode)
                .ok_or(DeserializeError {
                    offset: at,
                    message: format!("unknown opcode {code}"),
                })?;
            insts.push(RawInst {
                offset: at,
                opcode,
                ops: words[at + 1..at + count].to_vec(),
            });
            at += count;
        }
        let mut module = Module::new(version);
        module.capabilities.clear();
        Ok(Deserializer {
            header_version: version,
            bound,
            insts,
            module,
            names: HashMap::new(),
            name_offsets: HashMap::new(),
            names_taken: Default::default(),
            decorations: HashMap::new(),
            member_decorations: HashMap::new(),
            strings: HashMap::new(),
            member_names: HashMap::new(),
            decorations_taken: Default::default(),
            decoration_groups: HashSet::new(),
            deferred_global_decorations: Vec::new(),
            reserved_types: HashMap::new(),
            non_semantic_index: HashMap::new(),
            function_handles: HashMap::new(),
            types: HashMap::new(),
            values: HashMap::new(),
            ext_sets: HashMap::new(),
            function_ids: HashMap::new(),
            pending_functions: Vec::new(),
        })
    }

    fn check_id(&self, id: u32, offset: usize) -> Result<u32, DeserializeError> {
        if id == 0 || id >= self.bound {
            return err(offset, format!("id %{id} outside the bound {}", self.bound));
        }
        Ok(id)
    }

    fn ty(&self, id: u32, offset: usize) -> Result<TypeId, DeserializeError> {
        self.types.get(&id).copied().ok_or(DeserializeError {
            offset,
            message: format!("%{id} is not a type"),
        })
    }

    fn const_u32(&self, id: u32, offset: usize) -> Result<u32, DeserializeError> {
        match self.values.get(&id) {
            Some(ModuleValue::Constant(_, ConstantValue::Int(v))) => Ok(*v as u32),
            _ => err(offset, format!("%{id} is not an integer constant")),
        }
    }

    /// The decorations on `id`, their `<id>` operands resolved to module-scope entities, marked
    /// as taken.
    fn decorations_of(&self, id: u32) -> Result<Vec<Decoration>, DeserializeError> {
        let Some(raw) = self.decorations.get(&id) else {
            return Ok(Vec::new());
        };
        self.decorations_taken.borrow_mut().insert(id);
        let mut out = Vec::with_capacity(raw.len());
        for r in raw {
            let mut d = r.decoration.clone();
            for &x in &r.ids {
                d.ids.push(match self.values.get(&x) {
                    Some(ModuleValue::Constant(t, c)) => DecorationId::Constant(*t, c.clone()),
                    Some(ModuleValue::Spec(s)) => DecorationId::SpecConstant(*s),
                    Some(ModuleValue::Global(g)) => DecorationId::GlobalVariable(*g),
                    _ => {
                        return err(
                            r.offset,
                            format!(
                                "{:?}'s operand %{x} is not a constant or global variable declared before its use",
                                d.kind
                            ),
                        )
                    }
                });
            }
            out.push(d);
        }
        Ok(out)
    }

    /// The first literal operand of decoration `kind` on `id`.
    fn decoration_literal(&self, id: u32, kind: spirv::Decoration) -> Option<u32> {
        self.decorations.get(&id).and_then(|ds| {
            ds.iter()
                .find(|d| d.decoration.kind == kind)
                .and_then(|d| d.decoration.operands.first().copied())
        })
    }

    fn decoration_kind(&self, w: u32, o: usize) -> Result<spirv::Decoration, DeserializeError> {
        spirv::Decoration::from_u32(w).ok_or(DeserializeError {
            offset: o,
            message: format!("unknown decoration {w}"),
        })
    }

    /// Reads the annotation section: decorations (groups expanded onto their targets) and names.
    fn annotations(&mut self, insts: &[RawInst]) -> Result<(), DeserializeError> {
        for inst in insts {
            let o = inst.offset;
            let need = |n: usize| -> Result<(), DeserializeError> {
                if inst.ops.len() < n {
                    return err(o, format!("{:?} needs at least {n} operands", inst.opcode));
                }
                Ok(())
            };
            match inst.opcode {
                Op::Name => {
                    need(2)?;
                    let id = self.check_id(inst.ops[0], o)?;
                    let (s, _) = decode_string(&inst.ops[1..], o)?;
                    if let Some(old) = self.names.get(&id).filter(|old| **old != s) {
                        return err(
                            o,
                            format!(
                                "a second OpName on %{id} ({s:?} after {old:?}): kiln keeps one"
                            ),
                        );
                    }
                    self.names.insert(id, s);
                    self.name_offsets.insert(id, o);
                }
                Op::MemberName => {
                    need(3)?;
                    let id = self.check_id(inst.ops[0], o)?;
                    let (s, _) = decode_string(&inst.ops[2..], o)?;
                    let key = (id, inst.ops[1]);
                    if let Some(old) = self.member_names.get(&key).filter(|old| **old != s) {
                        return err(
                            o,
                            format!(
                                "a second OpMemberName on member {} of %{id} ({s:?} after \
                                 {old:?}): kiln keeps one",
                                inst.ops[1]
                            ),
                        );
                    }
                    self.member_names.insert(key, s);
                }
                Op::String => {
                    need(2)?;
                    let id = self.check_id(inst.ops[0], o)?;
                    let (s, _) = decode_string(&inst.ops[1..], o)?;
                    self.module.debug.strings.push(s.clone());
                    self.strings.insert(id, s);
                }
                Op::SourceExtension => {
                    need(1)?;
                    let (s, _) = decode_string(&inst.ops, o)?;
                    self.module.debug.source_extensions.push(s);
                }
                Op::ModuleProcessed => {
                    need(1)?;
                    let (s, _) = decode_string(&inst.ops, o)?;
                    self.module.debug.module_processed.push(s);
                }
                Op::Source => {
                    need(2)?;
                    let language =
                        spirv::SourceLanguage::from_u32(inst.ops[0]).ok_or(DeserializeError {
                            offset: o,
                            message: format!("unknown source language {}", inst.ops[0]),
                        })?;
                    let file = match inst.ops.get(2) {
                        Some(f) => Some(self.strings.get(f).cloned().ok_or(DeserializeError {
                            offset: o,
                            message: format!("OpSource file %{f} is not an OpString before it"),
                        })?),
                        None => None,
                    };
                    let text = match inst.ops.get(3..) {
                        Some(words) if !words.is_empty() => Some(decode_string(words, o)?.0),
                        _ => None,
                    };
                    self.module.debug.sources.push(SourceDecl {
                        language,
                        version: inst.ops[1],
                        file,
                        text,
                        continued: Vec::new(),
                    });
                }
                Op::SourceContinued => {
                    need(1)?;
                    let (s, _) = decode_string(&inst.ops, o)?;
                    match self.module.debug.sources.last_mut() {
                        Some(SourceDecl {
                            text: Some(_),
                            continued,
                            ..
                        }) => continued.push(s),
                        _ => return err(o, "OpSourceContinued without an OpSource with text"),
                    }
                }
                Op::Decorate | Op::DecorateId | Op::DecorateString => {
                    need(2)?;
                    let id = self.check_id(inst.ops[0], o)?;
                    let kind = self.decoration_kind(inst.ops[1], o)?;
                    let rest = &inst.ops[2..];
                    let mut decoration = Decoration::new(kind, Vec::new());
                    let mut ids = Vec::new();
                    match inst.opcode {
                        Op::Decorate => decoration.operands = rest.to_vec(),
                        Op::DecorateId => {
                            for &x in rest {
                                ids.push(self.check_id(x, o)?);
                            }
                        }
                        _ => decoration.strings = decode_strings(rest, o)?,
                    }
                    self.decorations.entry(id).or_default().push(RawDecoration {
                        offset: o,
                        decoration,
                        ids,
                    });
                }
                Op::MemberDecorate | Op::MemberDecorateString => {
                    need(3)?;
                    let id = self.check_id(inst.ops[0], o)?;
                    let kind = self.decoration_kind(inst.ops[2], o)?;
                    let rest = &inst.ops[3..];
                    let mut decoration = Decoration::new(kind, Vec::new());
                    if inst.opcode == Op::MemberDecorate {
                        decoration.operands = rest.to_vec();
                    } else {
                        decoration.strings = decode_strings(rest, o)?;
                    }
                    self.member_decorations
                        .entry((id, inst.ops[1]))
                        .or_default()
                        .push(decoration);
                }
                Op::DecorationGroup => {
                    need(1)?;
                    let group = self.check_id(inst.ops[0], o)?;
                    self.decoration_groups.insert(group);
                }
                Op::GroupDecorate => {
                    need(1)?;
                    let group = inst.ops[0];
                    if !self.decoration_groups.contains(&group) {
                        return err(o, format!("%{group} is not a decoration group"));
                    }
                    let ds = self.decorations.get(&group).cloned().unwrap_or_default();
                    for &target in &inst.ops[1..] {
                        let target = self.check_id(target, o)?;
                        self.decorations
                            .entry(target)
                            .or_default()
                            .extend(ds.iter().cloned());
                    }
                }
                Op::GroupMemberDecorate => {
                    need(1)?;
                    let group = inst.ops[0];
                    if !self.decoration_groups.contains(&group) {
                        return err(o, format!("%{group} is not a decoration group"));
                    }
                    if !(inst.ops.len() - 1).is_multiple_of(2) {
                        return err(o, "OpGroupMemberDecorate needs (struct, member) pairs");
                    }
                    let ds = self.decorations.get(&group).cloned().unwrap_or_default();
                    for pair in inst.ops[1..].chunks(2) {
                        let target = self.check_id(pair[0], o)?;
                        for d in &ds {
                            if !d.ids.is_empty() {
                                return err(o, "member decorations take no <id> operands");
                            }
                            self.member_decorations
                                .entry((target, pair[1]))
                                .or_default()
                                .push(d.decoration.clone());
                        }
                    }
                }
                _ => {}
            }
        }
        for g in &self.decoration_groups {
            self.decorations_taken.borrow_mut().insert(*g);
        }
        Ok(())
    }

    /// Marks the decorations on `id` as taken where all are of the `kinds` the IR folds into
    /// the entity; fails on any other.
    fn take_only(&self, id: u32, kinds: &[spirv::Decoration]) -> Result<(), DeserializeError> {
        let Some(ds) = self.decorations.get(&id) else {
            return Ok(());
        };
        if let Some(d) = ds.iter().find(|d| !kinds.contains(&d.decoration.kind)) {
            return err(
                d.offset,
                format!(
                    "decoration {:?} on %{id}: kiln's IR keeps only {kinds:?} there",
                    d.decoration.kind
                ),
            );
        }
        self.decorations_taken.borrow_mut().insert(id);
        Ok(())
    }

    /// Fails on a decoration that no entity of the IR took (it would be lost).
    /// The `OpName` of `id`, marked as taken.
    fn name_of(&self, id: u32) -> Option<String> {
        let name = self.names.get(&id)?;
        self.names_taken.borrow_mut().insert(id);
        Some(name.clone())
    }

    /// Every `OpName` must have landed in the IR: one on an id the IR keeps no name for is an
    /// error naming the id, the name and the word offset of the `OpName`.
    fn check_names_taken(&self) -> Result<(), DeserializeError> {
        let taken = self.names_taken.borrow();
        let mut left: Vec<(usize, u32)> = self
            .name_offsets
            .iter()
            .filter(|(id, _)| !taken.contains(id))
            .map(|(&id, &offset)| (offset, id))
            .collect();
        left.sort();
        if let Some(&(offset, id)) = left.first() {
            return err(
                offset,
                format!(
                    "OpName {:?} on %{id}, an id that kiln's IR keeps no name for",
                    self.names[&id]
                ),
            );
        }
        Ok(())
    }

    fn check_decorations_taken(&self) -> Result<(), DeserializeError> {
        let taken = self.decorations_taken.borrow();
        let mut left: Vec<&RawDecoration> = self
            .decorations
            .iter()
            .filter(|(id, _)| !taken.contains(id))
            .flat_map(|(_, ds)| ds.iter())
            .collect();
        left.sort_by_key(|d| d.offset);
        if let Some(d) = left.first() {
            return err(
                d.offset,
                format!(
                    "decoration {:?} on an id that kiln's IR keeps no decorations for",
                    d.decoration.kind
                ),
            );
        }
        Ok(())
    }

    fn run(mut self) -> Result<Module, DeserializeError> {
        let insts = std::mem::take(&mut self.insts);
        // Annotations and names first: they precede the types but are folded into them.
        self.annotations(&insts)?;
        // Type declarations by result id: a struct may name a pointer declared further down
        // through `OpTypeForwardPointer` (buffer references), which is then lifted first.
        let mut type_insts: HashMap<u32, usize> = HashMap::new();
        for (at, inst) in insts.iter().enumerate() {
            if is_type_opcode(inst.opcode) {
                if let Some(&id) = inst.ops.first() {
                    type_insts.entry(id).or_insert(at);
                }
            }
        }
        // Non-semantic instructions and functions by id, before they are declared.
        let mut functions = 0;
        let mut in_function = false;
        // Imports no instruction uses are kept as `Module::ext_inst_imports`.
        let mut used_sets: HashSet<u32> = HashSet::new();
        for inst in &insts {
            if inst.opcode == Op::ExtInst {
                used_sets.extend(inst.ops.get(2));
            }
            match inst.opcode {
                Op::Function => {
                    in_function = true;
                    if let Some(&id) = inst.ops.get(1) {
                        self.function_handles
                            .insert(id, crate::arena::Handle::from_index(functions));
                    }
                    functions += 1;
                }
                Op::FunctionEnd => in_function = false,
                Op::ExtInst if !in_function => {
                    if let Some(&id) = inst.ops.get(1) {
                        let index = self.non_semantic_index.len() as u32;
                        self.non_semantic_index.insert(id, index);
                    }
                }
                _ => {}
            }
        }
        let mut entry_points = Vec::new();
        let mut modes = Vec::new();
        // The `OpLine` in effect at module scope: it gives the next `OpFunction` its position.
        let mut module_line: Option<Location> = None;
        // Whether the last module-scope `OpLine` has positioned nothing yet: the instruction
        // after it must be one whose position the IR keeps (a global variable, a function).
        let mut line_pending = false;
        let mut i = 0;
        while i < insts.len() {
            let inst = &insts[i];
            if line_pending && !matches!(inst.opcode, Op::Line | Op::NoLine) {
                if !matches!(inst.opcode, Op::Variable | Op::Function) {
                    return err(
                        inst.offset,
                        format!(
                            "an OpLine at module scope positions this {:?}: kiln keeps source \
                             positions at module scope on global variables and functions only",
                            inst.opcode
                        ),
                    );
                }
                line_pending = false;
            }
            let o = inst.offset;
            let ops = &inst.ops;
            let need = |n: usize| -> Result<(), DeserializeError> {
                if ops.len() < n {
                    return err(
                        o,
                        format!(
                            "{:?} needs at least {n} operands, has {}",
                            inst.opcode,
                            ops.len()
                        ),
                    );
                }
                Ok(())
            };
            match inst.opcode {
                Op::Capability => {
                    need(1)?;
                    let c = spirv::Capability::from_u32(ops[0]).ok_or(DeserializeError {
                        offset: o,
                        message: format!("unknown capability {}", ops[0]),
                    })?;
                    if !self.module.capabilities.contains(&c) {
                        self.module.capabilities.push(c);
                    }
                }
                Op::Extension => {
                    need(1)?;
                    let (s, _) = decode_string(ops, o)?;
                    self.module.extensions.push(s);
                }
                Op::ExtInstImport => {
                    need(2)?;
                    let id = self.check_id(ops[0], o)?;
                    let (s, _) = decode_string(&ops[1..], o)?;
                    match ExtInstSet::from_name(&s) {
                        Some(set) => {
                            if !used_sets.contains(&id) {
                                self.module.ext_inst_imports.push(set.clone());
                            }
                            self.ext_sets.insert(id, set);
                        }
                        None => {
                            let other = s.as_str();
                            return err(
                                o,
                                format!(
                                    "extended instruction set `{other}` is not supported (kiln \
                                     keeps unknown sets only when they are `NonSemantic.*`)"
                                ),
                            );
                        }
                    }
                }
                Op::MemoryModel => {
                    need(2)?;
                    self.module.addressing_model =
                        spirv::AddressingModel::from_u32(ops[0]).ok_or(DeserializeError {
                            offset: o,
                            message: "unknown addressing model".into(),
                        })?;
                    self.module.memory_model =
                        spirv::MemoryModel::from_u32(ops[1]).ok_or(DeserializeError {
                            offset: o,
                            message: "unknown memory model".into(),
                        })?;
                }
                Op::EntryPoint => {
                    need(3)?;
                    let model =
                        spirv::ExecutionModel::from_u32(ops[0]).ok_or(DeserializeError {
                            offset: o,
                            message: "unknown execution model".into(),
                        })?;
                    let f = self.check_id(ops[1], o)?;
                    let (name, used) = decode_string(&ops[2..], o)?;
                    let interface = ops[2 + used..].to_vec();
                    entry_points.push((o, model, f, name, interface));
                }
                Op::ExecutionMode | Op::ExecutionModeId => {
                    need(2)?;
                    let f = self.check_id(ops[0], o)?;
                    let mode = spirv::ExecutionMode::from_u32(ops[1]).ok_or(DeserializeError {
                        offset: o,
                        message: format!("unknown execution mode {}", ops[1]),
                    })?;
                    modes.push((
                        o,
                        inst.opcode == Op::ExecutionModeId,
                        f,
                        mode,
                        ops[2..].to_vec(),
                    ));
                }
                Op::Name
                | Op::MemberName
                | Op::Decorate
                | Op::DecorateId
                | Op::DecorationGroup
                | Op::GroupDecorate
                | Op::GroupMemberDecorate
                | Op::MemberDecorate
                | Op::Source
                | Op::SourceContinued
                | Op::SourceExtension
                | Op::String
                | Op::ModuleProcessed
                | Op::DecorateString
                | Op::MemberDecorateString => {}
                op if is_type_opcode(op) => {
                    let id = self.check_id(ops.first().copied().unwrap_or(0), o)?;
                    if type_insts.get(&id) != Some(&i) {
                        return err(o, format!("%{id} defined twice"));
                    }
                    if !self.types.contains_key(&id) || self.reserved_types.contains_key(&id) {
                        self.type_with_forward_references(i, &insts, &type_insts, &mut Vec::new())?;
                    }
                }
                Op::TypeForwardPointer => {
                    need(2)?;
                    let id = self.check_id(ops[0], o)?;
                    let declared = type_insts
                        .get(&id)
                        .is_some_and(|&at| insts[at].opcode == Op::TypePointer && at > i);
                    if !declared {
                        return err(
                            o,
                            format!(
                                "OpTypeForwardPointer %{id} is not followed by its OpTypePointer"
                            ),
                        );
                    }
                }
                Op::Constant
                | Op::ConstantTrue
                | Op::ConstantFalse
                | Op::ConstantComposite
                | Op::ConstantNull
                | Op::ConstantCompositeReplicateEXT
                | Op::SpecConstant
                | Op::SpecConstantTrue
                | Op::SpecConstantFalse => self.constant_decl(inst)?,
                Op::Variable => {
                    self.global_decl(inst)?;
                    if let Some((_, g)) = self.module.global_variables.iter_mut().last() {
                        g.location = module_line.clone();
                    }
                }
                Op::Undef => {
                    need(2)?;
                    let t = self.ty(ops[0], o)?;
                    let id = self.check_id(ops[1], o)?;
                    self.values.insert(id, ModuleValue::Undef(t));
                }
                Op::Line => {
                    let [file, line, column] = ops[..] else {
                        return err(o, "OpLine needs a file, a line and a column");
                    };
                    let file = self.strings.get(&file).cloned().ok_or(DeserializeError {
                        offset: o,
                        message: format!("OpLine file %{file} is not an OpString"),
                    })?;
                    module_line = Some(Location { file, line, column });
                    line_pending = true;
                }
                Op::NoLine => {
                    module_line = None;
                    line_pending = false;
                }
                Op::Function => {
                    need(4)?;
                    let id = self.check_id(ops[1], o)?;
                    let name = self.name_of(id).unwrap_or_else(|| format!("function_{id}"));
                    let result_type = self.ty(ops[0], o)?;
                    let control = spirv::FunctionControl::from_bits_truncate(ops[2]);
                    // Collect the function's instructions up to OpFunctionEnd.
                    let start = i;
                    let mut end = i + 1;
                    while end < insts.len() && insts[end].opcode != Op::FunctionEnd {
                        if insts[end].opcode == Op::Function {
                            return err(insts[end].offset, "OpFunction inside a function");
                        }
                        end += 1;
                    }
                    if end == insts.len() {
                        return err(o, "function without OpFunctionEnd");
                    }
                    let fid = self.module.functions.append(Function {
                        name,
                        result_type,
                        control,
                        // A line ends with the function's last block.
                        location: module_line.take(),
                        params: Vec::new(),
                        param_decorations: Vec::new(),
                        decorations: Vec::new(),
                        prologue: Vec::new(),
                        body: crate::arena::Handle::from_index(0),
                        values: Arena::new(),
                        ops: Arena::new(),
                        blocks: Arena::new(),
                        regions: Arena::new(),
                    });
                    self.module.functions[fid].decorations = self.decorations_of(id)?;
                    self.function_ids.insert(id, fid);
                    self.pending_functions.push((fid, start, end));
                    i = end;
                }
                Op::SpecConstantComposite | Op::SpecConstantCompositeReplicateEXT => {
                    self.spec_composite_decl(inst)?
                }
                Op::SpecConstantOp => self.spec_operation_decl(inst)?,
                Op::ExtInst => self.non_semantic_decl(inst)?,
                other => return err(o, format!("unexpected {other:?} at module scope")),
            }
            i += 1;
        }
        let pending = std::mem::take(&mut self.pending_functions);
        for (fid, start, end) in pending {
            let body = FunctionLifter::lift(&self, fid, &insts[start..end])?;
            self.module.functions[fid] = body;
        }
        for (o, model, f, name, interface) in entry_points {
            let function = *self.function_ids.get(&f).ok_or(DeserializeError {
                offset: o,
                message: format!("entry point names %{f}, which is not a function"),
            })?;
            let mut globals = Vec::new();
            for id in interface {
                match self.values.get(&id) {
                    Some(ModuleValue::Global(g)) => globals.push(*g),
                    _ => {
                        return err(
                            o,
                            format!("entry point interface %{id} is not a global variable"),
                        )
                    }
                }
            }
            self.module.entry_points.push(EntryPoint {
                execution_model: model,
                function,
                name,
                interface: globals,
            });
        }
        for (o, is_id, f, mode, operands) in modes {
            let function = *self.function_ids.get(&f).ok_or(DeserializeError {
                offset: o,
                message: format!("execution mode names %{f}, not a function"),
            })?;
            let mut out = Vec::new();
            for w in operands {
                out.push(if is_id {
                    match self.values.get(&w) {
                        Some(ModuleValue::Spec(s)) => ModeOperand::SpecConstant(*s),
                        Some(ModuleValue::Constant(_, ConstantValue::Int(v))) => {
                            ModeOperand::ConstantU32(*v as u32)
                        }
                        _ => {
                            return err(o, format!("execution mode operand %{w} is not a constant"))
                        }
                    }
                } else {
                    ModeOperand::Literal(w)
                });
            }
            self.module.execution_modes.push(ExecutionModeDecl {
                function,
                mode,
                operands: out,
            });
        }
        for (g, id) in std::mem::take(&mut self.deferred_global_decorations) {
            let resolved = self.decorations_of(id)?;
            let ds = &mut self.module.global_variables[g].decorations;
            ds.extend(resolved.into_iter().filter(|d| !d.ids.is_empty()));
        }
        if let Some(id) = self.reserved_types.keys().min() {
            return err(
                0,
                format!("pointer type %{id} is forward declared but never defined"),
            );
        }
        self.check_decorations_taken()?;
        self.check_names_taken()?;
        self.module.version = self.header_version;
        Ok(self.module)
    }

    /// Lifts the type declared by `insts[at]`, first lifting the types it names that are
    /// declared further down (reachable only through `OpTypeForwardPointer`). A type that
    /// contains itself (a linked list of buffer references) goes through a pointer: that
    /// pointer's handle is reserved first and filled once its pointee is lifted.
    fn type_with_forward_references(
        &mut self,
        at: usize,
        insts: &[RawInst],
        type_insts: &HashMap<u32, usize>,
        in_progress: &mut Vec<u32>,
    ) -> Result<(), DeserializeError> {
        let inst = &insts[at];
        let id = inst.ops.first().copied().unwrap_or(0);
        let named: &[u32] = match inst.opcode {
            Op::TypeStruct | Op::TypeFunction => inst.ops.get(1..).unwrap_or(&[]),
            Op::TypePointer => inst.ops.get(2..3).unwrap_or(&[]),
            Op::TypeVector
            | Op::TypeMatrix
            | Op::TypeArray
            | Op::TypeRuntimeArray
            | Op::TypeImage
            | Op::TypeSampledImage => inst.ops.get(1..2).unwrap_or(&[]),
            _ => &[],
        };
        let is_pointer = |x: u32| {
            type_insts
                .get(&x)
                .is_some_and(|&a| insts[a].opcode == Op::TypePointer)
        };
        in_progress.push(id);
        for &t in named {
            if self.types.contains_key(&t) {
                continue;
            }
            if in_progress.contains(&t) {
                // A cycle: it closes through a pointer, whose handle is reserved now.
                if is_pointer(t) {
                    let h = self.module.types.reserve(Type::Void);
                    self.reserved_types.insert(t, h);
                    self.types.insert(t, h);
                    continue;
                }
                if inst.opcode == Op::TypePointer {
                    let h = self.module.types.reserve(Type::Void);
                    self.reserved_types.insert(id, h);
                    self.types.insert(id, h);
                    in_progress.pop();
                    return Ok(());
                }
                return err(
                    inst.offset,
                    format!("recursive type: %{t} contains itself but not through a pointer"),
                );
            }
            if let Some(&later) = type_insts.get(&t) {
                self.type_with_forward_references(later, insts, type_insts, in_progress)?;
            }
        }
        in_progress.pop();
        self.type_decl(inst)
    }

    fn type_decl(&mut self, inst: &RawInst) -> Result<(), DeserializeError> {
        let o = inst.offset;
        let ops = &inst.ops;
        let want = |n: usize| -> Result<(), DeserializeError> {
            if ops.len() != n {
                return err(
                    o,
                    format!("{:?} needs {n} operands, has {}", inst.opcode, ops.len()),
                );
            }
            Ok(())
        };
        if ops.is_empty() {
            return err(o, format!("{:?} without a result id", inst.opcode));
        }
        let id = self.check_id(ops[0], o)?;
        let stride = || self.decoration_literal(id, spirv::Decoration::ArrayStride);
        let t = match inst.opcode {
            Op::TypeVoid => {
                want(1)?;
                Type::Void
            }
            Op::TypeBool => {
                want(1)?;
                Type::Bool
            }
            Op::TypeInt => {
                want(3)?;
                if !matches!(ops[1], 8 | 16 | 32 | 64) {
                    return err(o, format!("unsupported integer width {}", ops[1]));
                }
                Type::Int {
                    width: ops[1],
                    signed: ops[2] != 0,
                }
            }
            Op::TypeFloat => {
                let encoding = match ops.len() {
                    2 => None,
                    3 => match spirv::FPEncoding::from_u32(ops[2]) {
                        Some(e @ spirv::FPEncoding::BFloat16KHR) => Some(e),
                        Some(e) => {
                            return err(o, format!("OpTypeFloat encoding {e:?} is not supported"))
                        }
                        None => return err(o, format!("unknown FP encoding {}", ops[2])),
                    },
                    _ => return err(o, "OpTypeFloat needs a width and at most an encoding"),
                };
                let t = Type::Float {
                    width: ops[1],
                    encoding,
                };
                let width_ok = match encoding {
                    None => matches!(ops[1], 16 | 32 | 64),
                    Some(_) => t == Type::BF16,
                };
                if !width_ok {
                    return err(o, format!("unsupported float width {}", ops[1]));
                }
                t
            }
            Op::TypeVector => {
                want(3)?;
                if !matches!(ops[2], 2 | 3 | 4 | 8 | 16) {
                    return err(
                        o,
                        format!("a vector has 2, 3, 4, 8 or 16 components, not {}", ops[2]),
                    );
                }
                Type::Vector {
                    component: self.ty(ops[1], o)?,
                    count: ops[2],
                }
            }
            Op::TypeMatrix => {
                want(3)?;
                if !matches!(ops[2], 2..=4) {
                    return err(o, format!("a matrix has 2, 3 or 4 columns, not {}", ops[2]));
                }
                Type::Matrix {
                    column: self.ty(ops[1], o)?,
                    columns: ops[2],
                }
            }
            Op::TypeArray => {
                want(3)?;
                match self.values.get(&ops[2]) {
                    Some(ModuleValue::Spec(s)) => Type::SpecArray {
                        element: self.ty(ops[1], o)?,
                        length: *s,
                        stride: stride(),
                    },
                    _ => Type::Array {
                        element: self.ty(ops[1], o)?,
                        length: self.const_u32(ops[2], o)?,
                        stride: stride(),
                    },
                }
            }
            Op::TypeRuntimeArray => {
                want(2)?;
                Type::RuntimeArray {
                    element: self.ty(ops[1], o)?,
                    stride: stride(),
                }
            }
            Op::TypeStruct => {
                let mut members = Vec::new();
                for (i, &m) in ops[1..].iter().enumerate() {
                    let mut decorations = self
                        .member_decorations
                        .get(&(id, i as u32))
                        .cloned()
                        .unwrap_or_default();
                    let offset = decorations
                        .iter()
                        .position(|d| d.kind == spirv::Decoration::Offset)
                        .map(|p| decorations.remove(p))
                        .and_then(|d| d.operands.first().copied());
                    members.push(StructMember {
                        name: self.member_names.get(&(id, i as u32)).cloned(),
                        ty: self.ty(m, o)?,
                        offset,
                        decorations,
                    });
                }
                let mut decorations = self.decorations_of(id)?;
                let block = decorations
                    .iter()
                    .any(|d| d.kind == spirv::Decoration::Block);
                decorations.retain(|d| d.kind != spirv::Decoration::Block);
                Type::Struct(StructType {
                    name: self.name_of(id),
                    members,
                    block,
                    decorations,
                })
            }
            Op::TypePointer => {
                want(3)?;
                let storage_class =
                    spirv::StorageClass::from_u32(ops[1]).ok_or(DeserializeError {
                        offset: o,
                        message: format!("unknown storage class {}", ops[1]),
                    })?;
                Type::Pointer {
                    pointee: self.ty(ops[2], o)?,
                    storage_class,
                    stride: stride(),
                }
            }
            Op::TypeFunction => {
                if ops.len() < 2 {
                    return err(o, "OpTypeFunction without a return type");
                }
                let result = self.ty(ops[1], o)?;
                let params = ops[2..]
                    .iter()
                    .map(|&p| self.ty(p, o))
                    .collect::<Result<_, _>>()?;
                Type::Function { result, params }
            }
            Op::TypeCooperativeMatrixKHR => {
                want(6)?;
                let scope =
                    spirv::Scope::from_u32(self.const_u32(ops[2], o)?).ok_or(DeserializeError {
                        offset: o,
                        message: "bad cooperative matrix scope".into(),
                    })?;
                let usage = spirv::CooperativeMatrixUse::from_u32(self.const_u32(ops[5], o)?)
                    .ok_or(DeserializeError {
                        offset: o,
                        message: "bad cooperative matrix use".into(),
                    })?;
                Type::CooperativeMatrix {
                    component: self.ty(ops[1], o)?,
                    scope,
                    rows: self.const_u32(ops[3], o)?,
                    columns: self.const_u32(ops[4], o)?,
                    usage,
                }
            }
            Op::TypeImage => {
                if ops.len() != 8 && ops.len() != 9 {
                    return err(o, "OpTypeImage needs 8 or 9 operands");
                }
                let dim = spirv::Dim::from_u32(ops[2]).ok_or(DeserializeError {
                    offset: o,
                    message: format!("unknown image dim {}", ops[2]),
                })?;
                let format = spirv::ImageFormat::from_u32(ops[7]).ok_or(DeserializeError {
                    offset: o,
                    message: format!("unknown image format {}", ops[7]),
                })?;
                let access = match ops.get(8) {
                    Some(&a) => {
                        Some(spirv::AccessQualifier::from_u32(a).ok_or(DeserializeError {
                            offset: o,
                            message: format!("unknown access qualifier {a}"),
                        })?)
                    }
                    None => None,
                };
                if ops[3] > 2 || ops[4] > 1 || ops[5] > 1 || ops[6] > 2 {
                    return err(o, "OpTypeImage depth / arrayed / MS / sampled out of range");
                }
                Type::Image {
                    sampled_type: self.ty(ops[1], o)?,
                    dim,
                    depth: ops[3],
                    arrayed: ops[4] == 1,
                    multisampled: ops[5] == 1,
                    sampled: ops[6],
                    format,
                    access,
                }
            }
            Op::TypeSampler => {
                want(1)?;
                Type::Sampler
            }
            Op::TypeSampledImage => {
                want(2)?;
                Type::SampledImage {
                    image: self.ty(ops[1], o)?,
                }
            }
            Op::TypeTensorLayoutNV => {
                want(3)?;
                let clamp_mode = spirv::TensorClampMode::from_u32(self.const_u32(ops[2], o)?)
                    .ok_or(DeserializeError {
                        offset: o,
                        message: "bad tensor clamp mode".into(),
                    })?;
                Type::TensorLayout {
                    dim: self.const_u32(ops[1], o)?,
                    clamp_mode,
                }
            }
            _ => unreachable!("type_decl only gets type opcodes"),
        };
        let reserved = self.reserved_types.contains_key(&id);
        if (self.types.contains_key(&id) && !reserved) || self.values.contains_key(&id) {
            return err(o, format!("%{id} defined twice"));
        }
        match &t {
            Type::Array { .. }
            | Type::RuntimeArray { .. }
            | Type::SpecArray { .. }
            | Type::Pointer { .. } => self.take_only(id, &[spirv::Decoration::ArrayStride])?,
            Type::Struct(_) => {}
            _ => self.take_only(id, &[])?,
        }
        if let Some(h) = self.reserved_types.remove(&id) {
            // A cycle closes through this pointer: it must lead to a struct (which holds
            // the pointer), never straight back to itself.
            let to_struct = matches!(
                &t,
                Type::Pointer { pointee, .. }
                    if *pointee != h && matches!(self.module.types.get(*pointee), Some(Type::Struct(_)))
            );
            if !to_struct {
                return err(o, format!("%{id} contains itself but not through a struct"));
            }
            let named = !matches!(t, Type::Struct(_));
            self.module.types.fill(h, t);
            if named {
                self.type_name(id, h, o)?;
            }
            return Ok(());
        }
        let named = !matches!(t, Type::Struct(_));
        let handle = self.module.types.intern(t);
        self.types.insert(id, handle);
        if named {
            self.type_name(id, handle, o)?;
        }
        Ok(())
    }

    /// Keeps the `OpName` of non-struct type `id` (lifted as `handle`) in
    /// `Module::type_names`. Equal types are one type in the IR, so two of them named
    /// differently (aggregates may be declared twice) cannot both keep their names: an error.
    fn type_name(&mut self, id: u32, handle: TypeId, o: usize) -> Result<(), DeserializeError> {
        let Some(name) = self.name_of(id) else {
            return Ok(());
        };
        match self.module.type_names.iter().find(|(t, _)| *t == handle) {
            Some((_, old)) if *old != name => err(
                o,
                format!(
                    "type %{id} named {name:?} equals a type named {old:?}: kiln's IR has one \
                     type for both and cannot keep both names"
                ),
            ),
            Some(_) => Ok(()),
            None => {
                self.module.type_names.push((handle, name));
                Ok(())
            }
        }
    }

    fn scalar_bits(t: &Type, words: &[u32], o: usize) -> Result<ConstantValue, DeserializeError> {
        let (width, is_float) = match t {
            Type::Int { width, .. } => (*width, false),
            Type::Float { width, .. } => (*width, true),
            _ => return err(o, "numeric constant of a non-numeric type"),
        };
        let expected = if width == 64 { 2 } else { 1 };
        if words.len() != expected {
            return err(
                o,
                format!(
                    "{width}-bit constant needs {expected} literal words, has {}",
                    words.len()
                ),
            );
        }
        let bits = if width == 64 {
            u64::from(words[0]) | (u64::from(words[1]) << 32)
        } else {
            u64::from(words[0]) & ((1u64 << width) - 1)
        };
        Ok(if is_float {
            ConstantValue::Float(bits)
        } else {
            ConstantValue::Int(bits)
        })
    }

    fn constant_decl(&mut self, inst: &RawInst) -> Result<(), DeserializeError> {
        let o = inst.offset;
        let ops = &inst.ops;
        if ops.len() < 2 {
            return err(o, format!("{:?} needs a result type and id", inst.opcode));
        }
        let ty = self.ty(ops[0], o)?;
        let id = self.check_id(ops[1], o)?;
        let t = self.module.types[ty].clone();
        let value = match inst.opcode {
            Op::ConstantTrue | Op::SpecConstantTrue => ConstantValue::Bool(true),
            Op::ConstantFalse | Op::SpecConstantFalse => ConstantValue::Bool(false),
            Op::Constant | Op::SpecConstant => Self::scalar_bits(&t, &ops[2..], o)?,
            Op::ConstantNull => ConstantValue::Null,
            Op::ConstantComposite => {
                let mut parts = Vec::new();
                for &p in &ops[2..] {
                    match self.values.get(&p) {
                        Some(ModuleValue::Constant(_, v)) => parts.push(v.clone()),
                        _ => return err(o, format!("constituent %{p} is not a constant")),
                    }
                }
                ConstantValue::Composite(parts)
            }
            Op::ConstantCompositeReplicateEXT => {
                match (ops.len(), ops.get(2).and_then(|p| self.values.get(p))) {
                    (3, Some(ModuleValue::Constant(_, v))) => {
                        ConstantValue::Replicate(Box::new(v.clone()))
                    }
                    _ => {
                        return err(
                            o,
                            "OpConstantCompositeReplicateEXT needs one constant constituent",
                        )
                    }
                }
            }
            _ => unreachable!("constant_decl only gets constant opcodes"),
        };
        if self.values.contains_key(&id) || self.types.contains_key(&id) {
            return err(o, format!("%{id} defined twice"));
        }
        let is_spec = matches!(
            inst.opcode,
            Op::SpecConstant | Op::SpecConstantTrue | Op::SpecConstantFalse
        );
        if is_spec {
            let spec_id = self.decoration_literal(id, spirv::Decoration::SpecId);
            self.take_only(id, &[spirv::Decoration::SpecId])?;
            let s = self.module.spec_constants.append(SpecConstant {
                name: self.name_of(id),
                spec_id,
                ty,
                default: value,
                composite: None,
                builtin: None,
                replicate: false,
                operation: None,
            });
            self.values.insert(id, ModuleValue::Spec(s));
        } else {
            // glslang decorates its `gl_WorkGroupSize` constant `BuiltIn WorkgroupSize`: the
            // constant says what the `LocalSize` execution mode says, and constants are uniqued
            // values in the IR, so the decoration is dropped (the only one dropped).
            let workgroup_size = self.decorations.get(&id).is_some_and(|ds| {
                ds.iter().all(|d| {
                    d.decoration.kind == spirv::Decoration::BuiltIn
                        && d.decoration.operands == [spirv::BuiltIn::WorkgroupSize as u32]
                })
            });
            if workgroup_size {
                self.decorations_taken.borrow_mut().insert(id);
            }
            self.values.insert(id, ModuleValue::Constant(ty, value));
        }
        Ok(())
    }

    fn spec_composite_decl(&mut self, inst: &RawInst) -> Result<(), DeserializeError> {
        let o = inst.offset;
        let ops = &inst.ops;
        if ops.len() < 2 {
            return err(o, "OpSpecConstantComposite needs a result type and id");
        }
        let ty = self.ty(ops[0], o)?;
        let id = self.check_id(ops[1], o)?;
        if self.values.contains_key(&id) || self.types.contains_key(&id) {
            return err(o, format!("%{id} defined twice"));
        }
        if inst.opcode == Op::SpecConstantCompositeReplicateEXT && ops.len() != 3 {
            return err(
                o,
                "OpSpecConstantCompositeReplicateEXT needs one constituent",
            );
        }
        let mut constituents = Vec::new();
        for &c in &ops[2..] {
            constituents.push(match self.values.get(&c) {
                Some(ModuleValue::Spec(s)) => SpecConstituent::Spec(*s),
                Some(ModuleValue::Constant(_, v)) => SpecConstituent::Constant(v.clone()),
                _ => {
                    return err(
                        o,
                        format!("constituent %{c} is not a constant or spec constant"),
                    )
                }
            });
        }
        let mut builtin = None;
        self.take_only(id, &[spirv::Decoration::BuiltIn])?;
        for d in self.decorations_of(id)? {
            if let (spirv::Decoration::BuiltIn, Some(&b)) = (d.kind, d.operands.first()) {
                builtin = spirv::BuiltIn::from_u32(b);
            }
        }
        let s = self.module.spec_constants.append(SpecConstant {
            name: self.name_of(id),
            spec_id: None,
            ty,
            default: ConstantValue::Null,
            composite: Some(constituents),
            builtin,
            replicate: inst.opcode == Op::SpecConstantCompositeReplicateEXT,
            operation: None,
        });
        self.values.insert(id, ModuleValue::Spec(s));
        Ok(())
    }

    /// What a module-scope entity `id` is as an operand of a non-semantic instruction.
    fn non_semantic_operand(&self, id: u32) -> Option<NonSemanticOperand> {
        if let Some(&i) = self.non_semantic_index.get(&id) {
            return Some(NonSemanticOperand::Inst(i));
        }
        if let Some(s) = self.strings.get(&id) {
            return Some(NonSemanticOperand::String(s.clone()));
        }
        if let Some(&t) = self.types.get(&id) {
            return Some(NonSemanticOperand::Type(t));
        }
        if let Some(&f) = self.function_handles.get(&id) {
            return Some(NonSemanticOperand::Function(f));
        }
        Some(match self.values.get(&id)? {
            ModuleValue::Constant(t, c) => NonSemanticOperand::Constant(*t, c.clone()),
            ModuleValue::Global(g) => NonSemanticOperand::GlobalVariable(*g),
            ModuleValue::Spec(s) => NonSemanticOperand::SpecConstant(*s),
            ModuleValue::Undef(t) => NonSemanticOperand::Undef(*t),
        })
    }

    /// A module-scope `OpExtInst`: only of a non-semantic set (debug information).
    fn non_semantic_decl(&mut self, inst: &RawInst) -> Result<(), DeserializeError> {
        let o = inst.offset;
        let ops = &inst.ops;
        if ops.len() < 4 {
            return err(o, "OpExtInst needs a type, an id, a set and an instruction");
        }
        let set = self
            .ext_sets
            .get(&ops[2])
            .ok_or(DeserializeError {
                offset: o,
                message: format!("%{} is not an imported instruction set", ops[2]),
            })?
            .clone();
        if !set.is_debug_or_non_semantic() {
            return err(o, format!("{} instruction at module scope", set.name()));
        }
        if self.module.types.get(self.ty(ops[0], o)?) != Some(&Type::Void) {
            return err(
                o,
                format!(
                    "module-scope {} instruction {}: kiln keeps only those whose result type is \
                     void",
                    set.name(),
                    ops[3]
                ),
            );
        }
        let mut operands = Vec::new();
        for (i, &w) in ops[4..].iter().enumerate() {
            let Some(is_id) = set.operand_is_id(ops[3], i) else {
                return err(
                    o,
                    format!("{} instruction {} has no operand {i}", set.name(), ops[3]),
                );
            };
            if !is_id {
                operands.push(NonSemanticOperand::Literal(w));
                continue;
            }
            operands.push(self.non_semantic_operand(w).ok_or(DeserializeError {
                offset: o,
                message: format!(
                    "operand %{w} of module-scope {} instruction {} names nothing declared \
                     before it",
                    set.name(),
                    ops[3]
                ),
            })?);
        }
        self.module.non_semantic.push(NonSemanticInst {
            set,
            instruction: ops[3],
            operands,
        });
        Ok(())
    }

    /// `OpSpecConstantOp`: the wrapped opcode's operands by its grammar, ids naming (spec)
    /// constants.
    fn spec_operation_decl(&mut self, inst: &RawInst) -> Result<(), DeserializeError> {
        let o = inst.offset;
        let ops = &inst.ops;
        if ops.len() < 3 {
            return err(
                o,
                "OpSpecConstantOp needs a result type, an id and an opcode",
            );
        }
        let ty = self.ty(ops[0], o)?;
        let id = self.check_id(ops[1], o)?;
        if self.values.contains_key(&id) || self.types.contains_key(&id) {
            return err(o, format!("%{id} defined twice"));
        }
        let grammar = rspirv::grammar::INSTRUCTION_TABLE
            .lookup_opcode(ops[2])
            .ok_or(DeserializeError {
                offset: o,
                message: format!("OpSpecConstantOp wraps unknown opcode {}", ops[2]),
            })?;
        let kinds: Vec<OperandKind> = grammar
            .operands
            .iter()
            .filter(|x| !matches!(x.kind, OperandKind::IdResultType | OperandKind::IdResult))
            .map(|x| x.kind)
            .collect();
        let mut operands = Vec::new();
        for (i, &w) in ops[3..].iter().enumerate() {
            // Trailing words repeat the last operand kind (`OpVectorShuffle`'s components).
            let kind = kinds.get(i).or(kinds.last()).copied();
            operands.push(match kind {
                Some(OperandKind::IdRef) => match self.values.get(&w) {
                    Some(ModuleValue::Spec(s)) => SpecOperand::Spec(*s),
                    Some(ModuleValue::Constant(t, c)) => SpecOperand::Constant(*t, c.clone()),
                    _ => {
                        return err(
                            o,
                            format!(
                            "OpSpecConstantOp operand %{w} is not a constant declared before it"
                        ),
                        )
                    }
                },
                _ => SpecOperand::Literal(w),
            });
        }
        let s = self.module.spec_constants.append(SpecConstant {
            name: self.name_of(id),
            spec_id: None,
            ty,
            default: ConstantValue::Null,
            composite: None,
            builtin: None,
            replicate: false,
            operation: Some(SpecOperation {
                opcode: grammar.opcode,
                operands,
            }),
        });
        self.values.insert(id, ModuleValue::Spec(s));
        Ok(())
    }

    fn global_decl(&mut self, inst: &RawInst) -> Result<(), DeserializeError> {
        let o = inst.offset;
        let ops = &inst.ops;
        if ops.len() < 3 || ops.len() > 4 {
            return err(o, "OpVariable needs 3 or 4 operands");
        }
        let ty = self.ty(ops[0], o)?;
        let id = self.check_id(ops[1], o)?;
        let storage_class = spirv::StorageClass::from_u32(ops[2]).ok_or(DeserializeError {
            offset: o,
            message: format!("unknown storage class {}", ops[2]),
        })?;
        if storage_class == spirv::StorageClass::Function {
            return err(o, "Function-storage OpVariable at module scope");
        }
        let initializer = match ops.get(3) {
            Some(init) => match self.values.get(init) {
                Some(ModuleValue::Constant(_, v)) => Some(v.clone()),
                _ => return err(o, format!("initializer %{init} is not a constant")),
            },
            None => None,
        };
        let mut gv = GlobalVariable {
            name: self.name_of(id),
            ty,
            storage_class,
            initializer,
            descriptor_set: None,
            binding: None,
            builtin: None,
            decorations: Vec::new(),
            location: None,
        };
        // `<id>` operands may name globals declared later (`CounterBuffer`): those decorations
        // are resolved at the end of the module scope.
        let raw = self.decorations.get(&id).cloned().unwrap_or_default();
        let has_ids = raw.iter().any(|d| !d.ids.is_empty());
        self.decorations_taken.borrow_mut().insert(id);
        for d in raw.into_iter().filter(|d| d.ids.is_empty()) {
            let d = d.decoration;
            let first = d.operands.first().copied();
            match (d.kind, first) {
                (spirv::Decoration::DescriptorSet, Some(v)) => gv.descriptor_set = Some(v),
                (spirv::Decoration::Binding, Some(v)) => gv.binding = Some(v),
                (spirv::Decoration::BuiltIn, Some(v)) => {
                    gv.builtin = Some(spirv::BuiltIn::from_u32(v).ok_or(DeserializeError {
                        offset: o,
                        message: format!("unknown builtin {v}"),
                    })?)
                }
                _ => gv.decorations.push(d),
            }
        }
        let g = self.module.global_variables.append(gv);
        if has_ids {
            self.deferred_global_decorations.push((g, id));
        }
        self.values.insert(id, ModuleValue::Global(g));
        Ok(())
    }
}

/// An `OpPhi`: result type, result id, (value, parent label) pairs.
type Phi = (u32, u32, Vec<(u32, u32)>);

/// One SPIR-V basic block of a function.
#[derive(Clone, Debug)]
struct SpvBlock {
    label: u32,
    offset: usize,
    /// Index in the function's block order.
    index: usize,
    /// (result type, result id, [(value, pred)]) per OpPhi.
    phis: Vec<Phi>,
    /// `OpLine` / `OpNoLine`s before the first `OpPhi` (only when there are phis).
    lead: Vec<RawInst>,
    body: Vec<RawInst>,
    merge: Option<Merge>,
    terminator: RawInst,
}

#[derive(Copy, Clone, Debug)]
enum Merge {
    Selection { merge: u32, control: u32 },
    Loop { merge: u32, cont: u32, control: u32 },
}

struct FunctionLifter<'d> {
    d: &'d Deserializer,
    f: Function,
    blocks: Vec<SpvBlock>,
    by_label: HashMap<u32, usize>,
    preds: HashMap<u32, usize>,
    /// SPIR-V id -> function value.
    values: HashMap<u32, ValueId>,
    /// Module-level values materialized in this function (ops prepended to the entry block).
    prelude: Vec<OpId>,
    /// `OpExtInst`s between the parameters and the first label.
    prologue: Vec<RawInst>,
    /// `OpUndef`s inside the function: lifted like module-scope ones, at their first use (the
    /// serializer uniques every undef at module scope), so a round trip gives the same text.
    local_undefs: HashMap<u32, TypeId>,
    /// Active structured targets: merge blocks, loop headers, continue blocks.
    active: HashMap<u32, BlockId>,
    /// Normal blocks created for labels, with their region.
    normal: HashMap<u32, BlockId>,
    region_of: HashMap<BlockId, RegionId>,
    active_regions: Vec<RegionId>,
    pending: HashMap<RegionId, Vec<(usize, u32, BlockId)>>,
    emitted: HashSet<u32>,
    /// IR block -> SPIR-V block index, to sort region blocks into the original order.
    origin: HashMap<BlockId, usize>,
    /// The source position of the last `OpLine` of the SPIR-V block being lifted.
    location: Option<Location>,
}

impl<'d> FunctionLifter<'d> {
    fn lift(
        d: &'d Deserializer,
        fid: FunctionId,
        insts: &[RawInst],
    ) -> Result<Function, DeserializeError> {
        let head = &insts[0];
        let proto = &d.module.functions[fid];
        let fn_type = d.ty(head.ops[3], head.offset)?;
        let param_types = match &d.module.types[fn_type] {
            Type::Function { result, params } if *result == proto.result_type => params.clone(),
            _ => {
                return err(
                    head.offset,
                    "OpFunction's type is not a function type returning its result type",
                )
            }
        };
        let mut f = Function {
            name: proto.name.clone(),
            result_type: proto.result_type,
            control: proto.control,
            location: proto.location.clone(),
            params: Vec::new(),
            param_decorations: Vec::new(),
            decorations: proto.decorations.clone(),
            prologue: Vec::new(),
            body: crate::arena::Handle::from_index(0),
            values: Arena::new(),
            ops: Arena::new(),
            blocks: Arena::new(),
            regions: Arena::new(),
        };
        let mut values = HashMap::new();
        let mut i = 1;
        while i < insts.len() && insts[i].opcode == Op::FunctionParameter {
            let p = &insts[i];
            if p.ops.len() != 2 {
                return err(p.offset, "OpFunctionParameter needs 2 operands");
            }
            let ty = d.ty(p.ops[0], p.offset)?;
            let id = d.check_id(p.ops[1], p.offset)?;
            let index = f.params.len();
            if param_types.get(index) != Some(&ty) {
                return err(p.offset, "parameter type differs from the function type");
            }
            let v = f.values.append(Value {
                ty,
                name: d.name_of(id),
                def: ValueDef::Param(index as u32),
            });
            for decoration in d.decorations_of(id)? {
                f.param_decorations.push((index as u32, decoration));
            }
            f.params.push(v);
            values.insert(id, v);
            i += 1;
        }
        if f.params.len() != param_types.len() {
            return err(
                head.offset,
                "parameter count differs from the function type",
            );
        }
        let mut prologue = Vec::new();
        while i < insts.len() && insts[i].opcode == Op::ExtInst {
            prologue.push(insts[i].clone());
            i += 1;
        }
        // Split into blocks.
        let mut blocks = Vec::new();
        // Debug line instructions may stand between a terminator and the next label: they
        // position the next block's first instructions.
        let mut between = Vec::new();
        while i < insts.len() {
            let l = &insts[i];
            if matches!(l.opcode, Op::Line | Op::NoLine) {
                between.push(l.clone());
                i += 1;
                continue;
            }
            if l.opcode != Op::Label || l.ops.len() != 1 {
                return err(l.offset, format!("expected OpLabel, found {:?}", l.opcode));
            }
            let label = d.check_id(l.ops[0], l.offset)?;
            i += 1;
            let mut phis = Vec::new();
            let mut lead = Vec::new();
            let mut body = std::mem::take(&mut between);
            let mut merge = None;
            let mut terminator = None;
            while i < insts.len() {
                let x = &insts[i];
                i += 1;
                match x.opcode {
                    Op::Phi => {
                        if x.ops.len() < 2 || !x.ops.len().is_multiple_of(2) {
                            return err(
                                x.offset,
                                "OpPhi needs a type, an id and (value, parent) pairs",
                            );
                        }
                        if phis.is_empty()
                            && body
                                .iter()
                                .all(|b: &RawInst| matches!(b.opcode, Op::Line | Op::NoLine))
                        {
                            lead = std::mem::take(&mut body);
                        }
                        if !body.is_empty() {
                            return err(
                                x.offset,
                                "OpPhi after other instructions of its block (an OpLine \
                                 before the first OpPhi is kept, one between them is not)",
                            );
                        }
                        let pairs = x.ops[2..].chunks(2).map(|c| (c[0], c[1])).collect();
                        phis.push((x.ops[0], x.ops[1], pairs));
                    }
                    Op::SelectionMerge => {
                        if x.ops.len() != 2 {
                            return err(x.offset, "OpSelectionMerge needs 2 operands");
                        }
                        merge = Some((
                            x.offset,
                            Merge::Selection {
                                merge: x.ops[0],
                                control: x.ops[1],
                            },
                        ));
                    }
                    Op::LoopMerge => {
                        if x.ops.len() < 3 {
                            return err(x.offset, "OpLoopMerge needs 3 operands");
                        }
                        merge = Some((
                            x.offset,
                            Merge::Loop {
                                merge: x.ops[0],
                                cont: x.ops[1],
                                control: x.ops[2],
                            },
                        ));
                    }
                    // Kept in order: they give the following instructions their positions.
                    Op::Line | Op::NoLine => body.push(x.clone()),
                    Op::Branch
                    | Op::BranchConditional
                    | Op::Switch
                    | Op::Return
                    | Op::ReturnValue
                    | Op::Unreachable => {
                        terminator = Some(x.clone());
                        break;
                    }
                    op if crate::is_terminator_opcode(op) => {
                        terminator = Some(x.clone());
                        break;
                    }
                    Op::Label => return err(x.offset, "block without a terminator"),
                    _ => {
                        if merge.is_some() {
                            return err(
                                x.offset,
                                "merge instruction not right before the terminator",
                            );
                        }
                        body.push(x.clone());
                    }
                }
            }
            let terminator = terminator.ok_or(DeserializeError {
                offset: l.offset,
                message: "block without a terminator".into(),
            })?;
            let index = blocks.len();
            blocks.push(SpvBlock {
                label,
                offset: l.offset,
                index,
                phis,
                lead,
                body,
                merge: merge.map(|m| m.1),
                terminator,
            });
        }
        // An `OpNoLine` there says nothing; an `OpLine` would position only `OpFunctionEnd`.
        if let Some(l) = between.iter().find(|l| l.opcode == Op::Line) {
            return err(
                l.offset,
                "OpLine after the function's last block: it positions nothing kiln keeps",
            );
        }
        if blocks.is_empty() {
            return err(
                head.offset,
                "function declarations (no body) are not supported",
            );
        }
        // The result type of every id of the function, so that an `OpSwitch` knows the width
        // of its selector (and so which of its words are labels) before anything is lifted.
        let mut local_types: HashMap<u32, u32> = HashMap::new();
        for x in insts {
            let g = rspirv::grammar::INSTRUCTION_TABLE.lookup_opcode(x.opcode as u32);
            let typed = g.is_some_and(|g| {
                g.operands.first().map(|o| o.kind) == Some(OperandKind::IdResultType)
                    && g.operands.get(1).map(|o| o.kind) == Some(OperandKind::IdResult)
            });
            if typed && x.ops.len() >= 2 {
                local_types.insert(x.ops[1], x.ops[0]);
            }
        }
        let selector_is_64_bit = |id: u32| {
            let ty = match d.values.get(&id) {
                Some(ModuleValue::Constant(t, _)) | Some(ModuleValue::Undef(t)) => Some(*t),
                Some(ModuleValue::Spec(s)) => Some(d.module.spec_constants[*s].ty),
                _ => local_types.get(&id).and_then(|t| d.types.get(t).copied()),
            };
            matches!(
                ty.and_then(|t| d.module.types.get(t)),
                Some(Type::Int { width: 64, .. })
            )
        };
        let mut by_label = HashMap::new();
        let mut preds: HashMap<u32, usize> = HashMap::new();
        for b in &blocks {
            if by_label.insert(b.label, b.index).is_some() {
                return err(b.offset, format!("label %{} defined twice", b.label));
            }
            for t in successors(&b.terminator, &selector_is_64_bit)? {
                *preds.entry(t).or_default() += 1;
            }
        }
        let mut lifter = FunctionLifter {
            d,
            f,
            blocks,
            by_label,
            preds,
            values,
            prelude: Vec::new(),
            prologue,
            local_undefs: HashMap::new(),
            active: HashMap::new(),
            normal: HashMap::new(),
            region_of: HashMap::new(),
            active_regions: Vec::new(),
            pending: HashMap::new(),
            emitted: HashSet::new(),
            origin: HashMap::new(),
            location: None,
        };
        lifter.run()?;
        Ok(lifter.f)
    }

    fn block(&self, label: u32, offset: usize) -> Result<&SpvBlock, DeserializeError> {
        self.by_label
            .get(&label)
            .map(|&i| &self.blocks[i])
            .ok_or(DeserializeError {
                offset,
                message: format!("branch to %{label}, which is not a block of this function"),
            })
    }

    fn new_block(&mut self, region: RegionId, arg_types: &[TypeId], at: Option<usize>) -> BlockId {
        let b = self.f.blocks.append(Block::default());
        let args = arg_types
            .iter()
            .enumerate()
            .map(|(i, &ty)| {
                self.f.values.append(Value {
                    ty,
                    name: None,
                    def: ValueDef::BlockArg {
                        block: b,
                        index: i as u32,
                    },
                })
            })
            .collect();
        self.f.blocks[b].args = args;
        let r = &mut self.f.regions[region];
        match at {
            Some(i) => r.blocks.insert(i.min(r.blocks.len()), b),
            None => r.blocks.push(b),
        }
        self.region_of.insert(b, region);
        b
    }

    fn phi_types(&self, label: u32, offset: usize) -> Result<Vec<TypeId>, DeserializeError> {
        let blk = self.block(label, offset)?;
        blk.phis
            .iter()
            .map(|(t, _, _)| self.d.ty(*t, offset))
            .collect()
    }

    fn map_phis_to(
        &mut self,
        label: u32,
        args: &[ValueId],
        offset: usize,
    ) -> Result<(), DeserializeError> {
        let ids: Vec<u32> = self
            .block(label, offset)?
            .phis
            .iter()
            .map(|p| p.1)
            .collect();
        for (id, &v) in ids.iter().zip(args) {
            if let Some(n) = self.d.name_of(*id) {
                self.f.values[v].name = Some(n);
            }
            self.values.insert(*id, v);
        }
        Ok(())
    }

    fn push_op(&mut self, block: BlockId, kind: OpKind, result_types: &[TypeId]) -> OpId {
        let op = self.f.ops.append(Operation {
            kind,
            results: Vec::new(),
            decorations: Vec::new(),
            location: None,
        });
        let results = result_types
            .iter()
            .enumerate()
            .map(|(i, &ty)| {
                self.f.values.append(Value {
                    ty,
                    name: None,
                    def: ValueDef::Result {
                        op,
                        index: i as u32,
                    },
                })
            })
            .collect();
        self.f.ops[op].results = results;
        self.f.blocks[block].ops.push(op);
        op
    }

    /// An operand of a non-semantic instruction in a function: a value, or a module-scope
    /// entity (non-semantic instruction, function, string, type) as a `NonSemanticRef`.
    fn non_semantic_value(&mut self, id: u32, offset: usize) -> Result<ValueId, DeserializeError> {
        let is_value = self.values.contains_key(&id)
            || self.d.values.contains_key(&id)
            || self.local_undefs.contains_key(&id);
        if is_value {
            return self.value(id, offset);
        }
        let x = self.d.non_semantic_operand(id).ok_or(DeserializeError {
            offset,
            message: format!("non-semantic operand %{id} names nothing"),
        })?;
        let void = self
            .d
            .module
            .types
            .find(&Type::Void)
            .ok_or(DeserializeError {
                offset,
                message: "a non-semantic instruction in a module without OpTypeVoid".into(),
            })?;
        let op = self.f.ops.append(Operation {
            kind: OpKind::NonSemanticRef(x),
            results: Vec::new(),
            decorations: Vec::new(),
            location: None,
        });
        let v = self.f.values.append(Value {
            ty: void,
            name: None,
            def: ValueDef::Result { op, index: 0 },
        });
        self.f.ops[op].results = vec![v];
        self.prelude.push(op);
        self.values.insert(id, v);
        Ok(v)
    }

    /// The function value of SPIR-V id `id`, materializing module-level values on first use.
    fn value(&mut self, id: u32, offset: usize) -> Result<ValueId, DeserializeError> {
        if let Some(&v) = self.values.get(&id) {
            return Ok(v);
        }
        let local_undef = self.local_undefs.get(&id).map(|&t| ModuleValue::Undef(t));
        let (kind, ty) = match local_undef.as_ref().or(self.d.values.get(&id)) {
            Some(ModuleValue::Constant(t, c)) => (OpKind::Constant(c.clone()), *t),
            Some(ModuleValue::Spec(s)) => {
                (OpKind::ReferenceOf(*s), self.d.module.spec_constants[*s].ty)
            }
            Some(ModuleValue::Global(g)) => {
                (OpKind::AddressOf(*g), self.d.module.global_variables[*g].ty)
            }
            Some(ModuleValue::Undef(t)) => (
                OpKind::Inst {
                    opcode: Op::Undef,
                    operands: vec![],
                },
                *t,
            ),
            None => {
                return err(
                    offset,
                    format!("use of %{id}, which is not defined before this use"),
                )
            }
        };
        let op = self.f.ops.append(Operation {
            kind,
            results: Vec::new(),
            decorations: Vec::new(),
            location: None,
        });
        // A constant or undef keeps its `OpName` on each function's copy (the serializer
        // uniques them again, with the name); globals and spec constants have their own.
        let name = match self.f.ops[op].kind {
            OpKind::Constant(_) | OpKind::Inst { .. } => self.d.name_of(id),
            _ => None,
        };
        let v = self.f.values.append(Value {
            ty,
            name,
            def: ValueDef::Result { op, index: 0 },
        });
        self.f.ops[op].results = vec![v];
        self.prelude.push(op);
        self.values.insert(id, v);
        Ok(v)
    }

    fn run(&mut self) -> Result<(), DeserializeError> {
        let body = self.f.regions.append(Region {
            kind: RegionKind::Function,
            blocks: Vec::new(),
        });
        self.f.body = body;
        let first = self.blocks[0].label;
        if self.preds.get(&first).copied().unwrap_or(0) > 0 {
            return err(
                self.blocks[0].offset,
                "the entry block is the target of a branch",
            );
        }
        let entry = self.new_block(body, &[], None);
        self.origin.insert(entry, 0);
        self.lift_prologue(entry)?;
        self.active_regions.push(body);
        self.emit_seq(first, entry)?;
        self.drain(body)?;
        self.active_regions.pop();
        self.sort_region(body, 1, 0);
        let mut ops = std::mem::take(&mut self.prelude);
        ops.extend(std::mem::take(&mut self.f.blocks[entry].ops));
        self.f.blocks[entry].ops = ops;
        Ok(())
    }

    /// Lifts the `OpExtInst`s before the first label into `Function::prologue` (through the
    /// empty entry block); the values they define or materialize stay theirs alone.
    fn lift_prologue(&mut self, entry: BlockId) -> Result<(), DeserializeError> {
        if self.prologue.is_empty() {
            return Ok(());
        }
        let saved_prelude = std::mem::take(&mut self.prelude);
        let known: HashSet<u32> = self.values.keys().copied().collect();
        for inst in std::mem::take(&mut self.prologue) {
            let set = inst.ops.get(2).and_then(|s| self.d.ext_sets.get(s));
            if !set.is_some_and(|s| s.is_debug_or_non_semantic()) {
                return err(
                    inst.offset,
                    "an OpExtInst before the first block must be of a non-semantic or debug set",
                );
            }
            self.emit_inst(entry, &inst)?;
        }
        let mut ops = std::mem::replace(&mut self.prelude, saved_prelude);
        ops.append(&mut self.f.blocks[entry].ops);
        self.f.prologue = ops;
        self.values.retain(|id, _| known.contains(id));
        Ok(())
    }

    /// Sorts the blocks of a region between `head` leading and `tail` trailing structural
    /// blocks into their SPIR-V order (a valid dominance order).
    fn sort_region(&mut self, region: RegionId, head: usize, tail: usize) {
        let origin = &self.origin;
        let blocks = &mut self.f.regions[region].blocks;
        let n = blocks.len();
        if n > head + tail {
            blocks[head..n - tail].sort_by_key(|b| origin.get(b).copied().unwrap_or(usize::MAX));
        }
    }

    /// Opens the construct of `region` (a selection or loop inside the active ones): at most
    /// [`MAX_CONTROL_FLOW_NESTING`] deep, since lifting recurses into each.
    fn enter_construct(&mut self, region: RegionId, offset: usize) -> Result<(), DeserializeError> {
        // The function body is the first active region.
        if self.active_regions.len() > MAX_CONTROL_FLOW_NESTING {
            return err(
                offset,
                format!(
                    "structured control flow nested more than {MAX_CONTROL_FLOW_NESTING} \
                     constructs deep (spirv-val's default limit)"
                ),
            );
        }
        self.active_regions.push(region);
        Ok(())
    }

    /// Emits pending blocks of `region` in SPIR-V order until none is left.
    fn drain(&mut self, region: RegionId) -> Result<(), DeserializeError> {
        loop {
            let list = self.pending.entry(region).or_default();
            if list.is_empty() {
                return Ok(());
            }
            let (pos, _) = list
                .iter()
                .enumerate()
                .min_by_key(|(_, p)| p.0)
                .expect("non-empty");
            let (_, label, block) = list.remove(pos);
            self.emit_seq(label, block)?;
        }
    }

    /// Emits SPIR-V block `label` (and the merge blocks that continue it) into IR block `into`.
    fn emit_seq(&mut self, mut label: u32, into: BlockId) -> Result<(), DeserializeError> {
        // `into` begins at `label` (it takes the label's name, unless the label is a loop
        // header, whose name goes to the loop's header block); the merge blocks it continues
        // in are named on their constructs' merge blocks.
        let mut first = true;
        loop {
            let bi = *self.by_label.get(&label).ok_or(DeserializeError {
                offset: 0,
                message: format!("missing block %{label}"),
            })?;
            if !self.emitted.insert(label) {
                return err(
                    self.blocks[bi].offset,
                    format!("block %{label} reached twice (unstructured control flow)"),
                );
            }
            let blk = self.blocks[bi].clone();
            if std::mem::take(&mut first) && !matches!(blk.merge, Some(Merge::Loop { .. })) {
                self.name_block(into, label)?;
            }
            // An `OpLine` holds until the end of its block (one before the phis from the start).
            self.location = self.lead_location(&blk.lead)?;
            if let Some(Merge::Loop {
                merge,
                cont,
                control,
            }) = blk.merge
            {
                label = self.emit_loop(&blk, into, merge, cont, control)?;
                continue;
            }
            for inst in &blk.body {
                self.emit_inst(into, inst)?;
            }
            match blk.merge {
                Some(Merge::Selection { merge, control }) => {
                    if self.active.contains_key(&merge) || self.emitted.contains(&merge) {
                        return err(
                            blk.terminator.offset,
                            format!("merge block %{merge} is already used by another construct"),
                        );
                    }
                    let region = self.f.regions.append(Region {
                        kind: RegionKind::Selection,
                        blocks: Vec::new(),
                    });
                    let merge_types = self.phi_types(merge, blk.offset)?;
                    let header = self.new_block(region, &[], None);
                    let mb = self.new_block(region, &merge_types, None);
                    self.name_block(mb, merge)?;
                    let merge_args = self.f.blocks[mb].args.clone();
                    self.push_op(mb, OpKind::Merge { values: merge_args }, &[]);
                    let op = self.push_op(
                        into,
                        OpKind::Selection {
                            control: spirv::SelectionControl::from_bits_truncate(control),
                            body: region,
                        },
                        &merge_types,
                    );
                    self.active.insert(merge, mb);
                    self.enter_construct(region, blk.offset)?;
                    self.emit_terminator(header, &blk, true)?;
                    self.drain(region)?;
                    self.active_regions.pop();
                    self.active.remove(&merge);
                    let blocks = &mut self.f.regions[region].blocks;
                    blocks.retain(|&b| b != mb);
                    blocks.push(mb);
                    self.sort_region(region, 1, 1);
                    let results = self.f.ops[op].results.clone();
                    self.map_phis_to(merge, &results, blk.offset)?;
                    label = merge;
                }
                Some(Merge::Loop { .. }) => unreachable!("handled above"),
                None => {
                    // A block that falls through to a single-predecessor block continues in it.
                    if blk.terminator.opcode == Op::Branch {
                        let t = *blk.terminator.ops.first().ok_or(DeserializeError {
                            offset: blk.terminator.offset,
                            message: "OpBranch without a target".into(),
                        })?;
                        let tb = self.block(t, blk.terminator.offset)?;
                        // A named block stays a block of its own, to keep its name.
                        let simple = tb.phis.is_empty()
                            && !self.d.names.contains_key(&t)
                            && self.preds.get(&t) == Some(&1)
                            && !self.active.contains_key(&t)
                            && !self.normal.contains_key(&t)
                            && !self.is_structural_target(t);
                        if simple {
                            label = t;
                            continue;
                        }
                        // A loop header entered from this block alone (its other predecessor
                        // is the back edge): continue into the loop, its phis take the values
                        // of this edge.
                        let single_entry_loop = matches!(tb.merge, Some(Merge::Loop { .. }))
                            && self.preds.get(&t) == Some(&2)
                            && !self.active.contains_key(&t)
                            && !self.normal.contains_key(&t)
                            && !self.is_structural_target(t);
                        if single_entry_loop {
                            let phis = tb.phis.clone();
                            for (_, id, incoming) in &phis {
                                let v = incoming
                                    .iter()
                                    .find(|(_, p)| *p == blk.label)
                                    .map(|(v, _)| *v)
                                    .ok_or(DeserializeError {
                                        offset: blk.terminator.offset,
                                        message: format!(
                                            "OpPhi %{id} has no value for predecessor %{}",
                                            blk.label
                                        ),
                                    })?;
                                let v = self.value(v, blk.terminator.offset)?;
                                self.values.insert(*id, v);
                            }
                            label = t;
                            continue;
                        }
                    }
                    self.emit_terminator(into, &blk, false)?;
                    return Ok(());
                }
            }
        }
    }

    /// Gives IR block `b`, which begins at SPIR-V label `label`, the label's `OpName` and
    /// the position of its phis, if it has them.
    fn name_block(&mut self, b: BlockId, label: u32) -> Result<(), DeserializeError> {
        if let Some(name) = self.d.name_of(label) {
            self.f.blocks[b].name = Some(name);
        }
        let lead = self.block(label, 0)?.lead.clone();
        self.f.blocks[b].location = self.lead_location(&lead)?;
        Ok(())
    }

    /// The position the `OpLine` / `OpNoLine`s before a block's phis leave in effect.
    fn lead_location(&self, lead: &[RawInst]) -> Result<Option<Location>, DeserializeError> {
        let mut location = None;
        for x in lead {
            location = match x.ops[..] {
                [file, line, column] if x.opcode == Op::Line => {
                    let file = self.d.strings.get(&file).cloned().ok_or(DeserializeError {
                        offset: x.offset,
                        message: format!("OpLine file %{file} is not an OpString"),
                    })?;
                    Some(Location { file, line, column })
                }
                _ if x.opcode == Op::Line => {
                    return err(x.offset, "OpLine needs a file, a line and a column")
                }
                _ => None,
            };
        }
        Ok(location)
    }

    /// Whether `label` is the merge or continue target of any construct of the function.
    fn is_structural_target(&self, label: u32) -> bool {
        self.blocks.iter().any(|b| match b.merge {
            Some(Merge::Selection { merge, .. }) => merge == label,
            Some(Merge::Loop { merge, cont, .. }) => merge == label || cont == label,
            None => false,
        })
    }

    /// Emits a loop whose header is `blk` into `into`; returns the merge label to continue with.
    fn emit_loop(
        &mut self,
        blk: &SpvBlock,
        into: BlockId,
        merge: u32,
        cont: u32,
        control: u32,
    ) -> Result<u32, DeserializeError> {
        let o = blk.offset;
        // A single-block loop (the header is its own continue target) gets a continue block
        // of its own that only branches back: the back edge targets it instead.
        let self_continue = cont == blk.label;
        if merge == cont || self.active.contains_key(&merge) || self.emitted.contains(&merge) {
            return err(
                o,
                format!("loop merge block %{merge} is already used by another construct"),
            );
        }
        // Values flowing in from outside: the current mapping of the header's phis.
        let phi_ids: Vec<u32> = blk.phis.iter().map(|p| p.1).collect();
        let mut init = Vec::new();
        for id in &phi_ids {
            init.push(*self.values.get(id).ok_or(DeserializeError {
                offset: o,
                message: format!("loop header phi %{id} has no value from outside the loop"),
            })?);
        }
        let header_types = self.phi_types(blk.label, o)?;
        let cont_types = self.phi_types(cont, o)?;
        let merge_types = self.phi_types(merge, o)?;
        let region = self.f.regions.append(Region {
            kind: RegionKind::Loop,
            blocks: Vec::new(),
        });
        let entry = self.new_block(region, &[], None);
        let hb = self.new_block(region, &header_types, None);
        let cb = self.new_block(region, &cont_types, None);
        let mb = self.new_block(region, &merge_types, None);
        self.name_block(hb, blk.label)?;
        self.name_block(mb, merge)?;
        let merge_args = self.f.blocks[mb].args.clone();
        self.push_op(mb, OpKind::Merge { values: merge_args }, &[]);
        let op = self.push_op(
            into,
            OpKind::Loop {
                control: spirv::LoopControl::from_bits_truncate(control),
                body: region,
            },
            &merge_types,
        );
        self.push_op(
            entry,
            OpKind::Branch {
                target: Successor {
                    block: hb,
                    args: init,
                },
            },
            &[],
        );
        let hargs = self.f.blocks[hb].args.clone();
        self.map_phis_to(blk.label, &hargs, o)?;
        let cargs = self.f.blocks[cb].args.clone();
        if self_continue {
            self.active.insert(blk.label, cb);
        } else {
            self.map_phis_to(cont, &cargs, o)?;
            self.active.insert(blk.label, hb);
            self.active.insert(cont, cb);
        }
        self.active.insert(merge, mb);
        self.enter_construct(region, o)?;
        for inst in &blk.body {
            self.emit_inst(hb, inst)?;
        }
        self.emit_terminator(hb, blk, false)?;
        self.drain(region)?;
        // The continue construct (its back edge still targets the active header).
        if self_continue {
            self.push_op(
                cb,
                OpKind::Branch {
                    target: Successor {
                        block: hb,
                        args: cargs,
                    },
                },
                &[],
            );
        } else {
            self.emit_seq(cont, cb)?;
        }
        self.drain(region)?;
        self.active.remove(&blk.label);
        // Keep [entry, header, body..., continue, merge].
        let blocks = &mut self.f.regions[region].blocks;
        blocks.retain(|&b| b != cb && b != mb);
        blocks.push(cb);
        blocks.push(mb);
        self.sort_region(region, 2, 2);
        self.active_regions.pop();
        self.active.remove(&cont);
        self.active.remove(&merge);
        let results = self.f.ops[op].results.clone();
        self.map_phis_to(merge, &results, o)?;
        Ok(merge)
    }

    /// The IR successor for a branch from SPIR-V block `from` to `target`.
    fn successor(
        &mut self,
        from: &SpvBlock,
        target: u32,
        current_region: RegionId,
        offset: usize,
    ) -> Result<(Successor, bool), DeserializeError> {
        let tb = self.block(target, offset)?.clone();
        let (block, is_new) = if let Some(&b) = self.active.get(&target) {
            (b, false)
        } else if let Some(&b) = self.normal.get(&target) {
            let r = self.region_of[&b];
            if !self.active_regions.contains(&r) {
                return err(offset, format!("branch into %{target}, inside another construct (unstructured control flow)"));
            }
            (b, false)
        } else {
            if self.emitted.contains(&target) {
                return err(
                    offset,
                    format!(
                        "branch to %{target}, which was already placed (unstructured control flow)"
                    ),
                );
            }
            let types = self.phi_types(target, offset)?;
            let b = self.new_block(current_region, &types, None);
            self.origin.insert(b, tb.index);
            let args = self.f.blocks[b].args.clone();
            self.map_phis_to(target, &args, offset)?;
            self.normal.insert(target, b);
            self.pending
                .entry(current_region)
                .or_default()
                .push((tb.index, target, b));
            (b, true)
        };
        let mut args = Vec::new();
        for (_, id, incoming) in &tb.phis {
            let v = incoming
                .iter()
                .find(|(_, pred)| *pred == from.label)
                .map(|(v, _)| *v)
                .ok_or(DeserializeError {
                    offset,
                    message: format!("OpPhi %{id} has no value for predecessor %{}", from.label),
                })?;
            args.push(self.value(v, offset)?);
        }
        Ok((Successor { block, args }, is_new))
    }

    fn emit_terminator(
        &mut self,
        into: BlockId,
        blk: &SpvBlock,
        is_header: bool,
    ) -> Result<(), DeserializeError> {
        let t = &blk.terminator;
        let o = t.offset;
        let region = self.region_of[&into];
        let kind = match t.opcode {
            Op::Branch => {
                if t.ops.len() != 1 {
                    return err(o, "OpBranch needs 1 operand");
                }
                let (s, _) = self.successor(blk, t.ops[0], region, o)?;
                OpKind::Branch { target: s }
            }
            Op::BranchConditional => {
                if t.ops.len() != 3 && t.ops.len() != 5 {
                    return err(o, "OpBranchConditional needs 3 or 5 operands");
                }
                let condition = self.value(t.ops[0], o)?;
                let (on_true, new_t) = self.successor(blk, t.ops[1], region, o)?;
                let (on_false, new_f) = if t.ops[2] == t.ops[1] {
                    (on_true.clone(), false)
                } else {
                    self.successor(blk, t.ops[2], region, o)?
                };
                if !is_header && new_t && new_f {
                    return err(o, "conditional branch without OpSelectionMerge to two new blocks (unstructured control flow)");
                }
                let weights = if t.ops.len() == 5 {
                    Some((t.ops[3], t.ops[4]))
                } else {
                    None
                };
                OpKind::BranchConditional {
                    condition,
                    on_true,
                    on_false,
                    weights,
                }
            }
            Op::Switch => {
                if t.ops.len() < 2 {
                    return err(o, "OpSwitch needs a selector and a default");
                }
                let selector = self.value(t.ops[0], o)?;
                let wide = matches!(
                    self.d.module.types.get(self.f.values[selector].ty),
                    Some(Type::Int { width: 64, .. })
                );
                let step = if wide { 3 } else { 2 };
                if !(t.ops.len() - 2).is_multiple_of(step) {
                    return err(o, "OpSwitch case list has a bad length");
                }
                let mut news = 0;
                let (default, n) = self.successor(blk, t.ops[1], region, o)?;
                news += usize::from(n);
                let mut cases = Vec::new();
                for c in t.ops[2..].chunks(step) {
                    let value = if wide {
                        u64::from(c[0]) | (u64::from(c[1]) << 32)
                    } else {
                        u64::from(c[0])
                    };
                    let (s, n) = self.successor(blk, c[step - 1], region, o)?;
                    news += usize::from(n);
                    cases.push((value, s));
                }
                if !is_header && news > 1 {
                    return err(
                        o,
                        "OpSwitch without OpSelectionMerge (unstructured control flow)",
                    );
                }
                OpKind::Switch {
                    selector,
                    default,
                    cases,
                }
            }
            Op::Return => OpKind::Return,
            Op::ReturnValue => {
                if t.ops.len() != 1 {
                    return err(o, "OpReturnValue needs 1 operand");
                }
                OpKind::ReturnValue(self.value(t.ops[0], o)?)
            }
            Op::Unreachable => OpKind::Unreachable,
            other => {
                let grammar = rspirv::grammar::INSTRUCTION_TABLE
                    .lookup_opcode(other as u32)
                    .ok_or(DeserializeError {
                        offset: o,
                        message: format!("unknown opcode {other:?}"),
                    })?;
                OpKind::Inst {
                    opcode: other,
                    operands: self.operands(grammar, &t.ops, o)?,
                }
            }
        };
        self.push_op(into, kind, &[]);
        Ok(())
    }

    fn emit_inst(&mut self, into: BlockId, inst: &RawInst) -> Result<(), DeserializeError> {
        let o = inst.offset;
        let d = self.d;
        match inst.opcode {
            Op::Line => {
                let [file, line, column] = inst.ops[..] else {
                    return err(o, "OpLine needs a file, a line and a column");
                };
                let file = d.strings.get(&file).cloned().ok_or(DeserializeError {
                    offset: o,
                    message: format!("OpLine file %{file} is not an OpString"),
                })?;
                self.location = Some(Location { file, line, column });
                return Ok(());
            }
            Op::NoLine => {
                self.location = None;
                return Ok(());
            }
            Op::Undef if inst.ops.len() == 2 && !d.decorations.contains_key(&inst.ops[1]) => {
                let t = d.ty(inst.ops[0], o)?;
                let id = inst.ops[1];
                if self.values.contains_key(&id) || self.local_undefs.insert(id, t).is_some() {
                    return err(o, format!("%{id} defined twice"));
                }
                return Ok(());
            }
            _ => {}
        }
        let grammar = rspirv::grammar::INSTRUCTION_TABLE
            .lookup_opcode(inst.opcode as u32)
            .ok_or(DeserializeError {
                offset: o,
                message: format!("unknown opcode {:?}", inst.opcode),
            })?;
        let ops = &inst.ops;
        let has_type = grammar.operands.first().map(|x| x.kind) == Some(OperandKind::IdResultType);
        let has_result = grammar
            .operands
            .iter()
            .any(|x| x.kind == OperandKind::IdResult);
        let mut at = 0;
        let mut result_type = None;
        if has_type {
            let t = *ops.get(at).ok_or(DeserializeError {
                offset: o,
                message: format!("{:?} without a result type", inst.opcode),
            })?;
            result_type = Some(d.ty(t, o)?);
            at += 1;
        }
        let mut result_id = None;
        if has_result {
            let r = *ops.get(at).ok_or(DeserializeError {
                offset: o,
                message: format!("{:?} without a result id", inst.opcode),
            })?;
            result_id = Some(d.check_id(r, o)?);
            at += 1;
        }
        let rest = &ops[at..];
        let kind = match inst.opcode {
            Op::ExtInst => {
                if rest.len() < 2 {
                    return err(o, "OpExtInst needs a set and an instruction");
                }
                let set = self
                    .d
                    .ext_sets
                    .get(&rest[0])
                    .ok_or(DeserializeError {
                        offset: o,
                        message: format!("%{} is not an imported instruction set", rest[0]),
                    })?
                    .clone();
                if set.is_debug_or_non_semantic() {
                    // Operands by the grammar (every one an `<id>` in a `NonSemantic.*` set,
                    // known or not); `<id>`s may name module-scope entities.
                    let mut operands = Vec::new();
                    for (i, &w) in rest[2..].iter().enumerate() {
                        operands.push(match set.operand_is_id(rest[1], i) {
                            Some(true) => Operand::Value(self.non_semantic_value(w, o)?),
                            Some(false) => Operand::Literal(w),
                            None => {
                                return err(
                                    o,
                                    format!(
                                        "{} instruction {} has no operand {i}",
                                        set.name(),
                                        rest[1]
                                    ),
                                )
                            }
                        });
                    }
                    let kind = OpKind::ExtInst {
                        set,
                        instruction: rest[1],
                        operands,
                    };
                    return self.finish_inst(into, kind, result_type, result_id, o);
                }
                let Some(g) = set.instruction(rest[1]) else {
                    return err(o, format!("unknown {} instruction {}", set.name(), rest[1]));
                };
                // Operands by the set's grammar: `<id>`s are values, the rest literal words
                // (a literal integer or an enumerant, one word each in every set kiln knows).
                // Trailing words repeat a last `ZeroOrMore` operand (`printf`'s arguments).
                let mut operands = Vec::new();
                for (i, &w) in rest[2..].iter().enumerate() {
                    let repeated = g
                        .operands
                        .last()
                        .filter(|x| x.quantifier == OperandQuantifier::ZeroOrMore);
                    let Some(operand) = g.operands.get(i).or(repeated) else {
                        return err(
                            o,
                            format!("too many operands for {} {}", set.name(), g.opname),
                        );
                    };
                    operands.push(match operand.kind {
                        OperandKind::IdRef => Operand::Value(self.value(w, o)?),
                        _ => Operand::Literal(w),
                    });
                }
                OpKind::ExtInst {
                    set,
                    instruction: rest[1],
                    operands,
                }
            }
            Op::FunctionCall => {
                if rest.is_empty() {
                    return err(o, "OpFunctionCall without a callee");
                }
                let callee = *self.d.function_ids.get(&rest[0]).ok_or(DeserializeError {
                    offset: o,
                    message: format!("%{} is not a function", rest[0]),
                })?;
                let mut args = Vec::new();
                for &v in &rest[1..] {
                    args.push(self.value(v, o)?);
                }
                OpKind::FunctionCall { callee, args }
            }
            Op::Function | Op::FunctionParameter | Op::FunctionEnd | Op::Label => {
                return err(o, format!("unexpected {:?} inside a block", inst.opcode));
            }
            opcode if has_result && !has_type && opcode != Op::Undef => {
                return err(o, format!("{opcode:?} inside a function is not supported"));
            }
            opcode => OpKind::Inst {
                opcode,
                operands: self.operands(grammar, rest, o)?,
            },
        };
        self.finish_inst(into, kind, result_type, result_id, o)
    }

    /// Appends the op lifted from an instruction with its result, name, decorations and source
    /// position.
    fn finish_inst(
        &mut self,
        into: BlockId,
        kind: OpKind,
        result_type: Option<TypeId>,
        result_id: Option<u32>,
        o: usize,
    ) -> Result<(), DeserializeError> {
        let d = self.d;
        let is_void_call = matches!(kind, OpKind::FunctionCall { .. })
            && result_type.is_some_and(|t| d.module.types[t] == Type::Void);
        let types: Vec<TypeId> = if is_void_call {
            vec![]
        } else {
            result_type.into_iter().collect()
        };
        let positioned = match &kind {
            OpKind::Inst { opcode, .. } => *opcode != Op::Undef,
            OpKind::ExtInst { .. } | OpKind::FunctionCall { .. } => true,
            _ => false,
        };
        let op = self.push_op(into, kind, &types);
        if positioned {
            self.f.ops[op].location = self.location.clone();
        }
        if let (Some(id), Some(&v)) = (result_id, self.f.ops[op].results.first()) {
            if self.values.contains_key(&id) {
                return err(o, format!("%{id} defined twice"));
            }
            self.values.insert(id, v);
            if let Some(n) = d.name_of(id) {
                self.f.values[v].name = Some(n);
            }
            self.f.ops[op].decorations = d.decorations_of(id)?;
        }
        Ok(())
    }

    /// Converts operand words by the grammar: ids become values (or scopes / semantics / types /
    /// functions), everything else literal words.
    fn operands(
        &mut self,
        grammar: &rspirv::grammar::Instruction,
        words: &[u32],
        o: usize,
    ) -> Result<Vec<Operand>, DeserializeError> {
        let mut out = Vec::new();
        let mut at = 0;
        let logical: Vec<_> = grammar
            .operands
            .iter()
            .filter(|x| !matches!(x.kind, OperandKind::IdResultType | OperandKind::IdResult))
            .collect();
        for lo in logical {
            loop {
                if at >= words.len() {
                    if lo.quantifier == OperandQuantifier::One {
                        return err(
                            o,
                            format!("{:?} is missing its {:?} operand", grammar.opcode, lo.kind),
                        );
                    }
                    break;
                }
                let w = words[at];
                match lo.kind {
                    OperandKind::IdRef => {
                        if let Some(&t) = self.d.types.get(&w) {
                            out.push(Operand::Type(t));
                        } else if let Some(&g) = self.d.function_ids.get(&w) {
                            // `OpCooperativeMatrixPerElementOpNV`'s `Func`.
                            out.push(Operand::Function(g));
                        } else {
                            out.push(Operand::Value(self.value(w, o)?));
                        }
                        at += 1;
                    }
                    OperandKind::IdScope => {
                        out.push(self.scope_operand(w, o)?);
                        at += 1;
                    }
                    OperandKind::IdMemorySemantics => {
                        match self.d.values.get(&w) {
                            Some(ModuleValue::Constant(_, ConstantValue::Int(v))) => {
                                out.push(Operand::MemorySemantics(
                                    spirv::MemorySemantics::from_bits_retain(*v as u32),
                                ))
                            }
                            _ => out.push(Operand::Value(self.value(w, o)?)),
                        }
                        at += 1;
                    }
                    OperandKind::MemoryAccess => {
                        out.push(Operand::Literal(w));
                        at += 1;
                        let bits = spirv::MemoryAccess::from_bits_retain(w);
                        if bits.contains(spirv::MemoryAccess::ALIGNED) {
                            let a = *words.get(at).ok_or(DeserializeError {
                                offset: o,
                                message: "Aligned without its alignment".into(),
                            })?;
                            out.push(Operand::Literal(a));
                            at += 1;
                        }
                        for flag in [
                            spirv::MemoryAccess::MAKE_POINTER_AVAILABLE,
                            spirv::MemoryAccess::MAKE_POINTER_VISIBLE,
                        ] {
                            if bits.contains(flag) {
                                let s = *words.get(at).ok_or(DeserializeError {
                                    offset: o,
                                    message: "memory access without its scope".into(),
                                })?;
                                out.push(self.scope_operand(s, o)?);
                                at += 1;
                            }
                        }
                    }
                    OperandKind::ImageOperands => {
                        out.push(Operand::Literal(w));
                        at += 1;
                        for (flag, count) in image_operand_parameters(w) {
                            for _ in 0..count {
                                let p = *words.get(at).ok_or(DeserializeError {
                                    offset: o,
                                    message: format!("image operand {flag:?} without its operand"),
                                })?;
                                out.push(
                                    if flag.intersects(
                                        spirv::ImageOperands::MAKE_TEXEL_AVAILABLE
                                            | spirv::ImageOperands::MAKE_TEXEL_VISIBLE,
                                    ) {
                                        self.scope_operand(p, o)?
                                    } else {
                                        Operand::Value(self.value(p, o)?)
                                    },
                                );
                                at += 1;
                            }
                        }
                    }
                    OperandKind::TensorAddressingOperands => {
                        out.push(Operand::Literal(w));
                        at += 1;
                        let bits = spirv::TensorAddressingOperands::from_bits_retain(w);
                        if bits.contains(spirv::TensorAddressingOperands::TENSOR_VIEW) {
                            let view = *words.get(at).ok_or(DeserializeError {
                                offset: o,
                                message: "TensorView without its tensor view".into(),
                            })?;
                            out.push(Operand::Value(self.value(view, o)?));
                            at += 1;
                        }
                        if bits.contains(spirv::TensorAddressingOperands::DECODE_FUNC) {
                            return err(o, "tensor addressing DecodeFunc is not supported");
                        }
                    }
                    OperandKind::PairIdRefIdRef => {
                        return err(
                            o,
                            format!("{:?} is not supported inside functions", grammar.opcode),
                        );
                    }
                    _ => {
                        out.push(Operand::Literal(w));
                        at += 1;
                    }
                }
                if lo.quantifier != OperandQuantifier::ZeroOrMore {
                    break;
                }
            }
        }
        if at != words.len() {
            return err(
                o,
                format!(
                    "{:?} has {} operand words too many",
                    grammar.opcode,
                    words.len() - at
                ),
            );
        }
        Ok(out)
    }

    fn scope_operand(&mut self, w: u32, o: usize) -> Result<Operand, DeserializeError> {
        Ok(match self.d.values.get(&w) {
            Some(ModuleValue::Constant(_, ConstantValue::Int(v))) => {
                match spirv::Scope::from_u32(*v as u32) {
                    Some(s) => Operand::Scope(s),
                    None => return err(o, format!("bad scope value {v}")),
                }
            }
            _ => Operand::Value(self.value(w, o)?),
        })
    }
}

/// The labels a terminator branches to; `is_64_bit(selector)` tells an `OpSwitch`'s case
/// literal width (one word, or two), so that literals are never taken for labels.
fn successors(t: &RawInst, is_64_bit: &dyn Fn(u32) -> bool) -> Result<Vec<u32>, DeserializeError> {
    Ok(match t.opcode {
        Op::Branch => t.ops.first().copied().into_iter().collect(),
        Op::BranchConditional => t.ops.iter().skip(1).take(2).copied().collect(),
        Op::Switch => {
            let Some(&selector) = t.ops.first() else {
                return err(t.offset, "OpSwitch needs a selector and a default");
            };
            let step = if is_64_bit(selector) { 3 } else { 2 };
            let cases = t.ops.get(2..).unwrap_or(&[]);
            if !cases.len().is_multiple_of(step) {
                return err(t.offset, "OpSwitch case list has a bad length");
            }
            let mut v: Vec<u32> = t.ops.get(1).copied().into_iter().collect();
            v.extend(cases.chunks(step).map(|c| c[step - 1]));
            v
        }
        _ => Vec::new(),
    })
}
