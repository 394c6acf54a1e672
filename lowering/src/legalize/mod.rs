//! `legalize`: converts each distributed kernel into a SPIR-V module of kiln-spirv-ir, the MLIR
//! way: a [`TypeConverter`] (index -> i32 or i64; storage buffers -> `ptr<struct<rtarray<T,
//! stride>> [Block, Offset 0], StorageBuffer>`; booleans stored as u32 words; f16 computed in
//! f16 only with `Float16`), a [`ConversionTarget`] built from the target env that says which
//! features are legal, and conversion patterns grouped by source op family, one file each:
//!
//! | file | kernel IR ops | SPIR-V |
//! |---|---|---|
//! | `arith.rs` | constants, binary, compare, select, cast, splat / extract | core arithmetic, composites |
//! | `math.rs` | unary math, `powf` | GLSL.std.450 |
//! | `control_flow.rs` | `for`, `if` | structured loops / selections |
//! | `memory.rs` | loads, stores, views, allocations | access chains, `Load` / `Store` |
//! | `addresses.rs` | bindings reached by device address | `PhysicalStorageBuffer` pointers from push-constant words |
//! | `builtins.rs` | ids, push constants, symbolic sizes | builtin `Input` variables, the push-constant block |
//! | `subgroup.rs` | barriers, subgroup reductions / broadcasts | `ControlBarrier`, `GroupNonUniform*` |
//! | `cooperative_matrix.rs` | matrix loads / stores / mul-add / map, tensor windows | `CooperativeMatrix*KHR`, NV tensor addressing |
//!
//! `converter.rs` holds the driver: the per-kernel state and the dispatch of each statement and op
//! to its pattern. A construct the target cannot express is an error naming the op and what the
//! target lacks.
//!
//! Legality is decided per op, where the patterns create SPIR-V: the [`ConversionTarget`] checks
//! each instruction, type and global against the target env with the SPIR-V grammar's
//! availability data (spirv-ir's `Legality`), and an illegal one fails naming the kernel op
//! that produced it. No pattern declares a capability or extension: `abi-vce-serialize` deduces
//! the module's minimal version / capabilities / extensions once, from the same data.
//! Function-storage variables are hoisted by the serializer.

mod addresses;
mod arith;
mod builtins;
mod control_flow;
mod conversion_target;
mod converter;
mod cooperative_matrix;
mod math;
mod memory;
mod subgroup;
mod type_converter;

pub use conversion_target::ConversionTarget;
pub use type_converter::TypeConverter;

use crate::error::CompileError;
use crate::kernel_ir::{self as k, Stmt};
use crate::pass::{CompilationUnit, Pass, Phase, SpirvKernel};
use crate::size_expr::SizeExpr;
use crate::target::LoweringTarget;
use builtins::{spirv_builtin, used_builtins};
use converter::{BindingBase, BindingInfo, Converter};
use k::walk;
use kiln_spirv_ir::spirv;
use kiln_spirv_ir::{EntryPointAbi, ModuleBuilder, Type as SpvType, TypeId, Version};
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
            out.push(
                legalize_kernel(kernel, &unit.target)
                    .map_err(|e| e.at(self.name(), &kernel.origin))?,
            );
        }
        unit.spirv = out;
        Ok(())
    }
}

