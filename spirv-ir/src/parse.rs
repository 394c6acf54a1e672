//! Text parser: the text form printed by [`crate::print`] -> [`Module`].
//!
//! A hand-written lexer (tokens carry line:column) and a recursive-descent parser. One op per
//! line: the operands of an op are the tokens on its line. Values must be defined before use
//! (the printer emits dominance order); blocks may be referenced before their definition.
//! Errors carry `line:column` and say what was expected.

use crate::arena::Arena;
use crate::print::operand_kinds;
use crate::syntax::*;
use spirv::Op;
use std::collections::HashMap;
use std::str::FromStr;
use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq)]
#[error("{line}:{column}: {message}")]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// Parses a module from the text form.
pub fn parse_module(text: &str) -> Result<Module, ParseError> {
    parse_module_with_positions(text).map(|(m, _)| m)
}

/// Where each op of a parsed module was written: `line:column` of its op name, by function
/// name and op handle (the verifier's errors carry both).
#[derive(Clone, Debug, Default)]
pub struct OpPositions(HashMap<(String, OpId), (usize, usize)>);

impl OpPositions {
    pub fn get(&self, function: &str, op: OpId) -> Option<(usize, usize)> {
        self.0.get(&(function.to_string(), op)).copied()
    }
}

/// [`parse_module`], keeping the position of every op.
pub fn parse_module_with_positions(text: &str) -> Result<(Module, OpPositions), ParseError> {
    let tokens = lex(text)?;
    let mut p = Parser {
        toks: tokens,
        at: 0,
        m: Module::new(Version::V1_0),
        gsyms: HashMap::new(),
        declared_globals: HashMap::new(),
        open_structs: Vec::new(),
        recursive_structs: HashMap::new(),
        pointee_next: false,
        ssyms: HashMap::new(),
        fsyms: HashMap::new(),
        positions: OpPositions::default(),
    };
    p.module()?;
    Ok((p.m, p.positions))
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Value(String),
    Block(usize),
    Symbol(String),
    Str(String),
    Num(String),
    Punct(&'static str),
    Eof,
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    line: usize,
    column: usize,
}

fn lex(text: &str) -> Result<Vec<Token>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line, mut col) = (0, 1, 1);
    let err = |line, column, message: String| {
        Err(ParseError {
            line,
            column,
            message,
        })
    };
    let is_ident_start = |c: char| c.is_ascii_alphabetic() || c == '_';
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$';
    while i < chars.len() {
        let c = chars[i];
        let (l0, c0) = (line, col);
        let advance = |i: &mut usize, col: &mut usize, n: usize| {
            *i += n;
            *col += n;
        };
        if c == '\n' {
            i += 1;
            line += 1;
            col = 1;
            continue;
        }
        if c.is_whitespace() {
            advance(&mut i, &mut col, 1);
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        let take_while = |start: usize, f: &dyn Fn(char) -> bool| {
            let mut j = start;
            while j < chars.len() && f(chars[j]) {
                j += 1;
            }
            j
        };
        let tok = if is_ident_start(c) {
            let j = take_while(i, &is_ident);
            let s: String = chars[i..j].iter().collect();
            {
                let n = j - i;
                advance(&mut i, &mut col, n);
            }
            Tok::Ident(s)
        } else if c == '%' {
            let j = take_while(i + 1, &is_ident);
            if j == i + 1 {
                return err(l0, c0, "expected a value name after `%`".into());
            }
            let s: String = chars[i + 1..j].iter().collect();
            {
                let n = j - i;
                advance(&mut i, &mut col, n);
            }
            Tok::Value(s)
        } else if c == '^' {
            if chars.get(i + 1) != Some(&'b') || chars.get(i + 2) != Some(&'b') {
                return err(l0, c0, "expected `^bbN`".into());
            }
            let j = take_while(i + 3, &|c: char| c.is_ascii_digit());
            if j == i + 3 {
                return err(l0, c0, "expected a number after `^bb`".into());
            }
            let s: String = chars[i + 3..j].iter().collect();
            let n: usize = s.parse().map_err(|_| ParseError {
                line: l0,
                column: c0,
                message: "number too large".into(),
            })?;
            {
                let n = j - i;
                advance(&mut i, &mut col, n);
            }
            Tok::Block(n)
        } else if c == '@' {
            let j = take_while(i + 1, &is_ident);
            if j == i + 1 {
                return err(l0, c0, "expected a symbol name after `@`".into());
            }
            let s: String = chars[i + 1..j].iter().collect();
            {
                let n = j - i;
                advance(&mut i, &mut col, n);
            }
            Tok::Symbol(s)
        } else if c == '"' {
            let mut s = String::new();
            let mut j = i + 1;
            loop {
                match chars.get(j) {
                    None | Some('\n') => return err(l0, c0, "unterminated string".into()),
                    Some('"') => break,
                    Some('\\') => {
                        match chars.get(j + 1) {
                            Some('"') => s.push('"'),
                            Some('\\') => s.push('\\'),
                            Some('n') => s.push('\n'),
                            Some('u') => {
                                let close = (j..chars.len())
                                    .find(|&k| chars[k] == '}')
                                    .filter(|&k| k >= j + 3 && chars.get(j + 2) == Some(&'{'))
                                    .ok_or(ParseError {
                                        line: l0,
                                        column: c0,
                                        message: "bad \\u escape".into(),
                                    })?;
                                let hex: String = chars[j + 3..close].iter().collect();
                                let v = u32::from_str_radix(&hex, 16)
                                    .ok()
                                    .and_then(char::from_u32)
                                    .ok_or(ParseError {
                                        line: l0,
                                        column: c0,
                                        message: "bad \\u escape".into(),
                                    })?;
                                s.push(v);
                                j = close - 1;
                            }
                            _ => return err(l0, c0, "bad escape in string".into()),
                        }
                        j += 2;
                    }
                    Some(&ch) => {
                        s.push(ch);
                        j += 1;
                    }
                }
            }
            {
                let n = j + 1 - i;
                advance(&mut i, &mut col, n);
            }
            Tok::Str(s)
        } else if c.is_ascii_digit()
            || (c == '-' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()))
        {
            let mut end = if c == '-' { i + 1 } else { i };
            if chars[end] == '0' && chars.get(end + 1) == Some(&'x') {
                end = take_while(end + 2, &|c: char| c.is_ascii_hexdigit());
            } else {
                end = take_while(end, &|c: char| c.is_ascii_digit());
                if chars.get(end) == Some(&'.')
                    && chars.get(end + 1).is_some_and(|d| d.is_ascii_digit())
                {
                    end = take_while(end + 1, &|c: char| c.is_ascii_digit());
                }
                if matches!(chars.get(end), Some('e' | 'E')) {
                    let mut k = end + 1;
                    if matches!(chars.get(k), Some('+' | '-')) {
                        k += 1;
                    }
                    if chars.get(k).is_some_and(|d| d.is_ascii_digit()) {
                        end = take_while(k, &|c: char| c.is_ascii_digit());
                    }
                }
            }
            let s: String = chars[i..end].iter().collect();
            {
                let n = end - i;
                advance(&mut i, &mut col, n);
            }
            Tok::Num(s)
        } else {
            let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
            let p = if two == "->" {
                "->"
            } else {
                match c {
                    '(' => "(",
                    ')' => ")",
                    '[' => "[",
                    ']' => "]",
                    '{' => "{",
                    '}' => "}",
                    '<' => "<",
                    '>' => ">",
                    ',' => ",",
                    ':' => ":",
                    '=' => "=",
                    '|' => "|",
                    '#' => "#",
                    _ => return err(l0, c0, format!("unexpected character `{c}`")),
                }
            };
            advance(&mut i, &mut col, p.len());
            Tok::Punct(p)
        };
        out.push(Token {
            tok,
            line: l0,
            column: c0,
        });
    }
    out.push(Token {
        tok: Tok::Eof,
        line,
        column: col,
    });
    Ok(out)
}

/// An untyped constant as written; typed once its type is known.
#[derive(Clone, Debug)]
enum ConstAst {
    Bool(bool),
    Null,
    Num(String),
    List(Vec<ConstAst>),
    /// `replicate(x)`.
    Replicate(Box<ConstAst>),
}

struct Parser {
    toks: Vec<Token>,
    at: usize,
    m: Module,
    gsyms: HashMap<String, GlobalVarId>,
    /// Every global variable's symbol, from a pre-scan: decorations may name globals declared
    /// further down (`CounterBuffer(@counter)`).
    declared_globals: HashMap<String, GlobalVarId>,
    /// Named structs whose members are being parsed, with the handle reserved for them when a
    /// member refers back to one (`struct<"Node">`, a struct containing itself).
    open_structs: Vec<(String, Option<TypeId>)>,
    /// Structs that contain themselves, by their printed form: each occurrence in the text
    /// names the same type (interning cannot see that a cyclic type equals another).
    recursive_structs: HashMap<String, TypeId>,
    /// The next type parsed is a pointer's pointee (the only place a struct may refer back to
    /// an enclosing one).
    pointee_next: bool,
    ssyms: HashMap<String, SpecConstId>,
    fsyms: HashMap<String, FunctionId>,
    positions: OpPositions,
}

