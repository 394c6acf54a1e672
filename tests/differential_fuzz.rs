//! Issue 41: a differential fuzzer in the style of NNSmith (ASPLOS 2023). Random valid ONNX
//! graphs over the operators kiln supports (`tests/models/make_fuzz_graphs.py`: elementwise and
//! broadcasting binaries, activations, reductions, softmax, MatMul / Gemm, Transpose, Reshape,
//! Concat, Slice, Unsqueeze / Squeeze; random shapes with size-1 and odd dims, attributes,
//! large inputs) run through kiln on the default device (lavapipe in CI) and through
//! onnxruntime. A refusal of a valid graph, a crash or a mismatch fails the case, shrunk to the
//! first wrong node: the graph's twin with every node's result as an output is run, and the
//! first output that differs names the node, its op, its input shapes and attributes.
//!
//! The fixed-seed corpus here (`--seed 41 --count 40`) runs in CI; a longer run by hand:
//! `KILN_FUZZ_SEED=7 KILN_FUZZ_COUNT=2000 KILN_FUZZ_NODES=10 cargo test --release --test
//! differential_fuzz`; `KILN_FUZZ_DIR=DIR` runs the cases `make_fuzz_graphs.py DIR` wrote.

use std::path::Path;

mod model_files;

/// A failure of one graph, shrunk where it can be.
fn run_case(session: &kiln::Session, dir: &Path, name: &str) -> Result<(), String> {
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let case = model_files::load_case(session, dir, name, name);
        let executable = session
            .load(&case.artifact.program)
            .map_err(|e| e.to_string())?;
        let got = executable.run(&case.inputs).map_err(|e| e.to_string())?;
        Ok::<_, String>((got, case.expected))
    }));
    let (got, expected) = match outcome {
        Ok(Ok(v)) => v,
        Ok(Err(e)) => return Err(format!("run: {e}")),
        Err(p) => {
            let message = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            return Err(message);
        }
    };
    first_mismatch(&got, &expected).map_or(Ok(()), Err)
}

/// The first output that differs from onnxruntime's (relative to the output's scale).
fn first_mismatch(got: &[kiln::HostTensor], want: &[kiln::HostTensor]) -> Option<String> {
    if got.len() != want.len() {
        return Some(format!("{} outputs, onnxruntime {}", got.len(), want.len()));
    }
    for (k, (g, w)) in got.iter().zip(want).enumerate() {
        let (g, w) = (g.to_reference(), w.to_reference());
        if g.data.shape() != w.data.shape() {
            return Some(format!(
                "output {k}: shape {:?}, onnxruntime {:?}",
                g.data.shape(),
                w.data.shape()
            ));
        }
        let scale = w
            .data
            .iter()
            .filter(|v| v.is_finite())
            .fold(0f64, |m, v| m.max(v.abs()));
        for (i, (a, b)) in g.data.iter().zip(w.data.iter()).enumerate() {
            let ok = a == b
                || (a.is_nan() && b.is_nan())
                || (a - b).abs() <= 1e-4 * b.abs() + 1e-5 * scale.max(1.0);
            if !ok {
                return Some(format!("output {k} element {i}: kiln {a}, onnxruntime {b}"));
            }
        }
    }
    None
}

/// The case shrunk to its first wrong node (the `_all` twin).
fn shrink(session: &kiln::Session, dir: &Path, name: &str) -> String {
    let twin = format!("{name}_all");
    let nodes: Vec<String> = std::fs::read_to_string(dir.join(format!("{twin}.nodes.txt")))
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect();
    match run_case(session, dir, &twin) {
        Ok(()) => "the twin with every node's result as an output agrees (a fusion bug)".into(),
        Err(e) => {
            let k = e
                .strip_prefix("output ")
                .and_then(|r| r.split(' ').next())
                .and_then(|k| k.parse::<usize>().ok());
            match k {
                Some(k) => format!(
                    "first wrong node: {} ({e}); the graph up to it:\n  {}",
                    nodes.get(k).map(String::as_str).unwrap_or("?"),
                    nodes[..=k.min(nodes.len().saturating_sub(1))].join("\n  ")
                ),
                None => format!("the twin fails too: {e}\n  {}", nodes.join("\n  ")),
            }
        }
    }
}

#[test]
fn random_graphs_agree_with_onnxruntime() {
    let seed = std::env::var("KILN_FUZZ_SEED").unwrap_or_else(|_| "41".into());
    let count = std::env::var("KILN_FUZZ_COUNT").unwrap_or_else(|_| "40".into());
    let nodes = std::env::var("KILN_FUZZ_NODES").unwrap_or_else(|_| "6".into());
    // `KILN_FUZZ_DIR`: the cases of an earlier `make_fuzz_graphs.py` run (kept), to reproduce.
    let kept = std::env::var_os("KILN_FUZZ_DIR").map(std::path::PathBuf::from);
    let dir = kept.clone().unwrap_or_else(|| {
        model_files::generate(
            "make_fuzz_graphs.py",
            &format!("fuzz-{seed}"),
            &["--seed", &seed, "--count", &count, "--nodes", &nodes],
        )
    });
    let session = model_files::session();
    let cases = std::fs::read_to_string(dir.join("cases.txt")).unwrap();
    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut failures = Vec::new();
    let mut passed = 0;
    for name in cases.lines() {
        match run_case(&session, &dir, name) {
            Ok(()) => passed += 1,
            Err(e) => failures.push(format!("{name}: {e}\n{}", shrink(&session, &dir, name))),
        }
    }
    std::panic::set_hook(previous_hook);
    if kept.is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(
        failures.is_empty(),
        "{} of {} graphs (seed {seed}) differ from onnxruntime:\n\n{}",
        failures.len(),
        passed + failures.len(),
        failures.join("\n\n")
    );
}