/// Whether the kernel uses cooperative matrices (which need the Vulkan memory model).
fn uses_matrices(kernel: &k::Kernel) -> bool {
    kernel
        .values
        .iter()
        .any(|(_, v)| matches!(v.ty, k::Type::Matrix(_)))
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
    let conversion = ConversionTarget::new(target);

    // Which bindings are accessed only by 4-lane vector loads / stores.
    let vec4 = vector_only_bindings(kernel);

    // Storage buffers: descriptor-bound globals, or pointers from device addresses.
    let mut bindings = Vec::new();
    for (i, b) in kernel.bindings.iter().enumerate() {
        let (elem_ty, stride) = converter.storage_element(&mut mb, b.element);
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
        let base = if b.by_address {
            addresses::declare_addressed_binding(&mut mb, ty, stride)
        } else {
            let var = mb.storage_buffer(&b.name, ty, stride, b.set, b.binding);
            match b.access {
                k::Access::ReadOnly => mb.decorate_global(var, spirv::Decoration::NonWritable, &[]),
                k::Access::WriteOnly => {
                    mb.decorate_global(var, spirv::Decoration::NonReadable, &[])
                }
                k::Access::ReadWrite => {}
            }
            conversion.check_global(mb.module(), var, &|| {
                format!("binding {} ({:?} storage)", b.binding, b.element)
            })?;
            BindingBase::Descriptor(var)
        };
        bindings.push(BindingInfo {
            base,
            element: b.element,
            vec4: is_vec4,
            alignment: stride,
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
    // After them, two words (low, high) of each device address a binding is reached through.
    let address_offsets = addresses::address_offsets(kernel, push_constants.len());
    let words = push_constants.len() + 2 * address_offsets.iter().flatten().count();
    addresses::check_push_constant_size(kernel, words, target)?;
    let push_block = if words == 0 {
        None
    } else {
        let u32_ty = mb.ty(SpvType::Int {
            width: 32,
            signed: false,
        });
        let members: Vec<(TypeId, Option<u32>)> =
            (0..words).map(|i| (u32_ty, Some(4 * i as u32))).collect();
        let block = mb.ty_struct(&members, true);
        let var = mb.push_constant_block("push_constants", block);
        conversion.check_global(mb.module(), var, &|| "push constants".into())?;
        Some(var)
    };

    // Workgroup allocations become module-scope variables: arrays of vec4 when the kernel
    // accesses them with 4-lane vectors (128-bit shared-memory accesses), else of scalars.
    let vec4_allocations = vector_allocations(kernel);
    let mut workgroup_vars = HashMap::default();
    for (h, a) in kernel.allocations.iter() {
        if a.storage == k::StorageClass::Workgroup {
            let elem = converter.scalar(&mut mb, a.element);
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
            let var = mb.workgroup_variable(&a.name, ty);
            conversion.check_global(mb.module(), var, &|| {
                format!("workgroup allocation {}", a.name)
            })?;
            workgroup_vars.insert(h, var);
        }
    }

    let void = mb.ty_void();
    let function_id;
    {
        let mut cx = Converter {
            kernel,
            converter: &converter,
            conversion: &conversion,
            bindings: &bindings,
            push_block,
            push_constants: &push_constants,
            workgroup_vars: &workgroup_vars,
            vec4_allocations: &vec4_allocations,
            function_vars: HashMap::default(),
            values: HashMap::default(),
            builtins: HashMap::default(),
            sizes: HashMap::default(),
            addresses: HashMap::default(),
            address_offsets: &address_offsets,
            checked_ops: 0,
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
            let var = mb.builtin_input(sb, ty);
            conversion.check_global(mb.module(), var, &|| format!("builtin {builtin:?}"))?;
            builtin_vars.insert(builtin, var);
        }
        cx.builtins = builtin_vars;
        let mut fb = mb.function(&kernel.name, void, &[]);
        function_id = fb.id();
        cx.materialize_view_sizes(&mut fb)?;
        cx.materialize_binding_addresses(&mut fb)?;
        cx.block(&mut fb, &kernel.body)?;
        fb.ret();
        cx.check_new_ops(&fb, &|| format!("kernel {}", kernel.name))?;
    }

    // The module declares no capability or extension yet: `abi-vce-serialize` deduces the
    // minimal triple from the finished module.
    let mut module = mb.finish();
    // The entry point and its workgroup size, for `abi-vce-serialize` to materialize.
    module.abi.entry_points.push((
        function_id,
        EntryPointAbi {
            workgroup_size: kernel.local_size,
        },
    ));
    if address_offsets.iter().any(Option::is_some) {
        // `PhysicalStorageBuffer` pointers need the 64-bit physical addressing model.
        module.addressing_model = spirv::AddressingModel::PhysicalStorageBuffer64;
        conversion.check_models(&module, "buffer device addresses")?;
    }
    if uses_matrices(kernel) {
        // spirv-val: `Shader` + `CooperativeMatrixKHR` needs the Vulkan memory model.
        module.memory_model = spirv::MemoryModel::Vulkan;
        conversion.check_models(&module, "cooperative matrices (the Vulkan memory model)")?;
    }
    Ok(SpirvKernel {
        module,
        entry_point: kernel.name.clone(),
        words: None,
        push_constants,
        address_offsets,
    })
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
                    .all(|s| s.is_multiple_of(4))
                && view.offset.is_multiple_of(4);
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
