//! The MLIR-syntax parser: reads the custom syntax that `print.rs` writes (and that `mlir-opt`
//! prints) for `func.func` / `return`, `linalg.*` named ops and `linalg.generic` (maps inline or
//! as `#alias = affine_map<...>`), `linalg.reduce`, `tensor.*`, `arith.*` and `math.*`.
//! An optional `module { ... }` wrapper is accepted. Every op is shape-inferred as it is parsed and
//! its written result types must agree (a written `?` matches a symbolic dim); the result is a
//! verified [`Module`]. Errors carry line:column and say what was expected. Not handled: generic
//! MLIR op syntax (`"linalg.matmul"(...)`), `loc(...)` trailers, dynamic sizes as SSA operands
//! (see `print.rs` for `kiln.symbols`), the short `linalg.reduce { arith.addf }` form.

use std::collections::HashMap;

use crate::builder::FunctionBuilder;
use crate::ir::ScalarOpClass;
use crate::syntax::*;

/// A parse error at a 1-based line and column.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct ParseError {
    pub line: u32,
    pub column: u32,
    pub message: String,
}

/// Parses MLIR text into a verified module.
pub fn parse_mlir(text: &str) -> Result<Module, ParseError> {
    let mut p = Parser {
        src: text.as_bytes(),
        pos: 0,
        line: 1,
        line_start: 0,
        aliases: HashMap::new(),
        depth: 0,
        affine_nodes: 0,
    };
    let module = p.module()?;
    crate::infer::verify_module(&module).map_err(|e| {
        let (line, column) = match e.location {
            Location::Text { line, column } => (line, column),
            _ => (1, 1),
        };
        ParseError {
            line,
            column,
            message: e.to_string(),
        }
    })?;
    Ok(module)
}

/// A literal inside `dense<...>` or a scalar constant.
#[derive(Clone, Debug)]
enum Literal {
    Float(f64),
    Int(i64),
    Bool(bool),
    /// A hex literal `0x...` (bit pattern of a float, or an integer).
    Hex(u64),
}

#[derive(Clone, Debug)]
enum DenseLit {
    Splat(Literal),
    List(Vec<Literal>),
    Hex(Vec<u8>),
}

// Integer, float and bool payloads are parsed for completeness; no attribute of the supported
// ops reads them yet.
#[allow(dead_code)]
#[derive(Clone, Debug)]
enum Attr {
    Int(i64),
    Float(f64),
    Str(String),
    Bool(bool),
    List(Vec<Attr>),
    Map(AffineMap),
    Dense(DenseLit),
    /// `#dialect.thing<payload>` or anything else kept as text.
    Other(String),
}

struct Parser<'a> {
    src: &'a [u8],
    pos: usize,
    line: u32,
    line_start: usize,
    aliases: HashMap<String, AffineMap>,
    /// How deeply the recursive rules (parentheses and unary minus in affine expressions,
    /// nested `dense<[[...]]>` and attribute lists) are nested at this point.
    depth: usize,
    /// Nodes of the affine expression being read (its tree is walked recursively later).
    affine_nodes: usize,
}

/// The deepest nesting the parser accepts (a stack overflow otherwise, issue 26).
pub const MAX_NESTING: usize = 64;
/// The most nodes one affine expression may have (ops and leaves; real maps have a few).
pub const MAX_AFFINE_NODES: usize = 256;

type PResult<T> = Result<T, ParseError>;

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.'
}

/// Parsing state of one function.
struct FunctionScope {
    builder: FunctionBuilder,
    values: HashMap<String, ValueId>,
    /// `index` values (`arith.constant N : index`, `tensor.dim`): not IR values, only the
    /// dynamic sizes of `tensor.empty(...)` / `output_shape [...]` refer to them.
    index_values: HashMap<String, IndexValue>,
}

#[derive(Clone, Debug)]
enum IndexValue {
    Const(u64),
    Dim(Dim),
}

enum ScalarName {
    Local(ScalarRef, DType),
}

impl<'a> Parser<'a> {
    // ----- low level -----

    fn column(&self) -> u32 {
        (self.pos - self.line_start + 1) as u32
    }

    fn location(&mut self) -> Location {
        self.skip_ws();
        Location::Text {
            line: self.line,
            column: self.column(),
        }
    }

    fn error<T>(&mut self, message: String) -> PResult<T> {
        Err(ParseError {
            line: self.line,
            column: self.column(),
            message,
        })
    }

    fn error_at<T>(&self, loc: &Location, message: String) -> PResult<T> {
        let (line, column) = match loc {
            Location::Text { line, column } => (*line, *column),
            _ => (self.line, self.column()),
        };
        Err(ParseError {
            line,
            column,
            message,
        })
    }

    /// Enters one level of a recursive rule; an error past [`MAX_NESTING`] levels.
    fn enter(&mut self, what: &str) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return self.error(format!("{what} nested more than {MAX_NESTING} deep"));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Counts one more node of the current affine expression.
    fn affine_node(&mut self) -> PResult<()> {
        self.affine_nodes += 1;
        if self.affine_nodes > MAX_AFFINE_NODES {
            return self.error(format!(
                "affine expression with more than {MAX_AFFINE_NODES} terms"
            ));
        }
        Ok(())
    }

    fn advance(&mut self, n: usize) {
        for _ in 0..n {
            if self.pos < self.src.len() {
                if self.src[self.pos] == b'\n' {
                    self.line += 1;
                    self.line_start = self.pos + 1;
                }
                self.pos += 1;
            }
        }
    }

