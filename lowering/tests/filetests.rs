//! Golden filetests: `tests/filetests/<pass>/*.mlir` and `*.kir`. Each file starts with a header
//! line `// RUN: <pass> target=<preset> [without=Cap1,Cap2] [matmul-tiles=TMxTNxTK/RMxRN]
//! [index64] [precision=f16] [heuristic=NAME=VALUE]` (the preset minus the named capabilities; 64-bit indices with `index64`; the
//! default pipeline runs on the Tensor IR input up to and including `<pass>`, verifying after
//! every pass), or `// RUN: opt --passes=a,b target=<preset> ...`: only the named passes run, as
//! `kiln opt` runs them (`kiln_lowering::opt::run_opt`), on Tensor IR (`.mlir`) or on kernel IR
//! (`.kir`, the text `print_kernel` writes: the output of the pass before, so that a pass after
//! lower-to-kernels is tested alone). Then the input, then the expected IR after the pass as
//! `// OUT:` lines, or an `// expected-error: <substring>` line for negative tests.
//! `KILN_BLESS=1` rewrites the `// OUT:` lines; a mismatch prints a unified diff.

use kiln_lowering::lower_until;
use kiln_lowering::opt::run_opt;
use kiln_lowering::PassOptions;
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|e| e == "mlir" || e == "kir") {
            out.push(p);
        }
    }
}

/// A line-based unified diff (LCS), enough for golden mismatches.
fn unified_diff(expected: &str, actual: &str) -> String {
    let a: Vec<&str> = expected.lines().collect();
    let b: Vec<&str> = actual.lines().collect();
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut out = String::from("--- expected\n+++ actual\n");
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            out.push_str(&format!(" {}\n", a[i]));
            i += 1;
            j += 1;
        } else if j < b.len() && (i == a.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            out.push_str(&format!("+{}\n", b[j]));
            j += 1;
        } else {
            out.push_str(&format!("-{}\n", a[i]));
            i += 1;
        }
    }
    out
}

/// The target env and pass options of a filetest's `// RUN:` header words.
fn target_and_options(words: &[&str], path: &Path) -> (kiln_spirv_ir::TargetEnv, PassOptions) {
    let option = |name: &str| words.iter().find_map(|w| w.strip_prefix(name));
    let preset = option("target=").unwrap_or("llvmpipe");
    let matmul_tiles = option("matmul-tiles=").map(|t| {
        t.parse()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    });
    let lanes_tiles = option("lanes-tiles=").map(|t| {
        t.parse()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    });
    let mut env = kiln_spirv_ir::TargetEnv::preset(preset).unwrap();
    // `without=Cap1,Cap2`: the preset minus these capabilities.
    if let Some(names) = option("without=") {
        let names: Vec<&str> = names.split(',').collect();
        for name in &names {
            assert!(
                env.capabilities.iter().any(|c| format!("{c:?}") == *name),
                "{}: `without={name}`: the preset has no such capability",
                path.display()
            );
        }
        env.capabilities
            .retain(|c| !names.contains(&format!("{c:?}").as_str()));
    }
    let options = PassOptions {
        verify_each: true,
        index_bits_64: words.contains(&"index64"),
        matmul_tiles,
        lanes_tiles,
        precision: option("precision=").map_or(Default::default(), |p| {
            p.parse()
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        }),
        heuristic_overrides: words
            .iter()
            .filter_map(|w| w.strip_prefix("heuristic="))
            .map(|h| {
                h.parse()
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            })
            .collect(),
        ..Default::default()
    };
    (env, options)
}

