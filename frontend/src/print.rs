//! The MLIR-syntax printer: writes a [`Module`] in the custom syntax of `func`, `linalg`,
//! `tensor`, `arith` and `math`, the form `mlir-opt` prints, so the text also goes through
//! `mlir-opt` / `iree-compile` (for static shapes). Indexing maps become `#map`, `#map1`, ...
//! aliases at the top. Values are named `%argN` (arguments) and `%N` (everything else, body
//! values included, so names never shadow). Floats are printed with the shortest decimal that
//! reads back to the same value (non-finite ones as MLIR hex literals); dense constants of 256
//! or more elements (except i1) are printed as a little-endian hex blob, as MLIR does. Ops
//! imported from ONNX carry their node name as an MLIR name location, `loc("conv1")`.
//!
//! Symbolic dims print as `?`; their names are kept in a `kiln.symbols = ["N", ...]` attribute
//! (one name per `?`, in order) on function arguments. At the top of the body each symbol gets an
//! `index` value, `%dimK = tensor.dim %argI, %cJ`, and `tensor.empty(%dimK)` /
//! `tensor.expand_shape ... output_shape [%dimK, 4]` take their dynamic sizes from those, as MLIR
//! requires. A symbol that no argument carries falls back to a `kiln.symbols` attribute on the op
//! (kiln-only text; the importer and builder never produce one from arguments alone).

use std::collections::HashMap;
use std::fmt::Write;

use crate::syntax::*;

/// Prints a module as MLIR text.
pub fn print_mlir(module: &Module) -> String {
    let mut maps: Vec<AffineMap> = Vec::new();
    for f in &module.functions {
        for &op in &f.body {
            if let OpKind::Generic(g) = &f.ops[op].kind {
                for m in &g.indexing_maps {
                    if !maps.contains(m) {
                        maps.push(m.clone());
                    }
                }
            }
        }
    }
    let mut out = String::new();
    for (i, m) in maps.iter().enumerate() {
        let _ = writeln!(out, "{} = {}", map_alias(i), affine_map_text(m));
    }
    for f in &module.functions {
        if !out.is_empty() {
            out.push('\n');
        }
        FunctionPrinter {
            f,
            maps: &maps,
            names: HashMap::new(),
            symbol_values: HashMap::new(),
            next: 0,
            out: &mut out,
        }
        .print();
    }
    out
}

fn map_alias(i: usize) -> String {
    if i == 0 {
        "#map".to_string()
    } else {
        format!("#map{i}")
    }
}

/// `affine_map<(d0, d1) -> (d0 * 2 + d1)>`.
pub fn affine_map_text(m: &AffineMap) -> String {
    let dims: Vec<String> = (0..m.num_dims).map(|i| format!("d{i}")).collect();
    let mut s = format!("affine_map<({})", dims.join(", "));
    if m.num_symbols > 0 {
        let syms: Vec<String> = (0..m.num_symbols).map(|i| format!("s{i}")).collect();
        let _ = write!(s, "[{}]", syms.join(", "));
    }
    let results: Vec<String> = m.results.iter().map(affine_expr_text).collect();
    let _ = write!(s, " -> ({})>", results.join(", "));
    s
}

fn affine_expr_text(e: &AffineExpr) -> String {
    fn operand(e: &AffineExpr, parent_mul: bool, right: bool) -> String {
        let t = affine_expr_text(e);
        let needs = match e {
            AffineExpr::Add(..) => parent_mul || right,
            AffineExpr::Mul(..)
            | AffineExpr::FloorDiv(..)
            | AffineExpr::CeilDiv(..)
            | AffineExpr::Mod(..) => parent_mul && right,
            _ => false,
        };
        if needs {
            format!("({t})")
        } else {
            t
        }
    }
    match e {
        AffineExpr::Dim(i) => format!("d{i}"),
        AffineExpr::Symbol(i) => format!("s{i}"),
        AffineExpr::Constant(c) => c.to_string(),
        AffineExpr::Add(a, b) => {
            format!("{} + {}", operand(a, false, false), operand(b, false, true))
        }
        AffineExpr::Mul(a, b) => {
            format!("{} * {}", operand(a, true, false), operand(b, true, true))
        }
        AffineExpr::FloorDiv(a, b) => format!(
            "{} floordiv {}",
            operand(a, true, false),
            operand(b, true, true)
        ),
        AffineExpr::CeilDiv(a, b) => format!(
            "{} ceildiv {}",
            operand(a, true, false),
            operand(b, true, true)
        ),
        AffineExpr::Mod(a, b) => {
            format!("{} mod {}", operand(a, true, false), operand(b, true, true))
        }
    }
}

