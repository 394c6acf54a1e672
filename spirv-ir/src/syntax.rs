//! The SPIR-V IR: declarations only (code that walks it lives in the other modules).
//!
//! Modelled on MLIR's SPIR-V dialect: ops mirror SPIR-V instructions one to one (named after the
//! opname without `Op`, see [`spirv::Op`]); structural ops where an IR is better for
//! transformations than the binary form: module-level [`GlobalVariable`]s read through
//! [`OpKind::AddressOf`], [`SpecConstant`]s read through [`OpKind::ReferenceOf`], constants
//! localized into functions ([`OpKind::Constant`], uniqued on serialization), structured
//! [`OpKind::Selection`] / [`OpKind::Loop`] ops holding regions (the block rules of
//! `spirv.mlir.selection` / `spirv.mlir.loop`), block arguments instead of `OpPhi`, and
//! decorations folded into types and ops.
//!
//! Every entity lives in an arena and is named by a typed handle. Values, ops, blocks and
//! regions are owned by their [`Function`]: a function is isolated from above (it can only see
//! module-level entities through `AddressOf` / `ReferenceOf` / `FunctionCall`).

use crate::arena::{Arena, Handle, UniqueArena};

pub type TypeId = Handle<Type>;
pub type ValueId = Handle<Value>;
pub type OpId = Handle<Operation>;
pub type BlockId = Handle<Block>;
pub type RegionId = Handle<Region>;
pub type FunctionId = Handle<Function>;
pub type GlobalVarId = Handle<GlobalVariable>;
pub type SpecConstId = Handle<SpecConstant>;

/// A SPIR-V version (the header's version word holds `major << 16 | minor << 8`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version {
    pub major: u8,
    pub minor: u8,
}

impl Version {
    pub const V1_0: Version = Version { major: 1, minor: 0 };
    pub const V1_1: Version = Version { major: 1, minor: 1 };
    pub const V1_2: Version = Version { major: 1, minor: 2 };
    pub const V1_3: Version = Version { major: 1, minor: 3 };
    pub const V1_4: Version = Version { major: 1, minor: 4 };
    pub const V1_5: Version = Version { major: 1, minor: 5 };
    pub const V1_6: Version = Version { major: 1, minor: 6 };
    /// The header word for this version.
    pub fn word(self) -> u32 {
        (u32::from(self.major) << 16) | (u32::from(self.minor) << 8)
    }
    /// The version a header word names.
    pub fn from_word(word: u32) -> Version {
        Version {
            major: ((word >> 16) & 0xff) as u8,
            minor: ((word >> 8) & 0xff) as u8,
        }
    }
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// The `spirv.module` op: the version/capability/extension triple and the addressing and
/// memory models as attributes, and everything at module scope.
#[derive(Clone, Debug)]
pub struct Module {
    /// The SPIR-V version written in the header.
    pub version: Version,
    /// Declared capabilities, without duplicates, in declaration order.
    pub capabilities: Vec<spirv::Capability>,
    /// Declared extensions (`SPV_KHR_...`), without duplicates.
    pub extensions: Vec<String>,
    pub addressing_model: spirv::AddressingModel,
    pub memory_model: spirv::MemoryModel,
    /// All types, interned: structurally equal types share one handle.
    pub types: UniqueArena<Type>,
    pub global_variables: Arena<GlobalVariable>,
    pub spec_constants: Arena<SpecConstant>,
    pub functions: Arena<Function>,
    /// Entry points; each names a function of `functions`.
    pub entry_points: Vec<EntryPoint>,
    /// Execution modes; each names a function that is an entry point.
    pub execution_modes: Vec<ExecutionModeDecl>,
    /// Debug information of the module (sources, strings, processing notes).
    pub debug: DebugInfo,
    /// Module-scope instructions of non-semantic extended instruction sets
    /// (`NonSemantic.Shader.DebugInfo.100`), in order; [`NonSemanticOperand::Inst`] and
    /// [`OpKind::NonSemanticRef`] name them by index.
    pub non_semantic: Vec<NonSemanticInst>,
    /// Extended instruction sets imported although no instruction uses them
    /// (`spirv.ExtInstImport "GLSL.std.450"`), in order; the serializer imports a set an
    /// instruction uses whether listed here or not.
    pub ext_inst_imports: Vec<ExtInstSet>,
    /// `OpName`s of types other than structs (whose name is part of the type), at most one a
    /// type: `spirv.TypeName !spirv.func<...> "name"`.
    pub type_names: Vec<(TypeId, String)>,
    /// The ABI attributes of functions and their parameters, before ABI lowering turns them into
    /// global variables, decorations and entry points; a serializable module has none.
    pub abi: AbiAttributes,
}

/// MLIR's ABI attributes of the SPIR-V dialect, as side tables keyed by function: what a
/// legalized module says about its interface before ABI lowering (`lowering/src/abi.rs`)
/// materializes it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AbiAttributes {
    /// `spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [x, y, z]>` on a
    /// function: it becomes a `GLCompute` entry point named after the function, with
    /// `LocalSize x y z`. At most one per function.
    pub entry_points: Vec<(FunctionId, EntryPointAbi)>,
    /// `spirv.interface_var_abi = #spirv.interface_var_abi<(set, binding)>` on parameter
    /// `index` of a function (which has an entry-point ABI): the parameter, a pointer, becomes a
    /// global variable of its type decorated `DescriptorSet set` / `Binding binding`. At most one
    /// per parameter.
    pub interface_vars: Vec<(FunctionId, u32, InterfaceVarAbi)>,
}

