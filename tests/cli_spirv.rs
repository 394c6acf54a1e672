//! `kiln spirv dis | as | val` as a user runs them: a glslang-compiled shader disassembled,
//! assembled back and verified; `val` on a module kiln's verifier rejects.

use std::path::Path;
use std::process::{Command, Output};

fn kiln(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(args)
        .env(
            "PATH",
            format!(
                "{}/.venv/bin:{}",
                env!("CARGO_MANIFEST_DIR"),
                std::env::var("PATH").unwrap_or_default()
            ),
        )
        .output()
        .expect("kiln runs")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn spirv_dis_as_val_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("spirv-ir/tests/glsl/04_switch.comp");
    let spv = dir.path().join("a.spv");
    let res = Command::new("glslangValidator")
        .args(["-V", "-g", "--target-env", "vulkan1.1", "-o"])
        .arg(&spv)
        .arg(&src)
        .output()
        .expect("glslangValidator must be installed");
    assert!(res.status.success(), "{}", text(&res));
    let dis = kiln(&["spirv", "dis", spv.to_str().unwrap()]);
    assert!(dis.status.success(), "{}", text(&dis));
    let txt = dir.path().join("a.txt");
    std::fs::write(&txt, &dis.stdout).unwrap();
    let out = dir.path().join("b.spv");
    let asm = kiln(&[
        "spirv",
        "as",
        txt.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(asm.status.success(), "{}", text(&asm));
    let again = kiln(&["spirv", "dis", out.to_str().unwrap()]);
    assert_eq!(
        String::from_utf8_lossy(&again.stdout),
        String::from_utf8_lossy(&dis.stdout)
    );
    for file in [&spv, &txt] {
        let val = kiln(&[
            "spirv",
            "val",
            file.to_str().unwrap(),
            "--target-env",
            "vulkan1.1",
        ]);
        let t = text(&val);
        assert!(val.status.success(), "{t}");
        assert!(t.contains("kiln verifier: valid"), "{t}");
        assert!(t.contains("spirv-val --target-env vulkan1.1: valid"), "{t}");
    }
}

#[test]
fn spirv_val_reports_both_verdicts_on_an_invalid_module() {
    let dir = tempfile::tempdir().unwrap();
    // A global variable whose storage class differs from its pointer type's.
    let txt = dir.path().join("bad.txt");
    std::fs::write(
        &txt,
        r#"spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {
  spirv.GlobalVariable @g : ptr<u32, Private> storage_class(Workgroup)
  spirv.func @main() -> void {
  ^bb0:
    spirv.Return
  }
  spirv.EntryPoint GLCompute @main "main" interface()
  spirv.ExecutionMode @main LocalSize 1 1 1
}
"#,
    )
    .unwrap();
    let val = kiln(&["spirv", "val", txt.to_str().unwrap()]);
    let t = text(&val);
    assert!(!val.status.success(), "{t}");
    assert!(t.contains("kiln verifier: invalid"), "{t}");
    assert!(t.contains("storage class"), "{t}");
    assert!(t.contains("spirv-val --target-env spv1.3:"), "{t}");
}
