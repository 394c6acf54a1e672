//! Attention in one dispatch (`fusion/attention.rs`, `lower_to_kernels/attention.rs`): ONNX
//! attention (MatMul, a Mul / Div scale, an optional additive mask broadcast over heads and
//! rows, Softmax, MatMul) is one `attention` dispatch on GPU targets. On lavapipe posing as a
//! GPU, against the reference interpreter on random data: heads 2-12, sequences 7, 50, 128,
//! 197, head dims 64 and 40, batch 1 and 2, f32 and f16, K given transposed or transposed by a
//! node; CPU devices keep their plans; the kernels validate for `nvidia-h200`. Rows of more than
//! `attention_max_keys` (1024) keys take the blocked kernel (online softmax), still one
//! dispatch: keys 1025, 1500, 2048, 4096, 4100, head dims 64 and 40, with and without a mask
//! (one that is -inf over whole key blocks too), f32, f16 and `--precision f16`, batch 2; with
//! small blocks forced by `--heuristic` on short rows too. (By default static rows take the
//! blocked kernel only for score tensors of 1 GiB or more: the tests lower that threshold to 0,
//! and `blocked_only_for_large_score_tensors` checks it.)

mod lowering_common;

use kiln::frontend::onnx::proto::attribute_proto::AttributeType;
use kiln::frontend::onnx::proto::{
    tensor_proto::DataType, AttributeProto, GraphProto, NodeProto, TensorProto,
};
use kiln::frontend::Tensor;
use kiln::frontend::{DType, Function};
use kiln::lowering::heuristics::HeuristicOverride;
use kiln::lowering::PassOptions;
use kiln::spirv_ir::TargetEnv;
use lowering_common::*;
use ndarray::{ArrayD, IxDyn};
use rand::{Rng, SeedableRng};

#[derive(Clone, Copy)]
struct Attention {
    batch: i64,
    heads: i64,
    queries: i64,
    keys: i64,
    depth: i64,
    dtype: DType,
    mask: bool,
    /// The scale as a Div by sqrt(depth) (else a Mul by its inverse).
    divide: bool,
    /// K given as `[b, h, keys, depth]` and transposed by a Transpose node (else given
    /// transposed, `[b, h, depth, keys]`).
    transpose_node: bool,
    /// The mask's first keys this many are -inf (for every batch element).
    masked_first: usize,
    /// `--heuristic` overrides.
    heuristics: &'static [&'static str],
    /// The queries and keys a symbolic dim `N` (a dynamic sequence; `queries == keys`) in the
    /// model; `queries` / `keys` are the run's sizes.
    dynamic: bool,
    /// transformers' `Where(IsNaN(p), 0, p)` between the softmax and `P V`.
    where_nan: bool,
}

const BASE: Attention = Attention {
    batch: 1,
    heads: 2,
    queries: 7,
    keys: 7,
    depth: 64,
    dtype: DType::F32,
    mask: false,
    divide: false,
    transpose_node: false,
    masked_first: 0,
    // The blocked kernel wherever the one-pass one does not apply (by default only for score
    // tensors of 1 GiB or more: `blocked_only_for_large_score_tensors`).
    heuristics: &["attention_blocked_min_score_bytes=0"],
    dynamic: false,
    where_nan: false,
};

impl Attention {
    fn elem(&self) -> DataType {
        match self.dtype {
            DType::F16 => DataType::Float16,
            _ => DataType::Float,
        }
    }

    fn scalar(&self, name: &str, value: f32) -> TensorProto {
        let raw = match self.dtype {
            DType::F16 => half::f16::from_f32(value).to_le_bytes().to_vec(),
            _ => value.to_le_bytes().to_vec(),
        };
        TensorProto {
            name: Some(name.into()),
            data_type: Some(self.elem() as i32),
            raw_data: Some(raw),
            ..Default::default()
        }
    }