impl AbiAttributes {
    pub fn is_empty(&self) -> bool {
        self.entry_points.is_empty() && self.interface_vars.is_empty()
    }
    /// The entry-point ABI of `f`, if any.
    pub fn entry_point(&self, f: FunctionId) -> Option<&EntryPointAbi> {
        self.entry_points
            .iter()
            .find(|(g, _)| *g == f)
            .map(|(_, abi)| abi)
    }
    /// The interface-variable ABI of parameter `index` of `f`, if any.
    pub fn interface_var(&self, f: FunctionId, index: u32) -> Option<&InterfaceVarAbi> {
        self.interface_vars
            .iter()
            .find(|(g, i, _)| *g == f && *i == index)
            .map(|(_, _, abi)| abi)
    }
}

/// `#spirv.entry_point_abi<workgroup_size = [x, y, z]>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EntryPointAbi {
    pub workgroup_size: [u32; 3],
}

/// `#spirv.interface_var_abi<(set, binding)>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InterfaceVarAbi {
    pub descriptor_set: u32,
    pub binding: u32,
}

/// A module-scope `OpExtInst` of a non-semantic or debug-information set
/// ([`ExtInstSet::is_debug_or_non_semantic`]): its result type is void, its operands are
/// `<id>`s, or literals where the grammar of `OpenCL.DebugInfo.100` / `DebugInfo` has them.
#[derive(Clone, Debug, PartialEq)]
pub struct NonSemanticInst {
    pub set: ExtInstSet,
    pub instruction: u32,
    pub operands: Vec<NonSemanticOperand>,
}

/// What an operand of a non-semantic instruction names.
#[derive(Clone, Debug, PartialEq)]
pub enum NonSemanticOperand {
    /// Another module-scope non-semantic instruction (an index of `Module::non_semantic`).
    Inst(u32),
    /// An `OpString`.
    String(String),
    Constant(TypeId, ConstantValue),
    Type(TypeId),
    Function(FunctionId),
    GlobalVariable(GlobalVarId),
    SpecConstant(SpecConstId),
    /// A literal word, where the set's grammar has one (`OpenCL.DebugInfo.100` and `DebugInfo`
    /// only: the `NonSemantic.*` sets take `<id>`s alone).
    Literal(u32),
    /// An `OpUndef` of this type (uniqued per type when serialized, like any undef).
    Undef(TypeId),
}

/// The module-level debug instructions, kept so that a round trip loses nothing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DebugInfo {
    /// `OpString`s in declaration order (file names of `OpSource` / `OpLine` among them).
    pub strings: Vec<String>,
    /// `OpSourceExtension`s.
    pub source_extensions: Vec<String>,
    /// `OpSource` (with its `OpSourceContinued`s).
    pub sources: Vec<SourceDecl>,
    /// `OpModuleProcessed` notes, in order.
    pub module_processed: Vec<String>,
}

/// An `OpSource`: the language, its version, the file (an `OpString`) and the source text,
/// the `OpSource`'s own part in `text` and each `OpSourceContinued`'s in `continued`, split
/// where the producer split it (so a round trip gives back the same instructions). A part too
/// long for one instruction (65535 words) is split further when serialized.
#[derive(Clone, Debug, PartialEq)]
pub struct SourceDecl {
    pub language: spirv::SourceLanguage,
    pub version: u32,
    pub file: Option<String>,
    pub text: Option<String>,
    /// The texts of the `OpSourceContinued`s after the `OpSource`; empty unless `text` is set.
    pub continued: Vec<String>,
}

/// A source position (`OpLine`): file name, line and column.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

