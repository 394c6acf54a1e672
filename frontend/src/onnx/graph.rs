//! Graph import: the checks before (every unsupported operator at once), the graph inputs
//! (symbolic dims fixed by [`ImportOptions`], inputs replaced by given values), the nodes in order
//! (each one folded when its inputs are all constants, `If` on a constant condition inlined), and
//! the outputs.

use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;

use super::context::{add_initializers, Entry, GraphWalker, Importer, NodeRef, Scope};
use super::elem_types;
use super::error::{ImportError, UnsupportedOp};
use super::proto::{self, tensor_proto::DataType, GraphProto, NodeProto};
use super::registry::{self, Handler, NodeHandler};
use super::tensor_data::onnx_type_name;
use crate::interp::{interpret_function, Tensor};
use crate::syntax::*;

/// What the importer fixes before it imports: values of symbolic dims, and graph inputs whose
/// values become constants (so that shapes computed from them fold).
#[derive(Clone, Debug, Default)]
pub struct ImportOptions {
    /// `dim_param` name (or `<input>_d<i>` for an unnamed unknown dim) -> size.
    pub dims: HashMap<String, u64>,
    /// Graph input name -> its value; the input is no longer an argument of `@main`.
    pub input_values: HashMap<String, Tensor>,
    /// Optional-typed graph inputs that hold no value (an empty optional): not arguments of
    /// `@main`; the nodes that read one see an omitted input.
    pub absent_inputs: std::collections::HashSet<String>,
}

/// Refuses a model with operators kiln cannot import, naming all of them at once (each distinct
/// operator with its first node and how many nodes use it), before anything is imported.
/// Subgraphs are searched too, except `If` branches: the chosen one is checked when it is
/// inlined.
pub(super) fn check_ops(
    graph: &GraphProto,
    opset: i64,
    domains: &HashMap<String, i64>,
) -> Result<(), ImportError> {
    fn walk(
        graph: &GraphProto,
        opset: i64,
        domains: &HashMap<String, i64>,
        found: &mut Vec<UnsupportedOp>,
    ) {
        for (index, node) in graph.node.iter().enumerate() {
            // An If's branches are checked when it is inlined: only the branch its condition
            // selects must import (exporters leave unsupported ops in the other one).
            if node.op_type.as_deref() != Some("If") {
                for a in &node.attribute {
                    for g in a.g.iter().chain(&a.graphs) {
                        walk(g, opset, domains, found);
                    }
                }
            }
            let op_type = node.op_type.clone().unwrap_or_default();
            let domain = node.domain.clone().unwrap_or_default();
            if registry::domain_op_at(&domain, &op_type, domains.get(&domain).copied()).is_some() {
                continue;
            }
            let (domain, domain_opset, reason) = if registry::is_default_domain(&domain) {
                match registry::selected_version(&op_type, opset) {
                    Ok(_) => continue,
                    Err(p) => ("ai.onnx".to_string(), opset, p.describe(&op_type, opset)),
                }
            } else {
                let v = domains.get(&domain).copied().unwrap_or(0);
                (domain, v, None)
            };
            if let Some(seen) = found
                .iter_mut()
                .find(|u| u.op_type == op_type && u.domain == domain && u.reason == reason)
            {
                seen.count += 1;
                continue;
            }
            found.push(UnsupportedOp {
                node: node
                    .name
                    .clone()
                    .filter(|n| !n.is_empty())
                    .unwrap_or_else(|| format!("#{index}")),
                op_type,
                domain,
                opset: domain_opset,
                count: 1,
                reason,
            });
        }
    }
    let mut found = Vec::new();
    walk(graph, opset, domains, &mut found);
    if found.is_empty() {
        Ok(())
    } else {
        Err(ImportError::UnsupportedOps { ops: found })
    }
}

