//! The kernel-IR parser reads back exactly what the printer writes: for every kernel the
//! pipeline makes after lower-to-kernels, vectorize and distribute, from every Tensor IR input of
//! the repository that compiles (the lowering goldens, both benchmark directories, the
//! frontend's round-trip files, the example ONNX model) on the `llvmpipe` and `nvidia-h200`
//! presets, `print(parse(print(k))) == print(k)` and the parsed kernel verifies in its phase;
//! and vectorize, distribute and legalize each run alone on the printed kernels (`kiln opt`,
//! `lowering/src/opt.rs`) print exactly what the pipeline prints after them: the text loses
//! nothing a later pass reads.

use kiln_lowering::kernel_ir::{parse_kernels, print_kernel, verify_kernel};
use kiln_lowering::opt::run_opt;
use kiln_lowering::pass::{CompilationUnit, Phase};
use kiln_lowering::pipeline::{build_pipeline, lower_until, run_pipeline};
use kiln_lowering::PassOptions;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, extension: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, extension, out);
        } else if p.extension().is_some_and(|e| e == extension) {
            out.push(p);
        }
    }
}

fn inputs() -> Vec<(PathBuf, kiln_frontend::Module, PassOptions)> {
    let lowering = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = lowering.parent().unwrap();
    let mut paths = Vec::new();
    for dir in [
        lowering.join("tests/filetests"),
        lowering.join("benches"),
        root.join("benches"),
        root.join("frontend/tests/filetests/roundtrip"),
    ] {
        collect(&dir, "mlir", &mut paths);
    }
    let mut out = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        // Error cases of the goldens do not parse or do not compile; they are skipped below.
        let Ok(module) = kiln_frontend::parse_mlir(&text) else {
            continue;
        };
        // A golden's tiling overrides pick strategies the defaults would not.
        let header = text.lines().next().unwrap_or("");
        let option = |name: &str| header.split_whitespace().find_map(|w| w.strip_prefix(name));
        let tiled = PassOptions {
            verify_each: true,
            matmul_tiles: option("matmul-tiles=").and_then(|t| t.parse().ok()),
            lanes_tiles: option("lanes-tiles=").and_then(|t| t.parse().ok()),
            ..Default::default()
        };
        if tiled.matmul_tiles.is_some() || tiled.lanes_tiles.is_some() {
            out.push((path.clone(), module.clone(), tiled));
        }
        out.push((
            path,
            module,
            PassOptions {
                verify_each: true,
                ..Default::default()
            },
        ));
    }
    let onnx = root.join("examples/models/resnet_tiny.onnx");
    let module =
        kiln_frontend::import_onnx(&onnx).unwrap_or_else(|e| panic!("{}: {e}", onnx.display()));
    out.push((
        onnx,
        module,
        PassOptions {
            verify_each: true,
            index_bits_64: true,
            ..Default::default()
        },
    ));
    out
}