impl Module {
    /// An empty module: `Logical` addressing, `GLSL450` memory model, no capabilities.
    pub fn new(version: Version) -> Module {
        Module {
            version,
            capabilities: Vec::new(),
            extensions: Vec::new(),
            addressing_model: spirv::AddressingModel::Logical,
            memory_model: spirv::MemoryModel::GLSL450,
            types: UniqueArena::new(),
            global_variables: Arena::new(),
            spec_constants: Arena::new(),
            functions: Arena::new(),
            entry_points: Vec::new(),
            execution_modes: Vec::new(),
            debug: DebugInfo::default(),
            non_semantic: Vec::new(),
            ext_inst_imports: Vec::new(),
            type_names: Vec::new(),
            abi: AbiAttributes::default(),
        }
    }
}

impl Default for Version {
    fn default() -> Self {
        Version::V1_3
    }
}

/// A decoration with its literal operands (e.g. `ArrayStride 4` is folded into the array type,
/// so only the remaining ones such as `NonWritable` or `NoContraction` appear as `Decoration`s).
///
/// Which instruction carries it follows from its operands: `OpDecorateId` when it has `ids`,
/// `OpDecorateString` (`OpMemberDecorateString`) when it has `strings`, else `OpDecorate`
/// (`OpMemberDecorate`). A decoration has operands of one of the three sorts only.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Decoration {
    pub kind: spirv::Decoration,
    /// Literal operands (numbers and enumerants).
    pub operands: Vec<u32>,
    /// `<id>` operands of an `OpDecorateId` (`AlignmentId`, `MaxByteOffsetId`, `CounterBuffer`,
    /// `UniformId`, ...).
    pub ids: Vec<DecorationId>,
    /// String operands of an `OpDecorateString` (`UserSemantic`, `UserTypeGOOGLE`).
    pub strings: Vec<String>,
}

impl Decoration {
    /// A decoration with literal operands only (`OpDecorate`).
    pub fn new(kind: spirv::Decoration, operands: Vec<u32>) -> Decoration {
        Decoration {
            kind,
            operands,
            ids: Vec::new(),
            strings: Vec::new(),
        }
    }
}

/// What an `<id>` operand of an `OpDecorateId` names: module-scope entities only.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DecorationId {
    /// A constant of this type (uniqued on serialization like any other).
    Constant(TypeId, ConstantValue),
    SpecConstant(SpecConstId),
    GlobalVariable(GlobalVarId),
}

/// A SPIR-V type. Decorations that SPIR-V puts on type ids (`ArrayStride`, `Offset`, `Block`)
/// are part of the type, so two arrays with different strides are different types.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Void,
    Bool,
    /// `width` is 8, 16, 32 or 64.
    Int {
        width: u32,
        signed: bool,
    },
    /// `OpTypeFloat`. With no `encoding`, an IEEE 754 binary type: `width` is 16, 32 or 64.
    /// `encoding` is the optional FP Encoding operand; the one kiln knows is `BFloat16KHR`
    /// (`SPV_KHR_bfloat16`, width 16), a type that values can be converted to and from
    /// (`OpFConvert`), loaded, stored, put in composites and cooperative matrices, but not
    /// computed with: arithmetic instructions on bf16 scalars and vectors are invalid.
    Float {
        width: u32,
        encoding: Option<spirv::FPEncoding>,
    },
    /// `component` is a scalar type; `count` is 2, 3 or 4 (8 or 16 with the `Vector16`
    /// capability).
    Vector {
        component: TypeId,
        count: u32,
    },
    /// `columns` (2-4) column vectors of float type `column` (`OpTypeMatrix`, capability
    /// `Matrix`).
    Matrix {
        column: TypeId,
        columns: u32,
    },
    /// `length` >= 1 elements; `stride` is the `ArrayStride` decoration (required for arrays in
    /// explicitly laid out storage classes, forbidden elsewhere by Vulkan).
    Array {
        element: TypeId,
        length: u32,
        stride: Option<u32>,
    },
    RuntimeArray {
        element: TypeId,
        stride: Option<u32>,
    },
    /// An `OpTypeArray` whose length is a specialization constant (glslang's
    /// `shared float tile[N]` with `N` a `constant_id`, or a spec-constant operation on it).
    SpecArray {
        element: TypeId,
        length: SpecConstId,
        stride: Option<u32>,
    },
    Struct(StructType),
    /// `stride` is the `ArrayStride` decoration of the pointer type: the element size that
    /// `OpPtrAccessChain` steps by (e.g. on `PhysicalStorageBuffer` and `Workgroup` pointers).
    Pointer {
        pointee: TypeId,
        storage_class: spirv::StorageClass,
        stride: Option<u32>,
    },
    Function {
        result: TypeId,
        params: Vec<TypeId>,
    },
    /// `OpTypeCooperativeMatrixKHR`: `component` is a scalar type, `rows` x `columns` elements
    /// owned by `scope`, with a `usage` (MatrixA / MatrixB / MatrixAccumulator).
    CooperativeMatrix {
        component: TypeId,
        scope: spirv::Scope,
        rows: u32,
        columns: u32,
        usage: spirv::CooperativeMatrixUse,
    },
    /// `OpTypeImage`: `sampled_type` is the scalar type of a texel component (or void);
    /// `depth` is 0 (not a depth image), 1 (depth) or 2 (unknown); `sampled` is 0 (known at
    /// run time), 1 (used with a sampler) or 2 (a storage image); `access` is the optional
    /// access qualifier (kernels).
    Image {
        sampled_type: TypeId,
        dim: spirv::Dim,
        depth: u32,
        arrayed: bool,
        multisampled: bool,
        sampled: u32,
        format: spirv::ImageFormat,
        access: Option<spirv::AccessQualifier>,
    },
    /// `OpTypeSampler`.
    Sampler,
    /// `OpTypeSampledImage` of an image type.
    SampledImage {
        image: TypeId,
    },
    /// `OpTypeTensorLayoutNV` (`SPV_NV_tensor_addressing`): an opaque tensor layout of `dim`
    /// dimensions (1 to 5) read out of bounds as `clamp_mode` says. Both are serialized as ids
    /// of 32-bit unsigned constants.
    TensorLayout {
        dim: u32,
        clamp_mode: spirv::TensorClampMode,
    },
}

