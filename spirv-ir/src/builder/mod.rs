//! The builder: [`ModuleBuilder`] creates types, globals, spec constants, entry points and
//! functions; [`FunctionBuilder`] appends ops at an insertion point and returns their result
//! [`ValueId`]s, with helpers for structured selections and loops.
//!
//! Methods named after an instruction (`iadd`, `load`, `access_chain`, ...) take the result
//! type first when the instruction has one and the builder cannot infer it without ambiguity;
//! `op` / `op_void` create any other core instruction from its [`spirv::Op`] and grammar
//! operands. The builder does not check types: run [`crate::verify()`] on the result (tests do).
//! Misuse of the builder API itself (an insertion point in another function, a block that
//! does not exist) is a programming error and panics.
//!
//! [`module`] holds the module builder; the function builder is laid out by instruction
//! family: [`function`] its blocks, insertion point and generic ops, [`values`] constants
//! and memory, [`instructions`] arithmetic, composites, extended instructions, barriers,
//! atomics and group ops, [`cooperative`] cooperative matrices and tensor layouts,
//! [`control_flow`] calls, terminators and structured selections and loops.

use crate::syntax::*;
use spirv::{GlslStd450Op, MemorySemantics, Op, Scope, StorageClass};

/// Builds a [`Module`].
pub struct ModuleBuilder {
    module: Module,
}

/// The blocks of a structured selection created by [`FunctionBuilder::begin_selection`].
#[derive(Copy, Clone, Debug)]
pub struct SelectionBlocks {
    pub op: OpId,
    pub region: RegionId,
    /// The selection header: end it with `branch_conditional` or `switch`.
    pub header: BlockId,
    /// The merge block (arguments = the selection's results; already holds its `Merge`).
    pub merge: BlockId,
    /// The block holding the selection op; [`FunctionBuilder::end_structured`] returns there.
    pub parent: BlockId,
}

/// The blocks of a structured loop created by [`FunctionBuilder::begin_loop`].
#[derive(Copy, Clone, Debug)]
pub struct LoopBlocks {
    pub op: OpId,
    pub region: RegionId,
    /// Already holds the `Branch` to the header with the initial values.
    pub entry: BlockId,
    /// The loop header (arguments = the loop-carried values): typically computes the
    /// condition and ends with `branch_conditional` to a body block or the merge block.
    pub header: BlockId,
    /// The continue block (arguments: the loop-carried values of the next iteration; already
    /// holds its `Branch` back to the header).
    pub continue_block: BlockId,
    /// The merge block (arguments = the loop's results; already holds its `Merge`).
    pub merge: BlockId,
    pub parent: BlockId,
}

/// Builds the body of one function of a module; see the crate docs for an example.
pub struct FunctionBuilder<'m> {
    module: &'m mut Module,
    func: FunctionId,
    cursor: BlockId,
}

macro_rules! binary_ops {
    ($($(#[$doc:meta])* $name:ident => $op:ident;)*) => {$(
        $(#[$doc])*
        #[doc = concat!("`Op", stringify!($op), "` with an explicit result type.")]
        pub fn $name(&mut self, result_type: TypeId, a: ValueId, b: ValueId) -> ValueId {
            self.op(Op::$op, result_type, &[a, b])
        }
    )*};
}

macro_rules! unary_ops {
    ($($name:ident => $op:ident;)*) => {$(
        #[doc = concat!("`Op", stringify!($op), "` with an explicit result type.")]
        pub fn $name(&mut self, result_type: TypeId, a: ValueId) -> ValueId {
            self.op(Op::$op, result_type, &[a])
        }
    )*};
}

mod control_flow;
mod cooperative;
mod function;
mod instructions;
mod module;
mod values;
