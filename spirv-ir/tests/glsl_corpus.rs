//! GLSL compute shaders of our own, compiled by `glslangValidator -V` in the test, lifted by the
//! deserializer, serialized again and checked by spirv-val; a second round trip must reproduce
//! the first re-serialization word for word.

use kiln_spirv_ir::*;
use std::path::{Path, PathBuf};
use std::process::Command;

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/glsl");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/glsl exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "comp"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "corpus has {} shaders", files.len());
    files
}

/// The corpus compiled for `env` once per test process: (file name, SPIR-V bytes).
fn compiled(env: &'static str) -> &'static [(String, Vec<u8>)] {
    static V11: std::sync::OnceLock<Vec<(String, Vec<u8>)>> = std::sync::OnceLock::new();
    static V13: std::sync::OnceLock<Vec<(String, Vec<u8>)>> = std::sync::OnceLock::new();
    let cell = match env {
        "vulkan1.1" => &V11,
        "vulkan1.3" => &V13,
        other => panic!("no corpus cache for {other}"),
    };
    cell.get_or_init(|| {
        let tmp = tempfile::tempdir().unwrap();
        corpus()
            .iter()
            .map(|src| {
                (
                    src.file_name().unwrap().to_string_lossy().to_string(),
                    glslang(src, env, tmp.path()),
                )
            })
            .collect()
    })
}

fn glslang(src: &Path, env: &str, out_dir: &Path) -> Vec<u8> {
    let out = out_dir
        .join(src.file_name().unwrap())
        .with_extension(format!("{env}.spv"));
    let res = Command::new("glslangValidator")
        .args(["-V", "--target-env", env, "-o"])
        .arg(&out)
        .arg(src)
        .output()
        .expect("glslangValidator must be installed (apt-get install glslang-tools)");
    assert!(
        res.status.success(),
        "glslang failed on {}: {}",
        src.display(),
        String::from_utf8_lossy(&res.stdout)
    );
    std::fs::read(out).unwrap()
}

fn bytes_to_words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// How often each opcode occurs inside functions, ignoring what the lifting may legitimately
/// change (labels and unconditional branches of merged blocks, phis, debug lines, undefs).
fn function_opcode_counts(words: &[u32]) -> std::collections::BTreeMap<u32, usize> {
    use kiln_spirv_ir::spirv::Op;
    let ignored = [
        Op::Label,
        Op::Branch,
        Op::Phi,
        Op::Line,
        Op::NoLine,
        Op::Undef,
    ]
    .map(|o| o as u32);
    let mut counts = std::collections::BTreeMap::new();
    let mut in_function = false;
    let mut at = 5;
    while at < words.len() {
        let op = words[at] & 0xffff;
        let n = (words[at] >> 16) as usize;
        if op == Op::Function as u32 {
            in_function = true;
        }
        if in_function && !ignored.contains(&op) {
            *counts.entry(op).or_default() += 1;
        }
        if op == Op::FunctionEnd as u32 {
            in_function = false;
        }
        at += n.max(1);
    }
    counts
}

fn round_trip(env: &'static str, spirv_val_env: &str) {
    let mut failures = Vec::new();
    for (name, bytes) in compiled(env) {
        let result = (|| -> Result<(), String> {
            let m = deserialize_bytes(bytes).map_err(|e| format!("deserialize: {e}"))?;
            verify(&m).map_err(|e| format!("verify: {e}"))?;
            let words = serialize(&m).map_err(|e| format!("serialize: {e}"))?;
            validate_with_spirv_val(&words, spirv_val_env)?;
            let before = function_opcode_counts(&bytes_to_words(bytes));
            let after = function_opcode_counts(&words);
            if before != after {
                return Err(format!(
                    "function instructions changed:\n before {before:?}\n after  {after:?}"
                ));
            }
            let m2 = deserialize(&words).map_err(|e| format!("second deserialize: {e}"))?;
            let words2 = serialize(&m2).map_err(|e| format!("second serialize: {e}"))?;
            if words != words2 {
                return Err("second round trip differs from the first".into());
            }
            Ok(())
        })();
        if let Err(e) = result {
            failures.push(format!("{name} ({env}): {e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn glslang_corpus_round_trips_vulkan1_1() {
    round_trip("vulkan1.1", "vulkan1.1");
}

#[test]
fn glslang_corpus_round_trips_vulkan1_3() {
    round_trip("vulkan1.3", "vulkan1.3");
}

/// UpdateVCE on lifted glslang modules: drop their capabilities / extensions, deduce them for
/// llvmpipe, and spirv-val must accept the result for Vulkan 1.3.
#[test]
fn glslang_corpus_update_vce_for_llvmpipe() {
    let target = TargetEnv::preset("llvmpipe").unwrap();
    let mut failures = Vec::new();
    for (name, bytes) in compiled("vulkan1.1") {
        let result = (|| -> Result<(), String> {
            let mut m = deserialize_bytes(bytes).map_err(|e| e.to_string())?;
            let declared = m.capabilities.clone();
            m.capabilities.clear();
            m.extensions.clear();
            let vce = update_vce(&mut m, &target).map_err(|e| e.to_string())?;
            let words = serialize(&m).map_err(|e| e.to_string())?;
            validate_with_spirv_val(&words, &target.spirv_val_target_env())
                .map_err(|e| format!("deduced {vce:?} (glslang declared {declared:?}):\n{e}"))?;
            Ok(())
        })();
        if let Err(e) = result {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// The corpus after `spirv-opt -O` (phis everywhere, merged blocks, single-block loops) lifts,
/// verifies, re-serializes and validates.
#[test]
fn spirv_opt_optimized_corpus_round_trips() {
    let opt = kiln_spirv_ir::tools::find_tool("spirv-opt", "KILN_SPIRV_OPT")
        .unwrap_or_else(|e| panic!("{e}"));
    let tmp = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for (name, bytes) in compiled("vulkan1.1") {
        let input = tmp.path().join("in.spv");
        let output = tmp.path().join("out.spv");
        std::fs::write(&input, bytes).unwrap();
        let res = Command::new(&opt)
            .arg("-O")
            .arg(&input)
            .arg("-o")
            .arg(&output)
            .output()
            .unwrap();
        assert!(res.status.success(), "spirv-opt failed on {name}");
        let optimized = std::fs::read(&output).unwrap();
        let result = (|| -> Result<(), String> {
            let m = deserialize_bytes(&optimized).map_err(|e| format!("deserialize: {e}"))?;
            verify(&m).map_err(|e| format!("verify: {e}"))?;
            let words = serialize(&m).map_err(|e| format!("serialize: {e}"))?;
            validate_with_spirv_val(&words, "vulkan1.1")?;
            let again = serialize(&deserialize(&words).map_err(|e| e.to_string())?)
                .map_err(|e| e.to_string())?;
            if again != words {
                return Err("second round trip differs".into());
            }
            Ok(())
        })();
        if let Err(e) = result {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