impl Type {
    /// `OpTypeFloat 16 BFloat16KHR` (`SPV_KHR_bfloat16`), printed `bf16`.
    pub const BF16: Type = Type::Float {
        width: 16,
        encoding: Some(spirv::FPEncoding::BFloat16KHR),
    };
}

/// A struct type with its layout decorations.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructType {
    /// The struct's `OpName` (part of the type: equal layouts with different names are
    /// different types).
    pub name: Option<String>,
    pub members: Vec<StructMember>,
    /// Whether the struct is decorated `Block` (an interface block).
    pub block: bool,
    /// Further decorations on the struct id.
    pub decorations: Vec<Decoration>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructMember {
    /// The member's `OpMemberName`.
    pub name: Option<String>,
    pub ty: TypeId,
    /// The `Offset` member decoration in bytes.
    pub offset: Option<u32>,
    /// Further member decorations (`NonWritable`, `ColMajor`, ...).
    pub decorations: Vec<Decoration>,
}

/// A constant's value; its type is the type of the value it defines.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConstantValue {
    Bool(bool),
    /// Integer bits, zero-extended from the type's width.
    Int(u64),
    /// The bits of the type's width and encoding (IEEE f16 / f32 / f64, or bf16), zero-extended.
    Float(u64),
    /// Components of a vector, array, struct or cooperative matrix constant (one for a matrix).
    Composite(Vec<ConstantValue>),
    /// `OpConstantNull`.
    Null,
    /// `OpConstantCompositeReplicateEXT` (`SPV_EXT_replicated_composites`): every constituent
    /// of the composite (vector, matrix, array, cooperative matrix) is this value.
    Replicate(Box<ConstantValue>),
}

/// `spirv.GlobalVariable`: a module-scope `OpVariable` with its binding decorations folded in.
#[derive(Clone, Debug, PartialEq)]
pub struct GlobalVariable {
    pub name: Option<String>,
    /// A pointer type whose storage class equals `storage_class`.
    pub ty: TypeId,
    /// Never `Function`.
    pub storage_class: spirv::StorageClass,
    pub initializer: Option<ConstantValue>,
    pub descriptor_set: Option<u32>,
    pub binding: Option<u32>,
    pub builtin: Option<spirv::BuiltIn>,
    /// Further decorations (`NonWritable`, `Restrict`, ...).
    pub decorations: Vec<Decoration>,
    /// The source position of the `OpVariable` (a module-scope `OpLine` in effect before it).
    pub location: Option<Location>,
}

