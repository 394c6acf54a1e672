//! `kiln run`: run a model (`.mlir`, `.onnx`, compiled on the fly) or an artifact (`.kiln`) on
//! the device, or with `--reference` on the reference interpreter; write `DIR/output_K.npy`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;

use super::common::{
    describe, model_inputs, prepare, run_error_for, with_declared_types, write_outputs,
    CompileArgs, DeviceArgs, InputArgs, Prepared,
};
use super::{emit, Cli, CliError};
use crate::{HostTensor, Tolerance};
use kiln_frontend::DType;

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  kiln run model.onnx --input x.npy --output-dir out\n  kiln run model.kiln --dim N=8\n  kiln run model.mlir --reference --output-dir ref"
)]
pub struct RunArgs {
    /// The model (`.mlir`, `.onnx`) or compiled artifact (`.kiln`).
    pub model: PathBuf,
    #[command(flatten)]
    pub inputs: InputArgs,
    /// Directory for `output_0.npy`, `output_1.npy`, ... (in result order).
    #[arg(long, value_name = "DIR")]
    pub output_dir: Option<PathBuf>,
    /// Run on the reference interpreter (f64 accumulation) instead of the device.
    #[arg(long)]
    pub reference: bool,
    /// Also run the reference interpreter on the same inputs and compare element by element
    /// (a model file only): integer and bool outputs exactly, floats within
    /// `|d - r| <= atol + rtol * |r|` (f32: rtol 1e-5, atol 5e-6 of the output's rms; f16:
    /// 1e-2 and 1e-2; bf16: 8e-2 and 8e-2), reporting the worst element. With `--precision
    /// f16` / `bf16` the reference is still the f32 model, and an output fails when its relative
    /// L2 error exceeds the precision's tolerance (1e-2 for f16, 4e-2 for bf16) or an element
    /// lies 5e-2 (bf16: 2e-1) of the rms plus of itself away.
    #[arg(long, conflicts_with = "reference")]
    pub check: bool,
    #[command(flatten)]
    pub device: DeviceArgs,
    #[command(flatten)]
    pub compile: CompileArgs,
}

pub fn run(args: &RunArgs, cli: &Cli) -> Result<(), CliError> {
    // The device path's start-up phases (`--time-passes` prints them).
    let mut startup = None;
    let outputs = if args.reference {
        let (module, input_args) =
            super::specialize::load_for_run(&args.model, &args.inputs, cli.quiet)?;
        let specs = with_declared_types(model_inputs(&module)?, &args.model);
        let inputs = input_args.read(&specs, cli.quiet)?;
        check_declared_inputs(
            &args.model,
            &args.inputs.inputs,
            &input_args.inputs,
            &inputs,
        )?;
        // bfloat16 inputs come as float32 files (checked exact above).
        let reference: Vec<_> = inputs
            .iter()
            .zip(&specs)
            .map(|(t, spec)| {
                let mut r = t.to_reference();
                if spec.dtype == DType::BF16 && r.dtype == DType::F32 {
                    r.dtype = DType::BF16;
                }
                r
            })
            .collect();
        let start = Instant::now();
        let outputs = kiln_frontend::interpret(&module, &reference).map_err(CliError::user)?;
        if !cli.quiet {
            eprintln!(
                "reference interpreter: {:.3} ms",
                start.elapsed().as_secs_f64() * 1e3
            );
        }
        outputs.iter().map(HostTensor::from_reference).collect()
    } else {
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
            &args.device,
            &args.inputs,
            cli.quiet,
        )?;
        if inputs.len() == args.inputs.inputs.len() {
            check_declared_inputs(
                &args.model,
                &args.inputs.inputs,
                &args.inputs.inputs,
                &inputs,
            )?;
        }
        // A `.kiln` file is the user's input: what its program gets wrong is a bad file.
        let run_error = run_error_for(&args.model);
        let executable = session
            .load_artifact(&artifact, constants.as_ref(), &mut timeline)
            .map_err(run_error)?;
        let started = Instant::now();
        let (outputs, timings) = executable.run_timed(&inputs).map_err(run_error)?;
        timeline.record(
            "first run",
            0,
            started,
            started.elapsed(),
            format!(
                "{} dispatches",
                super::common::timed_dispatches(&artifact.program, &inputs).len()
            ),
        );
        for (step, at, took) in executable.take_first_run_phases().unwrap_or_default() {
            timeline.record(step, 1, at, took, String::new());
        }
        if std::env::var_os("KILN_TRACE").is_some() {
            for (d, ns) in artifact
                .program
                .dispatches
                .iter()
                .zip(&timings.dispatch_gpu_ns)
            {
                eprintln!("dispatch {}: {:.3} ms", d.name, *ns as f64 / 1e6);
            }
        }
        warn_non_finite(&outputs, artifact.program.precision, cli.quiet);
        if args.check {
            check_against_reference(&args.model, &inputs, &outputs, args.compile.precision)?;
        }
        if !cli.quiet {
            eprintln!(
                "device: {}\ncompile+load: {:.1} ms, {} dispatches, GPU {}, wall {:.3} ms",
                session.device().info().name,
                compile_time.as_secs_f64() * 1e3,
                artifact.program.dispatches.len(),
                timings
                    .gpu_total_ns
                    .map(|ns| format!("{:.3} ms", ns as f64 / 1e6))
                    .unwrap_or_else(|| "n/a".into()),
                timings.wall.as_secs_f64() * 1e3
            );
        }
        startup = Some(timeline);
        outputs
    };
    let started = Instant::now();
    if let Some(dir) = &args.output_dir {
        // Outputs of an ONNX model are written as their declared types (kiln holds some types
        // in wider ones).
        let declared = match args.model.extension().and_then(|e| e.to_str()) {
            Some("onnx") => kiln_frontend::onnx::onnx_io_types(&args.model)
                .ok()
                .map(|t| t.outputs)
                .filter(|t| t.len() == outputs.len())
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        for path in write_outputs(dir, &outputs, &declared)? {
            if !cli.quiet {
                eprintln!("wrote {}", path.display());
            }
        }
    }
    if let Some(mut timeline) = startup {
        if args.output_dir.is_some() {
            timeline.record("output write", 0, started, started.elapsed(), String::new());
        }
        if args.compile.time_passes {
            eprint!("{}", timeline.table());
        }
    }
    for (i, t) in outputs.iter().enumerate() {
        emit(format!("output {i}: {}", describe(t)))?;
    }
    Ok(())
}