    fn skip_ws(&mut self) {
        loop {
            match self.src.get(self.pos) {
                Some(b' ' | b'\t' | b'\r' | b'\n') => self.advance(1),
                Some(b'/') if self.src.get(self.pos + 1) == Some(&b'/') => {
                    while self.pos < self.src.len() && self.src[self.pos] != b'\n' {
                        self.advance(1);
                    }
                }
                _ => return,
            }
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.src.get(self.pos).copied()
    }

    fn at(&mut self, s: &str) -> bool {
        self.skip_ws();
        self.src[self.pos..].starts_with(s.as_bytes())
    }

    /// `at` for a keyword: the next char after it must not continue an identifier.
    fn at_keyword(&mut self, s: &str) -> bool {
        self.at(s)
            && !self
                .src
                .get(self.pos + s.len())
                .is_some_and(|&c| is_ident_char(c))
    }

    fn eat(&mut self, s: &str) -> bool {
        if self.at(s) {
            self.advance(s.len());
            true
        } else {
            false
        }
    }

    fn eat_keyword(&mut self, s: &str) -> bool {
        if self.at_keyword(s) {
            self.advance(s.len());
            true
        } else {
            false
        }
    }

    /// What is at the cursor, for "found ..." in messages.
    fn found(&mut self) -> String {
        self.skip_ws();
        if self.pos >= self.src.len() {
            return "end of input".into();
        }
        let rest = &self.src[self.pos..];
        let end = rest
            .iter()
            .position(|&c| c.is_ascii_whitespace())
            .unwrap_or(rest.len())
            .clamp(1, 24);
        format!("'{}'", String::from_utf8_lossy(&rest[..end]))
    }

    fn expect(&mut self, s: &str) -> PResult<()> {
        if self.eat(s) {
            return Ok(());
        }
        let found = self.found();
        self.error(format!("expected '{s}', found {found}"))
    }

    fn expect_keyword(&mut self, s: &str) -> PResult<()> {
        if self.eat_keyword(s) {
            return Ok(());
        }
        let found = self.found();
        self.error(format!("expected '{s}', found {found}"))
    }

    fn ident(&mut self, what: &str) -> PResult<String> {
        self.skip_ws();
        let start = self.pos;
        match self.src.get(self.pos) {
            Some(c) if c.is_ascii_alphabetic() || *c == b'_' => {}
            _ => {
                let found = self.found();
                return self.error(format!("expected {what}, found {found}"));
            }
        }
        while self.src.get(self.pos).is_some_and(|&c| is_ident_char(c)) {
            self.advance(1);
        }
        Ok(String::from_utf8_lossy(&self.src[start..self.pos]).into_owned())
    }

    /// `%name` (with an optional `#index` result suffix), returned without the `%`.
    fn value_name(&mut self) -> PResult<String> {
        self.skip_ws();
        if self.src.get(self.pos) != Some(&b'%') {
            let found = self.found();
            return self.error(format!(
                "expected an SSA value name like '%0', found {found}"
            ));
        }
        self.advance(1);
        let start = self.pos;
        while self
            .src
            .get(self.pos)
            .is_some_and(|&c| is_ident_char(c) || c == b'-')
        {
            self.advance(1);
        }
        if self.src.get(self.pos) == Some(&b'#')
            && self.src.get(self.pos + 1).is_some_and(u8::is_ascii_digit)
        {
            self.advance(1);
            while self.src.get(self.pos).is_some_and(u8::is_ascii_digit) {
                self.advance(1);
            }
        }
        if start == self.pos {
            return self.error("expected a name after '%'".into());
        }
        Ok(String::from_utf8_lossy(&self.src[start..self.pos]).into_owned())
    }

    fn uint(&mut self) -> PResult<u64> {
        self.skip_ws();
        let start = self.pos;
        while self.src.get(self.pos).is_some_and(u8::is_ascii_digit) {
            self.advance(1);
        }
        if start == self.pos {
            let found = self.found();
            return self.error(format!("expected an integer, found {found}"));
        }
        let s = String::from_utf8_lossy(&self.src[start..self.pos]).into_owned();
        match s.parse() {
            Ok(v) => Ok(v),
            Err(_) => self.error(format!("integer {s} out of range")),
        }
    }

    fn int(&mut self) -> PResult<i64> {
        let neg = self.eat("-");
        let v = self.uint()? as i64;
        Ok(if neg { -v } else { v })
    }

    /// A number literal: integer, float (`1.5e-3`), or hex (`0x7F800000`).
    fn literal(&mut self) -> PResult<Literal> {
        self.skip_ws();
        if self.eat_keyword("true") {
            return Ok(Literal::Bool(true));
        }
        if self.eat_keyword("false") {
            return Ok(Literal::Bool(false));
        }
        let start = self.pos;
        if self.at("0x") {
            self.advance(2);
            let hs = self.pos;
            while self.src.get(self.pos).is_some_and(u8::is_ascii_hexdigit) {
                self.advance(1);
            }
            let s = String::from_utf8_lossy(&self.src[hs..self.pos]).into_owned();
            return match u64::from_str_radix(&s, 16) {
                Ok(v) => Ok(Literal::Hex(v)),
                Err(_) => self.error(format!("bad hex literal 0x{s}")),
            };
        }
        if matches!(self.src.get(self.pos), Some(b'-' | b'+')) {
            self.advance(1);
        }
        let mut is_float = false;
        while let Some(&c) = self.src.get(self.pos) {
            if c.is_ascii_digit() {
                self.advance(1);
            } else if c == b'.' || c == b'e' || c == b'E' {
                is_float = true;
                self.advance(1);
                if (c == b'e' || c == b'E') && matches!(self.src.get(self.pos), Some(b'-' | b'+')) {
                    self.advance(1);
                }
            } else {
                break;
            }
        }
        let s = String::from_utf8_lossy(&self.src[start..self.pos]).into_owned();
        if s.is_empty() || s == "-" || s == "+" {
            self.pos = start;
            let found = self.found();
            return self.error(format!("expected a number, found {found}"));
        }
        if is_float {
            s.parse()
                .map(Literal::Float)
                .or_else(|_| self.error(format!("bad float literal {s}")))
        } else {
            s.parse()
                .map(Literal::Int)
                .or_else(|_| self.error(format!("bad integer literal {s}")))
        }
    }

    fn string(&mut self) -> PResult<String> {
        self.expect("\"")?;
        let start = self.pos;
        // Strings can be long (hex weights): find the end in one scan, then account for lines.
        let len = self.src[start..]
            .iter()
            .position(|&c| c == b'"')
            .unwrap_or(self.src.len() - start);
        let body = &self.src[start..start + len];
        if let Some(last_nl) = body.iter().rposition(|&c| c == b'\n') {
            self.line += body.iter().filter(|&&c| c == b'\n').count() as u32;
            self.line_start = start + last_nl + 1;
        }
        self.pos = start + len;
        let s = String::from_utf8_lossy(body).into_owned();
        self.expect("\"")?;
        Ok(s)
    }

    fn int_list(&mut self) -> PResult<Vec<i64>> {
        self.expect("[")?;
        let mut v = Vec::new();
        if !self.eat("]") {
            loop {
                v.push(self.int()?);
                if self.eat("]") {
                    break;
                }
                self.expect(",")?;
            }
        }
        Ok(v)
    }

    fn uint_list(&mut self) -> PResult<Vec<u64>> {
        let loc = self.location();
        let v = self.int_list()?;
        if v.iter().any(|&x| x < 0) {
            return self.error_at(&loc, "expected non-negative integers".into());
        }
        Ok(v.into_iter().map(|x| x as u64).collect())
    }

    fn usize_list(&mut self) -> PResult<Vec<usize>> {
        Ok(self.uint_list()?.into_iter().map(|x| x as usize).collect())
    }

    // ----- types -----

    fn dtype(&mut self) -> PResult<DType> {
        let loc = self.location();
        let name = self.ident("an element type")?;
        match DType::from_name(&name) {
            Some(d) => Ok(d),
            None => self.error_at(&loc, format!("expected an element type (f64, f32, f16, bf16, i64, i32, i8, i1), found '{name}'")),
        }
    }

    /// A type; `?` dims come back as `Dim::Symbol("?")`.
    fn ty(&mut self) -> PResult<Type> {
        if self.eat("tensor<") {
            let mut shape = Vec::new();
            loop {
                self.skip_ws();
                match self.src.get(self.pos) {
                    Some(b'?') => {
                        self.advance(1);
                        shape.push(Dim::Symbol("?".into()));
                    }
                    Some(c) if c.is_ascii_digit() => {
                        let start = self.pos;
                        while self.src.get(self.pos).is_some_and(u8::is_ascii_digit) {
                            self.advance(1);
                        }
                        let s = String::from_utf8_lossy(&self.src[start..self.pos]).into_owned();
                        match s.parse::<i64>() {
                            Ok(n) => shape.push(Dim::Static(n as u64)),
                            Err(_) => {
                                self.pos = start;
                                return self
                                    .error(format!("dimension {s} out of range (at most 2^63-1)"));
                            }
                        }
                    }
                    _ => break,
                }
                if self.src.get(self.pos) != Some(&b'x') {
                    let found = self.found();
                    return self.error(format!("expected 'x' after a dimension, found {found}"));
                }
                self.advance(1);
            }
            let dtype = self.dtype()?;
            self.expect(">")?;
            return Ok(Type::Tensor(TensorType { shape, dtype }));
        }
        if self.at("vector<") {
            return self.error("vector types are not supported".into());
        }
        Ok(Type::Scalar(self.dtype()?))
    }

    fn type_list(&mut self) -> PResult<Vec<Type>> {
        let mut v = vec![self.ty()?];
        while self.eat(",") {
            v.push(self.ty()?);
        }
        Ok(v)
    }

    // ----- attributes -----

    fn affine_map(&mut self) -> PResult<AffineMap> {
        self.expect("affine_map<")?;
        self.expect("(")?;
        let mut names: HashMap<String, AffineExpr> = HashMap::new();
        let mut num_dims = 0;
        if !self.eat(")") {
            loop {
                let n = self.ident("a dim name")?;
                names.insert(n, AffineExpr::Dim(num_dims));
                num_dims += 1;
                if self.eat(")") {
                    break;
                }
                self.expect(",")?;
            }
        }
        let mut num_symbols = 0;
        if self.eat("[") && !self.eat("]") {
            loop {
                let n = self.ident("a symbol name")?;
                names.insert(n, AffineExpr::Symbol(num_symbols));
                num_symbols += 1;
                if self.eat("]") {
                    break;
                }
                self.expect(",")?;
            }
        }
        self.expect("->")?;
        self.expect("(")?;
        let mut results = Vec::new();
        if !self.eat(")") {
            loop {
                self.affine_nodes = 0;
                results.push(self.affine_expr(&names)?);
                if self.eat(")") {
                    break;
                }
                self.expect(",")?;
            }
        }
        self.expect(">")?;
        Ok(AffineMap {
            num_dims,
            num_symbols,
            results,
        })
    }

    fn affine_expr(&mut self, names: &HashMap<String, AffineExpr>) -> PResult<AffineExpr> {
        let mut e = self.affine_term(names)?;
        loop {
            if self.at("->") {
                break;
            }
            if self.eat("+") {
                self.affine_node()?;
                let r = self.affine_term(names)?;
                e = AffineExpr::Add(Box::new(e), Box::new(r));
            } else if self.eat("-") {
                self.affine_node()?;
                let r = self.affine_term(names)?;
                let neg = match r {
                    AffineExpr::Constant(c) => AffineExpr::Constant(-c),
                    r => AffineExpr::Mul(Box::new(r), Box::new(AffineExpr::Constant(-1))),
                };
                e = AffineExpr::Add(Box::new(e), Box::new(neg));
            } else {
                break;
            }
        }
        Ok(e)
    }

    fn affine_term(&mut self, names: &HashMap<String, AffineExpr>) -> PResult<AffineExpr> {
        let mut e = self.affine_factor(names)?;
        loop {
            let ctor: fn(Box<AffineExpr>, Box<AffineExpr>) -> AffineExpr = if self.eat("*") {
                AffineExpr::Mul
            } else if self.eat_keyword("floordiv") {
                AffineExpr::FloorDiv
            } else if self.eat_keyword("ceildiv") {
                AffineExpr::CeilDiv
            } else if self.eat_keyword("mod") {
                AffineExpr::Mod
            } else {
                break;
            };
            self.affine_node()?;
            let r = self.affine_factor(names)?;
            e = ctor(Box::new(e), Box::new(r));
        }
        Ok(e)
    }

    fn affine_factor(&mut self, names: &HashMap<String, AffineExpr>) -> PResult<AffineExpr> {
        self.affine_node()?;
        if self.eat("(") {
            self.enter("parentheses in an affine expression")?;
            let e = self.affine_expr(names)?;
            self.expect(")")?;
            self.leave();
            return Ok(e);
        }
        if self.eat("-") {
            self.enter("unary minus in an affine expression")?;
            let e = self.affine_factor(names)?;
            self.leave();
            return Ok(match e {
                AffineExpr::Constant(c) => AffineExpr::Constant(-c),
                e => AffineExpr::Mul(Box::new(e), Box::new(AffineExpr::Constant(-1))),
            });
        }
        if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Ok(AffineExpr::Constant(self.uint()? as i64));
        }
        let loc = self.location();
        let n = self.ident("an affine expression")?;
        match names.get(&n) {
            Some(e) => Ok(e.clone()),
            None => self.error_at(&loc, format!("unknown dim or symbol '{n}' in affine map")),
        }
    }

