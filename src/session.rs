//! Running compiled programs: a [`Session`] owns a Vulkan device; [`Session::load`] turns a
//! [`CompiledProgram`] into an [`Executable`] (pipelines created once, constants uploaded once);
//! [`Executable::run`] binds the symbolic dimensions from the input shapes, uploads the inputs,
//! runs every dispatch in one command buffer and downloads the outputs.
//!
//! The run path is kept lean for repeated runs with the same input shapes: buffers and the
//! recorded schedule are kept and reused; only the uploads, the submit and the downloads happen.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use half::f16;
use kiln_lowering::program::{
    BufferKind, CompiledProgram, DType as ProgramDType, StorageType, TensorInterface,
};
use kiln_runtime::{
    Access, Buffer, CacheMerge, Device, DeviceConfig, Kernel, Pipeline, PipelineBuild, RunTimings,
    Schedule,
};
use ndarray::{ArrayD, IxDyn};

use crate::artifact::ArtifactConstants;
use crate::startup::StartupTimeline;
use crate::{Artifact, EmbeddedPipelineCache, HostTensor};

/// Why running a program failed.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Runtime(#[from] kiln_runtime::RuntimeError),
    #[error("the program takes {expected} inputs, {given} given")]
    InputCount { expected: usize, given: usize },
    #[error("input {index} (`{name}`): {message}")]
    Input {
        index: usize,
        name: String,
        message: String,
    },
    #[error("the program is malformed: {0}")]
    Program(String),
    /// A run-time check of the program failed (an index out of range): the inputs are wrong
    /// for the model, and the outputs are not returned.
    #[error("{0}")]
    CheckFailed(String),
}

/// How [`Session::load_timed`] loads a program.
#[derive(Clone, Copy, Debug, Default)]
pub struct LoadOptions<'a> {
    /// A pipeline cache to merge into the device's first (an artifact's).
    pub embedded_cache: Option<&'a EmbeddedPipelineCache>,
    /// Deduplication and threads of the pipeline builds.
    pub pipelines: PipelineBuild,
    /// Where the bytes of constants that the program holds none of are: an artifact's file.
    pub constants_in_file: Option<&'a ArtifactConstants>,
}

/// A device and the programs loaded on it.
pub struct Session {
    device: Device,
}

impl Session {
    /// Opens the device chosen by `config` (default: the best device, `KILN_DEVICE` overrides).
    pub fn new(config: &DeviceConfig) -> Result<Session, RunError> {
        Ok(Session {
            device: Device::new(config)?,
        })
    }

    /// Opens the default device.
    pub fn default_device() -> Result<Session, RunError> {
        Session::new(&DeviceConfig::default())
    }

    pub fn device(&self) -> &Device {
        &self.device
    }