/// A program compiled at a reduced precision whose outputs hold inf or NaN most likely had an
/// activation beyond the format's range (65504 for f16) on the way: said on stderr, since it
/// cannot be known at compile time.
fn warn_non_finite(outputs: &[HostTensor], precision: kiln_lowering::Precision, quiet: bool) {
    if precision == kiln_lowering::Precision::F32 || quiet {
        return;
    }
    for (i, t) in outputs.iter().enumerate() {
        let values = t.to_reference();
        let bad = values.data.iter().filter(|v| !v.is_finite()).count();
        if bad > 0 {
            eprintln!(
                "warning: output {i} holds {bad} inf / NaN values: with --precision {precision} \
                 an activation beyond its range (f16: 65504) becomes inf; compare with \
                 --precision f32 (or --check)"
            );
        }
    }
}

/// Checks that each input of an ONNX model holds only values of its declared element type (an
/// int4 input read from an int8 file, a float8 one from a float32 file: kiln holds such types
/// in wider ones). `all_files` are the `--input` files in graph-input order, `used` the ones
/// `inputs` were read from (some may have been folded into the model by specialization).
fn check_declared_inputs(
    model: &Path,
    all_files: &[PathBuf],
    used: &[PathBuf],
    inputs: &[HostTensor],
) -> Result<(), CliError> {
    if model.extension().and_then(|e| e.to_str()) != Some("onnx") || used.len() != inputs.len() {
        return Ok(());
    }
    let Ok(types) = kiln_frontend::onnx::onnx_io_types(model) else {
        return Ok(());
    };
    if types.inputs.len() != all_files.len() {
        return Ok(());
    }
    for (file, t) in used.iter().zip(inputs) {
        let Some(((name, ty), _)) = types.inputs.iter().zip(all_files).find(|(_, f)| *f == file)
        else {
            continue;
        };
        if kiln_frontend::onnx::elem_types::held_dtype(*ty).is_none() {
            continue; // the import refuses it, naming the type
        }
        let held = t.to_reference();
        if let Some(bad) = held
            .data
            .iter()
            .find(|&&v| !kiln_frontend::onnx::elem_types::holds(*ty, v))
        {
            return Err(CliError::user(format!(
                "{}: input '{name}' is declared {}, but the file holds {bad}, which is not one \
                 of its values",
                file.display(),
                kiln_frontend::onnx::elem_types::type_name(*ty)
            )));
        }
    }
    Ok(())
}

/// The relative L2 error an output of a program compiled with `precision` may have against
/// the f32 reference (`None` for f32: the per-element check alone applies). f16 keeps 11
/// significant bits (unit roundoff 4.9e-4) and bf16 8 (3.9e-3); the rounding of weights and
/// activations at each layer adds up over a network, measured at up to 2.2e-3 (f16) on the CNN
/// and attention tests of `tests/precision.rs`, so the tolerances leave a 4-10x margin.
pub fn precision_tolerance(precision: kiln_lowering::Precision) -> Option<f64> {
    match precision {
        kiln_lowering::Precision::F32 => None,
        kiln_lowering::Precision::F16 => Some(1e-2),
        kiln_lowering::Precision::BF16 => Some(4e-2),
    }
}

