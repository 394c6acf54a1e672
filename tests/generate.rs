//! Token-by-token generation (`kiln::generate::Decoder`, `kiln generate`) on the default device
//! (lavapipe in CI) with the tiny decoder-with-past exports of `tests/models/llm/export.py`
//! (GPT-2 and a Llama-architecture model with GQA, random weights). The device's greedy tokens
//! and every step's logits are checked against a greedy loop of the reference interpreter that
//! runs each step at its exact past length (no buckets, no padding, an all-ones mask), so the
//! padded buckets, the mask and the cache appends are checked, not just the kernels. Prompts of
//! 3 to 14 tokens; the 14-token prompts decode past 16 cached tokens, into the next bucket.
//! The CLI: `--check` on both models, and the bad inputs (a prompt longer than the maximum
//! length, a token outside the vocabulary, a model that is not a decoder) exit 1 naming the input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use kiln::frontend::{DType, ImportOptions, Module, Tensor};
use kiln::generate::{Decoder, StepRecord};
use kiln::{GenerateError, Session};
use ndarray::{ArrayD, IxDyn};
use rand::{Rng, SeedableRng};

fn model(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/models/llm/{name}.onnx"))
}

fn session() -> Session {
    Session::default_device()
        .unwrap_or_else(|e| panic!("no Vulkan device for the generation tests: {e}"))
}

fn row(values: &[i64]) -> Tensor {
    Tensor::new(
        DType::I64,
        ArrayD::from_shape_vec(
            IxDyn(&[1, values.len()]),
            values.iter().map(|&v| v as f64).collect(),
        )
        .unwrap(),
    )
}

/// The model imported for one step at its exact sizes (batch 1): `sequence` new tokens after
/// `past` ones; with no past, the past inputs are empty constants.
fn exact_step_module(
    path: &Path,
    layers: usize,
    heads: usize,
    head_dim: usize,
    past: usize,
    sequence: usize,
) -> Module {
    let mut options = ImportOptions::default();
    for (name, size) in [
        ("batch", 1),
        ("sequence", sequence),
        ("past_sequence", past),
        ("total_sequence", past + sequence),
    ] {
        options.dims.insert(name.into(), size as u64);
    }
    if past == 0 {
        for layer in 0..layers {
            for kind in ["key", "value"] {
                options.input_values.insert(
                    format!("past_key_values.{layer}.{kind}"),
                    Tensor::new(DType::F32, ArrayD::zeros(IxDyn(&[1, heads, 0, head_dim]))),
                );
            }
        }
    }
    kiln::frontend::import_onnx_with(path, &options).unwrap_or_else(|e| panic!("{e}"))
}

fn argmax(values: &[f64]) -> i64 {
    let mut best = 0;
    for (i, &v) in values.iter().enumerate() {
        if v > values[best] {
            best = i;
        }
    }
    best as i64
}

/// Greedy generation on the reference interpreter: the cache is the `present` outputs fed back
/// whole. Returns the tokens and each step's last-position logits.
fn reference_greedy(path: &Path, prompt: &[i64], new_tokens: usize) -> (Vec<i64>, Vec<Vec<f64>>) {
    let interface = kiln::DecoderInterface::read(path).unwrap();
    let (layers, heads, head_dim, vocab) = (
        interface.layers,
        interface.kv_heads,
        interface.head_dim,
        interface.vocab,
    );
    let mut tokens = Vec::new();
    let mut logits_per_step = Vec::new();
    let mut past: Vec<Tensor> = Vec::new();
    let mut ids = prompt.to_vec();
    let mut cached = 0;
    while tokens.len() < new_tokens {
        let module = exact_step_module(path, layers, heads, head_dim, cached, ids.len());
        let positions: Vec<i64> = (cached as i64..(cached + ids.len()) as i64).collect();
        let mut inputs = vec![
            row(&ids),
            row(&vec![1; cached + ids.len()]),
            row(&positions),
        ];
        inputs.extend(past.iter().cloned());
        let outputs = kiln::frontend::interpret(&module, &inputs).unwrap();
        let logits = &outputs[0].data;
        let last: Vec<f64> = logits.iter().skip(logits.len() - vocab).copied().collect();
        let next = argmax(&last);
        logits_per_step.push(last);
        tokens.push(next);
        past = outputs[1..].to_vec();
        cached += ids.len();
        ids = vec![next];
    }
    (tokens, logits_per_step)
}

