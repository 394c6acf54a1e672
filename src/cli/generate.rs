//! `kiln generate`: greedy token-by-token generation with a decoder-with-past ONNX model
//! ([`crate::generate::Decoder`]): a prompt (seeded random ids, or `--prompt-ids`), a prefill,
//! then one decode step per new token; prints the ids and the prefill / decode times. `--check`
//! runs every step on the reference interpreter too, on the same inputs, and compares the logits.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use kiln_frontend::Module;
use rand::{Rng, SeedableRng};

use super::common::{CompileArgs, DeviceArgs};
use super::run::{precision_tolerance, reduced_precision_element_tolerance, relative_l2};
use super::{emit, Cli, CliError};
use crate::generate::{
    Decoder, DecoderInterface, GenerateError, StepRecord, StepShape, StepTiming,
};
use crate::{HostTensor, Tolerance};

#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  kiln generate gpt2.onnx --prompt-tokens 32 --new-tokens 16\n  kiln generate llama.onnx --prompt-ids 1,15043,29892 --new-tokens 8 --check"
)]
pub struct GenerateArgs {
    /// A decoder-with-past ONNX model (`input_ids`, `attention_mask`, `position_ids`,
    /// `past_key_values.N.key` / `.value` in; `logits`, `present.N.key` / `.value` out).
    pub model: PathBuf,
    /// Length of the seeded random prompt.
    #[arg(long, default_value_t = 8, value_name = "P")]
    pub prompt_tokens: usize,
    /// The prompt's token ids, comma-separated (instead of a random prompt).
    #[arg(
        long,
        value_name = "IDS",
        value_delimiter = ',',
        conflicts_with = "prompt_tokens"
    )]
    pub prompt_ids: Option<Vec<i64>>,
    /// How many tokens to generate (the first comes from the prefill).
    #[arg(long, default_value_t = 16, value_name = "N")]
    pub new_tokens: usize,
    /// Seed of the random prompt.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Tokens the KV cache holds, prompt and generated (default: just enough for them).
    #[arg(long, value_name = "L")]
    pub max_length: Option<usize>,
    /// Run every step on the reference interpreter too (the same inputs: padded past, mask)
    /// and compare the logits: f32 `|d - r| <= 5e-6 * rms(r) + 1e-5 * |r|` per element; f16
    /// the rel L2 and per-element bounds of `kiln run --check --precision f16`. Reports the
    /// worst abs / rel difference; exit 1 above tolerance.
    #[arg(long)]
    pub check: bool,
    #[command(flatten)]
    pub device: DeviceArgs,
    #[command(flatten)]
    pub compile: CompileArgs,
}

pub fn run(args: &GenerateArgs, cli: &Cli) -> Result<(), CliError> {
    let session = args.device.session()?;
    let target = args.compile.target("auto", Some(&session))?;
    let options = args.compile.pass_options_for(&target)?;
    let interface = DecoderInterface::read(&args.model).map_err(generate_error)?;
    let prompt: Vec<i64> = match &args.prompt_ids {
        Some(ids) => ids.clone(),
        None => {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(args.seed);
            (0..args.prompt_tokens)
                .map(|_| rng.random_range(0..interface.vocab as i64))
                .collect()
        }
    };
    let max_length = args
        .max_length
        .unwrap_or(prompt.len() + args.new_tokens.saturating_sub(1));
    let mut decoder =
        Decoder::new(&session, &args.model, target, options, max_length).map_err(generate_error)?;
    decoder
        .check_prompt(&prompt, args.new_tokens)
        .map_err(generate_error)?;
    let ids = |t: &[i64]| t.iter().map(i64::to_string).collect::<Vec<_>>().join(" ");
    emit(format!(
        "prompt ({} ids{}): {}",
        prompt.len(),
        if args.prompt_ids.is_none() {
            format!(", seed {}", args.seed)
        } else {
            String::new()
        },
        ids(&prompt)
    ))?;
    let mut checker = args
        .check
        .then(|| Checker::new(args.compile.precision, &args.model, &interface));
    let mut observe = |record: &StepRecord<'_>| match checker.as_mut() {
        Some(c) => c.step(record),
        None => Ok(()),
    };
    let generation = decoder
        .generate(&prompt, args.new_tokens, &mut observe)
        .map_err(generate_error)?;
    emit(format!("generated: {}", ids(&generation.tokens)))?;
    report_times(
        &generation.prefill,
        &generation.decode,
        generation.compile,
        &decoder.compiled_buckets(),
    )?;
    if let Some(c) = checker {
        c.finish()?;
    }
    if !cli.quiet {
        eprintln!("device: {}", session.device().info().name);
    }
    Ok(())
}

