//! Pieces shared by the subcommands that take a model: device selection, target resolution,
//! input reading (or seeded random inputs), output writing.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use clap::Args;
use kiln_frontend::onnx::proto::tensor_proto::DataType;
use kiln_frontend::{DType, Dim, Module, Type};
use kiln_lowering::pass::PassOptions;
use kiln_lowering::Precision;
use kiln_runtime::{DeviceConfig, DeviceSelector};
use kiln_spirv_ir::TargetEnv;
use rand::{Rng, SeedableRng};

use super::CliError;
use crate::model::InputKind;
use crate::target::{load_target, target_env_for_device, target_env_for_open_device, TargetSpec};
use crate::{Artifact, HostTensor, Session, StartupTimeline};

/// Device selection shared by `run` and `bench`.
#[derive(Args, Debug, Clone)]
pub struct DeviceArgs {
    /// Device to run on: an index or a name substring from `kiln devices` (default: the best
    /// device; `KILN_DEVICE` also works).
    #[arg(long)]
    pub device: Option<String>,
    /// Create pipelines with driver statistics capture (`kiln bench --stats` sets it; off
    /// leaves it to `KILN_PIPELINE_STATS`).
    #[arg(skip)]
    pub capture_statistics: bool,
}

impl DeviceArgs {
    pub fn session(&self) -> Result<Session, CliError> {
        let mut config = DeviceConfig::default();
        if let Some(sel) = &self.device {
            config.selector = Some(DeviceSelector::parse(sel));
        }
        if self.capture_statistics {
            config.capture_statistics = Some(true);
        }
        Session::new(&config).map_err(run_error)
    }
}

/// Compilation options shared by `compile`, `run` and `bench`.
#[derive(Args, Debug, Clone)]
pub struct CompileArgs {
    /// Target env: `auto` (the device's), a preset (`llvmpipe`, `nvidia-h200`, `vulkan1.1`,
    /// `constrained`) or a JSON file. `run` and `bench` default to `auto`, `compile` to `llvmpipe`.
    #[arg(long)]
    pub target: Option<String>,
    /// Print the IR after every pass to stderr.
    #[arg(long)]
    pub print_ir_after_all: bool,
    /// Print the IR after the named pass (repeatable).
    #[arg(long, value_name = "PASS")]
    pub print_ir_after: Vec<String>,
    /// Print per-pass compile times to stderr.
    #[arg(long)]
    pub time_passes: bool,
    /// Write each pass's IR and each dispatch's `.spv` into DIR.
    #[arg(long, value_name = "DIR")]
    pub dump_dir: Option<PathBuf>,
    /// Use 64-bit indices in kernels.
    #[arg(long)]
    pub index64: bool,
    /// Replace the computed SIMT matmul / conv tiling: workgroup tile TMxTNxTK and register
    /// tile RMxRN, e.g. `128x128x16/8x8` (still checked against the target's limits).
    #[arg(long, value_name = "TMxTNxTK/RMxRN")]
    pub matmul_tiles: Option<kiln_lowering::kernel_config::MatmulTiles>,
    /// Replace the computed lanes matmul tiling of CPU devices (f32 / i32 matmuls and convs on
    /// llvmpipe: one subgroup per workgroup, lhs rows shared by subgroup broadcasts): ROWS per
    /// workgroup (a multiple of the subgroup size) and COLS per invocation, e.g. `32x8`; on a GPU
    /// with subgroup broadcasts and a fixed subgroup size it forces that pipeline.
    #[arg(long, value_name = "ROWSxCOLS", conflicts_with = "matmul_tiles")]
    pub lanes_tiles: Option<kiln_lowering::kernel_config::LanesTiles>,
    /// Replace the computed cooperative-matrix tiling (f16 x f16 -> f32 matmuls on targets with
    /// cooperative matrices): subgroups SMxSN, fragments per subgroup FMxFN and fragment
    /// k-steps KS per stage, e.g. `2x4/4x2x2`; `/1` or `/2` forces the stage count.
    #[arg(long, value_name = "SMxSN/FMxFNxKS")]
    pub coopmat_tiles: Option<kiln_lowering::kernel_config::CoopmatTiles>,
    /// Replace the computed workgroup-scope cooperative-matrix tiling (plain f16 matmuls on
    /// targets with VK_NV_cooperative_matrix2): accumulator tile TMxTN, K step TK and workgroup
    /// size WG, e.g. `128x128x64/128`.
    #[arg(long, value_name = "TMxTNxTK/WG")]
    pub workgroup_matrix_tiles: Option<kiln_lowering::kernel_config::WorkgroupMatrixConfig>,
    /// Ignore `kiln tune`'s cache (read for `--target auto` otherwise).
    #[arg(long)]
    pub no_tuning_cache: bool,
    /// The float format of the model's f32 tensors: `f16` stores weights and activations as
    /// f16 (converted once) with f32 accumulation and math; `bf16` rounds them to bf16 (f32
    /// storage); `f32` compiles the model as written. See docs/lowering.md, "Reduced precision".
    #[arg(long, value_name = "f32|f16|bf16", default_value_t = Precision::F32)]
    pub precision: Precision,
    /// Replace a heuristic of kernel configuration for an experiment, e.g.
    /// `split_bf16_flush_steps=1` (repeatable; the names and ranges are in
    /// `kiln_lowering::heuristics::OVERRIDABLE_HEURISTICS`).
    #[arg(long, value_name = "NAME=VALUE")]
    pub heuristic: Vec<kiln_lowering::heuristics::HeuristicOverride>,
}

