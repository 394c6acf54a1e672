//! Text printer: [`Module`] -> the MLIR-like text form that [`crate::parse`] reads back.
//!
//! ```text
//! spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {
//!   spirv.GlobalVariable @a : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer> binding(0, 0)
//!   spirv.func @main() -> void {
//!   ^bb0:
//!     %0 = spirv.mlir.addressof @a : ptr<struct<...>, StorageBuffer>
//!     %1 "i" = spirv.Constant 0 : u32
//!     %2 = spirv.AccessChain %0, %1, %1 : ptr<f32, StorageBuffer>
//!     spirv.Return
//!   }
//!   spirv.EntryPoint GLCompute @main "main" interface()
//!   spirv.ExecutionMode @main LocalSize 64 1 1
//! }
//! ```
//!
//! Values and blocks are numbered in print order (`%N`, `^bbN`), so printing what the parser
//! built from a printed module gives the same text. Symbols are `@name` when the name is an
//! identifier unique among its kind (globals, spec constants, functions), else `@N` (the index)
//! followed by the name as a string if there is one. Types are printed inline; ops of the
//! generic form print their operands in grammar order (`%v` values, integers and enumerant
//! names for literals, `scope<..>`, `semantics<..>`, `type<..>`), then `: result-type`.
//!
//! Extended instructions print as `spirv.GL.FAbs %x : f32` (the set's prefix and the
//! instruction's name); an instruction of a set or a number kiln has no grammar for (any
//! `NonSemantic.*` set) in the generic form `spirv.ExtInst "NonSemantic.Foo" 3 %a, %b : void`,
//! at module scope `spirv.NonSemantic #N = spirv.ExtInst "NonSemantic.Foo" 3(#0, "s")`, where
//! `literal(N)` is a literal operand (`OpenCL.DebugInfo.100`, `DebugInfo`). Module-level lines
//! keep what has no other place: `spirv.ExtInstImport "<set>"` (a set imported but unused),
//! `spirv.TypeName <type> "<name>"` (the `OpName` of a non-struct type). A
//! `LinkageAttributes` decoration prints as `LinkageAttributes("name", Export)`.

use crate::syntax::*;
use spirv::Op;
use std::collections::HashMap;
use std::fmt::Write;

/// Prints `module` in the text form.
pub fn print_module(module: &Module) -> String {
    let mut p = Printer {
        m: module,
        out: String::new(),
        values: HashMap::new(),
        blocks: HashMap::new(),
        next_value: 0,
        next_block: 0,
    };
    p.module();
    p.out
}

/// Identifier rule of the text form: `[A-Za-z_][A-Za-z0-9_.$]*`.
pub(crate) fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$')
}

/// Symbols of one kind: `@name` for unique identifier names, else `@index`.
pub(crate) fn symbols<'a>(names: impl Iterator<Item = Option<&'a str>>) -> Vec<(String, bool)> {
    let names: Vec<Option<&str>> = names.collect();
    let mut count: HashMap<&str, usize> = HashMap::new();
    for n in names.iter().flatten() {
        *count.entry(n).or_default() += 1;
    }
    names
        .iter()
        .enumerate()
        .map(|(i, n)| match n {
            Some(n) if is_identifier(n) && count[n] == 1 => (format!("@{n}"), false),
            Some(_) => (format!("@{i}"), true),
            None => (format!("@{i}"), false),
        })
        .collect()
}

pub(crate) fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Prints a bit set as `NAME|NAME` (empty for 0, a hex remainder for unknown bits).
macro_rules! flags {
    ($b:expr) => {{
        let b = $b;
        let mut parts: Vec<String> = b.iter_names().map(|(n, _)| n.to_string()).collect();
        let known: u32 = b.iter_names().fold(0, |acc, (_, f)| acc | f.bits());
        let rest = b.bits() & !known;
        if rest != 0 {
            parts.push(format!("{rest:#x}"));
        }
        parts.join("|")
    }};
}

pub(crate) fn print_type(m: &Module, t: TypeId) -> String {
    print_type_in(m, t, &mut Vec::new())
}

/// `open`: the structs being printed around `t`; one met again (a struct that contains itself
/// through a pointer) is printed as a reference by name, `struct<"Node">`.
fn print_type_in(m: &Module, t: TypeId, open: &mut Vec<TypeId>) -> String {
    let Some(ty) = m.types.get(t) else {
        return format!("<bad type {t:?}>");
    };
    let Type::Struct(s) = ty else {
        return print_type_body(m, ty, open);
    };
    if open.contains(&t) {
        // A struct met again inside itself (through a pointer: the deserializer and the
        // parser make no other cycle) is referred to by name.
        return match &s.name {
            Some(n) => format!("struct<{}>", quote(n)),
            None => "struct<?>".into(),
        };
    }
    open.push(t);
    let x = print_type_body(m, ty, open);
    open.pop();
    x
}

