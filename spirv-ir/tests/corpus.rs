//! The corpus round trip: shaders from several producers, each lifted to kiln's text form,
//! assembled back, validated by spirv-val and lifted again to the same text
//! ([`round_trip_through_text`]). Producers:
//!
//! - glslang on our GLSL compute shaders (`tests/glsl`): default, `-Os`, `-g` (OpString,
//!   OpSource, OpLine, names), `-gV` (NonSemantic.Shader.DebugInfo.100), `-gVS` (the same with
//!   the source text) and `spirv-opt -O` on the default and the `-g` outputs;
//! - glslang's HLSL front end (`-D`) on our HLSL compute shaders (`tests/hlsl`): default, `-Os`,
//!   `-g`, `-gV`, `-gVS` (a `DebugNoLine` between `OpFunction` and the first label, kept as
//!   the function's prologue), and `spirv-opt --legalize-hlsl` on the default output;
//! - glslang with `--target-env vulkan1.3` (SPIR-V 1.6) on the GLSL shaders;
//! - the default outputs (GLSL and HLSL) with an `OpName` on every block label, as DXC names
//!   its blocks;
//! - kiln itself: dispatches it emitted (`tests/corpus/kiln`, see the README there).
//!
//! Every module must also pass kiln's own verifier (spirv-val accepts them all). Every
//! failure is listed with its producer; the test fails on any. `KILN_CORPUS_FILTER`
//! restricts it to the names containing a substring.

use kiln_spirv_ir::tools::{find_tool, round_trip_through_text};
use std::path::{Path, PathBuf};
use std::process::Command;

fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    out.sort();
    out
}

fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn glslang(src: &Path, args: &[&str], out: &Path) -> Result<Vec<u32>, String> {
    let res = Command::new("glslangValidator")
        .args(args)
        .arg("-o")
        .arg(out)
        .arg(src)
        .output()
        .map_err(|e| format!("glslangValidator must be installed: {e}"))?;
    if !res.status.success() {
        return Err(format!(
            "glslang {args:?} failed: {}",
            String::from_utf8_lossy(&res.stdout)
        ));
    }
    Ok(words(&std::fs::read(out).unwrap()))
}

fn spirv_opt(input: &[u32], dir: &Path, pass: &str) -> Result<Vec<u32>, String> {
    let tool = find_tool("spirv-opt", "KILN_SPIRV_OPT").map_err(|e| e.to_string())?;
    let (src, dst) = (dir.join("in.spv"), dir.join("out.spv"));
    let bytes: Vec<u8> = input.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&src, bytes).unwrap();
    let res = Command::new(tool)
        .args([pass, "--target-env=vulkan1.1"])
        .arg(&src)
        .arg("-o")
        .arg(&dst)
        .output()
        .map_err(|e| e.to_string())?;
    if !res.status.success() {
        return Err(format!(
            "spirv-opt {pass} failed: {}",
            String::from_utf8_lossy(&res.stderr)
        ));
    }
    Ok(words(&std::fs::read(dst).unwrap()))
}

