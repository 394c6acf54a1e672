//! `kiln bench`: run a model or artifact many times and report per-dispatch GPU time (from
//! timestamp queries), GFLOP/s and GB/s per dispatch, total GPU time, wall time and host
//! overhead (medians over the iterations). `--stats` adds what the driver reports about each
//! dispatch's compiled code (VK_KHR_pipeline_executable_properties: registers, spills, ...).
//! Each dispatch's line ends with where its work came from (the ONNX node of its region's root,
//! and how many more were fused into it); `--json FILE` writes the same table with every
//! source, for per-layer comparisons (`benches/gpu/layers.py`).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::common::{prepare, run_error_for, CompileArgs, DeviceArgs, InputArgs, Prepared};
use super::{emit, Cli, CliError};

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  kiln bench model.onnx --iterations 100\n  kiln bench model.kiln --dim N=32 --time-passes\n  kiln bench matmul.mlir --stats"
)]
pub struct BenchArgs {
    /// The model (`.mlir`, `.onnx`) or compiled artifact (`.kiln`).
    pub model: PathBuf,
    #[command(flatten)]
    pub inputs: InputArgs,
    /// Timed runs (after the warm-up).
    #[arg(long, default_value_t = 20)]
    pub iterations: usize,
    /// Warm-up before the timed runs: at least 3 runs and this many milliseconds, so that an
    /// idle GPU has raised its clocks (an H200 idles at 405 MHz and needs a few hundred ms).
    #[arg(long, default_value_t = 500, value_name = "MS")]
    pub warmup_ms: u64,
    /// Record the dispatches this many times per run, back to back (IREE's dispatch-repeat
    /// methodology): times are then per repeat.
    #[arg(long, default_value_t = 1, value_name = "R")]
    pub repeat: u32,
    /// After the timings, print each dispatch's pipeline statistics as the driver reports them
    /// (VK_KHR_pipeline_executable_properties; NVIDIA: registers, binary size, stack, local
    /// and shared memory). A device without them gets a note on stderr and the benchmark runs
    /// on.
    #[arg(long)]
    pub stats: bool,
    /// With `--stats`: also write the internal representations the driver shows of each
    /// dispatch's compiled code (VK_KHR_pipeline_executable_properties; IR or machine-code
    /// listings, whatever the driver chooses) into DIR, one file per representation, named
    /// `<dispatch>.<executable>.<representation>.txt` (`.bin` for binary ones).
    #[arg(long, value_name = "DIR", requires = "stats")]
    pub executables: Option<PathBuf>,
    /// After the timings, check the last run's outputs against the reference interpreter (as
    /// `kiln run --check`; a model file only): the numbers of a dispatch run many times.
    #[arg(long)]
    pub check: bool,
    /// Also write the results as JSON to FILE: per timed dispatch its name, median GPU time,
    /// work, and sources (every ONNX node or MLIR position whose ops it computes), then the
    /// totals.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    #[command(flatten)]
    pub device: DeviceArgs,
    #[command(flatten)]
    pub compile: CompileArgs,
}

/// A dispatch's sources for its line of the table: the first (its region's root) and how many
/// more were fused into it; `-` when none is known.
fn sources_summary(sources: &[kiln_frontend::Location]) -> String {
    use kiln_frontend::Location;
    let parts: Vec<&Location> = sources.iter().flat_map(|s| s.parts()).collect();
    let label = match parts.first() {
        Some(Location::OnnxNode { name, op_type, .. }) if !name.is_empty() => {
            format!("{name} ({op_type})")
        }
        Some(Location::OnnxNode { op_type, index, .. }) => format!("node #{index} ({op_type})"),
        Some(Location::Text { line, column }) => format!("{line}:{column}"),
        _ => return "-".to_string(),
    };
    match parts.len() {
        1 => label,
        n => format!("{label} +{}", n - 1),
    }
}

fn median(values: &mut [f64]) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_by(|a, b| a.total_cmp(b));
    values[values.len() / 2]
}