fn print_type_body(m: &Module, ty: &Type, open: &mut Vec<TypeId>) -> String {
    match ty {
        Type::Void => "void".into(),
        Type::Bool => "bool".into(),
        Type::Int { width, signed } => format!("{}{width}", if *signed { "i" } else { "u" }),
        Type::Float {
            width,
            encoding: None,
        } => format!("f{width}"),
        t if *t == Type::BF16 => "bf16".into(),
        // Encodings kiln does not verify (fp8): printed for diagnostics, not parsed.
        Type::Float {
            width,
            encoding: Some(e),
        } => format!("f{width}<{e:?}>"),
        Type::Vector { component, count } => {
            format!("vector<{count} x {}>", print_type_in(m, *component, open))
        }
        Type::Matrix { column, columns } => {
            format!("matrix<{columns} x {}>", print_type_in(m, *column, open))
        }
        Type::Array {
            element,
            length,
            stride,
        } => match stride {
            Some(s) => format!(
                "array<{length} x {}, stride={s}>",
                print_type_in(m, *element, open)
            ),
            None => format!("array<{length} x {}>", print_type_in(m, *element, open)),
        },
        Type::SpecArray {
            element,
            length,
            stride,
        } => {
            let syms = symbols(m.spec_constants.iter().map(|(_, s)| s.name.as_deref()));
            let n = syms
                .get(length.index())
                .map_or_else(|| "@?".to_string(), |s| s.0.clone());
            match stride {
                Some(s) => format!(
                    "array<{n} x {}, stride={s}>",
                    print_type_in(m, *element, open)
                ),
                None => format!("array<{n} x {}>", print_type_in(m, *element, open)),
            }
        }
        Type::RuntimeArray { element, stride } => match stride {
            Some(s) => format!("rtarray<{}, stride={s}>", print_type_in(m, *element, open)),
            None => format!("rtarray<{}>", print_type_in(m, *element, open)),
        },
        Type::Struct(s) => {
            let members: Vec<String> = s
                .members
                .iter()
                .map(|mem| {
                    let mut x = print_type_in(m, mem.ty, open);
                    if let Some(o) = mem.offset {
                        let _ = write!(x, " offset({o})");
                    }
                    if let Some(n) = &mem.name {
                        let _ = write!(x, " name({})", quote(n));
                    }
                    if !mem.decorations.is_empty() {
                        let _ = write!(x, " {}", decorations(m, &mem.decorations));
                    }
                    x
                })
                .collect();
            let mut x = match &s.name {
                Some(n) => format!("struct<{}, ({})", quote(n), members.join(", ")),
                None => format!("struct<({})", members.join(", ")),
            };
            if s.block {
                x.push_str(", Block");
            }
            if !s.decorations.is_empty() {
                let _ = write!(x, ", {}", decorations(m, &s.decorations));
            }
            x.push('>');
            x
        }
        Type::Pointer {
            pointee,
            storage_class,
            stride,
        } => match stride {
            Some(s) => format!(
                "ptr<{}, {storage_class:?}, stride={s}>",
                print_type_in(m, *pointee, open)
            ),
            None => format!(
                "ptr<{}, {storage_class:?}>",
                print_type_in(m, *pointee, open)
            ),
        },
        Type::Function { result, params } => {
            let ps: Vec<String> = params.iter().map(|p| print_type_in(m, *p, open)).collect();
            format!(
                "fn<({}) -> {}>",
                ps.join(", "),
                print_type_in(m, *result, open)
            )
        }
        Type::CooperativeMatrix {
            component,
            scope,
            rows,
            columns,
            usage,
        } => {
            format!(
                "coopmatrix<{rows} x {columns} x {}, {scope:?}, {usage:?}>",
                print_type_in(m, *component, open)
            )
        }
        Type::TensorLayout { dim, clamp_mode } => {
            format!("tensorlayout<{dim}, {clamp_mode:?}>")
        }
        // MLIR's order: `!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled,
        // SamplerUnknown, Unknown>`, here with the spec's numbers for depth and sampled.
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
            let mut x = format!(
                "image<{}, {dim:?}, depth={depth}, {}, {}, sampled={sampled}, {format:?}",
                print_type_in(m, *sampled_type, open),
                if *arrayed { "Arrayed" } else { "NonArrayed" },
                if *multisampled {
                    "MultiSampled"
                } else {
                    "SingleSampled"
                },
            );
            if let Some(a) = access {
                let _ = write!(x, ", {a:?}");
            }
            x.push('>');
            x
        }
        Type::Sampler => "sampler".into(),
        Type::SampledImage { image } => {
            format!("sampled_image<{}>", print_type_in(m, *image, open))
        }
    }
}

/// How an extended instruction is spelled: `spirv.GL.FAbs` (the set's prefix and the
/// instruction's name), or, for a set or an instruction kiln has no grammar for, the generic
/// `spirv.ExtInst "NonSemantic.Foo" 3`.
pub(crate) fn ext_inst_name(set: &ExtInstSet, instruction: u32) -> String {
    match set.instruction(instruction) {
        Some(g) => format!("{}{}", set.text_prefix(), g.opname),
        None => format!("spirv.ExtInst {} {instruction}", quote(set.name())),
    }
}