struct FnState {
    values: HashMap<String, ValueId>,
    blocks: HashMap<usize, BlockId>,
    defined_blocks: std::collections::HashSet<usize>,
    /// Structured regions open around the op being parsed (at most
    /// [`MAX_CONTROL_FLOW_NESTING`]: the parser recurses into each).
    nesting: usize,
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.at].tok
    }
    fn line(&self) -> usize {
        self.toks[self.at].line
    }
    fn err<T>(&self, message: impl Into<String>) -> Result<T, ParseError> {
        let t = &self.toks[self.at];
        Err(ParseError {
            line: t.line,
            column: t.column,
            message: format!("{}, found {}", message.into(), describe(&t.tok)),
        })
    }
    fn next(&mut self) -> Tok {
        let t = self.toks[self.at].tok.clone();
        if self.at + 1 < self.toks.len() {
            self.at += 1;
        }
        t
    }
    fn eat(&mut self, p: &str) -> bool {
        if matches!(self.peek(), Tok::Punct(x) if *x == p) {
            self.next();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, p: &str) -> Result<(), ParseError> {
        if self.eat(p) {
            Ok(())
        } else {
            self.err(format!("expected `{p}`"))
        }
    }
    fn eat_ident(&mut self, word: &str) -> bool {
        if matches!(self.peek(), Tok::Ident(x) if x == word) {
            self.next();
            true
        } else {
            false
        }
    }
    fn expect_ident(&mut self, word: &str) -> Result<(), ParseError> {
        if self.eat_ident(word) {
            Ok(())
        } else {
            self.err(format!("expected `{word}`"))
        }
    }
    fn ident(&mut self, what: &str) -> Result<String, ParseError> {
        match self.peek().clone() {
            Tok::Ident(s) => {
                self.next();
                Ok(s)
            }
            _ => self.err(format!("expected {what}")),
        }
    }
    fn enum_<T: FromStr>(&mut self, what: &str) -> Result<T, ParseError> {
        let save = self.at;
        let s = self.ident(what)?;
        s.parse().or_else(|_| {
            self.at = save;
            self.err(format!("expected {what}"))
        })
    }
    fn number<T: FromStr>(&mut self, what: &str) -> Result<T, ParseError> {
        match self.peek().clone() {
            Tok::Num(s) => {
                let v = if let Some(h) = s.strip_prefix("0x") {
                    u64::from_str_radix(h, 16)
                        .ok()
                        .and_then(|v| v.to_string().parse().ok())
                } else {
                    s.parse().ok()
                };
                match v {
                    Some(v) => {
                        self.next();
                        Ok(v)
                    }
                    None => self.err(format!("expected {what}")),
                }
            }
            _ => self.err(format!("expected {what}")),
        }
    }
    fn string(&mut self, what: &str) -> Result<String, ParseError> {
        match self.peek().clone() {
            Tok::Str(s) => {
                self.next();
                Ok(s)
            }
            _ => self.err(format!("expected {what}")),
        }
    }
    fn opt_string(&mut self) -> Option<String> {
        match self.peek().clone() {
            Tok::Str(s) => {
                self.next();
                Some(s)
            }
            _ => None,
        }
    }
    fn symbol(&mut self, what: &str) -> Result<String, ParseError> {
        match self.peek().clone() {
            Tok::Symbol(s) => {
                self.next();
                Ok(s)
            }
            _ => self.err(format!("expected {what}")),
        }
    }
    /// A symbol declaration: `@name` or `@N`, then an optional explicit name string.
    fn symbol_decl(&mut self, what: &str) -> Result<(String, Option<String>), ParseError> {
        let s = self.symbol(what)?;
        let explicit = self.opt_string();
        let name = match explicit {
            Some(n) => Some(n),
            None if s.chars().all(|c| c.is_ascii_digit()) => None,
            None => Some(s.clone()),
        };
        Ok((s, name))
    }

    fn module(&mut self) -> Result<(), ParseError> {
        self.expect_ident("spirv.module")?;
        self.m.addressing_model = self.enum_("an addressing model")?;
        self.m.memory_model = self.enum_("a memory model")?;
        self.expect_ident("requires")?;
        self.expect("#")?;
        self.expect_ident("spirv.vce")?;
        self.expect("<")?;
        let v = self.ident("a version like `v1.3`")?;
        self.m.version = v
            .strip_prefix('v')
            .and_then(crate::target::parse_version)
            .ok_or_else(|| ParseError {
                line: self.toks[self.at - 1].line,
                column: self.toks[self.at - 1].column,
                message: format!("bad version `{v}`"),
            })?;
        self.expect(",")?;
        self.expect("[")?;
        while !self.eat("]") {
            let c = self.enum_("a capability")?;
            self.m.capabilities.push(c);
            if !self.eat(",") {
                self.expect("]")?;
                break;
            }
        }
        self.expect(",")?;
        self.expect("[")?;
        while !self.eat("]") {
            let e = self.string("an extension string")?;
            self.m.extensions.push(e);
            if !self.eat(",") {
                self.expect("]")?;
                break;
            }
        }
        self.expect(">")?;
        self.expect("{")?;
        // Functions may be called before they are defined: declare them all first.
        let mut i = self.at;
        let mut globals = 0;
        while i + 1 < self.toks.len() {
            if self.toks[i].tok == Tok::Ident("spirv.GlobalVariable".into()) {
                if let Tok::Symbol(s) = &self.toks[i + 1].tok {
                    self.declared_globals
                        .insert(s.clone(), crate::arena::Handle::from_index(globals));
                    globals += 1;
                }
            }
            if self.toks[i].tok == Tok::Ident("spirv.func".into()) {
                if let Tok::Symbol(s) = &self.toks[i + 1].tok {
                    let name = match &self.toks.get(i + 2).map(|t| &t.tok) {
                        Some(Tok::Str(n)) => n.clone(),
                        _ => s.clone(),
                    };
                    let void = self.m.types.intern(Type::Void);
                    let mut regions = Arena::new();
                    let body = regions.append(Region {
                        kind: RegionKind::Function,
                        blocks: vec![],
                    });
                    let f = self.m.functions.append(Function {
                        name,
                        result_type: void,
                        control: spirv::FunctionControl::NONE,
                        location: None,
                        params: vec![],
                        param_decorations: vec![],
                        decorations: Vec::new(),
                        prologue: Vec::new(),
                        body,
                        values: Arena::new(),
                        ops: Arena::new(),
                        blocks: Arena::new(),
                        regions,
                    });
                    if self.fsyms.insert(s.clone(), f).is_some() {
                        let t = &self.toks[i + 1];
                        return Err(ParseError {
                            line: t.line,
                            column: t.column,
                            message: format!("function @{s} defined twice"),
                        });
                    }
                }
            }
            i += 1;
        }
        let mut next_function = 0;
        loop {
            if self.eat("}") {
                break;
            }
            let item = self.ident("a module item (`spirv.GlobalVariable`, `spirv.func`, ...)")?;
            match item.as_str() {
                "spirv.NonSemantic" => {
                    self.expect("#")?;
                    let index: usize = self.number("an instruction index")?;
                    if index != self.m.non_semantic.len() {
                        return self.err(format!(
                            "non-semantic instruction #{index} out of order (expected #{})",
                            self.m.non_semantic.len()
                        ));
                    }
                    self.expect("=")?;
                    let opname = self.ident("a non-semantic instruction")?;
                    let (set, instruction) = if opname == "spirv.ExtInst" {
                        self.generic_ext_inst()?
                    } else {
                        let Some((set, name)) = ExtInstSet::ALL.into_iter().find_map(|set| {
                            let name = opname.strip_prefix(set.text_prefix())?;
                            Some((set, name))
                        }) else {
                            return self.err(format!("`{opname}` is no extended instruction"));
                        };
                        let instruction = set.instruction_by_name(name).map_or_else(
                            || self.err(format!("unknown {} instruction `{name}`", set.name())),
                            Ok,
                        )?;
                        if !set.is_debug_or_non_semantic() {
                            return self.err(format!(
                                "{} instruction `{name}` at module scope (only non-semantic \
                                 and debug-information sets may stand there)",
                                set.name()
                            ));
                        }
                        (set, instruction)
                    };
                    self.expect("(")?;
                    let mut operands = vec![];
                    while !self.eat(")") {
                        operands.push(self.non_semantic_operand()?);
                        if !self.eat(",") {
                            self.expect(")")?;
                            break;
                        }
                    }
                    self.m.non_semantic.push(NonSemanticInst {
                        set,
                        instruction,
                        operands,
                    });
                }
                "spirv.TypeName" => {
                    let t = self.ty()?;
                    let name = self.string("a type name")?;
                    if matches!(self.m.types.get(t), Some(Type::Struct(_))) {
                        return self.err(
                            "a struct's name is part of its type (`struct<\"name\", ...>`), \
                             not a `spirv.TypeName`",
                        );
                    }
                    if self.m.type_names.iter().any(|(u, _)| *u == t) {
                        return self.err("a second `spirv.TypeName` for one type");
                    }
                    self.m.type_names.push((t, name));
                }
                "spirv.ExtInstImport" => {
                    let name = self.string("an extended instruction set name")?;
                    let Some(set) = ExtInstSet::from_name(&name) else {
                        return self.err(format!(
                            "extended instruction set `{name}` is not supported (kiln keeps \
                             unknown sets only when they are `NonSemantic.*`)"
                        ));
                    };
                    self.m.ext_inst_imports.push(set);
                }
                "spirv.String" => {
                    let s = self.string("a string")?;
                    self.m.debug.strings.push(s);
                }
                "spirv.SourceExtension" => {
                    let s = self.string("a source extension")?;
                    self.m.debug.source_extensions.push(s);
                }
                "spirv.ModuleProcessed" => {
                    let s = self.string("a processing note")?;
                    self.m.debug.module_processed.push(s);
                }
                "spirv.Source" => {
                    let language = self.enum_("a source language")?;
                    let version = self.number("a source language version")?;
                    let mut file = None;
                    let mut text = None;
                    if self.eat_ident("file") {
                        self.expect("(")?;
                        file = Some(self.string("a file name")?);
                        self.expect(")")?;
                    }
                    if self.eat_ident("text") {
                        self.expect("(")?;
                        text = Some(self.string("the source text")?);
                        self.expect(")")?;
                    }
                    self.m.debug.sources.push(SourceDecl {
                        language,
                        version,
                        file,
                        text,
                        continued: Vec::new(),
                    });
                }
                "spirv.SourceContinued" => {
                    let s = self.string("the continued source text")?;
                    match self.m.debug.sources.last_mut() {
                        Some(SourceDecl {
                            text: Some(_),
                            continued,
                            ..
                        }) => continued.push(s),
                        _ => {
                            return self.err(
                                "spirv.SourceContinued without a spirv.Source with text before it",
                            )
                        }
                    }
                }
                "spirv.SpecConstant" => {
                    let (sym, name) = self.symbol_decl("a spec constant symbol")?;
                    let mut spec_id = None;
                    let mut builtin = None;
                    loop {
                        if self.eat_ident("spec_id") {
                            self.expect("(")?;
                            spec_id = Some(self.number("a spec id")?);
                            self.expect(")")?;
                        } else if self.eat_ident("builtin") {
                            self.expect("(")?;
                            builtin = Some(self.enum_("a builtin")?);
                            self.expect(")")?;
                        } else {
                            break;
                        }
                    }
                    self.expect("=")?;
                    let spec = if self.eat_ident("spirv.SpecConstantOperation") {
                        self.expect_ident("wraps")?;
                        let opname = self.ident("an op name")?;
                        let opcode = opname
                            .strip_prefix("spirv.")
                            .and_then(instruction_by_name)
                            .map_or_else(|| self.err(format!("unknown op `{opname}`")), Ok)?;
                        self.expect("(")?;
                        let mut operands = vec![];
                        while !self.eat(")") {
                            if let Tok::Symbol(s) = self.peek().clone() {
                                self.next();
                                let sc = self.ssyms.get(&s).copied().map_or_else(
                                    || self.err(format!("unknown spec constant @{s}")),
                                    Ok,
                                )?;
                                operands.push(SpecOperand::Spec(sc));
                            } else {
                                let c = self.const_ast()?;
                                if self.eat(":") {
                                    let ty = self.ty()?;
                                    let v = self.typed_constant(&c, ty)?;
                                    operands.push(SpecOperand::Constant(ty, v));
                                } else {
                                    let ConstAst::Num(n) = &c else {
                                        return self.err("expected a literal, a typed constant or a spec constant");
                                    };
                                    let w = n.parse().map_or_else(
                                        |_| self.err(format!("bad literal `{n}`")),
                                        Ok,
                                    )?;
                                    operands.push(SpecOperand::Literal(w));
                                }
                            }
                            if !self.eat(",") {
                                self.expect(")")?;
                                break;
                            }
                        }
                        self.expect(":")?;
                        let ty = self.ty()?;
                        SpecConstant {
                            name,
                            spec_id,
                            ty,
                            default: ConstantValue::Null,
                            composite: None,
                            builtin,
                            replicate: false,
                            operation: Some(SpecOperation { opcode, operands }),
                        }
                    } else if self.eat_ident("composite") {
                        let replicate = self.eat_ident("replicate");
                        self.expect("[")?;
                        let mut parts = vec![];
                        while !self.eat("]") {
                            match self.peek().clone() {
                                Tok::Symbol(s) => {
                                    self.next();
                                    let sc = self.ssyms.get(&s).copied().map_or_else(
                                        || self.err(format!("unknown spec constant @{s}")),
                                        Ok,
                                    )?;
                                    parts.push(Err(sc));
                                }
                                _ => parts.push(Ok(self.const_ast()?)),
                            }
                            if !self.eat(",") {
                                self.expect("]")?;
                                break;
                            }
                        }
                        self.expect(":")?;
                        let ty = self.ty()?;
                        let part_types: Vec<TypeId> = match &self.m.types[ty] {
                            t if replicate => {
                                crate::serialize::replicated_type(t).into_iter().collect()
                            }
                            Type::Vector { component, .. } => vec![*component; parts.len()],
                            Type::Matrix { column, .. } => vec![*column; parts.len()],
                            Type::Array { element, .. } => vec![*element; parts.len()],
                            Type::Struct(st) => st.members.iter().map(|m| m.ty).collect(),
                            _ => {
                                return self.err("a spec constant composite needs a composite type")
                            }
                        };
                        if part_types.len() != parts.len() {
                            return self.err("constituent count differs from the type");
                        }
                        let mut constituents = vec![];
                        for (p, pt) in parts.iter().zip(part_types) {
                            constituents.push(match p {
                                Err(sc) => SpecConstituent::Spec(*sc),
                                Ok(c) => SpecConstituent::Constant(self.typed_constant(c, pt)?),
                            });
                        }
                        SpecConstant {
                            name,
                            spec_id,
                            ty,
                            default: ConstantValue::Null,
                            composite: Some(constituents),
                            builtin,
                            replicate,
                            operation: None,
                        }
                    } else {
                        let c = self.const_ast()?;
                        self.expect(":")?;
                        let ty = self.ty()?;
                        let default = self.typed_constant(&c, ty)?;
                        SpecConstant {
                            name,
                            spec_id,
                            ty,
                            default,
                            composite: None,
                            builtin,
                            replicate: false,
                            operation: None,
                        }
                    };
                    let s = self.m.spec_constants.append(spec);
                    self.ssyms.insert(sym, s);
                }
                "spirv.GlobalVariable" => {
                    let (sym, name) = self.symbol_decl("a global variable symbol")?;
                    self.expect(":")?;
                    let type_at = self.at;
                    let ty = self.ty()?;
                    let (mut storage_class, pointee) = match &self.m.types[ty] {
                        Type::Pointer {
                            storage_class,
                            pointee,
                            ..
                        } => (*storage_class, *pointee),
                        _ => {
                            self.at = type_at;
                            return self.err("a global variable needs a pointer type");
                        }
                    };
                    let mut g = GlobalVariable {
                        name,
                        ty,
                        storage_class,
                        initializer: None,
                        descriptor_set: None,
                        binding: None,
                        builtin: None,
                        decorations: vec![],
                        location: None,
                    };
                    loop {
                        if self.eat_ident("storage_class") {
                            self.expect("(")?;
                            storage_class = self.enum_("a storage class")?;
                            self.expect(")")?;
                        } else if self.eat_ident("binding") {
                            self.expect("(")?;
                            g.descriptor_set = Some(self.number("a descriptor set")?);
                            self.expect(",")?;
                            g.binding = Some(self.number("a binding")?);
                            self.expect(")")?;
                        } else if self.eat_ident("descriptor_set") {
                            self.expect("(")?;
                            g.descriptor_set = Some(self.number("a descriptor set")?);
                            self.expect(")")?;
                        } else if self.eat_ident("binding_only") {
                            self.expect("(")?;
                            g.binding = Some(self.number("a binding")?);
                            self.expect(")")?;
                        } else if self.eat_ident("builtin") {
                            self.expect("(")?;
                            g.builtin = Some(self.enum_("a builtin")?);
                            self.expect(")")?;
                        } else if self.eat_ident("init") {
                            self.expect("(")?;
                            let c = self.const_ast()?;
                            g.initializer = Some(self.typed_constant(&c, pointee)?);
                            self.expect(")")?;
                        } else if self.eat_ident("decorations") {
                            g.decorations = self.decorations()?;
                        } else if self.eat_ident("loc") {
                            g.location = Some(self.location()?);
                        } else {
                            break;
                        }
                    }
                    g.storage_class = storage_class;
                    let id = self.m.global_variables.append(g);
                    self.gsyms.insert(sym, id);
                }
                "spirv.func" => {
                    let sym = self.symbol("a function symbol")?;
                    self.opt_string();
                    let fid = *self.fsyms.get(&sym).expect("declared in the pre-scan");
                    if fid.index() != next_function {
                        return self.err("functions must appear in declaration order");
                    }
                    next_function += 1;
                    self.function(fid)?;
                }
                "spirv.EntryPoint" => {
                    let execution_model = self.enum_("an execution model")?;
                    let f = self.symbol("a function symbol")?;
                    let function = self.function_ref(&f)?;
                    let name = self.string("the entry point name")?;
                    self.expect_ident("interface")?;
                    self.expect("(")?;
                    let mut interface = vec![];
                    while !self.eat(")") {
                        let g = self.symbol("a global variable symbol")?;
                        interface.push(self.global_ref(&g)?);
                        if !self.eat(",") {
                            self.expect(")")?;
                            break;
                        }
                    }
                    self.m.entry_points.push(EntryPoint {
                        execution_model,
                        function,
                        name,
                        interface,
                    });
                }
                "spirv.ExecutionMode" => {
                    let line = self.line();
                    let f = self.symbol("a function symbol")?;
                    let function = self.function_ref(&f)?;
                    let mode = self.enum_("an execution mode")?;
                    let mut operands = vec![];
                    while self.line() == line {
                        match self.peek().clone() {
                            Tok::Num(_) => {
                                operands.push(ModeOperand::Literal(self.number("a literal")?))
                            }
                            Tok::Symbol(s) => {
                                self.next();
                                let sc = *self.ssyms.get(&s).ok_or(ParseError {
                                    line,
                                    column: 0,
                                    message: format!("unknown spec constant @{s}"),
                                })?;
                                operands.push(ModeOperand::SpecConstant(sc));
                            }
                            Tok::Ident(x) if x == "const" => {
                                self.next();
                                self.expect("(")?;
                                operands.push(ModeOperand::ConstantU32(self.number("a constant")?));
                                self.expect(")")?;
                            }
                            _ => break,
                        }
                    }
                    self.m.execution_modes.push(ExecutionModeDecl {
                        function,
                        mode,
                        operands,
                    });
                }
                other => {
                    self.at -= 1;
                    return self.err(format!("unknown module item `{other}`"));
                }
            }
        }
        if !matches!(self.peek(), Tok::Eof) {
            return self.err("expected the end of the input");
        }
        if next_function != self.m.functions.len() {
            return self.err("a declared function has no body");
        }
        Ok(())
    }

    fn function_ref(&self, s: &str) -> Result<FunctionId, ParseError> {
        self.fsyms
            .get(s)
            .copied()
            .map_or_else(|| self.err(format!("unknown function @{s}")), Ok)
    }
    fn global_ref(&self, s: &str) -> Result<GlobalVarId, ParseError> {
        self.gsyms
            .get(s)
            .copied()
            .map_or_else(|| self.err(format!("unknown global variable @{s}")), Ok)
    }

    /// The generic form of an extended instruction after `spirv.ExtInst`: `"<set>" <number>`.
    /// A set kiln has no grammar for must be `NonSemantic.*`.
    fn generic_ext_inst(&mut self) -> Result<(ExtInstSet, u32), ParseError> {
        let name = self.string("an extended instruction set name")?;
        let Some(set) = ExtInstSet::from_name(&name) else {
            return self.err(format!(
                "extended instruction set `{name}` is not supported (kiln keeps unknown sets \
                 only when they are `NonSemantic.*`)"
            ));
        };
        let instruction = self.number("an extended instruction number")?;
        if !set.is_non_semantic() && set.instruction(instruction).is_none() {
            return self.err(format!("unknown {} instruction {instruction}", set.name()));
        }
        Ok((set, instruction))
    }

    /// `#N`, `"string"`, `1 : u32`, `type<..>`, `func<@f>`, `@global`, `@spec`,
    /// `undef<..>` or `literal(N)`.
    fn non_semantic_operand(&mut self) -> Result<NonSemanticOperand, ParseError> {
        Ok(match self.peek().clone() {
            Tok::Ident(x) if x == "undef" => {
                self.next();
                self.expect("<")?;
                let t = self.ty()?;
                self.expect(">")?;
                NonSemanticOperand::Undef(t)
            }
            Tok::Ident(x) if x == "literal" => {
                self.next();
                self.expect("(")?;
                let w = self.number("a literal")?;
                self.expect(")")?;
                NonSemanticOperand::Literal(w)
            }
            Tok::Punct("#") => {
                self.next();
                NonSemanticOperand::Inst(self.number("an instruction index")?)
            }
            Tok::Str(s) => {
                self.next();
                NonSemanticOperand::String(s)
            }
            Tok::Ident(x) if x == "type" => {
                self.next();
                self.expect("<")?;
                let t = self.ty()?;
                self.expect(">")?;
                NonSemanticOperand::Type(t)
            }
            Tok::Ident(x) if x == "func" => {
                self.next();
                self.expect("<")?;
                let s = self.symbol("a function symbol")?;
                let f = self.function_ref(&s)?;
                self.expect(">")?;
                NonSemanticOperand::Function(f)
            }
            Tok::Symbol(s) => {
                self.next();
                if let Some(&g) = self.gsyms.get(&s).or(self.declared_globals.get(&s)) {
                    NonSemanticOperand::GlobalVariable(g)
                } else if let Some(&sc) = self.ssyms.get(&s) {
                    NonSemanticOperand::SpecConstant(sc)
                } else {
                    return self.err(format!("unknown global variable or spec constant @{s}"));
                }
            }
            _ => {
                let c = self.const_ast()?;
                self.expect(":")?;
                let ty = self.ty()?;
                NonSemanticOperand::Constant(ty, self.typed_constant(&c, ty)?)
            }
        })
    }

    fn decorations(&mut self) -> Result<Vec<Decoration>, ParseError> {
        self.expect("[")?;
        let mut out = vec![];
        while !self.eat("]") {
            let kind = self.enum_("a decoration")?;
            let mut d = Decoration::new(kind, vec![]);
            let is_linkage = kind == spirv::Decoration::LinkageAttributes
                && self.peek() == &Tok::Punct("(")
                && matches!(
                    self.toks.get(self.at + 1).map(|t| &t.tok),
                    Some(Tok::Str(_))
                );
            if is_linkage {
                // `LinkageAttributes("name", Import)`: an `OpDecorate` whose literals are the
                // name's words and the linkage type.
                self.expect("(")?;
                let name = self.string("a linkage name")?;
                self.expect(",")?;
                let ty = self.ident("a linkage type (`Export`, `Import`, `LinkOnceODR`)")?;
                let Ok(linkage) = spirv::LinkageType::from_str(&ty) else {
                    return self.err(format!("unknown linkage type `{ty}`"));
                };
                self.expect(")")?;
                d.operands = crate::serialize::string_words(&name);
                d.operands.push(linkage as u32);
            } else if self.eat("(") {
                while !self.eat(")") {
                    let typed_constant =
                        self.toks.get(self.at + 1).map(|t| &t.tok) == Some(&Tok::Punct(":"));
                    match self.peek().clone() {
                        Tok::Str(s) => {
                            self.next();
                            d.strings.push(s);
                        }
                        Tok::Symbol(s) => {
                            self.next();
                            let global = self.gsyms.get(&s).or(self.declared_globals.get(&s));
                            if let Some(&g) = global {
                                d.ids.push(DecorationId::GlobalVariable(g));
                            } else if let Some(&sc) = self.ssyms.get(&s) {
                                d.ids.push(DecorationId::SpecConstant(sc));
                            } else {
                                return self
                                    .err(format!("unknown global variable or spec constant @{s}"));
                            }
                        }
                        _ if typed_constant => {
                            let c = self.const_ast()?;
                            self.expect(":")?;
                            let ty = self.ty()?;
                            d.ids
                                .push(DecorationId::Constant(ty, self.typed_constant(&c, ty)?));
                        }
                        _ => d.operands.push(self.number("a decoration operand")?),
                    }
                    if !self.eat(",") {
                        self.expect(")")?;
                        break;
                    }
                }
            }
            out.push(d);
            if !self.eat(",") {
                self.expect("]")?;
                break;
            }
        }
        Ok(out)
    }

    fn ty(&mut self) -> Result<TypeId, ParseError> {
        let is_pointee = std::mem::take(&mut self.pointee_next);
        let save = self.at;
        let name = self.ident("a type")?;
        let t = match name.as_str() {
            "void" => Type::Void,
            "bool" => Type::Bool,
            "vector" | "matrix" => {
                self.expect("<")?;
                let count_at = self.at;
                let n = self.number("a component count")?;
                // SPIR-V: a vector has 2, 3 or 4 components (8 or 16 with Vector16); a matrix
                // 2, 3 or 4 columns.
                let allowed: &[u32] = if name == "vector" {
                    &[2, 3, 4, 8, 16]
                } else {
                    &[2, 3, 4]
                };
                if !allowed.contains(&n) {
                    self.at = count_at;
                    return self.err(format!(
                        "expected a {name} component count of {}",
                        if name == "vector" {
                            "2, 3, 4, 8 or 16"
                        } else {
                            "2, 3 or 4"
                        }
                    ));
                }
                self.expect_ident("x")?;
                let c = self.ty()?;
                self.expect(">")?;
                if name == "vector" {
                    Type::Vector {
                        component: c,
                        count: n,
                    }
                } else {
                    Type::Matrix {
                        column: c,
                        columns: n,
                    }
                }
            }
            "array"
                if matches!(
                    self.toks.get(self.at + 1).map(|t| &t.tok),
                    Some(Tok::Symbol(_))
                ) =>
            {
                self.expect("<")?;
                let sym = self.symbol("a spec constant")?;
                let length = self
                    .ssyms
                    .get(&sym)
                    .copied()
                    .map_or_else(|| self.err(format!("unknown spec constant @{sym}")), Ok)?;
                self.expect_ident("x")?;
                let element = self.ty()?;
                let stride = self.opt_stride()?;
                self.expect(">")?;
                Type::SpecArray {
                    element,
                    length,
                    stride,
                }
            }
            "array" => {
                self.expect("<")?;
                let length = self.number("an array length")?;
                self.expect_ident("x")?;
                let element = self.ty()?;
                let stride = self.opt_stride()?;
                self.expect(">")?;
                Type::Array {
                    element,
                    length,
                    stride,
                }
            }
            "sampler" => Type::Sampler,
            "sampled_image" => {
                self.expect("<")?;
                let image = self.ty()?;
                self.expect(">")?;
                Type::SampledImage { image }
            }
            "image" => {
                self.expect("<")?;
                let sampled_type = self.ty()?;
                self.expect(",")?;
                let dim = self.enum_("an image dim (Dim2D, ...)")?;
                self.expect(",")?;
                self.expect_ident("depth")?;
                self.expect("=")?;
                let depth = self.number("0, 1 or 2")?;
                self.expect(",")?;
                let arrayed = match self.ident("Arrayed or NonArrayed")?.as_str() {
                    "Arrayed" => true,
                    "NonArrayed" => false,
                    _ => return self.err("expected Arrayed or NonArrayed"),
                };
                self.expect(",")?;
                let multisampled = match self.ident("MultiSampled or SingleSampled")?.as_str() {
                    "MultiSampled" => true,
                    "SingleSampled" => false,
                    _ => return self.err("expected MultiSampled or SingleSampled"),
                };
                self.expect(",")?;
                self.expect_ident("sampled")?;
                self.expect("=")?;
                let sampled = self.number("0, 1 or 2")?;
                self.expect(",")?;
                let format = self.enum_("an image format")?;
                let access = if self.eat(",") {
                    Some(self.enum_("an access qualifier")?)
                } else {
                    None
                };
                self.expect(">")?;
                Type::Image {
                    sampled_type,
                    dim,
                    depth,
                    arrayed,
                    multisampled,
                    sampled,
                    format,
                    access,
                }
            }
            "rtarray" => {
                self.expect("<")?;
                let element = self.ty()?;
                let stride = self.opt_stride()?;
                self.expect(">")?;
                Type::RuntimeArray { element, stride }
            }
            "struct" => {
                self.expect("<")?;
                let struct_name = self.opt_string();
                if let Some(n) = &struct_name {
                    if self.eat(">") {
                        if !is_pointee {
                            return self.err(format!(
                                "struct<{n:?}> refers back to a struct outside a pointer"
                            ));
                        }
                        // A reference to an enclosing struct of this name.
                        let Some(at) = self.open_structs.iter().rposition(|(o, _)| o == n) else {
                            return self
                                .err(format!("struct<{n:?}> refers to no enclosing struct"));
                        };
                        let h = match self.open_structs[at].1 {
                            Some(h) => h,
                            None => {
                                let h = self.m.types.reserve(Type::Void);
                                self.open_structs[at].1 = Some(h);
                                h
                            }
                        };
                        return Ok(h);
                    }
                    self.expect(",")?;
                    self.open_structs.push((n.clone(), None));
                }
                self.expect("(")?;
                let mut members = vec![];
                while !self.eat(")") {
                    let ty = self.ty()?;
                    let mut offset = None;
                    if self.eat_ident("offset") {
                        self.expect("(")?;
                        offset = Some(self.number("an offset")?);
                        self.expect(")")?;
                    }
                    let mut member_name = None;
                    if self.eat_ident("name") {
                        self.expect("(")?;
                        member_name = Some(self.string("a member name")?);
                        self.expect(")")?;
                    }
                    let decorations = if matches!(self.peek(), Tok::Punct("[")) {
                        self.decorations()?
                    } else {
                        vec![]
                    };
                    members.push(StructMember {
                        name: member_name,
                        ty,
                        offset,
                        decorations,
                    });
                    if !self.eat(",") {
                        self.expect(")")?;
                        break;
                    }
                }
                let mut block = false;
                let mut decorations = vec![];
                while self.eat(",") {
                    if self.eat_ident("Block") {
                        block = true;
                    } else {
                        decorations = self.decorations()?;
                    }
                }
                self.expect(">")?;
                let t = Type::Struct(StructType {
                    name: struct_name.clone(),
                    members,
                    block,
                    decorations,
                });
                if struct_name.is_some() {
                    if let Some((_, Some(h))) = self.open_structs.pop() {
                        self.m.types.fill(h, t);
                        let text = crate::print::print_type(&self.m, h);
                        return Ok(*self.recursive_structs.entry(text).or_insert(h));
                    }
                }
                t
            }
            "ptr" => {
                self.expect("<")?;
                self.pointee_next = true;
                let pointee = self.ty()?;
                self.expect(",")?;
                let storage_class = self.enum_("a storage class")?;
                let stride = self.opt_stride()?;
                self.expect(">")?;
                Type::Pointer {
                    pointee,
                    storage_class,
                    stride,
                }
            }
            "fn" => {
                self.expect("<")?;
                self.expect("(")?;
                let mut params = vec![];
                while !self.eat(")") {
                    params.push(self.ty()?);
                    if !self.eat(",") {
                        self.expect(")")?;
                        break;
                    }
                }
                self.expect("->")?;
                let result = self.ty()?;
                self.expect(">")?;
                Type::Function { result, params }
            }
            "coopmatrix" => {
                self.expect("<")?;
                let rows = self.number("rows")?;
                self.expect_ident("x")?;
                let columns = self.number("columns")?;
                self.expect_ident("x")?;
                let component = self.ty()?;
                self.expect(",")?;
                let scope = self.enum_("a scope")?;
                self.expect(",")?;
                let usage = self.enum_("a cooperative matrix use")?;
                self.expect(">")?;
                Type::CooperativeMatrix {
                    component,
                    scope,
                    rows,
                    columns,
                    usage,
                }
            }
            "bf16" => Type::BF16,
            "tensorlayout" => {
                self.expect("<")?;
                let dim = self.number("a dimension count")?;
                self.expect(",")?;
                let clamp_mode = self.enum_("a tensor clamp mode")?;
                self.expect(">")?;
                Type::TensorLayout { dim, clamp_mode }
            }
            s => {
                let (kind, width) = s.split_at(1);
                match (kind, width.parse::<u32>()) {
                    ("i", Ok(w)) if matches!(w, 8 | 16 | 32 | 64) => Type::Int {
                        width: w,
                        signed: true,
                    },
                    ("u", Ok(w)) if matches!(w, 8 | 16 | 32 | 64) => Type::Int {
                        width: w,
                        signed: false,
                    },
                    ("f", Ok(w)) if matches!(w, 16 | 32 | 64) => Type::Float {
                        width: w,
                        encoding: None,
                    },
                    _ => {
                        self.at = save;
                        return self.err("expected a type");
                    }
                }
            }
        };
        Ok(self.m.types.intern(t))
    }

    fn opt_stride(&mut self) -> Result<Option<u32>, ParseError> {
        if self.eat(",") {
            self.expect_ident("stride")?;
            self.expect("=")?;
            Ok(Some(self.number("a stride")?))
        } else {
            Ok(None)
        }
    }

    fn const_ast(&mut self) -> Result<ConstAst, ParseError> {
        match self.peek().clone() {
            Tok::Ident(s) if s == "true" => {
                self.next();
                Ok(ConstAst::Bool(true))
            }
            Tok::Ident(s) if s == "false" => {
                self.next();
                Ok(ConstAst::Bool(false))
            }
            Tok::Ident(s) if s == "null" => {
                self.next();
                Ok(ConstAst::Null)
            }
            Tok::Ident(s) if s == "replicate" => {
                self.next();
                self.expect("(")?;
                let part = self.const_ast()?;
                self.expect(")")?;
                Ok(ConstAst::Replicate(Box::new(part)))
            }
            Tok::Num(s) => {
                self.next();
                Ok(ConstAst::Num(s))
            }
            Tok::Punct("[") => {
                self.next();
                let mut parts = vec![];
                while !self.eat("]") {
                    parts.push(self.const_ast()?);
                    if !self.eat(",") {
                        self.expect("]")?;
                        break;
                    }
                }
                Ok(ConstAst::List(parts))
            }
            _ => self.err("expected a constant"),
        }
    }

    fn typed_constant(&self, c: &ConstAst, ty: TypeId) -> Result<ConstantValue, ParseError> {
        let t = self.m.types[ty].clone();
        let bad = || self.err(format!("constant {c:?} does not fit its type"));
        Ok(match (c, &t) {
            (ConstAst::Bool(b), Type::Bool) => ConstantValue::Bool(*b),
            (ConstAst::Null, _) => ConstantValue::Null,
            (ConstAst::Num(s), Type::Int { width, .. }) => {
                let mask = if *width == 64 {
                    u64::MAX
                } else {
                    (1u64 << width) - 1
                };
                let bits = if let Some(h) = s.strip_prefix("0x") {
                    u64::from_str_radix(h, 16).ok()
                } else if s.starts_with('-') {
                    s.parse::<i64>().ok().map(|v| v as u64)
                } else {
                    s.parse::<u64>().ok()
                };
                match bits {
                    Some(b) => ConstantValue::Int(b & mask),
                    None => return bad(),
                }
            }
            // bf16 constants are written as their bits (`0x3f80`), like f16 ones.
            (ConstAst::Num(s), Type::Float { width, .. }) => {
                let bits = if let Some(h) = s.strip_prefix("0x") {
                    u64::from_str_radix(h, 16).ok()
                } else {
                    match width {
                        32 => s.parse::<f32>().ok().map(|f| u64::from(f.to_bits())),
                        64 => s.parse::<f64>().ok().map(f64::to_bits),
                        _ => None,
                    }
                };
                match bits {
                    Some(b) => ConstantValue::Float(b),
                    None => return bad(),
                }
            }
            (ConstAst::List(parts), _) => {
                let part_types: Vec<TypeId> = match &t {
                    Type::Vector { component, .. } => vec![*component; parts.len()],
                    Type::Matrix { column, .. } => vec![*column; parts.len()],
                    Type::Array { element, .. } => vec![*element; parts.len()],
                    Type::CooperativeMatrix { component, .. } => vec![*component; parts.len()],
                    Type::Struct(s) if s.members.len() == parts.len() => {
                        s.members.iter().map(|m| m.ty).collect()
                    }
                    _ => return bad(),
                };
                let mut out = vec![];
                for (p, pt) in parts.iter().zip(part_types) {
                    out.push(self.typed_constant(p, pt)?);
                }
                ConstantValue::Composite(out)
            }
            (ConstAst::Replicate(part), _) => match crate::serialize::replicated_type(&t) {
                Some(pt) => ConstantValue::Replicate(Box::new(self.typed_constant(part, pt)?)),
                None => return bad(),
            },
            _ => return bad(),
        })
    }

    fn function(&mut self, fid: FunctionId) -> Result<(), ParseError> {
        let mut st = FnState {
            values: HashMap::new(),
            blocks: HashMap::new(),
            defined_blocks: Default::default(),
            nesting: 0,
        };
        let mut f = std::mem::replace(
            &mut self.m.functions[fid],
            Function {
                name: String::new(),
                result_type: self.m.types.intern(Type::Void),
                control: spirv::FunctionControl::NONE,
                location: None,
                params: vec![],
                param_decorations: vec![],
                decorations: Vec::new(),
                prologue: Vec::new(),
                body: crate::arena::Handle::from_index(0),
                values: Arena::new(),
                ops: Arena::new(),
                blocks: Arena::new(),
                regions: Arena::new(),
            },
        );
        self.expect("(")?;
        while !self.eat(")") {
            let n = self.value_def_token()?;
            let name = self.opt_string();
            self.expect(":")?;
            let ty = self.ty()?;
            let index = f.params.len() as u32;
            if self.eat("{") {
                let abi = self.interface_var_abi()?;
                self.m.abi.interface_vars.push((fid, index, abi));
            }
            if self.eat_ident("decorations") {
                for d in self.decorations()? {
                    f.param_decorations.push((index, d));
                }
            }
            let v = f.values.append(Value {
                ty,
                name,
                def: ValueDef::Param(index),
            });
            if st.values.insert(n.clone(), v).is_some() {
                return self.err(format!("%{n} defined twice"));
            }
            f.params.push(v);
            if !self.eat(",") {
                self.expect(")")?;
                break;
            }
        }
        self.expect("->")?;
        f.result_type = self.ty()?;
        if self.eat_ident("control") {
            f.control = self.flags_in_parens(spirv::FunctionControl::from_name)?;
        }
        if self.eat_ident("attributes") {
            let abi = self.entry_point_abi()?;
            self.m.abi.entry_points.push((fid, abi));
        }
        if self.eat_ident("decorations") {
            f.decorations = self.decorations()?;
        }
        if self.eat_ident("loc") {
            f.location = Some(self.location()?);
        }
        let body = f.body;
        self.expect("{")?;
        if !matches!(self.peek(), Tok::Block(_) | Tok::Punct("}")) {
            // The prologue: ops before the first block, parsed into a block of their own that
            // no region holds.
            let scratch = f.blocks.append(Block::default());
            while !matches!(self.peek(), Tok::Block(_) | Tok::Punct("}") | Tok::Eof) {
                self.op(&mut f, &mut st, scratch)?;
            }
            f.prologue = std::mem::take(&mut f.blocks[scratch].ops);
        }
        self.region_blocks(&mut f, &mut st, body)?;
        if let Some((n, _)) = st
            .blocks
            .iter()
            .find(|(n, _)| !st.defined_blocks.contains(n))
        {
            return self.err(format!(
                "^bb{n} is referenced but never defined in function `{}`",
                f.name
            ));
        }
        self.m.functions[fid] = f;
        Ok(())
    }

    /// `("file":line:column)`, after `loc`.
    fn location(&mut self) -> Result<Location, ParseError> {
        self.expect("(")?;
        let file = self.string("a file name")?;
        self.expect(":")?;
        let line = self.number("a line")?;
        self.expect(":")?;
        let column = self.number("a column")?;
        self.expect(")")?;
        Ok(Location { file, line, column })
    }

    /// `spirv.interface_var_abi = #spirv.interface_var_abi<(set, binding)>}` (after the `{`
    /// that follows a parameter's type).
    fn interface_var_abi(&mut self) -> Result<InterfaceVarAbi, ParseError> {
        self.expect_ident("spirv.interface_var_abi")?;
        self.expect("=")?;
        self.expect("#")?;
        self.expect_ident("spirv.interface_var_abi")?;
        self.expect("<")?;
        self.expect("(")?;
        let descriptor_set = self.number("a descriptor set")?;
        self.expect(",")?;
        let binding = self.number("a binding")?;
        self.expect(")")?;
        self.expect(">")?;
        self.expect("}")?;
        Ok(InterfaceVarAbi {
            descriptor_set,
            binding,
        })
    }

    /// `{spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [x, y, z]>}` (after a
    /// function's `attributes`).
    fn entry_point_abi(&mut self) -> Result<EntryPointAbi, ParseError> {
        self.expect("{")?;
        self.expect_ident("spirv.entry_point_abi")?;
        self.expect("=")?;
        self.expect("#")?;
        self.expect_ident("spirv.entry_point_abi")?;
        self.expect("<")?;
        self.expect_ident("workgroup_size")?;
        self.expect("=")?;
        self.expect("[")?;
        let mut workgroup_size = [0u32; 3];
        for (i, n) in workgroup_size.iter_mut().enumerate() {
            if i > 0 {
                self.expect(",")?;
            }
            *n = self.number("a workgroup size")?;
        }
        self.expect("]")?;
        self.expect(">")?;
        self.expect("}")?;
        Ok(EntryPointAbi { workgroup_size })
    }

    fn flags_in_parens<B>(&mut self, from_name: fn(&str) -> Option<B>) -> Result<B, ParseError>
    where
        B: std::ops::BitOr<Output = B> + Copy + FlagsBits,
    {
        self.expect("(")?;
        let b = self.flags_until(")", from_name)?;
        Ok(b)
    }

    /// `NAME|NAME|0x..` up to `close` (consumed).
    fn flags_until<B>(
        &mut self,
        close: &str,
        from_name: fn(&str) -> Option<B>,
    ) -> Result<B, ParseError>
    where
        B: std::ops::BitOr<Output = B> + Copy + FlagsBits,
    {
        let mut acc = B::from_raw(0);
        while !self.eat(close) {
            match self.peek().clone() {
                Tok::Ident(n) => {
                    let b = from_name(&n)
                        .map_or_else(|| self.err(format!("unknown flag `{n}`")), Ok)?;
                    self.next();
                    acc = acc | b;
                }
                Tok::Num(_) => {
                    let bits: u32 = self.number("flag bits")?;
                    acc = acc | B::from_raw(bits);
                }
                _ => return self.err(format!("expected a flag name or `{close}`")),
            }
            if !self.eat("|") {
                self.expect(close)?;
                break;
            }
        }
        Ok(acc)
    }

    fn value_def_token(&mut self) -> Result<String, ParseError> {
        match self.peek().clone() {
            Tok::Value(n) => {
                self.next();
                Ok(n)
            }
            _ => self.err("expected a value `%N`"),
        }
    }

    fn value_use(&mut self, st: &FnState) -> Result<ValueId, ParseError> {
        match self.peek().clone() {
            Tok::Value(n) => match st.values.get(&n).copied() {
                Some(v) => {
                    self.next();
                    Ok(v)
                }
                None => self.err(format!("use of undefined value %{n}")),
            },
            _ => self.err("expected a value `%N`"),
        }
    }

    fn block_ref(&mut self, f: &mut Function, st: &mut FnState) -> Result<BlockId, ParseError> {
        match self.peek().clone() {
            Tok::Block(n) => {
                self.next();
                Ok(*st
                    .blocks
                    .entry(n)
                    .or_insert_with(|| f.blocks.append(Block::default())))
            }
            _ => self.err("expected a block `^bbN`"),
        }
    }

    fn successor(&mut self, f: &mut Function, st: &mut FnState) -> Result<Successor, ParseError> {
        let block = self.block_ref(f, st)?;
        let mut args = vec![];
        if self.eat("(") {
            while !self.eat(")") {
                args.push(self.value_use(st)?);
                if !self.eat(",") {
                    self.expect(")")?;
                    break;
                }
            }
        }
        Ok(Successor { block, args })
    }

    /// `{ ^bbN(...): ops ... }` into region `r`.
    fn region(
        &mut self,
        f: &mut Function,
        st: &mut FnState,
        r: RegionId,
    ) -> Result<(), ParseError> {
        self.expect("{")?;
        self.region_blocks(f, st, r)
    }

    /// The blocks of a region after its `{`.
    fn region_blocks(
        &mut self,
        f: &mut Function,
        st: &mut FnState,
        r: RegionId,
    ) -> Result<(), ParseError> {
        while !self.eat("}") {
            let n = match self.peek().clone() {
                Tok::Block(n) => n,
                _ => return self.err("expected a block label `^bbN`"),
            };
            let b = self.block_ref(f, st)?;
            if !st.defined_blocks.insert(n) {
                return self.err(format!("^bb{n} defined twice"));
            }
            f.regions[r].blocks.push(b);
            f.blocks[b].name = self.opt_string();
            if self.eat("(") {
                while !self.eat(")") {
                    let vn = self.value_def_token()?;
                    let name = self.opt_string();
                    self.expect(":")?;
                    let ty = self.ty()?;
                    let index = f.blocks[b].args.len() as u32;
                    let v = f.values.append(Value {
                        ty,
                        name,
                        def: ValueDef::BlockArg { block: b, index },
                    });
                    if st.values.insert(vn.clone(), v).is_some() {
                        return self.err(format!("%{vn} defined twice"));
                    }
                    f.blocks[b].args.push(v);
                    if !self.eat(",") {
                        self.expect(")")?;
                        break;
                    }
                }
            }
            if self.eat_ident("loc") {
                f.blocks[b].location = Some(self.location()?);
            }
            self.expect(":")?;
            while !matches!(self.peek(), Tok::Block(_) | Tok::Punct("}") | Tok::Eof) {
                self.op(f, st, b)?;
            }
        }
        Ok(())
    }

    fn op(&mut self, f: &mut Function, st: &mut FnState, b: BlockId) -> Result<(), ParseError> {
        // Results.
        let mut results: Vec<(String, Option<String>)> = vec![];
        if matches!(self.peek(), Tok::Value(_)) {
            loop {
                let n = self.value_def_token()?;
                let name = self.opt_string();
                results.push((n, name));
                if !self.eat(",") {
                    break;
                }
            }
            self.expect("=")?;
        }
        let line = self.line();
        let op_column = self.toks[self.at].column;
        let name = self.ident("an op name")?;
        let mut result_types: Vec<TypeId> = vec![];
        let mut region_to_parse = None;
        let kind = match name.as_str() {
            "spirv.Constant" => {
                let c = self.const_ast()?;
                self.expect(":")?;
                let ty = self.ty()?;
                result_types.push(ty);
                OpKind::Constant(self.typed_constant(&c, ty)?)
            }
            "spirv.mlir.referenceof" => {
                let s = self.symbol("a spec constant symbol")?;
                let sc = self
                    .ssyms
                    .get(&s)
                    .copied()
                    .map_or_else(|| self.err(format!("unknown spec constant @{s}")), Ok)?;
                self.expect(":")?;
                result_types.push(self.ty()?);
                OpKind::ReferenceOf(sc)
            }
            "spirv.mlir.nonsemantic" => {
                let x = self.non_semantic_operand()?;
                self.expect(":")?;
                result_types.push(self.ty()?);
                OpKind::NonSemanticRef(x)
            }
            "spirv.mlir.addressof" => {
                let s = self.symbol("a global variable symbol")?;
                let g = self.global_ref(&s)?;
                self.expect(":")?;
                result_types.push(self.ty()?);
                OpKind::AddressOf(g)
            }
            "spirv.FunctionCall" => {
                let s = self.symbol("a function symbol")?;
                let callee = self.function_ref(&s)?;
                self.expect("(")?;
                let mut args = vec![];
                while !self.eat(")") {
                    args.push(self.value_use(st)?);
                    if !self.eat(",") {
                        self.expect(")")?;
                        break;
                    }
                }
                if self.eat(":") {
                    result_types.push(self.ty()?);
                }
                OpKind::FunctionCall { callee, args }
            }
            "spirv.mlir.selection" | "spirv.mlir.loop" => {
                let mut control = 0u32;
                if self.eat_ident("control") {
                    control = if name == "spirv.mlir.loop" {
                        self.flags_in_parens(spirv::LoopControl::from_name)?.raw()
                    } else {
                        self.flags_in_parens(spirv::SelectionControl::from_name)?
                            .raw()
                    };
                }
                if self.eat("->") {
                    self.expect("(")?;
                    while !self.eat(")") {
                        result_types.push(self.ty()?);
                        if !self.eat(",") {
                            self.expect(")")?;
                            break;
                        }
                    }
                }
                let kind = if name == "spirv.mlir.loop" {
                    RegionKind::Loop
                } else {
                    RegionKind::Selection
                };
                let body = f.regions.append(Region {
                    kind,
                    blocks: vec![],
                });
                region_to_parse = Some(body);
                if kind == RegionKind::Loop {
                    OpKind::Loop {
                        control: spirv::LoopControl::from_bits_retain(control),
                        body,
                    }
                } else {
                    OpKind::Selection {
                        control: spirv::SelectionControl::from_bits_retain(control),
                        body,
                    }
                }
            }
            "spirv.mlir.merge" => {
                let mut values = vec![];
                if self.line() == line && matches!(self.peek(), Tok::Value(_)) {
                    loop {
                        values.push(self.value_use(st)?);
                        if !self.eat(",") {
                            break;
                        }
                    }
                }
                OpKind::Merge { values }
            }
            "spirv.Branch" => OpKind::Branch {
                target: self.successor(f, st)?,
            },
            "spirv.BranchConditional" => {
                let condition = self.value_use(st)?;
                self.expect(",")?;
                let on_true = self.successor(f, st)?;
                self.expect(",")?;
                let on_false = self.successor(f, st)?;
                let mut weights = None;
                if self.eat_ident("weights") {
                    self.expect("(")?;
                    let a = self.number("a weight")?;
                    self.expect(",")?;
                    let w = self.number("a weight")?;
                    self.expect(")")?;
                    weights = Some((a, w));
                }
                OpKind::BranchConditional {
                    condition,
                    on_true,
                    on_false,
                    weights,
                }
            }
            "spirv.Switch" => {
                let selector = self.value_use(st)?;
                self.expect(",")?;
                self.expect_ident("default")?;
                self.expect(":")?;
                let default = self.successor(f, st)?;
                let mut cases = vec![];
                while self.eat(",") {
                    let v: u64 = self.number("a case value")?;
                    self.expect(":")?;
                    cases.push((v, self.successor(f, st)?));
                }
                OpKind::Switch {
                    selector,
                    default,
                    cases,
                }
            }
            "spirv.Return" => OpKind::Return,
            "spirv.ReturnValue" => OpKind::ReturnValue(self.value_use(st)?),
            "spirv.Unreachable" => OpKind::Unreachable,
            other => {
                let ext = if other == "spirv.ExtInst" {
                    let (set, inst) = self.generic_ext_inst()?;
                    Some((set, inst, inst.to_string()))
                } else {
                    let known = ExtInstSet::ALL.into_iter().find_map(|set| {
                        let name = other.strip_prefix(set.text_prefix())?;
                        Some((set, name.to_string()))
                    });
                    match known {
                        Some((set, name)) => {
                            let inst: u32 = set.instruction_by_name(&name).map_or_else(
                                || self.err(format!("unknown {} instruction `{name}`", set.name())),
                                Ok,
                            )?;
                            Some((set, inst, name))
                        }
                        None => None,
                    }
                };
                if let Some((set, inst, ext_name)) = ext {
                    // `<id>`s, and literals where the set's grammar has them: numbers, and
                    // `FPRoundingMode` enumerants by name.
                    let mut operands = vec![];
                    while self.line() == line {
                        let operand = match self.peek().clone() {
                            Tok::Value(_) => Operand::Value(self.value_use(st)?),
                            Tok::Num(_) => Operand::Literal(self.number("a literal")?),
                            Tok::Ident(x) => {
                                let Ok(mode) = spirv::FPRoundingMode::from_str(&x) else {
                                    return self.err(format!(
                                        "unknown enumerant `{x}` for {} `{ext_name}`",
                                        set.name()
                                    ));
                                };
                                self.next();
                                Operand::Literal(mode as u32)
                            }
                            _ => break,
                        };
                        operands.push(operand);
                        if !self.eat(",") {
                            break;
                        }
                    }
                    self.expect(":")?;
                    result_types.push(self.ty()?);
                    OpKind::ExtInst {
                        set,
                        instruction: inst,
                        operands,
                    }
                } else if let Some(opname) = other.strip_prefix("spirv.") {
                    let opcode = instruction_by_name(opname)
                        .map_or_else(|| self.err(format!("unknown op `{other}`")), Ok)?;
                    let operands = self.generic_operands(f, st, opcode, line)?;
                    if self.line() == line && self.eat(":") {
                        result_types.push(self.ty()?);
                    }
                    OpKind::Inst { opcode, operands }
                } else {
                    return self.err(format!("unknown op `{other}`"));
                }
            }
        };
        let mut decorations = vec![];
        if self.line() == line && self.eat_ident("decorations") {
            decorations = self.decorations()?;
        }
        let mut location = None;
        if self.line() == line && self.eat_ident("loc") {
            location = Some(self.location()?);
        }
        if result_types.len() != results.len() {
            return self.err(format!(
                "`{name}` defines {} values but has {} result types",
                results.len(),
                result_types.len()
            ));
        }
        let op = f.ops.append(Operation {
            kind,
            results: vec![],
            decorations,
            location,
        });
        self.positions
            .0
            .insert((f.name.clone(), op), (line, op_column));
        for (i, ((n, vname), ty)) in results.into_iter().zip(result_types).enumerate() {
            let v = f.values.append(Value {
                ty,
                name: vname,
                def: ValueDef::Result {
                    op,
                    index: i as u32,
                },
            });
            if st.values.insert(n.clone(), v).is_some() {
                return self.err(format!("%{n} defined twice"));
            }
            f.ops[op].results.push(v);
        }
        f.blocks[b].ops.push(op);
        if let Some(r) = region_to_parse {
            if st.nesting >= MAX_CONTROL_FLOW_NESTING {
                return Err(ParseError {
                    line,
                    column: op_column,
                    message: format!(
                        "`{name}` nested more than {MAX_CONTROL_FLOW_NESTING} structured \
                         regions deep (spirv-val's default limit)"
                    ),
                });
            }
            st.nesting += 1;
            self.region(f, st, r)?;
            st.nesting -= 1;
        }
        Ok(())
    }

    fn generic_operands(
        &mut self,
        f: &mut Function,
        st: &mut FnState,
        opcode: Op,
        line: usize,
    ) -> Result<Vec<Operand>, ParseError> {
        let mut out = vec![];
        let _ = f;
        while self.line() == line && !matches!(self.peek(), Tok::Punct(":") | Tok::Eof) {
            if matches!(self.peek(), Tok::Ident(x) if x == "decorations" || x == "loc") {
                break;
            }
            let operand = match self.peek().clone() {
                Tok::Value(_) => Operand::Value(self.value_use(st)?),
                Tok::Num(_) => Operand::Literal(self.number("a literal")?),
                Tok::Ident(x) if x == "scope" => {
                    self.next();
                    self.expect("<")?;
                    let s = self.enum_("a scope")?;
                    self.expect(">")?;
                    Operand::Scope(s)
                }
                Tok::Ident(x) if x == "semantics" => {
                    self.next();
                    self.expect("<")?;
                    let s = self.flags_until(">", spirv::MemorySemantics::from_name)?;
                    Operand::MemorySemantics(s)
                }
                Tok::Ident(x) if x == "access" => {
                    self.next();
                    self.expect("<")?;
                    let s = self.flags_until(">", spirv::MemoryAccess::from_name)?;
                    Operand::Literal(s.raw())
                }
                Tok::Ident(x) if x == "image_operands" => {
                    self.next();
                    self.expect("<")?;
                    let s = self.flags_until(">", spirv::ImageOperands::from_name)?;
                    Operand::Literal(s.raw())
                }
                Tok::Ident(x) if x == "type" => {
                    self.next();
                    self.expect("<")?;
                    let t = self.ty()?;
                    self.expect(">")?;
                    Operand::Type(t)
                }
                Tok::Ident(x) if x == "func" => {
                    self.next();
                    self.expect("<")?;
                    let s = self.symbol("a function symbol")?;
                    let callee = self.function_ref(&s)?;
                    self.expect(">")?;
                    Operand::Function(callee)
                }
                Tok::Ident(x) => {
                    let kinds = operand_kinds(opcode, out.len() + 1);
                    let kind = kinds.last().copied();
                    let w = kind.and_then(|k| enumerant_value(k, &x));
                    match w {
                        Some(w) => {
                            self.next();
                            Operand::Literal(w)
                        }
                        None => {
                            return self.err(format!(
                                "unknown enumerant `{x}` for operand {} of {opcode:?}",
                                out.len()
                            ))
                        }
                    }
                }
                _ => return self.err("expected an operand"),
            };
            out.push(operand);
            if !self.eat(",") {
                break;
            }
        }
        Ok(out)
    }
}

