//! The structure of `frontend/src` (issue 40), read from the source as `lowering/tests/layering.rs`
//! reads `lowering/src`: every module's dependencies (`crate::` and `super::` paths, use groups
//! `{..}` expanded, and a `mod.rs` naming its children) are collected, and
//! - the ONNX importer `onnx/` is a one-way stack: no circle among its modules, and none imports
//!   one of a later layer ([`LAYERS`]: the parsing context at the bottom, the op families above
//!   it, the registry, the graph walk and the public API on top);
//! - nothing outside `onnx/` but the crate root reads the importer (the interpreter does not);
//! - no source file of `frontend/src` is over [`MAX_LINES`] lines, and no function of `onnx/`
//!   is over [`MAX_FUNCTION_LINES`] lines but those named in [`LONG_FUNCTIONS`].
//!
//! A new module of `onnx/` needs a row in [`LAYERS`] (by its path, or a shorter one for a
//! directory whose files sit together); the test names any module without one.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

#[path = "../../tests/support/layering_kit.rs"]
mod layering_kit;
use layering_kit::*;

/// Layers of `onnx/`, lowest first: a module may depend on modules of lower layers, and on
/// modules of its own row (a directory's files among themselves), as long as there is no circle.
/// The longest matching path wins.
const LAYERS: &[(&str, u32)] = &[
    // The decoded protobuf, and what reads no importer state.
    ("onnx::proto", 0),
    ("onnx::jpeg", 0),
    ("onnx::opsets", 0),
    ("onnx::elem_types", 1),
    ("onnx::error", 1),
    ("onnx::tensor_data", 2),
    // The parsing context: importer state, value handles, node and graph, the helper kit,
    // subgraph import.
    ("onnx::context", 3),
    // The helpers op families share (reshapes, contractions, conv windows, reductions,
    // generics, unrolling, quantization, sampling).
    ("onnx::shared", 4),
    // Op families: each imports the context and the shared helpers.
    ("onnx::activation_ops", 5),
    ("onnx::attention", 5),
    ("onnx::causal_conv", 5),
    ("onnx::col2im", 5),
    ("onnx::control_flow", 5),
    ("onnx::deform_conv", 5),
    ("onnx::det", 5),
    ("onnx::einsum", 5),
    ("onnx::flex_attention", 5),
    ("onnx::grid_sample", 5),
    ("onnx::image_decoder", 5),
    ("onnx::layout_ops", 5),
    ("onnx::linear_attention", 5),
    ("onnx::logic_ops", 5),
    ("onnx::loss_ops", 5),
    ("onnx::math_ops", 5),
    ("onnx::ml_ops", 5),
    ("onnx::norm_ops", 5),
    ("onnx::ops", 5),
    ("onnx::optional_ops", 5),
    ("onnx::quantized", 5),
    ("onnx::recurrent", 5),
    ("onnx::reduce_ops", 5),
    ("onnx::resize", 5),
    ("onnx::rotary", 5),
    ("onnx::scatter", 5),
    ("onnx::shape_ops", 5),
    ("onnx::signal", 5),
    ("onnx::tfidf", 5),
    ("onnx::training", 5),
    ("onnx::tree_ensemble", 5),
    ("onnx::value_ops", 5),
    // One row per operator: name, domain, versions, refusals, handler.
    ("onnx::registry", 6),
    // The checks before import, the node walk, folding.
    ("onnx::graph", 7),
    // The public API.
    ("onnx", 8),
];

/// The most lines one source file of `frontend/src` may have.
const MAX_LINES: usize = 1000;

/// The most lines one function of `frontend/src/onnx` may have (its signature to its closing
/// brace).
const MAX_FUNCTION_LINES: usize = 150;

/// The functions of `onnx/` still over [`MAX_FUNCTION_LINES`] (file, function, the most lines
/// it may have): handlers not yet split into named steps (issue 40). A function may only
/// shrink; one that is split leaves this list.
const LONG_FUNCTIONS: &[(&str, &str, usize)] = &[
    ("recurrent/mod.rs", "import", 467),
    ("deform_conv.rs", "deform_conv", 246),
    ("tree_ensemble.rs", "import", 233),
    ("grid_sample.rs", "roi_align", 231),
    ("jpeg.rs", "decode", 225),
];