pub(super) fn import_graph(
    graph: &GraphProto,
    opset: i64,
    domains: &HashMap<String, i64>,
    base_dir: Option<&Path>,
    options: &ImportOptions,
) -> Result<Function, ImportError> {
    let mut im = Importer::new("main", opset, base_dir);
    let mut env: HashMap<String, Entry> = HashMap::new();
    add_initializers(graph, base_dir, &mut env, &mut im.elem_types)?;
    let mut input_names = std::collections::HashSet::new();
    if !graph.sparse_initializer.is_empty() {
        return Err(ImportError::Graph(
            "sparse initializers are not supported".into(),
        ));
    }
    let mut symbols = Vec::new();
    for input in &graph.input {
        let name = input.name.clone().unwrap_or_default();
        if !input_names.insert(name.clone()) {
            return Err(ImportError::Graph(format!(
                "input '{name}' is listed twice"
            )));
        }
        if env.contains_key(&name) {
            continue; // An initializer with a default value: kiln treats it as a constant.
        }
        graph_input(&mut im, &mut env, &mut symbols, input, name, options)?;
    }
    for name in options.dims.keys() {
        if !symbols.contains(name) {
            symbols.sort();
            symbols.dedup();
            let known = if symbols.is_empty() {
                "the model has no symbolic dims".to_string()
            } else {
                format!("the model's symbolic dims: {}", symbols.join(", "))
            };
            return Err(ImportError::Graph(format!(
                "a value is given for dim '{name}', but no input has a dim of that name ({known})"
            )));
        }
    }
    for name in options.input_values.keys() {
        if !input_names.contains(name) {
            return Err(ImportError::Graph(format!(
                "a value is given for input '{name}', but the graph has no input of that name"
            )));
        }
    }
    let scope = Scope {
        graph,
        opset,
        domains,
        base_dir,
        parent: None,
        walker: GraphWalker {
            check_ops,
            import_nodes,
        },
    };
    import_nodes(&mut im, &mut env, &scope)?;
    let results = graph_results(&mut im, &env, graph)?;
    Ok(im.b.finish(results)?)
}

