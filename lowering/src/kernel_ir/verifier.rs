//! Kernel IR verifier: handle ranges, SSA dominance (define before use, block scoping),
//! operand types, index counts, marker nesting, the per-phase rules in [`KernelRules`], and
//! that a kernel laid out for a subgroup size records it (`subgroup_size.rs`).

use super::printer::{matrix_name, type_name};
use super::syntax::*;
use std::collections::HashSet;

/// What the current phase allows (see `pass::Phase`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelRules {
    /// `parallel` loops and `workgroup_reduce` (illegal after distribution).
    pub parallel_loops: bool,
    /// Vector-typed values everywhere (from vectorization on; before it only inside
    /// `parallel workgroup` loops, whose layout lower-to-kernels chooses itself).
    pub vectors: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("kernel @{kernel}: {message}")]
pub struct KernelVerifyError {
    pub kernel: String,
    pub message: String,
}

pub fn verify_kernel(kernel: &Kernel, rules: KernelRules) -> Result<(), KernelVerifyError> {
    let mut v = Verifier {
        kernel,
        rules,
        defined: HashSet::new(),
        ever_defined: HashSet::new(),
        scopes: vec![Vec::new()],
        in_workgroup: false,
        in_matrix_map: false,
    };
    v.check_declarations()?;
    v.block(&kernel.body, Context::Top)?;
    super::subgroup_size::check_subgroup_size_recorded(kernel).or_else(|message| v.err(message))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    Top,
    Workgroup,
    Local,
    Other,
}

struct Verifier<'a> {
    kernel: &'a Kernel,
    rules: KernelRules,
    /// Values visible at this point.
    defined: HashSet<Value>,
    /// Every value defined so far, visible or not (catches a second definition).
    ever_defined: HashSet<Value>,
    /// Values defined in each open block, to drop them when the block closes.
    scopes: Vec<Vec<Value>>,
    /// Inside a `parallel workgroup` loop (where lower-to-kernels may lay out vectors itself).
    in_workgroup: bool,
    /// Inside the body of a `matrix_map` (which becomes a function of its own: no memory but
    /// views, no builtins, no collective operations).
    in_matrix_map: bool,
}

fn is_index(ty: Type) -> bool {
    ty == Type::Scalar(ScalarType::Index)
}
fn is_float(s: ScalarType) -> bool {
    matches!(s, ScalarType::F16 | ScalarType::F32 | ScalarType::F64)
}
fn element(ty: Type) -> ScalarType {
    match ty {
        Type::Scalar(s) | Type::Vector(s, _) => s,
        Type::Matrix(m) => m.element,
    }
}

impl<'a> Verifier<'a> {
    fn err<T>(&self, message: impl Into<String>) -> Result<T, KernelVerifyError> {
        Err(KernelVerifyError {
            kernel: self.kernel.name.clone(),
            message: message.into(),
        })
    }

    fn check_declarations(&self) -> Result<(), KernelVerifyError> {
        let mut slots = HashSet::new();
        for b in &self.kernel.bindings {
            if !slots.insert((b.set, b.binding)) {
                return self.err(format!("set {} binding {} bound twice", b.set, b.binding));
            }
        }
        for (i, view) in self.kernel.views.iter().enumerate() {
            if view.binding.0 as usize >= self.kernel.bindings.len() {
                return self.err(format!(
                    "view @v{i} names missing binding #{}",
                    view.binding.0
                ));
            }
            if view.shape.len() != view.strides.len() {
                return self.err(format!(
                    "view @v{i} has {} dims but {} strides",
                    view.shape.len(),
                    view.strides.len()
                ));
            }
        }
        for (i, pc) in self.kernel.push_constants.iter().enumerate() {
            if pc.value.as_const().is_some() {
                return self.err(format!("push constant @pc{i} is a constant ({})", pc.value));
            }
        }
        for (h, a) in self.kernel.allocations.iter() {
            if a.len == 0 {
                return self.err(format!("allocation @a{} has length 0", h.index()));
            }
            if let Some(m) = a.matrix {
                if a.len != 1 || a.storage != StorageClass::Function || m.element != a.element {
                    return self.err(format!(
                        "matrix allocation @a{} must be one Function-storage {}",
                        h.index(),
                        matrix_name(m)
                    ));
                }
            }
        }
        for (h, info) in self.kernel.values.iter() {
            if let Type::Vector(_, w) = info.ty {
                if !(2..=4).contains(&w) {
                    return self.err(format!("vector value %{} has {w} lanes", h.index()));
                }
            }
        }
        Ok(())
    }