/// Checks every kernel of `unit`; returns how many were checked.
fn check(unit: &CompilationUnit, phase: Phase, what: &str, failures: &mut Vec<String>) -> usize {
    assert_eq!(unit.phase, phase);
    // A unit in a kernel phase prints as its kernels one after another.
    let text = unit.print();
    let parsed = match parse_kernels(&text) {
        Ok(p) => p,
        Err(e) => {
            let line = text.lines().nth(e.line as usize - 1).unwrap_or("");
            failures.push(format!(
                "{what} ({phase:?}): does not parse: {e}
  {line}"
            ));
            return 0;
        }
    };
    if parsed.len() != unit.kernels.len() {
        failures.push(format!(
            "{what} ({phase:?}): {} kernels parsed, {} printed",
            parsed.len(),
            unit.kernels.len()
        ));
    }
    let again: String = parsed.iter().map(print_kernel).collect();
    if again != text {
        let line = text
            .lines()
            .zip(again.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        failures.push(format!(
            "{what} ({phase:?}): printed differently at line {}:\n  {}\n  {}",
            line + 1,
            text.lines().nth(line).unwrap_or(""),
            again.lines().nth(line).unwrap_or("")
        ));
    }
    for kernel in &parsed {
        if let Err(e) = verify_kernel(kernel, phase.kernel_rules()) {
            failures.push(format!(
                "{what} ({phase:?}): parsed kernel fails to verify: {e}"
            ));
        }
    }
    parsed.len()
}

/// Lowers one input on both presets and checks the kernels after each kernel pass, and that
/// each of vectorize, distribute and legalize run alone on the printed kernels (as `kiln opt`
/// does) prints what the pipeline does, where the printed kernels are at most `alone_limit`
/// bytes; returns the number of (input, target) pairs that compiled and the number of kernels
/// checked.
fn check_input(
    path: &Path,
    module: &kiln_frontend::Module,
    options: &PassOptions,
    alone_limit: usize,
    failures: &mut Vec<String>,
) -> (usize, usize) {
    let (mut compiled, mut kernels) = (0, 0);
    for preset in ["llvmpipe", "nvidia-h200"] {
        let env = kiln_spirv_ir::TargetEnv::preset(preset).unwrap();
        let what = format!("{} on {preset}", path.display());
        // Inputs the target cannot compile (f64 on llvmpipe, the error goldens) are skipped.
        let Ok(mut unit) = lower_until(module, &env, options, "lower-to-kernels") else {
            continue;
        };
        compiled += 1;
        kernels += check(&unit, Phase::Kernels, &what, failures);
        for (pass, phase) in [
            ("vectorize", Phase::Vectorized),
            ("distribute", Phase::Distributed),
            ("legalize", Phase::Spirv),
        ] {
            let before = unit.print();
            if phase > Phase::Distributed && before.len() > alone_limit {
                // Legalize runs here only for the comparison below.
                break;
            }
            let passes = build_pipeline(&[pass]).unwrap();
            if let Err(e) = run_pipeline(&mut unit, &passes, options) {
                failures.push(format!("{what}: {pass}: {e}"));
                break;
            }
            // The pass alone on the printed kernels (`kiln opt`) prints what the pipeline does.
            if before.len() <= alone_limit {
                match run_opt(&before, &[pass], &env, options) {
                    Ok(alone) if alone == unit.print() => {}
                    Ok(_) => failures.push(format!("{what}: {pass} alone prints differently")),
                    Err(e) => failures.push(format!("{what}: {pass} alone: {e}")),
                }
            }
            if phase <= Phase::Distributed {
                kernels += check(&unit, phase, &what, failures);
            }
        }
    }
    (compiled, kernels)
}

/// The pass-alone comparison skips the few llvmpipe matmul units that print to a megabyte (the
/// debug build takes seconds on each); `every_pass_alone_matches_the_pipeline_on_every_input`
/// (ignored: about a minute on two cores) runs it on them too.
const ALONE_LIMIT: usize = 64 << 10;

#[test]
fn every_kernel_the_pipeline_prints_parses_back_to_the_same_text() {
    check_all(ALONE_LIMIT);
}

#[test]
#[ignore]
fn every_pass_alone_matches_the_pipeline_on_every_input() {
    check_all(usize::MAX);
}

fn check_all(alone_limit: usize) {
    let inputs = inputs();
    // Two workers (CI has two cores): some llvmpipe matmul kernels print to a megabyte.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<(usize, usize, Vec<String>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    let (mut compiled, mut kernels, mut failures) = (0, 0, Vec::new());
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some((path, module, options)) = inputs.get(i) else {
                            break;
                        };
                        let (c, k) = check_input(path, module, options, alone_limit, &mut failures);
                        compiled += c;
                        kernels += k;
                    }
                    (compiled, kernels, failures)
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let compiled: usize = results.iter().map(|r| r.0).sum();
    let kernels: usize = results.iter().map(|r| r.1).sum();
    let failures: Vec<String> = results.into_iter().flat_map(|r| r.2).collect();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The inputs really compile (a broken input list would pass vacuously).
    assert!(
        compiled >= 80,
        "only {compiled} (input, target) pairs compiled"
    );
    eprintln!("{compiled} (input, target) pairs, {kernels} kernels checked");
}
