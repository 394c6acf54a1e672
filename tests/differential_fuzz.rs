//! Issue 41: a differential fuzzer in the style of NNSmith (ASPLOS 2023). Random valid ONNX
//! graphs over the operators kiln supports (`tests/models/make_fuzz_graphs.py`: elementwise and
//! broadcasting binaries, activations, reductions, softmax, MatMul / Gemm, Transpose, Reshape,
//! Concat, Slice, Unsqueeze / Squeeze; random shapes with size-1 and odd dims, attributes,
//! large inputs) run through kiln on the default device (lavapipe in CI) and through
//! onnxruntime (or, where onnxruntime's kernels approximate, onnx's reference implementation:
//! kiln agreeing with either passes). A refusal of a valid graph, a crash or a mismatch fails
//! the case, shrunk to the first wrong node and its ancestors: the graph's twin with every
//! node's result as an output is run, the first output that differs names the node (its op, input shapes and attributes),
//! and a graph of that node and the nodes it depends on is written beside the case
//! (`NAME_min.onnx` with its inputs and onnxruntime's value) and run again.
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
    let Some(mismatch) = first_mismatch(&got, &expected) else {
        return Ok(());
    };
    // onnx's reference implementation, the second oracle: where onnxruntime's approximations
    // (MLAS' Sigmoid tail) differ from it and kiln agrees with it, kiln is right.
    let reference: Vec<kiln::HostTensor> = (0..)
        .map(|k| dir.join(format!("{name}.reference_{k}.npy")))
        .take_while(|p| p.exists())
        .filter_map(|p| kiln::HostTensor::read_npy(&p).ok())
        .collect();
    if reference.len() == got.len() && first_mismatch(&got, &reference).is_none() {
        return Ok(());
    }
    Err(mismatch)
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

/// The case shrunk to its first wrong node and that node's ancestors: the `_all` twin (every
/// node's result an output) names the first wrong node; a graph of it and the nodes it depends
/// on (with the inputs and initializers they read) is written as `NAME_min` beside the case,
/// with the twin's inputs and onnxruntime's value of that node, and run again.
fn shrink(session: &kiln::Session, dir: &Path, name: &str) -> String {
    let twin = format!("{name}_all");
    let nodes: Vec<String> = std::fs::read_to_string(dir.join(format!("{twin}.nodes.txt")))
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect();
    let e = match run_case(session, dir, &twin) {
        Ok(()) => {
            return "the twin with every node's result as an output agrees (a fusion bug)".into()
        }
        Err(e) => e,
    };
    let wrong = e
        .strip_prefix("output ")
        .and_then(|r| r.split(' ').next())
        .and_then(|k| k.parse::<usize>().ok());
    let Some(k) = wrong else {
        return format!("the twin fails too: {e}\n  {}", nodes.join("\n  "));
    };
    let describe = |kept: &[usize]| {
        kept.iter()
            .map(|&j| nodes.get(j).map_or("?", String::as_str))
            .collect::<Vec<_>>()
            .join("\n  ")
    };
    match write_ancestors(dir, &twin, k, &format!("{name}_min")) {
        Err(why) => format!(
            "first wrong node: {} ({e}); not shrunk further ({why})",
            nodes.get(k).map_or("?", String::as_str)
        ),
        Ok(kept) => {
            let verdict = match run_case(session, dir, &format!("{name}_min")) {
                Err(min) => format!("still fails ({min}); kept as {name}_min.onnx"),
                Ok(()) => "agrees alone: the rest of the graph matters (a fusion bug)".into(),
            };
            format!(
                "first wrong node: {} ({e}); it and its ancestors, {} of {} nodes, {verdict}:\n  {}",
                nodes.get(k).map_or("?", String::as_str),
                kept.len(),
                nodes.len(),
                describe(&kept)
            )
        }
    }
}

/// Writes `dir/MIN.onnx`: node `k` of `dir/TWIN.onnx` and the nodes it depends on, the graph
/// inputs and initializers they read, node `k`'s result as the one output; `MIN.input_I.npy`
/// and `MIN.expected_0.npy` from the twin's files. Returns the kept nodes' indices.
fn write_ancestors(dir: &Path, twin: &str, k: usize, min: &str) -> Result<Vec<usize>, String> {
    use kiln::frontend::onnx::proto::ModelProto;
    use prost::Message;
    use std::collections::HashSet;
    let bytes = std::fs::read(dir.join(format!("{twin}.onnx"))).map_err(|e| e.to_string())?;
    let mut model = ModelProto::decode(bytes.as_slice()).map_err(|e| e.to_string())?;
    let graph = model.graph.as_mut().ok_or("no graph")?;
    let wrong = graph.node.get(k).ok_or("no such node")?;
    let result = wrong
        .output
        .first()
        .cloned()
        .ok_or("a node without outputs")?;
    let mut needed: HashSet<String> = wrong.input.iter().cloned().collect();
    let mut kept = vec![k];
    for j in (0..k).rev() {
        if graph.node[j].output.iter().any(|o| needed.contains(o)) {
            needed.extend(graph.node[j].input.iter().cloned());
            kept.push(j);
        }
    }
    kept.reverse();
    let output = graph
        .output
        .iter()
        .find(|o| o.name.as_deref() == Some(result.as_str()))
        .cloned()
        .ok_or("the twin does not output the node's result")?;
    let inputs: Vec<usize> = (0..graph.input.len())
        .filter(|&i| {
            graph.input[i]
                .name
                .as_ref()
                .is_some_and(|n| needed.contains(n))
        })
        .collect();
    let output_index = graph.output.iter().position(|o| o == &output).unwrap_or(k);
    graph.node = kept.iter().map(|&j| graph.node[j].clone()).collect();
    graph.input = inputs.iter().map(|&i| graph.input[i].clone()).collect();
    graph
        .initializer
        .retain(|t| t.name.as_ref().is_some_and(|n| needed.contains(n)));
    graph.output = vec![output];
    let file = |case: &str, what: &str| dir.join(format!("{case}.{what}.npy"));
    std::fs::write(dir.join(format!("{min}.onnx")), model.encode_to_vec())
        .map_err(|e| e.to_string())?;
    for (new, &old) in inputs.iter().enumerate() {
        std::fs::copy(
            file(twin, &format!("input_{old}")),
            file(min, &format!("input_{new}")),
        )
        .map_err(|e| e.to_string())?;
    }
    std::fs::copy(
        file(twin, &format!("expected_{output_index}")),
        file(min, "expected_0"),
    )
    .map_err(|e| e.to_string())?;
    // The second oracle's value too, where it ran the twin.
    let reference = file(twin, &format!("reference_{output_index}"));
    if reference.exists() {
        std::fs::copy(reference, file(min, "reference_0")).map_err(|e| e.to_string())?;
    }
    Ok(kept)
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
    // A failing run keeps its cases (and the shrunk `_min` graphs) to reproduce.
    if kept.is_none() && failures.is_empty() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(
        failures.is_empty(),
        "{} of {} graphs (seed {seed}, cases in {}) differ from onnxruntime:\n\n{}",
        failures.len(),
        passed + failures.len(),
        dir.display(),
        failures.join("\n\n")
    );
}
