//! `legalize`: converts each distributed kernel into a SPIR-V module of kiln-spirv-ir, the MLIR
//! way: a [`TypeConverter`] (index -> i32 or i64; storage buffers -> `ptr<struct<rtarray<T,
//! stride>> [Block, Offset 0], StorageBuffer>`; booleans stored as u32 words; f16 computed in
//! f16 only with `Float16`), a [`ConversionTarget`] built from the target env that says which
//! features are legal, and conversion patterns grouped by source op family (arith, math ->
//! GLSL.std.450, structured control flow, memory, ids -> builtins, subgroup ops, barriers).
//! A construct the target cannot express is an error naming the op and what the target lacks.
//!
//! Every capability a pattern relies on is recorded while converting, so the module declares
//! exactly what it uses (the minimal VCE); the conversion target rejects any capability the
//! target env does not list. Function-storage variables are hoisted by the serializer.

use crate::error::CompileError;
use crate::kernel_ir::{self as k, ScalarType, Stmt};
use crate::pass::{CompilationUnit, Pass, Phase, SpirvKernel};
use crate::size_expr::SizeExpr;
use crate::target::LoweringTarget;
use kiln_spirv_ir::spirv::{
    self, Capability, GlslStd450Op, MemorySemantics, Op as SpvOp, Scope, StorageClass,
};
use kiln_spirv_ir::{
    ConstantValue, FunctionBuilder, GlobalVarId, ModuleBuilder, Operand, Type as SpvType, TypeId,
    ValueId, Version,
};
use rustc_hash::FxHashMap as HashMap;
use std::collections::HashSet;

pub struct Legalize;

impl Pass for Legalize {
    fn name(&self) -> &'static str {
        "legalize"
    }
    fn summary(&self) -> &'static str {
        "kernel IR -> SPIR-V IR (type converter, conversion target, patterns)"
    }
    fn requires(&self) -> Phase {
        Phase::Distributed
    }
    fn produces(&self) -> Phase {
        Phase::Spirv
    }
    fn run(&self, unit: &mut CompilationUnit) -> Result<(), CompileError> {
        let mut out = Vec::new();
        for kernel in &unit.kernels {
            out.push(legalize_kernel(kernel, &unit.target)?);
        }
        unit.spirv = out;
        Ok(())
    }
}

/// Which features the target env makes legal.
pub struct ConversionTarget<'a> {
    pub target: &'a LoweringTarget,
}

impl ConversionTarget<'_> {
    /// Checks that `capability` (needed by `op`) is available.
    pub fn require(&self, op: &str, capability: Capability) -> Result<(), CompileError> {
        if self.target.has(capability) {
            Ok(())
        } else {
            Err(CompileError::TargetLacks {
                op: op.to_string(),
                target: self.target.env.name.clone(),
                missing: format!("capability {capability:?}"),
            })
        }
    }
}

/// Maps kernel IR types to SPIR-V types (see the module docs for the rules).
pub struct TypeConverter {
    pub index_bits: u32,
}

impl TypeConverter {
    /// The SPIR-V type (not yet interned) of a value of `ty` and the capability it needs.
    pub fn scalar_type(&self, ty: ScalarType) -> (SpvType, Option<Capability>) {
        match ty {
            ScalarType::Bool => (SpvType::Bool, None),
            ScalarType::I8 => (
                SpvType::Int {
                    width: 8,
                    signed: true,
                },
                Some(Capability::Int8),
            ),
            ScalarType::I32 => (
                SpvType::Int {
                    width: 32,
                    signed: true,
                },
                None,
            ),
            ScalarType::I64 => (
                SpvType::Int {
                    width: 64,
                    signed: true,
                },
                Some(Capability::Int64),
            ),
            ScalarType::F16 => (
                SpvType::Float {
                    width: 16,
                    encoding: None,
                },
                Some(Capability::Float16),
            ),
            ScalarType::BF16 => (SpvType::BF16, Some(Capability::BFloat16TypeKHR)),
            ScalarType::F32 => (
                SpvType::Float {
                    width: 32,
                    encoding: None,
                },
                None,
            ),
            ScalarType::F64 => (
                SpvType::Float {
                    width: 64,
                    encoding: None,
                },
                Some(Capability::Float64),
            ),
            ScalarType::Index if self.index_bits == 64 => (
                SpvType::Int {
                    width: 64,
                    signed: true,
                },
                Some(Capability::Int64),
            ),
            ScalarType::Index => (
                SpvType::Int {
                    width: 32,
                    signed: true,
                },
                None,
            ),
        }
    }
    /// [`Self::scalar_type`], interned in the module.
    pub fn scalar(&self, mb: &mut ModuleBuilder, ty: ScalarType) -> (TypeId, Option<Capability>) {
        let (t, capability) = self.scalar_type(ty);
        (mb.ty(t), capability)
    }
    /// The element type of a storage buffer holding `ty` (booleans as u32 words), its byte
    /// stride, and the storage capability it needs.
    pub fn storage_element(
        &self,
        mb: &mut ModuleBuilder,
        ty: ScalarType,
    ) -> (TypeId, u32, Option<Capability>) {
        match ty {
            ScalarType::Bool => (
                mb.ty(SpvType::Int {
                    width: 32,
                    signed: false,
                }),
                4,
                None,
            ),
            ScalarType::I8 => (
                mb.ty(SpvType::Int {
                    width: 8,
                    signed: true,
                }),
                1,
                Some(Capability::StorageBuffer8BitAccess),
            ),
            ScalarType::F16 => (
                mb.ty(SpvType::Float {
                    width: 16,
                    encoding: None,
                }),
                2,
                Some(Capability::StorageBuffer16BitAccess),
            ),
            ScalarType::BF16 => (
                mb.ty(SpvType::BF16),
                2,
                Some(Capability::StorageBuffer16BitAccess),
            ),
            ScalarType::I64 | ScalarType::F64 => (self.scalar(mb, ty).0, 8, self.scalar(mb, ty).1),
            _ => (self.scalar(mb, ty).0, 4, None),
        }
    }
}

fn internal(message: impl Into<String>) -> CompileError {
    CompileError::internal("legalize", message)
}

fn is_float(t: ScalarType) -> bool {
    matches!(
        t,
        ScalarType::F16 | ScalarType::BF16 | ScalarType::F32 | ScalarType::F64
    )
}
fn element(t: k::Type) -> ScalarType {
    match t {
        k::Type::Scalar(s) | k::Type::Vector(s, _) => s,
        k::Type::Matrix(m) => m.element,
    }
}

/// How a tensor-addressed cooperative-matrix window treats elements outside its bounds.
#[derive(Clone, Copy)]
enum WindowClamp {
    /// The window lies inside the view.
    Unclamped,
    /// Outside the view's last two dimensions: loads read zero, stores write nothing.
    ToView,
    /// As `ToView`, with these row / column limits in place of the view's dimensions.
    ToLimits([k::Value; 2]),
}

/// Whether the kernel uses cooperative matrices (which need the Vulkan memory model).
fn uses_matrices(kernel: &k::Kernel) -> bool {
    kernel
        .values
        .iter()
        .any(|(_, v)| matches!(v.ty, k::Type::Matrix(_)))
}

struct BindingInfo {
    var: GlobalVarId,
    /// The stored scalar type.
    element: ScalarType,
    /// Whether the runtime array holds 4-lane vectors.
    vec4: bool,
}

