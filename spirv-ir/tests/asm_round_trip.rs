//! SPIR-V assembly in, round trips out: each `tests/asm/*.spvasm` is assembled with `spirv-as`
//! (and must pass spirv-val itself), lifted to kiln's text form, assembled back with kiln,
//! validated with spirv-val and lifted again: both texts must be identical, and kiln's binary
//! must keep every name, import, string and processing note ([`debug_summary`]).
//!
//! Header lines of a case:
//! - `; RUN: <target env>` (first line): the env of `spirv-as` and `spirv-val`.
//! - `; CHECK: <text>`: a substring that some line of `spirv-dis --raw-id` of kiln's binary
//!   must contain (what the case is about must survive, not merely validate); ` ... ` in it
//!   stands for anything (`OpSpecConstantOp ... IAdd`).
//! - `; CHECK-NOT: <text>`: a substring that no such line may contain.
//! - `; CHECK-TEXT: <text>`: a substring that some line of kiln's text form must contain.

use kiln_spirv_ir::tools::{disassemble_with_spirv_dis, find_tool, round_trip_through_text};
use kiln_spirv_ir::*;
use std::path::{Path, PathBuf};
use std::process::Command;

fn spirv_as(path: &Path, env: &str) -> Result<Vec<u32>, String> {
    let tool = find_tool("spirv-as", "KILN_SPIRV_AS").map_err(|e| e.to_string())?;
    let out = tempfile::NamedTempFile::new().unwrap();
    let res = Command::new(tool)
        .args(["--preserve-numeric-ids", "--target-env", env, "-o"])
        .arg(out.path())
        .arg(path)
        .output()
        .map_err(|e| e.to_string())?;
    if !res.status.success() {
        return Err(format!(
            "spirv-as failed: {}",
            String::from_utf8_lossy(&res.stderr)
        ));
    }
    let bytes = std::fs::read(out.path()).unwrap();
    Ok(bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// What a round trip must keep of a module's debug instructions: how many imports, strings,
/// source extensions and processing notes, and every distinct `OpName` / `OpMemberName` text
/// (as a set: kiln names functions that had no name, and equal struct types are one type).
#[derive(Debug, PartialEq)]
struct DebugSummary {
    counts: std::collections::BTreeMap<String, usize>,
    names: std::collections::BTreeSet<String>,
}

fn debug_summary(words: &[u32]) -> DebugSummary {
    use kiln_spirv_ir::spirv::Op;
    let counted = [
        Op::ExtInstImport,
        Op::String,
        Op::SourceExtension,
        Op::ModuleProcessed,
    ];
    let mut out = DebugSummary {
        counts: Default::default(),
        names: Default::default(),
    };
    let mut at = 5;
    while at < words.len() {
        let (count, opcode) = ((words[at] >> 16) as usize, words[at] & 0xffff);
        let inst = &words[at..(at + count.max(1)).min(words.len())];
        if let Some(op) = counted.iter().find(|op| **op as u32 == opcode) {
            *out.counts.entry(format!("{op:?}")).or_insert(0) += 1;
        }
        let text = |from: usize| -> String {
            let bytes: Vec<u8> = inst
                .iter()
                .skip(from)
                .flat_map(|w| w.to_le_bytes())
                .collect();
            String::from_utf8_lossy(&bytes)
                .trim_end_matches('\0')
                .to_string()
        };
        if opcode == Op::Name as u32 {
            out.names.insert(text(2));
        } else if opcode == Op::MemberName as u32 {
            out.names.insert(format!("member {}", text(3)));
        }
        at += count.max(1);
    }
    out
}

/// Whether `line` holds the pieces of `pattern` (split at ` ... `) in order.
fn line_matches(line: &str, pattern: &str) -> bool {
    let mut rest = line;
    for piece in pattern.trim().split(" ... ") {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    true
}

fn run_case(path: &Path) -> Result<(), String> {
    let source = std::fs::read_to_string(path).unwrap();
    let env = source
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("; RUN: "))
        .ok_or("first line must be `; RUN: <target env>`")?
        .trim()
        .to_string();
    let words = spirv_as(path, &env)?;
    validate_with_spirv_val(&words, &env).map_err(|e| format!("the input itself: {e}"))?;
    let (text, again) = round_trip_through_text(&words, &env)?;
    // Nothing dropped: as many names, imports, strings and processing notes as the input.
    let (before, after) = (debug_summary(&words), debug_summary(&again));
    if before.counts != after.counts || !before.names.is_subset(&after.names) {
        return Err(format!(
            "debug instructions before {before:?}, after the round trip {after:?}"
        ));
    }
    // kiln's verifier accepts what spirv-val accepts; VCE deduction must come back (not
    // loop on a type that contains itself, not panic), whatever it concludes.
    let module = deserialize(&again).map_err(|e| e.to_string())?;
    verify(&module).map_err(|e| format!("kiln's verifier rejects it: {e}\n{text}"))?;
    let _ = deduce_vce(&module, &TargetEnv::preset("nvidia-h200").unwrap());
    let dis = disassemble_with_spirv_dis(&again)?;
    let mut checks = 0;
    for line in source.lines() {
        if let Some(want) = line.strip_prefix("; CHECK: ") {
            checks += 1;
            if !dis.lines().any(|l| line_matches(l, want)) {
                return Err(format!(
                    "no line contains `{want}` in kiln's binary:\n{dis}"
                ));
            }
        } else if let Some(bad) = line.strip_prefix("; CHECK-NOT: ") {
            checks += 1;
            if let Some(l) = dis.lines().find(|l| line_matches(l, bad)) {
                return Err(format!("kiln's binary has `{l}`:\n{dis}"));
            }
        } else if let Some(want) = line.strip_prefix("; CHECK-TEXT: ") {
            checks += 1;
            if !text.lines().any(|l| line_matches(l, want)) {
                return Err(format!("no line contains `{want}` in kiln's text:\n{text}"));
            }
        }
    }
    if checks == 0 {
        return Err("a case needs at least one CHECK line".into());
    }
    Ok(())
}

fn cases() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/asm");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "spvasm"))
        .collect();
    files.sort();
    files
}

#[test]
fn asm_cases_round_trip() {
    let filter = std::env::var("KILN_ASM_CASE").ok();
    let mut failures = Vec::new();
    let mut ran = 0;
    for path in cases() {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if filter.as_ref().is_some_and(|f| !name.contains(f.as_str())) {
            continue;
        }
        ran += 1;
        if let Err(e) = run_case(&path) {
            failures.push(format!("=== {name}: {e}"));
        }
    }
    assert!(ran > 0, "no case ran");
    assert!(
        failures.is_empty(),
        "{} of {ran} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A non-semantic instruction set needs SPV_KHR_non_semantic_info, core from SPIR-V 1.6:
/// UpdateVCE picks 1.6 where the target allows it and names the extension where not.
#[test]
fn non_semantic_sets_need_spirv_1_6_or_their_extension() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/asm/debug_printf.spvasm");
    let words = spirv_as(&path, "vulkan1.1").unwrap();
    let module = deserialize(&words).unwrap();
    let vce = deduce_vce(&module, &TargetEnv::preset("llvmpipe").unwrap()).unwrap();
    assert_eq!(vce.version, Version::V1_6);
    let e = deduce_vce(&module, &TargetEnv::preset("vulkan1.1").unwrap()).unwrap_err();
    assert!(e.to_string().contains("SPV_KHR_non_semantic_info"), "{e}");
}
