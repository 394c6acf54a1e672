//! `abi-vce-serialize`: the ABI of each module (the `GLCompute` entry point named after the
//! kernel, with `LocalSize`; the serializer lists every global the entry point uses in its
//! interface), the minimal version / capabilities / extensions, and serialization to words.
//!
//! The triple is deduced in one place: spirv-ir's UpdateVCE, from the module itself and the
//! SPIR-V grammar's availability data, checked against the target env. `legalize` has already
//! checked each op against the same data (naming the kernel op); nothing here names a
//! capability or an extension.

use crate::error::CompileError;
use crate::pass::{CompilationUnit, Pass, Phase};
use kiln_spirv_ir::ModuleBuilder;

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
            // Moved, not cloned (a large kernel's module is tens of thousands of ops); a
            // failing check below fails the whole compilation, which discards the unit.
            let placeholder = kiln_spirv_ir::Module::new(s.module.version);
            let mut mb = ModuleBuilder::from_module(std::mem::replace(&mut s.module, placeholder));
            let function = mb
                .module()
                .functions
                .iter()
                .find(|(_, f)| f.name == kernel.name)
                .map(|(h, _)| h)
                .ok_or_else(|| {
                    CompileError::internal(
                        self.name(),
                        format!("no function for kernel {}", kernel.name),
                    )
                })?;
            mb.compute_entry_point(function, &kernel.name, kernel.local_size);
            s.module = mb.finish();
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