    fn ty(&self, value: Value) -> Result<Type, KernelVerifyError> {
        match self.kernel.values.get(value) {
            None => self.err(format!(
                "value %{} is not in the value arena",
                value.index()
            )),
            Some(_) if !self.defined.contains(&value) => self.err(format!(
                "value %{} used before its definition or outside its block",
                value.index()
            )),
            Some(info) => Ok(info.ty),
        }
    }

    fn define(&mut self, value: Value) -> Result<(), KernelVerifyError> {
        if self.kernel.values.get(value).is_none() {
            return self.err(format!(
                "defined value %{} is not in the value arena",
                value.index()
            ));
        }
        if !self.ever_defined.insert(value) {
            return self.err(format!("value %{} defined twice", value.index()));
        }
        self.defined.insert(value);
        self.scopes.last_mut().expect("open scope").push(value);
        Ok(())
    }

    fn block(&mut self, block: &Block, context: Context) -> Result<(), KernelVerifyError> {
        self.scopes.push(Vec::new());
        for stmt in &block.stmts {
            self.stmt(stmt, context)?;
        }
        for value in self.scopes.pop().expect("scope") {
            // Out of scope: invisible from here on (ever_defined still catches redefinitions).
            self.defined.remove(&value);
        }
        Ok(())
    }

    fn indices(&self, place: &Place, indices: &[Value]) -> Result<ScalarType, KernelVerifyError> {
        for &i in indices {
            if !is_index(self.ty(i)?) {
                return self.err(format!("index %{} is not of type index", i.index()));
            }
        }
        match place {
            Place::View(view) => {
                let Some(v) = self.kernel.views.get(view.0 as usize) else {
                    return self.err(format!("missing view @v{}", view.0));
                };
                if v.shape.len() != indices.len() {
                    return self.err(format!(
                        "view @v{} has rank {} but got {} indices",
                        view.0,
                        v.shape.len(),
                        indices.len()
                    ));
                }
                Ok(self.kernel.bindings[v.binding.0 as usize].element)
            }
            Place::Allocation(a) => {
                let Some(alloc) = self.kernel.allocations.get(*a) else {
                    return self.err(format!("missing allocation @a{}", a.index()));
                };
                let want = usize::from(alloc.len > 1);
                if indices.len() != want {
                    return self.err(format!(
                        "allocation @a{} takes {want} indices, got {}",
                        a.index(),
                        indices.len()
                    ));
                }
                Ok(alloc.element)
            }
        }
    }

    /// The matrix type held by `place` (a matrix allocation), if any.
    fn matrix_of(&self, place: &Place) -> Option<MatrixType> {
        match place {
            Place::Allocation(a) => self.kernel.allocations.get(*a).and_then(|a| a.matrix),
            Place::View(_) => None,
        }
    }

    /// Vector loads and stores of an allocation: 4 lanes, a Workgroup or Function allocation
    /// of scalars whose length is a multiple of 4 (legalization declares it as an array of
    /// vec4). The index must be a
    /// multiple of 4; the lowering guarantees it (not checkable here).
    fn check_vector_allocation_access(
        &self,
        place: &Place,
        ty: Type,
        what: &str,
    ) -> Result<(), KernelVerifyError> {
        let (Place::Allocation(a), Type::Vector(_, width)) = (place, ty) else {
            return Ok(());
        };
        let alloc = &self.kernel.allocations[*a];
        if width != 4 || alloc.matrix.is_some() || !alloc.len.is_multiple_of(4) {
            return self.err(format!(
                "vector {what} of {} from allocation {} ({:?}, {} elements): only vec4 accesses of scalar allocations whose length is a multiple of 4",
                type_name(ty),
                alloc.name,
                alloc.storage,
                alloc.len
            ));
        }
        Ok(())
    }

