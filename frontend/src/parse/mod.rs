//! The MLIR-syntax parser: reads the custom syntax that `print.rs` writes (and that `mlir-opt`
//! prints) for `func.func` / `return`, `linalg.*` named ops and `linalg.generic` (maps inline or
//! as `#alias = affine_map<...>`), `linalg.reduce`, `tensor.*`, `arith.*` and `math.*`.
//! An optional `module { ... }` wrapper is accepted. Every op is shape-inferred as it is parsed and
//! its written result types must agree (a written `?` matches a symbolic dim); the result is a
//! verified [`Module`]. Errors carry line:column and say what was expected. Not handled: generic
//! MLIR op syntax (`"linalg.matmul"(...)`), `loc(...)` trailers, dynamic sizes as SSA operands
//! (see `print.rs` for `kiln.symbols`), the short `linalg.reduce { arith.addf }` form.

use std::collections::HashMap;

use crate::builder::FunctionBuilder;
use crate::ir::ScalarOpClass;
use crate::syntax::*;

mod attrs;
mod body;
mod function;
mod lexer;

/// A parse error at a 1-based line and column.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct ParseError {
    pub line: u32,
    pub column: u32,
    pub message: String,
}

/// Parses MLIR text into a verified module.
pub fn parse_mlir(text: &str) -> Result<Module, ParseError> {
    let mut p = Parser {
        src: text.as_bytes(),
        pos: 0,
        line: 1,
        line_start: 0,
        aliases: HashMap::new(),
        depth: 0,
        affine_nodes: 0,
    };
    let module = p.module()?;
    crate::infer::verify_module(&module).map_err(|e| {
        let (line, column) = match e.location {
            Location::Text { line, column } => (line, column),
            _ => (1, 1),
        };
        ParseError {
            line,
            column,
            message: e.to_string(),
        }
    })?;
    Ok(module)
}

/// A literal inside `dense<...>` or a scalar constant.
#[derive(Clone, Debug)]
enum Literal {
    Float(f64),
    Int(i64),
    Bool(bool),
    /// A hex literal `0x...` (bit pattern of a float, or an integer).
    Hex(u64),
}

#[derive(Clone, Debug)]
enum DenseLit {
    Splat(Literal),
    List(Vec<Literal>),
    Hex(Vec<u8>),
}

// Integer, float and bool payloads are parsed for completeness; no attribute of the supported
// ops reads them yet.
#[allow(dead_code)]
#[derive(Clone, Debug)]
enum Attr {
    Int(i64),
    Float(f64),
    Str(String),
    Bool(bool),
    List(Vec<Attr>),
    Map(AffineMap),
    Dense(DenseLit),
    /// `#dialect.thing<payload>` or anything else kept as text.
    Other(String),
}

struct Parser<'a> {
    src: &'a [u8],
    pos: usize,
    line: u32,
    line_start: usize,
    aliases: HashMap<String, AffineMap>,
    /// How deeply the recursive rules (parentheses and unary minus in affine expressions,
    /// nested `dense<[[...]]>` and attribute lists) are nested at this point.
    depth: usize,
    /// Nodes of the affine expression being read (its tree is walked recursively later).
    affine_nodes: usize,
}

/// The deepest nesting the parser accepts (a stack overflow otherwise, issue 26).
pub const MAX_NESTING: usize = 64;
/// The most nodes one affine expression may have (ops and leaves; real maps have a few).
pub const MAX_AFFINE_NODES: usize = 256;

type PResult<T> = Result<T, ParseError>;

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.'
}

/// Parsing state of one function.
struct FunctionScope {
    builder: FunctionBuilder,
    values: HashMap<String, ValueId>,
    /// `index` values (`arith.constant N : index`, `tensor.dim`): not IR values, only the
    /// dynamic sizes of `tensor.empty(...)` / `output_shape [...]` refer to them.
    index_values: HashMap<String, IndexValue>,
}

#[derive(Clone, Debug)]
enum IndexValue {
    Const(u64),
    Dim(Dim),
}

enum ScalarName {
    Local(ScalarRef, DType),
}