    fn dense_literal(&mut self) -> PResult<DenseLit> {
        self.expect("dense<")?;
        let lit = if self.at("\"") {
            let loc = self.location();
            let s = self.string()?;
            let Some(hex) = s.strip_prefix("0x") else {
                return self.error_at(&loc, "expected a hex string \"0x...\"".into());
            };
            if hex.len() % 2 != 0 {
                return self.error_at(&loc, "odd number of hex digits".into());
            }
            let mut bytes = Vec::with_capacity(hex.len() / 2);
            let nibble = |c: u8| match c {
                b'0'..=b'9' => Some(c - b'0'),
                b'a'..=b'f' => Some(c - b'a' + 10),
                b'A'..=b'F' => Some(c - b'A' + 10),
                _ => None,
            };
            for pair in hex.as_bytes().chunks_exact(2) {
                match (nibble(pair[0]), nibble(pair[1])) {
                    (Some(h), Some(l)) => bytes.push(h << 4 | l),
                    _ => return self.error_at(&loc, "bad hex digit".into()),
                }
            }
            DenseLit::Hex(bytes)
        } else if self.at("[") {
            let mut v = Vec::new();
            self.nested_literals(&mut v)?;
            DenseLit::List(v)
        } else {
            DenseLit::Splat(self.literal()?)
        };
        self.expect(">")?;
        Ok(lit)
    }

    fn nested_literals(&mut self, out: &mut Vec<Literal>) -> PResult<()> {
        self.expect("[")?;
        if self.eat("]") {
            return Ok(());
        }
        loop {
            if self.at("[") {
                self.enter("'[' in a dense literal")?;
                self.nested_literals(out)?;
                self.leave();
            } else {
                out.push(self.literal()?);
            }
            if self.eat("]") {
                return Ok(());
            }
            self.expect(",")?;
        }
    }

    fn attr_value(&mut self) -> PResult<Attr> {
        self.skip_ws();
        if self.at("[") {
            self.advance(1);
            let mut v = Vec::new();
            self.enter("'[' in an attribute")?;
            if !self.eat("]") {
                loop {
                    v.push(self.attr_value()?);
                    if self.eat("]") {
                        break;
                    }
                    self.expect(",")?;
                }
            }
            self.leave();
            return Ok(Attr::List(v));
        }
        if self.at("\"") {
            return Ok(Attr::Str(self.string()?));
        }
        if self.at("affine_map<") {
            return Ok(Attr::Map(self.affine_map()?));
        }
        if self.at("dense<") {
            let d = self.dense_literal()?;
            if self.eat(":") {
                if self.eat("vector<") {
                    self.skip_until_close()?;
                } else {
                    self.ty()?;
                }
            }
            return Ok(Attr::Dense(d));
        }
        if self.at("#") {
            let loc = self.location();
            self.advance(1);
            let name = self.ident("an attribute alias")?;
            if self.eat("<") {
                let start = self.pos;
                self.skip_until_close()?;
                let payload = String::from_utf8_lossy(&self.src[start..self.pos - 1])
                    .trim()
                    .to_string();
                return Ok(Attr::Other(payload));
            }
            return match self.aliases.get(&name) {
                Some(m) => Ok(Attr::Map(m.clone())),
                None => self.error_at(&loc, format!("undefined attribute alias #{name}")),
            };
        }
        if self.eat_keyword("unit") {
            return Ok(Attr::Other("unit".into()));
        }
        match self.literal()? {
            Literal::Int(i) => {
                if self.eat(":") {
                    self.ty()?;
                }
                Ok(Attr::Int(i))
            }
            Literal::Float(x) => {
                if self.eat(":") {
                    self.ty()?;
                }
                Ok(Attr::Float(x))
            }
            Literal::Bool(b) => Ok(Attr::Bool(b)),
            Literal::Hex(h) => Ok(Attr::Int(h as i64)),
        }
    }

    /// Skips to just after the `>` closing an already-opened `<`.
    fn skip_until_close(&mut self) -> PResult<()> {
        let mut depth = 1;
        while depth > 0 {
            match self.src.get(self.pos) {
                None => return self.error("unterminated '<'".into()),
                Some(b'<') => depth += 1,
                Some(b'>') if self.pos > 0 && self.src[self.pos - 1] != b'-' => depth -= 1,
                _ => {}
            }
            self.advance(1);
        }
        Ok(())
    }

