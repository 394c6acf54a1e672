//! Verifier: the invariants `syntax.rs` documents, checked on a whole module. Run it after every
//! transformation in tests.
//!
//! Checks: handles point into their arenas; every block ends in exactly one terminator;
//! the structured-region rules of `spirv.mlir.selection` / `spirv.mlir.loop` (header, entry,
//! continue and merge blocks, `Merge` only in merge blocks, results = merge values); branch
//! targets lie in the same region or are the merge / continue blocks of enclosing constructs;
//! branch arguments match block arguments; dominance of every use by its definition on the
//! control flow the serializer emits (so, as in SPIR-V and unlike MLIR, a value defined in a loop
//! header may be used after the loop: `spirv-opt` output does that); operand
//! and result types of the common ops as spirv-val checks them (integer and float arithmetic,
//! shifts, conversions, bitcasts, comparisons, logical ops, `Dot`, composites: extract, insert,
//! construct, shuffle, dynamic vector access; loads, stores, access chains, select, calls,
//! returns, branches); vector sizes (2-4, or 8 and 16 with `Vector16`); globals (pointer types, storage classes, Vulkan's
//! explicit-layout rules on `StorageBuffer` / `Uniform` / `PushConstant` blocks, bindings);
//! entry points (void, no parameters, exactly one `LocalSize` / `LocalSizeId` for compute);
//! no arithmetic (the spec's float arithmetic instructions, extended instructions) on bf16
//! scalars or vectors (`SPV_KHR_bfloat16`).
//!
//! Not checked (spirv-val does): the type rules of the remaining opcodes (extended instruction
//! sets, atomics, group and subgroup ops, cooperative matrices beyond their arithmetic), image
//! ops, the memory-model rules.
//!
//! Laid out by what is checked: [`module`] the module-scope rules (types, spec constants,
//! execution modes, entry points), [`globals`] global variables and Vulkan's layout rules,
//! [`function`] a function's blocks and regions, branches and dominance, [`ops`] the rules
//! of each op, and [`instructions`], [`composites`] and [`cooperative`] the type rules of the
//! instructions by family.

// One match arm per op family, each with its rule as an `if`: clearer than guards.
#![allow(clippy::collapsible_match)]

mod composites;
mod cooperative;
mod function;
mod globals;
mod instructions;
mod module;
mod ops;

use crate::dominance::Dominators;
use crate::syntax::*;
use spirv::{Op, StorageClass};
use std::collections::HashMap;
use std::fmt;

/// One broken invariant, with the function and op it was found in.
#[derive(Clone, Debug, PartialEq)]
pub struct VerifyError {
    pub function: Option<String>,
    pub op: Option<OpId>,
    pub message: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.function, self.op) {
            (Some(func), Some(op)) => write!(f, "function `{func}`, op {op:?}: {}", self.message),
            (Some(func), None) => write!(f, "function `{func}`: {}", self.message),
            _ => write!(f, "{}", self.message),
        }
    }
}

/// All errors found in a module.
#[derive(Clone, Debug, PartialEq)]
pub struct VerifyErrors(pub Vec<VerifyError>);

impl fmt::Display for VerifyErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for VerifyErrors {}

/// Verifies `module`; returns every broken invariant.
pub fn verify(module: &Module) -> Result<(), VerifyErrors> {
    let mut v = Verifier {
        m: module,
        errors: Vec::new(),
    };
    v.module();
    if v.errors.is_empty() {
        Ok(())
    } else {
        Err(VerifyErrors(v.errors))
    }
}

struct Verifier<'m> {
    m: &'m Module,
    errors: Vec<VerifyError>,
}

/// Where a block sits: its region, and the structural role it plays there.
#[derive(Clone, Copy, Debug)]
struct BlockInfo {
    region: RegionId,
    index: usize,
}

/// Where a region sits: the op holding it (None for the function body) and that op's place.
#[derive(Clone, Copy, Debug)]
struct RegionInfo {
    parent: Option<(OpId, BlockId, usize)>,
}

