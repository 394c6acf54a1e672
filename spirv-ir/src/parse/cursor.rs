//! Stepping through the tokens: peeking, eating, expecting, and the small token kinds
//! (identifiers, enumerants, numbers, strings, symbols, flags).

use super::lexer::describe;
use super::*;

impl Parser {
    pub(super) fn peek(&self) -> &Tok {
        &self.toks[self.at].tok
    }
    pub(super) fn line(&self) -> usize {
        self.toks[self.at].line
    }
    pub(super) fn err<T>(&self, message: impl Into<String>) -> Result<T, ParseError> {
        let t = &self.toks[self.at];
        Err(ParseError {
            line: t.line,
            column: t.column,
            message: format!("{}, found {}", message.into(), describe(&t.tok)),
        })
    }
    pub(super) fn next(&mut self) -> Tok {
        let t = self.toks[self.at].tok.clone();
        if self.at + 1 < self.toks.len() {
            self.at += 1;
        }
        t
    }
    pub(super) fn eat(&mut self, p: &str) -> bool {
        if matches!(self.peek(), Tok::Punct(x) if *x == p) {
            self.next();
            true
        } else {
            false
        }
    }
    pub(super) fn expect(&mut self, p: &str) -> Result<(), ParseError> {
        if self.eat(p) {
            Ok(())
        } else {
            self.err(format!("expected `{p}`"))
        }
    }
    pub(super) fn eat_ident(&mut self, word: &str) -> bool {
        if matches!(self.peek(), Tok::Ident(x) if x == word) {
            self.next();
            true
        } else {
            false
        }
    }
    pub(super) fn expect_ident(&mut self, word: &str) -> Result<(), ParseError> {
        if self.eat_ident(word) {
            Ok(())
        } else {
            self.err(format!("expected `{word}`"))
        }
    }
    pub(super) fn ident(&mut self, what: &str) -> Result<String, ParseError> {
        match self.peek().clone() {
            Tok::Ident(s) => {
                self.next();
                Ok(s)
            }
            _ => self.err(format!("expected {what}")),
        }
    }
    pub(super) fn enum_<T: FromStr>(&mut self, what: &str) -> Result<T, ParseError> {
        let save = self.at;
        let s = self.ident(what)?;
        s.parse().or_else(|_| {
            self.at = save;
            self.err(format!("expected {what}"))
        })
    }
    pub(super) fn number<T: FromStr>(&mut self, what: &str) -> Result<T, ParseError> {
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
    pub(super) fn string(&mut self, what: &str) -> Result<String, ParseError> {
        match self.peek().clone() {
            Tok::Str(s) => {
                self.next();
                Ok(s)
            }
            _ => self.err(format!("expected {what}")),
        }
    }
    pub(super) fn opt_string(&mut self) -> Option<String> {
        match self.peek().clone() {
            Tok::Str(s) => {
                self.next();
                Some(s)
            }
            _ => None,
        }
    }
    pub(super) fn symbol(&mut self, what: &str) -> Result<String, ParseError> {
        match self.peek().clone() {
            Tok::Symbol(s) => {
                self.next();
                Ok(s)
            }
            _ => self.err(format!("expected {what}")),
        }
    }
    /// A symbol declaration: `@name` or `@N`, then an optional explicit name string.
    pub(super) fn symbol_decl(
        &mut self,
        what: &str,
    ) -> Result<(String, Option<String>), ParseError> {
        let s = self.symbol(what)?;
        let explicit = self.opt_string();
        let name = match explicit {
            Some(n) => Some(n),
            None if s.chars().all(|c| c.is_ascii_digit()) => None,
            None => Some(s.clone()),
        };
        Ok((s, name))
    }

    pub(super) fn flags_in_parens<B>(
        &mut self,
        from_name: fn(&str) -> Option<B>,
    ) -> Result<B, ParseError>
    where
        B: std::ops::BitOr<Output = B> + Copy + FlagsBits,
    {
        self.expect("(")?;
        let b = self.flags_until(")", from_name)?;
        Ok(b)
    }

    /// `NAME|NAME|0x..` up to `close` (consumed).
    pub(super) fn flags_until<B>(
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
}

/// Bit-set types of the `spirv` crate, built from raw bits.
pub(super) trait FlagsBits {
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
