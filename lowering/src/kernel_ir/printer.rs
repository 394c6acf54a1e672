//! Text form of the kernel IR, for goldens, `--print-ir-after` and `kiln opt` (`parser.rs` reads
//! it back).

use super::syntax::*;
use std::fmt::Write;

pub fn scalar_name(ty: ScalarType) -> &'static str {
    match ty {
        ScalarType::Bool => "i1",
        ScalarType::I8 => "i8",
        ScalarType::I16 => "i16",
        ScalarType::I32 => "i32",
        ScalarType::I64 => "i64",
        ScalarType::F16 => "f16",
        ScalarType::BF16 => "bf16",
        ScalarType::F32 => "f32",
        ScalarType::F64 => "f64",
        ScalarType::Index => "index",
    }
}

pub fn type_name(ty: Type) -> String {
    match ty {
        Type::Scalar(s) => scalar_name(s).to_string(),
        Type::Vector(s, w) => format!("vector<{w}x{}>", scalar_name(s)),
        Type::Matrix(m) => matrix_name(m),
    }
}

pub fn matrix_name(m: MatrixType) -> String {
    let usage = match m.usage {
        MatrixUse::A => "a",
        MatrixUse::B => "b",
        MatrixUse::Accumulator => "acc",
    };
    // Subgroup scope prints as before (existing goldens); workgroup scope says so.
    let scope = match m.scope {
        MatrixScope::Subgroup => "",
        MatrixScope::Workgroup => ", workgroup",
    };
    format!(
        "coopmat<{}x{}x{}, {usage}{scope}>",
        m.rows,
        m.columns,
        scalar_name(m.element)
    )
}

fn list<T>(items: &[T], f: impl Fn(&T) -> String) -> String {
    items.iter().map(f).collect::<Vec<_>>().join(", ")
}

/// One op of `kernel` as [`print_kernel`] writes it (after `%N = `), for diagnostics.
pub fn op_text(kernel: &Kernel, op: &Op) -> String {
    Printer { kernel }.op(op)
}

pub fn print_kernel(kernel: &Kernel) -> String {
    let mut out = String::new();
    let p = Printer { kernel };
    let _ = writeln!(
        out,
        "kernel @{} local_size [{}] workgroup_count [{}]{}{} {{",
        kernel.name,
        list(&kernel.local_size, |v| v.to_string()),
        list(&kernel.workgroup_count, |v| v.to_string()),
        kernel
            .required_subgroup_size
            .map(|s| format!(" subgroup_size {s}"))
            .unwrap_or_default(),
        kernel
            .run_when
            .as_ref()
            .map(|r| format!(" when {r}"))
            .unwrap_or_default()
    );
    for (i, b) in kernel.bindings.iter().enumerate() {
        let access = match b.access {
            Access::ReadOnly => "readonly",
            Access::WriteOnly => "writeonly",
            Access::ReadWrite => "readwrite",
        };
        let _ = writeln!(
            out,
            "  binding #{i} = set {} binding {} {access} {} buffer {} \"{}\"{}",
            b.set,
            b.binding,
            scalar_name(b.element),
            b.buffer,
            b.name,
            if b.by_address { " by_address" } else { "" }
        );
    }
    for (i, v) in kernel.views.iter().enumerate() {
        let _ = writeln!(
            out,
            "  view @v{i} = #{} offset {} shape [{}] strides [{}]",
            v.binding.0,
            v.offset,
            list(&v.shape, |s| s.to_string()),
            list(&v.strides, |s| s.to_string())
        );
    }
    for (i, pc) in kernel.push_constants.iter().enumerate() {
        let _ = writeln!(out, "  push_constant @pc{i} \"{}\" = {}", pc.name, pc.value);
    }
    for (h, a) in kernel.allocations.iter() {
        let storage = match a.storage {
            StorageClass::Function => "function",
            StorageClass::Workgroup => "workgroup",
        };
        let element = match a.matrix {
            Some(m) => matrix_name(m),
            None => scalar_name(a.element).to_string(),
        };
        let _ = writeln!(
            out,
            "  alloc @a{} = {storage} {element}[{}] \"{}\"",
            h.index(),
            a.len,
            a.name
        );
    }
    p.block(&mut out, &kernel.body, 1);
    out.push_str("}\n");
    out
}

struct Printer<'a> {
    kernel: &'a Kernel,
}

