//! Decoration lists: `[Kind(operands), ...]`.

use super::*;

impl Parser {
    pub(super) fn decorations(&mut self) -> Result<Vec<Decoration>, ParseError> {
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
}