/// Prefill time, decode time per token and tokens/s: steady steps (each variant's first run
/// also allocates its buffers and, on lavapipe, compiles its kernels) apart from first runs.
fn report_times(
    prefill: &StepTiming,
    decode: &[StepTiming],
    compile: Duration,
    buckets: &[usize],
) -> Result<(), CliError> {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    emit(format!(
        "prefill: {} tokens in {:.3} ms{}",
        prefill.shape.sequence,
        ms(prefill.wall),
        if prefill.first_run {
            " (first run of its variant)"
        } else {
            ""
        }
    ))?;
    let steady: Vec<Duration> = decode
        .iter()
        .filter(|s| !s.first_run)
        .map(|s| s.wall)
        .collect();
    let first: Vec<Duration> = decode
        .iter()
        .filter(|s| s.first_run)
        .map(|s| s.wall)
        .collect();
    let mean = |v: &[Duration]| v.iter().sum::<Duration>().as_secs_f64() / v.len().max(1) as f64;
    if decode.is_empty() {
        emit("decode: no steps (one new token comes from the prefill)")?;
    } else if steady.is_empty() {
        emit(format!(
            "decode: {} steps, {:.3} ms/token, all first runs of their bucket",
            decode.len(),
            mean(&first) * 1e3
        ))?;
    } else {
        let per_token = mean(&steady);
        emit(format!(
            "decode: {:.3} ms/token, {:.1} tokens/s ({} steady steps; {} first runs of a bucket, \
             {:.3} ms each on average)",
            per_token * 1e3,
            1.0 / per_token,
            steady.len(),
            first.len(),
            mean(&first) * 1e3
        ))?;
    }
    emit(format!(
        "compile + load: {:.1} ms (decode buckets {buckets:?})",
        ms(compile)
    ))
}

/// `--check`: each step's logits against the reference interpreter on the same inputs.
struct Checker {
    precision: kiln_lowering::Precision,
    model: PathBuf,
    interface: DecoderInterface,
    modules: HashMap<StepShape, Module>,
    worst_abs: f64,
    worst_rel: f64,
    steps: usize,
    failure: Option<String>,
}

impl Checker {
    fn new(
        precision: kiln_lowering::Precision,
        model: &Path,
        interface: &DecoderInterface,
    ) -> Checker {
        Checker {
            precision,
            model: model.to_path_buf(),
            interface: interface.clone(),
            modules: HashMap::new(),
            worst_abs: 0.0,
            worst_rel: 0.0,
            steps: 0,
            failure: None,
        }
    }

    fn step(&mut self, record: &StepRecord<'_>) -> Result<(), GenerateError> {
        let model = &self.model;
        if !self.modules.contains_key(&record.shape) {
            let module = self.interface.step_module(model, record.shape)?;
            self.modules.insert(record.shape, module);
        }
        let module = &self.modules[&record.shape];
        let inputs: Vec<_> = record.inputs.iter().map(HostTensor::to_reference).collect();
        let outputs =
            kiln_frontend::interpret(module, &inputs).map_err(|e| GenerateError::Model {
                path: model.to_path_buf(),
                message: format!("the reference interpreter on the {}: {e}", record.shape),
            })?;
        let Some(want) = outputs.get(self.interface.logits_index()) else {
            return Err(GenerateError::Model {
                path: model.to_path_buf(),
                message: "the reference interpreter gave no logits".into(),
            });
        };
        let got = record.logits.to_reference();
        let reduced = precision_tolerance(self.precision);
        let tolerance =
            reduced_precision_element_tolerance(self.precision).unwrap_or(Tolerance::F32);
        let c = super::check::compare(&got.data, &want.data, tolerance);
        self.worst_abs = self.worst_abs.max(c.max_abs_error);
        self.worst_rel = self.worst_rel.max(c.max_abs_error / c.scale.max(1e-300));
        self.steps += 1;
        let l2 = relative_l2(&got.data, &want.data);
        let failed = if !c.passes() {
            Some(c.describe())
        } else {
            reduced
                .filter(|&t| l2 > t)
                .map(|t| format!("rel L2 {l2:.3e} above {t:.0e}"))
        };
        if let (None, Some(why)) = (&self.failure, failed) {
            self.failure = Some(format!("{} (step {}): {why}", record.shape, self.steps));
        }
        Ok(())
    }

    fn finish(self) -> Result<(), CliError> {
        emit(format!(
            "check: {} steps against the reference interpreter, worst |device - reference| = \
             {:.3e}, worst relative to the step's max |reference| = {:.3e}",
            self.steps, self.worst_abs, self.worst_rel
        ))?;
        match self.failure {
            None => Ok(()),
            Some(why) => Err(CliError::user(format!(
                "the logits differ from the reference interpreter: {why}"
            ))),
        }
    }
}

/// A generation failure for the terminal: the user's (exit 1) or internal (exit 2).
fn generate_error(e: GenerateError) -> CliError {
    match e {
        GenerateError::Run {
            source: crate::RunError::Runtime(r),
            step,
        } => {
            let mut c = crate::runtime_error(r);
            c.message = format!("{step}: {}", c.message);
            c
        }
        e if e.is_user_error() => CliError::user(e),
        e => CliError::internal(e),
    }
}