#[test]
fn filetests() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/filetests");
    let mut all = Vec::new();
    files(&root, &mut all);
    assert!(
        !all.is_empty(),
        "no filetests found under {}",
        root.display()
    );
    let bless = std::env::var("KILN_BLESS").is_ok_and(|v| v == "1");
    let mut failures = Vec::new();
    for path in &all {
        let text = std::fs::read_to_string(path).unwrap();
        let header = text.lines().next().unwrap_or("");
        let Some(run) = header.strip_prefix("// RUN: ") else {
            failures.push(format!(
                "{}: missing `// RUN: <pass> target=<preset>` header",
                path.display()
            ));
            continue;
        };
        let words: Vec<&str> = run.split_whitespace().collect();
        let pass = words.first().copied().unwrap_or("");
        let input: String = text
            .lines()
            .filter(|l| !l.starts_with("// OUT:"))
            .map(|l| format!("{l}\n"))
            .collect();
        let expected_error = text
            .lines()
            .find_map(|l| l.strip_prefix("// expected-error: "))
            .map(str::trim)
            .map(str::to_string);
        let expected: String = text
            .lines()
            .filter_map(|l| l.strip_prefix("// OUT:"))
            .map(|l| format!("{}\n", l.strip_prefix(' ').unwrap_or(l)))
            .collect();
        let (env, options) = target_and_options(&words, path);
        // The printed result, or the error's text and whether it is the user's to fix.
        let result: Result<String, (String, bool)> = if pass == "opt" {
            let passes: Vec<&str> = words
                .iter()
                .filter_map(|w| w.strip_prefix("--passes="))
                .flat_map(|list| list.split(','))
                .chain(words.iter().filter_map(|w| w.strip_prefix("--pass=")))
                .collect();
            run_opt(&input, &passes, &env, &options).map_err(|e| (e.to_string(), e.is_user_error()))
        } else {
            if path.extension().is_some_and(|e| e == "kir") {
                failures.push(format!(
                    "{}: kernel IR input needs a `// RUN: opt --passes=...` header",
                    path.display()
                ));
                continue;
            }
            let module = kiln_frontend::parse::parse_mlir(&input)
                .unwrap_or_else(|e| panic!("{}: input does not parse: {e}", path.display()));
            lower_until(&module, &env, &options, pass)
                .map(|unit| unit.print())
                .map_err(|e| (e.to_string(), e.is_user_error()))
        };
        match (expected_error, result) {
            (Some(want), Err((e, is_user_error))) => {
                if !e.contains(&want) {
                    failures.push(format!(
                        "{}: expected error containing `{want}`, got `{e}`",
                        path.display()
                    ));
                }
                if !is_user_error {
                    failures.push(format!("{}: `{e}` should be a user error", path.display()));
                }
            }
            (Some(want), Ok(_)) => failures.push(format!(
                "{}: expected error `{want}`, compiled fine",
                path.display()
            )),
            (None, Err((e, _))) => failures.push(format!("{}: {e}", path.display())),
            (None, Ok(actual)) => {
                if bless {
                    let mut blessed = input.clone();
                    for line in actual.lines() {
                        blessed.push_str(
                            &format!("// OUT: {line}\n").replace("// OUT: \n", "// OUT:\n"),
                        );
                    }
                    std::fs::write(path, blessed).unwrap();
                } else if actual != expected {
                    failures.push(format!(
                        "{}:\n{}",
                        path.display(),
                        unified_diff(&expected, &actual)
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} filetests failed:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

/// Every kernel laid out for a subgroup size records the target's: the Tensor IR filetests
/// (each with its target and options), lowered through distribution, cover the strategies that
/// use subgroup operations or subgroup-scope cooperative matrices. A kernel that depends on the
/// size without recording it would run wrong, without any error, on a device of another size.
#[test]
fn kernels_laid_out_for_a_subgroup_size_record_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/filetests");
    let mut all = Vec::new();
    files(&root, &mut all);
    let mut failures = Vec::new();
    // The files whose kernels depend on the subgroup size: the strategies below must be among
    // them (lanes, row / softmax / attention rows of subgroups, workgroup reductions through
    // subgroup arithmetic, cooperative-matrix matmuls and attention).
    let mut dependent = Vec::new();
    for path in all
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
    {
        let text = std::fs::read_to_string(path).unwrap();
        let Some(run) = text.lines().next().and_then(|h| h.strip_prefix("// RUN: ")) else {
            continue;
        };
        let words: Vec<&str> = run.split_whitespace().collect();
        // Files of the passes from lower-to-kernels on: earlier ones test their own pass
        // (some with options that later passes were never meant to see).
        let from_kernels = kiln_lowering::pipeline::DEFAULT_PIPELINE
            .iter()
            .skip_while(|p| **p != "lower-to-kernels")
            .any(|p| words.first() == Some(p));
        if !from_kernels || text.contains("// expected-error: ") {
            continue;
        }
        let (env, options) = target_and_options(&words, path);
        let input: String = text
            .lines()
            .filter(|l| !l.starts_with("// OUT:"))
            .map(|l| format!("{l}\n"))
            .collect();
        let module = kiln_frontend::parse::parse_mlir(&input)
            .unwrap_or_else(|e| panic!("{}: input does not parse: {e}", path.display()));
        let unit = match lower_until(&module, &env, &options, "distribute") {
            Ok(unit) => unit,
            Err(e) => {
                failures.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        for kernel in &unit.kernels {
            let Some(why) = kiln_lowering::kernel_ir::subgroup_dependence(kernel) else {
                continue;
            };
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            if !dependent.contains(&name) {
                dependent.push(name);
            }
            if kernel.required_subgroup_size != Some(env.limits.subgroup_size) {
                failures.push(format!(
                    "{}: kernel @{} ({why}) records subgroup size {:?}, the target's is {}",
                    path.display(),
                    kernel.name,
                    kernel.required_subgroup_size,
                    env.limits.subgroup_size
                ));
            }
        }
    }
    for strategy in [
        "matmul_lanes",
        "matmul_coopmat",
        "attention_matrix_f16",
        "attention",
        "rms_norm_row_chain",
        "softmax_subgroup_rows",
        "row_sum_subgroup",
        "row_sum_subgroup_per_row",
    ] {
        if !dependent.iter().any(|d| d == strategy) {
            failures.push(format!(
                "{strategy}.mlir has no kernel laid out for a subgroup size (dependent: {})",
                dependent.join(", ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