/// The result of legalizing one kernel: the module plus the push constants it reads, in
/// block order (offset = 4 * position).
pub fn legalize_kernel(
    kernel: &k::Kernel,
    target: &LoweringTarget,
) -> Result<SpirvKernel, CompileError> {
    let version = target
        .env
        .preferred_spirv_version
        .min(target.env.spirv_version)
        .max(Version::V1_3);
    let mut mb = ModuleBuilder::new(version);
    let converter = TypeConverter {
        index_bits: target.index_bits,
    };
    let conversion = ConversionTarget { target };
    let mut capabilities: Vec<(Capability, String)> = Vec::new();

    // Which bindings are accessed only by 4-lane vector loads / stores.
    let vec4 = vector_only_bindings(kernel);

    // Storage buffers.
    let mut bindings = Vec::new();
    for (i, b) in kernel.bindings.iter().enumerate() {
        let (elem_ty, stride, cap) = converter.storage_element(&mut mb, b.element);
        if let Some(c) = cap {
            capabilities.push((
                c,
                format!("storage of {:?} in binding {}", b.element, b.binding),
            ));
        }
        let is_vec4 = vec4.get(i).copied().unwrap_or(false);
        let (ty, stride) = if is_vec4 {
            (
                mb.ty(SpvType::Vector {
                    component: elem_ty,
                    count: 4,
                }),
                stride * 4,
            )
        } else {
            (elem_ty, stride)
        };
        let var = mb.storage_buffer(&b.name, ty, stride, b.set, b.binding);
        match b.access {
            k::Access::ReadOnly => mb.decorate_global(var, spirv::Decoration::NonWritable, &[]),
            k::Access::WriteOnly => mb.decorate_global(var, spirv::Decoration::NonReadable, &[]),
            k::Access::ReadWrite => {}
        }
        bindings.push(BindingInfo {
            var,
            element: b.element,
            vec4: is_vec4,
        });
    }

    // Push constants: the kernel's own, plus symbols that only view strides mention.
    let mut push_constants = kernel.push_constants.clone();
    for v in &kernel.views {
        for e in v.strides.iter().chain(std::iter::once(&v.offset)) {
            for s in e.symbols() {
                let expr = SizeExpr::Symbol(s.clone());
                if !push_constants.iter().any(|p| p.value == expr) {
                    push_constants.push(k::PushConstant {
                        name: s,
                        value: expr,
                    });
                }
            }
        }
    }
    let push_block = if push_constants.is_empty() {
        None
    } else {
        let u32_ty = mb.ty(SpvType::Int {
            width: 32,
            signed: false,
        });
        let members: Vec<(TypeId, Option<u32>)> = (0..push_constants.len())
            .map(|i| (u32_ty, Some(4 * i as u32)))
            .collect();
        let block = mb.ty_struct(&members, true);
        Some(mb.push_constant_block("push_constants", block))
    };

    // Workgroup allocations become module-scope variables: arrays of vec4 when the kernel
    // accesses them with 4-lane vectors (128-bit shared-memory accesses), else of scalars.
    let vec4_allocations = vector_allocations(kernel);
    let mut workgroup_vars = HashMap::default();
    for (h, a) in kernel.allocations.iter() {
        if a.storage == k::StorageClass::Workgroup {
            let (elem, cap) = converter.scalar(&mut mb, a.element);
            if let Some(c) = cap {
                capabilities.push((c, format!("workgroup allocation {}", a.name)));
            }
            let ty = if vec4_allocations.contains(&h) {
                let v = mb.ty(SpvType::Vector {
                    component: elem,
                    count: 4,
                });
                mb.ty_array(v, a.len / 4, None)
            } else if a.len == 1 {
                elem
            } else {
                mb.ty_array(elem, a.len, None)
            };
            workgroup_vars.insert(h, mb.workgroup_variable(&a.name, ty));
        }
    }

    let void = mb.ty_void();
    let function_id;
    {
        let mut cx = Converter {
            kernel,
            converter: &converter,
            conversion: &conversion,
            capabilities: &mut capabilities,
            bindings: &bindings,
            push_block,
            push_constants: &push_constants,
            workgroup_vars: &workgroup_vars,
            vec4_allocations: &vec4_allocations,
            function_vars: HashMap::default(),
            values: HashMap::default(),
            builtins: HashMap::default(),
            sizes: HashMap::default(),
        };
        let mut builtin_vars = HashMap::default();
        for builtin in used_builtins(&kernel.body) {
            let (sb, vector) = spirv_builtin(builtin);
            let u32_ty = mb.ty(SpvType::Int {
                width: 32,
                signed: false,
            });
            let ty = if vector {
                mb.ty(SpvType::Vector {
                    component: u32_ty,
                    count: 3,
                })
            } else {
                u32_ty
            };
            builtin_vars.insert(builtin, mb.builtin_input(sb, ty));
        }
        cx.builtins = builtin_vars;
        let mut fb = mb.function(&kernel.name, void, &[]);
        function_id = fb.id();
        cx.materialize_view_sizes(&mut fb)?;
        cx.block(&mut fb, &kernel.body)?;
        fb.ret();
    }
    let _ = function_id;

    // Minimal capabilities: only what the patterns used, each checked against the target.
    for (c, what) in &capabilities {
        conversion.require(what, *c)?;
        mb.capability(*c);
    }
    let mut module = mb.finish();
    if uses_matrices(kernel) {
        // spirv-val: `Shader` + `CooperativeMatrixKHR` needs the Vulkan memory model (its
        // capability is derived from the model by UpdateVCE and checked against the target).
        module.memory_model = spirv::MemoryModel::Vulkan;
        conversion.require("cooperative matrices", Capability::VulkanMemoryModel)?;
    }
    Ok(SpirvKernel {
        module,
        entry_point: kernel.name.clone(),
        words: None,
        push_constants,
    })
}

fn spirv_builtin(b: k::Builtin) -> (spirv::BuiltIn, bool) {
    match b {
        k::Builtin::GlobalInvocationId => (spirv::BuiltIn::GlobalInvocationId, true),
        k::Builtin::WorkgroupId => (spirv::BuiltIn::WorkgroupId, true),
        k::Builtin::LocalInvocationId => (spirv::BuiltIn::LocalInvocationId, true),
        k::Builtin::NumWorkgroups => (spirv::BuiltIn::NumWorkgroups, true),
        k::Builtin::SubgroupLocalInvocationId => (spirv::BuiltIn::SubgroupLocalInvocationId, false),
        k::Builtin::SubgroupId => (spirv::BuiltIn::SubgroupId, false),
        k::Builtin::NumSubgroups => (spirv::BuiltIn::NumSubgroups, false),
        k::Builtin::SubgroupSize => (spirv::BuiltIn::SubgroupSize, false),
    }
}

fn used_builtins(block: &k::Block) -> Vec<k::Builtin> {
    let mut out = Vec::new();
    walk(block, &mut |s| {
        if let Stmt::Let {
            op: k::Op::Builtin { builtin, .. },
            ..
        } = s
        {
            if !out.contains(builtin) {
                out.push(*builtin);
            }
        }
    });
    out
}

/// Visits every statement, outer before inner.
pub fn walk(block: &k::Block, f: &mut dyn FnMut(&Stmt)) {
    for s in &block.stmts {
        f(s);
        match s {
            Stmt::Parallel { body, .. }
            | Stmt::For { body, .. }
            | Stmt::MatrixMap(k::MatrixMap { body, .. }) => walk(body, f),
            Stmt::If {
                then_block,
                else_block,
                ..
            } => {
                walk(then_block, f);
                walk(else_block, f);
            }
            _ => {}
        }
    }
}

/// Workgroup allocations with 4-lane vector loads or stores: declared as arrays of vec4.
fn vector_allocations(kernel: &k::Kernel) -> HashSet<k::AllocationId> {
    let mut out = HashSet::new();
    let mut note = |place: &k::Place, ty: k::Type| {
        if let (k::Place::Allocation(a), k::Type::Vector(_, 4)) = (place, ty) {
            out.insert(*a);
        }
    };
    walk(&kernel.body, &mut |s| match s {
        Stmt::Let {
            result,
            op: k::Op::Load { place, .. },
        } => note(place, kernel.values[*result].ty),
        Stmt::Store { place, value, .. } => note(place, kernel.values[*value].ty),
        _ => {}
    });
    out
}