    /// Loads and stores of a whole matrix go to a matrix allocation of exactly that type.
    fn check_matrix_access(&self, place: &Place, ty: Type) -> Result<(), KernelVerifyError> {
        match (self.matrix_of(place), ty) {
            (None, Type::Matrix(_)) => self.err("matrix access to a non-matrix place"),
            (Some(m), Type::Matrix(t)) if m == t => Ok(()),
            (Some(m), t) => self.err(format!(
                "access of {} to a {} allocation",
                type_name(t),
                matrix_name(m)
            )),
            (None, _) => Ok(()),
        }
    }

    /// Checks a row-major matrix access: a scalar Workgroup allocation of the matrix element,
    /// index offset and stride.
    fn check_matrix_memory(
        &self,
        place: &Place,
        offset: Value,
        stride: Value,
        ty: Type,
    ) -> Result<(), KernelVerifyError> {
        let Type::Matrix(m) = ty else {
            return self.err(format!("matrix load/store of {}", type_name(ty)));
        };
        if !is_index(self.ty(offset)?) || !is_index(self.ty(stride)?) {
            return self.err("matrix offset / stride is not an index");
        }
        let Place::Allocation(a) = place else {
            return self.err("matrix load/store outside Workgroup memory");
        };
        match self.kernel.allocations.get(*a) {
            Some(alloc)
                if alloc.storage == StorageClass::Workgroup
                    && alloc.matrix.is_none()
                    && alloc.element == m.element =>
            {
                Ok(())
            }
            _ => self.err(format!(
                "matrix load/store of {} needs a Workgroup {} allocation",
                matrix_name(m),
                super::printer::scalar_name(m.element)
            )),
        }
    }

    /// bf16 and i16 scalars and vectors are only stored, loaded and converted (SPV_KHR_bfloat16;
    /// i16 words carry bf16 bit patterns, see `ScalarType::I16`); cooperative matrices of bf16
    /// take matrix arithmetic.
    fn no_bf16_arithmetic(&self, ty: Type, at: Value) -> Result<(), KernelVerifyError> {
        match ty {
            Type::Scalar(s @ (ScalarType::BF16 | ScalarType::I16))
            | Type::Vector(s @ (ScalarType::BF16 | ScalarType::I16), _) => self.err(format!(
                "%{}: arithmetic on {} ({} values are only loaded, stored and converted)",
                at.index(),
                type_name(ty),
                super::printer::scalar_name(s)
            )),
            _ => Ok(()),
        }
    }

    /// Checks a tensor-addressed matrix access: a `Workgroup`-scope matrix, a view of rank
    /// `batch.len() + 2` with the matrix's element type and an innermost stride of 1, index
    /// operands.
    fn check_tensor_window(
        &self,
        view: ViewId,
        batch: &[Value],
        corner: [Value; 2],
        ty: Type,
    ) -> Result<(), KernelVerifyError> {
        let Type::Matrix(m) = ty else {
            return self.err(format!("tensor matrix load/store of {}", type_name(ty)));
        };
        if m.scope != MatrixScope::Workgroup {
            return self.err(format!(
                "tensor matrix load/store of {}: needs a workgroup-scope matrix",
                matrix_name(m)
            ));
        }
        let Some(v) = self.kernel.views.get(view.0 as usize) else {
            return self.err(format!("tensor matrix access to unknown view @v{}", view.0));
        };
        if v.shape.len() != batch.len() + 2 {
            return self.err(format!(
                "tensor matrix access to @v{} of rank {} with {} batch indices",
                view.0,
                v.shape.len(),
                batch.len()
            ));
        }
        if v.strides.last() != Some(&crate::size_expr::SizeExpr::Const(1)) {
            return self.err(format!(
                "tensor matrix access to @v{}, whose innermost stride is not 1",
                view.0
            ));
        }
        let element = self.kernel.bindings[v.binding.0 as usize].element;
        if element != m.element {
            return self.err(format!(
                "tensor matrix access of {} to @v{} of {}",
                matrix_name(m),
                view.0,
                super::printer::scalar_name(element)
            ));
        }
        for &index in batch.iter().chain(&corner) {
            if !is_index(self.ty(index)?) {
                return self.err("tensor matrix window index is not an index");
            }
        }
        Ok(())
    }

