//! A bounded fuzz smoke over the assembly cases (images, debug information, forward pointers,
//! non-semantic instructions, spec-constant operations, ...): single-word mutations of each
//! case's binary must give an error or a module, never a panic; a lifted module must print,
//! and its text parse back. `KILN_MUT_TRACE=1` prints each mutation (to find the one that
//! overflows the stack).

use kiln_spirv_ir::tools::find_tool;
use kiln_spirv_ir::*;
use rand::{Rng, SeedableRng};
use std::path::Path;
use std::process::Command;

fn cases() -> Vec<Vec<u32>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/asm");
    let tool = find_tool("spirv-as", "KILN_SPIRV_AS").unwrap();
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "spvasm"))
        .collect();
    paths.sort();
    let tmp = tempfile::tempdir().unwrap();
    paths
        .iter()
        .map(|p| {
            let env = std::fs::read_to_string(p).unwrap();
            let env = env.lines().next().unwrap().trim_start_matches("; RUN: ");
            let out = tmp.path().join("x.spv");
            let st = Command::new(&tool)
                .args(["--preserve-numeric-ids", "--target-env", env, "-o"])
                .arg(&out)
                .arg(p)
                .status()
                .unwrap();
            assert!(st.success(), "{}", p.display());
            let b = std::fs::read(&out).unwrap();
            b.chunks(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        })
        .collect()
}

#[test]
fn mutated_cases_never_panic() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(24);
    let mut lifted = 0;
    for (ci, words) in cases().into_iter().enumerate() {
        for _ in 0..300 {
            let mut w = words.clone();
            let at = rng.random_range(5..w.len());
            w[at] = match rng.random_range(0..4) {
                0 => w[at] ^ (1 << rng.random_range(0..32)),
                1 => rng.random_range(0..64),
                2 => w[at].wrapping_add(1),
                _ => w[rng.random_range(5..w.len())],
            };
            if std::env::var_os("KILN_MUT_TRACE").is_some() {
                eprintln!("case {ci} word {at} = {:#x}", w[at]);
            }
            if let Ok(m) = deserialize(&w) {
                lifted += 1;
                let text = print_module(&m);
                // Printing and parsing must not panic either; a module the parser refuses
                // (a mutation it cannot tell from valid input) is fine.
                let _ = parse_module(&text);
                let _ = serialize(&m);
            }
        }
    }
    assert!(
        lifted > 0,
        "no mutation lifted: the smoke test tests nothing"
    );
}

/// A struct refers back to an enclosing one only through a pointer; anything else would be an
/// infinite type.
#[test]
fn struct_cycles_outside_pointers_are_refused() {
    let module = |ty: &str| {
        format!(
            r#"spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {{
  spirv.GlobalVariable @g : ptr<{ty}, Private>
}}
"#
        )
    };
    let e = parse_module(&module(r#"struct<"A", (u32, struct<"A">)>"#)).unwrap_err();
    assert!(e.to_string().contains("outside a pointer"), "{e}");
    let e = parse_module(&module(r#"struct<"A", (array<2 x struct<"A">>)>"#)).unwrap_err();
    assert!(e.to_string().contains("outside a pointer"), "{e}");
    // Through a pointer it is a linked list.
    let m = parse_module(&module(r#"struct<"A", (ptr<struct<"A">, Private>, u32)>"#)).unwrap();
    let text = print_module(&m);
    assert!(
        text.contains(r#"struct<"A", (ptr<struct<"A">, Private>, u32)>"#),
        "{text}"
    );
}