/// An operand of a non-semantic instruction: `#N` (another one), a string, `1 : u32`,
/// `type<..>`, `func<@f>`, `@global` or `@spec`.
pub(crate) fn non_semantic_operand(
    m: &Module,
    x: &NonSemanticOperand,
    gsyms: &[(String, bool)],
    ssyms: &[(String, bool)],
    fsyms: &[(String, bool)],
) -> String {
    let sym = |syms: &[(String, bool)], i: usize| {
        syms.get(i)
            .map_or_else(|| "@?".to_string(), |s| s.0.clone())
    };
    match x {
        NonSemanticOperand::Inst(i) => format!("#{i}"),
        NonSemanticOperand::String(s) => quote(s),
        NonSemanticOperand::Constant(t, c) => {
            format!("{} : {}", print_constant(m, *t, c), print_type(m, *t))
        }
        NonSemanticOperand::Type(t) => format!("type<{}>", print_type(m, *t)),
        NonSemanticOperand::Function(f) => format!("func<{}>", sym(fsyms, f.index())),
        NonSemanticOperand::GlobalVariable(g) => sym(gsyms, g.index()),
        NonSemanticOperand::SpecConstant(s) => sym(ssyms, s.index()),
        NonSemanticOperand::Literal(w) => format!("literal({w})"),
        NonSemanticOperand::Undef(t) => format!("undef<{}>", print_type(m, *t)),
    }
}

/// `[Kind, Kind(1, 2), Kind("string"), Kind(@global), Kind(16 : u32)]`: literal operands as
/// numbers, strings quoted, `<id>` operands as symbols or typed constants.
pub(crate) fn decorations(m: &Module, ds: &[Decoration]) -> String {
    let parts: Vec<String> = ds
        .iter()
        .map(|d| {
            if let Some((name, linkage)) = linkage_attributes(d) {
                return format!("LinkageAttributes({}, {linkage:?})", quote(&name));
            }
            let mut ops: Vec<String> = d.operands.iter().map(|o| o.to_string()).collect();
            ops.extend(d.strings.iter().map(|s| quote(s)));
            for id in &d.ids {
                ops.push(match id {
                    DecorationId::Constant(ty, c) => {
                        format!("{} : {}", print_constant(m, *ty, c), print_type(m, *ty))
                    }
                    DecorationId::GlobalVariable(g) => {
                        let syms =
                            symbols(m.global_variables.iter().map(|(_, g)| g.name.as_deref()));
                        syms.get(g.index())
                            .map_or_else(|| format!("<bad global {g:?}>"), |s| s.0.clone())
                    }
                    DecorationId::SpecConstant(s) => {
                        let syms = symbols(m.spec_constants.iter().map(|(_, s)| s.name.as_deref()));
                        syms.get(s.index())
                            .map_or_else(|| format!("<bad spec constant {s:?}>"), |s| s.0.clone())
                    }
                });
            }
            if ops.is_empty() {
                format!("{:?}", d.kind)
            } else {
                format!("{:?}({})", d.kind, ops.join(", "))
            }
        })
        .collect();
    format!("[{}]", parts.join(", "))
}

/// The name and linkage type of a `LinkageAttributes` decoration, whose literal operands are
/// a string's words and a `LinkageType`; `None` when they are not.
fn linkage_attributes(d: &Decoration) -> Option<(String, spirv::LinkageType)> {
    if d.kind != spirv::Decoration::LinkageAttributes || !d.ids.is_empty() || !d.strings.is_empty()
    {
        return None;
    }
    let (last, words) = d.operands.split_last()?;
    let end = words.iter().position(|w| w.to_le_bytes().contains(&0))?;
    if end + 1 != words.len() {
        return None;
    }
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let len = bytes.iter().position(|&b| b == 0)?;
    if bytes[len..].iter().any(|&b| b != 0) {
        return None;
    }
    let name = String::from_utf8(bytes[..len].to_vec()).ok()?;
    Some((name, spirv::LinkageType::from_u32(*last)?))
}