impl<'m> Verifier<'m> {
    fn error(&mut self, function: Option<&Function>, op: Option<OpId>, message: impl Into<String>) {
        self.errors.push(VerifyError {
            function: function.map(|f| f.name.clone()),
            op,
            message: message.into(),
        });
    }

    fn ty(&self, t: TypeId) -> Option<&'m Type> {
        self.m.types.get(t)
    }

    fn vty(&self, f: &Function, v: ValueId) -> Option<&'m Type> {
        f.values.get(v).and_then(|x| self.m.types.get(x.ty))
    }
}

/// Whether `kind` is an `OpVariable` of the Function storage class.
fn is_function_variable(kind: &OpKind) -> bool {
    matches!(kind, OpKind::Inst { opcode: Op::Variable, operands }
        if matches!(operands.first(), Some(Operand::Literal(sc))
            if *sc == StorageClass::Function as u32))
}

/// The float instructions of the spec's arithmetic chapter, which SPV_KHR_bfloat16 does not
/// allow on bf16 scalars and vectors.
fn is_float_arithmetic(opcode: Op) -> bool {
    use Op::*;
    matches!(
        opcode,
        FNegate
            | FAdd
            | FSub
            | FMul
            | FDiv
            | FRem
            | FMod
            | VectorTimesScalar
            | MatrixTimesScalar
            | VectorTimesMatrix
            | MatrixTimesVector
            | MatrixTimesMatrix
            | OuterProduct
    )
}

fn v_index(f: &Function, v: ValueId) -> u32 {
    match f.values.get(v).map(|x| x.def) {
        Some(ValueDef::Result { index, .. }) => index,
        _ => u32::MAX,
    }
}

struct FnCx<'m> {
    f: &'m Function,
    block_info: HashMap<BlockId, BlockInfo>,
    region_info: HashMap<RegionId, RegionInfo>,
    op_place: HashMap<OpId, (BlockId, usize)>,
}

/// The values an op uses (not counting those used inside its regions).
pub fn op_uses(kind: &OpKind) -> Vec<ValueId> {
    let mut out = Vec::new();
    let succ = |s: &Successor, out: &mut Vec<ValueId>| out.extend(s.args.iter().copied());
    match kind {
        OpKind::Inst { operands, .. } => out.extend(operands.iter().filter_map(|o| match o {
            Operand::Value(v) => Some(*v),
            _ => None,
        })),
        OpKind::ExtInst { operands, .. } => out.extend(operands.iter().filter_map(|o| match o {
            Operand::Value(v) => Some(*v),
            _ => None,
        })),
        OpKind::FunctionCall { args, .. } => out.extend(args.iter().copied()),
        OpKind::Merge { values } => out.extend(values.iter().copied()),
        OpKind::Branch { target } => succ(target, &mut out),
        OpKind::BranchConditional {
            condition,
            on_true,
            on_false,
            ..
        } => {
            out.push(*condition);
            succ(on_true, &mut out);
            succ(on_false, &mut out);
        }
        OpKind::Switch {
            selector,
            default,
            cases,
        } => {
            out.push(*selector);
            succ(default, &mut out);
            for (_, s) in cases {
                succ(s, &mut out);
            }
        }
        OpKind::ReturnValue(v) => out.push(*v),
        _ => {}
    }
    out
}

/// The functions an op names: the callee of a `FunctionCall` and every
/// [`Operand::Function`] (e.g. the function `OpCooperativeMatrixPerElementOpNV` applies).
pub fn referenced_functions(kind: &OpKind) -> Vec<FunctionId> {
    match kind {
        OpKind::FunctionCall { callee, .. } => vec![*callee],
        OpKind::Inst { operands, .. } => operands
            .iter()
            .filter_map(|o| match o {
                Operand::Function(g) => Some(*g),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The blocks a terminator branches to.
pub fn successors(kind: &OpKind) -> Vec<BlockId> {
    match kind {
        OpKind::Branch { target } => vec![target.block],
        OpKind::BranchConditional {
            on_true, on_false, ..
        } => vec![on_true.block, on_false.block],
        OpKind::Switch { default, cases, .. } => std::iter::once(default.block)
            .chain(cases.iter().map(|(_, s)| s.block))
            .collect(),
        _ => vec![],
    }
}