/// Binds graph input `input` (named `name`, not an initializer): an argument of `@main` with its
/// dims (symbolic ones fixed by `options`, their names added to `symbols`), a constant when
/// `options` gives its value, or an omitted input when it is an empty optional.
fn graph_input(
    im: &mut Importer,
    env: &mut HashMap<String, Entry>,
    symbols: &mut Vec<String>,
    input: &proto::ValueInfoProto,
    name: String,
    options: &ImportOptions,
) -> Result<(), ImportError> {
    let fail = |m: String| ImportError::Graph(format!("input '{name}': {m}"));
    let (tt, optional) = match tensor_type(input) {
        Some(t) => t,
        None => {
            let kind = match input.r#type.as_ref().and_then(|t| t.value.as_ref()) {
                Some(proto::type_proto::Value::OptionalType(_)) => {
                    "optional-typed graph inputs of non-tensor elements are not supported \
                     (only tensors and optional tensors)"
                }
                Some(proto::type_proto::Value::SequenceType(_)) => {
                    "sequence-typed graph inputs are not supported (only tensor inputs)"
                }
                Some(proto::type_proto::Value::MapType(_)) => {
                    "map-typed graph inputs are not supported (only tensor inputs)"
                }
                Some(_) => "non-tensor graph inputs are not supported (only tensor inputs)",
                None => "the input has no type (only tensor inputs are supported)",
            };
            return Err(fail(kind.into()));
        }
    };
    if options.absent_inputs.contains(&name) {
        if !optional {
            return Err(fail(
                "given no value, but only an optional-typed input may be empty".into(),
            ));
        }
        im.absent_inputs.insert(name);
        return Ok(());
    }
    let code = tt.elem_type.unwrap_or(0);
    // Types without a DType of their own are held in a wider one (`elem_types.rs`).
    let elem = elem_types::elem_type(code).ok();
    let (elem, dtype) = elem
        .and_then(|e| Some((e, elem_types::held_dtype(e)?)))
        .ok_or_else(|| fail(format!("unsupported element type {}", onnx_type_name(code))))?;
    im.elem_types.insert(name.clone(), elem);
    let shape_proto = tt
        .shape
        .as_ref()
        .ok_or_else(|| fail("the input has no shape (rank unknown)".into()))?;
    let mut shape = Vec::new();
    for (i, d) in shape_proto.dim.iter().enumerate() {
        use proto::tensor_shape_proto::dimension::Value;
        let symbol = match &d.value {
            // -1 is how some exporters (paddle2onnx) write an unknown dim.
            Some(Value::DimValue(n)) if *n < -1 => {
                return Err(fail(format!("dim {i} is negative ({n})")))
            }
            Some(Value::DimValue(n)) if *n >= 0 => {
                shape.push(Dim::Static(*n as u64));
                continue;
            }
            // "?" (paddle2onnx) is an unknown dim, not one name shared by every such dim.
            Some(Value::DimParam(p)) if !p.is_empty() && p != "?" => p.replace([',', '"'], "_"),
            _ => format!("{}_d{i}", name.replace([',', '"'], "_")),
        };
        symbols.push(symbol.clone());
        shape.push(match options.dims.get(&symbol) {
            Some(&n) => Dim::Static(n),
            None => Dim::Symbol(symbol),
        });
    }
    if let Some(value) = options.input_values.get(&name) {
        // A value read from a wider file (bfloat16 from float32) is held as the input's
        // type when every element is one of its values.
        let mut value = value.clone();
        if value.dtype != dtype && value.data.iter().all(|&v| elem_types::holds(elem, v)) {
            value.dtype = dtype;
        }
        let fits = value.dtype == dtype
            && value.shape().len() == shape.len()
            && value
                .shape()
                .iter()
                .zip(&shape)
                .all(|(&n, d)| d.as_static().is_none_or(|s| s == n as u64));
        if !fits {
            let dims: Vec<String> = shape.iter().map(ToString::to_string).collect();
            return Err(fail(format!(
                "the given value is {} of shape {:?}, the input is {dtype} [{}]",
                value.dtype,
                value.shape(),
                dims.join(", ")
            )));
        }
        env.insert(name, Entry::Const(Rc::new(value)));
        return Ok(());
    }
    let v = im.b.argument(Type::Tensor(TensorType::new(shape, dtype)));
    env.insert(name, Entry::Value(v));
    Ok(())
}

/// The results of `@main`: the graph outputs' values, each copied where it is a graph input, a
/// constant or an output already returned.
fn graph_results(
    im: &mut Importer,
    env: &HashMap<String, Entry>,
    graph: &GraphProto,
) -> Result<Vec<ValueId>, ImportError> {
    let mut results = Vec::new();
    for out in &graph.output {
        let name = out.name.clone().unwrap_or_default();
        let e = env
            .get(&name)
            .cloned()
            .ok_or_else(|| ImportError::Graph(format!("output '{name}' is never computed")))?;
        let mut v = im.value(&e).map_err(ImportError::Graph)?;
        // An output that is a graph input or a constant (an Identity-only model), or that is
        // returned twice, gets a copy, so that a dispatch writes each output buffer.
        let f = im.b.function();
        let passed_through = match f.values[v].def {
            ValueDef::Argument(_) => true,
            ValueDef::OpResult { op, .. } => matches!(f.ops[op].kind, OpKind::Constant(_)),
        };
        if passed_through || results.contains(&v) {
            if let Type::Tensor(t) = &f.values[v].ty {
                let dtype = t.dtype;
                v =
                    im.b.elementwise_with(&[v], dtype, |_, a| a[0])
                        .map_err(|e| ImportError::Graph(format!("output '{name}': {e}")))?;
            }
        }
        results.push(v);
    }
    Ok(results)
}

