//! The ops of a block: structural ops, control flow, extended instructions and the generic
//! form of every other instruction.

use super::cursor::FlagsBits;
use super::*;

impl Parser {
    pub(super) fn op(
        &mut self,
        f: &mut Function,
        st: &mut FnState,
        b: BlockId,
    ) -> Result<(), ParseError> {
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
                self.structured_op(f, &name, &mut result_types, &mut region_to_parse)?
            }
            "spirv.mlir.merge"
            | "spirv.Branch"
            | "spirv.BranchConditional"
            | "spirv.Switch"
            | "spirv.Return"
            | "spirv.ReturnValue"
            | "spirv.Unreachable" => self.control_flow_op(f, st, &name, line)?,
            other => self.instruction_op(f, st, other, line, &mut result_types)?,
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

    /// `spirv.mlir.selection` / `spirv.mlir.loop` (`name`): its control, result types and
    /// the region its body is parsed into once the op is placed.
    fn structured_op(
        &mut self,
        f: &mut Function,
        name: &str,
        result_types: &mut Vec<TypeId>,
        region_to_parse: &mut Option<RegionId>,
    ) -> Result<OpKind, ParseError> {
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
        *region_to_parse = Some(body);
        Ok(if kind == RegionKind::Loop {
            OpKind::Loop {
                control: spirv::LoopControl::from_bits_retain(control),
                body,
            }
        } else {
            OpKind::Selection {
                control: spirv::SelectionControl::from_bits_retain(control),
                body,
            }
        })
    }

    /// The merge and the branch, switch and return ops.
    fn control_flow_op(
        &mut self,
        f: &mut Function,
        st: &mut FnState,
        name: &str,
        line: usize,
    ) -> Result<OpKind, ParseError> {
        Ok(match name {
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
            _ => unreachable!("control_flow_op only gets control flow ops"),
        })
    }

    /// An extended instruction (`spirv.GLSL.Sqrt`, `spirv.ExtInst "set" N`) or the generic
    /// form `spirv.<Opname>` of any other instruction (`other`).
    fn instruction_op(
        &mut self,
        f: &mut Function,
        st: &mut FnState,
        other: &str,
        line: usize,
        result_types: &mut Vec<TypeId>,
    ) -> Result<OpKind, ParseError> {
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
        Ok(if let Some((set, inst, ext_name)) = ext {
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
        })
    }

    pub(super) fn generic_operands(
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

fn enumerant_value(kind: rspirv::grammar::OperandKind, name: &str) -> Option<u32> {
    use rspirv::grammar::OperandKind as K;
    Some(match kind {
        K::GroupOperation => spirv::GroupOperation::from_str(name).ok()? as u32,
        K::StorageClass => spirv::StorageClass::from_str(name).ok()? as u32,
        K::PackedVectorFormat => spirv::PackedVectorFormat::from_str(name).ok()? as u32,
        _ => return None,
    })
}
