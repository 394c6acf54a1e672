//! The [`ConversionTarget`]: which SPIR-V ops, types and globals the target env makes legal,
//! decided per op as the patterns create them (MLIR's `SPIRVConversionTarget`).
//!
//! Legality is not a table of kiln's: each instruction, type, storage class, builtin and
//! decoration needs what the SPIR-V grammar (the `spirv` crate's availability data, read by
//! [`kiln_spirv_ir::Legality`]) says: a version, one of some capabilities, one of some
//! extensions. An instruction the target cannot provide is an error naming the kernel op whose
//! pattern produced it and what is missing. The conversion target only checks: the module's
//! minimal version / capabilities / extensions are deduced once, from the finished module, by
//! `abi-vce-serialize` (spirv-ir's UpdateVCE over the same data).

use crate::error::CompileError;
use crate::target::LoweringTarget;
use kiln_spirv_ir::{Function, GlobalVarId, Legality, Module, OpId, VceError};
use std::cell::RefCell;

pub struct ConversionTarget<'a> {
    pub target: &'a LoweringTarget,
    /// What was checked so far (each instruction form and type once), shared by the functions
    /// of a module; behind a `RefCell` because patterns hold the target by shared reference.
    legality: RefCell<Legality<'a>>,
}

impl<'a> ConversionTarget<'a> {
    pub fn new(target: &'a LoweringTarget) -> Self {
        ConversionTarget {
            target,
            legality: RefCell::new(Legality::new(&target.env)),
        }
    }

    /// Checks the ops of `function` from index `from` on, which the pattern of `source` (the
    /// kernel op, printed only on failure) produced.
    pub fn check_ops(
        &self,
        module: &Module,
        function: &Function,
        from: usize,
        source: &dyn Fn() -> String,
    ) -> Result<(), CompileError> {
        let mut legality = self.legality.borrow_mut();
        for index in from..function.ops.len() {
            let op = &function.ops[OpId::from_index(index)];
            legality
                .check_op(module, function, op)
                .map_err(|e| self.illegal(source(), e))?;
        }
        Ok(())
    }

    /// Checks a module-scope variable created for `source`.
    pub fn check_global(
        &self,
        module: &Module,
        var: GlobalVarId,
        source: &dyn Fn() -> String,
    ) -> Result<(), CompileError> {
        self.legality
            .borrow_mut()
            .check_global(module, var)
            .map_err(|e| self.illegal(source(), e))
    }

    /// Checks the module's addressing and memory models, chosen for `source`.
    pub fn check_models(&self, module: &Module, source: &str) -> Result<(), CompileError> {
        self.legality
            .borrow_mut()
            .check_models(module)
            .map_err(|e| self.illegal(source.to_string(), e))
    }

    fn illegal(&self, op: String, e: VceError) -> CompileError {
        let missing = match e {
            VceError::Missing { missing, .. } => format!("{} {}", missing.item, missing.reason),
            other => other.to_string(),
        };
        CompileError::TargetLacks {
            op,
            target: self.target.env.name.clone(),
            missing,
        }
    }
}