impl<'a> Parser<'a> {
    /// Binds the result of an `index`-typed op (not an IR value).
    fn bind_index(
        &mut self,
        scope: &mut FunctionScope,
        names: &[String],
        value: IndexValue,
        loc: &Location,
    ) -> PResult<()> {
        let [name] = names else {
            return self.error_at(loc, "an index op binds exactly one result".into());
        };
        if scope.values.contains_key(name)
            || scope.index_values.insert(name.clone(), value).is_some()
        {
            return self.error_at(loc, format!("redefinition of %{name}"));
        }
        Ok(())
    }

    /// A dynamic size operand: an index value from `tensor.dim` (a symbolic dim).
    fn use_index(&mut self, scope: &FunctionScope) -> PResult<Dim> {
        let loc = self.location();
        let name = self.value_name()?;
        match scope.index_values.get(&name) {
            Some(IndexValue::Dim(d)) => Ok(d.clone()),
            Some(IndexValue::Const(_)) => self.error_at(
                &loc,
                format!("%{name} is a constant; a dynamic size must come from tensor.dim of a symbolic dim"),
            ),
            None => self.error_at(&loc, format!("use of undefined index value %{name}")),
        }
    }

    fn use_value(&mut self, scope: &FunctionScope) -> PResult<ValueId> {
        let loc = self.location();
        let name = self.value_name()?;
        match scope.values.get(&name) {
            Some(&v) => Ok(v),
            None => self.error_at(&loc, format!("use of undefined value %{name}")),
        }
    }

    fn check_operand_types(
        &self,
        scope: &FunctionScope,
        values: &[ValueId],
        types: &[Type],
        loc: &Location,
    ) -> PResult<()> {
        if values.len() != types.len() {
            return self.error_at(
                loc,
                format!("{} operands but {} types", values.len(), types.len()),
            );
        }
        for (i, (&v, t)) in values.iter().zip(types).enumerate() {
            let have = scope.builder.value_type(v);
            if !compatible(t, have) {
                return self.error_at(
                    loc,
                    format!("operand #{i} has type {have}, but the op says {t}"),
                );
            }
        }
        Ok(())
    }

    /// `ins(%a, %b : T, U) outs(%c : V)`; returns (operands, number of inputs).
    fn ins_outs(&mut self, scope: &FunctionScope) -> PResult<(Vec<ValueId>, usize)> {
        let mut operands = Vec::new();
        let mut num_inputs = 0;
        for (kw, required) in [("ins", false), ("outs", true)] {
            let loc = self.location();
            if !self.eat_keyword(kw) {
                if required {
                    let found = self.found();
                    return self.error(format!("expected '{kw}(', found {found}"));
                }
                continue;
            }
            self.expect("(")?;
            let mut vs = Vec::new();
            if !self.at(":") {
                loop {
                    vs.push(self.use_value(scope)?);
                    if !self.eat(",") {
                        break;
                    }
                }
            }
            self.expect(":")?;
            let types = self.type_list()?;
            self.expect(")")?;
            self.check_operand_types(scope, &vs, &types, &loc)?;
            if kw == "ins" {
                num_inputs = vs.len();
            }
            operands.extend(vs);
        }
        Ok((operands, num_inputs))
    }

    fn arrow_types(&mut self) -> PResult<Vec<Type>> {
        self.expect("->")?;
        if self.eat("(") {
            let t = self.type_list()?;
            self.expect(")")?;
            Ok(t)
        } else {
            Ok(vec![self.ty()?])
        }
    }

