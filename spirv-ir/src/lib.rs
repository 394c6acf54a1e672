//! kiln-spirv-ir: the SPIR-V IR (modelled on MLIR's SPIR-V dialect), target environment,
//! availability, verifier, text form, serializer and deserializer.
//!
//! # The IR in one paragraph
//! A [`Module`] holds the version / capabilities / extensions, interned [`Type`]s, module-level
//! [`GlobalVariable`]s (with `DescriptorSet` / `Binding` / `BuiltIn` folded in),
//! [`SpecConstant`]s, [`Function`]s, [`EntryPoint`]s and execution modes. A function owns arenas
//! of values, ops, blocks and regions; ops mirror SPIR-V instructions ([`OpKind::Inst`] with a
//! [`spirv::Op`] and grammar-ordered [`Operand`]s), plus structural ops: `Constant` (localized,
//! uniqued when serialized), `AddressOf` (a global's pointer), `ReferenceOf`, `Selection` /
//! `Loop` (regions with MLIR's `spirv.mlir.selection` / `spirv.mlir.loop` block rules), `Merge`,
//! and block arguments instead of `OpPhi`. All declarations are in [`syntax`].
//!
//! # API map
//! | task | entry point |
//! |---|---|
//! | build a module | [`ModuleBuilder`], [`FunctionBuilder`] (see below) |
//! | check it | [`verify()`] (structure, dominance, types, Vulkan layout rules) |
//! | minimal version / capabilities / extensions for a target | [`update_vce`] / [`deduce_vce`] |
//! | is an op / type / capability legal on a target | [`TargetEnv::check_op`], [`check_type`], [`TargetEnv::check_capability`], [`availability`] |
//! | target presets | [`TargetEnv::preset`] (`llvmpipe`, `nvidia-h200`, `vulkan1.1`), [`TargetEnv::from_json_file`], [`TargetEnv::spirv_val_target_env`] |
//! | words | [`serialize()`], [`deserialize()`] / [`deserialize_bytes`] (glslang output included) |
//! | text form | [`print_module`], [`parse_module`]; [`disassemble_to_text`], [`assemble_text`] for `kiln spirv dis|as` |
//! | tests | [`validate_with_spirv_val`] (`KILN_SPIRV_VAL` or a 2024+ `spirv-val` on PATH) |
//!
//! A typical pipeline end: `verify(&m)?; update_vce(&mut m, &target)?; let words =
//! serialize(&m)?;` and in tests `validate_with_spirv_val(&words, &target.spirv_val_target_env())`.
//! Cooperative matrices on Vulkan also need `m.memory_model = spirv::MemoryModel::Vulkan`
//! (spirv-val's rule for `Shader` + `CooperativeMatrixKHR`).
//!
//! # Building a kernel
//! ```
//! use kiln_spirv_ir::spirv::{BuiltIn, MemorySemantics, Scope, GlslStd450Op};
//! use kiln_spirv_ir::*;
//!
//! let mut m = ModuleBuilder::new(Version::V1_3); // Logical / GLSL450, capability Shader
//! let f32t = m.ty_f32();
//! let u32t = m.ty_u32();
//! let v3u = m.ty_vector(u32t, 3);
//! let void = m.ty_void();
//! // struct { float[] (ArrayStride 4) at Offset 0 } Block, StorageBuffer, set 0 binding 0 / 1
//! let x_buf = m.storage_buffer("x", f32t, 4, 0, 0);
//! let y_buf = m.storage_buffer("y", f32t, 4, 0, 1);
//! let n_ty = m.ty_struct(&[(u32t, Some(0))], true);
//! let params = m.push_constant_block("params", n_ty);
//! let gid = m.builtin_input(BuiltIn::GlobalInvocationId, v3u);
//!
//! let mut f = m.function("main", void, &[]);
//! let bool_t = f.ty_bool();
//! let gid_ptr = f.address_of(gid);               // spirv.mlir.addressof
//! let gid_v = f.load(gid_ptr);                   // result type inferred from the pointer
//! let i = f.composite_extract(u32t, gid_v, &[0]);
//! let zero = f.constant_u32(0);                  // localized constant
//! let p = f.address_of(params);
//! let n_ptr = f.access_chain(p, &[zero]);        // result pointer type derived
//! let n = f.load(n_ptr);
//! let in_bounds = f.ult(bool_t, i, n);           // ops take the result type first
//! f.if_then(in_bounds, |f| {                     // structured selection, no results
//!     let zero = f.constant_u32(0);
//!     let xp = f.address_of(x_buf);
//!     let src = f.access_chain(xp, &[zero, i]);
//!     let x = f.load(src);
//!     let e = f.glsl(GlslStd450Op::Exp, f32t, &[x]);
//!     // for i in 0..4 carrying an f32 accumulator: block arguments, no phis
//!     let (lo, hi, step) = (f.constant_u32(0), f.constant_u32(4), f.constant_u32(1));
//!     let acc = f.for_range(lo, hi, step, &[e], |f, _k, args| vec![f.fadd(f32t, args[0], x)]);
//!     // if/else with a result
//!     let big = f.constant_f32(100.0);
//!     let is_big = f.ford_gt(bool_t, acc[0], big);
//!     let r = f.if_then_else(is_big, &[f32t], |_| vec![big], |_| vec![acc[0]]);
//!     let yp = f.address_of(y_buf);
//!     let dst = f.access_chain(yp, &[zero, i]);
//!     f.store(dst, r[0]);
//! });
//! f.control_barrier(Scope::Workgroup, Scope::Workgroup,
//!     MemorySemantics::ACQUIRE_RELEASE | MemorySemantics::WORKGROUP_MEMORY);
//! f.ret();
//! let main = f.id();
//! m.compute_entry_point(main, "main", [64, 1, 1]); // OpEntryPoint + LocalSize
//! let module = m.finish();
//! let words = serialize(&module).unwrap();
//! assert_eq!(words[0], 0x0723_0203);
//! validate_with_spirv_val(&words, "vulkan1.1").unwrap(); // fails loudly without spirv-val
//! ```
//!
//! ## Builder cheat sheet
//! - Types: `ty_void/bool/u32/i32/f32/f16/int(w, signed)/float(w)/vector/array(e, len,
//!   stride)/runtime_array/struct(&[(ty, offset)], block)/pointer/function/cooperative_matrix/
//!   tensor_layout(dim, clamp_mode)`, `ty_runtime_array_block(elem, stride)` (the storage-buffer
//!   block type).
//! - Globals: `global_variable(name, pointee, storage_class)`, `storage_buffer(name, elem,
//!   stride, set, binding)`, `workgroup_variable`, `push_constant_block`, `builtin_input`,
//!   `set_binding`, `decorate_global`; `spec_constant(name, spec_id, ty, default)`.
//! - Ops (result type first where the instruction has one): arithmetic `iadd isub imul udiv
//!   sdiv umod srem smod fadd fsub fmul fdiv frem fmod snegate fnegate iadd_carry isub_borrow
//!   umul_extended smul_extended dot vector_times_scalar`; bit `bitwise_and/or/xor not
//!   shift_* bit_count bit_reverse`; relational `iequal inot_equal ult ule ugt uge slt sle sgt sge
//!   ford_* funord_* is_nan is_inf any all logical_*`, `select`; conversion `convert_f_to_u
//!   convert_f_to_s convert_s_to_f convert_u_to_f uconvert sconvert fconvert bitcast`;
//!   composite `composite_construct/extract/insert vector_shuffle vector_extract_dynamic
//!   vector_insert_dynamic`; memory `address_of load load_with store copy_memory access_chain
//!   access_chain_typed ptr_access_chain local_variable array_length`; constants `constant_u32
//!   constant_i32 constant_f32 constant_f16_bits constant_bool constant_null constant
//!   reference_of undef`; `glsl(GlslStd450Op::X, ty, &args)`; barriers `control_barrier
//!   memory_barrier`; atomics `atomic(opcode, ..) atomic_iadd atomic_fadd atomic_load
//!   atomic_store atomic_compare_exchange`; subgroup `group_non_uniform_elect
//!   group_non_uniform(opcode, ty, scope, &args) group_non_uniform_reduce(opcode, ty, scope,
//!   GroupOperation, v, cluster)`; `integer_dot`; cooperative matrix `cooperative_matrix_load
//!   /store/mul_add/length`; tensor addressing (`SPV_NV_cooperative_matrix2`, Workgroup-scope
//!   matrices) `create_tensor_layout tensor_layout_set_dimension tensor_layout_set_stride
//!   tensor_layout_slice cooperative_matrix_load_tensor cooperative_matrix_store_tensor`,
//!   `cooperative_matrix_per_element(ty, matrix, func, &extra)` (its function built with
//!   `f.sibling(name, result, &params)` while `f` is alive); calls `call`; anything else:
//!   `op(opcode, ty, &values)`,
//!   `op_with(opcode, ty, operands)`, `op_void(opcode, operands)`.
//! - Control flow: `if_then`, `if_then_else`, `while_loop`, `for_range`; or explicitly with
//!   `begin_selection` / `begin_loop` (they return the header / continue / merge blocks),
//!   `append_block(region, arg_types)`, `set_insertion_point`, `branch`, `branch_conditional`,
//!   `switch`, `end_structured(parent)`. A `break` is a `branch` to the loop's merge block from
//!   inside the body (also from nested selections); a `continue` a branch to its continue block.
//! - Entry: `compute_entry_point(func, name, [x, y, z])`, `execution_mode`, `capability`,
//!   `extension`.
//!
//! Function-storage variables may be created anywhere: the serializer hoists them into the
//! entry block. A loop header block should not contain structured ops (the serializer splits
//! such a header, but MLIR's rules forbid it).
#![forbid(unsafe_code)] // Only kiln-runtime (its Vulkan calls through ash) uses `unsafe`.