    /// `{key = value, ...}`; returns an empty list when there is no `{`.
    fn attr_dict(&mut self) -> PResult<Vec<(String, Attr, Location)>> {
        let mut v = Vec::new();
        if !self.eat("{") {
            return Ok(v);
        }
        if self.eat("}") {
            return Ok(v);
        }
        loop {
            let loc = self.location();
            let key = if self.at("\"") {
                self.string()?
            } else {
                self.ident("an attribute name")?
            };
            let value = if self.eat("=") {
                self.attr_value()?
            } else {
                Attr::Other("unit".into())
            };
            v.push((key, value, loc));
            if self.eat("}") {
                break;
            }
            self.expect(",")?;
        }
        Ok(v)
    }

    // ----- module and functions -----

    fn module(&mut self) -> PResult<Module> {
        let mut module = Module::default();
        loop {
            self.skip_ws();
            if self.pos >= self.src.len() {
                return Ok(module);
            }
            if self.at("#") {
                self.alias()?;
            } else if self.eat_keyword("module") {
                if self.at("@") {
                    self.advance(1);
                    self.ident("a module name")?;
                }
                if self.eat_keyword("attributes") {
                    self.attr_dict()?;
                }
                self.expect("{")?;
                while !self.eat("}") {
                    if self.peek().is_none() {
                        return self.error("expected '}' to close the module".into());
                    }
                    if self.at("#") {
                        self.alias()?;
                    } else {
                        let f = self.function(&module)?;
                        module.functions.push(f);
                    }
                }
            } else if self.at_keyword("func.func") {
                let f = self.function(&module)?;
                module.functions.push(f);
            } else {
                let found = self.found();
                return self.error(format!(
                    "expected 'func.func', 'module' or '#alias = affine_map<...>', found {found}"
                ));
            }
        }
    }

    fn alias(&mut self) -> PResult<()> {
        let loc = self.location();
        self.expect("#")?;
        let name = self.ident("an alias name")?;
        self.expect("=")?;
        if !self.at("affine_map<") {
            let found = self.found();
            return self.error(format!(
                "expected 'affine_map<' (only affine map aliases are supported), found {found}"
            ));
        }
        let m = self.affine_map()?;
        if self.aliases.insert(name.clone(), m).is_some() {
            return self.error_at(&loc, format!("redefinition of alias #{name}"));
        }
        Ok(())
    }

    fn function(&mut self, module: &Module) -> PResult<Function> {
        let loc = self.location();
        self.expect_keyword("func.func")?;
        if !self.eat_keyword("private") {
            self.eat_keyword("public");
        }
        self.expect("@")?;
        let name = self.ident("a function name")?;
        if module.function(&name).is_some() {
            return self.error_at(&loc, format!("redefinition of function @{name}"));
        }
        let mut scope = FunctionScope {
            builder: FunctionBuilder::new(&name),
            values: HashMap::new(),
            index_values: HashMap::new(),
        };
        self.expect("(")?;
        if !self.eat(")") {
            loop {
                let vloc = self.location();
                let vname = self.value_name()?;
                self.expect(":")?;
                let ty = self.ty()?;
                let attrs = self.attr_dict()?;
                let ty = self.resolve_symbols(ty, &attrs, &vname, &vloc, &[])?;
                scope.builder.set_location(vloc.clone());
                let v = scope.builder.argument(ty);
                if scope.values.insert(vname.clone(), v).is_some() {
                    return self.error_at(&vloc, format!("redefinition of %{vname}"));
                }
                if self.eat(")") {
                    break;
                }
                self.expect(",")?;
            }
        }
        let mut result_types = Vec::new();
        if self.eat("->") {
            if self.eat("(") {
                if !self.eat(")") {
                    result_types = self.type_list()?;
                    self.expect(")")?;
                }
            } else {
                result_types.push(self.ty()?);
            }
        }
        if self.eat_keyword("attributes") {
            self.attr_dict()?;
        }
        self.expect("{")?;
        loop {
            let oloc = self.location();
            if self.eat_keyword("return") || self.eat_keyword("func.return") {
                let mut results = Vec::new();
                if self.at("%") {
                    loop {
                        results.push(self.use_value(&scope)?);
                        if !self.eat(",") {
                            break;
                        }
                    }
                    self.expect(":")?;
                    let types = self.type_list()?;
                    self.check_operand_types(&scope, &results, &types, &oloc)?;
                }
                if results.len() != result_types.len() {
                    return self.error_at(
                        &oloc,
                        format!(
                            "'return' has {} operands, but @{name} returns {} values",
                            results.len(),
                            result_types.len()
                        ),
                    );
                }
                for (i, (&r, t)) in results.iter().zip(&result_types).enumerate() {
                    let have = scope.builder.value_type(r).clone();
                    if !compatible(t, &have) {
                        return self.error_at(
                            &oloc,
                            format!("return operand #{i} has type {have}, but @{name} returns {t}"),
                        );
                    }
                }
                self.expect("}")?;
                return scope
                    .builder
                    .finish(results)
                    .or_else(|e| self.error_at(&oloc, e.to_string()));
            }
            if self.peek().is_none() || self.at("}") {
                let found = self.found();
                return self.error(format!("expected an op or 'return', found {found}"));
            }
            self.op(&mut scope)?;
        }
    }

    /// Replaces `?` dims by the names of a `kiln.symbols` attribute, else by fresh names.
    fn resolve_symbols(
        &mut self,
        ty: Type,
        attrs: &[(String, Attr, Location)],
        value: &str,
        loc: &Location,
        dynamic: &[Dim],
    ) -> PResult<Type> {
        let Type::Tensor(mut t) = ty else {
            return Ok(ty);
        };
        let mut names: Option<Vec<String>> = None;
        if !dynamic.is_empty() {
            names = Some(
                dynamic
                    .iter()
                    .map(|d| match d {
                        Dim::Symbol(s) => s.clone(),
                        Dim::Static(n) => n.to_string(),
                    })
                    .collect(),
            );
        }
        for (k, v, l) in attrs {
            if k == "kiln.symbols" {
                match v {
                    Attr::List(items) => {
                        let mut out = Vec::new();
                        for it in items {
                            match it {
                                Attr::Str(s) if !s.is_empty() && !s.contains(',') => {
                                    out.push(s.clone())
                                }
                                _ => {
                                    return self.error_at(
                                        l,
                                        "kiln.symbols must be a list of non-empty strings".into(),
                                    )
                                }
                            }
                        }
                        names = names.or(Some(out));
                    }
                    _ => return self.error_at(l, "kiln.symbols must be a list of strings".into()),
                }
            }
        }
        let unknown = t
            .shape
            .iter()
            .filter(|d| matches!(d, Dim::Symbol(_)))
            .count();
        if let Some(n) = &names {
            if !dynamic.is_empty() && n.len() != unknown {
                return self.error_at(
                    loc,
                    format!("{} dynamic sizes for {unknown} '?' dims", n.len()),
                );
            }
            if n.len() != unknown {
                return self.error_at(
                    loc,
                    format!(
                        "kiln.symbols names {} dims, but the type has {unknown} '?' dims",
                        n.len()
                    ),
                );
            }
        }
        let mut k = 0;
        for (i, d) in t.shape.iter_mut().enumerate() {
            if let Dim::Symbol(_) = d {
                *d = Dim::Symbol(match &names {
                    Some(n) => n[k].clone(),
                    None => format!("{value}_d{i}"),
                });
                k += 1;
            }
        }
        Ok(Type::Tensor(t))
    }

    /// Binds the result of an `index`-typed op (not an IR value).
    fn bind_index(
        &mut self,
        scope: &mut FunctionScope,
        names: &[String],
        value: IndexValue,
        loc: &Location,
    ) -> PResult<()> {
        let [name] = names else {
            return self.error_at(loc, "an index op binds exactly one result".into());
        };
        if scope.values.contains_key(name)
            || scope.index_values.insert(name.clone(), value).is_some()
        {
            return self.error_at(loc, format!("redefinition of %{name}"));
        }
        Ok(())
    }