impl CompileArgs {
    pub fn pass_options(&self) -> PassOptions {
        PassOptions {
            print_ir_after_all: self.print_ir_after_all,
            print_ir_after: self.print_ir_after.clone(),
            time_passes: self.time_passes,
            dump_dir: self.dump_dir.clone(),
            index_bits_64: self.index64,
            matmul_tiles: self.matmul_tiles,
            lanes_tiles: self.lanes_tiles,
            coopmat_tiles: self.coopmat_tiles,
            workgroup_matrix_tiles: self.workgroup_matrix_tiles,
            precision: self.precision,
            heuristic_overrides: self.heuristic.clone(),
            ..PassOptions::default()
        }
    }

    /// The pass options for a resolved `target`: with `--target auto`, the device's entries
    /// of `kiln tune`'s cache (unless `--no-tuning-cache`).
    pub fn pass_options_for(&self, target: &TargetEnv) -> Result<PassOptions, CliError> {
        let mut options = self.pass_options();
        if let Some(note) = reduced_precision_note(self.precision, target) {
            eprintln!("warning: {note}");
        }
        if target.name == "auto" && !self.no_tuning_cache {
            if let Some(path) = crate::tuning::TuningCache::default_path() {
                let cache = crate::tuning::TuningCache::load_or_warn(&path);
                options.tuned = cache
                    .table(&path, &target.device_name)
                    .map_err(CliError::user)?;
            }
        }
        Ok(options)
    }

    /// The target env; `auto` is resolved against `session`'s device.
    pub fn target(&self, default: &str, session: Option<&Session>) -> Result<TargetEnv, CliError> {
        let spec: TargetSpec = self
            .target
            .as_deref()
            .unwrap_or(default)
            .parse()
            .expect("infallible");
        match load_target(&spec).map_err(CliError::user)? {
            Some(env) => Ok(env),
            None => match session {
                Some(s) => Ok(target_env_for_open_device(s.device())),
                None => {
                    let devices =
                        kiln_runtime::enumerate_devices().map_err(crate::runtime_error)?;
                    let first = devices
                        .first()
                        .ok_or_else(|| CliError::user("--target auto: no Vulkan device found"))?;
                    Ok(target_env_for_device(first))
                }
            },
        }
    }
}

/// What `run` and `bench` start from: the device, the artifact checked against it (a model is
/// compiled on the fly for `--target`, default `auto`), the inputs, the compile time, and the
/// start-up phases so far.
pub struct Prepared {
    pub session: Session,
    pub artifact: Artifact,
    pub inputs: Vec<HostTensor>,
    pub compile_time: std::time::Duration,
    pub timeline: StartupTimeline,
    /// The constants of a `.kiln` input, left in its file until they are uploaded.
    pub constants: Option<crate::ArtifactConstants>,
}