    /// What a `matrix_map` body may not contain (see [`MatrixMap`]).
    fn check_matrix_map_stmt(&self, stmt: &Stmt) -> Result<(), KernelVerifyError> {
        let what = match stmt {
            Stmt::Let { op, result } => match op {
                _ if !matches!(self.kernel.values.get(*result), Some(v) if matches!(v.ty, Type::Scalar(_))) => {
                    "a non-scalar value"
                }
                Op::Builtin { .. } => "a builtin",
                Op::Load {
                    place: Place::Allocation(_),
                    ..
                } => "an allocation load",
                Op::SubgroupBroadcast { .. } | Op::SubgroupReduce { .. } => "a subgroup operation",
                Op::WorkgroupReduce { .. } => "a workgroup reduction",
                Op::MatrixLoad { .. } | Op::MatrixLoadTensor { .. } | Op::MatrixMulAdd { .. } => {
                    "a matrix operation"
                }
                _ => return Ok(()),
            },
            Stmt::Store { .. } => "a store",
            Stmt::Parallel { .. } => "a parallel loop",
            Stmt::Barrier => "a barrier",
            Stmt::MatrixStore { .. } | Stmt::MatrixStoreTensor(_) | Stmt::MatrixMap(_) => {
                "a matrix operation"
            }
            Stmt::For { .. } | Stmt::If { .. } => return Ok(()),
        };
        self.err(format!("matrix_map body contains {what}"))
    }