fn random_prompt(length: usize, vocab: usize, seed: u64) -> Vec<i64> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    (0..length)
        .map(|_| rng.random_range(0..vocab as i64))
        .collect()
}

/// The device generation of each prompt against the reference loop: the same tokens, and each
/// step's logits within `1e-4` of the step's largest reference logit.
fn generates_like_the_reference(name: &str, cases: &[(usize, usize)]) {
    let path = model(name);
    let session = session();
    let target = kiln::target::target_env_for_open_device(session.device());
    let vocab = kiln::DecoderInterface::read(&path).unwrap().vocab;
    let longest = cases.iter().map(|&(p, n)| p + n).max().unwrap();
    let mut decoder = Decoder::new(&session, &path, target, Default::default(), longest).unwrap();
    for (seed, &(prompt_length, new_tokens)) in cases.iter().enumerate() {
        let prompt = random_prompt(prompt_length, vocab, seed as u64);
        let (want_tokens, want_logits) = reference_greedy(&path, &prompt, new_tokens);
        let mut device_logits: Vec<Vec<f32>> = Vec::new();
        let mut observe = |r: &StepRecord<'_>| -> Result<(), GenerateError> {
            let all = r.logits.to_reference().data;
            let last = all
                .iter()
                .skip(all.len() - vocab)
                .map(|&x| x as f32)
                .collect();
            device_logits.push(last);
            Ok(())
        };
        let generation = decoder.generate(&prompt, new_tokens, &mut observe).unwrap();
        assert_eq!(
            generation.tokens, want_tokens,
            "{name}, prompt {prompt:?}: device tokens vs the reference interpreter's"
        );
        assert_eq!(device_logits.len(), new_tokens);
        for (step, (got, want)) in device_logits.iter().zip(&want_logits).enumerate() {
            let scale = want.iter().fold(0.0f64, |m, x| m.max(x.abs()));
            let worst = got
                .iter()
                .zip(want)
                .map(|(&g, &w)| (g as f64 - w).abs())
                .fold(0.0, f64::max);
            assert!(
                worst <= 1e-4 * scale,
                "{name}, prompt {prompt_length}, step {step}: logits off by {worst:e} (max |r| {scale})"
            );
        }
        assert_eq!(decoder.len(), prompt_length + new_tokens - 1);
    }
    // The 14-token prompt decoded at past 14..=18: buckets 16 and 32, each compiled once.
    assert_eq!(decoder.compiled_buckets(), vec![16, 32], "{name}");
}

#[test]
fn gpt2_tiny_generates_like_the_reference_interpreter() {
    generates_like_the_reference("gpt2_tiny", &[(3, 4), (14, 6)]);
}

/// A cache of exactly the positions needed, with the last step at past 16 (a full bucket, no
/// padding): the cache holds the bucket and the appended position.
#[test]
fn a_cache_of_the_exact_length_holds_a_full_bucket() {
    let path = model("gpt2_tiny");
    let session = session();
    let target = kiln::target::target_env_for_open_device(session.device());
    let prompt = random_prompt(16, 512, 3);
    let mut decoder = Decoder::new(&session, &path, target, Default::default(), 17).unwrap();
    let generation = decoder.generate(&prompt, 2, &mut |_| Ok(())).unwrap();
    assert_eq!(generation.tokens, reference_greedy(&path, &prompt, 2).0);
    assert_eq!(decoder.compiled_buckets(), vec![16]);
    let e = decoder.decode(1, &mut |_| Ok(())).unwrap_err();
    assert!(
        matches!(e, GenerateError::CacheFull { max_length: 17 }),
        "{e}"
    );
}

#[test]
fn llama_tiny_generates_like_the_reference_interpreter() {
    generates_like_the_reference("llama_tiny", &[(5, 3), (14, 6)]);
}