pub fn prepare(
    model: &Path,
    compile: &CompileArgs,
    device: &DeviceArgs,
    inputs: &InputArgs,
    quiet: bool,
) -> Result<Prepared, CliError> {
    let mut timeline = StartupTimeline::new();
    let started = std::time::Instant::now();
    let session = device.session()?;
    timeline.record(
        "device creation",
        0,
        started,
        started.elapsed(),
        session.device().info().name.clone(),
    );
    let mut at = started;
    for &(phase, took) in session.device().creation_phases() {
        timeline.record(phase, 1, at, took, String::new());
        at += took;
    }
    let start = std::time::Instant::now();
    let spinner =
        super::progress::DelayedSpinner::start(format!("compiling {}", model.display()), quiet);
    let mut constants = None;
    let (artifact, inputs) = match InputKind::of(model).map_err(CliError::user)? {
        InputKind::Artifact => {
            let (artifact, in_file) =
                Artifact::load_leaving_constants(model, &mut timeline).map_err(CliError::user)?;
            check_artifact_precision(model, &artifact, compile)?;
            constants = Some(in_file);
            (artifact, inputs.clone())
        }
        _ => {
            let started = std::time::Instant::now();
            let (module, inputs) = super::specialize::load_for_run(model, inputs, quiet)?;
            timeline.record("model import", 0, started, started.elapsed(), String::new());
            let artifact = timeline.time("compile", || {
                compile_for_session(&module, compile, &session)
            })?;
            (artifact, inputs)
        }
    };
    drop(spinner);
    let compile_time = start.elapsed();
    timeline
        .time("device check", || {
            artifact.check_device(&target_env_for_open_device(session.device()))
        })
        .map_err(CliError::user)?;
    let inputs = timeline.time("input read", || {
        inputs.read(
            &with_declared_types(artifact_inputs(&artifact), model),
            quiet,
        )
    })?;
    Ok(Prepared {
        session,
        artifact,
        inputs,
        compile_time,
        timeline,
        constants,
    })
}

/// The value of each symbolic dimension of `program`, read off the inputs' shapes (1 when an
/// input is missing).
pub fn symbol_values(
    program: &kiln_lowering::program::CompiledProgram,
    inputs: &[HostTensor],
) -> HashMap<String, i64> {
    program
        .symbols
        .iter()
        .map(|s| {
            let v = inputs
                .get(s.input)
                .and_then(|t| t.shape().get(s.dim))
                .copied()
                .unwrap_or(1);
            (s.name.clone(), v as i64)
        })
        .collect()
}

/// The dispatches of `program` that run for `inputs` (a workgroup count of 0 skips one), in
/// order: the ones a run's per-dispatch GPU times belong to.
pub fn timed_dispatches<'p>(
    program: &'p kiln_lowering::program::CompiledProgram,
    inputs: &[HostTensor],
) -> Vec<&'p kiln_lowering::program::Dispatch> {
    let symbols = symbol_values(program, inputs);
    program
        .dispatches
        .iter()
        .filter(|d| {
            d.workgroup_count
                .iter()
                .all(|c| c.eval(&symbols).map(|v| v > 0).unwrap_or(false))
        })
        .collect()
}

/// An artifact is never reused for another precision: `--precision` other than the one it was
/// compiled with is refused (the default, f32, accepts any artifact).
pub fn check_artifact_precision(
    path: &Path,
    artifact: &Artifact,
    compile: &CompileArgs,
) -> Result<(), CliError> {
    let built = artifact.program.precision;
    if compile.precision != Precision::F32 && compile.precision != built {
        return Err(CliError::user(format!(
            "{}: the artifact was compiled with --precision {built}, not {}; recompile the model \
             with --precision {}",
            path.display(),
            compile.precision,
            compile.precision
        )));
    }
    Ok(())
}

/// `module` compiled for `compile`'s target (`auto`: the session's device).
pub fn compile_for_session(
    module: &Module,
    compile: &CompileArgs,
    session: &Session,
) -> Result<Artifact, CliError> {
    let target = compile.target("auto", Some(session))?;
    let options = compile.pass_options_for(&target)?;
    crate::compile_with(module, &target, &options).map_err(compile_error)
}

pub fn compile_error(e: crate::CompileError) -> CliError {
    if e.is_user_error() {
        CliError::user(e)
    } else {
        CliError::internal(e)
    }
}