    /// Creates the pipelines of `program` and uploads its constants.
    pub fn load(&self, program: &CompiledProgram) -> Result<Executable<'_>, RunError> {
        self.load_timed(
            program,
            &LoadOptions::default(),
            &mut StartupTimeline::new(),
        )
    }

    /// [`Session::load`] of an artifact: with its embedded pipeline cache, if any, merged into
    /// the device's first (only when the same device and driver made it; otherwise ignored,
    /// said in `KILN_TRACE` and in the timeline).
    ///
    /// `constants`: the artifact's constants still in its file
    /// ([`Artifact::load_leaving_constants`]), read from there straight into device buffers.
    pub fn load_artifact(
        &self,
        artifact: &Artifact,
        constants: Option<&ArtifactConstants>,
        timeline: &mut StartupTimeline,
    ) -> Result<Executable<'_>, RunError> {
        let options = LoadOptions {
            embedded_cache: artifact.pipeline_cache.as_ref(),
            constants_in_file: constants,
            ..LoadOptions::default()
        };
        self.load_timed(&artifact.program, &options, timeline)
    }

    /// [`Session::load`], recording its phases in `timeline`: the embedded cache merge, the
    /// pipelines (each kernel, then the batch: how many were distinct, on how many threads),
    /// the constant upload and the pipeline cache save.
    pub fn load_timed(
        &self,
        program: &CompiledProgram,
        options: &LoadOptions<'_>,
        timeline: &mut StartupTimeline,
    ) -> Result<Executable<'_>, RunError> {
        // Cheap manifest checks (buffer indices, size expressions, push-constant ranges): a
        // program that fails them would index out of bounds below. Artifacts also have their
        // SPIR-V verified when they are read (`Artifact::check`).
        timeline
            .time("manifest check", || {
                crate::program_check::check_manifest(program)
            })
            .map_err(RunError::Program)?;
        if let Some(cache) = options.embedded_cache {
            let started = Instant::now();
            let merge = self
                .device
                .merge_pipeline_cache(&cache.data, &cache.made_by)?;
            let detail = match merge {
                CacheMerge::Merged { bytes } => format!("merged, {bytes} bytes"),
                CacheMerge::Ignored { reason } => format!("ignored: {reason}"),
            };
            timeline.record(
                "embedded pipeline cache",
                0,
                started,
                started.elapsed(),
                detail,
            );
        }
        let kernels: Vec<Kernel> = program.dispatches.iter().map(kernel_of).collect();
        let started = Instant::now();
        let created = self
            .device
            .create_pipelines_with(&kernels, &options.pipelines)?;
        for (index, pipeline) in created.pipelines.iter().enumerate() {
            if created.built_from[index] == index {
                let took = pipeline.creation_time();
                timeline.record(
                    &format!("pipeline {}", pipeline.name()),
                    1,
                    pipeline.creation_start(),
                    took,
                    format!(
                        "{} SPIR-V words{}",
                        kernels[index].spirv.len(),
                        match created.built_from.iter().filter(|&&f| f == index).count() {
                            1 => String::new(),
                            n => format!(", shared by {n} dispatches"),
                        }
                    ),
                );
            }
        }
        timeline.record(
            "pipelines",
            0,
            started,
            created.wall,
            format!(
                "{} kernels, {} distinct, {} threads",
                kernels.len(),
                created.distinct(),
                created.threads
            ),
        );
        drop(kernels);
        let started = Instant::now();
        let mut constants = HashMap::new();
        let mut uploaded = 0u64;
        let in_file = options.constants_in_file;
        for (index, c) in program.constants.iter().enumerate() {
            let info = program.buffers.get(c.buffer as usize).ok_or_else(|| {
                RunError::Program(format!("constant of unknown buffer {}", c.buffer))
            })?;
            let from_file = in_file
                .filter(|_| c.bytes.is_empty())
                .and_then(|file| Some((file, file.len(index)?)))
                .filter(|&(_, len)| len > 0);
            let len = from_file.map_or(c.bytes.len() as u64, |(_, len)| len);
            // Never smaller than the manifest's size: a short constant (a corrupt artifact)
            // must not let a kernel read past its buffer.
            let size = len.max(info.size_bytes.as_const().unwrap_or(0).max(0) as u64);
            let buffer = self.device.create_buffer(&info.name, size)?;
            match from_file {
                Some((file, len)) => file
                    .with_reader(index, |reader, _| buffer.upload_from_reader(reader, len))
                    .map_err(|e| {
                        RunError::Program(format!(
                            "{}: reading constant {index}: {e}",
                            file.origin()
                        ))
                    })??,
                None => buffer.upload_bytes(&c.bytes)?,
            }
            uploaded += len;
            constants.insert(c.buffer, buffer);
        }
        timeline.record(
            "weight upload",
            0,
            started,
            started.elapsed(),
            format!(
                "{} constants, {uploaded} bytes, {}{}",
                program.constants.len(),
                if self.device.uses_staging() {
                    "staged"
                } else {
                    "mapped"
                },
                if in_file.is_some() {
                    ", read from the artifact file"
                } else {
                    ""
                }
            ),
        );
        // Pipelines are compiled now: keep the driver's work for the next process.
        timeline.time("pipeline cache save", || {
            let _ = self.device.save_pipeline_cache();
        });
        Ok(Executable {
            session: self,
            program: program.without_bytes(true),
            pipelines: created.pipelines,
            constants,
            prepared: Mutex::new(None),
            repeat: 1,
            first_run_phases: Mutex::new(None),
        })
    }

    /// Builds the pipelines of `program` only (no constants uploaded): to fill the device's
    /// pipeline cache, e.g. before embedding it in an artifact.
    pub fn warm_pipelines(&self, program: &CompiledProgram) -> Result<(), RunError> {
        crate::program_check::check_manifest(program).map_err(RunError::Program)?;
        let kernels: Vec<Kernel> = program.dispatches.iter().map(kernel_of).collect();
        self.device.create_pipelines(&kernels)?;
        Ok(())
    }
}