/// `words` with an `OpName` on every block label (`block.<id>`), as DXC names its blocks
/// (`if.true`, `for.body`): the debug section gets them after its other instructions.
fn name_every_label(words: &[u32]) -> Vec<u32> {
    use kiln_spirv_ir::spirv::Op;
    let preamble = [
        Op::Capability,
        Op::Extension,
        Op::ExtInstImport,
        Op::MemoryModel,
        Op::EntryPoint,
        Op::ExecutionMode,
        Op::ExecutionModeId,
        Op::String,
        Op::Source,
        Op::SourceContinued,
        Op::SourceExtension,
        Op::Name,
        Op::MemberName,
        Op::ModuleProcessed,
    ]
    .map(|op| op as u32);
    let (mut at, mut insert_at, mut names) = (5, None, Vec::new());
    while at < words.len() {
        let (count, opcode) = ((words[at] >> 16) as usize, words[at] & 0xffff);
        if insert_at.is_none() && !preamble.contains(&opcode) {
            insert_at = Some(at);
        }
        if opcode == Op::Label as u32 {
            let label = words[at + 1];
            let mut bytes = format!("block.{label}").into_bytes();
            bytes.resize((bytes.len() / 4 + 1) * 4, 0);
            names.push((((2 + bytes.len() / 4) as u32) << 16) | Op::Name as u32);
            names.push(label);
            names.extend(
                bytes
                    .chunks(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            );
        }
        at += count.max(1);
    }
    let insert_at = insert_at.unwrap_or(words.len());
    [&words[..insert_at], &names, &words[insert_at..]].concat()
}

/// A corpus module: its name, its SPIR-V words (or its producer's failure) and the spirv-val
/// target env.
type CorpusModule = (String, Result<Vec<u32>, String>, &'static str);

fn corpus(tmp: &Path) -> Vec<CorpusModule> {
    let mut out = Vec::new();
    let env = "vulkan1.1";
    for src in files("tests/glsl", "comp") {
        let stem = src.file_stem().unwrap().to_string_lossy().to_string();
        let variants = [
            ("", &[][..]),
            ("-Os", &["-Os"][..]),
            ("-g", &["-g"][..]),
            ("-gV", &["-gV"][..]),
            ("-gVS", &["-gVS"][..]),
        ];
        for (variant, flags) in variants {
            let mut args = vec!["-V", "--target-env", env];
            args.extend(flags);
            let spv = tmp.join(format!("{stem}{variant}.spv"));
            let result = glslang(&src, &args, &spv);
            if variant == "-g" {
                let optimized = result.clone().and_then(|w| spirv_opt(&w, tmp, "-O"));
                out.push((
                    format!("glsl/{stem} spirv-opt -O on glslang -g"),
                    optimized,
                    env,
                ));
            }
            if variant.is_empty() {
                let optimized = result.clone().and_then(|w| spirv_opt(&w, tmp, "-O"));
                out.push((format!("glsl/{stem} spirv-opt -O"), optimized, env));
                let named = result.clone().map(|w| name_every_label(&w));
                out.push((
                    format!("glsl/{stem} glslang, every label named"),
                    named,
                    env,
                ));
            }
            out.push((format!("glsl/{stem} glslang {variant}"), result, env));
        }
        // SPIR-V 1.6 for Vulkan 1.3 (`OpEntryPoint` lists every global the shader uses).
        let spv = tmp.join(format!("{stem}.vk13.spv"));
        out.push((
            format!("glsl/{stem} glslang --target-env vulkan1.3"),
            glslang(&src, &["-V", "--target-env", "vulkan1.3"], &spv),
            "vulkan1.3",
        ));
    }
    for src in files("tests/hlsl", "hlsl") {
        let stem = src.file_stem().unwrap().to_string_lossy().to_string();
        let variants = [
            ("", &[][..]),
            ("-Os", &["-Os"][..]),
            ("-g", &["-g"][..]),
            ("-gV", &["-gV"][..]),
            ("-gVS", &["-gVS"][..]),
        ];
        for (variant, flags) in variants {
            let mut args = vec!["-D", "-V", "-e", "main", "-S", "comp", "--target-env", env];
            args.extend(flags);
            let spv = tmp.join(format!("{stem}{variant}.hlsl.spv"));
            let result = glslang(&src, &args, &spv);
            if variant.is_empty() {
                let legalized = result
                    .clone()
                    .and_then(|w| spirv_opt(&w, tmp, "--legalize-hlsl"));
                out.push((
                    format!("hlsl/{stem} spirv-opt --legalize-hlsl"),
                    legalized,
                    env,
                ));
                let named = result.clone().map(|w| name_every_label(&w));
                out.push((
                    format!("hlsl/{stem} glslang -D, every label named"),
                    named,
                    env,
                ));
            }
            out.push((format!("hlsl/{stem} glslang -D {variant}"), result, env));
        }
    }
    for spv in files("tests/corpus/kiln", "spv") {
        let name = spv.file_stem().unwrap().to_string_lossy().to_string();
        out.push((
            format!("kiln/{name}"),
            Ok(words(&std::fs::read(&spv).unwrap())),
            "vulkan1.3",
        ));
    }
    out
}

/// How many of each debug instruction that kiln keeps one to one a module has: a round trip
/// must give back as many (a name, an import, a string dropped would show here).
fn debug_counts(words: &[u32]) -> std::collections::BTreeMap<String, usize> {
    use kiln_spirv_ir::spirv::Op;
    let kept = [
        Op::Name,
        Op::MemberName,
        Op::ExtInstImport,
        Op::String,
        Op::SourceExtension,
        Op::ModuleProcessed,
    ];
    let mut out = std::collections::BTreeMap::new();
    let mut at = 5;
    while at < words.len() {
        let (count, opcode) = ((words[at] >> 16) as usize, words[at] & 0xffff);
        if let Some(op) = kept.iter().find(|op| **op as u32 == opcode) {
            *out.entry(format!("{op:?}")).or_insert(0) += 1;
        }
        at += count.max(1);
    }
    out
}

#[test]
fn corpus_round_trips_identically() {
    let tmp = tempfile::tempdir().unwrap();
    let filter = std::env::var("KILN_CORPUS_FILTER").ok();
    let mut failures = Vec::new();
    let mut ran = 0;
    for (name, module, env) in corpus(tmp.path()) {
        if filter.as_ref().is_some_and(|f| !name.contains(f.as_str())) {
            continue;
        }
        ran += 1;
        let before = module.as_ref().map(|w| debug_counts(w)).unwrap_or_default();
        match module.and_then(|w| round_trip_through_text(&w, env)) {
            Err(e) => {
                let head: String = e.lines().take(12).collect::<Vec<_>>().join("\n");
                failures.push(format!("=== {name}: {head}"));
            }
            Ok((_, words)) if debug_counts(&words) != before => failures.push(format!(
                "=== {name}: debug instructions before {before:?}, after the round trip {:?}",
                debug_counts(&words)
            )),
            // Every corpus module passes spirv-val: kiln's verifier accepts it too.
            Ok((_, words)) => {
                if let Err(e) = kiln_spirv_ir::deserialize(&words)
                    .map_err(|e| e.to_string())
                    .and_then(|m| kiln_spirv_ir::verify(&m).map_err(|e| e.to_string()))
                {
                    let head: String = e.lines().take(4).collect::<Vec<_>>().join("\n");
                    failures.push(format!("=== {name}: kiln's verifier rejects it: {head}"));
                }
            }
        }
    }
    eprintln!(
        "corpus: {} of {ran} modules round-trip",
        ran - failures.len()
    );
    assert!(
        ran >= 100 || filter.is_some(),
        "the corpus has only {ran} modules"
    );
    assert!(
        failures.is_empty(),
        "{} of {ran} corpus modules fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The `OpSource` and `OpSourceContinued` instructions of a module, with the `OpSource`'s file
/// id left out (ids are renumbered).
fn source_instructions(words: &[u32]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut at = 5;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        let opcode = words[at] & 0xffff;
        let inst = &words[at..at + count];
        match opcode {
            3 => out.push([&inst[..3], &inst[4..]].concat()),
            2 => out.push(inst.to_vec()),
            _ => {}
        }
        at += count;
    }
    out
}

/// glslang `-g` splits a long source into an `OpSource` and `OpSourceContinued`s at its own
/// points (262123 bytes each); the round trip keeps them, so those instructions come back word
/// for word.
#[test]
fn glslang_source_continued_split_points_survive() {
    let tmp = tempfile::tempdir().unwrap();
    let src = tmp.path().join("long.comp");
    let mut text = String::from("#version 450\nlayout(local_size_x = 1) in;\n");
    text.push_str("layout(std430, binding = 0) buffer B { float d[]; };\n");
    // ~600 KB of comments: an OpSource and two OpSourceContinued.
    for i in 0..12_000 {
        text.push_str(&format!(
            "// padding line {i:05} to make the source text long\n"
        ));
    }
    text.push_str("void main() { d[0] = 1.0; }\n");
    std::fs::write(&src, &text).unwrap();
    let spv = tmp.path().join("long.spv");
    let words = glslang(&src, &["-V", "-g", "--target-env", "vulkan1.1"], &spv).unwrap();
    let before = source_instructions(&words);
    assert_eq!(
        before.len(),
        3,
        "glslang split the source into {} parts",
        before.len()
    );
    let (text, again) = round_trip_through_text(&words, "vulkan1.1").unwrap();
    assert_eq!(text.matches("spirv.SourceContinued ").count(), 2);
    assert!(
        source_instructions(&again) == before,
        "OpSource / OpSourceContinued differ after the round trip"
    );
}
