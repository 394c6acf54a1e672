//! The module: its header (`spirv.module`, VCE), the pre-scan that declares functions and
//! globals, and the module items in their order.

use super::*;

impl Parser {
    pub(super) fn module(&mut self) -> Result<(), ParseError> {
        self.module_header()?;
        self.declare_functions_and_globals()?;
        let mut next_function = 0;
        loop {
            if self.eat("}") {
                break;
            }
            let item = self.ident("a module item (`spirv.GlobalVariable`, `spirv.func`, ...)")?;
            self.module_item(&item, &mut next_function)?;
        }
        if !matches!(self.peek(), Tok::Eof) {
            return self.err("expected the end of the input");
        }
        if next_function != self.m.functions.len() {
            return self.err("a declared function has no body");
        }
        Ok(())
    }

    /// `spirv.module <addressing> <memory> requires #spirv.vce<v1.x, [caps], [exts]> {`.
    fn module_header(&mut self) -> Result<(), ParseError> {
        self.expect_ident("spirv.module")?;
        self.m.addressing_model = self.enum_("an addressing model")?;
        self.m.memory_model = self.enum_("a memory model")?;
        self.expect_ident("requires")?;
        self.expect("#")?;
        self.expect_ident("spirv.vce")?;
        self.expect("<")?;
        let v = self.ident("a version like `v1.3`")?;
        self.m.version = v
            .strip_prefix('v')
            .and_then(crate::target::parse_version)
            .ok_or_else(|| ParseError {
                line: self.toks[self.at - 1].line,
                column: self.toks[self.at - 1].column,
                message: format!("bad version `{v}`"),
            })?;
        self.expect(",")?;
        self.expect("[")?;
        while !self.eat("]") {
            let c = self.enum_("a capability")?;
            self.m.capabilities.push(c);
            if !self.eat(",") {
                self.expect("]")?;
                break;
            }
        }
        self.expect(",")?;
        self.expect("[")?;
        while !self.eat("]") {
            let e = self.string("an extension string")?;
            self.m.extensions.push(e);
            if !self.eat(",") {
                self.expect("]")?;
                break;
            }
        }
        self.expect(">")?;
        self.expect("{")?;
        Ok(())
    }

    /// Functions may be called before they are defined and decorations may name globals
    /// declared further down: a pre-scan declares them all first.
    fn declare_functions_and_globals(&mut self) -> Result<(), ParseError> {
        let mut i = self.at;
        let mut globals = 0;
        while i + 1 < self.toks.len() {
            if self.toks[i].tok == Tok::Ident("spirv.GlobalVariable".into()) {
                if let Tok::Symbol(s) = &self.toks[i + 1].tok {
                    self.declared_globals
                        .insert(s.clone(), crate::arena::Handle::from_index(globals));
                    globals += 1;
                }
            }
            if self.toks[i].tok == Tok::Ident("spirv.func".into()) {
                if let Tok::Symbol(s) = &self.toks[i + 1].tok {
                    let name = match &self.toks.get(i + 2).map(|t| &t.tok) {
                        Some(Tok::Str(n)) => n.clone(),
                        _ => s.clone(),
                    };
                    let void = self.m.types.intern(Type::Void);
                    let mut regions = Arena::new();
                    let body = regions.append(Region {
                        kind: RegionKind::Function,
                        blocks: vec![],
                    });
                    let f = self.m.functions.append(Function {
                        name,
                        result_type: void,
                        control: spirv::FunctionControl::NONE,
                        location: None,
                        params: vec![],
                        param_decorations: vec![],
                        decorations: Vec::new(),
                        prologue: Vec::new(),
                        body,
                        values: Arena::new(),
                        ops: Arena::new(),
                        blocks: Arena::new(),
                        regions,
                    });
                    if self.fsyms.insert(s.clone(), f).is_some() {
                        let t = &self.toks[i + 1];
                        return Err(ParseError {
                            line: t.line,
                            column: t.column,
                            message: format!("function @{s} defined twice"),
                        });
                    }
                }
            }
            i += 1;
        }
        Ok(())
    }