/// Per binding: true when it has 4-lane vector accesses and each is through a view whose
/// innermost stride is 1 and whose other strides and offset are multiples of 4 (so the vector
/// index is exact). Scalar accesses to such a binding address a component of a vec4 element.
fn vector_only_bindings(kernel: &k::Kernel) -> Vec<bool> {
    let mut vector = vec![true; kernel.bindings.len()];
    let mut used = vec![false; kernel.bindings.len()];
    let mut scalar_only = Vec::new();
    let mut note = |place: &k::Place, is_vec4: bool| {
        if let k::Place::View(v) = place {
            let view = &kernel.views[v.0 as usize];
            let b = view.binding.0 as usize;
            // Scalar accesses work on vec4 arrays too (a component of an element).
            if !is_vec4 {
                return;
            }
            used[b] = true;
            let aligned = view.strides.last().is_some_and(|s| s.is_const(1))
                && view.strides[..view.strides.len() - 1]
                    .iter()
                    .all(|s| s.as_const().is_some_and(|c| c % 4 == 0))
                && view.offset.as_const().is_some_and(|c| c % 4 == 0);
            if !is_vec4 || !aligned {
                vector[b] = false;
            }
        }
    };
    walk(&kernel.body, &mut |s| match s {
        Stmt::Let {
            result,
            op: k::Op::Load { place, .. },
        } => note(
            place,
            matches!(kernel.values[*result].ty, k::Type::Vector(_, 4)),
        ),
        Stmt::Store { place, value, .. } => note(
            place,
            matches!(kernel.values[*value].ty, k::Type::Vector(_, 4)),
        ),
        // Tensor layouts address scalar elements.
        Stmt::Let {
            op: k::Op::MatrixLoadTensor { view, .. },
            ..
        }
        | Stmt::MatrixStoreTensor(k::MatrixStoreTensor { view, .. }) => {
            scalar_only.push(kernel.views[view.0 as usize].binding.0 as usize);
        }
        _ => {}
    });
    for b in scalar_only {
        vector[b] = false;
    }
    vector.iter().zip(&used).map(|(v, u)| *v && *u).collect()
}

struct Converter<'a> {
    kernel: &'a k::Kernel,
    converter: &'a TypeConverter,
    conversion: &'a ConversionTarget<'a>,
    capabilities: &'a mut Vec<(Capability, String)>,
    bindings: &'a [BindingInfo],
    push_block: Option<GlobalVarId>,
    push_constants: &'a [k::PushConstant],
    workgroup_vars: &'a HashMap<k::AllocationId, GlobalVarId>,
    /// Workgroup allocations declared as arrays of vec4 (see `vector_allocations`).
    vec4_allocations: &'a HashSet<k::AllocationId>,
    function_vars: HashMap<k::AllocationId, ValueId>,
    values: HashMap<k::Value, ValueId>,
    builtins: HashMap<k::Builtin, GlobalVarId>,
    /// Materialized size expressions (push constants, strides); entry-block values.
    sizes: HashMap<SizeExpr, ValueId>,
}

