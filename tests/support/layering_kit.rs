//! What the layering tests of the crates share (`lowering/tests/layering.rs`,
//! `frontend/tests/layering.rs`, issue 40): the Rust files of a tree, their module paths, their
//! code without comments and strings, and the lengths of their functions. Included by path.

use std::path::{Path, PathBuf};

/// A module path from the crate root: `["kernel_config", "region"]`.
pub type ModPath = Vec<String>;

pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

pub fn module_path(root: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(root).unwrap().with_extension("");
    let mut parts: ModPath = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The source without comments and without a trailing `#[cfg(test)]` module (tests may reach
/// anywhere).
pub fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) if !line[..i].contains('"') => &line[..i],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The functions of `text` (`fn` items and methods, nested ones too) with their first line
/// (1-based) and their length in lines, from the `fn` line to the brace that closes the body;
/// braces in comments, strings and character literals do not count. Declarations without a
/// body (trait items) are skipped.
pub fn function_lengths(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let code: Vec<String> = lines.iter().map(|l| braces_of(l)).collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(name) = function_name(line) else {
            continue;
        };
        let mut depth = 0i64;
        let mut started = false;
        for (j, c) in code.iter().enumerate().skip(i) {
            for ch in c.chars() {
                match ch {
                    '{' => {
                        depth += 1;
                        started = true;
                    }
                    '}' => depth -= 1,
                    ';' if !started => depth = i64::MIN,
                    _ => {}
                }
            }
            if depth == i64::MIN {
                break;
            }
            if started && depth == 0 {
                out.push((name.to_string(), i + 1, j - i + 1));
                break;
            }
        }
    }
    out
}

/// The name of the function a line declares (`pub(super) fn name`, `const fn`, ..), if any.
pub fn function_name(line: &str) -> Option<&str> {
    let mut words = line.split_whitespace();
    loop {
        let word = words.next()?;
        if word == "fn" {
            let rest = words.next()?;
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            return (end > 0).then(|| &rest[..end]);
        }
        let modifier = word.starts_with("pub")
            || matches!(word, "const" | "unsafe" | "async" | "extern" | "default");
        if !modifier {
            return None;
        }
    }
}

/// The braces and semicolons of one line of code, outside comments, strings and character
/// literals.
pub fn braces_of(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '/' if chars.peek() == Some(&'/') => break,
            '\'' => {
                // A character literal ('{', '\'') but not a lifetime ('a).
                let rest: String = chars.clone().take(3).collect();
                if rest.starts_with('\\') {
                    chars.nth(2);
                } else if rest.chars().nth(1) == Some('\'') {
                    chars.nth(1);
                }
            }
            '{' | '}' | ';' => out.push(c),
            _ => {}
        }
    }
    out
}

/// The files of `files` (below `root`) over `max` lines, one line each.
pub fn files_over(root: &Path, files: &[PathBuf], max: usize) -> Vec<String> {
    files
        .iter()
        .filter_map(|f| {
            let lines = std::fs::read_to_string(f).unwrap().lines().count();
            (lines > max)
                .then(|| format!("{}: {lines} lines", f.strip_prefix(root).unwrap().display()))
        })
        .collect()
}

/// The functions of the Rust files below `root` (`src/<dir>`) over `max` lines but those that
/// `long` allows (file relative to `root`, name, most lines), and rows of `long` naming a
/// function that is gone, one line each.
pub fn functions_over(
    root: &Path,
    dir: &str,
    long: &[(&str, &str, usize)],
    max: usize,
) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(root, &mut files);
    let mut problems = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for file in &files {
        let rel = file.strip_prefix(root).unwrap().display().to_string();
        let text = std::fs::read_to_string(file).unwrap();
        for (name, line, lines) in function_lengths(&text) {
            let allowed = long
                .iter()
                .find(|(f, n, _)| *f == rel && *n == name)
                .map(|&(_, _, most)| {
                    seen.insert((rel.clone(), name.clone()));
                    most
                })
                .unwrap_or(max);
            if lines > allowed {
                problems.push(format!(
                    "{dir}/{rel}:{line}: `{name}` has {lines} lines (at most {allowed})"
                ));
            }
        }
    }
    for (file, name, _) in long {
        if !seen.contains(&(file.to_string(), name.to_string())) {
            problems.push(format!(
                "LONG_FUNCTIONS names `{name}` in {file}, which is gone: drop its row"
            ));
        }
    }
    problems
}
