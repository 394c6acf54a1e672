//! Token-by-token generation with a decoder-with-past ONNX model (the form transformers /
//! optimum export: `input_ids`, `attention_mask`, optional `position_ids` and
//! `past_key_values.N.key` / `.value` in; `logits` and `present.N.key` / `.value` out; symbolic
//! batch, sequence and past lengths).
//!
//! A [`Decoder`] compiles static variants of the model and keeps them:
//! - a *prefill* variant per prompt length (past length 0: the past inputs are fixed to empty
//!   tensors at import, so the program has no zero-size inputs), which fills the cache;
//! - *decode* variants (sequence 1) whose past length is a power-of-two bucket of at least
//!   [`MIN_BUCKET`]: a step whose past holds `L` tokens runs the bucket `B >= L`, the cache's
//!   positions `L..B` are zeros and the attention mask zeroes them, and the new key / value is the
//!   last position (`B`) of each `present` output. A bucket is compiled the first time a step
//!   needs it, so a generation compiles about `log2(max length)` programs, not one per token.
//!
//! The KV cache is on the host, preallocated to the maximum length or the largest bucket a step
//! needs, whichever is more, and appended in place; each step uploads the bucket's prefix of it.
//! Sampling is greedy (argmax on the host; ties take the lowest id).
//!
//! Not done here (issue 44's device work): a device-resident cache with IO binding, one
//! attention kernel over the cache, sampling on the device, int4 weights. Batch is 1.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use half::f16;
use kiln_frontend::{DType, Dim, ImportOptions, Module, Tensor};
use kiln_lowering::pass::PassOptions;
use kiln_lowering::program::DType as ProgramDType;
use kiln_spirv_ir::TargetEnv;
use ndarray::{ArrayD, IxDyn};

use crate::{CompileError, Executable, HostTensor, RunError, Session};

/// The smallest past length a decode variant is compiled for.
pub const MIN_BUCKET: usize = 16;

/// The past length of the decode variant that a step with `past` cached tokens runs.
pub fn bucket_for(past: usize) -> usize {
    past.next_power_of_two().max(MIN_BUCKET)
}

/// Why generation failed. User errors (a model that is not a decoder, a bad prompt) name the
/// input concerned.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    #[error("{path}: not a decoder-with-past model: {reason} (expected inputs input_ids, attention_mask, [position_ids,] past_key_values.N.key / .value and outputs logits, present.N.key / .value, as transformers / optimum export them)")]
    NotADecoder { path: PathBuf, reason: String },
    #[error("{path}: {message}")]
    Model { path: PathBuf, message: String },
    #[error("input `input_ids`: the prompt is empty")]
    EmptyPrompt,
    #[error("input `input_ids`: the prompt ({prompt} tokens) and {new_tokens} new tokens need a cache of {needed} positions, more than the maximum length {max_length}")]
    TooLong {
        prompt: usize,
        new_tokens: usize,
        needed: usize,
        max_length: usize,
    },
    #[error("input `input_ids`: token {token} (prompt position {position}) is outside the vocabulary of {vocab} ids")]
    TokenOutOfVocabulary {
        token: i64,
        position: usize,
        vocab: usize,
    },
    #[error("the cache is full: it holds {max_length} tokens (the maximum length)")]
    CacheFull { max_length: usize },
    #[error("no prompt was prefilled before a decode step")]
    NoPrefill,
    #[error("compiling the {step} variant: {source}")]
    Compile {
        step: String,
        #[source]
        source: CompileError,
    },
    #[error(transparent)]
    Device(crate::ArtifactError),
    #[error("{step}: {source}")]
    Run {
        step: String,
        #[source]
        source: RunError,
    },
}

impl GenerateError {
    /// Whether the user can fix it (a bad model, prompt or length), as opposed to a compiler or
    /// driver failure.
    pub fn is_user_error(&self) -> bool {
        match self {
            GenerateError::Compile { source, .. } => source.is_user_error(),
            GenerateError::Run { source, .. } => matches!(
                source,
                RunError::CheckFailed(_) | RunError::Input { .. } | RunError::InputCount { .. }
            ),
            _ => true,
        }
    }
}

/// What a graph input of the decoder is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum InputRole {
    InputIds,
    AttentionMask,
    PositionIds,
    /// `past_key_values.{layer}.key` (`value == false`) or `.value`.
    Past {
        layer: usize,
        value: bool,
    },
}

