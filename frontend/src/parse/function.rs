//! The module, its aliases and functions, and the symbols of dynamic sizes.

use super::*;

impl<'a> Parser<'a> {
    pub(super) fn module(&mut self) -> PResult<Module> {
        let mut module = Module::default();
        loop {
            self.skip_ws();
            if self.pos >= self.src.len() {
                return Ok(module);
            }
            if self.at("#") {
                self.alias()?;
            } else if self.eat_keyword("module") {
                if self.at("@") {
                    self.advance(1);
                    self.ident("a module name")?;
                }
                if self.eat_keyword("attributes") {
                    self.attr_dict()?;
                }
                self.expect("{")?;
                while !self.eat("}") {
                    if self.peek().is_none() {
                        return self.error("expected '}' to close the module".into());
                    }
                    if self.at("#") {
                        self.alias()?;
                    } else {
                        let f = self.function(&module)?;
                        module.functions.push(f);
                    }
                }
            } else if self.at_keyword("func.func") {
                let f = self.function(&module)?;
                module.functions.push(f);
            } else {
                let found = self.found();
                return self.error(format!(
                    "expected 'func.func', 'module' or '#alias = affine_map<...>', found {found}"
                ));
            }
        }
    }

    pub(super) fn alias(&mut self) -> PResult<()> {
        let loc = self.location();
        self.expect("#")?;
        let name = self.ident("an alias name")?;
        self.expect("=")?;
        if !self.at("affine_map<") {
            let found = self.found();
            return self.error(format!(
                "expected 'affine_map<' (only affine map aliases are supported), found {found}"
            ));
        }
        let m = self.affine_map()?;
        if self.aliases.insert(name.clone(), m).is_some() {
            return self.error_at(&loc, format!("redefinition of alias #{name}"));
        }
        Ok(())
    }

    pub(super) fn function(&mut self, module: &Module) -> PResult<Function> {
        let loc = self.location();
        self.expect_keyword("func.func")?;
        if !self.eat_keyword("private") {
            self.eat_keyword("public");
        }
        self.expect("@")?;
        let name = self.ident("a function name")?;
        if module.function(&name).is_some() {
            return self.error_at(&loc, format!("redefinition of function @{name}"));
        }
        let mut scope = FunctionScope {
            builder: FunctionBuilder::new(&name),
            values: HashMap::new(),
            index_values: HashMap::new(),
        };
        self.expect("(")?;
        if !self.eat(")") {
            loop {
                let vloc = self.location();
                let vname = self.value_name()?;
                self.expect(":")?;
                let ty = self.ty()?;
                let attrs = self.attr_dict()?;
                let ty = self.resolve_symbols(ty, &attrs, &vname, &vloc, &[])?;
                scope.builder.set_location(vloc.clone());
                let v = scope.builder.argument(ty);
                if scope.values.insert(vname.clone(), v).is_some() {
                    return self.error_at(&vloc, format!("redefinition of %{vname}"));
                }
                if self.eat(")") {
                    break;
                }
                self.expect(",")?;
            }
        }
        let mut result_types = Vec::new();
        if self.eat("->") {
            if self.eat("(") {
                if !self.eat(")") {
                    result_types = self.type_list()?;
                    self.expect(")")?;
                }
            } else {
                result_types.push(self.ty()?);
            }
        }
        if self.eat_keyword("attributes") {
            self.attr_dict()?;
        }
        self.expect("{")?;
        loop {
            let oloc = self.location();
            if self.eat_keyword("return") || self.eat_keyword("func.return") {
                let mut results = Vec::new();
                if self.at("%") {
                    loop {
                        results.push(self.use_value(&scope)?);
                        if !self.eat(",") {
                            break;
                        }
                    }
                    self.expect(":")?;
                    let types = self.type_list()?;
                    self.check_operand_types(&scope, &results, &types, &oloc)?;
                }
                if results.len() != result_types.len() {
                    return self.error_at(
                        &oloc,
                        format!(
                            "'return' has {} operands, but @{name} returns {} values",
                            results.len(),
                            result_types.len()
                        ),
                    );
                }
                for (i, (&r, t)) in results.iter().zip(&result_types).enumerate() {
                    let have = scope.builder.value_type(r).clone();
                    if !compatible(t, &have) {
                        return self.error_at(
                            &oloc,
                            format!("return operand #{i} has type {have}, but @{name} returns {t}"),
                        );
                    }
                }
                self.expect("}")?;
                return scope
                    .builder
                    .finish(results)
                    .or_else(|e| self.error_at(&oloc, e.to_string()));
            }
            if self.peek().is_none() || self.at("}") {
                let found = self.found();
                return self.error(format!("expected an op or 'return', found {found}"));
            }
            self.op(&mut scope)?;
        }
    }

    /// Replaces `?` dims by the names of a `kiln.symbols` attribute, else by fresh names.
    pub(super) fn resolve_symbols(
        &mut self,
        ty: Type,
        attrs: &[(String, Attr, Location)],
        value: &str,
        loc: &Location,
        dynamic: &[Dim],
    ) -> PResult<Type> {
        let Type::Tensor(mut t) = ty else {
            return Ok(ty);
        };
        let mut names: Option<Vec<String>> = None;
        if !dynamic.is_empty() {
            names = Some(
                dynamic
                    .iter()
                    .map(|d| match d {
                        Dim::Symbol(s) => s.clone(),
                        Dim::Static(n) => n.to_string(),
                    })
                    .collect(),
            );
        }
        for (k, v, l) in attrs {
            if k == "kiln.symbols" {
                match v {
                    Attr::List(items) => {
                        let mut out = Vec::new();
                        for it in items {
                            match it {
                                Attr::Str(s) if !s.is_empty() && !s.contains(',') => {
                                    out.push(s.clone())
                                }
                                _ => {
                                    return self.error_at(
                                        l,
                                        "kiln.symbols must be a list of non-empty strings".into(),
                                    )
                                }
                            }
                        }
                        names = names.or(Some(out));
                    }
                    _ => return self.error_at(l, "kiln.symbols must be a list of strings".into()),
                }
            }
        }
        let unknown = t
            .shape
            .iter()
            .filter(|d| matches!(d, Dim::Symbol(_)))
            .count();
        if let Some(n) = &names {
            if !dynamic.is_empty() && n.len() != unknown {
                return self.error_at(
                    loc,
                    format!("{} dynamic sizes for {unknown} '?' dims", n.len()),
                );
            }
            if n.len() != unknown {
                return self.error_at(
                    loc,
                    format!(
                        "kiln.symbols names {} dims, but the type has {unknown} '?' dims",
                        n.len()
                    ),
                );
            }
        }
        let mut k = 0;
        for (i, d) in t.shape.iter_mut().enumerate() {
            if let Dim::Symbol(_) = d {
                *d = Dim::Symbol(match &names {
                    Some(n) => n[k].clone(),
                    None => format!("{value}_d{i}"),
                });
                k += 1;
            }
        }
        Ok(Type::Tensor(t))
    }
}