    fn model(&self) -> Function {
        let Attention {
            batch: b,
            heads: h,
            queries: q,
            keys: n,
            depth: d,
            ..
        } = *self;
        // (`tensor_value` makes a negative dim the symbol `N`.)
        let (q, n) = match self.dynamic {
            true => (-1, -1),
            false => (q, n),
        };
        let elem = self.elem();
        let node = |op: &str, input: &[&str], output: &str| NodeProto {
            op_type: Some(op.into()),
            name: Some(output.into()),
            input: input.iter().map(|s| s.to_string()).collect(),
            output: vec![output.into()],
            ..Default::default()
        };
        let mut nodes = Vec::new();
        let mut inputs = vec![tensor_value("q", &[b, h, q, d], elem)];
        let kt = if self.transpose_node {
            inputs.push(tensor_value("k", &[b, h, n, d], elem));
            let mut t = node("Transpose", &["k"], "kt");
            t.attribute.push(AttributeProto {
                name: Some("perm".into()),
                r#type: Some(AttributeType::Ints as i32),
                ints: vec![0, 1, 3, 2],
                ..Default::default()
            });
            nodes.push(t);
            "kt"
        } else {
            inputs.push(tensor_value("kt", &[b, h, d, n], elem));
            "kt"
        };
        inputs.push(tensor_value("v", &[b, h, n, d], elem));
        nodes.push(node("MatMul", &["q", kt], "s"));
        let sqrt = (d as f32).sqrt();
        let initializer = if self.divide {
            nodes.push(node("Div", &["s", "scale"], "scaled"));
            vec![self.scalar("scale", sqrt)]
        } else {
            nodes.push(node("Mul", &["s", "scale"], "scaled"));
            vec![self.scalar("scale", 1.0 / sqrt)]
        };
        let mut logits = "scaled";
        if self.mask {
            inputs.push(tensor_value("mask", &[b, 1, 1, n], elem));
            nodes.push(node("Add", &["scaled", "mask"], "masked"));
            logits = "masked";
        }
        let mut softmax = node("Softmax", &[logits], "p");
        softmax.attribute.push(AttributeProto {
            name: Some("axis".into()),
            r#type: Some(AttributeType::Int as i32),
            i: Some(-1),
            ..Default::default()
        });
        nodes.push(softmax);
        let mut initializer = initializer;
        let probabilities = match self.where_nan {
            false => "p",
            true => {
                nodes.push(node("IsNaN", &["p"], "nan"));
                nodes.push(node("Where", &["nan", "zero", "p"], "p0"));
                initializer.push(self.scalar("zero", 0.0));
                "p0"
            }
        };
        nodes.push(node("MatMul", &[probabilities, "v"], "o"));
        import_graph(
            GraphProto {
                name: Some("attention".into()),
                node: nodes,
                input: inputs,
                output: vec![tensor_value("o", &[b, h, q, d], elem)],
                initializer,
                ..Default::default()
            },
            13,
        )
    }

    fn inputs(&self) -> Vec<kiln::HostTensor> {
        let (b, h, q, n, d) = (
            self.batch as usize,
            self.heads as usize,
            self.queries as usize,
            self.keys as usize,
            self.depth as usize,
        );
        let k_shape = if self.transpose_node {
            [b, h, n, d]
        } else {
            [b, h, d, n]
        };
        let mut inputs = vec![
            random_input(&[b, h, q, d], self.dtype, 11),
            random_input(&k_shape, self.dtype, 12),
            random_input(&[b, h, n, d], self.dtype, 13),
        ];
        if self.mask {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(14);
            let values: Vec<f64> = (0..b * n)
                .map(|i| match i % n < self.masked_first {
                    true => f64::NEG_INFINITY,
                    false => self.dtype.round(rng.random_range(-2.0..2.0)),
                })
                .collect();
            let data = ArrayD::from_shape_vec(IxDyn(&[b, 1, 1, n]), values).unwrap();
            inputs.push(kiln::HostTensor::from_reference(&Tensor::new(
                self.dtype, data,
            )));
        }
        inputs
    }