/// The opcode an op name of the text form names: kiln's spelling (the opname without `Op`,
/// `CooperativeMatrixMulAddKHR`) or MLIR's, which puts the vendor first
/// (`KHR.CooperativeMatrixMulAdd`, `EXT.EmitMeshTasks`, `INTEL.ConvertBF16ToF`).
pub fn instruction_by_name(name: &str) -> Option<Op> {
    let find = |n: &str| {
        rspirv::grammar::INSTRUCTION_TABLE
            .iter()
            .find(|i| i.opname == n)
            .map(|i| i.opcode)
    };
    find(name).or_else(|| {
        let (vendor, rest) = name.split_once('.')?;
        let vendor_like = !vendor.is_empty() && vendor.chars().all(|c| c.is_ascii_uppercase());
        if !vendor_like || rest.contains('.') {
            return None;
        }
        find(&format!("{rest}{vendor}"))
    })
}

fn enumerant_value(kind: rspirv::grammar::OperandKind, name: &str) -> Option<u32> {
    use rspirv::grammar::OperandKind as K;
    Some(match kind {
        K::GroupOperation => spirv::GroupOperation::from_str(name).ok()? as u32,
        K::StorageClass => spirv::StorageClass::from_str(name).ok()? as u32,
        K::PackedVectorFormat => spirv::PackedVectorFormat::from_str(name).ok()? as u32,
        _ => return None,
    })
}