    /// A dynamic size operand: an index value from `tensor.dim` (a symbolic dim).
    fn use_index(&mut self, scope: &FunctionScope) -> PResult<Dim> {
        let loc = self.location();
        let name = self.value_name()?;
        match scope.index_values.get(&name) {
            Some(IndexValue::Dim(d)) => Ok(d.clone()),
            Some(IndexValue::Const(_)) => self.error_at(
                &loc,
                format!("%{name} is a constant; a dynamic size must come from tensor.dim of a symbolic dim"),
            ),
            None => self.error_at(&loc, format!("use of undefined index value %{name}")),
        }
    }

    fn use_value(&mut self, scope: &FunctionScope) -> PResult<ValueId> {
        let loc = self.location();
        let name = self.value_name()?;
        match scope.values.get(&name) {
            Some(&v) => Ok(v),
            None => self.error_at(&loc, format!("use of undefined value %{name}")),
        }
    }

    fn check_operand_types(
        &self,
        scope: &FunctionScope,
        values: &[ValueId],
        types: &[Type],
        loc: &Location,
    ) -> PResult<()> {
        if values.len() != types.len() {
            return self.error_at(
                loc,
                format!("{} operands but {} types", values.len(), types.len()),
            );
        }
        for (i, (&v, t)) in values.iter().zip(types).enumerate() {
            let have = scope.builder.value_type(v);
            if !compatible(t, have) {
                return self.error_at(
                    loc,
                    format!("operand #{i} has type {have}, but the op says {t}"),
                );
            }
        }
        Ok(())
    }

    /// `ins(%a, %b : T, U) outs(%c : V)`; returns (operands, number of inputs).
    fn ins_outs(&mut self, scope: &FunctionScope) -> PResult<(Vec<ValueId>, usize)> {
        let mut operands = Vec::new();
        let mut num_inputs = 0;
        for (kw, required) in [("ins", false), ("outs", true)] {
            let loc = self.location();
            if !self.eat_keyword(kw) {
                if required {
                    let found = self.found();
                    return self.error(format!("expected '{kw}(', found {found}"));
                }
                continue;
            }
            self.expect("(")?;
            let mut vs = Vec::new();
            if !self.at(":") {
                loop {
                    vs.push(self.use_value(scope)?);
                    if !self.eat(",") {
                        break;
                    }
                }
            }
            self.expect(":")?;
            let types = self.type_list()?;
            self.expect(")")?;
            self.check_operand_types(scope, &vs, &types, &loc)?;
            if kw == "ins" {
                num_inputs = vs.len();
            }
            operands.extend(vs);
        }
        Ok((operands, num_inputs))
    }

    fn arrow_types(&mut self) -> PResult<Vec<Type>> {
        self.expect("->")?;
        if self.eat("(") {
            let t = self.type_list()?;
            self.expect(")")?;
            Ok(t)
        } else {
            Ok(vec![self.ty()?])
        }
    }

