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
//!
//! Laid out by the module's sections: [`module_scope`] writes the header sections, spec
//! constants, globals, entry points and execution modes and joins the sections; [`debug`]
//! the debug and non-semantic instructions, [`types`] types and their decorations,
//! [`constants`] constants and undefs, [`function`] functions and their blocks, [`ops`] the
//! ops of a block.

mod constants;
mod debug;
mod function;
mod module_scope;
mod ops;
mod types;

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
}
