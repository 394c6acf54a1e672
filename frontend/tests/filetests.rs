//! Golden filetests for the MLIR text format.
//!
//! - `filetests/roundtrip/*.mlir`: the input is everything before the first `// OUT:` line; the
//!   expected printed form follows as `// OUT: ` lines. The test parses the input, prints it,
//!   compares with the expectation (a mismatch shows a line diff), and checks the round trip
//!   `parse(print(x)) == x`. `KILN_BLESS=1` rewrites the expectations.
//! - `filetests/errors/*.mlir`: each file holds one `// expected-error @+N {{message}}` comment;
//!   parsing must fail on the line N below it with a message containing the text.

use std::path::{Path, PathBuf};

use kiln_frontend::{parse_mlir, print_mlir};

fn files(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/filetests")
        .join(dir);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    v.sort();
    assert!(!v.is_empty(), "no filetests in {}", root.display());
    v
}

fn diff(expected: &str, actual: &str) -> String {
    let (e, a): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    let mut out = String::new();
    for i in 0..e.len().max(a.len()) {
        match (e.get(i), a.get(i)) {
            (Some(x), Some(y)) if x == y => {}
            (x, y) => {
                out.push_str(&format!(
                    "line {}:\n- {}\n+ {}\n",
                    i + 1,
                    x.unwrap_or(&""),
                    y.unwrap_or(&"")
                ));
            }
        }
    }
    out
}

#[test]
fn roundtrip_goldens() {
    let bless = std::env::var("KILN_BLESS").is_ok_and(|v| v == "1");
    let mut failures = Vec::new();
    for path in files("roundtrip") {
        let text = std::fs::read_to_string(&path).unwrap();
        let input: String = text
            .lines()
            .take_while(|l| !l.starts_with("// OUT:"))
            .map(|l| format!("{l}\n"))
            .collect();
        let expected: String = text
            .lines()
            .filter_map(|l| l.strip_prefix("// OUT:"))
            .map(|l| format!("{}\n", l.strip_prefix(' ').unwrap_or(l)))
            .collect();
        let module = match parse_mlir(&input) {
            Ok(m) => m,
            Err(e) => {
                failures.push(format!("{}: parse error {e}", path.display()));
                continue;
            }
        };
        let printed = print_mlir(&module);
        let reparsed = parse_mlir(&printed).unwrap_or_else(|e| {
            panic!(
                "{}: printed text does not parse: {e}\n{printed}",
                path.display()
            )
        });
        if reparsed != module {
            failures.push(format!("{}: parse(print(x)) != x", path.display()));
        }
        assert_eq!(
            print_mlir(&reparsed),
            printed,
            "{}: printing is not stable",
            path.display()
        );
        if bless {
            let out: String = printed
                .lines()
                .map(|l| {
                    if l.is_empty() {
                        "// OUT:\n".to_string()
                    } else {
                        format!("// OUT: {l}\n")
                    }
                })
                .collect();
            std::fs::write(&path, format!("{input}{out}")).unwrap();
        } else if printed != expected {
            failures.push(format!(
                "{}: output differs (KILN_BLESS=1 to update)\n{}",
                path.display(),
                diff(&expected, &printed)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn error_goldens() {
    let mut failures = Vec::new();
    for path in files("errors") {
        let text = std::fs::read_to_string(&path).unwrap();
        let (line, message) = text
            .lines()
            .enumerate()
            .find_map(|(i, l)| {
                let rest = l.trim_start().strip_prefix("// expected-error @+")?;
                let (n, rest) = rest.split_once(' ')?;
                let msg = rest.trim().strip_prefix("{{")?.strip_suffix("}}")?;
                Some((i + 1 + n.parse::<usize>().ok()?, msg.to_string()))
            })
            .unwrap_or_else(|| {
                panic!(
                    "{}: no '// expected-error @+N {{{{...}}}}' line",
                    path.display()
                )
            });
        match parse_mlir(&text) {
            Ok(_) => failures.push(format!("{}: parsed without error", path.display())),
            Err(e) => {
                if e.line as usize != line || !e.message.contains(&message) {
                    failures.push(format!(
                        "{}: expected line {line} {{{{{message}}}}}, got {e}",
                        path.display()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