    fn op(&mut self, scope: &mut FunctionScope) -> PResult<()> {
        let loc = self.location();
        // Results: `%a = `, `%a:2 = `, `%a, %b = `.
        let mut result_names: Vec<String> = Vec::new();
        if self.at("%") {
            loop {
                let n = self.value_name()?;
                if self.eat(":") {
                    let count = self.uint()?;
                    for i in 0..count {
                        result_names.push(format!("{n}#{i}"));
                    }
                } else {
                    result_names.push(n);
                }
                if !self.eat(",") {
                    break;
                }
            }
            self.expect("=")?;
        }
        let name_loc = self.location();
        if self.at("\"") {
            return self.error(
                "generic op syntax (\"dialect.op\"(...)) is not supported; use the custom syntax"
                    .into(),
            );
        }
        let op_name = self.ident("an op name")?;
        let mut symbol_attrs = Vec::new();
        let mut dynamic: Vec<Dim> = Vec::new();
        let (kind, operands, written): (OpKind, Vec<ValueId>, Vec<Type>) = match op_name.as_str() {
            "arith.constant" => {
                symbol_attrs = self.attr_dict()?;
                if self.at_keyword("true") || self.at_keyword("false") {
                    let b = self.eat_keyword("true");
                    if !b {
                        self.eat_keyword("false");
                    }
                    (
                        OpKind::Constant(ConstantValue::Splat(ScalarValue::Bool(b))),
                        vec![],
                        vec![Type::Scalar(DType::I1)],
                    )
                } else if self.at("dense<") {
                    let d = self.dense_literal()?;
                    self.expect(":")?;
                    let tloc = self.location();
                    let ty = self.ty()?;
                    let value = self.dense_value(d, &ty, &tloc)?;
                    (OpKind::Constant(value), vec![], vec![ty])
                } else {
                    let lit = self.literal()?;
                    self.expect(":")?;
                    let tloc = self.location();
                    if self.eat_keyword("index") {
                        let Literal::Int(n @ 0..) = lit else {
                            return self.error_at(
                                &tloc,
                                "index constants must be non-negative integers".into(),
                            );
                        };
                        return self.bind_index(
                            scope,
                            &result_names,
                            IndexValue::Const(n as u64),
                            &loc,
                        );
                    }
                    let ty = self.ty()?;
                    let v = self.scalar_value(&lit, ty.dtype(), &tloc)?;
                    (OpKind::Constant(ConstantValue::Splat(v)), vec![], vec![ty])
                }
            }
            "tensor.dim" => {
                let t = self.use_value(scope)?;
                self.expect(",")?;
                let iloc = self.location();
                let idx = self.value_name()?;
                self.expect(":")?;
                let ty = self.ty()?;
                self.check_operand_types(scope, &[t], &[ty], &name_loc)?;
                let Some(IndexValue::Const(i)) = scope.index_values.get(&idx).cloned() else {
                    return self.error_at(&iloc, format!("%{idx} is not an index constant"));
                };
                let shape = scope.builder.tensor_type(t).shape;
                let Some(d) = shape.get(i as usize).cloned() else {
                    return self.error_at(&iloc, format!("dim {i} out of range"));
                };
                let value = match d {
                    Dim::Static(n) => IndexValue::Const(n),
                    d => IndexValue::Dim(d),
                };
                return self.bind_index(scope, &result_names, value, &loc);
            }
            "tensor.empty" => {
                self.expect("(")?;
                if !self.eat(")") {
                    loop {
                        dynamic.push(self.use_index(scope)?);
                        if self.eat(")") {
                            break;
                        }
                        self.expect(",")?;
                    }
                }
                symbol_attrs = self.attr_dict()?;
                self.expect(":")?;
                (OpKind::Empty, vec![], vec![self.ty()?])
            }
            "linalg.fill" | "linalg.matmul" | "linalg.batch_matmul" | "linalg.matvec" => {
                self.attr_dict()?;
                let (operands, _) = self.ins_outs(scope)?;
                let types = self.arrow_types()?;
                let kind = match op_name.as_str() {
                    "linalg.fill" => OpKind::Fill,
                    "linalg.matmul" => OpKind::Matmul,
                    "linalg.batch_matmul" => OpKind::BatchMatmul,
                    _ => OpKind::Matvec,
                };
                (kind, operands, types)
            }
            n if ConvLayout::ALL.iter().any(|l| l.op_name() == n)
                || pooling_from_name(n).is_some() =>
            {
                let attrs = self.attr_dict()?;
                let mut strides = [1u64, 1];
                let mut dilations = [1u64, 1];
                for (k, v, l) in &attrs {
                    let slot = match k.as_str() {
                        "strides" => &mut strides,
                        "dilations" => &mut dilations,
                        _ => continue,
                    };
                    *slot = match v {
                        Attr::Dense(DenseLit::Splat(Literal::Int(x))) if *x > 0 => [*x as u64; 2],
                        Attr::Dense(DenseLit::List(xs)) => match xs.as_slice() {
                            [Literal::Int(a), Literal::Int(b)] if *a > 0 && *b > 0 => {
                                [*a as u64, *b as u64]
                            }
                            _ => {
                                return self
                                    .error_at(l, format!("{k} must be two positive integers"))
                            }
                        },
                        _ => {
                            return self
                                .error_at(l, format!("{k} must be dense<...> : tensor<2xi64>"))
                        }
                    };
                }
                let (operands, _) = self.ins_outs(scope)?;
                let types = self.arrow_types()?;
                let kind = match pooling_from_name(n) {
                    Some((kind, layout)) => OpKind::Pooling(Pooling {
                        kind,
                        layout,
                        strides,
                        dilations,
                    }),
                    None => {
                        let layout = ConvLayout::ALL
                            .into_iter()
                            .find(|l| l.op_name() == n)
                            .unwrap_or(ConvLayout::NchwFchw);
                        OpKind::Conv2d(Conv2d {
                            layout,
                            strides,
                            dilations,
                        })
                    }
                };
                (kind, operands, types)
            }
            "linalg.transpose" | "linalg.broadcast" => {
                let (operands, _) = self.ins_outs(scope)?;
                let key = if op_name == "linalg.transpose" {
                    "permutation"
                } else {
                    "dimensions"
                };
                self.expect_keyword(key)?;
                self.expect("=")?;
                let list = self.usize_list()?;
                let ty = scope
                    .builder
                    .value_type(*operands.last().unwrap_or(&ValueId::from_index(0)))
                    .clone();
                let kind = if key == "permutation" {
                    OpKind::Transpose { permutation: list }
                } else {
                    OpKind::Broadcast { dimensions: list }
                };
                (kind, operands, vec![ty])
            }
            "linalg.softmax" => {
                self.expect_keyword("dimension")?;
                self.expect("(")?;
                let d = self.uint()? as usize;
                self.expect(")")?;
                let (operands, _) = self.ins_outs(scope)?;
                let types = self.arrow_types()?;
                (OpKind::Softmax { dimension: d }, operands, types)
            }
            "linalg.reduce" => {
                let (operands, _) = self.ins_outs(scope)?;
                self.expect_keyword("dimensions")?;
                self.expect("=")?;
                let dimensions = self.usize_list()?;
                let body = self.scalar_body(scope, false)?;
                let ty = operands
                    .last()
                    .map(|&v| scope.builder.value_type(v).clone());
                (
                    OpKind::Reduce(Reduce { dimensions, body }),
                    operands,
                    ty.into_iter().collect(),
                )
            }
            "linalg.generic" => {
                let attrs = self.attr_dict()?;
                let mut maps = None;
                let mut iters = None;
                for (k, v, l) in &attrs {
                    match (k.as_str(), v) {
                        ("indexing_maps", Attr::List(items)) => {
                            let mut ms = Vec::new();
                            for it in items {
                                match it {
                                    Attr::Map(m) => ms.push(m.clone()),
                                    _ => {
                                        return self.error_at(
                                            l,
                                            "indexing_maps must be a list of affine maps".into(),
                                        )
                                    }
                                }
                            }
                            maps = Some(ms);
                        }
                        ("iterator_types", Attr::List(items)) => {
                            let mut its = Vec::new();
                            for it in items {
                                let s = match it {
                                    Attr::Str(s) | Attr::Other(s) => s.as_str(),
                                    _ => "",
                                };
                                its.push(match s {
                                    "parallel" => IteratorType::Parallel,
                                    "reduction" => IteratorType::Reduction,
                                    _ => {
                                        return self.error_at(
                                            l,
                                            "iterator types must be \"parallel\" or \"reduction\""
                                                .into(),
                                        )
                                    }
                                });
                            }
                            iters = Some(its);
                        }
                        ("indexing_maps" | "iterator_types", _) => {
                            return self.error_at(l, format!("{k} must be a list"))
                        }
                        _ => {}
                    }
                }
                let (Some(indexing_maps), Some(iterator_types)) = (maps, iters) else {
                    return self.error_at(
                        &name_loc,
                        "linalg.generic needs indexing_maps and iterator_types".into(),
                    );
                };
                let (operands, num_inputs) = self.ins_outs(scope)?;
                if self.eat_keyword("attrs") {
                    self.expect("=")?;
                    self.attr_dict()?;
                }
                let body = self.scalar_body(scope, true)?;
                let types = self.arrow_types()?;
                (
                    OpKind::Generic(Generic {
                        indexing_maps,
                        iterator_types,
                        num_inputs,
                        body,
                    }),
                    operands,
                    types,
                )
            }
            "tensor.pad" => {
                let x = self.use_value(scope)?;
                self.eat_keyword("nofold");
                self.expect_keyword("low")?;
                let low = self.uint_list()?;
                self.expect_keyword("high")?;
                let high = self.uint_list()?;
                self.expect("{")?;
                self.expect("^")?;
                self.ident("a block label")?;
                self.expect("(")?;
                if !self.eat(")") {
                    loop {
                        self.value_name()?;
                        self.expect(":")?;
                        self.expect_keyword("index")?;
                        if self.eat(")") {
                            break;
                        }
                        self.expect(",")?;
                    }
                }
                self.expect(":")?;
                self.expect_keyword("tensor.yield")?;
                let value = self.use_value(scope)?;
                self.expect(":")?;
                let vt = self.ty()?;
                self.check_operand_types(scope, &[value], &[vt], &name_loc)?;
                self.expect("}")?;
                self.expect(":")?;
                let src = self.ty()?;
                self.check_operand_types(scope, &[x], &[src], &name_loc)?;
                self.expect_keyword("to")?;
                let out = self.ty()?;
                (OpKind::Pad { low, high }, vec![x, value], vec![out])
            }
            "tensor.collapse_shape" | "tensor.expand_shape" => {
                let x = self.use_value(scope)?;
                self.expect("[")?;
                let mut groups = Vec::new();
                if !self.eat("]") {
                    loop {
                        groups.push(self.usize_list()?);
                        if self.eat("]") {
                            break;
                        }
                        self.expect(",")?;
                    }
                }
                let expand = op_name == "tensor.expand_shape";
                if expand && self.eat_keyword("output_shape") {
                    self.expect("[")?;
                    if !self.eat("]") {
                        loop {
                            if self.at("%") {
                                dynamic.push(self.use_index(scope)?);
                            } else if !self.eat("?") {
                                self.uint()?;
                            }
                            if self.eat("]") {
                                break;
                            }
                            self.expect(",")?;
                        }
                    }
                }
                symbol_attrs = self.attr_dict()?;
                self.expect(":")?;
                let src = self.ty()?;
                self.check_operand_types(scope, &[x], &[src], &name_loc)?;
                self.expect_keyword("into")?;
                let out = self.ty()?;
                let kind = if expand {
                    OpKind::ExpandShape {
                        reassociation: groups,
                    }
                } else {
                    OpKind::CollapseShape {
                        reassociation: groups,
                    }
                };
                (kind, vec![x], vec![out])
            }
            "tensor.extract_slice" => {
                let x = self.use_value(scope)?;
                let offsets = self.uint_list()?;
                let sizes = self.uint_list()?;
                let strides = self.uint_list()?;
                self.attr_dict()?;
                self.expect(":")?;
                let src = self.ty()?;
                self.check_operand_types(scope, &[x], &[src], &name_loc)?;
                self.expect_keyword("to")?;
                let out = self.ty()?;
                (
                    OpKind::ExtractSlice {
                        offsets,
                        sizes,
                        strides,
                    },
                    vec![x],
                    vec![out],
                )
            }
            "kiln.gather" | "kiln.gather_elements" => {
                self.expect_keyword("axis")?;
                self.expect("(")?;
                let axis = self.uint()? as usize;
                self.expect(")")?;
                let data = self.use_value(scope)?;
                self.expect(",")?;
                let indices = self.use_value(scope)?;
                self.expect(":")?;
                self.expect("(")?;
                let types = self.type_list()?;
                self.expect(")")?;
                self.check_operand_types(scope, &[data, indices], &types, &name_loc)?;
                let out = self.arrow_types()?;
                let kind = if op_name == "kiln.gather" {
                    OpKind::Gather { axis }
                } else {
                    OpKind::GatherElements { axis }
                };
                (kind, vec![data, indices], out)
            }
            "tensor.concat" => {
                self.expect_keyword("dim")?;
                self.expect("(")?;
                let d = self.uint()? as usize;
                self.expect(")")?;
                let mut vs = Vec::new();
                loop {
                    vs.push(self.use_value(scope)?);
                    if !self.eat(",") {
                        break;
                    }
                }
                self.expect(":")?;
                self.expect("(")?;
                let types = self.type_list()?;
                self.expect(")")?;
                self.check_operand_types(scope, &vs, &types, &name_loc)?;
                let out = self.arrow_types()?;
                (OpKind::Concat { dimension: d }, vs, out)
            }
            other => {
                let hint = if ScalarOp::from_name(other).is_some()
                    || other.starts_with("arith.")
                    || other.starts_with("math.")
                {
                    " (scalar arith/math ops are only allowed inside linalg.generic / linalg.reduce bodies)"
                } else {
                    ""
                };
                return self.error_at(&name_loc, format!("unsupported op '{other}'{hint}"));
            }
        };
        if written.len() != result_names.len() {
            return self.error_at(
                &loc,
                format!(
                    "'{op_name}' produces {} results, but {} names are bound",
                    written.len(),
                    result_names.len()
                ),
            );
        }
        // The ops whose result type is taken from the text get their symbolic dims named now.
        let declared: Vec<Type> = if matches!(
            kind,
            OpKind::Empty | OpKind::Constant(_) | OpKind::ExpandShape { .. }
        ) {
            let n = result_names.first().cloned().unwrap_or_default();
            vec![self.resolve_symbols(written[0].clone(), &symbol_attrs, &n, &loc, &dynamic)?]
        } else {
            written.clone()
        };
        self.skip_location()?;
        scope.builder.set_location(loc.clone());
        let results = match scope.builder.add_op(kind, operands, Some(declared)) {
            Ok(r) => r,
            Err(e) => return self.error_at(&loc, format!("'{op_name}': {}", e.message)),
        };
        for (i, (&r, t)) in results.iter().zip(&written).enumerate() {
            let have = scope.builder.value_type(r).clone();
            if !compatible(t, &have) {
                return self.error_at(&loc, format!("'{op_name}' result #{i} is written as {t}, but its inferred type is {have}"));
            }
        }
        for (n, r) in result_names.into_iter().zip(results) {
            if scope.values.insert(n.clone(), r).is_some() {
                return self.error_at(&loc, format!("redefinition of %{n}"));
            }
        }
        Ok(())
    }