    fn op(&mut self, scope: &mut FunctionScope) -> PResult<()> {
        let loc = self.location();
        // Results: `%a = `, `%a:2 = `, `%a, %b = `.
        let mut result_names: Vec<String> = Vec::new();
        if self.at("%") {
            loop {
                let n = self.value_name()?;
                if self.eat(":") {
                    let count = self.uint()?;
                    for i in 0..count {
                        result_names.push(format!("{n}#{i}"));
                    }
                } else {
                    result_names.push(n);
                }
                if !self.eat(",") {
                    break;
                }
            }
            self.expect("=")?;
        }
        let name_loc = self.location();
        if self.at("\"") {
            return self.error(
                "generic op syntax (\"dialect.op\"(...)) is not supported; use the custom syntax"
                    .into(),
            );
        }
        let op_name = self.ident("an op name")?;
        let mut symbol_attrs = Vec::new();
        let mut dynamic: Vec<Dim> = Vec::new();
        let (kind, operands, written): (OpKind, Vec<ValueId>, Vec<Type>) = match op_name.as_str() {
            "arith.constant" => {
                symbol_attrs = self.attr_dict()?;
                if self.at_keyword("true") || self.at_keyword("false") {
                    let b = self.eat_keyword("true");
                    if !b {
                        self.eat_keyword("false");
                    }
                    (
                        OpKind::Constant(ConstantValue::Splat(ScalarValue::Bool(b))),
                        vec![],
                        vec![Type::Scalar(DType::I1)],
                    )
                } else if self.at("dense<") {
                    let d = self.dense_literal()?;
                    self.expect(":")?;
                    let tloc = self.location();
                    let ty = self.ty()?;
                    let value = self.dense_value(d, &ty, &tloc)?;
                    (OpKind::Constant(value), vec![], vec![ty])
                } else {
                    let lit = self.literal()?;
                    self.expect(":")?;
                    let tloc = self.location();
                    if self.eat_keyword("index") {
                        let Literal::Int(n @ 0..) = lit else {
                            return self.error_at(
                                &tloc,
                                "index constants must be non-negative integers".into(),
                            );
                        };
                        return self.bind_index(
                            scope,
                            &result_names,
                            IndexValue::Const(n as u64),
                            &loc,
                        );
                    }
                    let ty = self.ty()?;
                    let v = self.scalar_value(&lit, ty.dtype(), &tloc)?;
                    (OpKind::Constant(ConstantValue::Splat(v)), vec![], vec![ty])
                }
            }
            "tensor.dim" => {
                let t = self.use_value(scope)?;
                self.expect(",")?;
                let iloc = self.location();
                let idx = self.value_name()?;
                self.expect(":")?;
                let ty = self.ty()?;
                self.check_operand_types(scope, &[t], &[ty], &name_loc)?;
                let Some(IndexValue::Const(i)) = scope.index_values.get(&idx).cloned() else {
                    return self.error_at(&iloc, format!("%{idx} is not an index constant"));
                };
                let shape = scope.builder.tensor_type(t).shape;
                let Some(d) = shape.get(i as usize).cloned() else {
                    return self.error_at(&iloc, format!("dim {i} out of range"));
                };
                let value = match d {
                    Dim::Static(n) => IndexValue::Const(n),
                    d => IndexValue::Dim(d),
                };
                return self.bind_index(scope, &result_names, value, &loc);
            }
            "tensor.empty" => {
                self.expect("(")?;
                if !self.eat(")") {
                    loop {
                        dynamic.push(self.use_index(scope)?);
                        if self.eat(")") {
                            break;
                        }
                        self.expect(",")?;
                    }
                }
                symbol_attrs = self.attr_dict()?;
                self.expect(":")?;
                (OpKind::Empty, vec![], vec![self.ty()?])
            }
            "linalg.fill" | "linalg.matmul" | "linalg.batch_matmul" | "linalg.matvec" => {
                self.attr_dict()?;
                let (operands, _) = self.ins_outs(scope)?;
                let types = self.arrow_types()?;
                let kind = match op_name.as_str() {
                    "linalg.fill" => OpKind::Fill,
                    "linalg.matmul" => OpKind::Matmul,
                    "linalg.batch_matmul" => OpKind::BatchMatmul,
                    _ => OpKind::Matvec,
                };
                (kind, operands, types)
            }
            n if ConvLayout::ALL.iter().any(|l| l.op_name() == n)
                || pooling_from_name(n).is_some() =>
            {
                let attrs = self.attr_dict()?;
                let mut strides = [1u64, 1];
                let mut dilations = [1u64, 1];
                for (k, v, l) in &attrs {
                    let slot = match k.as_str() {
                        "strides" => &mut strides,
                        "dilations" => &mut dilations,
                        _ => continue,
                    };
                    *slot = match v {
                        Attr::Dense(DenseLit::Splat(Literal::Int(x))) if *x > 0 => [*x as u64; 2],
                        Attr::Dense(DenseLit::List(xs)) => match xs.as_slice() {
                            [Literal::Int(a), Literal::Int(b)] if *a > 0 && *b > 0 => {
                                [*a as u64, *b as u64]
                            }
                            _ => {
                                return self
                                    .error_at(l, format!("{k} must be two positive integers"))
                            }
                        },
                        _ => {
                            return self
                                .error_at(l, format!("{k} must be dense<...> : tensor<2xi64>"))
                        }
                    };
                }
                let (operands, _) = self.ins_outs(scope)?;
                let types = self.arrow_types()?;
                let kind = match pooling_from_name(n) {
                    Some((kind, layout)) => OpKind::Pooling(Pooling {
                        kind,
                        layout,
                        strides,
                        dilations,
                    }),
                    None => {
                        let layout = ConvLayout::ALL
                            .into_iter()
                            .find(|l| l.op_name() == n)
                            .unwrap_or(ConvLayout::NchwFchw);
                        OpKind::Conv2d(Conv2d {
                            layout,
                            strides,
                            dilations,
                        })
                    }
                };
                (kind, operands, types)
            }
            "linalg.transpose" | "linalg.broadcast" => {
                let (operands, _) = self.ins_outs(scope)?;
                let key = if op_name == "linalg.transpose" {
                    "permutation"
                } else {
                    "dimensions"
                };
                self.expect_keyword(key)?;
                self.expect("=")?;
                let list = self.usize_list()?;
                let ty = scope
                    .builder
                    .value_type(*operands.last().unwrap_or(&ValueId::from_index(0)))
                    .clone();
                let kind = if key == "permutation" {
                    OpKind::Transpose { permutation: list }
                } else {
                    OpKind::Broadcast { dimensions: list }
                };
                (kind, operands, vec![ty])
            }
            "linalg.softmax" => {
                self.expect_keyword("dimension")?;
                self.expect("(")?;
                let d = self.uint()? as usize;
                self.expect(")")?;
                let (operands, _) = self.ins_outs(scope)?;
                let types = self.arrow_types()?;
                (OpKind::Softmax { dimension: d }, operands, types)
            }
            "linalg.reduce" => {
                let (operands, _) = self.ins_outs(scope)?;
                self.expect_keyword("dimensions")?;
                self.expect("=")?;
                let dimensions = self.usize_list()?;
                let body = self.scalar_body(scope, false)?;
                let ty = operands
                    .last()
                    .map(|&v| scope.builder.value_type(v).clone());
                (
                    OpKind::Reduce(Reduce { dimensions, body }),
                    operands,
                    ty.into_iter().collect(),
                )
            }
            "linalg.generic" => {
                let attrs = self.attr_dict()?;
                let mut maps = None;
                let mut iters = None;
                for (k, v, l) in &attrs {
                    match (k.as_str(), v) {
                        ("indexing_maps", Attr::List(items)) => {
                            let mut ms = Vec::new();
                            for it in items {
                                match it {
                                    Attr::Map(m) => ms.push(m.clone()),
                                    _ => {
                                        return self.error_at(
                                            l,
                                            "indexing_maps must be a list of affine maps".into(),
                                        )
                                    }
                                }
                            }
                            maps = Some(ms);
                        }
                        ("iterator_types", Attr::List(items)) => {
                            let mut its = Vec::new();
                            for it in items {
                                let s = match it {
                                    Attr::Str(s) | Attr::Other(s) => s.as_str(),
                                    _ => "",
                                };
                                its.push(match s {
                                    "parallel" => IteratorType::Parallel,
                                    "reduction" => IteratorType::Reduction,
                                    _ => {
                                        return self.error_at(
                                            l,
                                            "iterator types must be \"parallel\" or \"reduction\""
                                                .into(),
                                        )
                                    }
                                });
                            }
                            iters = Some(its);
                        }
                        ("indexing_maps" | "iterator_types", _) => {
                            return self.error_at(l, format!("{k} must be a list"))
                        }
                        _ => {}
                    }
                }
                let (Some(indexing_maps), Some(iterator_types)) = (maps, iters) else {
                    return self.error_at(
                        &name_loc,
                        "linalg.generic needs indexing_maps and iterator_types".into(),
                    );
                };
                let (operands, num_inputs) = self.ins_outs(scope)?;
                if self.eat_keyword("attrs") {
                    self.expect("=")?;
                    self.attr_dict()?;
                }
                let body = self.scalar_body(scope, true)?;
                let types = self.arrow_types()?;
                (
                    OpKind::Generic(Generic {
                        indexing_maps,
                        iterator_types,
                        num_inputs,
                        body,
                    }),
                    operands,
                    types,
                )
            }
            "tensor.pad" => {
                let x = self.use_value(scope)?;
                self.eat_keyword("nofold");
                self.expect_keyword("low")?;
                let low = self.uint_list()?;
                self.expect_keyword("high")?;
                let high = self.uint_list()?;
                self.expect("{")?;
                self.expect("^")?;
                self.ident("a block label")?;
                self.expect("(")?;
                if !self.eat(")") {
                    loop {
                        self.value_name()?;
                        self.expect(":")?;
                        self.expect_keyword("index")?;
                        if self.eat(")") {
                            break;
                        }
                        self.expect(",")?;
                    }
                }
                self.expect(":")?;
                self.expect_keyword("tensor.yield")?;
                let value = self.use_value(scope)?;
                self.expect(":")?;
                let vt = self.ty()?;
                self.check_operand_types(scope, &[value], &[vt], &name_loc)?;
                self.expect("}")?;
                self.expect(":")?;
                let src = self.ty()?;
                self.check_operand_types(scope, &[x], &[src], &name_loc)?;
                self.expect_keyword("to")?;
                let out = self.ty()?;
                (OpKind::Pad { low, high }, vec![x, value], vec![out])
            }
            "tensor.collapse_shape" | "tensor.expand_shape" => {
                let x = self.use_value(scope)?;
                self.expect("[")?;
                let mut groups = Vec::new();
                if !self.eat("]") {
                    loop {
                        groups.push(self.usize_list()?);
                        if self.eat("]") {
                            break;
                        }
                        self.expect(",")?;
                    }
                }
                let expand = op_name == "tensor.expand_shape";
                if expand && self.eat_keyword("output_shape") {
                    self.expect("[")?;
                    if !self.eat("]") {
                        loop {
                            if self.at("%") {
                                dynamic.push(self.use_index(scope)?);
                            } else if !self.eat("?") {
                                self.uint()?;
                            }
                            if self.eat("]") {
                                break;
                            }
                            self.expect(",")?;
                        }
                    }
                }
                symbol_attrs = self.attr_dict()?;
                self.expect(":")?;
                let src = self.ty()?;
                self.check_operand_types(scope, &[x], &[src], &name_loc)?;
                self.expect_keyword("into")?;
                let out = self.ty()?;
                let kind = if expand {
                    OpKind::ExpandShape {
                        reassociation: groups,
                    }
                } else {
                    OpKind::CollapseShape {
                        reassociation: groups,
                    }
                };
                (kind, vec![x], vec![out])
            }
            "tensor.extract_slice" => {
                let x = self.use_value(scope)?;
                let offsets = self.uint_list()?;
                let sizes = self.uint_list()?;
                let strides = self.uint_list()?;
                self.attr_dict()?;
                self.expect(":")?;
                let src = self.ty()?;
                self.check_operand_types(scope, &[x], &[src], &name_loc)?;
                self.expect_keyword("to")?;
                let out = self.ty()?;
                (
                    OpKind::ExtractSlice {
                        offsets,
                        sizes,
                        strides,
                    },
                    vec![x],
                    vec![out],
                )
            }
            "kiln.gather" | "kiln.gather_elements" => {
                self.expect_keyword("axis")?;
                self.expect("(")?;
                let axis = self.uint()? as usize;
                self.expect(")")?;
                let data = self.use_value(scope)?;
                self.expect(",")?;
                let indices = self.use_value(scope)?;
                self.expect(":")?;
                self.expect("(")?;
                let types = self.type_list()?;
                self.expect(")")?;
                self.check_operand_types(scope, &[data, indices], &types, &name_loc)?;
                let out = self.arrow_types()?;
                let kind = if op_name == "kiln.gather" {
                    OpKind::Gather { axis }
                } else {
                    OpKind::GatherElements { axis }
                };
                (kind, vec![data, indices], out)
            }
            "tensor.concat" => {
                self.expect_keyword("dim")?;
                self.expect("(")?;
                let d = self.uint()? as usize;
                self.expect(")")?;
                let mut vs = Vec::new();
                loop {
                    vs.push(self.use_value(scope)?);
                    if !self.eat(",") {
                        break;
                    }
                }
                self.expect(":")?;
                self.expect("(")?;
                let types = self.type_list()?;
                self.expect(")")?;
                self.check_operand_types(scope, &vs, &types, &name_loc)?;
                let out = self.arrow_types()?;
                (OpKind::Concat { dimension: d }, vs, out)
            }
            other => {
                let hint = if ScalarOp::from_name(other).is_some()
                    || other.starts_with("arith.")
                    || other.starts_with("math.")
                {
                    " (scalar arith/math ops are only allowed inside linalg.generic / linalg.reduce bodies)"
                } else {
                    ""
                };
                return self.error_at(&name_loc, format!("unsupported op '{other}'{hint}"));
            }
        };
        if written.len() != result_names.len() {
            return self.error_at(
                &loc,
                format!(
                    "'{op_name}' produces {} results, but {} names are bound",
                    written.len(),
                    result_names.len()
                ),
            );
        }
        // The ops whose result type is taken from the text get their symbolic dims named now.
        let declared: Vec<Type> = if matches!(
            kind,
            OpKind::Empty | OpKind::Constant(_) | OpKind::ExpandShape { .. }
        ) {
            let n = result_names.first().cloned().unwrap_or_default();
            vec![self.resolve_symbols(written[0].clone(), &symbol_attrs, &n, &loc, &dynamic)?]
        } else {
            written.clone()
        };
        self.skip_location()?;
        scope.builder.set_location(loc.clone());
        let results = match scope.builder.add_op(kind, operands, Some(declared)) {
            Ok(r) => r,
            Err(e) => return self.error_at(&loc, format!("'{op_name}': {}", e.message)),
        };
        for (i, (&r, t)) in results.iter().zip(&written).enumerate() {
            let have = scope.builder.value_type(r).clone();
            if !compatible(t, &have) {
                return self.error_at(&loc, format!("'{op_name}' result #{i} is written as {t}, but its inferred type is {have}"));
            }
        }
        for (n, r) in result_names.into_iter().zip(results) {
            if scope.values.insert(n.clone(), r).is_some() {
                return self.error_at(&loc, format!("redefinition of %{n}"));
            }
        }
        Ok(())
    }
}

fn pooling_from_name(name: &str) -> Option<(PoolKind, PoolLayout)> {
    for layout in [PoolLayout::Nhwc, PoolLayout::Nchw] {
        for kind in [PoolKind::Max, PoolKind::Min, PoolKind::Sum] {
            if (Pooling {
                kind,
                layout,
                strides: [1, 1],
                dilations: [1, 1],
            })
            .op_name()
                == name
            {
                return Some((kind, layout));
            }
        }
    }
    None
}

/// A written type agrees with an actual one: same rank and element type, equal static dims, and
/// `?` only where the actual dim is symbolic.
fn compatible(written: &Type, actual: &Type) -> bool {
    match (written, actual) {
        (Type::Scalar(a), Type::Scalar(b)) => a == b,
        (Type::Tensor(a), Type::Tensor(b)) => {
            a.dtype == b.dtype
                && a.rank() == b.rank()
                && a.shape.iter().zip(&b.shape).all(|(x, y)| match (x, y) {
                    (Dim::Static(p), Dim::Static(q)) => p == q,
                    (Dim::Symbol(s), Dim::Symbol(t)) => s == "?" || s == t,
                    _ => false,
                })
        }
        _ => false,
    }
}