/// The runtime's description of a dispatch's kernel.
fn kernel_of(dispatch: &kiln_lowering::program::Dispatch) -> Kernel {
    let mut kernel = Kernel::new(dispatch.name.clone(), dispatch.spirv.clone())
        .entry_point(dispatch.entry_point.clone())
        .push_constants(dispatch.push_constant_size);
    for b in &dispatch.bindings {
        let access = if b.read_only {
            Access::ReadOnly
        } else {
            Access::ReadWrite
        };
        kernel = match b.address_offset {
            Some(offset) => kernel.address_binding(offset, access),
            None => kernel.binding(b.set, b.binding, access),
        };
    }
    if let Some(size) = dispatch.required_subgroup_size {
        kernel = kernel.subgroup_size(size);
    }
    kernel
}

/// Buffers and the recorded schedule for one binding of the symbolic dimensions.
struct Prepared {
    symbols: HashMap<String, i64>,
    buffers: Vec<Buffer>,
    schedule: Schedule,
}

/// A program loaded on a device, ready to run many times.
pub struct Executable<'s> {
    session: &'s Session,
    program: CompiledProgram,
    pipelines: Vec<Pipeline>,
    constants: HashMap<u32, Buffer>,
    prepared: Mutex<Option<Prepared>>,
    /// Times the dispatch list is recorded per run (benchmarks; see `set_repeat`).
    repeat: u32,
    /// The steps of the last run that had to prepare buffers and a schedule (the first run of
    /// a set of input shapes), for [`Executable::take_first_run_phases`].
    first_run_phases: Mutex<Option<Vec<RunStep>>>,
}

