//! `kiln compile`: compile a model to a `.kiln` artifact for a target env (no device needed
//! unless `--target auto`).

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::common::{compile_error, run_error, CompileArgs};
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
    /// Build the artifact's pipelines on this machine's device (the best one, or
    /// `KILN_DEVICE`) and store the driver's pipeline cache in the artifact: a run on the same
    /// device and driver starts with its kernels compiled; on any other the cache is ignored.
    /// Meant for `--target auto`.
    #[arg(long)]
    pub embed_pipeline_cache: bool,
}

pub fn run(args: &CompileCmd, cli: &Cli) -> Result<(), CliError> {
    let start = Instant::now();
    let spinner = super::progress::DelayedSpinner::start(
        format!("compiling {}", args.model.display()),
        cli.quiet,
    );
    let module = args.specialize.load(&args.model)?;
    let loaded = start.elapsed();
    // The device whose cache is embedded is also the one `--target auto` means.
    let session = if args.embed_pipeline_cache {
        Some(cache_session()?)
    } else {
        None
    };
    let target = args.compile.target("llvmpipe", session.as_ref())?;
    let mut artifact =
        crate::compile_with(&module, &target, &args.compile.pass_options_for(&target)?)
            .map_err(compile_error)?;
    if crate::model::InputKind::of(&args.model).ok() == Some(crate::model::InputKind::Onnx) {
        // The graph's names and types, for sessions on the artifact (`interface_names.rs`).
        let given: Vec<&str> = args
            .specialize
            .input_values
            .iter()
            .filter_map(|v| v.split_once('=').map(|(name, _)| name.trim()))
            .collect();
        artifact.onnx_interface = std::fs::read(&args.model).ok().and_then(|bytes| {
            crate::interface_names::OnnxInterface::of_model(&bytes, &given, &artifact.program)
        });
    }
    if let Some(session) = &session {
        embed_pipeline_cache(&mut artifact, session)?;
        if !cli.quiet {
            if let Some(cache) = &artifact.pipeline_cache {
                eprintln!(
                    "embedded a pipeline cache of {} bytes made on {}",
                    cache.data.len(),
                    cache.made_by.device_name
                );
            }
        }
    }
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

/// A device whose pipeline cache starts empty and stays in memory, so that what it holds after
/// building the artifact's pipelines is theirs alone.
fn cache_session() -> Result<crate::Session, CliError> {
    let config = kiln_runtime::DeviceConfig {
        pipeline_cache: kiln_runtime::PipelineCacheLocation::Disabled,
        capture_statistics: Some(false),
        ..kiln_runtime::DeviceConfig::default()
    };
    crate::Session::new(&config).map_err(run_error)
}

/// Builds `artifact`'s pipelines on `session`'s device and stores its pipeline cache in it.
fn embed_pipeline_cache(
    artifact: &mut crate::Artifact,
    session: &crate::Session,
) -> Result<(), CliError> {
    let device = session.device();
    artifact
        .check_device(&crate::target::target_env_for_open_device(device))
        .map_err(|e| CliError::user(format!("--embed-pipeline-cache: {e}")))?;
    session
        .warm_pipelines(&artifact.program)
        .map_err(run_error)?;
    let data = device.pipeline_cache_data().map_err(crate::runtime_error)?;
    artifact.pipeline_cache = Some(crate::EmbeddedPipelineCache {
        made_by: device.pipeline_cache_identity(),
        data,
    });
    Ok(())
}
