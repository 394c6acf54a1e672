//! `kiln opt` (as `mlir-opt`): run named passes on a Tensor IR (`.mlir`) or kernel IR (`.kir`,
//! what `--print-ir-after=lower-to-kernels` and later print) file and print the IR after them.
//! The library side is `kiln_lowering::opt`; the pass tests under
//! `lowering/tests/filetests/<pass>/*.kir` run through it.

use std::path::{Path, PathBuf};

use clap::Args;
use kiln_lowering::opt::{run_opt, OptError};
use kiln_lowering::pass::PassOptions;

use super::{emit, Cli, CliError};
use crate::target::{load_target, TargetSpec};

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  kiln opt --list-passes\n  kiln opt model.mlir --passes decompose,fusion,kernel-config,bufferize,lower-to-kernels -o k.kir\n  kiln opt k.kir --pass vectorize --pass distribute --target nvidia-h200\n  kiln opt distributed.kir --passes legalize,abi-vce-serialize --index64"
)]
pub struct OptArgs {
    /// The input: Tensor IR (MLIR text) or kernel IR (starts with `kernel @`).
    #[arg(required_unless_present = "list_passes")]
    pub input: Option<PathBuf>,
    /// The passes to run, in pipeline order, comma-separated.
    #[arg(long, value_delimiter = ',', value_name = "A,B,..")]
    pub passes: Vec<String>,
    /// A pass to run (repeatable; after those of `--passes`).
    #[arg(long = "pass", value_name = "NAME")]
    pub pass: Vec<String>,
    /// Target env: a preset (`llvmpipe`, `nvidia-h200`, `vulkan1.1`, ...) or a JSON file.
    #[arg(long, default_value = "llvmpipe")]
    pub target: String,
    /// Use 64-bit indices in kernels.
    #[arg(long)]
    pub index64: bool,
    /// The precision `reduce-precision` rewrites to (as `compile --precision`).
    #[arg(long, value_name = "f32|f16|bf16", default_value_t = kiln_lowering::Precision::F32)]
    pub precision: kiln_lowering::Precision,
    /// Where to write the IR (default: stdout).
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// List the passes (in pipeline order, with the phase each needs and leaves) and exit.
    #[arg(long)]
    pub list_passes: bool,
}

pub fn run(args: &OptArgs, cli: &Cli) -> Result<(), CliError> {
    if args.list_passes {
        let mut out = String::new();
        for pass in kiln_lowering::pipeline::registry() {
            out.push_str(&format!(
                "{:<18} {:?} -> {:?}: {}\n",
                pass.name(),
                pass.requires(),
                pass.produces(),
                pass.summary()
            ));
        }
        return emit(out.trim_end());
    }
    let Some(input) = &args.input else {
        return Err(CliError::user("no input file given"));
    };
    let spec: TargetSpec = args.target.parse().expect("infallible");
    if spec == TargetSpec::Auto {
        return Err(CliError::user(
            "--target auto needs a device; `kiln opt` takes a preset or a JSON file",
        ));
    }
    let target = load_target(&spec)
        .map_err(CliError::user)?
        .ok_or_else(|| CliError::user("--target: no target env"))?;
    let text = std::fs::read_to_string(input)
        .map_err(|e| CliError::user(format!("{}: {e}", input.display())))?;
    let passes: Vec<&str> = args
        .passes
        .iter()
        .chain(&args.pass)
        .map(String::as_str)
        .collect();
    let options = PassOptions {
        index_bits_64: args.index64,
        precision: args.precision,
        ..Default::default()
    };
    let result =
        run_opt(&text, &passes, &target, &options).map_err(|e| opt_error(input, &text, e))?;
    match &args.output {
        Some(path) => {
            std::fs::write(path, result)
                .map_err(|e| CliError::user(format!("{}: {e}", path.display())))?;
            if !cli.quiet {
                eprintln!("wrote {}", path.display());
            }
            Ok(())
        }
        None => emit(result.trim_end()),
    }
}

/// `FILE:LINE:COL: message` with the source line where the error has a position, else
/// `FILE: message`.
fn opt_error(path: &Path, text: &str, e: OptError) -> CliError {
    let message = match e.location() {
        Some((line, column)) => crate::model::render_at(path, text, line, column, &e.message()),
        None => format!("{}: {}", path.display(), e.message()),
    };
    if e.is_user_error() {
        CliError::user(message)
    } else {
        CliError::internal(message)
    }
}
