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

/// `file:line:column: message`, then the source line and a caret under the column.
pub fn render_at(path: &Path, text: &str, line: u32, column: u32, message: &str) -> String {
    let source = text
        .lines()
        .nth(line.saturating_sub(1) as usize)
        .unwrap_or("");
    let gutter = line.to_string();
    format!(
        "{}:{line}:{column}: {message}\n {gutter} | {source}\n {} | {}^",
        path.display(),
        " ".repeat(gutter.len()),
        " ".repeat(column.saturating_sub(1) as usize)
    )
}