/// `spirv.SpecConstant`: a scalar `OpSpecConstant{,True,False}` with its `SpecId`, or (with
/// `composite`) an `OpSpecConstantComposite`, e.g. the `WorkgroupSize` builtin built from a
/// spec-constant `local_size_x_id`.
#[derive(Clone, Debug, PartialEq)]
pub struct SpecConstant {
    pub name: Option<String>,
    /// Only for scalars.
    pub spec_id: Option<u32>,
    /// A bool, int or float type; a composite type when `composite` is set.
    pub ty: TypeId,
    /// The default of a scalar; `Null` (unused) for a composite.
    pub default: ConstantValue,
    /// The constituents of an `OpSpecConstantComposite` (spec constants declared earlier in
    /// the arena, or constants of the component types).
    pub composite: Option<Vec<SpecConstituent>>,
    /// A `BuiltIn` decoration (`WorkgroupSize`).
    pub builtin: Option<spirv::BuiltIn>,
    /// With `composite`: an `OpSpecConstantCompositeReplicateEXT`, whose one constituent every
    /// element of the composite takes.
    pub replicate: bool,
    /// `spirv.SpecConstantOperation` (`OpSpecConstantOp`): the value of an instruction over
    /// (spec) constants, computed when the module is specialized. `default` is `Null` and
    /// `composite` is `None`.
    pub operation: Option<SpecOperation>,
}

/// The instruction an `OpSpecConstantOp` wraps: an opcode the spec allows there (arithmetic,
/// bit, logical, relational, conversion and composite instructions) and its operands in
/// grammar order (result type and id excluded).
#[derive(Clone, Debug, PartialEq)]
pub struct SpecOperation {
    pub opcode: spirv::Op,
    pub operands: Vec<SpecOperand>,
}

/// An operand of a [`SpecOperation`].
#[derive(Clone, Debug, PartialEq)]
pub enum SpecOperand {
    Spec(SpecConstId),
    /// A constant of this type.
    Constant(TypeId, ConstantValue),
    /// A literal word (`OpCompositeExtract` indices, `OpVectorShuffle` components).
    Literal(u32),
}

/// A constituent of a composite spec constant.
#[derive(Clone, Debug, PartialEq)]
pub enum SpecConstituent {
    Spec(SpecConstId),
    Constant(ConstantValue),
}

#[derive(Clone, Debug, PartialEq)]
pub struct EntryPoint {
    pub execution_model: spirv::ExecutionModel,
    pub function: FunctionId,
    pub name: String,
    /// Interface variables listed explicitly. The serializer adds every global the entry point
    /// uses (from SPIR-V 1.4 on all of them, before only Input / Output ones).
    pub interface: Vec<GlobalVarId>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ExecutionModeDecl {
    /// An entry-point function.
    pub function: FunctionId,
    pub mode: spirv::ExecutionMode,
    pub operands: Vec<ModeOperand>,
}

/// An operand of an execution mode: a literal (`LocalSize`) or an id (`LocalSizeId`).
#[derive(Clone, Debug, PartialEq)]
pub enum ModeOperand {
    Literal(u32),
    /// The id of a 32-bit unsigned constant with this value.
    ConstantU32(u32),
    SpecConstant(SpecConstId),
}

/// A function: its signature and the arenas of everything inside it.
#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub result_type: TypeId,
    pub control: spirv::FunctionControl,
    /// The source position of the `OpFunction` (an `OpLine` before it at module scope, as
    /// glslang `-g` writes one for each function).
    pub location: Option<Location>,
    /// Parameter values (`ValueDef::Param`), in order.
    pub params: Vec<ValueId>,
    /// Decorations on parameters, as (parameter index, decoration) in order: `FuncParamAttr`,
    /// `Alignment` of kernel arguments, `RestrictPointer` / `AliasedPointer` of
    /// PhysicalStorageBuffer pointers. Each index is below `params.len()`.
    pub param_decorations: Vec<(u32, Decoration)>,
    /// Decorations on the function itself (`LinkageAttributes` of an exported or imported
    /// function, `ReferencedIndirectlyINTEL`, ...).
    pub decorations: Vec<Decoration>,
    /// Ops between the parameters and the first block, in no block: extended instructions of
    /// the non-semantic and debug sets (glslang's HLSL `-gV` puts a `DebugNoLine` there) and
    /// the `NonSemanticRef` / constant values they name. Nothing else uses their results.
    pub prologue: Vec<OpId>,
    /// The body: a region of kind `RegionKind::Function`; its first block is the entry block and
    /// has no arguments.
    pub body: RegionId,
    pub values: Arena<Value>,
    pub ops: Arena<Operation>,
    pub blocks: Arena<Block>,
    pub regions: Arena<Region>,
}

/// An SSA value of a function.
#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    pub ty: TypeId,
    /// Emitted as `OpName` when set.
    pub name: Option<String>,
    pub def: ValueDef,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ValueDef {
    Param(u32),
    BlockArg { block: BlockId, index: u32 },
    Result { op: OpId, index: u32 },
}

