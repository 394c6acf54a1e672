//! Golden filetests of the text form, one file per op family under `tests/filetests/round_trip/`:
//! a `// RUN: <spirv-val target env>` line, the input module in the text form, then the
//! expected text after text -> binary -> (spirv-val) -> binary -> text. `KILN_BLESS=1` rewrites
//! the expectations; a mismatch prints a line diff.

use kiln_spirv_ir::*;
use std::path::Path;

const MARKER: &str = "// ----- expected: text -> binary -> text -----";

fn diff(expected: &str, actual: &str) -> String {
    let (e, a): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    let mut out = String::new();
    for i in 0..e.len().max(a.len()) {
        match (e.get(i), a.get(i)) {
            (Some(x), Some(y)) if x == y => {}
            (x, y) => {
                if let Some(x) = x {
                    out.push_str(&format!("-{:4} {x}\n", i + 1));
                }
                if let Some(y) = y {
                    out.push_str(&format!("+{:4} {y}\n", i + 1));
                }
            }
        }
    }
    out
}

fn run(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).unwrap();
    let (input, expected) = match text.split_once(MARKER) {
        Some((i, e)) => (i.to_string(), Some(e.trim_start_matches('\n').to_string())),
        None => (text.clone(), None),
    };
    let env = input
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("// RUN: "))
        .ok_or("first line must be `// RUN: <target env>`")?
        .trim()
        .to_string();
    let module = parse_module(&input).map_err(|e| format!("parse: {e}"))?;
    verify(&module).map_err(|e| format!("verify: {e}"))?;
    let words = serialize(&module).map_err(|e| format!("serialize: {e}"))?;
    validate_with_spirv_val(&words, &env)?;
    let actual = print_module(&deserialize(&words).map_err(|e| format!("deserialize: {e}"))?);
    // The printed form is a fixpoint of parse + print.
    let reparsed =
        print_module(&parse_module(&actual).map_err(|e| format!("reparse: {e}\n{actual}"))?);
    if reparsed != actual {
        return Err(format!(
            "print(parse(output)) differs:\n{}",
            diff(&actual, &reparsed)
        ));
    }
    if std::env::var_os("KILN_BLESS").is_some() {
        std::fs::write(
            path,
            format!(
                "{}{MARKER}\n{actual}",
                input.trim_end_matches('\n').to_string() + "\n"
            ),
        )
        .unwrap();
        return Ok(());
    }
    match expected {
        Some(e) if e == actual => Ok(()),
        Some(e) => Err(format!(
            "output differs (KILN_BLESS=1 to accept):\n{}",
            diff(&e, &actual)
        )),
        None => Err("no expectation yet: run with KILN_BLESS=1".into()),
    }
}

#[test]
fn round_trip_filetests() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/filetests/round_trip");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 15, "{} filetests", files.len());
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| {
            run(f)
                .err()
                .map(|e| format!("{}: {e}", f.file_name().unwrap().to_string_lossy()))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