/// The decoder-with-past interface of an ONNX model, read from its declared inputs / outputs.
#[derive(Clone, Debug)]
pub struct DecoderInterface {
    inputs: Vec<(String, Vec<Dim>, InputRole)>,
    /// Index of `logits` among the graph outputs.
    logits: usize,
    /// Index of `present.{layer}.key` / `.value` among the graph outputs, per layer.
    present: Vec<[usize; 2]>,
    pub layers: usize,
    pub kv_heads: usize,
    pub head_dim: usize,
    pub vocab: usize,
}

impl DecoderInterface {
    /// Reads the interface of the model at `path`, refusing (naming the input or output) a model
    /// that is not a decoder with past.
    pub fn read(path: &Path) -> Result<DecoderInterface, GenerateError> {
        let model_error = |e: kiln_frontend::ImportError| GenerateError::Model {
            path: path.to_path_buf(),
            message: e.to_string(),
        };
        let (graph_inputs, graph_outputs) =
            kiln_frontend::onnx::onnx_graph_interface(path).map_err(model_error)?;
        let refuse = |reason: String| GenerateError::NotADecoder {
            path: path.to_path_buf(),
            reason,
        };
        let mut inputs = Vec::new();
        for (name, dims) in graph_inputs {
            let role = match name.as_str() {
                "input_ids" => InputRole::InputIds,
                "attention_mask" => InputRole::AttentionMask,
                "position_ids" => InputRole::PositionIds,
                other => match parse_layer_name(other, "past_key_values.") {
                    Some((layer, value)) => InputRole::Past { layer, value },
                    None => return Err(refuse(format!("it has an input `{name}`"))),
                },
            };
            let rank = if matches!(role, InputRole::Past { .. }) {
                4
            } else {
                2
            };
            if dims.len() != rank {
                return Err(refuse(format!(
                    "input `{name}` has {} dims, expected {rank}",
                    dims.len()
                )));
            }
            inputs.push((name, dims, role));
        }
        for required in ["input_ids", "attention_mask", "past_key_values.0.key"] {
            if !inputs.iter().any(|(n, _, _)| n == required) {
                return Err(refuse(format!("it has no input `{required}`")));
            }
        }
        let layers = 1 + inputs
            .iter()
            .filter_map(|(_, _, r)| match r {
                InputRole::Past { layer, .. } => Some(*layer),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        let (mut kv_heads, mut head_dim) = (None, None);
        for layer in 0..layers {
            for value in [false, true] {
                let name = past_name(layer, value);
                let (_, dims, _) = inputs
                    .iter()
                    .find(|(n, _, _)| *n == name)
                    .ok_or_else(|| refuse(format!("it has no input `{name}`")))?;
                let (Dim::Static(h), Dim::Static(d)) = (&dims[1], &dims[3]) else {
                    return Err(refuse(format!(
                        "input `{name}` needs static heads and head size (dims 1 and 3), has \
                         {dims:?}"
                    )));
                };
                if kv_heads.is_some_and(|k| k != *h) || head_dim.is_some_and(|k| k != *d) {
                    return Err(refuse(format!(
                        "input `{name}` has shape {dims:?}, unlike the other past inputs"
                    )));
                }
                kv_heads = Some(*h);
                head_dim = Some(*d);
            }
        }
        let output = |name: &str| graph_outputs.iter().position(|(n, _)| n == name);
        let logits = output("logits").ok_or_else(|| refuse("it has no output `logits`".into()))?;
        let vocab = match graph_outputs[logits].1.as_slice() {
            [_, _, Dim::Static(v)] if *v > 0 => *v as usize,
            dims => {
                return Err(refuse(format!(
                    "output `logits` must be [batch, sequence, vocabulary] with a static \
                     vocabulary, is {dims:?}"
                )))
            }
        };
        let mut present = Vec::with_capacity(layers);
        for layer in 0..layers {
            let index = |value| {
                let name = format!("present.{layer}.{}", if value { "value" } else { "key" });
                output(&name).ok_or_else(|| refuse(format!("it has no output `{name}`")))
            };
            present.push([index(false)?, index(true)?]);
        }
        Ok(DecoderInterface {
            inputs,
            logits,
            present,
            layers,
            kv_heads: kv_heads.unwrap_or(0) as usize,
            head_dim: head_dim.unwrap_or(0) as usize,
            vocab,
        })
    }

    /// Which graph output is `logits`.
    pub fn logits_index(&self) -> usize {
        self.logits
    }

    /// The model at `path` (whose interface this is) specialized for a step of `shape`: the
    /// module a variant compiles, and the one the reference interpreter runs a step's
    /// [`StepRecord::inputs`] on.
    pub fn step_module(&self, path: &Path, shape: StepShape) -> Result<Module, GenerateError> {
        let options = self
            .import_options(shape)
            .map_err(|reason| GenerateError::NotADecoder {
                path: path.to_path_buf(),
                reason,
            })?;
        kiln_frontend::import_onnx_with(path, &options).map_err(|e| GenerateError::Model {
            path: path.to_path_buf(),
            message: e.to_string(),
        })
    }

    /// The import options of a step of `sequence` tokens after `past` cached ones (batch 1): the
    /// symbolic dims fixed, and for an empty past the past inputs fixed to empty tensors.
    fn import_options(&self, shape: StepShape) -> Result<ImportOptions, String> {
        let mut options = ImportOptions::default();
        let StepShape { past, sequence } = shape;
        for (name, dims, role) in &self.inputs {
            let sizes: Vec<usize> = match role {
                InputRole::InputIds | InputRole::PositionIds => vec![1, sequence],
                InputRole::AttentionMask => vec![1, past + sequence],
                InputRole::Past { .. } => vec![1, self.kv_heads, past, self.head_dim],
            };
            for (dim, &size) in dims.iter().zip(&sizes) {
                match dim {
                    Dim::Symbol(s) => {
                        if let Some(old) = options.dims.insert(s.clone(), size as u64) {
                            if old != size as u64 {
                                return Err(format!(
                                    "dim `{s}` is {old} in one input and {size} in `{name}` \
                                     (symbolic dims shared by inputs of different roles)"
                                ));
                            }
                        }
                    }
                    Dim::Static(n) if *n as usize != size => {
                        return Err(format!(
                            "input `{name}` has a static dim {n} where this step needs {size}"
                        ))
                    }
                    Dim::Static(_) => {}
                }
            }
            if past == 0 && matches!(role, InputRole::Past { .. }) {
                let empty = Tensor::new(
                    DType::F32,
                    ArrayD::zeros(IxDyn(&[1, self.kv_heads, 0, self.head_dim])),
                );
                options.input_values.insert(name.clone(), empty);
            }
        }
        Ok(options)
    }
}

/// `{prefix}{layer}.key` / `.value` -> (layer, is value).
fn parse_layer_name(name: &str, prefix: &str) -> Option<(usize, bool)> {
    let rest = name.strip_prefix(prefix)?;
    let (layer, kind) = rest.split_once('.')?;
    let layer = layer.parse().ok()?;
    match kind {
        "key" => Some((layer, false)),
        "value" => Some((layer, true)),
        _ => None,
    }
}

fn past_name(layer: usize, value: bool) -> String {
    format!(
        "past_key_values.{layer}.{}",
        if value { "value" } else { "key" }
    )
}

/// The shape of a step: `sequence` new tokens after `past` positions of cache (for a decode
/// step, `past` is the bucket, not the number of real tokens).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StepShape {
    pub past: usize,
    pub sequence: usize,
}

impl std::fmt::Display for StepShape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.past == 0 {
            write!(f, "prefill (sequence {})", self.sequence)
        } else {
            write!(f, "decode (past bucket {})", self.past)
        }
    }
}