/// A basic block: arguments (the IR's `OpPhi`s) and ops, the last of which is a terminator.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Block {
    pub args: Vec<ValueId>,
    pub ops: Vec<OpId>,
    /// The `OpName` of the block's label (`^bb1 "for.body":`). Never on the entry block of a
    /// loop region, which the serializer emits inside the block before it.
    pub name: Option<String>,
    /// The source position of the block's arguments (an `OpLine` before its `OpPhi`s); only a
    /// block with arguments has one. It holds for the block's ops until one sets another.
    pub location: Option<Location>,
}

/// The deepest nesting of structured regions (`selection` / `loop`) kiln reads, writes or
/// verifies: spirv-val's default `--max-control-flow-nesting-depth`. The parser, the
/// deserializer and the serializer recurse into regions, so deeper modules are refused with an
/// error instead of growing the stack.
pub const MAX_CONTROL_FLOW_NESTING: usize = 1023;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RegionKind {
    /// A function body: the first block is the entry block.
    Function,
    /// `spirv.mlir.selection`: the first block is the selection header (ends in
    /// `BranchConditional` or `Switch`), the last block is the merge block and holds only a
    /// `Merge`.
    Selection,
    /// `spirv.mlir.loop`: the first block is the entry block (holds only a `Branch` to the
    /// header), the second is the loop header, the second-to-last is the continue block (ends in
    /// a `Branch` back to the header) and the last is the merge block (holds only a `Merge`).
    Loop,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    pub kind: RegionKind,
    pub blocks: Vec<BlockId>,
}

/// An op inside a block.
#[derive(Clone, Debug, PartialEq)]
pub struct Operation {
    pub kind: OpKind,
    /// Result values (`ValueDef::Result`): one for most value-producing instructions, any number
    /// for `Selection` / `Loop`, none for ops without a result id.
    pub results: Vec<ValueId>,
    /// Decorations on the result (`NoContraction`, `NonUniform`, ...).
    pub decorations: Vec<Decoration>,
    /// The source position of an instruction (`OpLine`); only ops that are instructions of
    /// their own (`Inst` but `OpUndef`, function `OpVariable`s included, `ExtInst`, `FunctionCall`)
    /// carry one.
    pub location: Option<Location>,
}

/// A branch target with the values passed to its block arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Successor {
    pub block: BlockId,
    pub args: Vec<ValueId>,
}

/// What an op does. Everything that is an ordinary instruction uses [`OpKind::Inst`]: the
/// opcode is a [`spirv::Op`] and the operand layout is the one of the SPIR-V grammar (result
/// type and result id excluded), so ops stay one to one with the spec; the typed constructors
/// per chapter live in the builder. Structural ops have their own variants.
#[derive(Clone, Debug, PartialEq)]
pub enum OpKind {
    // ---- Constant-creation (localized into the function, uniqued when serialized) ----
    /// `spirv.Constant`: `OpConstant*` of the result type.
    Constant(ConstantValue),
    /// `spirv.mlir.referenceof`: the value of a specialization constant.
    ReferenceOf(SpecConstId),
    // ---- Memory ----
    /// `spirv.mlir.addressof`: the pointer of a global variable.
    AddressOf(GlobalVarId),
    /// `spirv.mlir.nonsemantic`: a module-scope entity as an operand of a non-semantic
    /// instruction inside a function (a module-scope non-semantic instruction, the function
    /// itself, a string, a type); its value has type void and is nothing else's operand.
    NonSemanticRef(NonSemanticOperand),
    // ---- Every other instruction (arithmetic, bit, relational and logical, conversion,
    // composite, memory, barrier, atomic, group non-uniform, cooperative matrix, ...) ----
    Inst {
        opcode: spirv::Op,
        operands: Vec<Operand>,
    },
    /// `OpExtInst` of an extended instruction set. Operands in the order of the set's grammar:
    /// `<id>`s are [`Operand::Value`]s, literals (`vloadn`'s `n`, `vstore_half_r`'s
    /// `FPRoundingMode`) [`Operand::Literal`]s; no other kind appears.
    ExtInst {
        set: ExtInstSet,
        instruction: u32,
        operands: Vec<Operand>,
    },
    // ---- Function ----
    FunctionCall {
        callee: FunctionId,
        args: Vec<ValueId>,
    },
    // ---- Structured control flow ----
    Selection {
        control: spirv::SelectionControl,
        body: RegionId,
    },
    Loop {
        control: spirv::LoopControl,
        body: RegionId,
    },
    // ---- Terminators ----
    /// `spirv.mlir.merge`: ends the merge block of a selection / loop; its values become the
    /// results of the enclosing structured op.
    Merge {
        values: Vec<ValueId>,
    },
    Branch {
        target: Successor,
    },
    BranchConditional {
        condition: ValueId,
        on_true: Successor,
        on_false: Successor,
        weights: Option<(u32, u32)>,
    },
    Switch {
        selector: ValueId,
        default: Successor,
        /// Case literals (zero-extended selector values) and their targets.
        cases: Vec<(u64, Successor)>,
    },
    Return,
    ReturnValue(ValueId),
    Unreachable,
}