    fn options(&self) -> PassOptions {
        PassOptions {
            heuristic_overrides: self
                .heuristics
                .iter()
                .map(|o| o.parse::<HeuristicOverride>().unwrap())
                .collect(),
            ..PassOptions::default()
        }
    }
}

/// 16-bit heads on tensor cores (nvidia-h200), rows of at most `attention_max_keys` keys: by
/// default (blocked kernel only for 1 GiB score tensors) three dispatches, a softmax between
/// the two contractions; with `attention_matrix_key_chunk=64` one, the tensor-core kernel,
/// where the head dim is a multiple of 16 (else still three).
fn tensor_core_heads(a: &Attention) {
    let f = a.model();
    let env = TargetEnv::preset("nvidia-h200").unwrap();
    let mut options = a.options();
    options
        .heuristic_overrides
        .retain(|o| o.name != "attention_blocked_min_score_bytes");
    let names = validated_dispatches(&f, &env, &options);
    assert!(
        !names.iter().any(|n| n.ends_with("_attention"))
            && names.iter().any(|n| n.ends_with("_softmax")),
        "16-bit heads: three dispatches by default, got {names:?}"
    );
    options.heuristic_overrides.push(
        "attention_matrix_key_chunk=64"
            .parse::<HeuristicOverride>()
            .unwrap(),
    );
    let names = validated_dispatches(&f, &env, &options);
    let fused = names.iter().filter(|n| n.ends_with("_attention")).count();
    assert_eq!(
        fused,
        usize::from(a.depth % 16 == 0),
        "tensor-core kernel: {names:?}"
    );
}

/// One attention dispatch on nvidia-h200 (compile only, spirv-val; 16-bit heads: see
/// [`tensor_core_heads`]) and on lavapipe posing as a GPU, three on the llvmpipe CPU preset;
/// the numbers of lavapipe as a GPU.
fn check(a: Attention) {
    let f = a.model();
    for env in [TargetEnv::preset("nvidia-h200").unwrap(), llvmpipe_as_gpu()] {
        // (The heads' `[b * h, q, d]` is expanded into the `[b, h, q, d]` result by the
        // attention kernel's stores: a re-indexed epilogue, `structured::reindex`.)
        let names = validated_dispatches(&f, &env, &a.options());
        assert_eq!(names, ["dispatch_0_attention"], "on {}", env.name);
    }
    if a.dtype == DType::F16 && !a.dynamic && a.keys <= 1024 {
        tensor_core_heads(&a);
    }
    // The CPU preset keeps its plans, and so does a device without subgroup arithmetic.
    for env in ["llvmpipe", "vulkan1.1"] {
        let names = validated_dispatches(&f, &TargetEnv::preset(env).unwrap(), &a.options());
        assert!(
            !names.iter().any(|n| n.ends_with("_attention")),
            "{env} keeps its plans: {names:?}"
        );
    }
    let (rtol, atol) = match a.dtype {
        DType::F16 => (1e-2, 1e-2),
        _ => (2e-5, 2e-5),
    };
    check_with(f, &a.inputs(), rtol, atol, &llvmpipe_as_gpu(), a.options());
}

#[test]
fn short_sequence_two_heads() {
    check(BASE);
}

#[test]
fn odd_depth_with_mask_batch_two_transpose_node() {
    check(Attention {
        batch: 2,
        heads: 3,
        depth: 40,
        mask: true,
        divide: true,
        transpose_node: true,
        ..BASE
    });
}

#[test]
fn bert_like_128_with_mask() {
    check(Attention {
        heads: 12,
        queries: 128,
        keys: 128,
        mask: true,
        divide: true,
        transpose_node: true,
        ..BASE
    });
}