impl Printer<'_> {
    fn v(&self, value: Value) -> String {
        match self
            .kernel
            .values
            .get(value)
            .and_then(|i| i.name.as_deref())
        {
            Some(name) => format!("%{name}{}", value.index()),
            None => format!("%{}", value.index()),
        }
    }
    fn vs(&self, values: &[Value]) -> String {
        list(values, |v| self.v(*v))
    }
    fn ty(&self, value: Value) -> String {
        self.kernel
            .values
            .get(value)
            .map(|i| type_name(i.ty))
            .unwrap_or_else(|| "<bad>".into())
    }
    fn place_name(&self, place: &Place) -> String {
        match place {
            Place::View(v) => format!("@v{}", v.0),
            Place::Allocation(a) => format!("@a{}", a.index()),
        }
    }
    fn place(&self, place: &Place, indices: &[Value]) -> String {
        match place {
            Place::View(v) => format!("@v{}[{}]", v.0, self.vs(indices)),
            Place::Allocation(a) => format!("@a{}[{}]", a.index(), self.vs(indices)),
        }
    }

    fn block(&self, out: &mut String, block: &Block, depth: usize) {
        for stmt in &block.stmts {
            self.stmt(out, stmt, depth);
        }
    }

    fn stmt(&self, out: &mut String, stmt: &Stmt, depth: usize) {
        let pad = "  ".repeat(depth);
        match stmt {
            Stmt::Let { result, op } => {
                let _ = writeln!(
                    out,
                    "{pad}{} = {} : {}",
                    self.v(*result),
                    self.op(op),
                    self.ty(*result)
                );
            }
            Stmt::Store {
                place,
                indices,
                value,
            } => {
                let _ = writeln!(
                    out,
                    "{pad}store {}, {}",
                    self.place(place, indices),
                    self.v(*value)
                );
            }
            Stmt::Parallel {
                marker,
                ivs,
                upper,
                body,
            } => {
                let m = match marker {
                    ParallelMarker::Workgroup => "workgroup",
                    ParallelMarker::Local => "local",
                    ParallelMarker::Untiled => "untiled",
                };
                let _ = writeln!(
                    out,
                    "{pad}parallel {m} ({}) < ({}) {{",
                    self.vs(ivs),
                    self.vs(upper)
                );
                self.block(out, body, depth + 1);
                let _ = writeln!(out, "{pad}}}");
            }
            Stmt::For {
                iv,
                lower,
                upper,
                step,
                body,
            } => {
                let _ = writeln!(
                    out,
                    "{pad}for {} = {} to {} step {} {{",
                    self.v(*iv),
                    self.v(*lower),
                    self.v(*upper),
                    self.v(*step)
                );
                self.block(out, body, depth + 1);
                let _ = writeln!(out, "{pad}}}");
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => {
                let _ = writeln!(out, "{pad}if {} {{", self.v(*cond));
                self.block(out, then_block, depth + 1);
                if !else_block.stmts.is_empty() {
                    let _ = writeln!(out, "{pad}}} else {{");
                    self.block(out, else_block, depth + 1);
                }
                let _ = writeln!(out, "{pad}}}");
            }
            Stmt::Barrier => {
                let _ = writeln!(out, "{pad}control_barrier workgroup");
            }
            Stmt::MatrixStore {
                place,
                offset,
                stride,
                value,
            } => {
                let _ = writeln!(
                    out,
                    "{pad}matrix_store {}, {}[{} + row * {}]",
                    self.v(*value),
                    self.place_name(place),
                    self.v(*offset),
                    self.v(*stride)
                );
            }
            Stmt::MatrixStoreTensor(store) => {
                let limits = store.limits.map_or(String::new(), |[rows, columns]| {
                    format!(" limits({}, {})", self.v(rows), self.v(columns))
                });
                let _ = writeln!(
                    out,
                    "{pad}matrix_store_tensor {}, {}{limits}",
                    self.v(store.value),
                    self.tensor_window(
                        store.view,
                        &store.batch,
                        store.row0,
                        store.col0,
                        store.in_bounds
                    )
                );
            }
            Stmt::MatrixMap(map) => {
                let _ = writeln!(
                    out,
                    "{pad}{} = matrix_map {} ({}, {}, {}) {{",
                    self.v(map.result),
                    self.v(map.matrix),
                    self.v(map.row),
                    self.v(map.column),
                    self.v(map.element)
                );
                self.block(out, &map.body, depth + 1);
                let _ = writeln!(out, "{pad}  yield {}", self.v(map.yielded));
                let _ = writeln!(out, "{pad}}} : {}", self.ty(map.result));
            }
        }
    }

    /// `@v1[batch.., row0.., col0..]` plus `in_bounds` when the window needs no clamping.
    fn tensor_window(
        &self,
        view: ViewId,
        batch: &[Value],
        row0: Value,
        col0: Value,
        in_bounds: bool,
    ) -> String {
        let mut indices: Vec<String> = batch.iter().map(|&v| self.v(v)).collect();
        indices.push(format!("{}..", self.v(row0)));
        indices.push(format!("{}..", self.v(col0)));
        format!(
            "@v{}[{}]{}",
            view.0,
            indices.join(", "),
            if in_bounds { " in_bounds" } else { "" }
        )
    }

    fn op(&self, op: &Op) -> String {
        match op {
            Op::Constant(Literal::Bool(b)) => format!("constant {b}"),
            Op::Constant(Literal::Int(i)) => format!("constant {i}"),
            Op::Constant(Literal::Float(f)) => format!("constant {f:?}"),
            Op::Builtin { builtin, dim } => {
                let name = match builtin {
                    Builtin::GlobalInvocationId => "global_invocation_id",
                    Builtin::WorkgroupId => "workgroup_id",
                    Builtin::LocalInvocationId => "local_invocation_id",
                    Builtin::NumWorkgroups => "num_workgroups",
                    Builtin::SubgroupLocalInvocationId => "subgroup_local_invocation_id",
                    Builtin::SubgroupId => "subgroup_id",
                    Builtin::NumSubgroups => "num_subgroups",
                    Builtin::SubgroupSize => "subgroup_size",
                };
                if builtin.is_vector() {
                    format!(
                        "{name}.{}",
                        ["x", "y", "z"].get(*dim as usize).unwrap_or(&"?")
                    )
                } else {
                    name.to_string()
                }
            }
            Op::PushConstant(id) => format!("push_constant @pc{}", id.0),
            Op::Unary { op, arg } => {
                format!("{} {}", format!("{op:?}").to_lowercase(), self.v(*arg))
            }
            Op::Binary { op, lhs, rhs } => {
                format!(
                    "{} {}, {}",
                    format!("{op:?}").to_lowercase(),
                    self.v(*lhs),
                    self.v(*rhs)
                )
            }
            Op::Compare { op, lhs, rhs } => {
                format!(
                    "cmp {} {}, {}",
                    format!("{op:?}").to_lowercase(),
                    self.v(*lhs),
                    self.v(*rhs)
                )
            }
            Op::Select {
                cond,
                on_true,
                on_false,
            } => {
                format!(
                    "select {}, {}, {}",
                    self.v(*cond),
                    self.v(*on_true),
                    self.v(*on_false)
                )
            }
            Op::Cast { arg } => format!("cast {} : {}", self.v(*arg), self.ty(*arg)),
            Op::Bitcast { arg } => format!("bitcast {} : {}", self.v(*arg), self.ty(*arg)),
            Op::Load { place, indices } => format!("load {}", self.place(place, indices)),
            Op::Splat { arg } => format!("splat {}", self.v(*arg)),
            Op::Extract { vector, lane } => format!("extract {}[{lane}]", self.v(*vector)),
            Op::SubgroupBroadcast { arg, lane } => {
                format!("subgroup_broadcast {} from {lane}", self.v(*arg))
            }
            Op::SubgroupReduce { op, arg } => {
                format!(
                    "subgroup_reduce {} {}",
                    format!("{op:?}").to_lowercase(),
                    self.v(*arg)
                )
            }
            Op::WorkgroupReduce { op, arg } => {
                format!(
                    "workgroup_reduce {} {}",
                    format!("{op:?}").to_lowercase(),
                    self.v(*arg)
                )
            }
            Op::MatrixLoad {
                place,
                offset,
                stride,
            } => format!(
                "matrix_load {}[{} + row * {}]",
                self.place_name(place),
                self.v(*offset),
                self.v(*stride)
            ),
            Op::MatrixLoadTensor {
                view,
                batch,
                row0,
                col0,
                in_bounds,
            } => format!(
                "matrix_load_tensor {}",
                self.tensor_window(*view, batch, *row0, *col0, *in_bounds)
            ),
            Op::MatrixMulAdd { a, b, c } => format!(
                "matrix_mul_add {}, {}, {}",
                self.v(*a),
                self.v(*b),
                self.v(*c)
            ),
        }
    }
}