pub fn run_error(e: crate::RunError) -> CliError {
    match e {
        crate::RunError::Runtime(r) => crate::runtime_error(r),
        crate::RunError::Program(_) => CliError::internal(e),
        other => CliError::user(other),
    }
}

/// Like [`run_error`] for a program read from a `.kiln` artifact, which is the user's input: a
/// malformed program or a kernel or dispatch the runtime refuses is a bad file (exit 1), not a
/// compiler bug.
pub fn artifact_run_error(e: crate::RunError) -> CliError {
    use kiln_runtime::RuntimeError as R;
    match e {
        crate::RunError::Program(_)
        | crate::RunError::Runtime(
            R::InvalidKernel { .. }
            | R::InvalidDispatch { .. }
            | R::BufferSize { .. }
            | R::UploadSource { .. }
            | R::OutOfBounds { .. },
        ) => CliError::user(format!("corrupt artifact: {e}")),
        // The driver refusing a module that kiln's verifier let through.
        crate::RunError::Runtime(R::Vulkan { call, .. })
            if call.contains("Pipeline") || call.contains("ShaderModule") =>
        {
            CliError::user(format!(
                "corrupt artifact: the driver refuses a kernel of it ({e})"
            ))
        }
        other => run_error(other),
    }
}

/// The error mapping for running `model`: [`artifact_run_error`] for an artifact, else
/// [`run_error`].
pub fn run_error_for(model: &Path) -> fn(crate::RunError) -> CliError {
    match InputKind::of(model) {
        Ok(InputKind::Artifact) => artifact_run_error,
        _ => run_error,
    }
}

/// Input arguments shared by `run` and `bench`.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// An input `.npy` file, in argument order (repeat for each input). Without any, seeded
    /// random inputs of the right shapes are used.
    #[arg(long = "input", value_name = "NPY")]
    pub inputs: Vec<PathBuf>,
    /// An optional-typed input of an ONNX model that holds no value (an empty optional), by
    /// name (repeatable): it takes no `--input` file.
    #[arg(long = "absent", value_name = "NAME")]
    pub absent: Vec<String>,
    /// Value of a symbolic dimension for random inputs, e.g. `--dim N=8` (default 1).
    #[arg(long = "dim", value_name = "NAME=SIZE")]
    pub dims: Vec<String>,
    /// Seed of the random inputs.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// One input's logical type, as the model or the artifact states it.
pub struct InputSpec {
    pub name: String,
    pub dtype: DType,
    /// Static sizes, or the symbol's name.
    pub shape: Vec<Result<usize, String>>,
    /// The ONNX input's declared element type, where kiln holds it in a wider `dtype`
    /// (uint16 in i32, float8 in f32): random inputs take values of the declared type.
    pub declared: Option<DataType>,
}

/// The declared ONNX element types of `model`'s inputs on `specs` (in argument order), when
/// `model` is an ONNX file whose graph inputs are the arguments one for one.
pub fn with_declared_types(mut specs: Vec<InputSpec>, model: &Path) -> Vec<InputSpec> {
    if model.extension().and_then(|e| e.to_str()) != Some("onnx") {
        return specs;
    }
    let Ok(types) = kiln_frontend::onnx::onnx_io_types(model) else {
        return specs;
    };
    if types.inputs.len() == specs.len() {
        for (spec, (name, ty)) in specs.iter_mut().zip(types.inputs) {
            spec.name = name;
            spec.declared = Some(ty);
        }
    }
    specs
}

/// One seeded random value of `spec`'s type: of the declared ONNX type where there is one, so
/// that a uint16 input gets no negative value and a float8 one only float8 values.
fn random_value(rng: &mut impl Rng, spec: &InputSpec) -> f64 {
    use kiln_frontend::onnx::elem_types::{domain, round_to_format, Domain};
    match spec.declared.map(domain) {
        Some(d @ Domain::Int { .. }) => {
            let (lo, hi) = d.int_range().unwrap_or((0.0, 0.0));
            let (lo, hi) = (lo.max(-1000.0) as i64, hi.min(999.0) as i64);
            rng.random_range(lo..=hi) as f64
        }
        Some(Domain::Float(format)) => round_to_format(rng.random_range(-1.0..1.0), format, true),
        // Powers of two around 1.
        Some(Domain::E8M0) => 2f64.powi(rng.random_range(-4..=4)),
        _ => match spec.dtype {
            DType::F32 | DType::F16 | DType::BF16 | DType::F64 => rng.random_range(-1.0..1.0),
            DType::I1 => f64::from(rng.random_range(0..2)),
            DType::I8 => f64::from(rng.random_range(-100..100)),
            _ => f64::from(rng.random_range(-1000..1000)),
        },
    }
}