impl Executable<'_> {
    /// Records the whole dispatch list `repeat` times (at least once) in each run's command
    /// buffer, with the barriers the repeats need between them: benchmarks then time
    /// back-to-back dispatches as IREE's `--iree-hal-benchmark-dispatch-repeat-count` does. The
    /// outputs are the same (every repeat recomputes them from the inputs).
    pub fn set_repeat(&mut self, repeat: u32) {
        self.repeat = repeat.max(1);
        *self.prepared.get_mut().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// The program (its constants' bytes left out: the device holds them).
    pub fn program(&self) -> &CompiledProgram {
        &self.program
    }

    /// The steps of the last run that prepared buffers and a schedule (a first run): buffer
    /// allocation and recording, input upload, the submission until its fence (on lavapipe
    /// this includes compiling each kernel at its first dispatch), the run-time checks and the
    /// output download; `None` after they were taken or before any run.
    pub fn take_first_run_phases(&self) -> Option<Vec<RunStep>> {
        self.first_run_phases
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
    }

    /// The pipelines, one per dispatch of the program, in its order.
    pub fn pipelines(&self) -> &[Pipeline] {
        &self.pipelines
    }

    /// Runs the program on `inputs` (in the entry function's argument order).
    pub fn run(&self, inputs: &[HostTensor]) -> Result<Vec<HostTensor>, RunError> {
        self.run_timed(inputs).map(|(outputs, _)| outputs)
    }

    /// Runs the program and also returns the GPU and wall times.
    pub fn run_timed(
        &self,
        inputs: &[HostTensor],
    ) -> Result<(Vec<HostTensor>, RunTimings), RunError> {
        let program = &self.program;
        if inputs.len() != program.inputs.len() {
            return Err(RunError::InputCount {
                expected: program.inputs.len(),
                given: inputs.len(),
            });
        }
        let symbols = self.bind_symbols(inputs)?;
        let mut guard = self.prepared.lock().unwrap_or_else(|e| e.into_inner());
        let mut steps = StepClock::new();
        let first = guard.as_ref().is_none_or(|p| p.symbols != symbols);
        if first {
            *guard = None;
            *guard = Some(self.prepare(symbols)?);
            steps.end("buffers and schedule recording");
        }
        let prepared = guard.as_mut().expect("prepared above");
        for (interface, tensor) in program.inputs.iter().zip(inputs) {
            let bytes = encode(tensor, interface.storage);
            prepared.buffers[interface.buffer as usize].upload_bytes(&bytes)?;
        }
        steps.end("input upload");
        let timings = prepared.schedule.run()?;
        steps.end("submit and wait (first dispatches)");
        for check in &program.checks {
            let bytes = prepared.buffers[check.flag.buffer as usize].download_bytes()?;
            let flag = bytes
                .get(..4)
                .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .ok_or_else(|| RunError::Program(format!("check `{}`", check.flag.name)))?;
            if flag != 0 {
                return Err(RunError::CheckFailed(check.message.clone()));
            }
        }
        let mut outputs = Vec::with_capacity(program.outputs.len());
        for interface in &program.outputs {
            let shape = eval_shape(interface, &prepared.symbols)?;
            let bytes = prepared.buffers[interface.buffer as usize].download_bytes()?;
            outputs.push(decode(&bytes, interface, &shape)?);
        }
        steps.end("checks and output download");
        if first {
            *self
                .first_run_phases
                .lock()
                .unwrap_or_else(|e| e.into_inner()) = Some(steps.steps);
        }
        Ok((outputs, timings))
    }

    /// Values of the symbolic dimensions, read off the input shapes; every static dimension and
    /// every dtype is checked on the way.
    fn bind_symbols(&self, inputs: &[HostTensor]) -> Result<HashMap<String, i64>, RunError> {
        let program = &self.program;
        let mut symbols = HashMap::new();
        for s in &program.symbols {
            let value = inputs
                .get(s.input)
                .and_then(|t| t.shape().get(s.dim))
                .ok_or_else(|| {
                    RunError::Program(format!("symbol `{}` names no input dim", s.name))
                })?;
            symbols.insert(s.name.clone(), *value as i64);
        }
        for (index, (interface, tensor)) in program.inputs.iter().zip(inputs).enumerate() {
            let input_error = |message: String| RunError::Input {
                index,
                name: interface.name.clone(),
                message,
            };
            if !dtype_matches(interface.dtype, tensor) {
                return Err(input_error(format!(
                    "expected element type {:?}, got {:?}",
                    interface.dtype,
                    tensor.dtype()
                )));
            }
            let expected = eval_shape(interface, &symbols)?;
            if expected != tensor.shape() {
                return Err(input_error(format!(
                    "expected shape {expected:?}, got {:?}",
                    tensor.shape()
                )));
            }
        }
        Ok(symbols)
    }

    /// Allocates the buffers (one per reuse slot) and records the schedule.
    fn prepare(&self, symbols: HashMap<String, i64>) -> Result<Prepared, RunError> {
        let program = &self.program;
        let device = self.session.device();
        let eval = |e: &kiln_lowering::SizeExpr| {
            crate::program_check::checked_eval(e, &symbols).map_err(RunError::Program)
        };
        let mut slot_sizes: HashMap<u32, u64> = HashMap::new();
        for b in &program.buffers {
            if let (Some(slot), BufferKind::Intermediate) = (b.reuse_slot, b.kind) {
                let size = eval(&b.size_bytes)?.max(0) as u64;
                let entry = slot_sizes.entry(slot).or_default();
                *entry = (*entry).max(size);
            }
        }
        let mut slots: HashMap<u32, Buffer> = HashMap::new();
        let mut buffers = Vec::with_capacity(program.buffers.len());
        for b in &program.buffers {
            let buffer = match (b.kind, b.reuse_slot) {
                (BufferKind::Constant, _) => {
                    self.constants.get(&b.id).cloned().ok_or_else(|| {
                        RunError::Program(format!("constant buffer `{}` has no data", b.name))
                    })?
                }
                (BufferKind::Intermediate, Some(slot)) => match slots.get(&slot) {
                    Some(buffer) => buffer.clone(),
                    None => {
                        let buffer =
                            device.create_buffer(&format!("slot{slot}"), slot_sizes[&slot])?;
                        slots.insert(slot, buffer.clone());
                        buffer
                    }
                },
                _ => device.create_buffer(&b.name, eval(&b.size_bytes)?.max(0) as u64)?,
            };
            buffers.push(buffer);
        }
        let buffer_bytes: Vec<u64> = program
            .buffers
            .iter()
            .map(|b| eval(&b.size_bytes).map(|n| n.max(0) as u64))
            .collect::<Result<_, _>>()?;
        let mut schedule = device.create_schedule();
        let repeated =
            (0..self.repeat).flat_map(|_| program.dispatches.iter().zip(&self.pipelines));
        for (dispatch, pipeline) in repeated {
            let mut count = [0u32; 3];
            for (c, e) in count.iter_mut().zip(&dispatch.workgroup_count) {
                *c = u32::try_from(eval(e)?.max(0)).map_err(|_| {
                    RunError::Program(format!("workgroup count of `{}` overflows", dispatch.name))
                })?;
            }
            if count.contains(&0) {
                continue;
            }
            crate::program_check::check_grid(dispatch, count.map(u64::from), &buffer_bytes)
                .map_err(RunError::Program)?;
            let mut push = vec![0u8; dispatch.push_constant_size as usize];
            for field in &dispatch.push_constants {
                let value = eval(&field.value)? as u32;
                let at = field.offset as usize;
                push.get_mut(at..at + 4)
                    .ok_or_else(|| {
                        RunError::Program(format!("push constant `{}` out of range", field.name))
                    })?
                    .copy_from_slice(&value.to_le_bytes());
            }
            let bound: Vec<&Buffer> = dispatch
                .bindings
                .iter()
                .map(|b| {
                    buffers.get(b.buffer as usize).ok_or_else(|| {
                        RunError::Program(format!(
                            "`{}` binds unknown buffer {}",
                            dispatch.name, b.buffer
                        ))
                    })
                })
                .collect::<Result<_, _>>()?;
            schedule.push(pipeline, &bound, &push, count)?;
            // A run of a large batch on a slow device is slow, not hung: its wait grows with
            // the work the compiler declared for each dispatch, as far as the buffers it binds
            // make that work plausible (an artifact is input).
            let work = |e: &kiln_lowering::SizeExpr| eval(e).map(|v| v.max(0) as u64);
            let bound_bytes: u64 = bound.iter().map(|b| b.size()).sum();
            let (flops, bytes) =
                plausible_work(work(&dispatch.flops)?, work(&dispatch.bytes)?, bound_bytes);
            schedule.allow_for_work(flops, bytes);
        }
        Ok(Prepared {
            symbols,
            buffers,
            schedule,
        })
    }
}

