//! Functions: the signature and its ABI attributes, value and block references, regions and
//! their blocks.

use super::*;

impl Parser {
    pub(super) fn function(&mut self, fid: FunctionId) -> Result<(), ParseError> {
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

    /// `spirv.interface_var_abi = #spirv.interface_var_abi<(set, binding)>}` (after the `{`
    /// that follows a parameter's type).
    pub(super) fn interface_var_abi(&mut self) -> Result<InterfaceVarAbi, ParseError> {
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
    pub(super) fn entry_point_abi(&mut self) -> Result<EntryPointAbi, ParseError> {
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

    pub(super) fn value_def_token(&mut self) -> Result<String, ParseError> {
        match self.peek().clone() {
            Tok::Value(n) => {
                self.next();
                Ok(n)
            }
            _ => self.err("expected a value `%N`"),
        }
    }

    pub(super) fn value_use(&mut self, st: &FnState) -> Result<ValueId, ParseError> {
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

    pub(super) fn block_ref(
        &mut self,
        f: &mut Function,
        st: &mut FnState,
    ) -> Result<BlockId, ParseError> {
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

    pub(super) fn successor(
        &mut self,
        f: &mut Function,
        st: &mut FnState,
    ) -> Result<Successor, ParseError> {
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
    pub(super) fn region(
        &mut self,
        f: &mut Function,
        st: &mut FnState,
        r: RegionId,
    ) -> Result<(), ParseError> {
        self.expect("{")?;
        self.region_blocks(f, st, r)
    }

    /// The blocks of a region after its `{`.
    pub(super) fn region_blocks(
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
}
