//! Which ops of MLIR's SPIR-V dialect kiln represents, measured by the round-trip tests:
//! `tests/dialect/ops.txt` lists the dialect's 298 ops (one name a line, as the op definitions
//! spell them); an op counts as covered when some case that goes through a full round trip
//! holds it: a golden filetest's expected text (`tests/filetests/round_trip`, kiln's
//! spelling) or a SPIR-V assembly case (`tests/asm`, the `Op...` instruction). Both suites
//! check that what they hold survives (`filetests.rs`, `asm_round_trip.rs`).
//!
//! The test fails when coverage drops below what it was when last raised (`COVERED`), and
//! prints the ops still missing.

use kiln_spirv_ir::parse::instruction_by_name;
use kiln_spirv_ir::ExtInstSet;
use std::path::Path;

/// Ops covered at the last count; raise it when adding cases.
const COVERED: usize = 298;

/// How an op of the dialect shows in kiln's text form and in SPIR-V assembly.
fn spellings(op: &str) -> Vec<String> {
    let structural: &[(&str, &[&str])] = &[
        ("spirv.module", &["spirv.module "]),
        ("spirv.func", &["spirv.func "]),
        ("spirv.GlobalVariable", &["spirv.GlobalVariable "]),
        ("spirv.SpecConstant", &["spirv.SpecConstant "]),
        (
            "spirv.SpecConstantComposite",
            &["= composite[", "OpSpecConstantComposite "],
        ),
        (
            "spirv.SpecConstantOperation",
            &["spirv.SpecConstantOperation wraps", "OpSpecConstantOp "],
        ),
        // kiln folds the yield of the wrapped op's region into the `wraps` form.
        (
            "spirv.mlir.yield",
            &["spirv.SpecConstantOperation wraps", "OpSpecConstantOp "],
        ),
        ("spirv.EntryPoint", &["spirv.EntryPoint ", "OpEntryPoint "]),
        (
            "spirv.ExecutionMode",
            &["spirv.ExecutionMode ", "OpExecutionMode "],
        ),
        ("spirv.Constant", &["spirv.Constant ", "OpConstant "]),
        (
            "spirv.EXT.ConstantCompositeReplicate",
            &["replicate(", "OpConstantCompositeReplicateEXT "],
        ),
        (
            "spirv.EXT.SpecConstantCompositeReplicate",
            &[
                "composite replicate[",
                "OpSpecConstantCompositeReplicateEXT ",
            ],
        ),
        ("spirv.mlir.addressof", &["spirv.mlir.addressof "]),
        ("spirv.mlir.referenceof", &["spirv.mlir.referenceof "]),
        (
            "spirv.mlir.selection",
            &["spirv.mlir.selection", "OpSelectionMerge "],
        ),
        ("spirv.mlir.loop", &["spirv.mlir.loop", "OpLoopMerge "]),
        ("spirv.mlir.merge", &["spirv.mlir.merge"]),
    ];
    if let Some((_, s)) = structural.iter().find(|(name, _)| *name == op) {
        return s.iter().map(|s| s.to_string()).collect();
    }
    for set in ExtInstSet::ALL {
        if let Some(name) = op.strip_prefix(set.text_prefix()) {
            return vec![
                format!("{}{name} ", set.text_prefix()),
                format!("OpExtInst:{name} "),
            ];
        }
    }
    let Some(opcode) = op.strip_prefix("spirv.").and_then(instruction_by_name) else {
        return vec![];
    };
    let opname = format!("{opcode:?}");
    vec![
        format!("spirv.{opname} "),
        format!("spirv.{opname}\n"),
        format!("Op{opname} "),
        format!("Op{opname}\n"),
    ]
}

fn read_dir(dir: &Path, ext: &str) -> String {
    let mut all = String::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|e| e == ext) {
            all.push_str(&std::fs::read_to_string(&p).unwrap());
            all.push('\n');
        }
    }
    all
}

#[test]
fn dialect_ops_covered_by_round_trip_cases() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let ops: Vec<String> = std::fs::read_to_string(root.join("dialect/ops.txt"))
        .unwrap()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect();
    assert_eq!(ops.len(), 298, "the dialect's op list");
    // Filetests: only the expected text, which went through the round trip.
    let marker = "// ----- expected: text -> binary -> text -----";
    let filetests: String = read_dir(&root.join("filetests/round_trip"), "spvtxt")
        .split(marker)
        .skip(1)
        .collect::<Vec<_>>()
        .join("\n");
    // SPIR-V assembly, comments dropped (a case's comment names what it is about).
    let asm: String = read_dir(&root.join("asm"), "spvasm")
        .lines()
        .filter(|l| !l.trim_start().starts_with(';'))
        .map(|l| {
            // `%r = OpExtInst %type %set name ...` also as `OpExtInst:name `.
            let ext = l
                .split_whitespace()
                .skip_while(|w| *w != "OpExtInst")
                .nth(3)
                .map(|name| format!(" OpExtInst:{name} "))
                .unwrap_or_default();
            format!("{}{ext}\n", l.replace('"', " \""))
        })
        .collect();
    let haystack = format!("{filetests}\n{asm}");
    let mut missing = Vec::new();
    for op in &ops {
        let s = spellings(op);
        if s.is_empty() || !s.iter().any(|s| haystack.contains(s.as_str())) {
            missing.push(op.clone());
        }
    }
    let covered = ops.len() - missing.len();
    eprintln!(
        "dialect ops covered by round-trip cases: {covered} of {}",
        ops.len()
    );
    eprintln!("missing: {missing:?}");
    assert!(
        covered >= COVERED,
        "coverage fell to {covered} (was {COVERED}); missing: {missing:?}"
    );
}
