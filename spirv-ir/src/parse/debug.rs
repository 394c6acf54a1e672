//! Debug and non-semantic items: strings, sources, extended instruction imports, module-scope
//! non-semantic instructions and their operands, source locations.

use super::*;

impl Parser {
    /// The generic form of an extended instruction after `spirv.ExtInst`: `"<set>" <number>`.
    /// A set kiln has no grammar for must be `NonSemantic.*`.
    pub(super) fn generic_ext_inst(&mut self) -> Result<(ExtInstSet, u32), ParseError> {
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
    pub(super) fn non_semantic_operand(&mut self) -> Result<NonSemanticOperand, ParseError> {
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

    /// `("file":line:column)`, after `loc`.
    pub(super) fn location(&mut self) -> Result<Location, ParseError> {
        self.expect("(")?;
        let file = self.string("a file name")?;
        self.expect(":")?;
        let line = self.number("a line")?;
        self.expect(":")?;
        let column = self.number("a column")?;
        self.expect(")")?;
        Ok(Location { file, line, column })
    }

    /// `spirv.NonSemantic #N = <instruction>(operands)`: a module-scope non-semantic
    /// instruction.
    pub(super) fn non_semantic_item(&mut self) -> Result<(), ParseError> {
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
        Ok(())
    }

    /// The debug items: strings, sources and extended instruction set imports.
    pub(super) fn debug_item(&mut self, item: &str) -> Result<(), ParseError> {
        match item {
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
            _ => unreachable!("debug_item only gets debug items"),
        }
        Ok(())
    }
}