/// Prompts are checked before anything runs: too long for the cache, empty, or holding an id
/// outside the vocabulary.
#[test]
fn bad_prompts_are_refused_naming_the_input() {
    let session = session();
    let target = kiln::target::target_env_for_open_device(session.device());
    let path = model("gpt2_tiny");
    let mut decoder = Decoder::new(&session, &path, target, Default::default(), 8).unwrap();
    let mut ignore = |_: &StepRecord<'_>| Ok(());
    let e = decoder.generate(&[1; 9], 1, &mut ignore).unwrap_err();
    assert!(matches!(e, GenerateError::TooLong { .. }), "{e}");
    let e = decoder.generate(&[1; 6], 4, &mut ignore).unwrap_err();
    assert!(e.to_string().contains("maximum length 8"), "{e}");
    let e = decoder.generate(&[1, 512, 3], 1, &mut ignore).unwrap_err();
    assert!(
        e.to_string()
            .contains("input `input_ids`: token 512 (prompt position 1)"),
        "{e}"
    );
    let e = decoder.generate(&[-1], 1, &mut ignore).unwrap_err();
    assert!(
        matches!(e, GenerateError::TokenOutOfVocabulary { .. }),
        "{e}"
    );
    let e = decoder.generate(&[], 1, &mut ignore).unwrap_err();
    assert!(matches!(e, GenerateError::EmptyPrompt), "{e}");
    assert!(
        decoder.compiled_buckets().is_empty(),
        "nothing was compiled"
    );
    let e = decoder.decode(3, &mut ignore).unwrap_err();
    assert!(matches!(e, GenerateError::NoPrefill), "{e}");
}

fn kiln(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(args)
        .output()
        .expect("kiln runs")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn cli_generates_and_checks_every_step() {
    for name in ["gpt2_tiny", "llama_tiny"] {
        let path = model(name);
        let out = kiln(&[
            "generate",
            path.to_str().unwrap(),
            "--prompt-tokens",
            "4",
            "--new-tokens",
            "3",
            "--seed",
            "7",
            "--check",
        ]);
        let t = text(&out);
        assert!(out.status.success(), "{name}: {t}");
        for line in [
            "prompt (4 ids, seed 7): ",
            "generated: ",
            "prefill: 4 tokens in ",
            "decode: ",
            "check: 3 steps against the reference interpreter",
        ] {
            assert!(t.contains(line), "{name}: no `{line}` in:\n{t}");
        }
        // The same tokens as the library's reference loop on the same seeded prompt.
        let prompt_line = t.lines().find(|l| l.starts_with("prompt (")).unwrap();
        let prompt: Vec<i64> = prompt_line
            .split(": ")
            .nth(1)
            .unwrap()
            .split(' ')
            .map(|s| s.parse().unwrap())
            .collect();
        let (want, _) = reference_greedy(&path, &prompt, 3);
        let generated = t.lines().find(|l| l.starts_with("generated: ")).unwrap();
        let want_line = format!(
            "generated: {}",
            want.iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        );
        assert_eq!(generated, want_line, "{name}");
    }
}

#[test]
fn cli_bad_inputs_exit_1_naming_the_input() {
    let gpt2 = model("gpt2_tiny");
    let gpt2 = gpt2.to_str().unwrap();
    let cases: [(&[&str], &str); 4] = [
        (
            &["generate", gpt2, "--prompt-tokens", "10", "--new-tokens", "2", "--max-length", "8"],
            "input `input_ids`: the prompt (10 tokens) and 2 new tokens need a cache of 11 positions, more than the maximum length 8",
        ),
        (
            &["generate", gpt2, "--prompt-ids", "1,2,700", "--new-tokens", "2"],
            "input `input_ids`: token 700 (prompt position 2) is outside the vocabulary of 512 ids",
        ),
        (
            &["generate", gpt2, "--prompt-ids", "1,-3", "--new-tokens", "2"],
            "token -3 (prompt position 1)",
        ),
        (
            &["generate", "examples/models/resnet_tiny.onnx", "--new-tokens", "2"],
            "not a decoder-with-past model: it has an input `input`",
        ),
    ];
    for (args, expected) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_kiln"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        let t = text(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {t}");
        assert!(
            t.contains(expected),
            "{args:?}: expected `{expected}` in:\n{t}"
        );
        assert!(!t.contains("panicked"), "{args:?}: {t}");
    }
}