/// Bit-set types of the `spirv` crate, built from raw bits.
trait FlagsBits {
    fn from_raw(bits: u32) -> Self;
    fn raw(self) -> u32;
}

macro_rules! flags_bits {
    ($($t:ty),*) => {$(
        impl FlagsBits for $t {
            fn from_raw(bits: u32) -> Self {
                <$t>::from_bits_retain(bits)
            }
            fn raw(self) -> u32 {
                self.bits()
            }
        }
    )*};
}
flags_bits!(
    spirv::FunctionControl,
    spirv::LoopControl,
    spirv::SelectionControl,
    spirv::MemorySemantics,
    spirv::MemoryAccess,
    spirv::ImageOperands
);

fn describe(t: &Tok) -> String {
    match t {
        Tok::Ident(s) => format!("`{s}`"),
        Tok::Value(n) => format!("`%{n}`"),
        Tok::Block(n) => format!("`^bb{n}`"),
        Tok::Symbol(s) => format!("`@{s}`"),
        Tok::Str(s) => format!("string \"{s}\""),
        Tok::Num(s) => format!("number `{s}`"),
        Tok::Punct(p) => format!("`{p}`"),
        Tok::Eof => "the end of the input".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::instruction_by_name;
    use spirv::Op;

    #[test]
    fn mlir_vendor_first_spellings_name_the_same_opcodes() {
        for (mlir, kiln, op) in [
            (
                "KHR.CooperativeMatrixMulAdd",
                "CooperativeMatrixMulAddKHR",
                Op::CooperativeMatrixMulAddKHR,
            ),
            (
                "EXT.EmitMeshTasks",
                "EmitMeshTasksEXT",
                Op::EmitMeshTasksEXT,
            ),
            (
                "EXT.ConstantCompositeReplicate",
                "ConstantCompositeReplicateEXT",
                Op::ConstantCompositeReplicateEXT,
            ),
            (
                "INTEL.ConvertBF16ToF",
                "ConvertBF16ToFINTEL",
                Op::ConvertBF16ToFINTEL,
            ),
            (
                "KHR.SubgroupBallot",
                "SubgroupBallotKHR",
                Op::SubgroupBallotKHR,
            ),
        ] {
            assert_eq!(instruction_by_name(mlir), Some(op), "{mlir}");
            assert_eq!(instruction_by_name(kiln), Some(op), "{kiln}");
        }
        assert_eq!(instruction_by_name("KHR.NoSuchOp"), None);
        assert_eq!(instruction_by_name("khr.CooperativeMatrixMulAdd"), None);
        assert_eq!(instruction_by_name("GL.Sqrt"), None);
    }
}
