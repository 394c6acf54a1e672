//! Constants (untyped as written, then typed), spec constants and global variables.

use super::*;

impl Parser {
    pub(super) fn const_ast(&mut self) -> Result<ConstAst, ParseError> {
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

    pub(super) fn typed_constant(
        &self,
        c: &ConstAst,
        ty: TypeId,
    ) -> Result<ConstantValue, ParseError> {
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

    /// `spirv.SpecConstant @s [spec_id(N)] [builtin(B)] = value | composite [...] |
    /// spirv.SpecConstantOperation wraps <op>(...) : type`.
    pub(super) fn spec_constant_item(&mut self) -> Result<(), ParseError> {
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
            self.spec_operation(name, spec_id, builtin)?
        } else if self.eat_ident("composite") {
            self.spec_composite(name, spec_id, builtin)?
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
        Ok(())
    }

    /// A spec constant operation, after `spirv.SpecConstantOperation`.
    fn spec_operation(
        &mut self,
        name: Option<String>,
        spec_id: Option<u32>,
        builtin: Option<spirv::BuiltIn>,
    ) -> Result<SpecConstant, ParseError> {
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
                let sc = self
                    .ssyms
                    .get(&s)
                    .copied()
                    .map_or_else(|| self.err(format!("unknown spec constant @{s}")), Ok)?;
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
                    let w = n
                        .parse()
                        .map_or_else(|_| self.err(format!("bad literal `{n}`")), Ok)?;
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
        Ok(SpecConstant {
            name,
            spec_id,
            ty,
            default: ConstantValue::Null,
            composite: None,
            builtin,
            replicate: false,
            operation: Some(SpecOperation { opcode, operands }),
        })
    }

    /// A spec constant composite, after `composite`.
    fn spec_composite(
        &mut self,
        name: Option<String>,
        spec_id: Option<u32>,
        builtin: Option<spirv::BuiltIn>,
    ) -> Result<SpecConstant, ParseError> {
        let replicate = self.eat_ident("replicate");
        self.expect("[")?;
        let mut parts = vec![];
        while !self.eat("]") {
            match self.peek().clone() {
                Tok::Symbol(s) => {
                    self.next();
                    let sc = self
                        .ssyms
                        .get(&s)
                        .copied()
                        .map_or_else(|| self.err(format!("unknown spec constant @{s}")), Ok)?;
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
            t if replicate => crate::serialize::replicated_type(t).into_iter().collect(),
            Type::Vector { component, .. } => vec![*component; parts.len()],
            Type::Matrix { column, .. } => vec![*column; parts.len()],
            Type::Array { element, .. } => vec![*element; parts.len()],
            Type::Struct(st) => st.members.iter().map(|m| m.ty).collect(),
            _ => return self.err("a spec constant composite needs a composite type"),
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
        Ok(SpecConstant {
            name,
            spec_id,
            ty,
            default: ConstantValue::Null,
            composite: Some(constituents),
            builtin,
            replicate,
            operation: None,
        })
    }

    /// `spirv.GlobalVariable @g : ptr<...> [storage_class(..)] [binding(s, b)] ...`.
    pub(super) fn global_variable_item(&mut self) -> Result<(), ParseError> {
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
        Ok(())
    }
}