/// Imports the nodes of `scope.graph` in order, reading and writing `env`.
pub(super) fn import_nodes(
    im: &mut Importer,
    env: &mut HashMap<String, Entry>,
    scope: &Scope,
) -> Result<(), ImportError> {
    let opset = scope.opset;
    for (index, node) in scope.graph.node.iter().enumerate() {
        let op_type = node.op_type.clone().unwrap_or_default();
        let node_name = node
            .name
            .clone()
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| format!("#{index}"));
        let err = |message: String| ImportError::Node {
            node: node_name.clone(),
            op_type: op_type.clone(),
            opset,
            message,
        };
        // `check_ops` refused unknown ops already; this guards subgraphs reached another way.
        let domain = node.domain.clone().unwrap_or_default();
        let def = if registry::is_default_domain(&domain) {
            registry::default_op(&op_type)
        } else {
            registry::domain_op_at(&domain, &op_type, scope.domains.get(&domain).copied())
        };
        let Some(def) = def else {
            return Err(err("unsupported op".into()));
        };
        check_attribute_types(node, &op_type).map_err(err)?;
        let mut inputs = Vec::new();
        for name in &node.input {
            if name.is_empty() || im.absent_inputs.contains(name) {
                inputs.push(None);
            } else {
                inputs.push(Some(env.get(name).cloned().ok_or_else(|| {
                    err(format!("input '{name}' is not defined before this node"))
                })?));
            }
        }
        let num_outputs = node
            .output
            .iter()
            .rposition(|o| !o.is_empty())
            .map_or(0, |i| i + 1);
        let input_types = node
            .input
            .iter()
            .map(|name| im.elem_types.get(name).copied())
            .collect();
        let n = NodeRef {
            proto: node,
            op_type: &op_type,
            inputs,
            input_types,
            num_outputs,
            needs_constant: std::cell::Cell::new(None),
        };
        im.b.set_location(Location::OnnxNode {
            name: node.name.clone().unwrap_or_default(),
            op_type: op_type.clone(),
            index,
        });
        let all_const = n
            .inputs
            .iter()
            .flatten()
            .all(|e| matches!(e, Entry::Const(_)))
            && !n.inputs.is_empty();
        let outputs = match def.handler {
            Handler::Subgraph(handler) => handler(im, env, scope, &n),
            Handler::Node(handler) if all_const => {
                fold(&n, handler, opset, scope.base_dir).map_err(err)
            }
            Handler::Node(handler) => handler(im, &n).map_err(|message| {
                match n.needs_constant.get().and_then(|i| node.input.get(i)) {
                    Some(name) => {
                        let inputs = scope.graph_inputs_feeding(name);
                        if inputs.is_empty() {
                            err(message)
                        } else {
                            ImportError::InputValueNeeded {
                                node: node_name.clone(),
                                op_type: op_type.clone(),
                                opset,
                                message,
                                inputs,
                            }
                        }
                    }
                    None => err(message),
                }
            }),
        }?;
        for (i, name) in node.output.iter().enumerate() {
            if name.is_empty() {
                continue;
            }
            let mut e = outputs
                .get(i)
                .cloned()
                .ok_or_else(|| err(format!("output #{i} ('{name}') is not supported")))?;
            if op_type != "If" {
                let (t, narrowed) = narrow_result(im, &n, i, e).map_err(err)?;
                e = narrowed;
                im.elem_types.insert(name.clone(), t);
            }
            // SSA: a name is written once (ONNX's checker refuses a second writer; kiln let the
            // last one win).
            if env.insert(name.clone(), e).is_some() {
                return Err(err(format!(
                    "output '{name}' is already defined (by a graph input, an initializer or an \
                     earlier node)"
                )));
            }
        }
    }
    Ok(())
}

