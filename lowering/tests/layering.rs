//! The structure of `lowering/src` as a one-way stack (issue 25): read from the source, every
//! module's dependencies (`crate::` paths, `super::` paths, and a `mod.rs` naming its children)
//! form no circle, no module imports one of a later layer ([`LAYERS`]: libraries below the pass
//! manager, the passes in pipeline order above it, so no pass reaches up the pipeline), and no
//! file is over [`MAX_LINES`] lines, and no function of `lower_to_kernels` is over
//! [`MAX_FUNCTION_LINES`] lines but those named in [`LONG_FUNCTIONS`] (issue 40).
//!
//! A new module needs a row in [`LAYERS`] (by its top-level name, or a longer path for a
//! submodule that sits lower than its parent); the test names any module without one.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

#[path = "../../tests/support/layering_kit.rs"]
mod layering_kit;
use layering_kit::*;

/// Layers, lowest first: a module may depend on modules of lower layers, and on modules of its
/// own top-level component (a directory's files among themselves), as long as there is no
/// circle. The longest matching path wins.
const LAYERS: &[(&str, u32)] = &[
    // Foundations: the IRs' data and their utilities.
    ("arena", 0),
    ("size_expr", 0),
    ("heuristics", 0),
    ("program", 1),
    ("kernel_ir", 1),
    ("kernel_config::tiles", 1),
    ("phase", 2),
    ("error", 3),
    // What the passes read: the target and the stage outputs as data.
    ("target", 4),
    ("partition", 4),
    ("buffer_plan", 4),
    ("structured", 5),
    // Kernel configuration: decisions only, no IR changes.
    ("kernel_config", 6),
    // The pass manager's building blocks.
    ("pass", 7),
    // The passes, in pipeline order.
    ("index_checks", 8),
    ("reduce_precision", 9),
    // After reduce-precision in the pipeline; neither imports the other.
    ("emulate_bf16", 9),
    ("decompose", 10),
    // After decompose in the pipeline; neither imports the other.
    ("split_reduction", 10),
    ("channels_last", 10),
    ("fusion", 11),
    // Before fusion in the pipeline; neither imports the other.
    ("merge_matmuls", 11),
    ("pointwise_convs", 11),
    ("kernel_plan", 12),
    ("bufferize", 13),
    ("lower_to_kernels", 14),
    ("vectorize", 15),
    ("distribute", 16),
    ("legalize", 17),
    ("abi", 18),
    ("assemble", 19),
    // The registry, the pipelines and the drivers.
    ("pipeline", 20),
    // `kiln opt`: named passes on IR text.
    ("opt", 21),
];

/// The most lines one source file of `lowering/src` may have.
const MAX_LINES: usize = 1000;

/// The most lines one function of `lowering/src/lower_to_kernels` may have (its signature to
/// its closing brace).
const MAX_FUNCTION_LINES: usize = 150;

/// The functions of `lower_to_kernels` still over [`MAX_FUNCTION_LINES`] (file, function, the
/// most lines it may have): straight-line kernel builders not yet split into named steps
/// (issue 40). A function may only shrink; one that is split leaves this list.
const LONG_FUNCTIONS: &[(&str, &str, usize)] = &[
    ("attention.rs", "attention", 588),
    ("attention_matrix.rs", "matrix_attention", 463),
    ("matmul.rs", "cooperative_matmul", 276),
    ("simt.rs", "simt_matmul", 247),
    ("reduction.rs", "reduction", 228),
    ("gemv.rs", "gemv_matmul", 218),
    ("split.rs", "split_tensor_matmul", 162),
    ("element.rs", "in_region_element", 162),
    ("column.rs", "column_reduction", 162),
    ("row.rs", "row_reduction", 157),
    ("lanes.rs", "lanes_matmul", 155),
    ("workgroup_matrix.rs", "tensor_matmul", 153),
];

/// The `::`-separated identifier paths starting with `start` in `code`.
fn paths_after<'c>(code: &'c str, start: &str) -> Vec<Vec<&'c str>> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find(start) {
        let before = rest[..i].chars().next_back();
        let tail = &rest[i + start.len()..];
        rest = tail;
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let end = tail
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(tail.len());
        out.push(tail[..end].split("::").filter(|s| !s.is_empty()).collect());
    }
    out
}

fn dependencies(modules: &BTreeMap<ModPath, String>) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let longest_module = |parts: &[&str], base: &ModPath| -> Option<ModPath> {
        (0..=parts.len()).rev().find_map(|n| {
            let mut p = base.clone();
            p.extend(parts[..n].iter().map(|s| s.to_string()));
            (n > 0 || !base.is_empty())
                .then_some(p)
                .filter(|p| modules.contains_key(p))
        })
    };
    let mut deps = BTreeMap::new();
    for (me, code) in modules {
        let mut mine = BTreeSet::new();
        for path in paths_after(code, "crate::") {
            if let Some(m) = longest_module(&path, &Vec::new()) {
                mine.insert(m);
            }
        }
        let parent: ModPath = me[..me.len().saturating_sub(1)].to_vec();
        for path in paths_after(code, "super::") {
            if let Some(m) = longest_module(&path, &parent) {
                mine.insert(m);
            }
        }
        // A module file naming its children (`child::x`, `pub use child::*`).
        for word in code.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')) {
            if let Some((first, _)) = word.split_once("::") {
                let mut child = me.clone();
                child.push(first.to_string());
                if !first.is_empty() && modules.contains_key(&child) {
                    mine.insert(child);
                }
            }
        }
        mine.remove(me);
        deps.insert(me.clone(), mine);
    }
    deps
}