/// A constant's value in the context of its type.
pub(crate) fn print_constant(m: &Module, ty: TypeId, c: &ConstantValue) -> String {
    let t = m.types.get(ty);
    match c {
        ConstantValue::Bool(b) => b.to_string(),
        ConstantValue::Null => "null".into(),
        ConstantValue::Int(bits) => match t {
            Some(Type::Int {
                width,
                signed: true,
            }) if *width <= 64 => {
                let shift = 64 - width;
                (((*bits << shift) as i64) >> shift).to_string()
            }
            _ => bits.to_string(),
        },
        ConstantValue::Float(bits) => match t {
            Some(Type::Float {
                width: 32,
                encoding: None,
            }) => {
                let f = f32::from_bits(*bits as u32);
                if f.is_finite() && f32::from_bits(f.to_bits()) == f {
                    format!("{f:?}")
                } else {
                    format!("{bits:#x}")
                }
            }
            Some(Type::Float {
                width: 64,
                encoding: None,
            }) => {
                let f = f64::from_bits(*bits);
                if f.is_finite() {
                    format!("{f:?}")
                } else {
                    format!("{bits:#x}")
                }
            }
            _ => format!("{bits:#x}"),
        },
        ConstantValue::Replicate(part) => match t.and_then(crate::serialize::replicated_type) {
            Some(pt) => format!("replicate({})", print_constant(m, pt, part)),
            None => format!("replicate({part:?})"),
        },
        ConstantValue::Composite(parts) => {
            let part_types: Vec<Option<TypeId>> = match t {
                Some(Type::Vector { component, .. }) => vec![Some(*component); parts.len()],
                Some(Type::Matrix { column, .. }) => vec![Some(*column); parts.len()],
                Some(Type::Array { element, .. }) => vec![Some(*element); parts.len()],
                Some(Type::CooperativeMatrix { component, .. }) => {
                    vec![Some(*component); parts.len()]
                }
                Some(Type::Struct(s)) => s.members.iter().map(|mem| Some(mem.ty)).collect(),
                _ => vec![None; parts.len()],
            };
            let ps: Vec<String> = parts
                .iter()
                .zip(part_types.iter().chain(std::iter::repeat(&None)))
                .map(|(p, pt)| match pt {
                    Some(pt) => print_constant(m, *pt, p),
                    None => format!("{p:?}"),
                })
                .collect();
            format!("[{}]", ps.join(", "))
        }
    }
}

/// The grammar operand kinds of an op's operands (result type / id excluded).
pub(crate) fn operand_kinds(opcode: Op, n: usize) -> Vec<rspirv::grammar::OperandKind> {
    use rspirv::grammar::OperandKind as K;
    let Some(g) = rspirv::grammar::INSTRUCTION_TABLE.lookup_opcode(opcode as u32) else {
        return vec![K::LiteralInteger; n];
    };
    let logical: Vec<_> = g
        .operands
        .iter()
        .filter(|o| !matches!(o.kind, K::IdResultType | K::IdResult))
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while out.len() < n {
        let kind = logical
            .get(i)
            .or(logical.last())
            .map(|o| o.kind)
            .unwrap_or(K::LiteralInteger);
        out.push(kind);
        // MemoryAccess and ImageOperands carry their parameters as further words.
        if matches!(kind, K::MemoryAccess | K::ImageOperands) {
            while out.len() < n {
                out.push(K::LiteralInteger);
            }
        }
        i += 1;
    }
    out
}

/// An enumerant name for a literal of an enum kind, when the kind is a value enum we name.
pub(crate) fn literal_name(kind: rspirv::grammar::OperandKind, w: u32) -> Option<String> {
    use rspirv::grammar::OperandKind as K;
    Some(match kind {
        K::GroupOperation => format!("{:?}", spirv::GroupOperation::from_u32(w)?),
        K::StorageClass => format!("{:?}", spirv::StorageClass::from_u32(w)?),
        K::PackedVectorFormat => format!("{:?}", spirv::PackedVectorFormat::from_u32(w)?),
        _ => return None,
    })
}

struct Printer<'m> {
    m: &'m Module,
    out: String,
    values: HashMap<ValueId, usize>,
    blocks: HashMap<BlockId, usize>,
    next_value: usize,
    next_block: usize,
}