/// A compiled variant, loaded on the device.
struct Variant<'s> {
    executable: Executable<'s>,
    /// Whether it has run (its first run also creates buffers and, on lavapipe, compiles the
    /// kernels).
    has_run: bool,
}

/// One step as it ran: the program's inputs (in the order of the graph inputs that remain
/// after specialization) and its `logits` output; for `--check` against the interpreter running
/// the same step ([`Decoder::step_module`]).
pub struct StepRecord<'a> {
    pub shape: StepShape,
    pub inputs: &'a [HostTensor],
    pub logits: &'a HostTensor,
}

/// The time a step took (upload, run, download, cache append and argmax), and whether it was
/// the first run of its variant.
#[derive(Clone, Copy, Debug)]
pub struct StepTiming {
    pub shape: StepShape,
    pub wall: Duration,
    pub first_run: bool,
}

/// What [`Decoder::generate`] produced.
#[derive(Clone, Debug)]
pub struct Generation {
    /// The new token ids, `new_tokens` of them (the first from the prefill).
    pub tokens: Vec<i64>,
    pub prefill: StepTiming,
    pub decode: Vec<StepTiming>,
    /// Compiling and loading the variants this generation needed first.
    pub compile: Duration,
}

/// The host KV cache: per layer, key and value as `[kv_heads, capacity, head_dim]` (f32), the
/// first `len` positions holding the tokens so far, the rest zeros.
struct KvCache {
    layers: Vec<[Vec<f32>; 2]>,
    heads: usize,
    capacity: usize,
    head_dim: usize,
    len: usize,
}