/// The most timed runs `--iterations` asks for (their timings are kept in memory; 2^64-1 made
/// the buffer's capacity overflow).
pub const MAX_ITERATIONS: usize = 1_000_000;
/// The most back-to-back recordings of the dispatches in one run (`--repeat`).
pub const MAX_REPEAT: u32 = 10_000;

pub fn run(args: &BenchArgs, cli: &Cli) -> Result<(), CliError> {
    if !(1..=MAX_ITERATIONS).contains(&args.iterations) {
        return Err(CliError::user(format!(
            "--iterations must be between 1 and {MAX_ITERATIONS}"
        )));
    }
    if args.repeat > MAX_REPEAT {
        return Err(CliError::user(format!(
            "--repeat must be at most {MAX_REPEAT}"
        )));
    }
    let device_args = DeviceArgs {
        capture_statistics: args.stats,
        ..args.device.clone()
    };
    let Prepared {
        session,
        artifact,
        inputs,
        compile_time,
        mut timeline,
        constants,
    } = prepare(
        &args.model,
        &args.compile,
        &device_args,
        &args.inputs,
        cli.quiet,
    )?;
    if args.stats && !session.device().captures_statistics() {
        eprintln!(
            "note: --stats: device `{}` does not offer VK_KHR_pipeline_executable_properties \
             (pipelineExecutableInfo); no pipeline statistics",
            session.device().info().name
        );
    }
    let load_start = Instant::now();
    if args.repeat == 0 {
        return Err(CliError::user("--repeat must be at least 1"));
    }
    // A `.kiln` file is the user's input: what its program gets wrong is a bad file.
    let run_error = run_error_for(&args.model);
    let mut executable = session
        .load_artifact(&artifact, constants.as_ref(), &mut timeline)
        .map_err(run_error)?;
    if args.compile.time_passes {
        eprint!("{}", timeline.table());
    }
    executable.set_repeat(args.repeat);
    let repeat = args.repeat as usize;
    let load_time = load_start.elapsed();
    let warmup_start = Instant::now();
    let mut warmup_runs = 0;
    let mut first_run = None;
    while warmup_runs < 3 || warmup_start.elapsed() < Duration::from_millis(args.warmup_ms) {
        let (_, timings) = executable.run_timed(&inputs).map_err(run_error)?;
        first_run.get_or_insert(timings);
        warmup_runs += 1;
    }
    let bar_start = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    let mut runs = Vec::with_capacity(args.iterations);
    let mut last_outputs = Vec::new();
    for i in 0..args.iterations {
        if bar.is_none()
            && !cli.quiet
            && std::io::IsTerminal::is_terminal(&std::io::stderr())
            && bar_start.elapsed() > Duration::from_secs(1)
        {
            let b = ProgressBar::new(args.iterations as u64);
            b.set_style(
                ProgressStyle::with_template("{bar:40} {pos}/{len} runs {eta}")
                    .expect("a valid template"),
            );
            b.set_position(i as u64);
            bar = Some(b);
        }
        let (outputs, timings) = executable.run_timed(&inputs).map_err(run_error)?;
        runs.push(timings);
        last_outputs = outputs;
        if let Some(b) = &bar {
            b.inc(1);
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let info = session.device().info();
    emit(format!("device: {}", info.name))?;
    emit(format!(
        "compile: {:.2} ms, load (pipelines + constants): {:.2} ms",
        compile_time.as_secs_f64() * 1e3,
        load_time.as_secs_f64() * 1e3
    ))?;
    let symbols = super::common::symbol_values(&artifact.program, &inputs);
    let timed = super::common::timed_dispatches(&artifact.program, &inputs);
    let have_gpu = runs
        .iter()
        .all(|r| r.dispatch_gpu_ns.len() == timed.len() * repeat);
    // Per timed dispatch: its median GPU time in ns, when the queue has timestamps.
    let mut dispatch_ns: Vec<Option<f64>> = vec![None; timed.len()];
    if have_gpu {
        emit(format!(
            "{:<40} {:>12} {:>12} {:>10}  {}",
            "dispatch", "GPU us", "GFLOP/s", "GB/s", "source"
        ))?;
        for (i, d) in timed.iter().enumerate() {
            // Per run: the dispatch's mean over the repeats.
            let mut ns: Vec<f64> = runs
                .iter()
                .map(|r| {
                    (0..repeat)
                        .map(|k| r.dispatch_gpu_ns[k * timed.len() + i] as f64)
                        .sum::<f64>()
                        / repeat as f64
                })
                .collect();
            let t = median(&mut ns);
            dispatch_ns[i] = Some(t);
            let flops = d.flops.eval(&symbols).unwrap_or(0) as f64;
            let bytes = d.bytes.eval(&symbols).unwrap_or(0) as f64;
            emit(format!(
                "{:<40} {:>12.2} {:>12.2} {:>10.2}  {}",
                d.name,
                t / 1e3,
                if t > 0.0 { flops / t } else { 0.0 },
                if t > 0.0 { bytes / t } else { 0.0 },
                sources_summary(&d.sources)
            ))?;
        }
        if args.compile.time_passes {
            if let Some(first) = &first_run {
                eprint!(
                    "{}",
                    first_run_extra(first, &timed, &dispatch_ns, repeat, &executable)
                );
            }
        }
    } else {
        emit("the device's queue has no timestamps: no per-dispatch GPU times")?;
    }
    let mut wall: Vec<f64> = runs.iter().map(|r| r.wall.as_secs_f64() * 1e6).collect();
    let mut gpu: Vec<f64> = runs
        .iter()
        .filter_map(|r| r.gpu_total_ns.map(|ns| ns as f64 / 1e3 / repeat as f64))
        .collect();
    let mut overhead: Vec<f64> = runs
        .iter()
        .filter_map(|r| r.host_overhead().map(|d| d.as_secs_f64() * 1e6))
        .collect();
    let (gpu, wall, overhead) = (median(&mut gpu), median(&mut wall), median(&mut overhead));
    emit(format!(
        "median over {} runs{}: GPU total {gpu:.2} us, wall {wall:.2} us, host overhead {overhead:.2} us",
        args.iterations,
        if repeat > 1 {
            format!(" of {repeat} repeats (GPU total per repeat; wall and overhead per run)")
        } else {
            String::new()
        },
    ))?;
    if let Some(path) = &args.json {
        let dispatches: Vec<serde_json::Value> = timed
            .iter()
            .zip(&dispatch_ns)
            .map(|(d, ns)| {
                serde_json::json!({
                    "name": d.name,
                    "gpu_us": ns.map(|t| t / 1e3),
                    "flops": d.flops.eval(&symbols).ok(),
                    "bytes": d.bytes.eval(&symbols).ok(),
                    "sources": d.sources,
                })
            })
            .collect();
        // NaN (no GPU timestamps) is not JSON: null instead.
        let finite = |x: f64| x.is_finite().then_some(x);
        let report = serde_json::json!({
            "model": args.model.display().to_string(),
            "device": info.name,
            "iterations": args.iterations,
            "repeat": repeat,
            "gpu_total_us": finite(gpu),
            "wall_us": finite(wall),
            "host_overhead_us": finite(overhead),
            "dispatches": dispatches,
        });
        let text = serde_json::to_string_pretty(&report)
            .map_err(|e| CliError::internal(format!("bench JSON: {e}")))?;
        std::fs::write(path, text + "\n")
            .map_err(|e| CliError::user(format!("writing {}: {e}", path.display())))?;
    }
    if args.stats && session.device().captures_statistics() {
        print_statistics(&executable)?;
        if let Some(dir) = &args.executables {
            write_representations(&executable, dir)?;
        }
    }
    if args.check {
        super::run::check_against_reference(
            &args.model,
            &inputs,
            &last_outputs,
            args.compile.precision,
        )?;
    }
    Ok(())
}

/// Each dispatch's executables with their statistics, `name = value` one per line.
fn print_statistics(executable: &crate::Executable<'_>) -> Result<(), CliError> {
    emit("pipeline statistics (as the driver reports them):")?;
    let dispatches = &executable.program().dispatches;
    for (dispatch, pipeline) in dispatches.iter().zip(executable.pipelines()) {
        let executables = match pipeline.statistics() {
            Ok(executables) => executables,
            Err(error) => {
                eprintln!("note: --stats: {}: {error}", dispatch.name);
                continue;
            }
        };
        if executables.is_empty() {
            emit(format!(
                "{}: the driver reports no executables",
                dispatch.name
            ))?;
        }
        for compiled in &executables {
            emit(format!("{}: {compiled}", dispatch.name))?;
            for statistic in &compiled.statistics {
                emit(format!("  {statistic}"))?;
            }
        }
    }
    Ok(())
}

/// `--executables DIR`: each dispatch's internal representations, one file each; prints how
/// many were written (a driver may show none).
fn write_representations(executable: &crate::Executable<'_>, dir: &Path) -> Result<(), CliError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| CliError::user(format!("creating {}: {e}", dir.display())))?;
    let dispatches = &executable.program().dispatches;
    let mut written = 0usize;
    for (dispatch, pipeline) in dispatches.iter().zip(executable.pipelines()) {
        let representations = match pipeline.internal_representations() {
            Ok(representations) => representations,
            Err(error) => {
                eprintln!("note: --executables: {}: {error}", dispatch.name);
                continue;
            }
        };
        for representation in representations {
            let label: String = representation
                .name
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect();
            let extension = if representation.is_text { "txt" } else { "bin" };
            let path = dir.join(format!(
                "{}.{}.{label}.{extension}",
                dispatch.name, representation.executable
            ));
            std::fs::write(&path, &representation.data)
                .map_err(|e| CliError::user(format!("writing {}: {e}", path.display())))?;
            written += 1;
        }
    }
    emit(format!(
        "internal representations: {written} written to {}",
        dir.display()
    ))
}

/// `--time-passes`: what each dispatch took on the first run beyond its median, largest first:
/// the driver's work at a pipeline's first dispatch (lavapipe compiles each pipeline's LLVM
/// code then, so on it this is the per-kernel compile time; a dispatch sharing an already
/// compiled pipeline shows none).
fn first_run_extra(
    first: &kiln_runtime::RunTimings,
    timed: &[&kiln_lowering::program::Dispatch],
    median_ns: &[Option<f64>],
    repeat: usize,
    executable: &crate::Executable<'_>,
) -> String {
    if first.dispatch_gpu_ns.len() != timed.len() * repeat {
        return String::new();
    }
    let mut rows: Vec<(f64, f64, &str)> = timed
        .iter()
        .enumerate()
        .filter_map(|(i, d)| {
            let first_ns: f64 = (0..repeat)
                .map(|k| first.dispatch_gpu_ns[k * timed.len() + i] as f64)
                .sum();
            let median = median_ns[i]? * repeat as f64;
            Some((
                (first_ns - median).max(0.0) / 1e6,
                first_ns / 1e6,
                d.name.as_str(),
            ))
        })
        .collect();
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    let pipelines = executable.pipelines();
    let distinct = (0..pipelines.len())
        .filter(|&i| {
            !pipelines[..i]
                .iter()
                .any(|p| p.shares_pipeline_with(&pipelines[i]))
        })
        .count();
    let total: f64 = rows.iter().map(|r| r.0).sum();
    let mut out = format!(
        "first run beyond the median, per dispatch ({} pipelines; the driver's compile at a \
         pipeline's first dispatch): {total:.1} ms in all\n",
        distinct
    );
    for (extra, first_ms, name) in rows.iter().filter(|r| r.0 >= 0.5) {
        out.push_str(&format!(
            "  {extra:>10.1} ms  {name}  (first run {first_ms:.1} ms)\n"
        ));
    }
    out
}