/// The paths a use tree (or an expression path) starting at `s` names, each appended to
/// `prefix`: `a::{b, c::{d, e}}` names `a::b`, `a::c::d` and `a::c::e`. Returns the rest of `s`.
fn use_tree<'s>(s: &'s str, prefix: &[String], out: &mut Vec<ModPath>) -> &'s str {
    let mut rest = s.trim_start();
    let mut path = prefix.to_vec();
    loop {
        if let Some(group) = rest.strip_prefix('{') {
            rest = group;
            loop {
                rest = use_tree(rest, &path, out).trim_start();
                match rest.chars().next() {
                    Some(',') => rest = rest[1..].trim_start(),
                    Some('}') => return &rest[1..],
                    _ => return rest,
                }
                if let Some(end) = rest.strip_prefix('}') {
                    return end;
                }
            }
        }
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '*'))
            .unwrap_or(rest.len());
        if end > 0 {
            path.push(rest[..end].to_string());
        }
        rest = &rest[end..];
        if let Some(tail) = rest.strip_prefix("::") {
            rest = tail;
            continue;
        }
        out.push(path);
        // `x as y`: the alias names nothing.
        if let Some(alias) = rest.trim_start().strip_prefix("as ") {
            let alias = alias.trim_start();
            let end = alias
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(alias.len());
            return &alias[end..];
        }
        return rest;
    }
}

/// The paths after each `start` (`crate::` or `super::`) in `code`, with how many further
/// `super::` they begin with.
fn paths_after(code: &str, start: &str) -> Vec<(usize, ModPath)> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find(start) {
        let before = rest[..i].chars().next_back();
        let mut tail = &rest[i + start.len()..];
        rest = tail;
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let mut ups = 0;
        while let Some(t) = tail.strip_prefix("super::") {
            ups += 1;
            tail = t;
        }
        let mut paths = Vec::new();
        use_tree(tail, &[], &mut paths);
        out.extend(paths.into_iter().map(|p| (ups, p)));
    }
    out
}