impl Converter<'_> {
    /// Records that the module needs capability `c`, for the reason `why` gives (asked only for
    /// the first use, as every f16 value would otherwise add an entry).
    fn need(&mut self, c: Capability, why: &dyn Fn() -> String) {
        if !self.capabilities.iter().any(|(known, _)| *known == c) {
            self.capabilities.push((c, why()));
        }
    }

    fn ty(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        ty: k::Type,
        why: &dyn Fn() -> String,
    ) -> TypeId {
        let (scalar, cap) = self.converter.scalar_type(element(ty));
        let scalar = fb.ty(scalar);
        if let Some(c) = cap {
            self.need(c, why);
        }
        match ty {
            k::Type::Scalar(_) => scalar,
            k::Type::Vector(_, w) => fb.ty_vector(scalar, w as u32),
            k::Type::Matrix(m) => {
                self.need(Capability::CooperativeMatrixKHR, why);
                fb.ty(SpvType::CooperativeMatrix {
                    component: scalar,
                    scope: match m.scope {
                        k::MatrixScope::Subgroup => Scope::Subgroup,
                        k::MatrixScope::Workgroup => Scope::Workgroup,
                    },
                    rows: m.rows,
                    columns: m.columns,
                    usage: match m.usage {
                        k::MatrixUse::A => spirv::CooperativeMatrixUse::MatrixAKHR,
                        k::MatrixUse::B => spirv::CooperativeMatrixUse::MatrixBKHR,
                        k::MatrixUse::Accumulator => {
                            spirv::CooperativeMatrixUse::MatrixAccumulatorKHR
                        }
                    },
                })
            }
        }
    }

    /// Materializes the sizes of views once in the entry block of `fb`'s function, so every
    /// use is dominated.
    fn materialize_view_sizes(&mut self, fb: &mut FunctionBuilder<'_>) -> Result<(), CompileError> {
        for view in &self.kernel.views {
            for e in view.strides.iter().chain(std::iter::once(&view.offset)) {
                if e.as_const().is_none() && !self.sizes.contains_key(e) {
                    let v = self.size(fb, e)?;
                    self.sizes.insert(e.clone(), v);
                }
            }
        }
        Ok(())
    }

    /// A [`k::MatrixMap`]: its body becomes a function of its own (row, column, element, then
    /// the captured values), applied by `OpCooperativeMatrixPerElementOpNV`.
    fn matrix_map(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        map: &k::MatrixMap,
    ) -> Result<ValueId, CompileError> {
        let matrix_ty = self.vty(map.matrix);
        let k::Type::Matrix(m) = matrix_ty else {
            return Err(internal("matrix_map of a non-matrix"));
        };
        let why = || "a fused epilogue on a workgroup matrix (matrix_map)".to_string();
        self.need(Capability::CooperativeMatrixPerElementOperationsNV, &why);
        let element_ty = self.ty(fb, k::Type::Scalar(m.element), &why);
        let captures = map.captures();
        let u32_ty = fb.ty_u32();
        let mut params = vec![u32_ty, u32_ty, element_ty];
        let mut args = Vec::with_capacity(captures.len());
        for &c in &captures {
            params.push(self.ty(fb, self.vty(c), &why));
            args.push(self.value(c)?);
        }
        let name = format!("{}_epilogue{}", self.kernel.name, map.result.index());
        let func = {
            let mut sub = fb.sibling(&name, element_ty, &params);
            let ids = sub.function().params.clone();
            let mut cx = Converter {
                kernel: self.kernel,
                converter: self.converter,
                conversion: self.conversion,
                capabilities: &mut *self.capabilities,
                bindings: self.bindings,
                push_block: self.push_block,
                push_constants: self.push_constants,
                workgroup_vars: self.workgroup_vars,
                vec4_allocations: self.vec4_allocations,
                function_vars: HashMap::default(),
                values: HashMap::default(),
                builtins: self.builtins.clone(),
                sizes: HashMap::default(),
            };
            cx.materialize_view_sizes(&mut sub)?;
            let row = cx.u32_to_index(&mut sub, ids[0]);
            let column = cx.u32_to_index(&mut sub, ids[1]);
            cx.values.insert(map.row, row);
            cx.values.insert(map.column, column);
            cx.values.insert(map.element, ids[2]);
            for (&c, &p) in captures.iter().zip(&ids[3..]) {
                cx.values.insert(c, p);
            }
            cx.block(&mut sub, &map.body)?;
            let yielded = cx.value(map.yielded)?;
            sub.ret_value(yielded);
            sub.id()
        };
        let result_ty = self.ty(fb, matrix_ty, &why);
        let matrix = self.value(map.matrix)?;
        Ok(fb.cooperative_matrix_per_element(result_ty, matrix, func, &args))
    }

    fn value(&self, v: k::Value) -> Result<ValueId, CompileError> {
        self.values
            .get(&v)
            .copied()
            .ok_or_else(|| internal(format!("kernel value %{} has no SPIR-V value", v.index())))
    }
    fn vty(&self, v: k::Value) -> k::Type {
        self.kernel.values[v].ty
    }

    fn index_ty(&mut self, fb: &mut FunctionBuilder<'_>) -> TypeId {
        self.ty(fb, k::Type::Scalar(ScalarType::Index), &|| {
            "index arithmetic".into()
        })
    }
    fn index_const(&mut self, fb: &mut FunctionBuilder<'_>, c: i64) -> ValueId {
        let t = self.index_ty(fb);
        fb.constant(
            t,
            ConstantValue::Int(if self.converter.index_bits == 64 {
                c as u64
            } else {
                c as i32 as u32 as u64
            }),
        )
    }
    /// A u32 (from a builtin or push constant) as an index.
    fn u32_to_index(&mut self, fb: &mut FunctionBuilder<'_>, x: ValueId) -> ValueId {
        if self.converter.index_bits == 64 {
            let u64_ty = fb.ty(SpvType::Int {
                width: 64,
                signed: false,
            });
            let wide = fb.uconvert(u64_ty, x);
            let t = self.index_ty(fb);
            fb.bitcast(t, wide)
        } else {
            let t = self.index_ty(fb);
            fb.bitcast(t, x)
        }
    }

    fn size(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        e: &SizeExpr,
    ) -> Result<ValueId, CompileError> {
        if let Some(&v) = self.sizes.get(e) {
            return Ok(v);
        }
        let t = self.index_ty(fb);
        let v = match e {
            SizeExpr::Const(c) => return Ok(self.index_const(fb, *c)),
            SizeExpr::Symbol(_) => {
                let position = self
                    .push_constants
                    .iter()
                    .position(|p| p.value == *e)
                    .ok_or_else(|| internal(format!("symbol {e} has no push constant")))?;
                self.push_constant(fb, position)?
            }
            SizeExpr::Add(a, b) => {
                let (x, y) = (self.size(fb, a)?, self.size(fb, b)?);
                fb.iadd(t, x, y)
            }
            SizeExpr::Sub(a, b) => {
                let (x, y) = (self.size(fb, a)?, self.size(fb, b)?);
                fb.isub(t, x, y)
            }
            SizeExpr::Mul(a, b) => {
                let (x, y) = (self.size(fb, a)?, self.size(fb, b)?);
                fb.imul(t, x, y)
            }
            SizeExpr::Div(a, b) => {
                let (x, y) = (self.size(fb, a)?, self.size(fb, b)?);
                fb.sdiv(t, x, y)
            }
            SizeExpr::CeilDiv(a, b) => {
                let (x, y) = (self.size(fb, a)?, self.size(fb, b)?);
                let one = self.index_const(fb, 1);
                let ym1 = fb.isub(t, y, one);
                let s = fb.iadd(t, x, ym1);
                fb.sdiv(t, s, y)
            }
            SizeExpr::Min(a, b) => {
                let (x, y) = (self.size(fb, a)?, self.size(fb, b)?);
                fb.glsl(GlslStd450Op::SMin, t, &[x, y])
            }
            SizeExpr::Max(a, b) => {
                let (x, y) = (self.size(fb, a)?, self.size(fb, b)?);
                fb.glsl(GlslStd450Op::SMax, t, &[x, y])
            }
        };
        Ok(v)
    }

    fn push_constant(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        position: usize,
    ) -> Result<ValueId, CompileError> {
        let var = self
            .push_block
            .ok_or_else(|| internal("push constant without a block"))?;
        let base = fb.address_of(var);
        let member = fb.constant_i32(position as i32);
        let u32_ty = fb.ty_u32();
        let ptr_ty = fb.ty_pointer(u32_ty, StorageClass::PushConstant);
        let ptr = fb.access_chain_typed(ptr_ty, base, &[member]);
        let raw = fb.load(ptr);
        Ok(self.u32_to_index(fb, raw))
    }

    /// The linear element index of a view access.
    fn linear_index(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        view: k::ViewId,
        indices: &[k::Value],
    ) -> Result<ValueId, CompileError> {
        let v = &self.kernel.views[view.0 as usize];
        let t = self.index_ty(fb);
        let (offset, strides) = (v.offset.clone(), v.strides.clone());
        let mut acc = self.size(fb, &offset)?;
        let mut first = offset.is_const(0);
        for (i, stride) in indices.iter().zip(&strides) {
            if stride.is_const(0) {
                continue;
            }
            let iv = self.value(*i)?;
            let term = if stride.is_const(1) {
                iv
            } else {
                let s = self.size(fb, stride)?;
                fb.imul(t, iv, s)
            };
            acc = if first { term } else { fb.iadd(t, acc, term) };
            first = false;
        }
        Ok(acc)
    }

    fn pointer(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        place: &k::Place,
        indices: &[k::Value],
        vector_elements: bool,
    ) -> Result<(ValueId, ScalarType, bool), CompileError> {
        match place {
            k::Place::View(view) => {
                let binding = self.kernel.views[view.0 as usize].binding.0 as usize;
                let info = &self.bindings[binding];
                let (var, elem, vec4) = (info.var, info.element, info.vec4);
                let linear = self.linear_index(fb, *view, indices)?;
                let base = fb.address_of(var);
                let zero = fb.constant_i32(0);
                if vec4 {
                    let ptr = self.vec4_chain(fb, base, &[zero], linear, vector_elements);
                    return Ok((ptr, elem, vector_elements));
                }
                Ok((fb.access_chain(base, &[zero, linear]), elem, false))
            }
            k::Place::Allocation(a) => {
                let alloc = &self.kernel.allocations[*a];
                let base = if let Some(&var) = self.workgroup_vars.get(a) {
                    fb.address_of(var)
                } else if let Some(&v) = self.function_vars.get(a) {
                    v
                } else {
                    return Err(internal(format!("allocation {} not declared", alloc.name)));
                };
                if self.vec4_allocations.contains(a) {
                    let i = self.value(indices[0])?;
                    let ptr = self.vec4_chain(fb, base, &[], i, vector_elements);
                    return Ok((ptr, alloc.element, vector_elements));
                }
                let ptr = if indices.is_empty() {
                    base
                } else {
                    let i = self.value(indices[0])?;
                    fb.access_chain(base, &[i])
                };
                Ok((ptr, alloc.element, false))
            }
        }
    }

    /// The pointer into an array of vec4 at element index `linear` (after the `prefix`
    /// indices): vec4 element `linear / 4` for a vector access (aligned: the lowering's
    /// invariant), its lane `linear % 4` for a scalar one.
    fn vec4_chain(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        base: ValueId,
        prefix: &[ValueId],
        linear: ValueId,
        vector_elements: bool,
    ) -> ValueId {
        let t = self.index_ty(fb);
        let four = self.index_const(fb, 4);
        let mut chain = prefix.to_vec();
        chain.push(fb.sdiv(t, linear, four));
        if !vector_elements {
            chain.push(fb.srem(t, linear, four));
        }
        fb.access_chain(base, &chain)
    }

    /// The pointer and stride operands of a cooperative-matrix load / store at element
    /// `offset` with row stride `stride`: into a vec4 Workgroup array they count vec4s (the
    /// matrix's rows then start on vec4 boundaries, which the lowering guarantees).
    fn matrix_pointer(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        place: &k::Place,
        offset: k::Value,
        stride: k::Value,
    ) -> Result<(ValueId, ValueId), CompileError> {
        let vec4 = matches!(place, k::Place::Allocation(a) if self.vec4_allocations.contains(a));
        let (ptr, _, _) = self.pointer(fb, place, &[offset], vec4)?;
        let stride = self.value(stride)?;
        if !vec4 {
            return Ok((ptr, stride));
        }
        let t = self.index_ty(fb);
        let four = self.index_const(fb, 4);
        Ok((ptr, fb.sdiv(t, stride, four)))
    }

    fn block(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        block: &k::Block,
    ) -> Result<(), CompileError> {
        for stmt in &block.stmts {
            self.stmt(fb, stmt)?;
        }
        Ok(())
    }

    fn declare_function_vars(&mut self, fb: &mut FunctionBuilder<'_>, place: &k::Place) {
        if let k::Place::Allocation(a) = place {
            if self.workgroup_vars.contains_key(a) || self.function_vars.contains_key(a) {
                return;
            }
            let alloc = self.kernel.allocations[*a].clone();
            let value_ty = match alloc.matrix {
                Some(m) => k::Type::Matrix(m),
                None => k::Type::Scalar(alloc.element),
            };
            let elem = self.ty(fb, value_ty, &|| "function variable".into());
            let ty = if alloc.len == 1 {
                elem
            } else {
                let len_ty = fb.ty_u32();
                let _ = len_ty;
                fb.ty(SpvType::Array {
                    element: elem,
                    length: alloc.len,
                    stride: None,
                })
            };
            let var = fb.local_variable(ty);
            self.function_vars.insert(*a, var);
        }
    }

    fn stmt(&mut self, fb: &mut FunctionBuilder<'_>, stmt: &Stmt) -> Result<(), CompileError> {
        match stmt {
            Stmt::Let { result, op } => {
                let v = self.op(fb, *result, op)?;
                self.values.insert(*result, v);
            }
            Stmt::Store {
                place,
                indices,
                value,
            } => {
                self.declare_function_vars(fb, place);
                let vt = self.vty(*value);
                let x = self.value(*value)?;
                let is_vector = matches!(vt, k::Type::Vector(..));
                let (ptr, elem, vec4) = self.pointer(fb, place, indices, is_vector)?;
                if is_vector && !vec4 {
                    return Err(internal("vector store into a scalar binding"));
                }
                let x = if elem == ScalarType::Bool && matches!(place, k::Place::View(_)) {
                    self.bool_to_word(fb, x, vt)
                } else {
                    x
                };
                fb.store(ptr, x);
            }
            Stmt::For {
                iv,
                lower,
                upper,
                step,
                body,
            } => {
                let (lo, hi, st) = (self.value(*lower)?, self.value(*upper)?, self.value(*step)?);
                let mut result = Ok(());
                let iv = *iv;
                fb.for_range(lo, hi, st, &[], |fb, i, _| {
                    self.values.insert(iv, i);
                    result = self.block(fb, body);
                    vec![]
                });
                result?;
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => {
                let c = self.value(*cond)?;
                let mut result = Ok(());
                if else_block.stmts.is_empty() {
                    fb.if_then(c, |fb| result = self.block(fb, then_block));
                } else {
                    // One selection with both arms (two selections on c and !c measured
                    // ~0.3% slower on the H200: the staggered 8192^3 f16 matmul's two tiles).
                    let mut second = Ok(());
                    fb.if_then_else_with(
                        c,
                        &[],
                        self,
                        |fb, this| {
                            result = this.block(fb, then_block);
                            Vec::new()
                        },
                        |fb, this| {
                            second = this.block(fb, else_block);
                            Vec::new()
                        },
                    );
                    second?;
                }
                result?;
            }
            Stmt::Barrier => fb.control_barrier(
                Scope::Workgroup,
                Scope::Workgroup,
                MemorySemantics::ACQUIRE_RELEASE | MemorySemantics::WORKGROUP_MEMORY,
            ),
            Stmt::Parallel { .. } => {
                return Err(internal(
                    "parallel loop reached legalization (distribution did not run)",
                ))
            }
            // ---- cooperative matrices ----
            Stmt::MatrixStore {
                place,
                offset,
                stride,
                value,
            } => {
                let (ptr, stride) = self.matrix_pointer(fb, place, *offset, *stride)?;
                let x = self.value(*value)?;
                fb.cooperative_matrix_store(
                    ptr,
                    x,
                    spirv::CooperativeMatrixLayout::RowMajorKHR,
                    stride,
                );
            }
            Stmt::MatrixStoreTensor(store) => {
                let k::Type::Matrix(m) = self.vty(store.value) else {
                    return Err(internal("tensor matrix store of a non-matrix"));
                };
                let (ptr, layout) = self.tensor_window(
                    fb,
                    store.view,
                    &store.batch,
                    [store.row0, store.col0],
                    [m.rows, m.columns],
                    match (store.in_bounds, store.limits) {
                        (true, _) => WindowClamp::Unclamped,
                        (false, None) => WindowClamp::ToView,
                        (false, Some(limits)) => WindowClamp::ToLimits(limits),
                    },
                )?;
                let x = self.value(store.value)?;
                fb.cooperative_matrix_store_tensor(ptr, x, layout);
            }
            Stmt::MatrixMap(map) => {
                let v = self.matrix_map(fb, map)?;
                self.values.insert(map.result, v);
            }
        }
        Ok(())
    }

    /// The pointer to element `(batch.., 0, 0)` of `view` and a tensor layout (dimensions: the
    /// view's last two, or the limits of [`WindowClamp::ToLimits`], with its row stride) sliced
    /// to the `rows x columns` window at `corner`: unclamped, or reading zeros outside
    /// (writing nothing outside, for stores).
    fn tensor_window(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        view: k::ViewId,
        batch: &[k::Value],
        corner: [k::Value; 2],
        [rows, columns]: [u32; 2],
        clamp: WindowClamp,
    ) -> Result<(ValueId, ValueId), CompileError> {
        const WHY: &str = "tensor-addressed cooperative matrices";
        if self.converter.index_bits != 32 {
            return Err(internal("tensor layouts need 32-bit indices"));
        }
        let v = self.kernel.views[view.0 as usize].clone();
        let info = &self.bindings[v.binding.0 as usize];
        if info.vec4 {
            return Err(internal("tensor matrix access to a vec4 binding"));
        }
        let (var, rank) = (info.var, v.shape.len());
        self.need(Capability::TensorAddressingNV, &|| WHY.into());
        self.need(Capability::CooperativeMatrixTensorAddressingNV, &|| {
            WHY.into()
        });
        let t = self.index_ty(fb);
        let mut linear = self.size(fb, &v.offset)?;
        for (i, stride) in batch.iter().zip(&v.strides) {
            let (i, stride) = (self.value(*i)?, self.size(fb, stride)?);
            let term = fb.imul(t, i, stride);
            linear = fb.iadd(t, linear, term);
        }
        let base = fb.address_of(var);
        let zero = fb.constant_i32(0);
        let ptr = fb.access_chain(base, &[zero, linear]);
        let limits = match clamp {
            WindowClamp::ToLimits(limits) => Some(limits),
            _ => None,
        };
        let mode = match clamp {
            WindowClamp::Unclamped => spirv::TensorClampMode::Undefined,
            _ => spirv::TensorClampMode::Constant,
        };
        let layout_ty = fb.ty_tensor_layout(2, mode);
        let layout = fb.create_tensor_layout(layout_ty);
        let dims = match limits {
            Some([rows, columns]) => [self.value(rows)?, self.value(columns)?],
            None => [
                self.size(fb, &v.shape[rank - 2])?,
                self.size(fb, &v.shape[rank - 1])?,
            ],
        };
        let mut layout = fb.tensor_layout_set_dimension(layout_ty, layout, &dims);
        // Setting the dimensions implies a row stride of the column count: the limits need
        // the view's own.
        if limits.is_some() || v.strides[rank - 2] != v.shape[rank - 1] {
            let strides = [
                self.size(fb, &v.strides[rank - 2])?,
                self.index_const(fb, 1),
            ];
            layout = fb.tensor_layout_set_stride(layout_ty, layout, &strides);
        }
        let window = [
            (
                self.value(corner[0])?,
                self.index_const(fb, i64::from(rows)),
            ),
            (
                self.value(corner[1])?,
                self.index_const(fb, i64::from(columns)),
            ),
        ];
        Ok((ptr, fb.tensor_layout_slice(layout_ty, layout, &window)))
    }

    fn bool_to_word(&mut self, fb: &mut FunctionBuilder<'_>, x: ValueId, vt: k::Type) -> ValueId {
        let u32_ty = fb.ty_u32();
        let (ty, one, zero) = match vt {
            k::Type::Vector(_, w) => {
                let vt = fb.ty_vector(u32_ty, w as u32);
                let one = fb.constant_u32(1);
                let zero = fb.constant_u32(0);
                let ones = fb.composite_construct(vt, &vec![one; w as usize]);
                let zeros = fb.composite_construct(vt, &vec![zero; w as usize]);
                (vt, ones, zeros)
            }
            _ => (u32_ty, fb.constant_u32(1), fb.constant_u32(0)),
        };
        fb.select(ty, x, one, zero)
    }

    fn constant(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        ty: k::Type,
        lit: k::Literal,
    ) -> Result<ValueId, CompileError> {
        let t = self.ty(fb, ty, &|| "constant".into());
        let s = element(ty);
        let value = match (lit, s) {
            (k::Literal::Bool(b), _) => ConstantValue::Bool(b),
            (k::Literal::Int(i), ScalarType::I8) => ConstantValue::Int(i as i8 as u8 as u64),
            (k::Literal::Int(i), ScalarType::I64) => ConstantValue::Int(i as u64),
            (k::Literal::Int(i), ScalarType::Index) if self.converter.index_bits == 64 => {
                ConstantValue::Int(i as u64)
            }
            (k::Literal::Int(i), _) => ConstantValue::Int(i as i32 as u32 as u64),
            (k::Literal::Float(f), ScalarType::F16) => {
                ConstantValue::Float(half::f16::from_f64(f).to_bits() as u64)
            }
            (k::Literal::Float(f), ScalarType::F64) => ConstantValue::Float(f.to_bits()),
            (k::Literal::Float(f), _) => ConstantValue::Float((f as f32).to_bits() as u64),
        };
        Ok(fb.constant(t, value))
    }

    /// The boolean type of the same shape as `ty` (None for a cooperative matrix).
    fn bool_like(&mut self, fb: &mut FunctionBuilder<'_>, ty: k::Type) -> Option<TypeId> {
        let b = match ty {
            k::Type::Scalar(_) => k::Type::Scalar(ScalarType::Bool),
            k::Type::Vector(_, w) => k::Type::Vector(ScalarType::Bool, w),
            k::Type::Matrix(_) => return None,
        };
        Some(self.ty(fb, b, &|| "a float comparison".into()))
    }

    /// A float constant of type `ty` (scalar or vector; every lane the same).
    fn float_splat(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        ty: k::Type,
        t: TypeId,
        value: f64,
    ) -> Result<ValueId, CompileError> {
        let scalar = self.constant(fb, k::Type::Scalar(element(ty)), k::Literal::Float(value))?;
        Ok(match ty {
            k::Type::Vector(_, w) => fb.composite_construct(t, &vec![scalar; w as usize]),
            _ => scalar,
        })
    }

    /// `arith.maximumf` / `arith.minimumf`: a NaN operand gives NaN (as ONNX Max / Min / Relu /
    /// Clip in onnxruntime and the reference interpreter); GLSL's FMax / FMin are undefined
    /// there, and in practice return the other operand. A NaN operand is passed through.
    fn nan_propagating(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        op: GlslStd450Op,
        ty: k::Type,
        t: TypeId,
        a: ValueId,
        b: ValueId,
    ) -> ValueId {
        let m = fb.glsl(op, t, &[a, b]);
        let Some(bt) = self.bool_like(fb, ty) else {
            return m;
        };
        let a_nan = fb.is_nan(bt, a);
        let b_nan = fb.is_nan(bt, b);
        let m = fb.select(t, b_nan, b, m);
        fb.select(t, a_nan, a, m)
    }

    /// `math.powf` with C's `pow` semantics (those of the reference interpreter, numpy and
    /// onnxruntime). GLSL's Pow is undefined for x < 0 and for x = 0, y <= 0, so the device
    /// computes |x|^y and fixes up the rest: the sign of a negative base by an odd integral
    /// exponent, NaN for a finite negative base by a non-integral exponent, 0^y (0 or inf), 1 for
    /// |x| = 1 (then signed), NaN for a NaN operand, and x^0 = 1^y = 1 for any x / y, NaN included.
    /// Not handled: the sign of (-0)^odd (+0 / +inf where C gives -0 / -inf).
    fn powf(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        ty: k::Type,
        t: TypeId,
        x: ValueId,
        y: ValueId,
    ) -> Result<ValueId, CompileError> {
        let Some(bt) = self.bool_like(fb, ty) else {
            return Ok(fb.glsl(GlslStd450Op::Pow, t, &[x, y]));
        };
        let zero = self.float_splat(fb, ty, t, 0.0)?;
        let one = self.float_splat(fb, ty, t, 1.0)?;
        let half = self.float_splat(fb, ty, t, 0.5)?;
        let inf = self.float_splat(fb, ty, t, f64::INFINITY)?;
        let nan = self.float_splat(fb, ty, t, f64::NAN)?;
        let ax = fb.glsl(GlslStd450Op::FAbs, t, &[x]);
        let p = fb.glsl(GlslStd450Op::Pow, t, &[ax, y]);
        // |x| = 1: 1 (GLSL's exp2(y * log2 1) is NaN for an infinite y).
        let ax_one = fb.ford_equal(bt, ax, one);
        let p = fb.select(t, ax_one, one, p);
        // x = 0: inf for y < 0, 0 for y > 0, y itself (NaN) otherwise; y = 0 is fixed below.
        let x_zero = fb.ford_equal(bt, x, zero);
        let y_neg = fb.ford_lt(bt, y, zero);
        let y_pos = fb.ford_gt(bt, y, zero);
        let zero_or_y = fb.select(t, y_pos, zero, y);
        let at_zero = fb.select(t, y_neg, inf, zero_or_y);
        let p = fb.select(t, x_zero, at_zero, p);
        // A negative base: odd integral y flips the sign, a non-integral one is NaN unless the
        // base is -inf (C: (-inf)^0.5 = inf). Infinite y counts as even.
        let x_neg = fb.ford_lt(bt, x, zero);
        let floor_y = fb.glsl(GlslStd450Op::Floor, t, &[y]);
        let integral = fb.ford_equal(bt, floor_y, y);
        let half_y = fb.fmul(t, y, half);
        let floor_half_y = fb.glsl(GlslStd450Op::Floor, t, &[half_y]);
        let half_fraction = fb.ford_not_equal(bt, floor_half_y, half_y);
        let odd = fb.logical_and(bt, integral, half_fraction);
        let flip = fb.logical_and(bt, x_neg, odd);
        let negated = fb.fnegate(t, p);
        let p = fb.select(t, flip, negated, p);
        let not_integral = fb.logical_not(bt, integral);
        let x_finite_neg = {
            let x_inf = fb.is_inf(bt, x);
            let x_not_inf = fb.logical_not(bt, x_inf);
            fb.logical_and(bt, x_neg, x_not_inf)
        };
        let nan_case = fb.logical_and(bt, x_finite_neg, not_integral);
        let p = fb.select(t, nan_case, nan, p);
        // A NaN operand gives NaN (lavapipe's Pow gives 0 for a NaN base).
        let x_nan = fb.is_nan(bt, x);
        let y_nan = fb.is_nan(bt, y);
        let any_nan = fb.logical_or(bt, x_nan, y_nan);
        let sum = fb.fadd(t, x, y);
        let p = fb.select(t, any_nan, sum, p);
        // x^0 = 1 and 1^y = 1, even for a NaN x or y.
        let y_zero = fb.ford_equal(bt, y, zero);
        let x_one = fb.ford_equal(bt, x, one);
        let unit = fb.logical_or(bt, y_zero, x_one);
        Ok(fb.select(t, unit, one, p))
    }

    fn op(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        result: k::Value,
        op: &k::Op,
    ) -> Result<ValueId, CompileError> {
        let rt = self.vty(result);
        let why = || format!("{} %{}", op_family(op), result.index());
        let t = self.ty(fb, rt, &why);
        let s = element(rt);
        Ok(match op {
            // ---- constants ----
            k::Op::Constant(lit) => self.constant(fb, rt, *lit)?,
            // ---- ids -> builtins ----
            k::Op::Builtin { builtin, dim } => {
                let var = *self
                    .builtins
                    .get(builtin)
                    .ok_or_else(|| internal("builtin not declared"))?;
                if matches!(
                    builtin,
                    k::Builtin::SubgroupId
                        | k::Builtin::NumSubgroups
                        | k::Builtin::SubgroupLocalInvocationId
                        | k::Builtin::SubgroupSize
                ) {
                    self.capabilities
                        .push((Capability::GroupNonUniform, format!("builtin {builtin:?}")));
                }
                let ptr = fb.address_of(var);
                let loaded = fb.load(ptr);
                let raw = if builtin.is_vector() {
                    let u32_ty = fb.ty_u32();
                    fb.op_with(
                        SpvOp::CompositeExtract,
                        u32_ty,
                        vec![Operand::Value(loaded), Operand::Literal(*dim as u32)],
                    )
                } else {
                    loaded
                };
                self.u32_to_index(fb, raw)
            }
            k::Op::PushConstant(id) => {
                let expr = self.kernel.push_constants[id.0 as usize].value.clone();
                let position = self
                    .push_constants
                    .iter()
                    .position(|p| p.value == expr)
                    .ok_or_else(|| internal("push constant lost"))?;
                self.push_constant(fb, position)?
            }
            // ---- arith ----
            k::Op::Binary { op, lhs, rhs } => {
                let (a, b) = (self.value(*lhs)?, self.value(*rhs)?);
                use k::BinaryOp as B;
                let float = is_float(s);
                let boolean = s == ScalarType::Bool;
                match op {
                    B::Add if float => fb.fadd(t, a, b),
                    B::Add => fb.iadd(t, a, b),
                    B::Sub if float => fb.fsub(t, a, b),
                    B::Sub => fb.isub(t, a, b),
                    B::Mul if float => fb.fmul(t, a, b),
                    B::Mul => fb.imul(t, a, b),
                    B::Div if float => fb.fdiv(t, a, b),
                    B::Div => fb.sdiv(t, a, b),
                    B::Rem if float => fb.frem(t, a, b),
                    B::Rem => fb.srem(t, a, b),
                    B::Min if float => self.nan_propagating(fb, GlslStd450Op::FMin, rt, t, a, b),
                    B::Min if boolean => fb.logical_and(t, a, b),
                    B::Min => fb.glsl(GlslStd450Op::SMin, t, &[a, b]),
                    B::Max if float => self.nan_propagating(fb, GlslStd450Op::FMax, rt, t, a, b),
                    B::Max if boolean => fb.logical_or(t, a, b),
                    B::Max => fb.glsl(GlslStd450Op::SMax, t, &[a, b]),
                    B::Pow if float => self.powf(fb, rt, t, a, b)?,
                    B::And if boolean => fb.logical_and(t, a, b),
                    B::And => fb.bitwise_and(t, a, b),
                    B::Or if boolean => fb.logical_or(t, a, b),
                    B::Or => fb.bitwise_or(t, a, b),
                    B::Xor if boolean => fb.logical_not_equal(t, a, b),
                    B::Xor => fb.bitwise_xor(t, a, b),
                    B::Pow => {
                        return Err(CompileError::TargetLacks {
                            op: "math.powi".into(),
                            target: self.conversion.target.env.name.clone(),
                            missing: "integer pow has no SPIR-V / GLSL.std.450 instruction".into(),
                        })
                    }
                }
            }
            k::Op::Compare { op, lhs, rhs } => {
                let (a, b) = (self.value(*lhs)?, self.value(*rhs)?);
                let operand = element(self.vty(*lhs));
                use k::CompareOp as C;
                if is_float(operand) {
                    match op {
                        C::Eq => fb.ford_equal(t, a, b),
                        C::Ne => fb.funord_not_equal(t, a, b),
                        C::Lt => fb.ford_lt(t, a, b),
                        C::Le => fb.ford_le(t, a, b),
                        C::Gt => fb.ford_gt(t, a, b),
                        C::Ge => fb.ford_ge(t, a, b),
                    }
                } else if operand == ScalarType::Bool {
                    match op {
                        C::Eq => fb.logical_equal(t, a, b),
                        C::Ne => fb.logical_not_equal(t, a, b),
                        _ => return Err(internal("ordered comparison of booleans")),
                    }
                } else {
                    match op {
                        C::Eq => fb.iequal(t, a, b),
                        C::Ne => fb.inot_equal(t, a, b),
                        C::Lt => fb.slt(t, a, b),
                        C::Le => fb.sle(t, a, b),
                        C::Gt => fb.sgt(t, a, b),
                        C::Ge => fb.sge(t, a, b),
                    }
                }
            }
            k::Op::Select {
                cond,
                on_true,
                on_false,
            } => {
                let (c, a, b) = (
                    self.value(*cond)?,
                    self.value(*on_true)?,
                    self.value(*on_false)?,
                );
                fb.select(t, c, a, b)
            }
            k::Op::Cast { arg } => {
                let from = element(self.vty(*arg));
                let x = self.value(*arg)?;
                self.cast(fb, x, from, s, rt, t)?
            }
            // ---- math -> GLSL.std.450 ----
            k::Op::Unary { op, arg } => {
                let x = self.value(*arg)?;
                use k::UnaryOp as U;
                let float = is_float(s);
                let glsl = |fb: &mut FunctionBuilder<'_>, g: GlslStd450Op| fb.glsl(g, t, &[x]);
                match op {
                    U::Neg if float => fb.fnegate(t, x),
                    U::Neg => fb.snegate(t, x),
                    U::Abs if float => glsl(fb, GlslStd450Op::FAbs),
                    U::Abs => glsl(fb, GlslStd450Op::SAbs),
                    U::Not if s == ScalarType::Bool => fb.logical_not(t, x),
                    U::Not => fb.not(t, x),
                    U::Exp => glsl(fb, GlslStd450Op::Exp),
                    U::Log => glsl(fb, GlslStd450Op::Log),
                    U::Sqrt => glsl(fb, GlslStd450Op::Sqrt),
                    U::Rsqrt => glsl(fb, GlslStd450Op::InverseSqrt),
                    U::Tanh => glsl(fb, GlslStd450Op::Tanh),
                    U::Floor => glsl(fb, GlslStd450Op::Floor),
                    U::Ceil => glsl(fb, GlslStd450Op::Ceil),
                    U::Round => glsl(fb, GlslStd450Op::RoundEven),
                    U::Sin => glsl(fb, GlslStd450Op::Sin),
                    U::Cos => glsl(fb, GlslStd450Op::Cos),
                }
            }
            // ---- memory ----
            k::Op::Load { place, indices } => {
                self.declare_function_vars(fb, place);
                let is_vector = matches!(rt, k::Type::Vector(..));
                let (ptr, elem, vec4) = self.pointer(fb, place, indices, is_vector)?;
                let from_buffer = matches!(place, k::Place::View(_));
                if is_vector && !vec4 {
                    return Err(internal("vector load from a scalar binding"));
                }
                if elem == ScalarType::Bool && from_buffer {
                    let u32_ty = fb.ty_u32();
                    let word_ty = match rt {
                        k::Type::Vector(_, w) => fb.ty_vector(u32_ty, w as u32),
                        _ => u32_ty,
                    };
                    let word = fb.op(SpvOp::Load, word_ty, &[ptr]);
                    let zero = fb.constant_u32(0);
                    let zero = match rt {
                        k::Type::Vector(_, w) => {
                            fb.composite_construct(word_ty, &vec![zero; w as usize])
                        }
                        _ => zero,
                    };
                    fb.inot_equal(t, word, zero)
                } else {
                    fb.op(SpvOp::Load, t, &[ptr])
                }
            }
            // ---- vectors ----
            k::Op::Splat { arg } => {
                let x = self.value(*arg)?;
                match rt {
                    k::Type::Vector(_, w) => fb.composite_construct(t, &vec![x; w as usize]),
                    // A cooperative matrix is constructed from exactly one scalar (a fill).
                    k::Type::Matrix(_) => fb.composite_construct(t, &[x]),
                    k::Type::Scalar(_) => return Err(internal("splat to a scalar")),
                }
            }
            // ---- cooperative matrices ----
            k::Op::MatrixLoad {
                place,
                offset,
                stride,
            } => {
                let (ptr, stride) = self.matrix_pointer(fb, place, *offset, *stride)?;
                fb.cooperative_matrix_load(
                    t,
                    ptr,
                    spirv::CooperativeMatrixLayout::RowMajorKHR,
                    stride,
                )
            }
            k::Op::MatrixLoadTensor {
                view,
                batch,
                row0,
                col0,
                in_bounds,
            } => {
                let k::Type::Matrix(m) = rt else {
                    return Err(internal("tensor matrix load of a non-matrix"));
                };
                let (ptr, layout) = self.tensor_window(
                    fb,
                    *view,
                    batch,
                    [*row0, *col0],
                    [m.rows, m.columns],
                    if *in_bounds {
                        WindowClamp::Unclamped
                    } else {
                        WindowClamp::ToView
                    },
                )?;
                // Elements a clamped load does not read keep the object's value: zero.
                let object = if *in_bounds {
                    fb.undef(t)
                } else {
                    let zero =
                        self.constant(fb, k::Type::Scalar(m.element), k::Literal::Float(0.0))?;
                    fb.composite_construct(t, &[zero])
                };
                fb.cooperative_matrix_load_tensor(t, ptr, object, layout)
            }
            k::Op::MatrixMulAdd { a, b, c } => {
                let (a, b, c) = (self.value(*a)?, self.value(*b)?, self.value(*c)?);
                fb.cooperative_matrix_mul_add(t, a, b, c, spirv::CooperativeMatrixOperands::empty())
            }
            k::Op::Extract { vector, lane } => {
                let x = self.value(*vector)?;
                fb.op_with(
                    SpvOp::CompositeExtract,
                    t,
                    vec![Operand::Value(x), Operand::Literal(*lane as u32)],
                )
            }
            // ---- subgroup ----
            k::Op::SubgroupReduce { op, arg } => {
                self.need(Capability::GroupNonUniformArithmetic, &why);
                self.need(Capability::GroupNonUniform, &why);
                let x = self.value(*arg)?;
                let float = is_float(s);
                let opcode = match (op, float) {
                    (k::ReduceOp::Add, true) => SpvOp::GroupNonUniformFAdd,
                    (k::ReduceOp::Add, false) => SpvOp::GroupNonUniformIAdd,
                    (k::ReduceOp::Mul, true) => SpvOp::GroupNonUniformFMul,
                    (k::ReduceOp::Mul, false) => SpvOp::GroupNonUniformIMul,
                    (k::ReduceOp::Min, true) => SpvOp::GroupNonUniformFMin,
                    (k::ReduceOp::Min, false) => SpvOp::GroupNonUniformSMin,
                    (k::ReduceOp::Max, true) => SpvOp::GroupNonUniformFMax,
                    (k::ReduceOp::Max, false) => SpvOp::GroupNonUniformSMax,
                };
                let reduced = fb.group_non_uniform_reduce(
                    opcode,
                    t,
                    Scope::Subgroup,
                    spirv::GroupOperation::Reduce,
                    x,
                    None,
                );
                let min_max = matches!(op, k::ReduceOp::Min | k::ReduceOp::Max);
                match self.bool_like(fb, rt) {
                    Some(bt) if float && min_max => {
                        // GroupNonUniformFMax / FMin may drop a NaN lane; maximumf / minimumf
                        // must not: a second reduction finds whether any lane holds a NaN.
                        let one = self.float_splat(fb, rt, t, 1.0)?;
                        let zero = self.float_splat(fb, rt, t, 0.0)?;
                        let nan = self.float_splat(fb, rt, t, f64::NAN)?;
                        let is_nan = fb.is_nan(bt, x);
                        let flag = fb.select(t, is_nan, one, zero);
                        let any = fb.group_non_uniform_reduce(
                            SpvOp::GroupNonUniformFMax,
                            t,
                            Scope::Subgroup,
                            spirv::GroupOperation::Reduce,
                            flag,
                            None,
                        );
                        let has_nan = fb.ford_gt(bt, any, zero);
                        fb.select(t, has_nan, nan, reduced)
                    }
                    _ => reduced,
                }
            }
            k::Op::SubgroupBroadcast { arg, lane } => {
                self.need(Capability::GroupNonUniformBallot, &why);
                self.need(Capability::GroupNonUniform, &why);
                let x = self.value(*arg)?;
                let id = fb.constant_u32(*lane);
                fb.op_with(
                    SpvOp::GroupNonUniformBroadcast,
                    t,
                    vec![
                        Operand::Scope(Scope::Subgroup),
                        Operand::Value(x),
                        Operand::Value(id),
                    ],
                )
            }
            k::Op::WorkgroupReduce { .. } => {
                return Err(internal(
                    "workgroup_reduce reached legalization (distribution did not run)",
                ))
            }
        })
    }

    fn cast(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        x: ValueId,
        from: ScalarType,
        to: ScalarType,
        rt: k::Type,
        t: TypeId,
    ) -> Result<ValueId, CompileError> {
        let int_like = |s: ScalarType| {
            matches!(
                s,
                ScalarType::I8 | ScalarType::I32 | ScalarType::I64 | ScalarType::Index
            )
        };
        let width = |s: ScalarType| match s {
            ScalarType::I8 => 8,
            ScalarType::I64 | ScalarType::F64 => 64,
            ScalarType::F16 | ScalarType::BF16 => 16,
            ScalarType::Index => self.converter.index_bits,
            _ => 32,
        };
        Ok(match (from, to) {
            _ if from == to => x,
            (ScalarType::Bool, _) => {
                let one = self.constant(
                    fb,
                    rt_with(rt, to),
                    if is_float(to) {
                        k::Literal::Float(1.0)
                    } else {
                        k::Literal::Int(1)
                    },
                )?;
                let zero = self.constant(
                    fb,
                    rt_with(rt, to),
                    if is_float(to) {
                        k::Literal::Float(0.0)
                    } else {
                        k::Literal::Int(0)
                    },
                )?;
                let (one, zero) = match rt {
                    k::Type::Vector(_, w) => (
                        fb.composite_construct(t, &vec![one; w as usize]),
                        fb.composite_construct(t, &vec![zero; w as usize]),
                    ),
                    _ => (one, zero),
                };
                fb.select(t, x, one, zero)
            }
            (_, ScalarType::Bool) => {
                let zero = self.constant(
                    fb,
                    k::Type::Scalar(from),
                    if is_float(from) {
                        k::Literal::Float(0.0)
                    } else {
                        k::Literal::Int(0)
                    },
                )?;
                let zero = match rt {
                    k::Type::Vector(_, w) => {
                        let vt = self.ty(fb, k::Type::Vector(from, w), &|| "cast".into());
                        fb.composite_construct(vt, &vec![zero; w as usize])
                    }
                    _ => zero,
                };
                if is_float(from) {
                    fb.funord_not_equal(t, x, zero)
                } else {
                    fb.inot_equal(t, x, zero)
                }
            }
            (f, g) if is_float(f) && is_float(g) => fb.fconvert(t, x),
            (f, g) if int_like(f) && is_float(g) => fb.convert_s_to_f(t, x),
            (f, g) if is_float(f) && int_like(g) => fb.convert_f_to_s(t, x),
            (f, g) if int_like(f) && int_like(g) => {
                if width(f) == width(g) {
                    fb.op(SpvOp::CopyObject, t, &[x])
                } else {
                    fb.sconvert(t, x)
                }
            }
            _ => return Err(internal(format!("cast {from:?} -> {to:?}"))),
        })
    }
}

fn rt_with(rt: k::Type, s: ScalarType) -> k::Type {
    let _ = rt;
    k::Type::Scalar(s)
}

fn op_family(op: &k::Op) -> &'static str {
    match op {
        k::Op::Constant(_) => "arith.constant",
        k::Op::Builtin { .. } => "id",
        k::Op::PushConstant(_) => "push_constant",
        k::Op::Unary { .. } => "math",
        k::Op::Binary { .. }
        | k::Op::Compare { .. }
        | k::Op::Select { .. }
        | k::Op::Cast { .. } => "arith",
        k::Op::Load { .. } => "memory.load",
        k::Op::Splat { .. } | k::Op::Extract { .. } => "vector",
        k::Op::SubgroupReduce { .. } => "subgroup_reduce",
        k::Op::SubgroupBroadcast { .. } => "subgroup_broadcast",
        k::Op::WorkgroupReduce { .. } => "workgroup_reduce",
        k::Op::MatrixLoad { .. } | k::Op::MatrixMulAdd { .. } => "cooperative_matrix",
        k::Op::MatrixLoadTensor { .. } => "cooperative_matrix.tensor",
    }
}