fn layer(module: &ModPath) -> Option<u32> {
    let name = module.join("::");
    LAYERS
        .iter()
        .filter(|(prefix, _)| name == *prefix || name.starts_with(&format!("{prefix}::")))
        .max_by_key(|(prefix, _)| prefix.len())
        .map(|(_, layer)| *layer)
}

fn sources() -> (PathBuf, BTreeMap<ModPath, String>, Vec<PathBuf>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let modules = files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            (module_path(&root, f), code_of(&text))
        })
        .collect();
    (root, modules, files)
}

#[test]
fn no_module_depends_on_a_later_layer_or_in_a_circle() {
    let (_, modules, _) = sources();
    let deps = dependencies(&modules);
    let name = |m: &ModPath| m.join("::");
    let mut problems = Vec::new();
    for (me, mine) in &deps {
        if me.is_empty() {
            continue; // lib.rs declares everything
        }
        let Some(my_layer) = layer(me) else {
            problems.push(format!("`{}` has no row in LAYERS", name(me)));
            continue;
        };
        for dep in mine {
            let same_component = dep.first() == me.first();
            match layer(dep) {
                Some(l) if l < my_layer || same_component => {}
                Some(l) => problems.push(format!(
                    "`{}` (layer {my_layer}) depends on `{}` (layer {l})",
                    name(me),
                    name(dep)
                )),
                None => {}
            }
        }
    }
    // Circles: a depth-first search for a back edge.
    fn visit(
        m: &ModPath,
        deps: &BTreeMap<ModPath, BTreeSet<ModPath>>,
        state: &mut BTreeMap<ModPath, u8>,
        stack: &mut Vec<ModPath>,
        circles: &mut Vec<String>,
    ) {
        state.insert(m.clone(), 1);
        stack.push(m.clone());
        for d in deps.get(m).into_iter().flatten() {
            match state.get(d).copied().unwrap_or(0) {
                0 => visit(d, deps, state, stack, circles),
                1 => {
                    let from = stack.iter().position(|s| s == d).unwrap();
                    let circle: Vec<String> = stack[from..].iter().map(|s| s.join("::")).collect();
                    circles.push(format!("{} -> {}", circle.join(" -> "), d.join("::")));
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(m.clone(), 2);
    }
    let mut state = BTreeMap::new();
    let mut circles = Vec::new();
    for m in deps.keys().filter(|m| !m.is_empty()) {
        if !state.contains_key(m) {
            visit(m, &deps, &mut state, &mut Vec::new(), &mut circles);
        }
    }
    problems.extend(circles.into_iter().map(|c| format!("import circle: {c}")));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn no_source_file_is_over_the_line_limit() {
    let (root, _, files) = sources();
    let long = files_over(&root, &files, MAX_LINES);
    assert!(
        long.is_empty(),
        "files over {MAX_LINES} lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn no_function_of_lower_to_kernels_is_over_the_line_limit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lower_to_kernels");
    let problems = functions_over(
        &root,
        "lower_to_kernels",
        LONG_FUNCTIONS,
        MAX_FUNCTION_LINES,
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_function_measure_counts_bodies_not_braces_in_text() {
    let text =
        "pub(super) fn a(x: u8) -> u8 {\n    let s = \"}}\"; // }\n    let c = '{';\n    x\n}\n\
                trait T {\n    fn b(&self);\n}\nfn c<'a>(x: &'a str) {}\n";
    assert_eq!(
        function_lengths(text),
        vec![("a".to_string(), 1, 5), ("c".to_string(), 9, 1)]
    );
}

#[test]
fn the_checker_sees_a_circle_and_a_back_edge() {
    // The analysis itself, on a made-up tree: `fusion` naming `lower_to_kernels` is a back edge;
    // `a` and `b` naming each other through `super::` is a circle.
    let mut modules = BTreeMap::new();
    let m = |s: &str| s.split("::").map(String::from).collect::<ModPath>();
    modules.insert(m("fusion"), "use crate::lower_to_kernels::x;".to_string());
    modules.insert(m("lower_to_kernels"), "mod a; mod b;".to_string());
    modules.insert(m("lower_to_kernels::a"), "use super::b::f;".to_string());
    modules.insert(m("lower_to_kernels::b"), "use super::a::g;".to_string());
    let deps = dependencies(&modules);
    assert!(deps[&m("fusion")].contains(&m("lower_to_kernels")));
    assert!(deps[&m("lower_to_kernels::a")].contains(&m("lower_to_kernels::b")));
    assert!(deps[&m("lower_to_kernels::b")].contains(&m("lower_to_kernels::a")));
    assert!(layer(&m("fusion")) < layer(&m("lower_to_kernels")));
    assert_eq!(
        code_of("use crate::a; // crate::b\n#[cfg(test)]\nmod tests { use crate::c; }"),
        "use crate::a; "
    );
}