#[test]
fn vit_like_197() {
    check(Attention {
        heads: 4,
        queries: 197,
        keys: 197,
        ..BASE
    });
}

#[test]
fn f16_with_mask() {
    check(Attention {
        batch: 2,
        heads: 2,
        queries: 50,
        keys: 50,
        depth: 40,
        dtype: DType::F16,
        mask: true,
        ..BASE
    });
    check(Attention {
        queries: 128,
        keys: 128,
        dtype: DType::F16,
        transpose_node: true,
        ..BASE
    });
}

#[test]
fn fewer_queries_than_keys() {
    check(Attention {
        queries: 9,
        keys: 50,
        mask: true,
        ..BASE
    });
}

/// 4096 keys (no whole score row fits): one blocked dispatch; `attention_max_keys=0` keeps
/// the three dispatches (the heads' expand into the result is `P V`'s epilogue), which
/// compute right too.
#[test]
fn keys_4096_one_dispatch_or_three_when_off() {
    let a = Attention {
        queries: 16,
        keys: 4096,
        mask: true,
        ..BASE
    };
    check(a);
    let off = Attention {
        heuristics: &["attention_max_keys=0"],
        ..a
    };
    let f = off.model();
    for env in [TargetEnv::preset("nvidia-h200").unwrap(), llvmpipe_as_gpu()] {
        let names = validated_dispatches(&f, &env, &off.options());
        assert_eq!(names.len(), 3, "on {}: {names:?}", env.name);
        assert!(
            !names.iter().any(|n| n.ends_with("_attention")),
            "{names:?}"
        );
    }
    check_with(
        f,
        &off.inputs(),
        2e-5,
        2e-5,
        &llvmpipe_as_gpu(),
        off.options(),
    );
}

/// Blocked kernel: 1025 keys (four whole blocks of 256 and one key), batch 2, a mask whose
/// first 300 keys are -inf (the first block wholly: its running max stays -inf).
#[test]
fn keys_1025_batch_two_mask_masked_first_block() {
    check(Attention {
        batch: 2,
        queries: 33,
        keys: 1025,
        mask: true,
        masked_first: 300,
        ..BASE
    });
}

/// Blocked kernel: 1500 keys, head dim 40, f16, batch 2, a mask, K transposed by a node.
#[test]
fn keys_1500_depth_40_f16_batch_two_mask() {
    check(Attention {
        batch: 2,
        queries: 20,
        keys: 1500,
        depth: 40,
        dtype: DType::F16,
        mask: true,
        transpose_node: true,
        ..BASE
    });
}

/// Blocked kernel: 2048 keys (whole blocks only), f16 without a mask, three heads.
#[test]
fn keys_2048_f16_no_mask() {
    check(Attention {
        heads: 3,
        queries: 24,
        keys: 2048,
        dtype: DType::F16,
        ..BASE
    });
}

/// Blocked kernel: 4100 keys, head dim 40, batch 2, f32, a mask, the scale a Div; and without
/// a mask.
#[test]
fn keys_4100_depth_40_batch_two() {
    let a = Attention {
        batch: 2,
        queries: 17,
        keys: 4100,
        depth: 40,
        mask: true,
        divide: true,
        ..BASE
    };
    check(a);
    check(Attention { mask: false, ..a });
}

/// The blocked kernel on short rows (forced: `attention_max_keys=1`, blocks of 32 keys): 197
/// keys (six whole blocks and five keys), and 128 with a mask -inf over the first 70 keys.
#[test]
fn forced_small_blocks_on_short_rows() {
    let heuristics = &[
        "attention_max_keys=1",
        "attention_key_block=32",
        "attention_blocked_min_score_bytes=0",
    ];
    check(Attention {
        heads: 4,
        queries: 197,
        keys: 197,
        heuristics,
        ..BASE
    });
    check(Attention {
        batch: 2,
        heads: 3,
        queries: 40,
        keys: 128,
        depth: 40,
        mask: true,
        masked_first: 70,
        heuristics,
        ..BASE
    });
}

