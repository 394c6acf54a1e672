//! Parser for the kernel IR's text form: exactly what [`print_kernel`](super::print_kernel)
//! writes, one kernel after another (as `CompilationUnit::print` writes a unit's kernels), with
//! `//` comments to the end of a line allowed anywhere whitespace is. It is what `kiln opt` reads
//! to run one pass after lower-to-kernels on its own (`lowering/src/opt.rs`).
//!
//! The text keeps everything the passes after lower-to-kernels read, so for every kernel `k` the
//! pipeline makes, `print_kernel(parse(print_kernel(k))) == print_kernel(k)`
//! (`lowering/tests/kernel_ir_roundtrip.rs` checks it). What the printer leaves out is only for
//! the output contract: `Kernel::tuning_key` (parsed as `None`), `Kernel::flops` and
//! `Kernel::bytes` (parsed as 0), and the entries of the value arena that no statement defines
//! (a value's number is its arena index, so the gaps are refilled with unnamed `index` values
//! that nothing uses).
//!
//! The parser checks the syntax, that numbered declarations (`#N`, `@vN`, `@pcN`, `@aN`) come in
//! order, that every value is defined once before its uses and that a use spells the value as its
//! definition did; everything else (types, scoping, phase rules) is the verifier's. Errors carry
//! the 1-based line and column and say what was expected.

mod statements;
#[cfg(test)]
mod tests;

use super::syntax::*;
use crate::arena::{Arena, Handle};
use crate::size_expr::SizeExpr;

/// A syntax error in kernel IR text, at a 1-based line and column (in bytes).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct KernelParseError {
    pub line: u32,
    pub column: u32,
    pub message: String,
}

/// Where a kernel starts in the text (its `kernel` keyword), for diagnostics about the kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KernelLocation {
    pub line: u32,
    pub column: u32,
}

/// Parses every kernel of `text` (at least one).
pub fn parse_kernels(text: &str) -> Result<Vec<Kernel>, KernelParseError> {
    Ok(parse_kernels_located(text)?
        .into_iter()
        .map(|(kernel, _)| kernel)
        .collect())
}

/// [`parse_kernels`], with where each kernel starts.
pub fn parse_kernels_located(
    text: &str,
) -> Result<Vec<(Kernel, KernelLocation)>, KernelParseError> {
    let mut p = Parser::new(text);
    let mut out = Vec::new();
    loop {
        p.skip_ws();
        if p.pos >= p.src.len() {
            break;
        }
        let (line, column) = p.line_column(p.pos);
        let kernel = p.kernel()?;
        out.push((kernel, KernelLocation { line, column }));
    }
    if out.is_empty() {
        return p.err("expected `kernel`, found end of input");
    }
    Ok(out)
}

/// Does `text` (after comments and whitespace) start with the `kernel` keyword?
pub fn looks_like_kernel_ir(text: &str) -> bool {
    let mut p = Parser::new(text);
    p.skip_ws();
    p.at_keyword("kernel")
}

/// The largest value number accepted: the value arena is refilled up to it.
const MAX_VALUE_NUMBER: usize = 1 << 21;
/// The deepest nesting of blocks and size expressions accepted.
const MAX_DEPTH: usize = 200;

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// A value as spelled in the text: `%name12` (`word` without the `%`) is named `name`, number 12.
struct ValueToken<'a> {
    pos: usize,
    word: &'a str,
    /// Where the number starts in `word`.
    digits: usize,
    index: usize,
}

/// A defined value: its spelling (without `%`), its info, where it was defined.
struct Defined<'a> {
    word: &'a str,
    info: ValueInfo,
    pos: usize,
}

struct Parser<'a> {
    src: &'a [u8],
    pos: usize,
    depth: usize,
    // Per kernel.
    /// By value number.
    values: Vec<Option<Defined<'a>>>,
    bindings: usize,
    views: usize,
    push_constants: usize,
    allocations: usize,
}