    fn scalar_value(
        &mut self,
        lit: &Literal,
        dtype: DType,
        loc: &Location,
    ) -> PResult<ScalarValue> {
        Ok(match (lit, dtype) {
            (Literal::Bool(b), DType::I1) => ScalarValue::Bool(*b),
            (Literal::Int(i), DType::I1) if *i == 0 || *i == 1 => ScalarValue::Bool(*i == 1),
            (Literal::Int(i), d) if d.is_float() => ScalarValue::Float(d.round(*i as f64)),
            (Literal::Float(x), d) if d.is_float() => ScalarValue::Float(d.round(*x)),
            (Literal::Hex(bits), d) if d.is_float() => ScalarValue::Float(match d {
                DType::F64 => f64::from_bits(*bits),
                DType::F16 => half::f16::from_bits(*bits as u16).to_f64(),
                DType::BF16 => half::bf16::from_bits(*bits as u16).to_f64(),
                _ => f32::from_bits(*bits as u32) as f64,
            }),
            (Literal::Int(i), d) if d != DType::I1 => {
                if d.round(*i as f64) != *i as f64 {
                    return self.error_at(loc, format!("integer {i} does not fit in {d}"));
                }
                ScalarValue::Int(*i)
            }
            (Literal::Hex(bits), d) if d != DType::I1 => ScalarValue::Int(*bits as i64),
            (lit, d) => return self.error_at(loc, format!("literal {lit:?} is not a valid {d}")),
        })
    }