/// The per-element tolerance of a float output of a program compiled with a reduced
/// `precision`, checked besides the rel L2 bound ([`precision_tolerance`]): every weight and
/// activation was rounded at every layer, so an element may be many rounding steps away; the
/// bound catches one element far off (a wrong tail, a lost row) that the L2 norm averages away.
/// Five times the rel L2 bound, as atol (of the rms) and rtol: f16 `|d - r| <= 5e-2 * rms(r) +
/// 5e-2 * |r|`, bf16 2e-1 (measured: resnet_tiny's worst f16 element at 0.010 of its allowance,
/// bf16 0.01).
pub fn reduced_precision_element_tolerance(
    precision: kiln_lowering::Precision,
) -> Option<Tolerance> {
    match precision {
        kiln_lowering::Precision::F32 => None,
        kiln_lowering::Precision::F16 => Some(Tolerance {
            rtol: 5e-2,
            atol_rms: 5e-2,
        }),
        kiln_lowering::Precision::BF16 => Some(Tolerance {
            rtol: 2e-1,
            atol_rms: 2e-1,
        }),
    }
}

/// ": the worst at [i, j] (flat k): device d, reference r, |d - r| = e" for an error message.
fn worst_text(c: &super::check::Comparison) -> String {
    match &c.worst {
        Some(w) => format!(
            ": the worst at {:?} (flat index {}): device {}, reference {}, |d - r| = {:.3e}",
            w.index,
            w.flat_index,
            w.device,
            w.reference,
            (w.device - w.reference).abs()
        ),
        None => String::new(),
    }
}

/// `|device - reference|_2 / |reference|_2` over the positions where both are finite.
pub fn relative_l2(device: &ndarray::ArrayD<f64>, reference: &ndarray::ArrayD<f64>) -> f64 {
    let (mut error, mut norm) = (0.0, 0.0);
    for (&d, &r) in device.iter().zip(reference.iter()) {
        if d.is_finite() && r.is_finite() {
            error += (d - r) * (d - r);
            norm += r * r;
        }
    }
    (error / norm.max(1e-300)).sqrt()
}

/// Runs the interpreter on `inputs` and compares with the device's `outputs` (of `model`,
/// compiled with `precision`): the reference is always the model as written (f32).
pub(super) fn check_against_reference(
    model: &Path,
    inputs: &[HostTensor],
    outputs: &[HostTensor],
    precision: kiln_lowering::Precision,
) -> Result<(), CliError> {
    let module = super::specialize::module_for_check(model).map_err(|_| {
        CliError::user("--check needs a model file (.mlir or .onnx), not an artifact")
    })?;
    let reference: Vec<_> = inputs.iter().map(HostTensor::to_reference).collect();
    let expected = kiln_frontend::interpret(&module, &reference).map_err(CliError::user)?;
    if outputs.len() != expected.len() {
        return Err(CliError::internal(format!(
            "the device gave {} outputs, the reference interpreter {}",
            outputs.len(),
            expected.len()
        )));
    }
    for (i, (got, want)) in outputs.iter().zip(&expected).enumerate() {
        let reduced = precision_tolerance(precision).filter(|_| want.dtype.is_float());
        let tolerance = match reduced {
            Some(_) => reduced_precision_element_tolerance(precision)
                .unwrap_or_else(|| Tolerance::for_dtype(want.dtype)),
            None => Tolerance::for_dtype(want.dtype),
        };
        let got = got.to_reference();
        let c = super::check::compare(&got.data, &want.data, tolerance);
        if !c.same_shape {
            return Err(CliError::internal(format!(
                "output {i} has shape {:?} on the device but {:?} in the reference interpreter",
                got.data.shape(),
                want.data.shape()
            )));
        }
        if let Some(l2_tolerance) = reduced {
            let l2 = relative_l2(&got.data, &want.data);
            emit(format!(
                "check output {i} (--precision {precision} against the f32 reference interpreter): \
                 rel L2 = {l2:.3e} (tolerance {l2_tolerance:.0e}), {}",
                c.describe()
            ))?;
            if let Some((index, device, reference)) = c.first_special_mismatch {
                return Err(CliError::user(format!(
                    "output {i} differs from the f32 reference interpreter in {} NaN/Inf \
                     positions (first at flat index {index}: device {device}, reference \
                     {reference}): values out of the range of {precision}? compile with \
                     --precision f32",
                    c.special_mismatches
                )));
            }
            if l2 > l2_tolerance {
                return Err(CliError::user(format!(
                    "output {i} differs from the f32 reference interpreter by rel L2 {l2:.3e}, \
                     more than the {l2_tolerance:.0e} that --precision {precision} allows"
                )));
            }
            if !c.passes() {
                return Err(CliError::user(format!(
                    "output {i} differs from the f32 reference interpreter in {} elements by \
                     more than --precision {precision} allows per element ({tolerance}){}",
                    c.outside,
                    worst_text(&c)
                )));
            }
            continue;
        }
        emit(format!("check output {i}: {}", c.describe()))?;
        if let Some((index, device, reference)) = c.first_special_mismatch {
            return Err(CliError::internal(format!(
                "output {i} differs from the reference interpreter in {} NaN/Inf positions (first at \
                 flat index {index}: device {device}, reference {reference})",
                c.special_mismatches
            )));
        }
        if !c.passes() {
            return Err(CliError::internal(format!(
                "output {i} ({}) differs from the reference interpreter in {} of {} elements \
                 ({tolerance}){}",
                want.dtype,
                c.outside,
                c.elements,
                worst_text(&c)
            )));
        }
    }
    Ok(())
}