/// A step of a run: its name, when it began and how long it took.
pub type RunStep = (&'static str, Instant, Duration);

/// Times consecutive steps of a run.
struct StepClock {
    last: Instant,
    steps: Vec<RunStep>,
}

impl StepClock {
    fn new() -> StepClock {
        StepClock {
            last: Instant::now(),
            steps: Vec::new(),
        }
    }

    fn end(&mut self, step: &'static str) {
        let now = Instant::now();
        self.steps.push((step, self.last, now - self.last));
        self.last = now;
    }
}

/// A dispatch's declared work, capped by what its bound buffers can account for: at most 16
/// passes over their bytes, and at most `16 E^1.5` operations for `E` bound 4-byte elements
/// (a matmul does `2MNK <= 2 (MK + KN + MN)^1.5`; convolutions stay within it too).
fn plausible_work(flops: u64, bytes: u64, bound_bytes: u64) -> (u64, u64) {
    let elements = (bound_bytes / 4).max(1) as f64;
    let most_flops = 16.0 * elements.powf(1.5);
    let most_bytes = bound_bytes.saturating_mul(16);
    ((flops as f64).min(most_flops) as u64, bytes.min(most_bytes))
}

fn eval_shape(
    interface: &TensorInterface,
    symbols: &HashMap<String, i64>,
) -> Result<Vec<usize>, RunError> {
    interface
        .shape
        .iter()
        .map(|d| {
            crate::program_check::checked_eval(d, symbols)
                .map(|v| v.max(0) as usize)
                .map_err(RunError::Program)
        })
        .collect()
}

fn dtype_matches(dtype: ProgramDType, tensor: &HostTensor) -> bool {
    matches!(
        (dtype, tensor),
        (ProgramDType::F32, HostTensor::F32(_))
            | (ProgramDType::F16, HostTensor::F16(_))
            | (ProgramDType::BF16, HostTensor::BF16(_))
            | (ProgramDType::F64, HostTensor::F64(_))
            | (ProgramDType::I32, HostTensor::I32(_))
            | (ProgramDType::I64, HostTensor::I64(_))
            | (ProgramDType::I8, HostTensor::I8(_))
            | (ProgramDType::I1, HostTensor::Bool(_))
    )
}

/// The tensor's elements in the buffer's storage type, little-endian, row-major.
fn encode(tensor: &HostTensor, storage: StorageType) -> Vec<u8> {
    if let (HostTensor::F32(a), StorageType::F32) = (tensor, storage) {
        if let Some(slice) = a.as_slice() {
            return bytemuck::cast_slice(slice).to_vec();
        }
    }
    let values = tensor.to_reference().data;
    let mut out = Vec::with_capacity(values.len() * storage.size_bytes() as usize);
    for &v in values.iter() {
        match storage {
            StorageType::F32 => out.extend_from_slice(&(v as f32).to_le_bytes()),
            StorageType::F16 => out.extend_from_slice(&f16::from_f64(v).to_le_bytes()),
            StorageType::BF16 => out.extend_from_slice(&half::bf16::from_f64(v).to_le_bytes()),
            StorageType::F64 => out.extend_from_slice(&v.to_le_bytes()),
            StorageType::I32 => out.extend_from_slice(&(v as i32).to_le_bytes()),
            StorageType::I64 => out.extend_from_slice(&(v as i64).to_le_bytes()),
            StorageType::I8 => out.push(v as i8 as u8),
            StorageType::U32 => out.extend_from_slice(&(v as u32).to_le_bytes()),
        }
    }
    out
}

/// Reads `shape`'s elements from storage bytes into the interface's logical dtype.
fn decode(
    bytes: &[u8],
    interface: &TensorInterface,
    shape: &[usize],
) -> Result<HostTensor, RunError> {
    let count: usize = shape.iter().product();
    let width = interface.storage.size_bytes() as usize;
    if bytes.len() < count * width {
        return Err(RunError::Program(format!(
            "output `{}` buffer holds {} bytes, {} needed",
            interface.name,
            bytes.len(),
            count * width
        )));
    }
    let chunks = bytes[..count * width].chunks_exact(width);
    let values: Vec<f64> = chunks
        .map(|c| match interface.storage {
            StorageType::F32 => f64::from(f32::from_le_bytes(c.try_into().unwrap())),
            StorageType::F16 => f16::from_le_bytes([c[0], c[1]]).to_f64(),
            StorageType::BF16 => half::bf16::from_le_bytes([c[0], c[1]]).to_f64(),
            StorageType::F64 => f64::from_le_bytes(c.try_into().unwrap()),
            StorageType::I32 => f64::from(i32::from_le_bytes(c.try_into().unwrap())),
            StorageType::I64 => i64::from_le_bytes(c.try_into().unwrap()) as f64,
            StorageType::I8 => f64::from(c[0] as i8),
            StorageType::U32 => f64::from(u32::from_le_bytes(c.try_into().unwrap())),
        })
        .collect();
    let data = ArrayD::from_shape_vec(IxDyn(shape), values)
        .map_err(|e| RunError::Program(e.to_string()))?;
    Ok(match interface.dtype {
        ProgramDType::F32 => HostTensor::F32(data.mapv(|x| x as f32)),
        ProgramDType::F16 => HostTensor::F16(data.mapv(f16::from_f64)),
        ProgramDType::F64 => HostTensor::F64(data),
        ProgramDType::I32 => HostTensor::I32(data.mapv(|x| x as i32)),
        ProgramDType::I64 => HostTensor::I64(data.mapv(|x| x as i64)),
        ProgramDType::I8 => HostTensor::I8(data.mapv(|x| x as i8)),
        ProgramDType::I1 => HostTensor::Bool(data.mapv(|x| x != 0.0)),
        // bf16 outputs are stored f32 holding bf16 values (`emulate-bf16` rounds them): a
        // value off the bf16 grid is a compiler bug, not something to round away here.
        ProgramDType::BF16 => {
            if let Some((i, v)) = data
                .iter()
                .enumerate()
                .find(|(_, &v)| !v.is_nan() && half::bf16::from_f64(v).to_f64() != v)
            {
                return Err(RunError::Program(format!(
                    "output `{}` element {i} is {v:e}, not a bf16 value (its kernel did not \
                     round it)",
                    interface.name
                )));
            }
            HostTensor::BF16(data.mapv(half::bf16::from_f64))
        }
    })
}

#[cfg(test)]
mod work_tests {
    use super::plausible_work;

    #[test]
    fn declared_work_is_kept_when_the_buffers_account_for_it() {
        // A 512^3 f32 matmul binds three 1 MiB matrices.
        let n = 512u64;
        let (flops, bytes) = plausible_work(2 * n * n * n, 3 * 4 * n * n, 3 * 4 * n * n);
        assert_eq!((flops, bytes), (2 * n * n * n, 3 * 4 * n * n));
        // A 3x3 conv, 256 -> 256 channels at 56x56 (input, filter, output buffers).
        let conv_flops = 2 * 256 * 256 * 9 * 56 * 56;
        let conv_bytes = 4 * (2 * 256 * 56 * 56 + 256 * 256 * 9);
        assert_eq!(
            plausible_work(conv_flops, conv_bytes, conv_bytes).0,
            conv_flops
        );
    }

    #[test]
    fn a_hostile_claim_is_capped_by_the_bound_buffers() {
        let (flops, bytes) = plausible_work(u64::MAX, u64::MAX, 4096);
        assert_eq!(bytes, 16 * 4096);
        assert_eq!(flops, 16 * 1024 * 32);
    }
}