impl Printer<'_> {
    fn line(&mut self, indent: usize, text: &str) {
        for _ in 0..indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn module(&mut self) {
        let m = self.m;
        let caps: Vec<String> = m.capabilities.iter().map(|c| format!("{c:?}")).collect();
        let exts: Vec<String> = m.extensions.iter().map(|e| quote(e)).collect();
        let head = format!(
            "spirv.module {:?} {:?} requires #spirv.vce<v{}, [{}], [{}]> {{",
            m.addressing_model,
            m.memory_model,
            m.version,
            caps.join(", "),
            exts.join(", ")
        );
        self.line(0, &head);
        let gsyms = symbols(m.global_variables.iter().map(|(_, g)| g.name.as_deref()));
        let ssyms = symbols(m.spec_constants.iter().map(|(_, s)| s.name.as_deref()));
        let fsyms = symbols(m.functions.iter().map(|(_, f)| Some(f.name.as_str())));
        for set in &m.ext_inst_imports {
            self.line(1, &format!("spirv.ExtInstImport {}", quote(set.name())));
        }
        for (t, name) in &m.type_names {
            self.line(
                1,
                &format!("spirv.TypeName {} {}", print_type(m, *t), quote(name)),
            );
        }
        for s in &m.debug.strings {
            self.line(1, &format!("spirv.String {}", quote(s)));
        }
        for e in &m.debug.source_extensions {
            self.line(1, &format!("spirv.SourceExtension {}", quote(e)));
        }
        for s in &m.debug.sources {
            let mut x = format!("spirv.Source {:?} {}", s.language, s.version);
            if let Some(f) = &s.file {
                let _ = write!(x, " file({})", quote(f));
            }
            if let Some(t) = &s.text {
                let _ = write!(x, " text({})", quote(t));
            }
            self.line(1, &x);
            for c in &s.continued {
                self.line(1, &format!("spirv.SourceContinued {}", quote(c)));
            }
        }
        for p in &m.debug.module_processed {
            self.line(1, &format!("spirv.ModuleProcessed {}", quote(p)));
        }
        for (i, (_, s)) in m.spec_constants.iter().enumerate() {
            let mut x = format!("spirv.SpecConstant {}", ssyms[i].0);
            if ssyms[i].1 {
                let _ = write!(x, " {}", quote(s.name.as_deref().unwrap_or_default()));
            }
            if let Some(id) = s.spec_id {
                let _ = write!(x, " spec_id({id})");
            }
            if let Some(b) = s.builtin {
                let _ = write!(x, " builtin({b:?})");
            }
            if let Some(op) = &s.operation {
                let ops: Vec<String> = op
                    .operands
                    .iter()
                    .map(|o| match o {
                        SpecOperand::Spec(sc) => ssyms
                            .get(sc.index())
                            .map(|s| s.0.clone())
                            .unwrap_or_else(|| "@?".into()),
                        SpecOperand::Constant(ty, c) => {
                            format!("{} : {}", print_constant(m, *ty, c), print_type(m, *ty))
                        }
                        SpecOperand::Literal(w) => w.to_string(),
                    })
                    .collect();
                let _ = write!(
                    x,
                    " = spirv.SpecConstantOperation wraps spirv.{:?}({}) : {}",
                    op.opcode,
                    ops.join(", "),
                    print_type(m, s.ty)
                );
                self.line(1, &x);
                continue;
            }
            match &s.composite {
                Some(parts) => {
                    let part_types: Vec<Option<TypeId>> = match m.types.get(s.ty) {
                        _ if s.replicate => {
                            vec![m
                                .types
                                .get(s.ty)
                                .and_then(crate::serialize::replicated_type)]
                        }
                        Some(Type::Vector { component, .. }) => vec![Some(*component); parts.len()],
                        Some(Type::Matrix { column, .. }) => vec![Some(*column); parts.len()],
                        Some(Type::Array { element, .. }) => vec![Some(*element); parts.len()],
                        Some(Type::Struct(st)) => {
                            st.members.iter().map(|mem| Some(mem.ty)).collect()
                        }
                        _ => vec![None; parts.len()],
                    };
                    let ps: Vec<String> = parts
                        .iter()
                        .zip(part_types.iter().chain(std::iter::repeat(&None)))
                        .map(|(p, pt)| match (p, pt) {
                            (SpecConstituent::Spec(sc), _) => ssyms
                                .get(sc.index())
                                .map(|s| s.0.clone())
                                .unwrap_or_else(|| "@?".into()),
                            (SpecConstituent::Constant(c), Some(pt)) => print_constant(m, *pt, c),
                            (SpecConstituent::Constant(c), None) => format!("{c:?}"),
                        })
                        .collect();
                    let _ = write!(
                        x,
                        " = composite{}[{}] : {}",
                        if s.replicate { " replicate" } else { "" },
                        ps.join(", "),
                        print_type(m, s.ty)
                    );
                }
                None => {
                    let _ = write!(
                        x,
                        " = {} : {}",
                        print_constant(m, s.ty, &s.default),
                        print_type(m, s.ty)
                    );
                }
            }
            self.line(1, &x);
        }
        for (i, (_, g)) in m.global_variables.iter().enumerate() {
            let mut x = format!("spirv.GlobalVariable {}", gsyms[i].0);
            if gsyms[i].1 {
                let _ = write!(x, " {}", quote(g.name.as_deref().unwrap_or_default()));
            }
            let _ = write!(x, " : {}", print_type(m, g.ty));
            if let Some(sc) = Some(g.storage_class).filter(|sc| !matches!(m.types.get(g.ty), Some(Type::Pointer { storage_class, .. }) if storage_class == sc)) {
                let _ = write!(x, " storage_class({sc:?})");
            }
            match (g.descriptor_set, g.binding) {
                (Some(s), Some(b)) => {
                    let _ = write!(x, " binding({s}, {b})");
                }
                (Some(s), None) => {
                    let _ = write!(x, " descriptor_set({s})");
                }
                (None, Some(b)) => {
                    let _ = write!(x, " binding_only({b})");
                }
                (None, None) => {}
            }
            if let Some(b) = g.builtin {
                let _ = write!(x, " builtin({b:?})");
            }
            if let (Some(init), Some(Type::Pointer { pointee, .. })) =
                (&g.initializer, m.types.get(g.ty))
            {
                let _ = write!(x, " init({})", print_constant(m, *pointee, init));
            }
            if !g.decorations.is_empty() {
                let _ = write!(x, " decorations{}", decorations(m, &g.decorations));
            }
            if let Some(l) = &g.location {
                let _ = write!(x, " loc({}:{}:{})", quote(&l.file), l.line, l.column);
            }
            self.line(1, &x);
        }
        for (i, ns) in m.non_semantic.iter().enumerate() {
            let ops: Vec<String> = ns
                .operands
                .iter()
                .map(|x| non_semantic_operand(m, x, &gsyms, &ssyms, &fsyms))
                .collect();
            self.line(
                1,
                &format!(
                    "spirv.NonSemantic #{i} = {}({})",
                    ext_inst_name(&ns.set, ns.instruction),
                    ops.join(", ")
                ),
            );
        }
        for (i, (fid, f)) in m.functions.iter().enumerate() {
            self.function(fid, f, &fsyms[i].0, &gsyms, &ssyms, &fsyms);
        }
        for ep in &m.entry_points {
            let iface: Vec<String> = ep
                .interface
                .iter()
                .map(|g| {
                    gsyms
                        .get(g.index())
                        .map(|s| s.0.clone())
                        .unwrap_or_else(|| "@?".into())
                })
                .collect();
            let f = fsyms
                .get(ep.function.index())
                .map(|s| s.0.clone())
                .unwrap_or_else(|| "@?".into());
            let x = format!(
                "spirv.EntryPoint {:?} {f} {} interface({})",
                ep.execution_model,
                quote(&ep.name),
                iface.join(", ")
            );
            self.line(1, &x);
        }
        for em in &m.execution_modes {
            let f = fsyms
                .get(em.function.index())
                .map(|s| s.0.clone())
                .unwrap_or_else(|| "@?".into());
            let mut x = format!("spirv.ExecutionMode {f} {:?}", em.mode);
            for o in &em.operands {
                match o {
                    ModeOperand::Literal(v) => {
                        let _ = write!(x, " {v}");
                    }
                    ModeOperand::ConstantU32(v) => {
                        let _ = write!(x, " const({v})");
                    }
                    ModeOperand::SpecConstant(s) => {
                        let _ = write!(
                            x,
                            " {}",
                            ssyms
                                .get(s.index())
                                .map(|s| s.0.clone())
                                .unwrap_or_else(|| "@?".into())
                        );
                    }
                }
            }
            self.line(1, &x);
        }
        self.line(0, "}");
    }

    fn def(&mut self, v: ValueId, f: &Function) -> String {
        let n = self.next_value;
        self.next_value += 1;
        self.values.insert(v, n);
        match f.values.get(v).and_then(|x| x.name.as_deref()) {
            Some(name) => format!("%{n} {}", quote(name)),
            None => format!("%{n}"),
        }
    }

    fn use_(&self, v: ValueId) -> String {
        match self.values.get(&v) {
            Some(n) => format!("%{n}"),
            None => format!("%<undefined {}>", v.index()),
        }
    }

    fn block_name(&mut self, b: BlockId) -> String {
        let next = self.next_block;
        let n = *self.blocks.entry(b).or_insert(next);
        if n == next {
            self.next_block += 1;
        }
        format!("^bb{n}")
    }

    fn function(
        &mut self,
        fid: FunctionId,
        f: &Function,
        sym: &str,
        gsyms: &[(String, bool)],
        ssyms: &[(String, bool)],
        fsyms: &[(String, bool)],
    ) {
        self.values.clear();
        self.blocks.clear();
        self.next_value = 0;
        self.next_block = 0;
        let params: Vec<String> = f
            .params
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                let ty = f
                    .values
                    .get(p)
                    .map(|v| print_type(self.m, v.ty))
                    .unwrap_or_default();
                let abi = match self.m.abi.interface_var(fid, i as u32) {
                    Some(a) => format!(
                        " {{spirv.interface_var_abi = #spirv.interface_var_abi<({}, {})>}}",
                        a.descriptor_set, a.binding
                    ),
                    None => String::new(),
                };
                let ds: Vec<Decoration> = f
                    .param_decorations
                    .iter()
                    .filter(|(index, _)| *index as usize == i)
                    .map(|(_, d)| d.clone())
                    .collect();
                let deco = if ds.is_empty() {
                    String::new()
                } else {
                    format!(" decorations{}", decorations(self.m, &ds))
                };
                format!("{}: {ty}{abi}{deco}", self.def(p, f))
            })
            .collect();
        let mut x = format!("spirv.func {sym}");
        if !is_identifier(&f.name) || sym != format!("@{}", f.name) {
            let _ = write!(x, " {}", quote(&f.name));
        }
        let _ = write!(
            x,
            "({}) -> {}",
            params.join(", "),
            print_type(self.m, f.result_type)
        );
        if !f.control.is_empty() {
            let _ = write!(x, " control({})", flags!(f.control));
        }
        if let Some(abi) = self.m.abi.entry_point(fid) {
            let [a, b, c] = abi.workgroup_size;
            let _ = write!(
                x,
                " attributes {{spirv.entry_point_abi = \
                 #spirv.entry_point_abi<workgroup_size = [{a}, {b}, {c}]>}}"
            );
        }
        if !f.decorations.is_empty() {
            let _ = write!(x, " decorations{}", decorations(self.m, &f.decorations));
        }
        if let Some(l) = &f.location {
            let _ = write!(x, " loc({}:{}:{})", quote(&l.file), l.line, l.column);
        }
        x.push_str(" {");
        self.line(1, &x);
        for &op in &f.prologue {
            if let Some(o) = f.ops.get(op) {
                self.op(f, o, 2, gsyms, ssyms, fsyms);
            }
        }
        // Number all blocks of the body in print order before printing, so branches to later
        // blocks print their final names.
        self.region(f, f.body, 1, gsyms, ssyms, fsyms);
        self.line(1, "}");
    }

    fn region(
        &mut self,
        f: &Function,
        r: RegionId,
        indent: usize,
        gsyms: &[(String, bool)],
        ssyms: &[(String, bool)],
        fsyms: &[(String, bool)],
    ) {
        let Some(region) = f.regions.get(r) else {
            self.line(indent, "<bad region>");
            return;
        };
        for &b in &region.blocks {
            self.block_name(b);
        }
        for &b in &region.blocks.clone() {
            let name = self.block_name(b);
            let Some(block) = f.blocks.get(b) else {
                continue;
            };
            let args: Vec<String> = block
                .args
                .iter()
                .map(|&a| {
                    let ty = f
                        .values
                        .get(a)
                        .map(|v| print_type(self.m, v.ty))
                        .unwrap_or_default();
                    format!("{}: {ty}", self.def(a, f))
                })
                .collect();
            let name = match &block.name {
                Some(n) => format!("{name} {}", quote(n)),
                None => name,
            };
            let loc = match &block.location {
                Some(l) => format!(" loc({}:{}:{})", quote(&l.file), l.line, l.column),
                None => String::new(),
            };
            if args.is_empty() {
                self.line(indent, &format!("{name}{loc}:"));
            } else {
                self.line(indent, &format!("{name}({}){loc}:", args.join(", ")));
            }
            for &op in &block.ops {
                if let Some(o) = f.ops.get(op) {
                    self.op(f, o, indent + 1, gsyms, ssyms, fsyms);
                }
            }
        }
    }

    fn succ(&mut self, s: &Successor) -> String {
        let name = self.block_name(s.block);
        if s.args.is_empty() {
            name
        } else {
            let a: Vec<String> = s.args.iter().map(|&v| self.use_(v)).collect();
            format!("{name}({})", a.join(", "))
        }
    }

    fn op(
        &mut self,
        f: &Function,
        op: &Operation,
        indent: usize,
        gsyms: &[(String, bool)],
        ssyms: &[(String, bool)],
        fsyms: &[(String, bool)],
    ) {
        let m = self.m;
        let rtype = |s: &Self| -> String {
            let ts: Vec<String> = op
                .results
                .iter()
                .map(|&r| {
                    f.values
                        .get(r)
                        .map(|v| print_type(s.m, v.ty))
                        .unwrap_or_default()
                })
                .collect();
            ts.join(", ")
        };
        let uses = |s: &Self, vs: &[ValueId]| -> String {
            vs.iter().map(|&v| s.use_(v)).collect::<Vec<_>>().join(", ")
        };
        let deco = if op.decorations.is_empty() {
            String::new()
        } else {
            format!(" decorations{}", decorations(self.m, &op.decorations))
        };
        let body = match &op.kind {
            OpKind::Constant(c) => {
                let ty = op
                    .results
                    .first()
                    .and_then(|&r| f.values.get(r))
                    .map(|v| v.ty);
                let c = ty.map(|t| print_constant(m, t, c)).unwrap_or_default();
                format!("spirv.Constant {c} : {}", rtype(self))
            }
            OpKind::ReferenceOf(s) => {
                format!(
                    "spirv.mlir.referenceof {} : {}",
                    ssyms.get(s.index()).map(|s| s.0.as_str()).unwrap_or("@?"),
                    rtype(self)
                )
            }
            OpKind::NonSemanticRef(x) => format!(
                "spirv.mlir.nonsemantic {} : {}",
                non_semantic_operand(m, x, gsyms, ssyms, fsyms),
                rtype(self)
            ),
            OpKind::AddressOf(g) => {
                format!(
                    "spirv.mlir.addressof {} : {}",
                    gsyms.get(g.index()).map(|s| s.0.as_str()).unwrap_or("@?"),
                    rtype(self)
                )
            }
            OpKind::Inst { opcode, operands } => {
                let kinds = operand_kinds(*opcode, operands.len());
                let ops: Vec<String> = operands
                    .iter()
                    .zip(&kinds)
                    .map(|(o, k)| match o {
                        Operand::Value(v) => self.use_(*v),
                        Operand::Literal(w) if *k == rspirv::grammar::OperandKind::MemoryAccess => {
                            format!(
                                "access<{}>",
                                flags!(spirv::MemoryAccess::from_bits_retain(*w))
                            )
                        }
                        Operand::Literal(w)
                            if *k == rspirv::grammar::OperandKind::ImageOperands =>
                        {
                            format!(
                                "image_operands<{}>",
                                flags!(spirv::ImageOperands::from_bits_retain(*w))
                            )
                        }
                        Operand::Literal(w) => {
                            literal_name(*k, *w).unwrap_or_else(|| w.to_string())
                        }
                        Operand::Scope(s) => format!("scope<{s:?}>"),
                        Operand::MemorySemantics(s) => format!("semantics<{}>", flags!(*s)),
                        Operand::Type(t) => format!("type<{}>", print_type(m, *t)),
                        Operand::Function(g) => format!(
                            "func<{}>",
                            fsyms.get(g.index()).map(|s| s.0.as_str()).unwrap_or("@?")
                        ),
                    })
                    .collect();
                let mut x = format!("spirv.{opcode:?}");
                if !ops.is_empty() {
                    let _ = write!(x, " {}", ops.join(", "));
                }
                if !op.results.is_empty() {
                    let _ = write!(x, " : {}", rtype(self));
                }
                x
            }
            OpKind::ExtInst {
                set,
                instruction,
                operands,
            } => {
                // Literals by the set's grammar: enumerants by name, numbers as numbers.
                let grammar = set.instruction(*instruction);
                let ops: Vec<String> = operands
                    .iter()
                    .enumerate()
                    .map(|(i, o)| match o {
                        Operand::Value(v) => self.use_(*v),
                        Operand::Literal(w) => {
                            let kind = grammar.and_then(|g| g.operands.get(i)).map(|x| x.kind);
                            match kind {
                                Some(rspirv::grammar::OperandKind::FPRoundingMode) => {
                                    spirv::FPRoundingMode::from_u32(*w)
                                        .map(|r| format!("{r:?}"))
                                        .unwrap_or_else(|| w.to_string())
                                }
                                _ => w.to_string(),
                            }
                        }
                        other => format!("{other:?}"),
                    })
                    .collect();
                let mut x = ext_inst_name(set, *instruction);
                if !ops.is_empty() {
                    let _ = write!(x, " {}", ops.join(", "));
                }
                let _ = write!(x, " : {}", rtype(self));
                x
            }
            OpKind::FunctionCall { callee, args } => {
                let mut x = format!(
                    "spirv.FunctionCall {}({})",
                    fsyms
                        .get(callee.index())
                        .map(|s| s.0.as_str())
                        .unwrap_or("@?"),
                    uses(self, args)
                );
                if !op.results.is_empty() {
                    let _ = write!(x, " : {}", rtype(self));
                }
                x
            }
            OpKind::Selection { control, body } => {
                let results = self.results(f, op);
                let mut x = format!("{results}spirv.mlir.selection");
                if !control.is_empty() {
                    let _ = write!(x, " control({})", flags!(*control));
                }
                if !op.results.is_empty() {
                    let _ = write!(x, " -> ({})", rtype(self));
                }
                x.push_str(&deco);
                x.push_str(" {");
                self.line(indent, &x);
                self.region(f, *body, indent + 1, gsyms, ssyms, fsyms);
                self.line(indent, "}");
                return;
            }
            OpKind::Loop { control, body } => {
                let results = self.results(f, op);
                let mut x = format!("{results}spirv.mlir.loop");
                if !control.is_empty() {
                    let _ = write!(x, " control({})", flags!(*control));
                }
                if !op.results.is_empty() {
                    let _ = write!(x, " -> ({})", rtype(self));
                }
                x.push_str(&deco);
                x.push_str(" {");
                self.line(indent, &x);
                self.region(f, *body, indent + 1, gsyms, ssyms, fsyms);
                self.line(indent, "}");
                return;
            }
            OpKind::Merge { values } => {
                if values.is_empty() {
                    "spirv.mlir.merge".into()
                } else {
                    format!("spirv.mlir.merge {}", uses(self, values))
                }
            }
            OpKind::Branch { target } => format!("spirv.Branch {}", self.succ(target)),
            OpKind::BranchConditional {
                condition,
                on_true,
                on_false,
                weights,
            } => {
                let mut x = format!(
                    "spirv.BranchConditional {}, {}, {}",
                    self.use_(*condition),
                    self.succ(on_true),
                    self.succ(on_false)
                );
                if let Some((a, b)) = weights {
                    let _ = write!(x, " weights({a}, {b})");
                }
                x
            }
            OpKind::Switch {
                selector,
                default,
                cases,
            } => {
                let mut x = format!(
                    "spirv.Switch {}, default: {}",
                    self.use_(*selector),
                    self.succ(default)
                );
                for (v, s) in cases {
                    let _ = write!(x, ", {v}: {}", self.succ(s));
                }
                x
            }
            OpKind::Return => "spirv.Return".into(),
            OpKind::ReturnValue(v) => format!("spirv.ReturnValue {}", self.use_(*v)),
            OpKind::Unreachable => "spirv.Unreachable".into(),
        };
        let results = self.results(f, op);
        let loc = match &op.location {
            Some(l) => format!(" loc({}:{}:{})", quote(&l.file), l.line, l.column),
            None => String::new(),
        };
        self.line(indent, &format!("{results}{body}{deco}{loc}"));
    }

    fn results(&mut self, f: &Function, op: &Operation) -> String {
        if op.results.is_empty() {
            return String::new();
        }
        let defs: Vec<String> = op.results.iter().map(|&r| self.def(r, f)).collect();
        format!("{} = ", defs.join(", "))
    }
}
