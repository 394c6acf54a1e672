//! Affine maps and expressions, dense literals and attribute dictionaries.

use super::*;

impl<'a> Parser<'a> {
    pub(super) fn affine_map(&mut self) -> PResult<AffineMap> {
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

    pub(super) fn affine_expr(
        &mut self,
        names: &HashMap<String, AffineExpr>,
    ) -> PResult<AffineExpr> {
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

    pub(super) fn affine_term(
        &mut self,
        names: &HashMap<String, AffineExpr>,
    ) -> PResult<AffineExpr> {
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

    pub(super) fn affine_factor(
        &mut self,
        names: &HashMap<String, AffineExpr>,
    ) -> PResult<AffineExpr> {
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

    pub(super) fn dense_literal(&mut self) -> PResult<DenseLit> {
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

    pub(super) fn nested_literals(&mut self, out: &mut Vec<Literal>) -> PResult<()> {
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

    pub(super) fn attr_value(&mut self) -> PResult<Attr> {
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
    pub(super) fn skip_until_close(&mut self) -> PResult<()> {
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
    pub(super) fn attr_dict(&mut self) -> PResult<Vec<(String, Attr, Location)>> {
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
}