pub mod arena;
pub mod availability;
pub mod builder;
pub mod deserialize;
mod dominance;
pub mod parse;
pub mod print;
pub mod serialize;
pub mod syntax;
pub mod target;
pub mod tools;
pub mod vce;
pub mod verify;

pub use arena::{Arena, Handle, UniqueArena};
pub use availability::{Availability, Missing};
pub use builder::{FunctionBuilder, LoopBlocks, ModuleBuilder, SelectionBlocks};
pub use deserialize::{deserialize, deserialize_bytes, DeserializeError};
pub use parse::{parse_module, parse_module_with_positions, OpPositions, ParseError};
pub use print::print_module;
pub use serialize::{serialize, serialize_with, SerializeError, SerializeOptions};
pub use syntax::*;
pub use target::{TargetEnv, TargetEnvError};
pub use tools::{validate_with_spirv_val, ToolError};
pub use vce::{check_type, deduce_vce, update_vce, Legality, Vce, VceError};
pub use verify::{verify, VerifyError, VerifyErrors};

/// Re-exported so users need no direct dependency on the `spirv` crate.
pub use spirv;

/// Whether `kind` ends a block.
pub fn is_terminator(kind: &OpKind) -> bool {
    matches!(
        kind,
        OpKind::Merge { .. }
            | OpKind::Branch { .. }
            | OpKind::BranchConditional { .. }
            | OpKind::Switch { .. }
            | OpKind::Return
            | OpKind::ReturnValue(_)
            | OpKind::Unreachable
    ) || matches!(kind, OpKind::Inst { opcode, .. } if is_terminator_opcode(*opcode))
}