/// A float literal MLIR reads back to the same `dtype` value.
pub fn float_text(x: f64, dtype: DType) -> String {
    if !x.is_finite() {
        return match dtype {
            DType::F64 => format!("0x{:016X}", x.to_bits()),
            DType::F16 => format!("0x{:04X}", half::f16::from_f64(x).to_bits()),
            DType::BF16 => format!("0x{:04X}", half::bf16::from_f64(x).to_bits()),
            _ => format!("0x{:08X}", (x as f32).to_bits()),
        };
    }
    let s = if dtype == DType::F64 {
        format!("{x:e}")
    } else {
        format!("{:e}", x as f32)
    };
    let (mantissa, exponent) = s.split_once('e').unwrap_or((&s, "0"));
    let mantissa = if mantissa.contains('.') {
        mantissa.to_string()
    } else {
        format!("{mantissa}.0")
    };
    if exponent == "0" {
        mantissa
    } else {
        format!("{mantissa}e{exponent}")
    }
}

fn scalar_text(v: ScalarValue, dtype: DType) -> String {
    match v {
        ScalarValue::Float(x) => float_text(x, dtype),
        ScalarValue::Int(i) => i.to_string(),
        ScalarValue::Bool(b) => b.to_string(),
    }
}

/// `dense<...>` contents (without the type).
fn dense_text(data: &ElementsData, shape: &[u64]) -> String {
    let n = data.len();
    let dtype = data.dtype();
    if n >= 256 && dtype != DType::I1 {
        let mut hex = String::with_capacity(n * 8 + 4);
        hex.push_str("\"0x");
        const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
        let mut push = |bytes: &[u8]| {
            for &b in bytes {
                hex.push(DIGITS[(b >> 4) as usize] as char);
                hex.push(DIGITS[(b & 15) as usize] as char);
            }
        };
        match data {
            ElementsData::F64(v) => v.iter().for_each(|x| push(&x.to_le_bytes())),
            ElementsData::F32(v) => v.iter().for_each(|x| push(&x.to_le_bytes())),
            ElementsData::F16(v) => v.iter().for_each(|x| push(&x.to_le_bytes())),
            ElementsData::BF16(v) => v.iter().for_each(|x| push(&x.to_le_bytes())),
            ElementsData::I64(v) => v.iter().for_each(|x| push(&x.to_le_bytes())),
            ElementsData::I32(v) => v.iter().for_each(|x| push(&x.to_le_bytes())),
            ElementsData::I8(v) => v.iter().for_each(|x| push(&x.to_le_bytes())),
            ElementsData::I1(_) => {}
        }
        hex.push('"');
        return hex;
    }
    fn nest(data: &ElementsData, shape: &[u64], start: usize, out: &mut String) {
        if shape.is_empty() {
            out.push_str(&scalar_text(data.get(start), data.dtype()));
            return;
        }
        let inner: u64 = shape[1..].iter().product();
        out.push('[');
        for i in 0..shape[0] {
            if i > 0 {
                out.push_str(", ");
            }
            nest(data, &shape[1..], start + (i * inner) as usize, out);
        }
        out.push(']');
    }
    let mut s = String::new();
    nest(data, shape, 0, &mut s);
    s
}

/// The `kiln.symbols` names of a type's symbolic dims, if any.
fn symbol_names(ty: &Type) -> Option<Vec<&str>> {
    let t = ty.as_tensor()?;
    let names: Vec<&str> = t
        .shape
        .iter()
        .filter_map(|d| match d {
            Dim::Symbol(s) => Some(s.as_str()),
            Dim::Static(_) => None,
        })
        .collect();
    (!names.is_empty()).then_some(names)
}

fn symbols_attr(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    format!("kiln.symbols = [{}]", quoted.join(", "))
}

