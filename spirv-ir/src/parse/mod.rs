//! Text parser: the text form printed by [`crate::print`] -> [`Module`].
//!
//! A hand-written lexer (tokens carry line:column) and a recursive-descent parser. One op per
//! line: the operands of an op are the tokens on its line. Values must be defined before use
//! (the printer emits dominance order); blocks may be referenced before their definition.
//! Errors carry `line:column` and say what was expected.
//!
//! Laid out by the module's sections: [`lexer`] turns the text into tokens and [`cursor`]
//! steps through them; [`module_items`] reads the module header and its items, [`debug`]
//! the debug and non-semantic items, [`types`] types, [`annotations`] decoration lists,
//! [`constants`] constants, spec constants and global variables, [`function`] functions,
//! their blocks and regions, and [`instructions`] the ops of a block.

mod annotations;
mod constants;
mod cursor;
mod debug;
mod function;
mod instructions;
mod lexer;
mod module_items;
mod types;

use lexer::{lex, Tok, Token};

use crate::arena::Arena;
use crate::print::operand_kinds;
use crate::syntax::*;
use spirv::Op;
use std::collections::HashMap;
use std::str::FromStr;
use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq)]
#[error("{line}:{column}: {message}")]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// Parses a module from the text form.
pub fn parse_module(text: &str) -> Result<Module, ParseError> {
    parse_module_with_positions(text).map(|(m, _)| m)
}

/// Where each op of a parsed module was written: `line:column` of its op name, by function
/// name and op handle (the verifier's errors carry both).
#[derive(Clone, Debug, Default)]
pub struct OpPositions(HashMap<(String, OpId), (usize, usize)>);

impl OpPositions {
    pub fn get(&self, function: &str, op: OpId) -> Option<(usize, usize)> {
        self.0.get(&(function.to_string(), op)).copied()
    }
}

/// [`parse_module`], keeping the position of every op.
pub fn parse_module_with_positions(text: &str) -> Result<(Module, OpPositions), ParseError> {
    let tokens = lex(text)?;
    let mut p = Parser {
        toks: tokens,
        at: 0,
        m: Module::new(Version::V1_0),
        gsyms: HashMap::new(),
        declared_globals: HashMap::new(),
        open_structs: Vec::new(),
        recursive_structs: HashMap::new(),
        pointee_next: false,
        ssyms: HashMap::new(),
        fsyms: HashMap::new(),
        positions: OpPositions::default(),
    };
    p.module()?;
    Ok((p.m, p.positions))
}

/// An untyped constant as written; typed once its type is known.
#[derive(Clone, Debug)]
enum ConstAst {
    Bool(bool),
    Null,
    Num(String),
    List(Vec<ConstAst>),
    /// `replicate(x)`.
    Replicate(Box<ConstAst>),
}

struct Parser {
    toks: Vec<Token>,
    at: usize,
    m: Module,
    gsyms: HashMap<String, GlobalVarId>,
    /// Every global variable's symbol, from a pre-scan: decorations may name globals declared
    /// further down (`CounterBuffer(@counter)`).
    declared_globals: HashMap<String, GlobalVarId>,
    /// Named structs whose members are being parsed, with the handle reserved for them when a
    /// member refers back to one (`struct<"Node">`, a struct containing itself).
    open_structs: Vec<(String, Option<TypeId>)>,
    /// Structs that contain themselves, by their printed form: each occurrence in the text
    /// names the same type (interning cannot see that a cyclic type equals another).
    recursive_structs: HashMap<String, TypeId>,
    /// The next type parsed is a pointer's pointee (the only place a struct may refer back to
    /// an enclosing one).
    pointee_next: bool,
    ssyms: HashMap<String, SpecConstId>,
    fsyms: HashMap<String, FunctionId>,
    positions: OpPositions,
}

struct FnState {
    values: HashMap<String, ValueId>,
    blocks: HashMap<usize, BlockId>,
    defined_blocks: std::collections::HashSet<usize>,
    /// Structured regions open around the op being parsed (at most
    /// [`MAX_CONTROL_FLOW_NESTING`]: the parser recurses into each).
    nesting: usize,
}

/// The opcode an op name of the text form names: kiln's spelling (the opname without `Op`,
/// `CooperativeMatrixMulAddKHR`) or MLIR's, which puts the vendor first
/// (`KHR.CooperativeMatrixMulAdd`, `EXT.EmitMeshTasks`, `INTEL.ConvertBF16ToF`).
pub fn instruction_by_name(name: &str) -> Option<Op> {
    let find = |n: &str| {
        rspirv::grammar::INSTRUCTION_TABLE
            .iter()
            .find(|i| i.opname == n)
            .map(|i| i.opcode)
    };
    find(name).or_else(|| {
        let (vendor, rest) = name.split_once('.')?;
        let vendor_like = !vendor.is_empty() && vendor.chars().all(|c| c.is_ascii_uppercase());
        if !vendor_like || rest.contains('.') {
            return None;
        }
        find(&format!("{rest}{vendor}"))
    })
}

#[cfg(test)]
mod tests {
    use super::instruction_by_name;
    use spirv::Op;

    #[test]
    fn mlir_vendor_first_spellings_name_the_same_opcodes() {
        for (mlir, kiln, op) in [
            (
                "KHR.CooperativeMatrixMulAdd",
                "CooperativeMatrixMulAddKHR",
                Op::CooperativeMatrixMulAddKHR,
            ),
            (
                "EXT.EmitMeshTasks",
                "EmitMeshTasksEXT",
                Op::EmitMeshTasksEXT,
            ),
            (
                "EXT.ConstantCompositeReplicate",
                "ConstantCompositeReplicateEXT",
                Op::ConstantCompositeReplicateEXT,
            ),
            (
                "INTEL.ConvertBF16ToF",
                "ConvertBF16ToFINTEL",
                Op::ConvertBF16ToFINTEL,
            ),
            (
                "KHR.SubgroupBallot",
                "SubgroupBallotKHR",
                Op::SubgroupBallotKHR,
            ),
        ] {
            assert_eq!(instruction_by_name(mlir), Some(op), "{mlir}");
            assert_eq!(instruction_by_name(kiln), Some(op), "{kiln}");
        }
        assert_eq!(instruction_by_name("KHR.NoSuchOp"), None);
        assert_eq!(instruction_by_name("khr.CooperativeMatrixMulAdd"), None);
        assert_eq!(instruction_by_name("GL.Sqrt"), None);
    }
}