/// The instructions of [`OpKind::Inst`] that end a block: they leave the invocation (`OpKill`,
/// `OpTerminateInvocation`, `OpEmitMeshTasksEXT`, the ray-tracing ones).
pub fn is_terminator_opcode(opcode: spirv::Op) -> bool {
    use spirv::Op;
    matches!(
        opcode,
        Op::Kill
            | Op::TerminateInvocation
            | Op::EmitMeshTasksEXT
            | Op::IgnoreIntersectionKHR
            | Op::TerminateRayKHR
    )
}

/// An error of [`disassemble_to_text`] / [`assemble_text`].
#[derive(Debug, thiserror::Error)]
pub enum TextError {
    #[error("deserializing: {0}")]
    Deserialize(#[from] DeserializeError),
    #[error("parsing: {0}")]
    Parse(#[from] ParseError),
    #[error("serializing: {0}")]
    Serialize(#[from] SerializeError),
    /// The text parses but the module breaks the verifier's rules; each line names the op and
    /// its `line:column` in the text.
    #[error("invalid module:\n{0}")]
    Verify(String),
}

/// `kiln spirv dis`: SPIR-V words -> the text form.
pub fn disassemble_to_text(words: &[u32]) -> Result<String, TextError> {
    Ok(print_module(&deserialize(words)?))
}

/// `kiln spirv as`: the text form -> SPIR-V words. The module must pass [`verify`] first: an
/// invalid module is refused, each error naming the op and its place in the text.
pub fn assemble_text(text: &str) -> Result<Vec<u32>, TextError> {
    let (module, positions) = parse::parse_module_with_positions(text)?;
    if let Err(errors) = verify(&module) {
        let lines: Vec<String> = errors
            .0
            .iter()
            .map(|e| {
                let at = e
                    .function
                    .as_ref()
                    .zip(e.op)
                    .and_then(|(f, op)| positions.get(f, op))
                    .map(|(line, column)| format!("{line}:{column}: "))
                    .unwrap_or_default();
                format!("{at}{e}")
            })
            .collect();
        return Err(TextError::Verify(lines.join("\n")));
    }
    Ok(serialize(&module)?)
}