fn int_list(v: &[impl ToString]) -> String {
    let s: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("[{}]", s.join(", "))
}

fn i64_pair_attr(v: &[u64; 2]) -> String {
    if v[0] == v[1] {
        format!("dense<{}> : tensor<2xi64>", v[0])
    } else {
        format!("dense<[{}, {}]> : tensor<2xi64>", v[0], v[1])
    }
}

struct FunctionPrinter<'a> {
    f: &'a Function,
    maps: &'a [AffineMap],
    names: HashMap<ValueId, String>,
    /// The `index` SSA value (from `tensor.dim` of an argument) holding each symbolic dim.
    symbol_values: HashMap<String, String>,
    next: usize,
    out: &'a mut String,
}

impl FunctionPrinter<'_> {
    fn fresh(&mut self) -> String {
        let s = format!("%{}", self.next);
        self.next += 1;
        s
    }

    fn name(&self, v: ValueId) -> &str {
        self.names
            .get(&v)
            .map(String::as_str)
            .unwrap_or("%<undefined>")
    }

    fn ty(&self, v: ValueId) -> String {
        self.f.values[v].ty.to_string()
    }

    fn print(mut self) {
        let f = self.f;
        let mut args = Vec::new();
        for (i, &a) in f.arguments.iter().enumerate() {
            let name = format!("%arg{i}");
            let ty = &f.values[a].ty;
            let mut s = format!("{name}: {ty}");
            if let Some(names) = symbol_names(ty) {
                let _ = write!(s, " {{{}}}", symbols_attr(&names));
            }
            args.push(s);
            self.names.insert(a, name);
        }
        let results: Vec<String> = f.results.iter().map(|&r| self.ty(r)).collect();
        let results = match results.len() {
            0 => String::new(),
            1 => format!(" -> {}", results[0]),
            _ => format!(" -> ({})", results.join(", ")),
        };
        let _ = writeln!(
            self.out,
            "func.func @{}({}){} {{",
            f.name,
            args.join(", "),
            results
        );
        self.define_symbol_values();
        for &op in &f.body {
            self.op(op);
        }
        let names: Vec<String> = f
            .results
            .iter()
            .map(|&r| self.name(r).to_string())
            .collect();
        let types: Vec<String> = f.results.iter().map(|&r| self.ty(r)).collect();
        if names.is_empty() {
            self.out.push_str("  return\n");
        } else {
            let _ = writeln!(
                self.out,
                "  return {} : {}",
                names.join(", "),
                types.join(", ")
            );
        }
        self.out.push_str("}\n");
    }

    /// `%dimK = tensor.dim %argI, %cJ` for the first argument dim carrying each symbol, so that
    /// ops with symbolic result dims can name their dynamic sizes the MLIR way.
    fn define_symbol_values(&mut self) {
        let f = self.f;
        let mut constants: Vec<usize> = Vec::new();
        for (i, &a) in f.arguments.iter().enumerate() {
            let Type::Tensor(t) = &f.values[a].ty else {
                continue;
            };
            for (d, dim) in t.shape.iter().enumerate() {
                let Dim::Symbol(s) = dim else { continue };
                if self.symbol_values.contains_key(s) {
                    continue;
                }
                if !constants.contains(&d) {
                    let _ = writeln!(self.out, "  %c{d} = arith.constant {d} : index");
                    constants.push(d);
                }
                let name = format!("%dim{}", self.symbol_values.len());
                let _ = writeln!(self.out, "  {name} = tensor.dim %arg{i}, %c{d} : {t}");
                self.symbol_values.insert(s.clone(), name);
            }
        }
    }

    /// The SSA sizes of a type's symbolic dims, if every one has a `tensor.dim` value.
    fn dynamic_sizes(&self, ty: &Type) -> Option<Vec<String>> {
        let names = symbol_names(ty)?;
        names
            .iter()
            .map(|n| self.symbol_values.get(*n).cloned())
            .collect()
    }

    fn ins_outs(&self, operands: &[ValueId], num_inputs: usize) -> String {
        let group = |vs: &[ValueId]| -> String {
            let names: Vec<&str> = vs.iter().map(|&v| self.name(v)).collect();
            let types: Vec<String> = vs.iter().map(|&v| self.ty(v)).collect();
            format!("{} : {}", names.join(", "), types.join(", "))
        };
        let (ins, outs) = operands.split_at(num_inputs);
        if ins.is_empty() {
            format!("outs({})", group(outs))
        } else {
            format!("ins({}) outs({})", group(ins), group(outs))
        }
    }

    fn result_arrow(&self, results: &[ValueId]) -> String {
        let types: Vec<String> = results.iter().map(|&v| self.ty(v)).collect();
        if types.len() == 1 {
            format!(" -> {}", types[0])
        } else {
            format!(" -> ({})", types.join(", "))
        }
    }

    fn op(&mut self, op_id: OpId) {
        let op = &self.f.ops[op_id];
        // Results get their number before any body values, so numbers follow the text order.
        let result_name = self.fresh();
        let lhs = if op.results.len() == 1 {
            self.names.insert(op.results[0], result_name.clone());
            result_name.clone()
        } else {
            for (i, &r) in op.results.iter().enumerate() {
                self.names.insert(r, format!("{result_name}#{i}"));
            }
            format!("{result_name}:{}", op.results.len())
        };
        let name = op.kind.name();
        let o = &op.operands;
        let text = match &op.kind {
            OpKind::Constant(value) => {
                let ty = &self.f.values[op.results[0]].ty;
                let attrs = symbol_names(ty)
                    .map(|n| format!(" {{{}}}", symbols_attr(&n)))
                    .unwrap_or_default();
                match (value, ty) {
                    (ConstantValue::Splat(v), Type::Scalar(d)) => match v {
                        ScalarValue::Bool(b) => format!("{name} {b}{attrs}"),
                        _ => format!("{name} {} : {d}", scalar_text(*v, *d)),
                    },
                    (ConstantValue::Splat(v), Type::Tensor(t)) => {
                        format!("{name}{attrs} dense<{}> : {t}", scalar_text(*v, t.dtype))
                    }
                    (ConstantValue::Dense(data), Type::Tensor(t)) => {
                        let shape = t.static_shape().unwrap_or_default();
                        format!("{name} dense<{}> : {t}", dense_text(data, &shape))
                    }
                    (ConstantValue::Dense(_), Type::Scalar(_)) => {
                        format!("{name} <invalid dense scalar>")
                    }
                }
            }
            OpKind::Empty => {
                let ty = &self.f.values[op.results[0]].ty;
                match self.dynamic_sizes(ty) {
                    Some(sizes) => format!("{name}({}) : {ty}", sizes.join(", ")),
                    None => {
                        let attrs = symbol_names(ty)
                            .map(|n| format!(" {{{}}}", symbols_attr(&n)))
                            .unwrap_or_default();
                        format!("{name}(){attrs} : {ty}")
                    }
                }
            }
            OpKind::Fill | OpKind::Matmul | OpKind::BatchMatmul | OpKind::Matvec => {
                format!(
                    "{name} {}{}",
                    self.ins_outs(o, o.len() - 1),
                    self.result_arrow(&op.results)
                )
            }
            OpKind::Conv2d(c) => format!(
                "{name} {{dilations = {}, strides = {}}} {}{}",
                i64_pair_attr(&c.dilations),
                i64_pair_attr(&c.strides),
                self.ins_outs(o, 2),
                self.result_arrow(&op.results)
            ),
            OpKind::Pooling(p) => format!(
                "{name} {{dilations = {}, strides = {}}} {}{}",
                i64_pair_attr(&p.dilations),
                i64_pair_attr(&p.strides),
                self.ins_outs(o, 2),
                self.result_arrow(&op.results)
            ),
            OpKind::Transpose { permutation } => {
                format!(
                    "{name} {} permutation = {}",
                    self.ins_outs(o, 1),
                    int_list(permutation)
                )
            }
            OpKind::Broadcast { dimensions } => {
                format!(
                    "{name} {} dimensions = {}",
                    self.ins_outs(o, 1),
                    int_list(dimensions)
                )
            }
            OpKind::Softmax { dimension } => format!(
                "{name} dimension({dimension}) {}{}",
                self.ins_outs(o, 1),
                self.result_arrow(&op.results)
            ),
            OpKind::Reduce(r) => {
                let head = format!(
                    "{name} {} dimensions = {}",
                    self.ins_outs(o, 1),
                    int_list(&r.dimensions)
                );
                let body = self.body(&r.body, "    ", false);
                format!("{head}\n    {body}")
            }
            OpKind::Generic(g) => {
                let maps: Vec<String> = g
                    .indexing_maps
                    .iter()
                    .map(|m| map_alias(self.maps.iter().position(|x| x == m).unwrap_or(0)))
                    .collect();
                let iters: Vec<&str> = g
                    .iterator_types
                    .iter()
                    .map(|t| match t {
                        IteratorType::Parallel => "\"parallel\"",
                        IteratorType::Reduction => "\"reduction\"",
                    })
                    .collect();
                let body = self.body(&g.body, "  ", true);
                format!(
                    "{name} {{indexing_maps = [{}], iterator_types = [{}]}} {} {}{}",
                    maps.join(", "),
                    iters.join(", "),
                    self.ins_outs(o, g.num_inputs),
                    body,
                    self.result_arrow(&op.results)
                )
            }
            OpKind::Pad { low, high } => {
                let n = self.fresh();
                let idx: Vec<String> = (0..low.len())
                    .map(|i| format!("%pad{}_{i}: index", &n[1..]))
                    .collect();
                format!(
                    "{name} {} low{} high{} {{\n  ^bb0({}):\n    tensor.yield {} : {}\n  }} : {} to {}",
                    self.name(o[0]),
                    int_list(low),
                    int_list(high),
                    idx.join(", "),
                    self.name(o[1]),
                    self.ty(o[1]),
                    self.ty(o[0]),
                    self.ty(op.results[0])
                )
            }
            OpKind::CollapseShape { reassociation } => {
                let groups: Vec<String> = reassociation.iter().map(|g| int_list(g)).collect();
                format!(
                    "{name} {} [{}] : {} into {}",
                    self.name(o[0]),
                    groups.join(", "),
                    self.ty(o[0]),
                    self.ty(op.results[0])
                )
            }
            OpKind::ExpandShape { reassociation } => {
                let groups: Vec<String> = reassociation.iter().map(|g| int_list(g)).collect();
                let ty = &self.f.values[op.results[0]].ty;
                let dynamic = self.dynamic_sizes(ty);
                let mut k = 0;
                let shape: Vec<String> = ty
                    .as_tensor()
                    .map(|t| {
                        t.shape
                            .iter()
                            .map(|d| match (d, &dynamic) {
                                (Dim::Static(n), _) => n.to_string(),
                                (Dim::Symbol(_), Some(sizes)) => {
                                    k += 1;
                                    sizes[k - 1].clone()
                                }
                                (Dim::Symbol(_), None) => "?".to_string(),
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                let attrs = match dynamic {
                    Some(_) => String::new(),
                    None => symbol_names(ty)
                        .map(|n| format!(" {{{}}}", symbols_attr(&n)))
                        .unwrap_or_default(),
                };
                format!(
                    "{name} {} [{}] output_shape [{}]{attrs} : {} into {ty}",
                    self.name(o[0]),
                    groups.join(", "),
                    shape.join(", "),
                    self.ty(o[0]),
                )
            }
            OpKind::ExtractSlice {
                offsets,
                sizes,
                strides,
            } => format!(
                "{name} {}{} {} {} : {} to {}",
                self.name(o[0]),
                int_list(offsets),
                int_list(sizes),
                int_list(strides),
                self.ty(o[0]),
                self.ty(op.results[0])
            ),
            OpKind::Gather { axis } | OpKind::GatherElements { axis } => format!(
                "{name} axis({axis}) {}, {} : ({}, {}) -> {}",
                self.name(o[0]),
                self.name(o[1]),
                self.ty(o[0]),
                self.ty(o[1]),
                self.ty(op.results[0])
            ),
            OpKind::Concat { dimension } => {
                let names: Vec<&str> = o.iter().map(|&v| self.name(v)).collect();
                let types: Vec<String> = o.iter().map(|&v| self.ty(v)).collect();
                format!(
                    "{name} dim({dimension}) {} : ({}) -> {}",
                    names.join(", "),
                    types.join(", "),
                    self.ty(op.results[0])
                )
            }
        };
        // ONNX node names travel as MLIR name locations (the parser skips `loc(...)`).
        // A merged op's nodes as MLIR's fused location, `loc(fused["a", "b"])`.
        let node_name = |location: &Location| match location {
            Location::OnnxNode {
                name,
                op_type,
                index,
            } => {
                let n = if name.is_empty() {
                    format!("{op_type}#{index}")
                } else {
                    name.clone()
                };
                Some(format!("\"{}\"", n.replace(['"', '\\'], "_")))
            }
            _ => None,
        };
        let loc = match self.f.ops.location(op_id) {
            Location::Fused { locations } => {
                let names: Vec<String> = locations.iter().filter_map(node_name).collect();
                if names.is_empty() {
                    String::new()
                } else {
                    format!(" loc(fused[{}])", names.join(", "))
                }
            }
            location => node_name(location)
                .map(|n| format!(" loc({n})"))
                .unwrap_or_default(),
        };
        let _ = writeln!(self.out, "  {lhs} = {text}{loc}");
    }

    /// A scalar body: `{\n ^bb0(args):\n ops\n linalg.yield ..\n}` (generic) or
    /// `(args) {\n ops \n linalg.yield\n}` (reduce).
    fn body(&mut self, body: &ScalarBody, indent: &str, block_label: bool) -> String {
        let mut names: Vec<String> = Vec::new();
        let mut args = Vec::new();
        for d in &body.arguments {
            let n = self.fresh();
            args.push(format!("{n}: {d}"));
            names.push(n);
        }
        let mut inst_names: Vec<String> = Vec::new();
        let mut s = String::new();
        if block_label {
            let _ = writeln!(s, "{{\n{indent}^bb0({}):", args.join(", "));
        } else {
            let _ = writeln!(s, "({}) {{", args.join(", "));
        }
        let r = |x: &ScalarRef, inst_names: &[String], this: &Self| -> String {
            match *x {
                ScalarRef::Argument(i) => names[i as usize].clone(),
                ScalarRef::Instruction(i) => inst_names[i as usize].clone(),
                ScalarRef::Outer(v) => this.name(v).to_string(),
            }
        };
        let type_of = |x: &ScalarRef| -> DType {
            match *x {
                ScalarRef::Argument(i) => body.arguments[i as usize],
                ScalarRef::Instruction(i) => body.instructions[i as usize].ty,
                ScalarRef::Outer(v) => self.f.values[v].ty.dtype(),
            }
        };
        for inst in &body.instructions {
            let n = self.fresh();
            let ops: Vec<String> = inst
                .operands
                .iter()
                .map(|x| r(x, &inst_names, self))
                .collect();
            let ty = inst.ty;
            let name = inst.op.name();
            let text = match inst.op {
                ScalarOp::Constant(ScalarValue::Bool(b)) => format!("{name} {b}"),
                ScalarOp::Constant(v) => format!("{name} {} : {ty}", scalar_text(v, ty)),
                ScalarOp::CmpF(p) => format!(
                    "{name} {}, {} : {}",
                    p.name(),
                    ops.join(", "),
                    type_of(&inst.operands[0])
                ),
                ScalarOp::CmpI(p) => format!(
                    "{name} {}, {} : {}",
                    p.name(),
                    ops.join(", "),
                    type_of(&inst.operands[0])
                ),
                ScalarOp::Select => format!("{name} {} : {ty}", ops.join(", ")),
                op if op.class() == crate::ir::ScalarOpClass::Cast => {
                    format!("{name} {} : {} to {ty}", ops[0], type_of(&inst.operands[0]))
                }
                _ => format!("{name} {} : {ty}", ops.join(", ")),
            };
            let _ = writeln!(s, "{indent}  {n} = {text}");
            inst_names.push(n);
        }
        let ys: Vec<String> = body
            .yields
            .iter()
            .map(|x| r(x, &inst_names, self))
            .collect();
        let yt: Vec<String> = body.yields.iter().map(|x| type_of(x).to_string()).collect();
        let _ = writeln!(
            s,
            "{indent}  linalg.yield {} : {}",
            ys.join(", "),
            yt.join(", ")
        );
        let _ = write!(s, "{indent}}}");
        s
    }
}
