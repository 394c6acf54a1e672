//! `kiln compile`: compile a model to a `.kiln` artifact for a target env (no device needed
//! unless `--target auto`).

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::common::{compile_error, CompileArgs};
use super::{Cli, CliError};

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  kiln compile model.onnx -o model.kiln --target nvidia-h200\n  kiln compile det.onnx -o det.kiln --dim height=640 --dim width=640\n  kiln compile m.onnx -o m.kiln --input-value shape=shape.npy\n  kiln compile model.mlir -o m.kiln --print-ir-after-all --dump-dir dump\n  kiln compile model.mlir -o m.kiln --time-passes"
)]
pub struct CompileCmd {
    /// The model (`.mlir` or `.onnx`).
    pub model: PathBuf,
    /// Where to write the artifact.
    #[arg(short, long, value_name = "OUT.kiln")]
    pub output: PathBuf,
    #[command(flatten)]
    pub compile: CompileArgs,
    #[command(flatten)]
    pub specialize: super::specialize::SpecializeArgs,
}

pub fn run(args: &CompileCmd, cli: &Cli) -> Result<(), CliError> {
    let start = Instant::now();
    let spinner = super::progress::DelayedSpinner::start(
        format!("compiling {}", args.model.display()),
        cli.quiet,
    );
    let module = args.specialize.load(&args.model)?;
    let loaded = start.elapsed();
    let target = args.compile.target("llvmpipe", None)?;
    let artifact = crate::compile_with(&module, &target, &args.compile.pass_options_for(&target)?)
        .map_err(compile_error)?;
    artifact.save(&args.output).map_err(CliError::user)?;
    drop(spinner);
    if !cli.quiet {
        eprintln!(
            "compiled {} for {}: {} dispatches in {:.1} ms (load {:.1} ms) -> {}",
            args.model.display(),
            target.name,
            artifact.program.dispatches.len(),
            start.elapsed().as_secs_f64() * 1e3,
            loaded.as_secs_f64() * 1e3,
            args.output.display()
        );
    }
    Ok(())
}
