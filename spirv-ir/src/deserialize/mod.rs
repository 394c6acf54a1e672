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
//!
//! Laid out by the module's logical layout, as MLIR's `Target/SPIRV/Deserialization/` and
//! naga's `front/spv/`: this file holds the entry points and the deserializer's state;
//! [`module_scope`] walks the module (header, capabilities, extensions, imports, memory model,
//! entry points, execution modes), [`debug`] reads names, strings, sources and non-semantic
//! instructions, [`annotations`] decorations, [`types`] and [`constants`] the type, constant
//! and global declarations, [`function`] splits each function into blocks, [`control_flow`]
//! rebuilds its structured regions and [`instructions`] lifts the instructions of its blocks.

mod annotations;
mod constants;
mod control_flow;
mod debug;
mod function;
mod instructions;
mod module_scope;
mod types;

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