/// A dynamic sequence (`N` queries and keys): the blocked kernel with the key count, the
/// blocks' loop and the query blocks of the grid at run time; one model run at 1500 and 300
/// (a partial block only) keys, and f16 at 1025.
#[test]
fn dynamic_sequence_blocked_kernel() {
    let a = Attention {
        batch: 2,
        queries: 1500,
        keys: 1500,
        mask: true,
        masked_first: 300,
        dynamic: true,
        ..BASE
    };
    check(a);
    check(Attention {
        queries: 300,
        keys: 300,
        masked_first: 0,
        transpose_node: true,
        ..a
    });
    check(Attention {
        batch: 1,
        heads: 3,
        queries: 1025,
        keys: 1025,
        depth: 40,
        dtype: DType::F16,
        masked_first: 0,
        ..a
    });
}

/// `--precision f16`: f16 operands into f32 scores, the softmax in f32 and its probabilities
/// cast (and reshaped) to f16 for `P V`: the cast's region joins the attention (the one-pass
/// kernel at 50 keys, the blocked one at 1500: the cast commutes with the final division).
#[test]
fn precision_f16_cast_of_the_probabilities_joins() {
    precision_f16(50);
    precision_f16(1500);
}

fn precision_f16(keys: i64) {
    let a = Attention {
        heads: 3,
        queries: 50,
        keys,
        mask: true,
        transpose_node: true,
        ..BASE
    };
    let f = a.model();
    let options = PassOptions {
        precision: kiln::Precision::F16,
        ..a.options()
    };
    for env in [TargetEnv::preset("nvidia-h200").unwrap(), llvmpipe_as_gpu()] {
        let module = kiln::frontend::Module {
            functions: vec![f.clone()],
        };
        let program = kiln::lowering::compile(&module, &env, &options).unwrap();
        let names: Vec<&str> = program.dispatches.iter().map(|d| d.name.as_str()).collect();
        for d in &program.dispatches {
            kiln::spirv_ir::validate_with_spirv_val(&d.spirv, &env.spirv_val_target_env())
                .unwrap_or_else(|e| panic!("{} on {}: {e}", d.name, env.name));
        }
        assert_eq!(
            names.iter().filter(|n| n.ends_with("_attention")).count(),
            1,
            "on {}: {names:?}",
            env.name
        );
        assert!(!names.iter().any(|n| n.ends_with("_softmax")), "{names:?}");
    }
    check_with(f, &a.inputs(), 1e-2, 1e-2, &llvmpipe_as_gpu(), options);
}

/// `--precision f16` with the attention kept in three dispatches (`attention_max_keys=0`, as
/// 16-bit heads on tensor cores are by default): the f32 softmax stores its probabilities
/// rounded to f16 straight into the buffer `P V` reads (the cast a softmax epilogue, through
/// the heads' reshape), so there is no fourth dispatch; on nvidia-h200 (compile and spirv-val)
/// and on lavapipe as a GPU against the reference interpreter.
#[test]
fn precision_f16_softmax_stores_the_cast_probabilities() {
    let a = Attention {
        heads: 3,
        queries: 50,
        keys: 77,
        mask: true,
        transpose_node: true,
        heuristics: &["attention_max_keys=0"],
        ..BASE
    };
    let f = a.model();
    let options = PassOptions {
        precision: kiln::Precision::F16,
        ..a.options()
    };
    for env in [llvmpipe_as_gpu(), TargetEnv::preset("nvidia-h200").unwrap()] {
        let names = validated_dispatches(&f, &env, &options);
        // The three inputs rounded to f16 (Q, K transposed, V), Q K^T, the softmax storing f16
        // probabilities, P V: no dispatch of its own for the probabilities' cast.
        let kinds: Vec<&str> = names
            .iter()
            .map(|n| n.rsplit('_').next().unwrap_or(""))
            .collect();
        assert_eq!(
            (
                names.len(),
                kinds.iter().filter(|k| **k == "elementwise").count(),
                kinds.iter().filter(|k| **k == "softmax").count()
            ),
            (6, 3, 1),
            "on {}: {names:?}",
            env.name
        );
        if env.name == "nvidia-h200" {
            continue;
        }
        check_with(f.clone(), &a.inputs(), 1e-2, 1e-2, &env, options.clone());
    }
}