    fn dense_value(&mut self, d: DenseLit, ty: &Type, loc: &Location) -> PResult<ConstantValue> {
        let dtype = ty.dtype();
        match d {
            DenseLit::Splat(l) => Ok(ConstantValue::Splat(self.scalar_value(&l, dtype, loc)?)),
            DenseLit::List(ls) => {
                let mut vals = Vec::with_capacity(ls.len());
                let mut ints = Vec::new();
                for l in &ls {
                    let v = self.scalar_value(l, dtype, loc)?;
                    if let ScalarValue::Int(i) = v {
                        // i64 beyond 2^53 must not go through f64.
                        ints.push(i);
                    }
                    vals.push(v.as_f64());
                }
                let n = ty.as_tensor().and_then(TensorType::num_elements);
                if n != Some(vals.len() as u64) {
                    return self.error_at(
                        loc,
                        format!(
                            "dense literal has {} elements, but {ty} needs {}",
                            vals.len(),
                            n.map(|n| n.to_string()).unwrap_or("a static count".into())
                        ),
                    );
                }
                if dtype == DType::I64 {
                    return Ok(ConstantValue::Dense(ElementsData::I64(ints)));
                }
                Ok(ConstantValue::Dense(ElementsData::from_f64(dtype, &vals)))
            }
            DenseLit::Hex(bytes) => {
                let width = (dtype.bit_width() as usize).div_ceil(8);
                if dtype == DType::I1 || bytes.len() % width != 0 {
                    return self.error_at(
                        loc,
                        format!("hex data of {} bytes does not fit {ty}", bytes.len()),
                    );
                }
                let c = bytes.chunks(width);
                let data = match dtype {
                    DType::F64 => ElementsData::F64(
                        c.map(|b| f64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
                            .collect(),
                    ),
                    DType::F32 => ElementsData::F32(
                        c.map(|b| f32::from_le_bytes(b.try_into().unwrap_or([0; 4])))
                            .collect(),
                    ),
                    DType::F16 => ElementsData::F16(
                        c.map(|b| half::f16::from_le_bytes(b.try_into().unwrap_or([0; 2])))
                            .collect(),
                    ),
                    DType::BF16 => ElementsData::BF16(
                        c.map(|b| half::bf16::from_le_bytes(b.try_into().unwrap_or([0; 2])))
                            .collect(),
                    ),
                    DType::I64 => ElementsData::I64(
                        c.map(|b| i64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
                            .collect(),
                    ),
                    DType::I32 => ElementsData::I32(
                        c.map(|b| i32::from_le_bytes(b.try_into().unwrap_or([0; 4])))
                            .collect(),
                    ),
                    _ => ElementsData::I8(c.map(|b| b[0] as i8).collect()),
                };
                if data.len() == 1 {
                    return Ok(ConstantValue::Splat(data.get(0)));
                }
                let n = ty.as_tensor().and_then(TensorType::num_elements);
                if n != Some(data.len() as u64) {
                    return self.error_at(
                        loc,
                        format!(
                            "hex data has {} elements, but {ty} needs a static {}",
                            data.len(),
                            n.unwrap_or(0)
                        ),
                    );
                }
                Ok(ConstantValue::Dense(data))
            }
        }
    }

    /// A scalar region. Generic: `{ ^bb0(args): ops linalg.yield .. }`; reduce: `(args) { ops .. }`.
    fn scalar_body(&mut self, scope: &FunctionScope, block_label: bool) -> PResult<ScalarBody> {
        if block_label {
            self.expect("{")?;
            self.expect("^")?;
            self.ident("a block label")?;
        }
        self.expect("(")?;
        let mut names: HashMap<String, ScalarName> = HashMap::new();
        let mut body = ScalarBody::default();
        if !self.eat(")") {
            loop {
                let n = self.value_name()?;
                self.expect(":")?;
                let d = self.dtype()?;
                names.insert(
                    n,
                    ScalarName::Local(ScalarRef::Argument(body.arguments.len() as u32), d),
                );
                body.arguments.push(d);
                if self.eat(")") {
                    break;
                }
                self.expect(",")?;
            }
        }
        if block_label {
            self.expect(":")?;
        } else {
            self.expect("{")?;
        }
        loop {
            let loc = self.location();
            if self.eat_keyword("linalg.yield") {
                let mut ys = Vec::new();
                let mut yt = Vec::new();
                if self.at("%") {
                    loop {
                        ys.push(self.scalar_use(scope, &names)?);
                        if !self.eat(",") {
                            break;
                        }
                    }
                    self.expect(":")?;
                    for t in self.type_list()? {
                        yt.push(t);
                    }
                }
                for (i, ((_, have), want)) in ys.iter().zip(&yt).enumerate() {
                    if Type::Scalar(*have) != *want {
                        return self.error_at(
                            &loc,
                            format!("yield operand #{i} has type {have}, written {want}"),
                        );
                    }
                }
                body.yields = ys.into_iter().map(|(r, _)| r).collect();
                self.expect("}")?;
                return Ok(body);
            }
            if self.peek().is_none() || self.at("}") {
                let found = self.found();
                return self.error(format!(
                    "expected a scalar op or 'linalg.yield', found {found}"
                ));
            }
            let result = self.value_name()?;
            self.expect("=")?;
            let name_loc = self.location();
            let op_name = self.ident("a scalar op name")?;
            let (op, operands, ty) = match op_name.as_str() {
                "arith.constant" => {
                    if self.at_keyword("true") || self.at_keyword("false") {
                        let b = self.eat_keyword("true");
                        if !b {
                            self.eat_keyword("false");
                        }
                        (ScalarOp::Constant(ScalarValue::Bool(b)), vec![], DType::I1)
                    } else {
                        let lit = self.literal()?;
                        self.expect(":")?;
                        let tloc = self.location();
                        let d = self.dtype()?;
                        (
                            ScalarOp::Constant(self.scalar_value(&lit, d, &tloc)?),
                            vec![],
                            d,
                        )
                    }
                }
                "arith.cmpf" | "arith.cmpi" => {
                    let ploc = self.location();
                    let p = self.ident("a comparison predicate")?;
                    let op = if op_name == "arith.cmpf" {
                        CmpFPredicate::from_name(&p).map(ScalarOp::CmpF)
                    } else {
                        CmpIPredicate::from_name(&p).map(ScalarOp::CmpI)
                    };
                    let Some(op) = op else {
                        return self
                            .error_at(&ploc, format!("unknown predicate '{p}' for {op_name}"));
                    };
                    self.expect(",")?;
                    let a = self.scalar_use(scope, &names)?;
                    self.expect(",")?;
                    let b = self.scalar_use(scope, &names)?;
                    self.skip_fastmath()?;
                    self.expect(":")?;
                    let d = self.dtype()?;
                    if a.1 != d || b.1 != d {
                        return self.error_at(
                            &name_loc,
                            format!("operands of {op_name} are {} and {}, written {d}", a.1, b.1),
                        );
                    }
                    (op, vec![a.0, b.0], DType::I1)
                }
                other => {
                    let Some(op) = ScalarOp::from_name(other) else {
                        return self
                            .error_at(&name_loc, format!("unsupported scalar op '{other}'"));
                    };
                    let mut ops = Vec::new();
                    for i in 0..op.num_operands() {
                        if i > 0 {
                            self.expect(",")?;
                        }
                        ops.push(self.scalar_use(scope, &names)?);
                    }
                    self.skip_fastmath()?;
                    self.expect(":")?;
                    let first = self.dtype()?;
                    let ty = if op.class() == ScalarOpClass::Cast {
                        self.expect_keyword("to")?;
                        if ops[0].1 != first {
                            return self.error_at(
                                &name_loc,
                                format!("operand of {other} is {}, written {first}", ops[0].1),
                            );
                        }
                        self.dtype()?
                    } else {
                        if op.class() == ScalarOpClass::Select && self.eat(",") {
                            // `arith.select %c, %a, %b : i1, f32`
                            self.dtype()?
                        } else {
                            first
                        }
                    };
                    (op, ops.into_iter().map(|(r, _)| r).collect(), ty)
                }
            };
            let r = ScalarRef::Instruction(body.instructions.len() as u32);
            let instruction = ScalarInstruction { op, operands, ty };
            // Type-check this instruction now, so errors point at it (only this one: checking
            // the whole body again each time made parsing quadratic in the body's length).
            let operand_types: Vec<DType> = instruction
                .operands
                .iter()
                .map(|o| match *o {
                    ScalarRef::Argument(i) => body.arguments[i as usize],
                    ScalarRef::Instruction(i) => body.instructions[i as usize].ty,
                    ScalarRef::Outer(v) => scope.builder.value_type(v).dtype(),
                })
                .collect();
            if let Err(m) = crate::infer::verify_body_instruction(
                body.instructions.len(),
                &instruction,
                &operand_types,
            ) {
                return self.error_at(&name_loc, m);
            }
            body.instructions.push(instruction);
            names.insert(result, ScalarName::Local(r, ty));
        }
    }

    /// Skips a trailing `loc(...)` (kiln keeps text positions, not MLIR locations).
    fn skip_location(&mut self) -> PResult<()> {
        if !self.eat_keyword("loc") {
            return Ok(());
        }
        self.expect("(")?;
        let mut depth = 1;
        while depth > 0 {
            match self.src.get(self.pos) {
                None => return self.error("unterminated 'loc('".into()),
                Some(b'"') => {
                    self.string()?;
                    continue;
                }
                Some(b'(') => depth += 1,
                Some(b')') => depth -= 1,
                _ => {}
            }
            self.advance(1);
        }
        Ok(())
    }

    fn skip_fastmath(&mut self) -> PResult<()> {
        if self.eat_keyword("fastmath") {
            self.expect("<")?;
            self.skip_until_close()?;
        }
        Ok(())
    }

    fn scalar_use(
        &mut self,
        scope: &FunctionScope,
        names: &HashMap<String, ScalarName>,
    ) -> PResult<(ScalarRef, DType)> {
        let loc = self.location();
        let n = self.value_name()?;
        if let Some(ScalarName::Local(r, d)) = names.get(&n) {
            return Ok((*r, *d));
        }
        match scope.values.get(&n) {
            Some(&v) => match scope.builder.value_type(v) {
                Type::Scalar(d) => Ok((ScalarRef::Outer(v), *d)),
                t => self.error_at(
                    &loc,
                    format!("%{n} is a {t}; a scalar body can only capture scalars"),
                ),
            },
            None => self.error_at(&loc, format!("use of undefined value %{n}")),
        }
    }
}

fn pooling_from_name(name: &str) -> Option<(PoolKind, PoolLayout)> {
    for layout in [PoolLayout::Nhwc, PoolLayout::Nchw] {
        for kind in [PoolKind::Max, PoolKind::Min, PoolKind::Sum] {
            if (Pooling {
                kind,
                layout,
                strides: [1, 1],
                dilations: [1, 1],
            })
            .op_name()
                == name
            {
                return Some((kind, layout));
            }
        }
    }
    None
}

/// A written type agrees with an actual one: same rank and element type, equal static dims, and
/// `?` only where the actual dim is symbolic.
fn compatible(written: &Type, actual: &Type) -> bool {
    match (written, actual) {
        (Type::Scalar(a), Type::Scalar(b)) => a == b,
        (Type::Tensor(a), Type::Tensor(b)) => {
            a.dtype == b.dtype
                && a.rank() == b.rank()
                && a.shape.iter().zip(&b.shape).all(|(x, y)| match (x, y) {
                    (Dim::Static(p), Dim::Static(q)) => p == q,
                    (Dim::Symbol(s), Dim::Symbol(t)) => s == "?" || s == t,
                    _ => false,
                })
        }
        _ => false,
    }
}