/// An extended instruction set.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ExtInstSet {
    /// `GLSL.std.450`, ops spelled `spirv.GL.<name>`.
    GlslStd450,
    /// `OpenCL.std` (kernels), ops spelled `spirv.CL.<name>`.
    OpenClStd,
    /// `NonSemantic.Shader.DebugInfo.100` (glslang `-gV`), ops spelled
    /// `spirv.ShaderDebugInfo.<name>`; non-semantic: all operands are `<id>`s.
    NonSemanticShaderDebugInfo100,
    /// `NonSemantic.DebugPrintf` (`debugPrintfEXT`), ops spelled `spirv.DebugPrintf.<name>`.
    NonSemanticDebugPrintf,
    /// `NonSemantic.DebugBreak`, ops spelled `spirv.DebugBreak.<name>`.
    NonSemanticDebugBreak,
    /// `OpenCL.DebugInfo.100` (debug information of OpenCL and older HLSL compilers), ops
    /// spelled `spirv.CLDebugInfo.<name>`; module-scope instructions are
    /// [`NonSemanticInst`]s, with literal operands where the grammar has them.
    OpenClDebugInfo100,
    /// `DebugInfo` (the SPIR-V 1.0 debug set), ops spelled `spirv.DebugInfo.<name>`; like
    /// `OpenCL.DebugInfo.100`.
    DebugInfo,
    /// A `NonSemantic.*` set kiln has no grammar for, by its `OpExtInstImport` name: all its
    /// operands are `<id>`s (the rule of `SPV_KHR_non_semantic_info`), printed in the generic
    /// form `spirv.ExtInst "<set>" <instruction> ...`.
    OtherNonSemantic(String),
}

impl ExtInstSet {
    /// The sets kiln knows the grammar of.
    pub const ALL: [ExtInstSet; 7] = [
        ExtInstSet::GlslStd450,
        ExtInstSet::OpenClStd,
        ExtInstSet::NonSemanticShaderDebugInfo100,
        ExtInstSet::NonSemanticDebugPrintf,
        ExtInstSet::NonSemanticDebugBreak,
        ExtInstSet::OpenClDebugInfo100,
        ExtInstSet::DebugInfo,
    ];

    /// Whether the set is non-semantic (`NonSemantic.*`): its instructions may be dropped
    /// without changing what the module computes, and take only `<id>` operands.
    pub fn is_non_semantic(&self) -> bool {
        self.name().starts_with("NonSemantic.")
    }

    /// Whether the set describes the module rather than computes (the non-semantic sets and
    /// the two debug-information sets): its instructions may stand at module scope and name
    /// module-scope entities (strings, types, functions, each other).
    pub fn is_debug_or_non_semantic(&self) -> bool {
        self.is_non_semantic()
            || matches!(self, ExtInstSet::OpenClDebugInfo100 | ExtInstSet::DebugInfo)
    }

    /// The name used by `OpExtInstImport`.
    pub fn name(&self) -> &str {
        match self {
            ExtInstSet::GlslStd450 => "GLSL.std.450",
            ExtInstSet::OpenClStd => "OpenCL.std",
            ExtInstSet::NonSemanticShaderDebugInfo100 => "NonSemantic.Shader.DebugInfo.100",
            ExtInstSet::NonSemanticDebugPrintf => "NonSemantic.DebugPrintf",
            ExtInstSet::NonSemanticDebugBreak => "NonSemantic.DebugBreak",
            ExtInstSet::OpenClDebugInfo100 => "OpenCL.DebugInfo.100",
            ExtInstSet::DebugInfo => "DebugInfo",
            ExtInstSet::OtherNonSemantic(name) => name,
        }
    }

    /// The set whose `OpExtInstImport` name is `name`: a known one, or any other
    /// `NonSemantic.*` set; `None` for other unknown sets (which may carry semantics).
    pub fn from_name(name: &str) -> Option<ExtInstSet> {
        ExtInstSet::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .or_else(|| {
                name.starts_with("NonSemantic.")
                    .then(|| ExtInstSet::OtherNonSemantic(name.to_string()))
            })
    }