/// transformers' `Where(IsNaN(p), 0, p)` after the softmax, attention in three dispatches
/// (`attention_max_keys=0`, f32 and `--precision f16`): the softmax takes it as a pointwise
/// epilogue (each stored element computed from its probability), so there is no dispatch of its
/// own; on lavapipe as a GPU and the CPU preset against the reference interpreter (a masked row
/// is all -inf, so its probabilities are NaN and the Where zeroes them).
#[test]
fn where_isnan_after_the_softmax_is_its_epilogue() {
    // Some keys masked (the Where keeps every probability), then all (NaN rows, zeroed).
    for masked_first in [5, 33] {
        where_isnan_case(Attention {
            heads: 3,
            queries: 20,
            keys: 33,
            mask: true,
            masked_first,
            where_nan: true,
            heuristics: &["attention_max_keys=0"],
            ..BASE
        });
    }
}

fn where_isnan_case(a: Attention) {
    let f = a.model();
    for precision in [kiln::Precision::F32, kiln::Precision::F16] {
        let options = PassOptions {
            precision,
            ..a.options()
        };
        for env in [llvmpipe_as_gpu(), TargetEnv::preset("llvmpipe").unwrap()] {
            let names = validated_dispatches(&f, &env, &options);
            // Q K^T, the softmax with its epilogue, P V (and with f16 the three inputs'
            // casts): no dispatch of the Where's own.
            let elementwise = names.iter().filter(|n| n.ends_with("_elementwise")).count();
            let expected = match precision {
                kiln::Precision::F32 => 0,
                _ => 3,
            };
            assert_eq!(
                (names.len(), elementwise),
                (3 + expected, expected),
                "{precision:?} on {}: {names:?}",
                env.name
            );
            let tolerance = match precision {
                kiln::Precision::F32 => 2e-5,
                _ => 1e-2,
            };
            check_with(
                f.clone(),
                &a.inputs(),
                tolerance,
                tolerance,
                &env,
                options.clone(),
            );
        }
    }
}

/// By default rows too long for the one-pass kernel keep three dispatches (faster where they
/// fit) until the score tensor reaches `attention_blocked_min_score_bytes` (here lowered to
/// this model's 3 x 24 x 2048 x 4 bytes): then one blocked dispatch.
#[test]
fn blocked_only_for_large_score_tensors() {
    let a = Attention {
        heads: 3,
        queries: 24,
        keys: 2048,
        heuristics: &[],
        ..BASE
    };
    let at_budget = Attention {
        heuristics: &["attention_blocked_min_score_bytes=589824"],
        ..a
    };
    let under_budget = Attention {
        heuristics: &["attention_blocked_min_score_bytes=589825"],
        ..a
    };
    let env = TargetEnv::preset("nvidia-h200").unwrap();
    for (case, blocked) in [(a, false), (under_budget, false), (at_budget, true)] {
        let names = validated_dispatches(&case.model(), &env, &case.options());
        let attention = names.iter().any(|n| n.ends_with("_attention"));
        assert_eq!(attention, blocked, "{:?}: {names:?}", case.heuristics);
        assert_eq!(names.len(), if blocked { 1 } else { 3 }, "{names:?}");
    }
    check_with(
        a.model(),
        &a.inputs(),
        2e-5,
        2e-5,
        &llvmpipe_as_gpu(),
        a.options(),
    );
}