/// The attribute types the importer reads, by attribute name (the same in every supported op,
/// except `value`: a tensor in Constant / ConstantOfShape, a float in Pad before opset 11).
fn expected_attribute_type(
    op_type: &str,
    name: &str,
) -> Option<proto::attribute_proto::AttributeType> {
    use proto::attribute_proto::AttributeType as T;
    Some(match name {
        "start"
        | "end"
        | "to"
        | "axis"
        | "allowzero"
        | "transA"
        | "transB"
        | "group"
        | "ceil_mode"
        | "storage_order"
        | "count_include_pad"
        | "keepdims"
        | "noop_with_empty_axes"
        | "training_mode"
        | "size"
        | "value_int"
        | "stash_type"
        | "num_outputs"
        | "exclude_outside"
        | "antialias" => T::Int,
        "alpha"
        | "beta"
        | "gamma"
        | "min"
        | "max"
        | "epsilon"
        | "bias"
        | "value_float"
        | "cubic_coeff_a"
        | "extrapolation_value" => T::Float,
        "shape" | "axes" | "perm" | "pads" | "strides" | "dilations" | "kernel_shape"
        | "value_ints" | "starts" | "ends" | "split" => T::Ints,
        "value_floats" => T::Floats,
        "mode"
        | "auto_pad"
        | "approximate"
        | "coordinate_transformation_mode"
        | "nearest_mode"
        | "keep_aspect_ratio_policy" => T::String,
        "value" if op_type == "Pad" => T::Float,
        "value" => T::Tensor,
        _ => return None,
    })
}

/// Refuses an attribute whose type is not the one the importer reads (a FLOAT Softmax `axis`
/// or a STRING Gemm `transB` was silently replaced by the default).
fn check_attribute_types(node: &NodeProto, op_type: &str) -> Result<(), String> {
    use proto::attribute_proto::AttributeType as T;
    for a in &node.attribute {
        let name = a.name.as_deref().unwrap_or_default();
        let Some(want) = expected_attribute_type(op_type, name) else {
            continue;
        };
        // The declared type, or (for writers that leave it out) the one the payload implies.
        let have = match a.r#type.and_then(|t| T::try_from(t).ok()) {
            Some(t) if t != T::Undefined => t,
            _ if a.i.is_some() => T::Int,
            _ if a.f.is_some() => T::Float,
            _ if a.s.is_some() => T::String,
            _ if a.t.is_some() => T::Tensor,
            _ if !a.floats.is_empty() => T::Floats,
            _ => T::Ints,
        };
        let present = match want {
            T::Int => a.i.is_some() || a.r#type.is_some(),
            T::Float => a.f.is_some() || a.r#type.is_some(),
            T::String => a.s.is_some(),
            T::Tensor => a.t.is_some(),
            _ => true,
        };
        if have != want || !present {
            return Err(format!(
                "attribute '{name}' must be {}, found {}",
                want.as_str_name(),
                have.as_str_name()
            ));
        }
    }
    Ok(())
}

/// The ONNX element type of result `i` of node `n`, and the result brought into that type's
/// values where the op may have left them (a uint16 Add wraps modulo 2^16, a float8 result
/// rounds onto its grid): `elem_types.rs`.
fn narrow_result(
    im: &mut Importer,
    n: &NodeRef,
    i: usize,
    e: Entry,
) -> Result<(DataType, Entry), String> {
    let held = im.ty(&e).dtype;
    let t = elem_types::result_type(n.op_type, i, held, &n.input_types, &|a| {
        n.attr(a).and_then(|a| a.i)
    });
    if !elem_types::needs_narrowing(t) || !elem_types::ARITHMETIC.contains(&n.op_type) {
        return Ok((t, e));
    }
    let e = match e {
        Entry::Const(c) => {
            let data = c.data.mapv(|v| elem_types::narrow_value(v, t));
            Entry::Const(Rc::new(crate::interp::Tensor::new(c.dtype, data)))
        }
        Entry::Value(v) => {
            let mut narrowed = None;
            let r = im.b.elementwise_with(&[v], held, |b, a| {
                narrowed = elem_types::narrow_body(b, a[0], t);
                narrowed.unwrap_or(a[0])
            });
            match narrowed {
                Some(_) => Entry::Value(r.map_err(|e| e.message)?),
                None => Entry::Value(v),
            }
        }
    };
    Ok((t, e))
}