    /// The op-name prefix of the text form (`spirv.GL.`, `spirv.CL.`), as in MLIR; empty for
    /// a set without grammar (printed in the generic form).
    pub fn text_prefix(&self) -> &'static str {
        match self {
            ExtInstSet::GlslStd450 => "spirv.GL.",
            ExtInstSet::OpenClStd => "spirv.CL.",
            ExtInstSet::NonSemanticShaderDebugInfo100 => "spirv.ShaderDebugInfo.",
            ExtInstSet::NonSemanticDebugPrintf => "spirv.DebugPrintf.",
            ExtInstSet::NonSemanticDebugBreak => "spirv.DebugBreak.",
            ExtInstSet::OpenClDebugInfo100 => "spirv.CLDebugInfo.",
            ExtInstSet::DebugInfo => "spirv.DebugInfo.",
            ExtInstSet::OtherNonSemantic(_) => "",
        }
    }

    /// The set's grammar (instruction names, operands, capabilities); `None` for a set kiln
    /// has no grammar for.
    pub fn grammar(
        &self,
    ) -> Option<&'static rspirv::grammar::InstructionTable<rspirv::grammar::ExtInstOp>> {
        use rspirv::grammar as g;
        Some(match self {
            ExtInstSet::GlslStd450 => &g::GLSL_STD_450_INSTRUCTION_TABLE,
            ExtInstSet::OpenClStd => &g::OPENCL_STD_100_INSTRUCTION_TABLE,
            ExtInstSet::NonSemanticShaderDebugInfo100 => {
                &g::NONSEMANTIC_SHADER_DEBUGINFO_100_INSTRUCTION_TABLE
            }
            ExtInstSet::NonSemanticDebugPrintf => &g::NONSEMANTIC_DEBUGPRINTF_INSTRUCTION_TABLE,
            ExtInstSet::NonSemanticDebugBreak => &g::NONSEMANTIC_DEBUGBREAK_INSTRUCTION_TABLE,
            ExtInstSet::OpenClDebugInfo100 => &g::OPENCL_DEBUGINFO_100_INSTRUCTION_TABLE,
            ExtInstSet::DebugInfo => &g::DEBUGINFO_INSTRUCTION_TABLE,
            ExtInstSet::OtherNonSemantic(_) => return None,
        })
    }

    /// The grammar entry of `instruction`, when the set has one.
    pub fn instruction(
        &self,
        instruction: u32,
    ) -> Option<&'static rspirv::grammar::ExtendedInstruction<'static>> {
        self.grammar()?.lookup_opcode(instruction)
    }

    /// Whether operand `index` of `instruction` is an `<id>`: every operand of a `NonSemantic.*`
    /// set is; elsewhere the grammar says (`IdRef`, `PairIdRefIdRef`; a last `ZeroOrMore`
    /// operand repeats). `None` when the grammar has no such operand or instruction.
    pub fn operand_is_id(&self, instruction: u32, index: usize) -> Option<bool> {
        use rspirv::grammar::{OperandKind, OperandQuantifier};
        if self.is_non_semantic() {
            return Some(true);
        }
        let g = self.instruction(instruction)?;
        let repeated = g
            .operands
            .last()
            .filter(|x| x.quantifier == OperandQuantifier::ZeroOrMore);
        let operand = g.operands.get(index).or(repeated)?;
        Some(matches!(
            operand.kind,
            OperandKind::IdRef | OperandKind::PairIdRefIdRef
        ))
    }

    /// The instruction named `name` (`FAbs`, `s_abs`).
    pub fn instruction_by_name(&self, name: &str) -> Option<u32> {
        self.grammar()?
            .iter()
            .find(|i| i.opname == name)
            .map(|i| i.opcode.into())
    }
}

/// An operand of a generic [`OpKind::Inst`], in grammar order.
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    /// An `<id>` operand that names a value of the function.
    Value(ValueId),
    /// A literal word (numbers and enumerants such as `GroupOperation` or `MemoryAccess`).
    Literal(u32),
    /// An `IdScope` operand: serialized as a 32-bit constant.
    Scope(spirv::Scope),
    /// An `IdMemorySemantics` operand: serialized as a 32-bit constant.
    MemorySemantics(spirv::MemorySemantics),
    /// An `<id>` operand that names a type (e.g. `OpCooperativeMatrixLengthKHR`).
    Type(TypeId),
    /// An `<id>` operand that names a function of the module (the `Func` operand of
    /// `OpCooperativeMatrixPerElementOpNV`). The function is applied, not called, so it is no
    /// [`OpKind::FunctionCall`]; it still counts as a callee for the globals an entry point uses.
    Function(FunctionId),
}
