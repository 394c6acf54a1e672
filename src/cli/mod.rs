//! The `kiln` CLI (clap). Each subcommand lives in its own file; all of them report failures as
//! [`CliError`]s: exit code 1 for user errors (bad model, bad flag, missing file), 2 for internal
//! errors (a broken compiler invariant, a driver failure), diagnostics on stderr.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod bench;
mod check;
mod common;
mod compile;
mod devices;
mod generate;
mod import;
mod inspect;
mod opt;
mod progress;
mod run;
mod specialize;
mod spirv;
mod tune;

/// kiln: compile tensor programs (MLIR linalg text, ONNX) to Vulkan SPIR-V and run them.
#[derive(Parser, Debug)]
#[command(name = "kiln", version, about, long_about = None)]
pub struct Cli {
    /// Print nothing but errors and requested output.
    #[arg(long, short, global = true)]
    pub quiet: bool,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the Vulkan devices, best first.
    ///
    /// Example: `kiln devices`; choose one later with `--device 1` or `KILN_DEVICE=llvmpipe`.
    Devices(devices::DevicesArgs),
    /// Import an ONNX model as Tensor IR in MLIR syntax.
    Import(import::ImportArgs),
    /// SPIR-V binaries <-> kiln's SPIR-V IR text.
    Spirv(spirv::SpirvArgs),
    /// Compile a model (`.mlir`, `.onnx`) into a `.kiln` artifact for a target env.
    Compile(compile::CompileCmd),
    /// Run a model or artifact on the device (or on the reference interpreter with --reference).
    Run(run::RunArgs),
    /// Benchmark a model or artifact: per-dispatch GPU time, GFLOP/s, GB/s, host overhead.
    Bench(bench::BenchArgs),
    /// Run named passes on a Tensor IR or kernel IR file and print the IR after them (as
    /// `mlir-opt`).
    ///
    /// Example: `kiln opt kernels.kir --passes vectorize,distribute --target nvidia-h200`
    Opt(opt::OptArgs),
    /// Show what an artifact holds: dispatches, bindings, workgroup counts, target env, sizes.
    Inspect(inspect::InspectArgs),
    /// Generate tokens greedily with a decoder-with-past ONNX model (KV cache, prefill, one
    /// decode step per token): prints the ids, the prefill time and the decode time per token.
    ///
    /// Example: `kiln generate gpt2.onnx --prompt-tokens 32 --new-tokens 16 --check`
    Generate(generate::GenerateArgs),
    /// Search the tilings of a model's matmul / conv dispatches on the device; the fastest per
    /// contraction goes to the tuning cache that `--target auto` compiles use.
    Tune(tune::TuneArgs),
}

/// Whether a failure is the user's to fix (exit code 1) or a bug / driver failure (exit code 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    User,
    Internal,
}

/// A failure rendered for the terminal.
#[derive(Debug)]
pub struct CliError {
    pub kind: ErrorKind,
    pub message: String,
}

impl CliError {
    pub fn user(message: impl std::fmt::Display) -> Self {
        CliError {
            kind: ErrorKind::User,
            message: message.to_string(),
        }
    }

    pub fn internal(message: impl std::fmt::Display) -> Self {
        CliError {
            kind: ErrorKind::Internal,
            message: message.to_string(),
        }
    }
}

/// Runs the CLI and maps the outcome to the process exit code.
pub fn main() -> ExitCode {
    // `KILN_TRACE` and `--time-passes` times count from here.
    let _ = kiln_runtime::trace_epoch();
    // Usage errors are user errors (exit 1, not clap's default 2, which kiln reserves for
    // internal errors); `--help` / `--version` print and exit 0.
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 1 } else { 0 });
        }
    };
    let result = match &cli.command {
        Command::Devices(args) => devices::run(args, &cli),
        Command::Import(args) => import::run(args, &cli),
        Command::Spirv(args) => spirv::run(args, &cli),
        Command::Compile(args) => compile::run(args, &cli),
        Command::Run(args) => run::run(args, &cli),
        Command::Bench(args) => bench::run(args, &cli),
        Command::Inspect(args) => inspect::run(args, &cli),
        Command::Opt(args) => opt::run(args, &cli),
        Command::Tune(args) => tune::run(args, &cli),
        Command::Generate(args) => generate::run(args, &cli),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let label = match e.kind {
                ErrorKind::User => "error",
                ErrorKind::Internal => "internal error",
            };
            eprintln!("{label}: {}", e.message);
            ExitCode::from(match e.kind {
                ErrorKind::User => 1,
                ErrorKind::Internal => 2,
            })
        }
    }
}

/// Writes a line to stdout. A closed pipe (`kiln devices | head -1`) ends output quietly instead of
/// panicking the way `println!` does.
pub fn emit(text: impl std::fmt::Display) -> Result<(), CliError> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}") {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => Err(CliError::user(format!("writing to stdout: {e}"))),
    }
}