pub fn model_inputs(module: &Module) -> Result<Vec<InputSpec>, CliError> {
    let function = module
        .functions
        .iter()
        .find(|f| f.name == "main")
        .or_else(|| module.functions.first())
        .ok_or_else(|| CliError::user("the model has no function"))?;
    function
        .arguments
        .iter()
        .enumerate()
        .map(|(i, &arg)| match &function.values[arg].ty {
            Type::Tensor(t) => Ok(InputSpec {
                name: format!("arg{i}"),
                dtype: t.dtype,
                declared: None,
                shape: t
                    .shape
                    .iter()
                    .map(|d| match d {
                        Dim::Static(n) => Ok(*n as usize),
                        Dim::Symbol(s) => Err(s.clone()),
                    })
                    .collect(),
            }),
            Type::Scalar(dtype) => Ok(InputSpec {
                name: format!("arg{i}"),
                dtype: *dtype,
                shape: vec![],
                declared: None,
            }),
        })
        .collect()
}

pub fn artifact_inputs(artifact: &Artifact) -> Vec<InputSpec> {
    artifact
        .program
        .inputs
        .iter()
        .map(|i| InputSpec {
            name: i.name.clone(),
            dtype: i.dtype,
            declared: None,
            shape: i
                .shape
                .iter()
                .map(|e| match (e.as_const(), e) {
                    (Some(c), _) => Ok(c.max(0) as usize),
                    (None, kiln_lowering::SizeExpr::Symbol(s)) => Err(s.clone()),
                    (None, other) => Err(format!("{other}")),
                })
                .collect(),
        })
        .collect()
}

impl InputArgs {
    /// The inputs: read from `--input` files, or random (and said so on stderr).
    pub fn read(&self, specs: &[InputSpec], quiet: bool) -> Result<Vec<HostTensor>, CliError> {
        if !self.inputs.is_empty() {
            if self.inputs.len() != specs.len() {
                return Err(CliError::user(format!(
                    "the model takes {} inputs, {} --input given",
                    specs.len(),
                    self.inputs.len()
                )));
            }
            // A file of a narrower type than the input is widened when every value is exact
            // (an int8 .npy for an int4 input, which kiln holds as int32).
            return self
                .inputs
                .iter()
                .zip(specs)
                .map(|(p, spec)| {
                    let t = HostTensor::read_npy(p).map_err(CliError::user)?;
                    Ok(t.widened_to(spec.dtype).unwrap_or(t))
                })
                .collect();
        }
        let symbols: Vec<&str> = specs
            .iter()
            .flat_map(|s| s.shape.iter())
            .filter_map(|d| d.as_ref().err().map(String::as_str))
            .collect();
        let mut dims = HashMap::new();
        for d in &self.dims {
            let (name, value) = d
                .split_once('=')
                .filter(|(n, _)| !n.trim().is_empty())
                .and_then(|(n, v)| Some((n.trim().to_string(), v.trim().parse::<usize>().ok()?)))
                .ok_or_else(|| {
                    CliError::user(format!(
                        "--dim {d}: expected NAME=SIZE with a non-negative integer SIZE"
                    ))
                })?;
            if !symbols.contains(&name.as_str()) {
                let known = if symbols.is_empty() {
                    "the model has no symbolic dims".to_string()
                } else {
                    let mut known = symbols.clone();
                    known.sort_unstable();
                    known.dedup();
                    format!("the model's symbolic dims: {}", known.join(", "))
                };
                return Err(CliError::user(format!(
                    "--dim {d}: no input has a dim named '{name}' ({known})"
                )));
            }
            dims.insert(name, value);
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(self.seed);
        let mut tensors = Vec::new();
        for spec in specs {
            let shape: Vec<usize> = spec
                .shape
                .iter()
                .map(|d| match d {
                    Ok(n) => *n,
                    Err(symbol) => dims.get(symbol).copied().unwrap_or(1),
                })
                .collect();
            let count = host_element_count(&shape).ok_or_else(|| {
                CliError::user(format!(
                    "input {} (`{}`) of shape {shape:?} is larger than kiln generates on the host \
                     ({} GiB as f64)",
                    tensors.len(),
                    spec.name,
                    kiln_frontend::onnx::MAX_HOST_TENSOR_BYTES >> 30
                ))
            })?;
            let values: Vec<f64> = (0..count).map(|_| random_value(&mut rng, spec)).collect();
            let t = kiln_frontend::Tensor::from_vec(spec.dtype, &shape, values)
                .map_err(CliError::internal)?;
            if !quiet {
                let ty = match spec.declared {
                    Some(t) if kiln_frontend::onnx::elem_types::native_type(spec.dtype) != t => {
                        format!(
                            "{} (held as {:?})",
                            kiln_frontend::onnx::elem_types::type_name(t),
                            spec.dtype
                        )
                    }
                    _ => format!("{:?}", spec.dtype),
                };
                eprintln!(
                    "note: input {} (`{}`): seeded random {ty} of shape {:?} (seed {})",
                    tensors.len(),
                    spec.name,
                    shape,
                    self.seed
                );
            }
            tensors.push(HostTensor::from_reference(&t));
        }
        Ok(tensors)
    }
}

/// The element count of `shape` when its f64 copy fits the host limit (no overflow on the way):
/// a dim of 2^40 or INT64_MAX is refused before anything is allocated.
pub fn host_element_count(shape: &[usize]) -> Option<usize> {
    shape
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(d))
        .filter(|n| {
            n.checked_mul(8)
                .is_some_and(|b| b <= kiln_frontend::onnx::MAX_HOST_TENSOR_BYTES)
        })
}

