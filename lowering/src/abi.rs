//! `abi-vce-serialize`: the ABI of each module, the minimal version / capabilities /
//! extensions, and serialization to words.
//!
//! The ABI comes from the module's ABI attributes ([`lower_abi_attributes`], MLIR's
//! `LowerABIAttributesPass`): a function with `#spirv.entry_point_abi<workgroup_size = [x, y,
//! z]>` becomes a `GLCompute` entry point named after it with `LocalSize x y z` (the serializer
//! lists every global the entry point uses in its interface); each of its parameters with
//! `#spirv.interface_var_abi<(set, binding)>` becomes a global variable of the parameter's
//! pointer type decorated `DescriptorSet` / `Binding`, the parameter's uses its address.
//!
//! The triple is deduced in one place: spirv-ir's UpdateVCE, from the module itself and the
//! SPIR-V grammar's availability data, checked against the target env. `legalize` has already
//! checked each op against the same data (naming the kernel op); nothing here names a
//! capability or an extension.

use crate::error::CompileError;
use crate::pass::{CompilationUnit, Pass, Phase};
use kiln_spirv_ir::{GlobalVariable, Module, ModuleBuilder, OpKind, Operation, Type, ValueDef};

pub struct AbiLowering;

impl Pass for AbiLowering {
    fn name(&self) -> &'static str {
        "abi-vce-serialize"
    }
    fn summary(&self) -> &'static str {
        "entry points, LocalSize, minimal version/extensions, serialization"
    }
    fn requires(&self) -> Phase {
        Phase::Spirv
    }
    fn produces(&self) -> Phase {
        Phase::Serialized
    }
    fn run(&self, unit: &mut CompilationUnit) -> Result<(), CompileError> {
        for (s, kernel) in unit.spirv.iter_mut().zip(&unit.kernels) {
            lower_abi_attributes(&mut s.module).map_err(|e| {
                CompileError::internal(self.name(), format!("{}: {e}", kernel.name))
            })?;
            if s.module.entry_points.is_empty() {
                return Err(CompileError::internal(
                    self.name(),
                    format!("kernel {} has no entry-point ABI", kernel.name),
                ));
            }
            // spirv-ir's UpdateVCE: the minimal version / capabilities / extensions the module
            // really uses, checked against the target env.
            kiln_spirv_ir::update_vce(&mut s.module, &unit.target.env).map_err(|e| {
                CompileError::TargetLacks {
                    op: kernel.name.clone(),
                    target: unit.target.env.name.clone(),
                    missing: e.to_string(),
                }
            })?;
            let words = kiln_spirv_ir::serialize(&s.module).map_err(|e| {
                CompileError::internal(self.name(), format!("{}: {e}", kernel.name))
            })?;
            s.words = Some(words);
        }
        Ok(())
    }
}

/// Materializes the ABI attributes of `module` (see the module docs) and removes them. Fails on
/// an interface-variable ABI on a function without an entry-point ABI, on a parameter that is
/// not a pointer, or on a (set, binding) given twice.
pub fn lower_abi_attributes(module: &mut Module) -> Result<(), String> {
    let abi = std::mem::take(&mut module.abi);
    for &(function, index, _) in &abi.interface_vars {
        if abi.entry_point(function).is_none() {
            return Err(format!(
                "parameter {index} of function `{}` has an interface-variable ABI, but the \
                 function has no entry-point ABI",
                module.functions[function].name
            ));
        }
    }
    // Per function, its parameters with an interface ABI, last first: removing a parameter
    // leaves the positions of the earlier ones unchanged.
    let mut vars = abi.interface_vars.clone();
    vars.sort_by_key(|&(f, index, _)| (f, std::cmp::Reverse(index)));
    let mut bound: Vec<(u32, u32)> = Vec::new();
    let mut created = Vec::new();
    for &(function, index, var) in &vars {
        let key = (var.descriptor_set, var.binding);
        if bound.contains(&key) {
            return Err(format!(
                "descriptor set {} binding {} is given to two parameters",
                key.0, key.1
            ));
        }
        bound.push(key);
        let f = &module.functions[function];
        let param = *f
            .params
            .get(index as usize)
            .ok_or_else(|| format!("function `{}` has no parameter {index}", f.name))?;
        let value = &f.values[param];
        let Type::Pointer { storage_class, .. } = module.types[value.ty] else {
            return Err(format!(
                "parameter {index} of function `{}` has an interface-variable ABI but is not \
                 a pointer",
                f.name
            ));
        };
        let name = value
            .name
            .clone()
            .unwrap_or_else(|| format!("binding_{}_{}", key.0, key.1));
        let global = module.global_variables.append(GlobalVariable {
            name: Some(name),
            ty: value.ty,
            storage_class,
            initializer: None,
            descriptor_set: Some(var.descriptor_set),
            binding: Some(var.binding),
            builtin: None,
            decorations: Vec::new(),
            location: None,
        });
        created.push((function, index, param, global));
    }
    for (function, index, param, global) in created {
        // The parameter becomes the result of an `AddressOf` at the top of the entry block.
        let f = &mut module.functions[function];
        let op = f.ops.append(Operation {
            kind: OpKind::AddressOf(global),
            results: vec![param],
            decorations: Vec::new(),
            location: None,
        });
        f.values[param].def = ValueDef::Result { op, index: 0 };
        let entry = f.regions[f.body].blocks[0];
        f.blocks[entry].ops.insert(0, op);
        f.params.remove(index as usize);
        for (position, &p) in f.params.iter().enumerate() {
            f.values[p].def = ValueDef::Param(position as u32);
        }
    }
    let placeholder = Module::new(module.version);
    let mut mb = ModuleBuilder::from_module(std::mem::replace(module, placeholder));
    for (function, entry) in abi.entry_points {
        let name = mb.module().functions[function].name.clone();
        mb.compute_entry_point(function, &name, entry.workgroup_size);
    }
    *module = mb.finish();
    Ok(())
}