    /// One module item after its keyword `item`; `next_function` counts the function bodies
    /// read so far.
    fn module_item(&mut self, item: &str, next_function: &mut usize) -> Result<(), ParseError> {
        match item {
            "spirv.NonSemantic" => self.non_semantic_item()?,
            "spirv.TypeName" => {
                let t = self.ty()?;
                let name = self.string("a type name")?;
                if matches!(self.m.types.get(t), Some(Type::Struct(_))) {
                    return self.err(
                        "a struct's name is part of its type (`struct<\"name\", ...>`), \
                             not a `spirv.TypeName`",
                    );
                }
                if self.m.type_names.iter().any(|(u, _)| *u == t) {
                    return self.err("a second `spirv.TypeName` for one type");
                }
                self.m.type_names.push((t, name));
            }
            "spirv.ExtInstImport"
            | "spirv.String"
            | "spirv.SourceExtension"
            | "spirv.ModuleProcessed"
            | "spirv.Source"
            | "spirv.SourceContinued" => self.debug_item(item)?,
            "spirv.SpecConstant" => self.spec_constant_item()?,
            "spirv.GlobalVariable" => self.global_variable_item()?,
            "spirv.func" => {
                let sym = self.symbol("a function symbol")?;
                self.opt_string();
                let fid = *self.fsyms.get(&sym).expect("declared in the pre-scan");
                if fid.index() != *next_function {
                    return self.err("functions must appear in declaration order");
                }
                *next_function += 1;
                self.function(fid)?;
            }
            "spirv.EntryPoint" => self.entry_point_item()?,
            "spirv.ExecutionMode" => self.execution_mode_item()?,
            other => {
                self.at -= 1;
                return self.err(format!("unknown module item `{other}`"));
            }
        }
        Ok(())
    }

    /// `spirv.EntryPoint <model> @f "name" interface(@g, ...)`.
    fn entry_point_item(&mut self) -> Result<(), ParseError> {
        let execution_model = self.enum_("an execution model")?;
        let f = self.symbol("a function symbol")?;
        let function = self.function_ref(&f)?;
        let name = self.string("the entry point name")?;
        self.expect_ident("interface")?;
        self.expect("(")?;
        let mut interface = vec![];
        while !self.eat(")") {
            let g = self.symbol("a global variable symbol")?;
            interface.push(self.global_ref(&g)?);
            if !self.eat(",") {
                self.expect(")")?;
                break;
            }
        }
        self.m.entry_points.push(EntryPoint {
            execution_model,
            function,
            name,
            interface,
        });
        Ok(())
    }

    /// `spirv.ExecutionMode @f <mode> operands...` (the operands on its line).
    fn execution_mode_item(&mut self) -> Result<(), ParseError> {
        let line = self.line();
        let f = self.symbol("a function symbol")?;
        let function = self.function_ref(&f)?;
        let mode = self.enum_("an execution mode")?;
        let mut operands = vec![];
        while self.line() == line {
            match self.peek().clone() {
                Tok::Num(_) => operands.push(ModeOperand::Literal(self.number("a literal")?)),
                Tok::Symbol(s) => {
                    self.next();
                    let sc = *self.ssyms.get(&s).ok_or(ParseError {
                        line,
                        column: 0,
                        message: format!("unknown spec constant @{s}"),
                    })?;
                    operands.push(ModeOperand::SpecConstant(sc));
                }
                Tok::Ident(x) if x == "const" => {
                    self.next();
                    self.expect("(")?;
                    operands.push(ModeOperand::ConstantU32(self.number("a constant")?));
                    self.expect(")")?;
                }
                _ => break,
            }
        }
        self.m.execution_modes.push(ExecutionModeDecl {
            function,
            mode,
            operands,
        });
        Ok(())
    }

    pub(super) fn function_ref(&self, s: &str) -> Result<FunctionId, ParseError> {
        self.fsyms
            .get(s)
            .copied()
            .map_or_else(|| self.err(format!("unknown function @{s}")), Ok)
    }
    pub(super) fn global_ref(&self, s: &str) -> Result<GlobalVarId, ParseError> {
        self.gsyms
            .get(s)
            .copied()
            .map_or_else(|| self.err(format!("unknown global variable @{s}")), Ok)
    }
}
