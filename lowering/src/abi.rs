//! `abi-vce-serialize`: the ABI of each module (the `GLCompute` entry point named after the
//! kernel, with `LocalSize`; the serializer lists every global the entry point uses in its
//! interface), the version / extensions the used capabilities need (minimal VCE: capabilities
//! were recorded by `legalize` as patterns used them), and serialization to words.
//!
//! The capabilities `legalize` recorded (and checked against the target, naming the kernel op)
//! are then re-deduced from the module itself by spirv-ir's UpdateVCE, which also picks the
//! minimal version and the extensions.

use crate::error::CompileError;
use crate::pass::{CompilationUnit, Pass, Phase};
use kiln_spirv_ir::spirv::Capability;
use kiln_spirv_ir::{ModuleBuilder, Version};

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
            let version = mb.module().version;
            let capabilities = mb.module().capabilities.clone();
            if capabilities.contains(&Capability::StorageBuffer8BitAccess)
                && version < Version::V1_5
            {
                mb.extension("SPV_KHR_8bit_storage");
            }
            if capabilities.contains(&Capability::StorageBuffer16BitAccess)
                && version < Version::V1_3
            {
                mb.extension("SPV_KHR_16bit_storage");
            }
            for ext in mb.module().extensions.clone() {
                if !unit.target.env.has_extension(&ext) {
                    return Err(CompileError::TargetLacks {
                        op: kernel.name.clone(),
                        target: unit.target.env.name.clone(),
                        missing: format!("extension {ext}"),
                    });
                }
            }
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
