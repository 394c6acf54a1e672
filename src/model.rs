//! Loading models: `.mlir` text (MLIR linalg syntax) or `.onnx` files, into the Tensor IR, with
//! errors rendered for the terminal (the source line and a caret for MLIR, the node for ONNX).

use std::path::Path;

use kiln_frontend::Module;

/// A model that could not be loaded; the message is ready to print.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ModelError(pub String);

/// The kinds of input files kiln understands, by extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    Mlir,
    Onnx,
    Artifact,
}

impl InputKind {
    pub fn of(path: &Path) -> Result<InputKind, ModelError> {
        match path.extension().and_then(|e| e.to_str()) {
            Some("mlir") => Ok(InputKind::Mlir),
            Some("onnx") => Ok(InputKind::Onnx),
            Some("kiln") => Ok(InputKind::Artifact),
            _ => Err(ModelError(format!(
                "{}: unknown input kind (expected a .mlir, .onnx or .kiln file)",
                path.display()
            ))),
        }
    }
}

/// Reads and verifies a `.mlir` or `.onnx` model.
pub fn load_model(path: &Path) -> Result<Module, ModelError> {
    match InputKind::of(path)? {
        InputKind::Mlir => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| ModelError(format!("{}: {e}", path.display())))?;
            kiln_frontend::parse_mlir(&text)
                .map_err(|e| ModelError(render_at(path, &text, e.line, e.column, &e.message)))
        }
        InputKind::Onnx => import_onnx(path),
        InputKind::Artifact => Err(ModelError(format!(
            "{}: is a compiled artifact, not a model",
            path.display()
        ))),
    }
}

fn import_onnx(path: &Path) -> Result<Module, ModelError> {
    kiln_frontend::import_onnx(path).map_err(|e| ModelError(format!("{}: {e}", path.display())))
}

/// Reads an `.onnx` model with symbolic dims and graph inputs fixed by `options` (see
/// [`kiln_frontend::ImportOptions`]).
pub fn load_model_with(
    path: &Path,
    options: &kiln_frontend::ImportOptions,
) -> Result<Module, ModelError> {
    kiln_frontend::import_onnx_with(path, options)
        .map_err(|e| ModelError(format!("{}: {e}", path.display())))
}

/// `file:line:column: message`, then the source line and a caret under the column.
pub fn render_at(path: &Path, text: &str, line: u32, column: u32, message: &str) -> String {
    let source = text
        .lines()
        .nth(line.saturating_sub(1) as usize)
        .unwrap_or("");
    let (shown, caret) = window(source, column.saturating_sub(1) as usize);
    let gutter = line.to_string();
    format!(
        "{}:{line}:{column}: {message}\n {gutter} | {shown}\n {} | {}^",
        path.display(),
        " ".repeat(gutter.len()),
        " ".repeat(caret)
    )
}

/// At most [`WINDOW`] bytes of a long source line on each side of byte `column` (with `...`
/// where cut), and the caret's offset in what is shown: a generated model may put megabytes on
/// one line.
fn window(source: &str, column: usize) -> (String, usize) {
    const WINDOW: usize = 60;
    if source.len() <= 2 * WINDOW {
        return (source.to_string(), column);
    }
    let column = column.min(source.len());
    let mut start = column.saturating_sub(WINDOW);
    while !source.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (column + WINDOW).min(source.len());
    while !source.is_char_boundary(end) {
        end += 1;
    }
    let prefix = if start > 0 { "..." } else { "" };
    let suffix = if end < source.len() { "..." } else { "" };
    (
        format!("{prefix}{}{suffix}", &source[start..end]),
        prefix.len() + column - start,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A generated model may put megabytes on one line: the error shows a window around the
    /// column, with the caret still under it.
    #[test]
    fn long_source_lines_are_cut_around_the_column() {
        let line = format!("{}X{}", "a".repeat(100_000), "b".repeat(100_000));
        let text = render_at(Path::new("m.mlir"), &line, 1, 100_001, "here");
        assert!(text.len() < 400, "{}", text.len());
        let lines: Vec<&str> = text.lines().collect();
        let caret = lines[2].find('^').unwrap();
        assert_eq!(lines[1].as_bytes()[caret], b'X', "{text}");
        // Short lines are shown whole.
        let text = render_at(Path::new("m.mlir"), "%x = bad", 1, 6, "here");
        assert!(text.ends_with(" 1 | %x = bad\n   |      ^"), "{text}");
    }
}