type PResult<T> = Result<T, KernelParseError>;

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        Parser {
            src: text.as_bytes(),
            pos: 0,
            depth: 0,
            values: Vec::new(),
            bindings: 0,
            views: 0,
            push_constants: 0,
            allocations: 0,
        }
    }

    // ---- positions and errors ----

    fn line_column(&self, pos: usize) -> (u32, u32) {
        let before = &self.src[..pos.min(self.src.len())];
        let line = before.iter().filter(|&&c| c == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&c| c == b'\n')
            .map_or(0, |i| i + 1);
        (line as u32, (pos - line_start + 1) as u32)
    }

    fn err_at<T>(&self, pos: usize, message: impl Into<String>) -> PResult<T> {
        let (line, column) = self.line_column(pos);
        Err(KernelParseError {
            line,
            column,
            message: message.into(),
        })
    }

    fn err<T>(&self, message: impl Into<String>) -> PResult<T> {
        self.err_at(self.pos, message)
    }

    /// What comes next, for "expected X, found Y".
    fn found(&self) -> String {
        let rest = &self.src[self.pos.min(self.src.len())..];
        if rest.is_empty() {
            return "end of input".into();
        }
        let end = rest
            .iter()
            .position(|c| c.is_ascii_whitespace())
            .unwrap_or(rest.len())
            .clamp(1, 24);
        format!("`{}`", String::from_utf8_lossy(&rest[..end]))
    }

    fn expected<T>(&self, what: &str) -> PResult<T> {
        self.err(format!("expected {what}, found {}", self.found()))
    }

    // ---- characters and tokens ----

    /// Skips whitespace and `//` comments.
    fn skip_ws(&mut self) {
        loop {
            while self.pos < self.src.len() && self.src[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            }
            if self.src[self.pos..].starts_with(b"//") {
                while self.pos < self.src.len() && self.src[self.pos] != b'\n' {
                    self.pos += 1;
                }
            } else {
                return;
            }
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.src.get(self.pos).copied()
    }

    /// Consumes `s` (punctuation) if it comes next.
    fn eat(&mut self, s: &str) -> bool {
        self.skip_ws();
        if self.src[self.pos..].starts_with(s.as_bytes()) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, s: &str) -> PResult<()> {
        if self.eat(s) {
            Ok(())
        } else {
            self.expected(&format!("`{s}`"))
        }
    }

    fn at_keyword(&mut self, keyword: &str) -> bool {
        self.skip_ws();
        let rest = &self.src[self.pos..];
        rest.starts_with(keyword.as_bytes())
            && !rest.get(keyword.len()).is_some_and(|&c| is_ident_char(c))
    }

    fn eat_keyword(&mut self, keyword: &str) -> bool {
        if self.at_keyword(keyword) {
            self.pos += keyword.len();
            true
        } else {
            false
        }
    }

    fn expect_keyword(&mut self, keyword: &str) -> PResult<()> {
        if self.eat_keyword(keyword) {
            Ok(())
        } else {
            self.expected(&format!("`{keyword}`"))
        }
    }

    /// `[A-Za-z0-9_]+` right here (no whitespace skipped).
    fn word_here(&mut self) -> &'a str {
        let start = self.pos;
        while self.pos < self.src.len() && is_ident_char(self.src[self.pos]) {
            self.pos += 1;
        }
        // Only ASCII was consumed.
        std::str::from_utf8(&self.src[start..self.pos]).unwrap_or("")
    }

    /// One of `choices` (a keyword), as its position in the list.
    fn choice(&mut self, what: &str, choices: &[&str]) -> PResult<usize> {
        self.skip_ws();
        let start = self.pos;
        let word = self.word_here();
        match choices.iter().position(|c| *c == word) {
            Some(i) => Ok(i),
            None => {
                self.pos = start;
                self.expected(&format!(
                    "{what} ({})",
                    choices
                        .iter()
                        .map(|c| format!("`{c}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            }
        }
    }

    /// An unsigned decimal integer.
    fn unsigned(&mut self, what: &str) -> PResult<u64> {
        self.skip_ws();
        let start = self.pos;
        while self.pos < self.src.len() && self.src[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        if start == self.pos {
            return self.expected(what);
        }
        let digits = std::str::from_utf8(&self.src[start..self.pos]).unwrap_or("");
        digits
            .parse()
            .or_else(|_| self.err_at(start, format!("{what} `{digits}` is too large")))
    }

    fn u32(&mut self, what: &str) -> PResult<u32> {
        let start = self.pos;
        let v = self.unsigned(what)?;
        u32::try_from(v).or_else(|_| self.err_at(start, format!("{what} {v} is too large")))
    }

    /// A signed decimal integer.
    fn signed(&mut self, what: &str) -> PResult<i64> {
        self.skip_ws();
        let start = self.pos;
        if self.src.get(self.pos) == Some(&b'-') {
            self.pos += 1;
        }
        while self.pos < self.src.len() && self.src[self.pos].is_ascii_digit() {
            self.pos += 1;
        }
        let digits = std::str::from_utf8(&self.src[start..self.pos]).unwrap_or("");
        if digits.is_empty() || digits == "-" {
            self.pos = start;
            return self.expected(what);
        }
        digits
            .parse()
            .or_else(|_| self.err_at(start, format!("{what} `{digits}` is out of range")))
    }

    /// `"..."` (no escapes: the printer writes names as they are).
    fn string(&mut self, what: &str) -> PResult<String> {
        self.skip_ws();
        if self.src.get(self.pos) != Some(&b'"') {
            return self.expected(what);
        }
        let start = self.pos;
        self.pos += 1;
        let body = self.pos;
        while self.pos < self.src.len() && !matches!(self.src[self.pos], b'"' | b'\n') {
            self.pos += 1;
        }
        if self.src.get(self.pos) != Some(&b'"') {
            return self.err_at(start, "unterminated string");
        }
        let s = String::from_utf8_lossy(&self.src[body..self.pos]).into_owned();
        self.pos += 1;
        Ok(s)
    }

    /// `@<prefix>N` for a numbered declaration or reference, e.g. `@v3`; returns N.
    fn numbered(&mut self, sigil: &str, prefix: &str, what: &str) -> PResult<u32> {
        self.skip_ws();
        let tag = format!("{sigil}{prefix}");
        let rest = &self.src[self.pos..];
        if rest.starts_with(tag.as_bytes()) && rest.get(tag.len()).is_some_and(u8::is_ascii_digit) {
            self.pos += tag.len();
            return self.u32(what);
        }
        self.expected(&format!("{what} (`{tag}N`)"))
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err(format!("nested more than {MAX_DEPTH} levels deep"));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    // ---- values ----

    fn value_token(&mut self) -> PResult<ValueToken<'a>> {
        self.skip_ws();
        let pos = self.pos;
        if self.src.get(self.pos) != Some(&b'%') {
            return self.expected("a value (`%N` or `%nameN`)");
        }
        self.pos += 1;
        let word = self.word_here();
        let digits = word.len() - word.bytes().rev().take_while(u8::is_ascii_digit).count();
        if word.is_empty() || digits == word.len() {
            return self.err_at(
                pos,
                format!("value `%{word}` must end in its number (`%N` or `%nameN`)"),
            );
        }
        let index: usize = match word[digits..].parse() {
            Ok(i) if i <= MAX_VALUE_NUMBER => i,
            _ => {
                return self.err_at(
                    pos,
                    format!("value number of `%{word}` is larger than {MAX_VALUE_NUMBER}"),
                )
            }
        };
        Ok(ValueToken {
            pos,
            word,
            digits,
            index,
        })
    }

    fn define(&mut self, token: ValueToken<'a>, ty: Type) -> PResult<Value> {
        if let Some(Some(first)) = self.values.get(token.index) {
            let (line, column) = self.line_column(first.pos);
            return self.err_at(
                token.pos,
                format!(
                    "value `%{}` is defined twice (number {} is `%{}` defined at {line}:{column})",
                    token.word, token.index, first.word
                ),
            );
        }
        if self.values.len() <= token.index {
            self.values.resize_with(token.index + 1, || None);
        }
        self.values[token.index] = Some(Defined {
            word: token.word,
            info: ValueInfo {
                ty,
                name: (token.digits > 0).then(|| token.word[..token.digits].to_string()),
            },
            pos: token.pos,
        });
        Ok(Handle::from_index(token.index))
    }

    /// A use of a value defined earlier in the text.
    fn use_value(&mut self) -> PResult<Value> {
        let token = self.value_token()?;
        match self.values.get(token.index) {
            Some(Some(d)) if d.word == token.word => Ok(Handle::from_index(token.index)),
            Some(Some(d)) => self.err_at(
                token.pos,
                format!(
                    "`%{}` has number {} but that value is `%{}`",
                    token.word, token.index, d.word
                ),
            ),
            _ => self.err_at(
                token.pos,
                format!("use of undefined value `%{}`", token.word),
            ),
        }
    }

    fn use_values(&mut self, open: &str, close: &str) -> PResult<Vec<Value>> {
        self.expect(open)?;
        let mut out = Vec::new();
        if self.eat(close) {
            return Ok(out);
        }
        loop {
            out.push(self.use_value()?);
            if self.eat(close) {
                return Ok(out);
            }
            self.expect(",")?;
        }
    }

    fn type_of(&self, value: Value) -> Type {
        // Uses are checked to be defined.
        match self.values.get(value.index()) {
            Some(Some(d)) => d.info.ty,
            _ => Type::Scalar(ScalarType::Index),
        }
    }

    // ---- types ----

    fn scalar_type(&mut self) -> PResult<ScalarType> {
        const NAMES: [(&str, ScalarType); 10] = [
            ("i1", ScalarType::Bool),
            ("i8", ScalarType::I8),
            ("i16", ScalarType::I16),
            ("i32", ScalarType::I32),
            ("i64", ScalarType::I64),
            ("f16", ScalarType::F16),
            ("bf16", ScalarType::BF16),
            ("f32", ScalarType::F32),
            ("f64", ScalarType::F64),
            ("index", ScalarType::Index),
        ];
        let names: Vec<&str> = NAMES.iter().map(|(n, _)| *n).collect();
        let i = self.choice("a scalar type", &names)?;
        Ok(NAMES[i].1)
    }

    /// `x` between the dimensions of `vector<4xf32>` / `coopmat<16x16xf16, ...>`.
    fn times(&mut self) -> PResult<()> {
        if self.src.get(self.pos) == Some(&b'x') {
            self.pos += 1;
            Ok(())
        } else {
            self.expected("`x`")
        }
    }

    fn matrix_type_body(&mut self) -> PResult<MatrixType> {
        self.expect("<")?;
        let rows = self.u32("matrix rows")?;
        self.times()?;
        let columns = self.u32("matrix columns")?;
        self.times()?;
        let element = self.scalar_type()?;
        self.expect(",")?;
        let usage = [MatrixUse::A, MatrixUse::B, MatrixUse::Accumulator]
            [self.choice("a matrix use", &["a", "b", "acc"])?];
        let scope = if self.eat(",") {
            self.expect_keyword("workgroup")?;
            MatrixScope::Workgroup
        } else {
            MatrixScope::Subgroup
        };
        self.expect(">")?;
        Ok(MatrixType {
            element,
            rows,
            columns,
            usage,
            scope,
        })
    }

    fn ty(&mut self) -> PResult<Type> {
        if self.eat_keyword("vector") {
            self.expect("<")?;
            let start = self.pos;
            let width = self.u32("vector width")?;
            let width = u8::try_from(width)
                .or_else(|_| self.err_at(start, format!("vector width {width} is too large")))?;
            self.times()?;
            let element = self.scalar_type()?;
            self.expect(">")?;
            Ok(Type::Vector(element, width))
        } else if self.eat_keyword("coopmat") {
            Ok(Type::Matrix(self.matrix_type_body()?))
        } else if self
            .peek()
            .is_some_and(|c| c == b'i' || c == b'f' || c == b'b')
        {
            Ok(Type::Scalar(self.scalar_type()?))
        } else {
            self.expected("a type")
        }
    }

    // ---- size expressions ----

    fn size_expr(&mut self) -> PResult<SizeExpr> {
        self.enter()?;
        let e = self.size_expr_inner();
        self.leave();
        e
    }

    fn size_expr_inner(&mut self) -> PResult<SizeExpr> {
        let boxed = Box::new;
        match self.peek() {
            Some(b'(') => {
                self.pos += 1;
                let a = self.size_expr()?;
                let op = if self.eat("+") {
                    0
                } else if self.eat("-") {
                    1
                } else if self.eat("*") {
                    2
                } else if self.eat_keyword("floordiv") {
                    3
                } else if self.eat_keyword("ceildiv") {
                    4
                } else {
                    return self.expected("`+`, `-`, `*`, `floordiv` or `ceildiv`");
                };
                let b = self.size_expr()?;
                self.expect(")")?;
                let (a, b) = (boxed(a), boxed(b));
                Ok(match op {
                    0 => SizeExpr::Add(a, b),
                    1 => SizeExpr::Sub(a, b),
                    2 => SizeExpr::Mul(a, b),
                    3 => SizeExpr::Div(a, b),
                    _ => SizeExpr::CeilDiv(a, b),
                })
            }
            Some(c) if c == b'-' || c.is_ascii_digit() => {
                Ok(SizeExpr::Const(self.signed("an integer")?))
            }
            Some(_) if self.at_keyword("min") || self.at_keyword("max") => {
                let is_min = self.eat_keyword("min");
                if !is_min {
                    self.eat_keyword("max");
                }
                // A symbol may be called `min`: only `min(` is the function.
                if self.src.get(self.pos) != Some(&b'(') {
                    return Ok(SizeExpr::Symbol(if is_min { "min" } else { "max" }.into()));
                }
                self.pos += 1;
                let a = boxed(self.size_expr()?);
                self.expect(",")?;
                let b = boxed(self.size_expr()?);
                self.expect(")")?;
                Ok(if is_min {
                    SizeExpr::Min(a, b)
                } else {
                    SizeExpr::Max(a, b)
                })
            }
            _ => {
                // A symbol: the printer writes its name as it is.
                let start = self.pos;
                while self.pos < self.src.len()
                    && !self.src[self.pos].is_ascii_whitespace()
                    && !b"()[]{},".contains(&self.src[self.pos])
                {
                    self.pos += 1;
                }
                if start == self.pos {
                    return self.expected("a size expression");
                }
                Ok(SizeExpr::Symbol(
                    String::from_utf8_lossy(&self.src[start..self.pos]).into_owned(),
                ))
            }
        }
    }

    fn size_list(&mut self) -> PResult<Vec<SizeExpr>> {
        self.expect("[")?;
        let mut out = Vec::new();
        if self.eat("]") {
            return Ok(out);
        }
        loop {
            out.push(self.size_expr()?);
            if self.eat("]") {
                return Ok(out);
            }
            self.expect(",")?;
        }
    }

    /// `E == N`, `N <= E <= M` or `E >= N` (`SizeRange`'s `Display`).
    fn size_range(&mut self) -> PResult<SizeRange> {
        let start = self.pos;
        let first = self.size_expr()?;
        if self.eat("==") {
            let n = self.signed("an integer")?;
            return Ok(SizeRange {
                value: first,
                min: n,
                max: Some(n),
            });
        }
        if self.eat(">=") {
            let min = self.signed("an integer")?;
            return Ok(SizeRange {
                value: first,
                min,
                max: None,
            });
        }
        if self.eat("<=") {
            let Some(min) = first.as_const() else {
                return self.err_at(start, "expected an integer before `<=`");
            };
            let value = self.size_expr()?;
            self.expect("<=")?;
            let max = self.signed("an integer")?;
            return Ok(SizeRange {
                value,
                min,
                max: Some(max),
            });
        }
        self.expected("`==`, `>=` or `<=`")
    }

    // ---- kernels ----

    fn kernel(&mut self) -> PResult<Kernel> {
        self.values.clear();
        self.bindings = 0;
        self.views = 0;
        self.push_constants = 0;
        self.allocations = 0;

        self.expect_keyword("kernel")?;
        self.expect("@")?;
        let name_start = self.pos;
        while self.pos < self.src.len()
            && (is_ident_char(self.src[self.pos]) || b".$-".contains(&self.src[self.pos]))
        {
            self.pos += 1;
        }
        if name_start == self.pos {
            return self.expected("a kernel name");
        }
        let name = String::from_utf8_lossy(&self.src[name_start..self.pos]).into_owned();
        self.expect_keyword("local_size")?;
        self.expect("[")?;
        let mut local_size = [0u32; 3];
        for (i, l) in local_size.iter_mut().enumerate() {
            if i > 0 {
                self.expect(",")?;
            }
            *l = self.u32("a workgroup size")?;
        }
        self.expect("]")?;
        self.expect_keyword("workgroup_count")?;
        let count_start = self.pos;
        let count = self.size_list()?;
        let workgroup_count: [SizeExpr; 3] = count.try_into().or_else(|c: Vec<_>| {
            self.err_at(
                count_start,
                format!("workgroup_count has {} entries, expected 3", c.len()),
            )
        })?;
        let required_subgroup_size = if self.eat_keyword("subgroup_size") {
            Some(self.u32("a subgroup size")?)
        } else {
            None
        };
        let run_when = if self.eat_keyword("when") {
            Some(self.size_range()?)
        } else {
            None
        };
        self.expect("{")?;

        let mut bindings = Vec::new();
        let mut views = Vec::new();
        let mut push_constants = Vec::new();
        let mut allocations = Arena::new();
        loop {
            if self.at_keyword("binding") {
                bindings.push(self.binding()?);
                self.bindings += 1;
            } else if self.at_keyword("view") {
                views.push(self.view()?);
                self.views += 1;
            } else if self.at_keyword("push_constant") {
                push_constants.push(self.push_constant()?);
                self.push_constants += 1;
            } else if self.at_keyword("alloc") {
                allocations.append(self.allocation()?);
                self.allocations += 1;
            } else {
                break;
            }
        }
        let body = self.block(false)?;
        self.expect("}")?;

        let mut values = Arena::new();
        for defined in self.values.drain(..) {
            values.append(defined.map_or(
                ValueInfo {
                    ty: Type::Scalar(ScalarType::Index),
                    name: None,
                },
                |d| d.info,
            ));
        }
        Ok(Kernel {
            name,
            bindings,
            views,
            push_constants,
            allocations,
            values,
            body,
            local_size,
            workgroup_count,
            required_subgroup_size,
            tuning_key: None,
            flops: SizeExpr::Const(0),
            bytes: SizeExpr::Const(0),
            run_when,
            origin: kiln_frontend::Location::Unknown,
            sources: Vec::new(),
        })
    }

    /// Checks that a numbered declaration comes in order.
    fn in_order(&self, pos: usize, what: &str, got: u32, want: usize) -> PResult<()> {
        if got as usize != want {
            return self.err_at(pos, format!("expected {what} number {want}, found {got}"));
        }
        Ok(())
    }

    /// `binding #i = set S binding B ACCESS ELEMENT buffer N "NAME" [by_address]`
    fn binding(&mut self) -> PResult<BufferBinding> {
        self.expect_keyword("binding")?;
        self.skip_ws();
        let pos = self.pos;
        self.expect("#")?;
        let i = self.u32("a binding number")?;
        self.in_order(pos, "binding", i, self.bindings)?;
        self.expect("=")?;
        self.expect_keyword("set")?;
        let set = self.u32("a descriptor set")?;
        self.expect_keyword("binding")?;
        let binding = self.u32("a binding")?;
        let access = [Access::ReadOnly, Access::WriteOnly, Access::ReadWrite]
            [self.choice("an access", &["readonly", "writeonly", "readwrite"])?];
        let element = self.scalar_type()?;
        self.expect_keyword("buffer")?;
        let buffer = self.u32("a buffer id")?;
        let name = self.string("the binding's name")?;
        let by_address = self.eat_keyword("by_address");
        Ok(BufferBinding {
            set,
            binding,
            access,
            element,
            buffer,
            name,
            by_address,
        })
    }

    /// `view @vI = #B offset E shape [..] strides [..]`
    fn view(&mut self) -> PResult<BufferView> {
        self.expect_keyword("view")?;
        self.skip_ws();
        let pos = self.pos;
        let i = self.numbered("@", "v", "a view")?;
        self.in_order(pos, "view", i, self.views)?;
        self.expect("=")?;
        self.skip_ws();
        let binding_pos = self.pos;
        self.expect("#")?;
        let binding = self.u32("a binding number")?;
        if binding as usize >= self.bindings {
            return self.err_at(
                binding_pos,
                format!("view @v{i} names binding #{binding}, which is not declared"),
            );
        }
        self.expect_keyword("offset")?;
        let offset = self.size_expr()?;
        self.expect_keyword("shape")?;
        let shape = self.size_list()?;
        self.expect_keyword("strides")?;
        let strides = self.size_list()?;
        Ok(BufferView {
            binding: BindingId(binding),
            offset,
            shape,
            strides,
        })
    }

    /// `push_constant @pcI "NAME" = E`
    fn push_constant(&mut self) -> PResult<PushConstant> {
        self.expect_keyword("push_constant")?;
        self.skip_ws();
        let pos = self.pos;
        let i = self.numbered("@", "pc", "a push constant")?;
        self.in_order(pos, "push constant", i, self.push_constants)?;
        let name = self.string("the push constant's name")?;
        self.expect("=")?;
        let value = self.size_expr()?;
        Ok(PushConstant { name, value })
    }

    /// `alloc @aI = STORAGE ELEMENT[LEN] "NAME"` (ELEMENT a scalar type or a `coopmat<..>`).
    fn allocation(&mut self) -> PResult<Allocation> {
        self.expect_keyword("alloc")?;
        self.skip_ws();
        let pos = self.pos;
        let i = self.numbered("@", "a", "an allocation")?;
        self.in_order(pos, "allocation", i, self.allocations)?;
        self.expect("=")?;
        let storage = [StorageClass::Function, StorageClass::Workgroup]
            [self.choice("a storage class", &["function", "workgroup"])?];
        let (element, matrix) = if self.eat_keyword("coopmat") {
            let m = self.matrix_type_body()?;
            (m.element, Some(m))
        } else {
            (self.scalar_type()?, None)
        };
        self.expect("[")?;
        let len = self.u32("an allocation length")?;
        self.expect("]")?;
        let name = self.string("the allocation's name")?;
        Ok(Allocation {
            name,
            storage,
            element,
            len,
            matrix,
        })
    }
}