/// Writes `DIR/output_K.npy` for each output; `uint8[K]` marks an i32 output that holds uint8
/// values (an ONNX uint8 output), written as uint8.
pub fn write_outputs(
    dir: &Path,
    outputs: &[HostTensor],
    declared: &[DataType],
) -> Result<Vec<PathBuf>, CliError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| CliError::user(format!("--output-dir {}: {e}", dir.display())))?;
    outputs
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let path = dir.join(format!("output_{i}.npy"));
            match declared.get(i) {
                Some(&ty) => t.write_npy_as(&path, ty),
                None => t.write_npy(&path),
            }
            .map_err(CliError::user)?;
            Ok(path)
        })
        .collect()
}

/// A short description of a tensor's values for the terminal.
pub fn describe(t: &HostTensor) -> String {
    let r = t.to_reference();
    let n = r.data.len();
    let head: Vec<String> = r.data.iter().take(8).map(|v| format!("{v:.6}")).collect();
    let more = if n > 8 { ", ..." } else { "" };
    format!(
        "{:?} {:?} [{}{more}]",
        t.dtype(),
        t.shape(),
        head.join(", ")
    )
}

/// What `--precision f16` does not give on `target`, if anything: a device without 16-bit
/// storage (`StorageBuffer16BitAccess`) keeps the f16 tensors in f32 buffers (no memory or
/// bandwidth saved), one without `Float16` computes them in f32. The numbers stay those of
/// f32 storage or arithmetic (more accurate, never wrong); this says so instead of keeping
/// silent about the speed the user asked for.
pub fn reduced_precision_note(precision: Precision, target: &TargetEnv) -> Option<String> {
    use kiln_spirv_ir::spirv::Capability;
    if precision != Precision::F16 {
        return None;
    }
    let missing: Vec<&str> = [
        (
            Capability::StorageBuffer16BitAccess,
            "16-bit storage (f16 tensors are kept in f32 buffers)",
        ),
        (
            Capability::Float16,
            "f16 arithmetic (f16 values are computed in f32)",
        ),
    ]
    .into_iter()
    .filter(|(c, _)| !target.has_capability(*c))
    .map(|(_, what)| what)
    .collect();
    (!missing.is_empty()).then(|| {
        format!(
            "--precision f16 on {}: the device has no {}",
            target.name,
            missing.join(" and no ")
        )
    })
}
