//! `kiln import`: an ONNX model (or MLIR text) to Tensor IR in MLIR syntax.

use std::path::PathBuf;

use clap::Args;

use super::{emit, Cli, CliError};

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  kiln import model.onnx -o model.mlir\n  kiln import model.onnx   # prints to stdout\n  kiln import model.onnx --dim batch=1"
)]
pub struct ImportArgs {
    /// The model (`.onnx`, or `.mlir` to re-print it).
    pub model: PathBuf,
    /// Where to write the MLIR text (default: stdout).
    #[arg(short, long, value_name = "OUT.mlir")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub specialize: super::specialize::SpecializeArgs,
}

pub fn run(args: &ImportArgs, cli: &Cli) -> Result<(), CliError> {
    let module = args.specialize.load(&args.model)?;
    let text = kiln_frontend::print_mlir(&module);
    match &args.output {
        Some(path) => {
            std::fs::write(path, text)
                .map_err(|e| CliError::user(format!("{}: {e}", path.display())))?;
            if !cli.quiet {
                eprintln!("wrote {}", path.display());
            }
            Ok(())
        }
        None => emit(text.trim_end()),
    }
}
