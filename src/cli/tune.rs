//! `kiln tune`: searches the tilings of a model's matmul / conv dispatches on the device and
//! stores the fastest per contraction in the tuning cache (`crate::tuning`), which later
//! `--target auto` compiles (`compile`, `run`, `bench`) on the same device use.
//!
//! Each candidate tiling is applied to every tiled contraction of the model (`--matmul-tiles`
//! for SIMT, `--coopmat-tiles` for cooperative matrices); a candidate a contraction cannot take
//! leaves it at its default. Per dispatch, the median GPU time (timestamp queries) over the
//! timed runs decides; results are checked against the default tiling's output first.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use kiln_lowering::kernel_config::{
    CoopmatTiles, LanesTiles, MatmulTiles, TunedTiles, WorkgroupMatrixConfig,
};

use super::common::{artifact_inputs, compile_error, run_error, DeviceArgs, InputArgs};
use super::{emit, Cli, CliError};
use crate::target::target_env_for_open_device;
use crate::tuning::TuningCache;

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  kiln tune model.onnx --dim N=8\n  kiln tune matmul.mlir --iterations 20 --cache tuning.json"
)]
pub struct TuneArgs {
    /// The model (`.mlir`, `.onnx`).
    pub model: PathBuf,
    #[command(flatten)]
    pub inputs: InputArgs,
    /// Timed runs per candidate (after a warm-up of 3 runs and 200 ms).
    #[arg(long, default_value_t = 10)]
    pub iterations: usize,
    /// The cache file (default: `$KILN_TUNING_CACHE`, else `kiln/tuning.json` in the user's
    /// cache directory).
    #[arg(long, value_name = "FILE")]
    pub cache: Option<PathBuf>,
    #[command(flatten)]
    pub device: DeviceArgs,
    /// Tune the model compiled at this precision (`compile --precision`): f16 contractions
    /// have tuning keys of their own (`f16xf16->f32 ...`), so f32 entries are never reused.
    #[arg(long, value_name = "f32|f16|bf16", default_value_t = kiln_lowering::Precision::F32)]
    pub precision: kiln_lowering::Precision,
}

/// SIMT tilings tried on GPUs and on CPU devices (lavapipe).
const SIMT_GPU: &[&str] = &[
    "256x128x16/8x8",
    "128x256x16/8x8",
    "128x128x16/8x8",
    "128x128x8/8x8",
    "128x64x8/8x8",
    "64x128x8/8x8",
    "64x64x16/8x8",
    "64x64x16/4x4",
    "32x64x16/4x4",
    "32x32x16/4x4",
];
/// Lanes tilings tried on CPU devices (the default there for f32 / i32 contractions is 32x8,
/// or 64x4 for 32 columns or fewer).
const LANES_CPU: &[&str] = &["32x8", "64x8", "64x4", "16x8", "32x4"];
const SIMT_CPU: &[&str] = &[
    "128x128x16/16x16",
    "128x64x16/16x16",
    "64x64x16/16x16",
    "64x64x16/8x8",
    "32x32x16/8x8",
];
const COOPMAT: &[&str] = &[
    "2x4/4x4x2",
    "2x4/4x2x2",
    "2x2/4x4x2",
    "2x2/4x4x1",
    "2x2/2x2x2",
];
/// Workgroup-scope cooperative-matrix tilings (VK_NV_cooperative_matrix2), the best of the H200
/// sweeps in benches/RESULTS.md; a tiling the device lists no shape for is skipped.
const WORKGROUP_MATRIX: &[&str] = &[
    "128x128x64/128",
    "128x256x64/256",
    "256x256x32/256",
    "256x128x32/128",
    "128x128x32/128",
];