/// Imports a node whose inputs are all constants into a scratch function and runs it.
fn fold(
    n: &NodeRef,
    handler: NodeHandler,
    opset: i64,
    base_dir: Option<&Path>,
) -> Result<Vec<Entry>, String> {
    let mut scratch = Importer::new("fold", opset, base_dir);
    let outputs = handler(&mut scratch, n)?;
    if outputs.iter().all(|e| matches!(e, Entry::Const(_))) {
        return Ok(outputs);
    }
    let mut values = Vec::new();
    for e in &outputs {
        values.push(scratch.value(e)?);
    }
    let f = scratch.b.finish(values).map_err(|e| e.to_string())?;
    let results =
        interpret_function(&f, &[]).map_err(|e| format!("constant folding failed: {e}"))?;
    Ok(results
        .into_iter()
        .map(|t| Entry::Const(Rc::new(t)))
        .collect())
}

/// The inputs of `graph` that become arguments (initializers excluded), in order, with their dims
/// as the importer names them (a symbolic dim by its `dim_param`, else `<input>_d<i>`); an input
/// without a tensor shape has no dims listed.
pub(super) fn argument_inputs(graph: &GraphProto) -> Vec<(String, Vec<Dim>)> {
    let initializers: std::collections::HashSet<&str> = graph
        .initializer
        .iter()
        .filter_map(|i| i.name.as_deref())
        .collect();
    graph
        .input
        .iter()
        .filter(|i| !initializers.contains(i.name.as_deref().unwrap_or_default()))
        .map(named_dims)
        .collect()
}

/// The graph outputs of `graph`, in order, with their declared dims named as
/// [`argument_inputs`] names them.
pub(super) fn graph_outputs(graph: &GraphProto) -> Vec<(String, Vec<Dim>)> {
    graph.output.iter().map(named_dims).collect()
}

/// A graph input's or output's name and declared dims: symbolic dims by their `dim_param`, an
/// unnamed unknown dim as `<name>_d<i>`; no dims where no tensor type is declared.
fn named_dims(v: &proto::ValueInfoProto) -> (String, Vec<Dim>) {
    use proto::tensor_shape_proto::dimension::Value;
    let name = v.name.clone().unwrap_or_default();
    let dims = match tensor_type(v) {
        Some((tt, _)) => tt
            .shape
            .iter()
            .flat_map(|s| s.dim.iter())
            .enumerate()
            .map(|(i, d)| match &d.value {
                Some(Value::DimValue(n)) if *n >= 0 => Dim::Static(*n as u64),
                Some(Value::DimParam(p)) if !p.is_empty() && p != "?" => {
                    Dim::Symbol(p.replace([',', '"'], "_"))
                }
                _ => Dim::Symbol(format!("{}_d{i}", name.replace([',', '"'], "_"))),
            })
            .collect(),
        None => vec![],
    };
    (name, dims)
}

/// The tensor type of a graph input or output, also inside an optional type (the flag): kiln
/// takes an optional tensor that holds a value as that tensor.
pub(super) fn tensor_type(v: &proto::ValueInfoProto) -> Option<(&proto::type_proto::Tensor, bool)> {
    use proto::type_proto::Value;
    match v.r#type.as_ref()?.value.as_ref()? {
        Value::TensorType(tt) => Some((tt, false)),
        Value::OptionalType(o) => match o.elem_type.as_ref()?.value.as_ref()? {
            Value::TensorType(tt) => Some((tt, true)),
            _ => None,
        },
        _ => None,
    }
}