impl KvCache {
    fn new(layers: usize, heads: usize, capacity: usize, head_dim: usize) -> KvCache {
        let size = heads * capacity * head_dim;
        KvCache {
            layers: (0..layers)
                .map(|_| [vec![0.0; size], vec![0.0; size]])
                .collect(),
            heads,
            capacity,
            head_dim,
            len: 0,
        }
    }

    fn clear(&mut self) {
        for kv in &mut self.layers {
            for part in kv.iter_mut() {
                part.fill(0.0);
            }
        }
        self.len = 0;
    }

    /// `[1, heads, bucket, head_dim]`: the cache's first `bucket` positions.
    fn past(&self, layer: usize, value: bool, bucket: usize) -> ArrayD<f32> {
        let data = &self.layers[layer][usize::from(value)];
        let row = self.capacity * self.head_dim;
        let mut out = Vec::with_capacity(self.heads * bucket * self.head_dim);
        for h in 0..self.heads {
            out.extend_from_slice(&data[h * row..h * row + bucket * self.head_dim]);
        }
        ArrayD::from_shape_vec(IxDyn(&[1, self.heads, bucket, self.head_dim]), out)
            .expect("the cache's shape")
    }

    /// Copies positions `from..from + count` of `present` (`[1, heads, total, head_dim]`) to the
    /// cache's positions `len..len + count`.
    fn append(
        &mut self,
        layer: usize,
        value: bool,
        present: &[f32],
        total: usize,
        from: usize,
        count: usize,
    ) {
        let d = self.head_dim;
        let row = self.capacity * d;
        let data = &mut self.layers[layer][usize::from(value)];
        for h in 0..self.heads {
            let src = (h * total + from) * d;
            let dst = h * row + self.len * d;
            data[dst..dst + count * d].copy_from_slice(&present[src..src + count * d]);
        }
    }
}

/// A decoder-with-past model on a device: compiled variants, the KV cache, greedy steps.
pub struct Decoder<'s> {
    session: &'s Session,
    path: PathBuf,
    interface: DecoderInterface,
    target: TargetEnv,
    options: PassOptions,
    max_length: usize,
    prefill: HashMap<usize, Variant<'s>>,
    decode: BTreeMap<usize, Variant<'s>>,
    cache: KvCache,
    /// Compile + load time spent since the last [`Decoder::take_compile_time`].
    compile_time: Duration,
}