/// Median GPU time (ns) per tunable dispatch (tuning key), and the outputs of one run.
struct Measured {
    times: BTreeMap<String, f64>,
    outputs: Vec<crate::HostTensor>,
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

pub fn run(args: &TuneArgs, cli: &Cli) -> Result<(), CliError> {
    if !(1..=super::bench::MAX_ITERATIONS).contains(&args.iterations) {
        return Err(CliError::user(format!(
            "--iterations must be between 1 and {}",
            super::bench::MAX_ITERATIONS
        )));
    }
    let session = args.device.session()?;
    let target = target_env_for_open_device(session.device());
    let (module, input_args) =
        super::specialize::load_for_run(&args.model, &args.inputs, cli.quiet)?;
    let cache_path = match &args.cache {
        Some(p) => p.clone(),
        None => TuningCache::default_path()
            .ok_or_else(|| CliError::user("no cache directory: pass --cache FILE"))?,
    };
    let mut cache = TuningCache::load_or_warn(&cache_path);
    let mut inputs = None;
    let mut measure = |options: &kiln_lowering::PassOptions| -> Result<Measured, CliError> {
        let artifact = crate::compile_with(&module, &target, options).map_err(compile_error)?;
        let inputs = match &inputs {
            Some(i) => i,
            None => inputs.insert(input_args.read(&artifact_inputs(&artifact), cli.quiet)?),
        };
        let executable = session.load(&artifact.program).map_err(run_error)?;
        let start = Instant::now();
        let mut warmup = 0;
        while warmup < 3 || start.elapsed() < Duration::from_millis(200) {
            executable.run_timed(inputs).map_err(run_error)?;
            warmup += 1;
        }
        let timed: Vec<Option<String>> = super::common::timed_dispatches(&artifact.program, inputs)
            .into_iter()
            .map(|d| d.tuning_key.clone())
            .collect();
        let mut samples: BTreeMap<String, Vec<f64>> = BTreeMap::new();
        let mut outputs = Vec::new();
        for _ in 0..args.iterations {
            let (out, timings) = executable.run_timed(inputs).map_err(run_error)?;
            if timings.dispatch_gpu_ns.len() != timed.len() {
                return Err(CliError::user(
                    "the device's queue has no timestamps: kiln tune needs GPU times",
                ));
            }
            // Dispatches of one contraction (a split matmul's split kernels and matmul) share
            // its key: their times add up.
            let mut run: BTreeMap<&String, f64> = BTreeMap::new();
            for (key, ns) in timed.iter().zip(&timings.dispatch_gpu_ns) {
                if let Some(key) = key {
                    *run.entry(key).or_default() += *ns as f64;
                }
            }
            for (key, ns) in run {
                samples.entry(key.clone()).or_default().push(ns);
            }
            outputs = out;
        }
        Ok(Measured {
            times: samples.into_iter().map(|(k, v)| (k, median(v))).collect(),
            outputs,
        })
    };
    let base = kiln_lowering::PassOptions {
        precision: args.precision,
        ..Default::default()
    };
    let default = measure(&base)?;
    if default.times.is_empty() {
        emit(format!(
            "{}: no tiled matmul / conv dispatch to tune",
            args.model.display()
        ))?;
        return Ok(());
    }
    let cpu = target.device_type == kiln_spirv_ir::target::DeviceType::Cpu;
    let mut candidates: Vec<TunedTiles> = (if cpu { SIMT_CPU } else { SIMT_GPU })
        .iter()
        .map(|t| TunedTiles::Simt(t.parse::<MatmulTiles>().expect("valid candidate")))
        .collect();
    if cpu {
        candidates.extend(
            LANES_CPU
                .iter()
                .map(|t| TunedTiles::Lanes(t.parse::<LanesTiles>().expect("valid candidate"))),
        );
    }
    if !target.cooperative_matrix.is_empty() {
        candidates.extend(
            COOPMAT
                .iter()
                .map(|t| TunedTiles::Coopmat(t.parse::<CoopmatTiles>().expect("valid candidate"))),
        );
    }
    if !target.cooperative_matrix_workgroup.is_empty() {
        candidates.extend(WORKGROUP_MATRIX.iter().map(|t| {
            TunedTiles::WorkgroupMatrix(
                t.parse::<WorkgroupMatrixConfig>().expect("valid candidate"),
            )
        }));
    }
    // Per key: (best time, best tiles or None for the default).
    let mut best: BTreeMap<String, (f64, Option<TunedTiles>)> = default
        .times
        .iter()
        .map(|(k, &t)| (k.clone(), (t, None)))
        .collect();
    for candidate in candidates {
        let mut options = base.clone();
        match candidate {
            TunedTiles::Simt(t) => options.matmul_tiles = Some(t),
            TunedTiles::Lanes(t) => options.lanes_tiles = Some(t),
            TunedTiles::Coopmat(t) => options.coopmat_tiles = Some(t),
            TunedTiles::WorkgroupMatrix(t) => options.workgroup_matrix_tiles = Some(t),
        }
        let measured = match measure(&options) {
            Ok(m) => m,
            // A tiling the target cannot hold for some contraction of the model.
            Err(e) => {
                if !cli.quiet {
                    eprintln!("note: {candidate}: skipped ({})", e.message);
                }
                continue;
            }
        };
        if let Some(i) = differs(&default.outputs, &measured.outputs) {
            return Err(CliError::internal(format!(
                "{candidate}: output {i} differs from the default tiling's"
            )));
        }
        for (key, &t) in &measured.times {
            if let Some(entry) = best.get_mut(key) {
                if t < entry.0 * 0.98 {
                    *entry = (t, Some(candidate));
                }
            }
        }
    }
    emit(format!(
        "{:<56} {:>12} {:>12}  tiles",
        "contraction", "default us", "best us"
    ))?;
    let table = cache.devices.entry(target.device_name.clone()).or_default();
    for (key, (t, tiles)) in &best {
        let default_t = default.times[key];
        emit(format!(
            "{:<56} {:>12.2} {:>12.2}  {}",
            key,
            default_t / 1e3,
            t / 1e3,
            tiles.map_or("default".to_string(), |t| t.to_string())
        ))?;
        match tiles {
            Some(tiles) => table.insert(key.clone(), tiles.to_string()),
            None => table.remove(key),
        };
    }
    cache.save(&cache_path).map_err(CliError::user)?;
    emit(format!(
        "saved to {} (device `{}`)",
        cache_path.display(),
        target.device_name
    ))?;
    Ok(())
}

/// The first output whose values differ by more than its `--check` tolerance
/// (`HostTensor::check_tolerance`, per element; integers exactly: a different tiling sums in
/// another order, nothing more).
fn differs(a: &[crate::HostTensor], b: &[crate::HostTensor]) -> Option<usize> {
    a.iter().zip(b).position(|(x, y)| {
        let tolerance = x.check_tolerance();
        let (x, y) = (x.to_reference().data, y.to_reference().data);
        !super::check::compare(&y, &x, tolerance).passes()
    })
}
