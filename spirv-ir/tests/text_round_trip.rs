//! The text form: print -> parse -> print is the identity, and binary -> text -> binary keeps
//! the module (serializing the parsed text gives the same words as serializing the lifted IR).

use kiln_spirv_ir::*;
use std::path::Path;
use std::process::Command;

fn check(name: &str, words: &[u32]) -> Result<(), String> {
    let m = deserialize(words).map_err(|e| format!("deserialize: {e}"))?;
    let text = print_module(&m);
    let parsed = parse_module(&text).map_err(|e| format!("parse: {e}\n{text}"))?;
    let again = print_module(&parsed);
    if again != text {
        let diff: Vec<String> = text
            .lines()
            .zip(again.lines())
            .filter(|(a, b)| a != b)
            .take(5)
            .map(|(a, b)| format!("- {a}\n+ {b}"))
            .collect();
        return Err(format!(
            "{name}: print(parse(text)) differs:\n{}",
            diff.join("\n")
        ));
    }
    let w1 = serialize(&m).map_err(|e| e.to_string())?;
    let w2 = assemble_text(&text).map_err(|e| e.to_string())?;
    if w1 != w2 {
        return Err(format!(
            "{name}: assembling the text gives other words than the lifted IR"
        ));
    }
    assert_eq!(disassemble_to_text(words).unwrap(), text);
    Ok(())
}

#[test]
fn glslang_corpus_text_round_trips() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/glsl");
    let tmp = tempfile::tempdir().unwrap();
    let mut failures = vec![];
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for src in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "comp"))
    {
        let out = tmp.path().join("out.spv");
        let res = Command::new("glslangValidator")
            .args(["-V", "--target-env", "vulkan1.3", "-o"])
            .arg(&out)
            .arg(src)
            .output()
            .expect("glslangValidator must be installed");
        assert!(res.status.success());
        let bytes = std::fs::read(&out).unwrap();
        let words: Vec<u32> = bytes
            .chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        if let Err(e) = check(&src.display().to_string(), &words) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn parse_errors_point_at_line_and_column() {
    let text = "spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {\n  spirv.GlobalVariable @a : f32\n}\n";
    let e = parse_module(text).unwrap_err();
    assert_eq!((e.line, e.column), (2, 29), "{e}");
    assert!(e.message.contains("pointer"), "{e}");
    let text = "spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {\n  spirv.func @f() -> void {\n  ^bb0:\n    %0 = spirv.IAdd %7, %7 : u32\n    spirv.Return\n  }\n}\n";
    let e = parse_module(text).unwrap_err();
    assert_eq!(e.line, 4, "{e}");
    assert!(e.message.contains("undefined value %7"), "{e}");
    let e =
        parse_module("spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [NotACap], []> {}")
            .unwrap_err();
    assert!(e.message.contains("capability"), "{e}");
}