    fn stmt(&mut self, stmt: &Stmt, context: Context) -> Result<(), KernelVerifyError> {
        if self.in_matrix_map {
            self.check_matrix_map_stmt(stmt)?;
        }
        match stmt {
            Stmt::Let { result, op } => {
                let result_ty = match self.kernel.values.get(*result) {
                    Some(info) => info.ty,
                    None => {
                        return self
                            .err(format!("result %{} not in the value arena", result.index()))
                    }
                };
                if matches!(result_ty, Type::Vector(..))
                    && !self.rules.vectors
                    && !self.in_workgroup
                {
                    return self.err(format!(
                        "vector value %{} outside a workgroup loop before vectorization",
                        result.index()
                    ));
                }
                self.op(op, result_ty, *result, context)?;
                self.define(*result)
            }
            Stmt::Store {
                place,
                indices,
                value,
            } => {
                let elem = self.indices(place, indices)?;
                let vt = self.ty(*value)?;
                self.check_matrix_access(place, vt)?;
                let stored = if elem == ScalarType::Bool {
                    ScalarType::Bool
                } else {
                    elem
                };
                if element(vt) != stored {
                    return self.err(format!(
                        "store of {} into {} storage",
                        type_name(vt),
                        super::printer::scalar_name(elem)
                    ));
                }
                self.check_vector_allocation_access(place, vt, "store")?;
                Ok(())
            }
            Stmt::Parallel {
                marker,
                ivs,
                upper,
                body,
            } => {
                if !self.rules.parallel_loops {
                    return self.err("parallel loop after distribution");
                }
                if ivs.len() != upper.len() || ivs.is_empty() {
                    return self.err("parallel loop needs one upper bound per induction variable");
                }
                let inner = match (marker, context) {
                    (ParallelMarker::Workgroup, Context::Top) => Context::Workgroup,
                    (ParallelMarker::Local, Context::Workgroup) => Context::Local,
                    (ParallelMarker::Untiled, Context::Top) => Context::Other,
                    (m, _) => return self.err(format!("parallel {m:?} loop in the wrong place")),
                };
                for &u in upper {
                    if !is_index(self.ty(u)?) {
                        return self.err("parallel bound is not an index");
                    }
                }
                self.scopes.push(Vec::new());
                for &iv in ivs {
                    self.define(iv)?;
                    if !is_index(self.ty(iv)?) {
                        return self.err("parallel induction variable is not an index");
                    }
                }
                let outer = self.in_workgroup;
                self.in_workgroup |= *marker == ParallelMarker::Workgroup;
                self.block(body, inner)?;
                self.in_workgroup = outer;
                for value in self.scopes.pop().expect("scope") {
                    self.defined.remove(&value);
                }
                Ok(())
            }
            Stmt::For {
                iv,
                lower,
                upper,
                step,
                body,
            } => {
                for &b in [lower, upper, step] {
                    if !is_index(self.ty(b)?) {
                        return self.err("for-loop bound is not an index");
                    }
                }
                self.scopes.push(Vec::new());
                self.define(*iv)?;
                let inner = if context == Context::Top {
                    Context::Top
                } else {
                    Context::Other
                };
                self.block(
                    body,
                    if context == Context::Workgroup {
                        Context::Workgroup
                    } else {
                        inner
                    },
                )?;
                for value in self.scopes.pop().expect("scope") {
                    self.defined.remove(&value);
                }
                Ok(())
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => {
                if self.ty(*cond)? != Type::Scalar(ScalarType::Bool) {
                    return self.err(format!("if condition %{} is not i1", cond.index()));
                }
                let inner = if context == Context::Top {
                    Context::Top
                } else {
                    Context::Other
                };
                self.block(then_block, inner)?;
                self.block(else_block, inner)
            }
            Stmt::Barrier => Ok(()),
            Stmt::MatrixStore {
                place,
                offset,
                stride,
                value,
            } => self.check_matrix_memory(place, *offset, *stride, self.ty(*value)?),
            Stmt::MatrixStoreTensor(store) => {
                let ty = self.ty(store.value)?;
                if !matches!(ty, Type::Matrix(m) if m.usage == MatrixUse::Accumulator) {
                    return self.err(format!(
                        "tensor matrix store of {} (needs an accumulator)",
                        type_name(ty)
                    ));
                }
                if let Some(limits) = store.limits {
                    if store.in_bounds {
                        return self.err("tensor matrix store with limits marked in_bounds");
                    }
                    for limit in limits {
                        if self.ty(limit)? != Type::Scalar(ScalarType::Index) {
                            return self.err(format!(
                                "tensor matrix store limit %{} is not an index",
                                limit.index()
                            ));
                        }
                    }
                }
                self.check_tensor_window(store.view, &store.batch, [store.row0, store.col0], ty)
            }
            Stmt::MatrixMap(map) => {
                let ty = self.ty(map.matrix)?;
                let Type::Matrix(m) = ty else {
                    return self.err(format!("matrix_map of {}", type_name(ty)));
                };
                if m.usage != MatrixUse::Accumulator || m.scope != MatrixScope::Workgroup {
                    return self.err(format!(
                        "matrix_map of {} (needs a workgroup-scope accumulator)",
                        type_name(ty)
                    ));
                }
                let result_ty = self.kernel.values.get(map.result).map(|v| v.ty);
                if result_ty != Some(ty) {
                    return self.err(format!(
                        "matrix_map result %{} is not of the matrix's type",
                        map.result.index()
                    ));
                }
                self.scopes.push(Vec::new());
                for (value, want) in [
                    (map.row, Type::Scalar(ScalarType::Index)),
                    (map.column, Type::Scalar(ScalarType::Index)),
                    (map.element, Type::Scalar(m.element)),
                ] {
                    self.define(value)?;
                    if self.ty(value)? != want {
                        return self.err(format!(
                            "matrix_map parameter %{} is not {}",
                            value.index(),
                            type_name(want)
                        ));
                    }
                }
                let outer = self.in_matrix_map;
                self.in_matrix_map = true;
                self.scopes.push(Vec::new());
                for stmt in &map.body.stmts {
                    self.stmt(stmt, Context::Other)?;
                }
                let yielded = self.ty(map.yielded)?;
                self.in_matrix_map = outer;
                for _ in 0..2 {
                    for value in self.scopes.pop().expect("scope") {
                        self.defined.remove(&value);
                    }
                }
                if yielded != Type::Scalar(m.element) {
                    return self.err(format!(
                        "matrix_map yields {} for {} elements",
                        type_name(yielded),
                        type_name(Type::Scalar(m.element))
                    ));
                }
                self.define(map.result)
            }
        }
    }

    fn op(
        &self,
        op: &Op,
        result: Type,
        at: Value,
        context: Context,
    ) -> Result<(), KernelVerifyError> {
        let same = |a: Type, b: Type, what: &str| -> Result<(), KernelVerifyError> {
            if a != b {
                return self.err(format!(
                    "%{}: {what} operand types differ ({} vs {})",
                    at.index(),
                    type_name(a),
                    type_name(b)
                ));
            }
            Ok(())
        };
        match op {
            Op::Constant(lit) => match (lit, result) {
                (Literal::Bool(_), Type::Scalar(ScalarType::Bool)) => Ok(()),
                (Literal::Int(_), Type::Scalar(s)) if !is_float(s) && s != ScalarType::Bool => {
                    Ok(())
                }
                (Literal::Float(_), Type::Scalar(s)) if is_float(s) => Ok(()),
                _ => self.err(format!(
                    "%{}: constant literal does not match its type {}",
                    at.index(),
                    type_name(result)
                )),
            },
            Op::Builtin { builtin, dim } => {
                if *dim > 2 || (!builtin.is_vector() && *dim != 0) {
                    return self.err(format!("%{}: bad builtin component {dim}", at.index()));
                }
                same(result, Type::Scalar(ScalarType::Index), "builtin")
            }
            Op::PushConstant(id) => {
                if id.0 as usize >= self.kernel.push_constants.len() {
                    return self.err(format!(
                        "%{}: missing push constant @pc{}",
                        at.index(),
                        id.0
                    ));
                }
                same(result, Type::Scalar(ScalarType::Index), "push constant")
            }
            Op::Unary { arg, .. } => {
                self.no_bf16_arithmetic(self.ty(*arg)?, at)?;
                same(self.ty(*arg)?, result, "unary")
            }
            Op::Binary { op, lhs, rhs } => {
                self.no_bf16_arithmetic(self.ty(*lhs)?, at)?;
                let shift = matches!(
                    op,
                    BinaryOp::Shl
                        | BinaryOp::ShrU
                        | BinaryOp::ShrS
                        | BinaryOp::DivU
                        | BinaryOp::RemU
                );
                let integer = match self.ty(*lhs)? {
                    Type::Scalar(s) | Type::Vector(s, _) => matches!(
                        s,
                        ScalarType::I8 | ScalarType::I32 | ScalarType::I64 | ScalarType::Index
                    ),
                    Type::Matrix(_) => false,
                };
                if shift && !integer {
                    return self.err(format!("%{}: {op:?} of a non-integer", at.index()));
                }
                same(self.ty(*lhs)?, self.ty(*rhs)?, "binary")?;
                same(self.ty(*lhs)?, result, "binary result")
            }
            Op::Compare { lhs, rhs, .. } => {
                let t = self.ty(*lhs)?;
                self.no_bf16_arithmetic(t, at)?;
                same(t, self.ty(*rhs)?, "compare")?;
                let want = match t {
                    Type::Scalar(_) => Type::Scalar(ScalarType::Bool),
                    Type::Vector(_, w) => Type::Vector(ScalarType::Bool, w),
                    Type::Matrix(_) => {
                        return self.err(format!("%{}: compare of matrices", at.index()))
                    }
                };
                same(result, want, "compare result")
            }
            Op::Select {
                cond,
                on_true,
                on_false,
            } => {
                let c = self.ty(*cond)?;
                if element(c) != ScalarType::Bool {
                    return self.err(format!("%{}: select condition is not i1", at.index()));
                }
                same(self.ty(*on_true)?, self.ty(*on_false)?, "select")?;
                same(self.ty(*on_true)?, result, "select result")
            }
            Op::Bitcast { arg } => {
                use ScalarType as S;
                let shape = |t: Type| match t {
                    Type::Scalar(e) => Some((e, 1)),
                    Type::Vector(e, w) => Some((e, w)),
                    Type::Matrix(_) => None,
                };
                let bits = |e: ScalarType| match e {
                    S::F32 | S::I32 => Some(32),
                    S::F64 | S::I64 => Some(64),
                    _ => None,
                };
                match (shape(self.ty(*arg)?), shape(result)) {
                    (Some((a, w)), Some((r, v)))
                        if w == v && bits(a).is_some() && bits(a) == bits(r) =>
                    {
                        Ok(())
                    }
                    _ => self.err(format!(
                        "%{}: bitcast needs f32 / i32 or f64 / i64 of one lane count",
                        at.index()
                    )),
                }
            }
            Op::Cast { arg } => {
                let a = self.ty(*arg)?;
                match (a, result) {
                    (Type::Scalar(_), Type::Scalar(_)) => Ok(()),
                    (Type::Vector(_, x), Type::Vector(_, y)) if x == y => Ok(()),
                    _ => self.err(format!("%{}: cast changes the lane count", at.index())),
                }
            }
            Op::Load { place, indices } => {
                let elem = self.indices(place, indices)?;
                self.check_matrix_access(place, result)?;
                if element(result) != elem {
                    return self.err(format!(
                        "%{}: load of {} from {} storage",
                        at.index(),
                        type_name(result),
                        super::printer::scalar_name(elem)
                    ));
                }
                self.check_vector_allocation_access(place, result, "load")?;
                Ok(())
            }
            Op::Splat { arg } => match (self.ty(*arg)?, result) {
                (Type::Scalar(s), Type::Vector(r, _)) if s == r => Ok(()),
                (Type::Scalar(s), Type::Matrix(m)) if s == m.element => Ok(()),
                _ => self.err(format!(
                    "%{}: splat needs a scalar and a vector of it",
                    at.index()
                )),
            },
            Op::Extract { vector, lane } => match (self.ty(*vector)?, result) {
                (Type::Vector(s, w), Type::Scalar(r)) if s == r && *lane < w => Ok(()),
                _ => self.err(format!("%{}: bad extract", at.index())),
            },
            Op::SubgroupReduce { arg, .. } => same(self.ty(*arg)?, result, "subgroup reduce"),
            Op::SubgroupBroadcast { arg, .. } => match self.ty(*arg)? {
                Type::Scalar(_) => same(self.ty(*arg)?, result, "subgroup broadcast"),
                _ => self.err(format!(
                    "%{}: subgroup_broadcast of a non-scalar",
                    at.index()
                )),
            },
            Op::WorkgroupReduce { arg, .. } => {
                if !self.rules.parallel_loops {
                    return self.err(format!(
                        "%{}: workgroup_reduce after distribution",
                        at.index()
                    ));
                }
                if context != Context::Local {
                    return self.err(format!(
                        "%{}: workgroup_reduce outside the body of a local parallel loop",
                        at.index()
                    ));
                }
                same(self.ty(*arg)?, result, "workgroup reduce")
            }
            Op::MatrixLoad {
                place,
                offset,
                stride,
            } => self.check_matrix_memory(place, *offset, *stride, result),
            Op::MatrixLoadTensor {
                view,
                batch,
                row0,
                col0,
                ..
            } => self.check_tensor_window(*view, batch, [*row0, *col0], result),
            Op::MatrixMulAdd { a, b, c } => {
                let (ta, tb, tc) = (self.ty(*a)?, self.ty(*b)?, self.ty(*c)?);
                same(tc, result, "matrix mul-add result")?;
                match (ta, tb, tc) {
                    (Type::Matrix(ma), Type::Matrix(mb), Type::Matrix(mc))
                        if ma.usage == MatrixUse::A
                            && mb.usage == MatrixUse::B
                            && ma.scope == mc.scope
                            && mb.scope == mc.scope
                            && mc.usage == MatrixUse::Accumulator
                            && ma.rows == mc.rows
                            && mb.columns == mc.columns
                            && ma.columns == mb.rows =>
                    {
                        Ok(())
                    }
                    _ => self.err(format!(
                        "%{}: matrix mul-add of {}, {}, {} (needs MxK a, KxN b, MxN accumulator)",
                        at.index(),
                        type_name(ta),
                        type_name(tb),
                        type_name(tc)
                    )),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel_ir::KernelBuilder;

    fn matrix(element: ScalarType, rows: u32, columns: u32, usage: MatrixUse) -> MatrixType {
        MatrixType {
            element,
            rows,
            columns,
            usage,
            scope: MatrixScope::Subgroup,
        }
    }

    /// A kernel doing one `a * b + c` from a Workgroup tile, with `b`'s shape given.
    fn mul_add_kernel(b_rows: u32, tile: StorageClass) -> Kernel {
        let mut kb = KernelBuilder::new("k");
        let a_ty = matrix(ScalarType::F16, 16, 16, MatrixUse::A);
        let b_ty = matrix(ScalarType::F16, b_rows, 16, MatrixUse::B);
        let c_ty = matrix(ScalarType::F32, 16, 16, MatrixUse::Accumulator);
        let tile = kb.allocate("tile", tile, ScalarType::F16, 512);
        let acc = kb.allocate_matrix("acc", c_ty);
        let zero = kb.index(0);
        let stride = kb.index(16);
        let load = |kb: &mut KernelBuilder, ty| {
            kb.let_op(
                Type::Matrix(ty),
                Op::MatrixLoad {
                    place: Place::Allocation(tile),
                    offset: zero,
                    stride,
                },
            )
        };
        let (a, b) = (load(&mut kb, a_ty), load(&mut kb, b_ty));
        let f = kb.constant(ScalarType::F32, 0.0);
        let c = kb.let_op(Type::Matrix(c_ty), Op::Splat { arg: f });
        let r = kb.let_op(Type::Matrix(c_ty), Op::MatrixMulAdd { a, b, c });
        kb.store(Place::Allocation(acc), vec![], r);
        let mut kernel = kb.finish();
        kernel.required_subgroup_size = Some(32);
        kernel
    }

    const RULES: KernelRules = KernelRules {
        parallel_loops: true,
        vectors: true,
    };

    #[test]
    fn matrix_ops_are_checked() {
        verify_kernel(&mul_add_kernel(16, StorageClass::Workgroup), RULES).unwrap();
        let err = verify_kernel(&mul_add_kernel(8, StorageClass::Workgroup), RULES).unwrap_err();
        assert!(
            err.message.contains("needs MxK a, KxN b, MxN accumulator"),
            "{err}"
        );
        let err = verify_kernel(&mul_add_kernel(16, StorageClass::Function), RULES).unwrap_err();
        assert!(
            err.message.contains("needs a Workgroup f16 allocation"),
            "{err}"
        );
    }

    /// A kernel mapping a workgroup-scope accumulator: `body` builds the map's body from the
    /// row, column and element and returns the yielded value.
    fn map_kernel(
        scope: MatrixScope,
        body: impl FnOnce(&mut KernelBuilder, [Value; 3]) -> Value,
    ) -> Kernel {
        let mut kb = KernelBuilder::new("k");
        let ty = MatrixType {
            scope,
            ..matrix(ScalarType::F32, 64, 64, MatrixUse::Accumulator)
        };
        let f = kb.constant(ScalarType::F32, 1.5);
        let c = kb.let_op(Type::Matrix(ty), Op::Splat { arg: f });
        let acc = kb.allocate_matrix("acc", ty);
        let mapped = kb.matrix_map(c, body);
        kb.store(Place::Allocation(acc), vec![], mapped);
        kb.finish()
    }

    #[test]
    fn matrix_maps_are_checked() {
        let scaled = |kb: &mut KernelBuilder, [row, _, x]: [Value; 3]| {
            let r = kb.cast(row, ScalarType::F32);
            kb.binary(BinaryOp::Mul, x, r)
        };
        verify_kernel(&map_kernel(MatrixScope::Workgroup, scaled), RULES).unwrap();
        let err = verify_kernel(&map_kernel(MatrixScope::Subgroup, scaled), RULES).unwrap_err();
        assert!(err.message.contains("workgroup-scope accumulator"), "{err}");
        let err = verify_kernel(
            &map_kernel(MatrixScope::Workgroup, |_, [row, _, _]| row),
            RULES,
        )
        .unwrap_err();
        assert!(err.message.contains("matrix_map yields index"), "{err}");
        let err = verify_kernel(
            &map_kernel(MatrixScope::Workgroup, |kb, [_, _, x]| {
                kb.barrier();
                x
            }),
            RULES,
        )
        .unwrap_err();
        assert!(
            err.message.contains("matrix_map body contains a barrier"),
            "{err}"
        );
        let err = verify_kernel(
            &map_kernel(MatrixScope::Workgroup, |kb, [_, _, x]| {
                let id = kb.builtin(Builtin::LocalInvocationId, 0);
                let id = kb.cast(id, ScalarType::F32);
                kb.binary(BinaryOp::Add, x, id)
            }),
            RULES,
        )
        .unwrap_err();
        assert!(
            err.message.contains("matrix_map body contains a builtin"),
            "{err}"
        );
        // The body's values are not visible after it.
        let mut leaked = None;
        let mut kernel = map_kernel(MatrixScope::Workgroup, |kb, [_, _, x]| {
            let y = kb.binary(BinaryOp::Add, x, x);
            leaked = Some(y);
            y
        });
        kernel.body.stmts.push(Stmt::Store {
            place: Place::Allocation(kernel.allocations.iter().next().unwrap().0),
            indices: vec![],
            value: leaked.unwrap(),
        });
        let err = verify_kernel(&kernel, RULES).unwrap_err();
        assert!(err.message.contains("outside its block"), "{err}");
    }
}
