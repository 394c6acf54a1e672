//! Tokens, literals and types: the character-level reading the rest builds on.

use super::*;

impl<'a> Parser<'a> {
    pub(super) fn column(&self) -> u32 {
        (self.pos - self.line_start + 1) as u32
    }

    pub(super) fn location(&mut self) -> Location {
        self.skip_ws();
        Location::Text {
            line: self.line,
            column: self.column(),
        }
    }

    pub(super) fn error<T>(&mut self, message: String) -> PResult<T> {
        Err(ParseError {
            line: self.line,
            column: self.column(),
            message,
        })
    }

    pub(super) fn error_at<T>(&self, loc: &Location, message: String) -> PResult<T> {
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
    pub(super) fn enter(&mut self, what: &str) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return self.error(format!("{what} nested more than {MAX_NESTING} deep"));
        }
        Ok(())
    }

    pub(super) fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Counts one more node of the current affine expression.
    pub(super) fn affine_node(&mut self) -> PResult<()> {
        self.affine_nodes += 1;
        if self.affine_nodes > MAX_AFFINE_NODES {
            return self.error(format!(
                "affine expression with more than {MAX_AFFINE_NODES} terms"
            ));
        }
        Ok(())
    }

    pub(super) fn advance(&mut self, n: usize) {
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

    pub(super) fn skip_ws(&mut self) {
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

    pub(super) fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.src.get(self.pos).copied()
    }

    pub(super) fn at(&mut self, s: &str) -> bool {
        self.skip_ws();
        self.src[self.pos..].starts_with(s.as_bytes())
    }

    /// `at` for a keyword: the next char after it must not continue an identifier.
    pub(super) fn at_keyword(&mut self, s: &str) -> bool {
        self.at(s)
            && !self
                .src
                .get(self.pos + s.len())
                .is_some_and(|&c| is_ident_char(c))
    }

    pub(super) fn eat(&mut self, s: &str) -> bool {
        if self.at(s) {
            self.advance(s.len());
            true
        } else {
            false
        }
    }

    pub(super) fn eat_keyword(&mut self, s: &str) -> bool {
        if self.at_keyword(s) {
            self.advance(s.len());
            true
        } else {
            false
        }
    }

    /// What is at the cursor, for "found ..." in messages.
    pub(super) fn found(&mut self) -> String {
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

    pub(super) fn expect(&mut self, s: &str) -> PResult<()> {
        if self.eat(s) {
            return Ok(());
        }
        let found = self.found();
        self.error(format!("expected '{s}', found {found}"))
    }

    pub(super) fn expect_keyword(&mut self, s: &str) -> PResult<()> {
        if self.eat_keyword(s) {
            return Ok(());
        }
        let found = self.found();
        self.error(format!("expected '{s}', found {found}"))
    }

    pub(super) fn ident(&mut self, what: &str) -> PResult<String> {
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
    pub(super) fn value_name(&mut self) -> PResult<String> {
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

    pub(super) fn uint(&mut self) -> PResult<u64> {
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

    pub(super) fn int(&mut self) -> PResult<i64> {
        let neg = self.eat("-");
        let v = self.uint()? as i64;
        Ok(if neg { -v } else { v })
    }

    /// A number literal: integer, float (`1.5e-3`), or hex (`0x7F800000`).
    pub(super) fn literal(&mut self) -> PResult<Literal> {
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

    pub(super) fn string(&mut self) -> PResult<String> {
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

    pub(super) fn int_list(&mut self) -> PResult<Vec<i64>> {
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

    pub(super) fn uint_list(&mut self) -> PResult<Vec<u64>> {
        let loc = self.location();
        let v = self.int_list()?;
        if v.iter().any(|&x| x < 0) {
            return self.error_at(&loc, "expected non-negative integers".into());
        }
        Ok(v.into_iter().map(|x| x as u64).collect())
    }

    pub(super) fn usize_list(&mut self) -> PResult<Vec<usize>> {
        Ok(self.uint_list()?.into_iter().map(|x| x as usize).collect())
    }

    // ----- types -----

    pub(super) fn dtype(&mut self) -> PResult<DType> {
        let loc = self.location();
        let name = self.ident("an element type")?;
        match DType::from_name(&name) {
            Some(d) => Ok(d),
            None => self.error_at(&loc, format!("expected an element type (f64, f32, f16, bf16, i64, i32, i8, i1), found '{name}'")),
        }
    }

    /// A type; `?` dims come back as `Dim::Symbol("?")`.
    pub(super) fn ty(&mut self) -> PResult<Type> {
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

    pub(super) fn type_list(&mut self) -> PResult<Vec<Type>> {
        let mut v = vec![self.ty()?];
        while self.eat(",") {
            v.push(self.ty()?);
        }
        Ok(v)
    }
}