impl<'s> Decoder<'s> {
    /// A decoder for the model at `path`, compiled for `target` with `options` (its precision
    /// among them), with a cache of `max_length` tokens (prompt and generated ones).
    pub fn new(
        session: &'s Session,
        path: &Path,
        target: TargetEnv,
        options: PassOptions,
        max_length: usize,
    ) -> Result<Decoder<'s>, GenerateError> {
        let interface = DecoderInterface::read(path)?;
        // The last step writes position `max_length - 1` and reads the bucket of its past.
        let capacity = bucket_for(max_length.max(1) - 1).max(max_length);
        let cache = KvCache::new(
            interface.layers,
            interface.kv_heads,
            capacity,
            interface.head_dim,
        );
        Ok(Decoder {
            session,
            path: path.to_path_buf(),
            interface,
            target,
            options,
            max_length,
            prefill: HashMap::new(),
            decode: BTreeMap::new(),
            cache,
            compile_time: Duration::ZERO,
        })
    }

    pub fn interface(&self) -> &DecoderInterface {
        &self.interface
    }

    pub fn max_length(&self) -> usize {
        self.max_length
    }

    /// Tokens in the cache.
    pub fn len(&self) -> usize {
        self.cache.len
    }

    pub fn is_empty(&self) -> bool {
        self.cache.len == 0
    }

    /// The decode buckets compiled so far, ascending.
    pub fn compiled_buckets(&self) -> Vec<usize> {
        self.decode.keys().copied().collect()
    }

    /// Compile + load time since the last call.
    pub fn take_compile_time(&mut self) -> Duration {
        std::mem::take(&mut self.compile_time)
    }

    /// The model specialized for `shape` as the device variant is: the module the reference
    /// interpreter runs a step's [`StepRecord::inputs`] on.
    pub fn step_module(&self, shape: StepShape) -> Result<Module, GenerateError> {
        self.interface.step_module(&self.path, shape)
    }

    /// The variant for `shape`, compiled and loaded the first time.
    fn variant(&mut self, shape: StepShape) -> Result<&mut Variant<'s>, GenerateError> {
        let present = if shape.past == 0 {
            self.prefill.contains_key(&shape.sequence)
        } else {
            self.decode.contains_key(&shape.past)
        };
        if !present {
            let started = Instant::now();
            let module = self.step_module(shape)?;
            let compile_error = |source| GenerateError::Compile {
                step: shape.to_string(),
                source,
            };
            let artifact =
                crate::compile_with(&module, &self.target, &self.options).map_err(compile_error)?;
            drop(module);
            // A `--target` preset the device cannot satisfy is refused before the driver sees it.
            artifact
                .check_device(&crate::target::target_env_for_open_device(
                    self.session.device(),
                ))
                .map_err(GenerateError::Device)?;
            let executable =
                self.session
                    .load(&artifact.program)
                    .map_err(|source| GenerateError::Run {
                        step: format!("loading the {shape} variant"),
                        source,
                    })?;
            let variant = Variant {
                executable,
                has_run: false,
            };
            if shape.past == 0 {
                self.prefill.insert(shape.sequence, variant);
            } else {
                self.decode.insert(shape.past, variant);
            }
            self.compile_time += started.elapsed();
        }
        Ok(if shape.past == 0 {
            self.prefill.get_mut(&shape.sequence)
        } else {
            self.decode.get_mut(&shape.past)
        }
        .expect("inserted above"))
    }

    /// Checks a prompt's ids against the vocabulary and its length (with `new_tokens` to come)
    /// against the maximum length.
    pub fn check_prompt(&self, prompt: &[i64], new_tokens: usize) -> Result<(), GenerateError> {
        if prompt.is_empty() {
            return Err(GenerateError::EmptyPrompt);
        }
        let needed = prompt.len() + new_tokens.saturating_sub(1);
        if needed > self.max_length {
            return Err(GenerateError::TooLong {
                prompt: prompt.len(),
                new_tokens,
                needed,
                max_length: self.max_length,
            });
        }
        let vocab = self.interface.vocab;
        if let Some((position, &token)) = prompt
            .iter()
            .enumerate()
            .find(|(_, &t)| t < 0 || t as usize >= vocab)
        {
            return Err(GenerateError::TokenOutOfVocabulary {
                token,
                position,
                vocab,
            });
        }
        Ok(())
    }

    /// Empties the cache and runs the prompt through the prefill variant of its length; returns
    /// the logits of its last position.
    pub fn prefill(
        &mut self,
        prompt: &[i64],
        observe: &mut dyn FnMut(&StepRecord<'_>) -> Result<(), GenerateError>,
    ) -> Result<(Vec<f32>, StepTiming), GenerateError> {
        self.check_prompt(prompt, 1)?;
        self.cache.clear();
        let shape = StepShape {
            past: 0,
            sequence: prompt.len(),
        };
        let positions: Vec<i64> = (0..prompt.len() as i64).collect();
        let mask = vec![1; prompt.len()];
        self.step(shape, prompt, &positions, &mask, 0, observe)
    }

    /// Runs one token after the cached ones through the decode variant of the cache's bucket and
    /// appends its key / value; returns its logits.
    pub fn decode(
        &mut self,
        token: i64,
        observe: &mut dyn FnMut(&StepRecord<'_>) -> Result<(), GenerateError>,
    ) -> Result<(Vec<f32>, StepTiming), GenerateError> {
        let past = self.cache.len;
        if past == 0 {
            return Err(GenerateError::NoPrefill);
        }
        if past >= self.max_length {
            return Err(GenerateError::CacheFull {
                max_length: self.max_length,
            });
        }
        let vocab = self.interface.vocab;
        if token < 0 || token as usize >= vocab {
            return Err(GenerateError::TokenOutOfVocabulary {
                token,
                position: past,
                vocab,
            });
        }
        let bucket = bucket_for(past);
        // The real past, the padding (masked), then the new token.
        let mut mask = vec![0; bucket + 1];
        mask[..past].fill(1);
        mask[bucket] = 1;
        let shape = StepShape {
            past: bucket,
            sequence: 1,
        };
        self.step(shape, &[token], &[past as i64], &mask, bucket, observe)
    }

    /// Runs `shape`'s variant on these ids, positions and mask (and the cache's first
    /// `shape.past` positions), then appends the `present` positions from `new_from` on to the
    /// cache.
    fn step(
        &mut self,
        shape: StepShape,
        ids: &[i64],
        positions: &[i64],
        mask: &[i64],
        new_from: usize,
        observe: &mut dyn FnMut(&StepRecord<'_>) -> Result<(), GenerateError>,
    ) -> Result<(Vec<f32>, StepTiming), GenerateError> {
        // Compiling is not part of the step's time.
        self.variant(shape)?;
        let started = Instant::now();
        let inputs = self.step_inputs(shape, ids, positions, mask);
        let cached = self.cache.len;
        let variant = self.variant(shape)?;
        let first_run = !variant.has_run;
        let run_error = |source| GenerateError::Run {
            step: format!("{shape} at cache length {cached}"),
            source,
        };
        let inputs = typed_inputs(&variant.executable, inputs).map_err(run_error)?;
        let outputs = variant.executable.run(&inputs).map_err(run_error)?;
        variant.has_run = true;
        let interface = &self.interface;
        let logits = outputs.get(interface.logits).ok_or_else(|| {
            run_error(RunError::Program(format!(
                "the program has {} outputs, `logits` is output {}",
                outputs.len(),
                interface.logits
            )))
        })?;
        let total = shape.past + shape.sequence;
        for (layer, indices) in interface.present.iter().enumerate() {
            for (value, &index) in [false, true].into_iter().zip(indices) {
                let present = outputs.get(index).map(f32_values).ok_or_else(|| {
                    run_error(RunError::Program(format!("no output {index} (present)")))
                })?;
                let expected = interface.kv_heads * total * interface.head_dim;
                if present.len() != expected {
                    return Err(run_error(RunError::Program(format!(
                        "output {index} (`present.{layer}`) holds {} values, expected {expected}",
                        present.len()
                    ))));
                }
                self.cache
                    .append(layer, value, &present, total, new_from, shape.sequence);
            }
        }
        self.cache.len += shape.sequence;
        let all_logits = f32_values(logits);
        let vocab = interface.vocab;
        let last = all_logits
            .len()
            .checked_sub(vocab)
            .map(|at| all_logits[at..].to_vec())
            .ok_or_else(|| {
                run_error(RunError::Program(
                    "logits shorter than the vocabulary".into(),
                ))
            })?;
        let wall = started.elapsed();
        observe(&StepRecord {
            shape,
            inputs: &inputs,
            logits,
        })?;
        Ok((
            last,
            StepTiming {
                shape,
                wall,
                first_run,
            },
        ))
    }

    /// The inputs of a step in graph-input order (the past ones left out for a prefill, whose
    /// past is fixed at import).
    fn step_inputs(
        &self,
        shape: StepShape,
        ids: &[i64],
        positions: &[i64],
        mask: &[i64],
    ) -> Vec<HostTensor> {
        let row = |values: &[i64]| {
            HostTensor::I64(
                ArrayD::from_shape_vec(IxDyn(&[1, values.len()]), values.to_vec()).expect("a row"),
            )
        };
        let mut inputs = Vec::with_capacity(self.interface.inputs.len());
        for (_, _, role) in &self.interface.inputs {
            match *role {
                InputRole::InputIds => inputs.push(row(ids)),
                InputRole::AttentionMask => inputs.push(row(mask)),
                InputRole::PositionIds => inputs.push(row(positions)),
                InputRole::Past { layer, value } if shape.past > 0 => {
                    inputs.push(HostTensor::F32(self.cache.past(layer, value, shape.past)))
                }
                InputRole::Past { .. } => {}
            }
        }
        inputs
    }

    /// Greedy generation: prefill `prompt`, then decode until `new_tokens` new ids are chosen.
    /// `observe` sees every step (`--check`).
    pub fn generate(
        &mut self,
        prompt: &[i64],
        new_tokens: usize,
        observe: &mut dyn FnMut(&StepRecord<'_>) -> Result<(), GenerateError>,
    ) -> Result<Generation, GenerateError> {
        self.check_prompt(prompt, new_tokens)?;
        self.take_compile_time();
        let (logits, prefill) = self.prefill(prompt, observe)?;
        let mut tokens = Vec::with_capacity(new_tokens);
        let mut decode = Vec::with_capacity(new_tokens.saturating_sub(1));
        if new_tokens > 0 {
            tokens.push(argmax(&logits));
        }
        while tokens.len() < new_tokens {
            let last = *tokens.last().expect("one token at least");
            let (logits, timing) = self.decode(last, observe)?;
            decode.push(timing);
            tokens.push(argmax(&logits));
        }
        Ok(Generation {
            tokens,
            prefill,
            decode,
            compile: self.take_compile_time(),
        })
    }
}

/// The index of the largest value (the first of equal ones; NaN never wins).
pub fn argmax(values: &[f32]) -> i64 {
    let mut best = 0;
    for (i, &v) in values.iter().enumerate() {
        if v > values[best] || values[best].is_nan() && !v.is_nan() {
            best = i;
        }
    }
    best as i64
}

/// A float tensor's values as f32, row-major.
fn f32_values(t: &HostTensor) -> Vec<f32> {
    match t {
        HostTensor::F32(a) => a.iter().copied().collect(),
        HostTensor::F16(a) => a.iter().map(|x| x.to_f32()).collect(),
        other => other
            .to_reference()
            .data
            .iter()
            .map(|&x| x as f32)
            .collect(),
    }
}

/// `inputs` converted to the element types the program declares (kiln may hold an i64 input as
/// i32, or take a float input as f16).
fn typed_inputs(
    executable: &Executable<'_>,
    inputs: Vec<HostTensor>,
) -> Result<Vec<HostTensor>, RunError> {
    let declared = &executable.program().inputs;
    if declared.len() != inputs.len() {
        return Err(RunError::InputCount {
            expected: declared.len(),
            given: inputs.len(),
        });
    }
    Ok(inputs
        .into_iter()
        .zip(declared)
        .map(|(t, interface)| match (interface.dtype, t) {
            (ProgramDType::I32, HostTensor::I64(a)) => HostTensor::I32(a.mapv(|x| x as i32)),
            (ProgramDType::F16, HostTensor::F32(a)) => HostTensor::F16(a.mapv(f16::from_f32)),
            (_, t) => t,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_powers_of_two_from_sixteen() {
        assert_eq!(bucket_for(1), 16);
        assert_eq!(bucket_for(16), 16);
        assert_eq!(bucket_for(17), 32);
        assert_eq!(bucket_for(100), 128);
    }

    #[test]
    fn argmax_takes_the_first_largest() {
        assert_eq!(argmax(&[1.0, 3.0, 3.0, -1.0]), 1);
        assert_eq!(argmax(&[f32::NAN, 0.5]), 1);
    }

    #[test]
    fn the_cache_appends_in_place_and_pads_with_zeros() {
        let mut cache = KvCache::new(1, 2, 16, 2);
        // A present of 3 positions: values h*100 + t*10 + d.
        let present: Vec<f32> = (0..2)
            .flat_map(|h| {
                (0..3).flat_map(move |t| (0..2).map(move |d| (h * 100 + t * 10 + d) as f32))
            })
            .collect();
        cache.append(0, false, &present, 3, 1, 2);
        cache.len += 2;
        let past = cache.past(0, false, 4);
        assert_eq!(past.shape(), &[1, 2, 4, 2]);
        assert_eq!(past[[0, 1, 0, 1]], 111.0);
        assert_eq!(past[[0, 1, 1, 0]], 120.0);
        assert_eq!(past[[0, 0, 2, 0]], 0.0);
        assert_eq!(cache.past(0, true, 4).iter().sum::<f32>(), 0.0);
    }
}