fn dependencies(modules: &BTreeMap<ModPath, String>) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let longest_module = |parts: &[String], base: &[String]| -> Option<ModPath> {
        (0..=parts.len()).rev().find_map(|n| {
            let mut p = base.to_vec();
            p.extend(parts[..n].iter().cloned());
            (n > 0 || !base.is_empty())
                .then_some(p)
                .filter(|p| modules.contains_key(p))
        })
    };
    let mut deps = BTreeMap::new();
    for (me, code) in modules {
        let mut mine = BTreeSet::new();
        for (_, path) in paths_after(code, "crate::") {
            if let Some(m) = longest_module(&path, &[]) {
                mine.insert(m);
            }
        }
        for (ups, path) in paths_after(code, "super::") {
            let base = &me[..me.len().saturating_sub(1 + ups)];
            if let Some(m) = longest_module(&path, base) {
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

/// The row of [`LAYERS`] a module of `onnx/` falls in: its prefix and layer.
fn row(module: &ModPath) -> Option<(&'static str, u32)> {
    let name = module.join("::");
    LAYERS
        .iter()
        .filter(|(prefix, _)| name == *prefix || name.starts_with(&format!("{prefix}::")))
        .max_by_key(|(prefix, _)| prefix.len())
        .copied()
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

fn in_importer(m: &ModPath) -> bool {
    m.first().is_some_and(|f| f == "onnx")
}

/// The circles of `deps` (restricted to the modules `keep` accepts), each as `a -> b -> a`.
fn circles(
    deps: &BTreeMap<ModPath, BTreeSet<ModPath>>,
    keep: impl Fn(&ModPath) -> bool,
) -> Vec<String> {
    fn visit(
        m: &ModPath,
        deps: &BTreeMap<ModPath, BTreeSet<ModPath>>,
        keep: &dyn Fn(&ModPath) -> bool,
        state: &mut BTreeMap<ModPath, u8>,
        stack: &mut Vec<ModPath>,
        circles: &mut Vec<String>,
    ) {
        state.insert(m.clone(), 1);
        stack.push(m.clone());
        for d in deps.get(m).into_iter().flatten().filter(|d| keep(d)) {
            match state.get(d).copied().unwrap_or(0) {
                0 => visit(d, deps, keep, state, stack, circles),
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
    let mut found = Vec::new();
    for m in deps.keys().filter(|m| keep(m)) {
        if !state.contains_key(m) {
            visit(m, deps, &keep, &mut state, &mut Vec::new(), &mut found);
        }
    }
    found
}

#[test]
fn the_onnx_importer_is_a_one_way_stack() {
    let (_, modules, _) = sources();
    let deps = dependencies(&modules);
    let name = |m: &ModPath| m.join("::");
    let mut problems = Vec::new();
    for (me, mine) in deps.iter().filter(|(m, _)| in_importer(m)) {
        let Some((my_row, my_layer)) = row(me) else {
            problems.push(format!("`{}` has no row in LAYERS", name(me)));
            continue;
        };
        for dep in mine.iter().filter(|d| in_importer(d)) {
            match row(dep) {
                Some((r, l)) if l < my_layer || r == my_row => {}
                Some((_, l)) => problems.push(format!(
                    "`{}` (layer {my_layer}) depends on `{}` (layer {l})",
                    name(me),
                    name(dep)
                )),
                None => {}
            }
        }
    }
    problems.extend(
        circles(&deps, in_importer)
            .into_iter()
            .map(|c| format!("import circle: {c}")),
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn nothing_below_the_importer_reads_it() {
    let (_, modules, _) = sources();
    let deps = dependencies(&modules);
    let readers: Vec<String> = deps
        .iter()
        .filter(|(m, d)| !m.is_empty() && !in_importer(m) && d.iter().any(in_importer))
        .map(|(m, _)| m.join("::"))
        .collect();
    assert!(
        readers.is_empty(),
        "modules outside onnx/ that read it: {}",
        readers.join(", ")
    );
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
fn no_function_of_the_onnx_importer_is_over_the_line_limit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/onnx");
    let problems = functions_over(&root, "onnx", LONG_FUNCTIONS, MAX_FUNCTION_LINES);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_checker_sees_groups_a_circle_and_a_back_edge() {
    // The analysis itself, on a made-up tree: `onnx::context` naming `onnx::graph` inside a use
    // group is a back edge; `a` and `b` naming each other through `super::` is a circle.
    let mut modules = BTreeMap::new();
    let m = |s: &str| s.split("::").map(String::from).collect::<ModPath>();
    modules.insert(m("onnx"), "mod context; mod graph;".to_string());
    modules.insert(
        m("onnx::context"),
        "use super::{error::E, graph::{walk, Scope as S}};".to_string(),
    );
    modules.insert(
        m("onnx::error"),
        "use crate::onnx::opsets::MAX;".to_string(),
    );
    modules.insert(m("onnx::opsets"), String::new());
    modules.insert(
        m("onnx::graph"),
        "use super::context::Importer;".to_string(),
    );
    modules.insert(m("onnx::ops"), "mod a; mod b;".to_string());
    modules.insert(m("onnx::ops::a"), "use super::b::f;".to_string());
    modules.insert(
        m("onnx::ops::b"),
        "use super::a::g; super::super::error::x();".to_string(),
    );
    let deps = dependencies(&modules);
    assert!(deps[&m("onnx::context")].contains(&m("onnx::graph")));
    assert!(deps[&m("onnx::context")].contains(&m("onnx::error")));
    assert!(deps[&m("onnx::error")].contains(&m("onnx::opsets")));
    assert!(deps[&m("onnx::ops::b")].contains(&m("onnx::error")));
    assert!(!deps[&m("onnx::context")].contains(&m("onnx")));
    let found = circles(&deps, in_importer);
    assert!(
        found.contains(&"onnx::context -> onnx::graph -> onnx::context".to_string()),
        "{found:?}"
    );
    assert!(
        found.contains(&"onnx::ops::a -> onnx::ops::b -> onnx::ops::a".to_string()),
        "{found:?}"
    );
    assert!(row(&m("onnx::context")).unwrap().1 < row(&m("onnx::graph")).unwrap().1);
    assert_eq!(
        code_of("use crate::a; // crate::b\n#[cfg(test)]\nmod tests { use crate::c; }"),
        "use crate::a; "
    );
}
