//! Sibling linear layers merged (`merge-matmuls`): attention's query / key / value projections
//! of one input with constant weights and biases become one matmul against the concatenated
//! weights and one bias add, whose column slices feed the per-head attention matmuls (split,
//! transposed) as producers. On lavapipe as itself and posing as a GPU (SIMT split-K of the
//! merged projection), against the reference interpreter on random data; the plan has one
//! projection where it had three.

mod lowering_common;
use kiln::frontend::{DType, Function};
use kiln::lowering::PassOptions;
use lowering_common::*;
use rand::{Rng, SeedableRng};

/// A dense constant literal of `rows x cols` (or a vector when `rows` is 0) seeded values.
fn literal(rows: usize, cols: usize, seed: u64) -> String {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut row = || {
        let values: Vec<String> = (0..cols)
            .map(|_| format!("{:e}", rng.random_range(-1.0f32..1.0)))
            .collect();
        format!("[{}]", values.join(", "))
    };
    match rows {
        0 => row(),
        _ => format!(
            "[{}]",
            (0..rows).map(|_| row()).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// `x: [1, s, h]`; q, k, v = x * W + b (constants), split into heads; the result
/// `softmax`-free attention `(q_h k_h^T) v_h`, heads merged back to `[1, s, h]`.
fn attention(s: usize, heads: usize, d: usize) -> Function {
    let h = heads * d;
    let mut text = format!(
        "func.func @main(%x: tensor<1x{s}x{h}xf32>) -> tensor<1x{s}x{h}xf32> {{\n  \
         %zero = arith.constant 0.0 : f32\n"
    );
    for (i, name) in ["q", "k", "v"].iter().enumerate() {
        let seed = 100 + 2 * i as u64;
        text += &format!(
            "  %w{name} = arith.constant dense<{w}> : tensor<{h}x{h}xf32>\n  \
             %b{name} = arith.constant dense<{b}> : tensor<{h}xf32>\n  \
             %e{name} = tensor.empty() : tensor<1x{s}x{h}xf32>\n  \
             %f{name} = linalg.fill ins(%zero : f32) outs(%e{name} : tensor<1x{s}x{h}xf32>) -> tensor<1x{s}x{h}xf32>\n  \
             %m{name} = linalg.generic {{indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"reduction\"]}} ins(%x, %w{name} : tensor<1x{s}x{h}xf32>, tensor<{h}x{h}xf32>) outs(%f{name} : tensor<1x{s}x{h}xf32>) {{\n  \
             ^bb0(%a: f32, %c: f32, %acc: f32):\n    \
               %p = arith.mulf %a, %c : f32\n    \
               %t = arith.addf %acc, %p : f32\n    \
               linalg.yield %t : f32\n  \
             }} -> tensor<1x{s}x{h}xf32>\n  \
             %y{name} = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = [\"parallel\", \"parallel\", \"parallel\"]}} ins(%m{name}, %b{name} : tensor<1x{s}x{h}xf32>, tensor<{h}xf32>) outs(%e{name} : tensor<1x{s}x{h}xf32>) {{\n  \
             ^bb0(%a: f32, %c: f32, %o: f32):\n    \
               %t = arith.addf %a, %c : f32\n    \
               linalg.yield %t : f32\n  \
             }} -> tensor<1x{s}x{h}xf32>\n  \
             %c{name} = tensor.collapse_shape %y{name} [[0, 1], [2]] : tensor<1x{s}x{h}xf32> into tensor<{s}x{h}xf32>\n  \
             %s{name} = tensor.expand_shape %c{name} [[0], [1, 2]] output_shape [{s}, {heads}, {d}] : tensor<{s}x{h}xf32> into tensor<{s}x{heads}x{d}xf32>\n  \
             %te{name} = tensor.empty() : tensor<{heads}x{s}x{d}xf32>\n  \
             %t{name} = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = [\"parallel\", \"parallel\", \"parallel\"]}} ins(%s{name} : tensor<{s}x{heads}x{d}xf32>) outs(%te{name} : tensor<{heads}x{s}x{d}xf32>) {{\n  \
             ^bb0(%a: f32, %o: f32):\n    \
               linalg.yield %a : f32\n  \
             }} -> tensor<{heads}x{s}x{d}xf32>\n",
            w = literal(h, h, seed),
            b = literal(0, h, seed + 1),
        );
    }
    text += &format!(
        "  %se = tensor.empty() : tensor<{heads}x{s}x{s}xf32>\n  \
         %sf = linalg.fill ins(%zero : f32) outs(%se : tensor<{heads}x{s}x{s}xf32>) -> tensor<{heads}x{s}x{s}xf32>\n  \
         %scores = linalg.generic {{indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"reduction\"]}} ins(%tq, %tk : tensor<{heads}x{s}x{d}xf32>, tensor<{heads}x{s}x{d}xf32>) outs(%sf : tensor<{heads}x{s}x{s}xf32>) {{\n  \
         ^bb0(%a: f32, %c: f32, %acc: f32):\n    \
           %p = arith.mulf %a, %c : f32\n    \
           %t = arith.addf %acc, %p : f32\n    \
           linalg.yield %t : f32\n  \
         }} -> tensor<{heads}x{s}x{s}xf32>\n  \
         %ce = tensor.empty() : tensor<{heads}x{s}x{d}xf32>\n  \
         %cf = linalg.fill ins(%zero : f32) outs(%ce : tensor<{heads}x{s}x{d}xf32>) -> tensor<{heads}x{s}x{d}xf32>\n  \
         %ctx = linalg.batch_matmul ins(%scores, %tv : tensor<{heads}x{s}x{s}xf32>, tensor<{heads}x{s}x{d}xf32>) outs(%cf : tensor<{heads}x{s}x{d}xf32>) -> tensor<{heads}x{s}x{d}xf32>\n  \
         %me = tensor.empty() : tensor<{s}x{heads}x{d}xf32>\n  \
         %m = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = [\"parallel\", \"parallel\", \"parallel\"]}} ins(%ctx : tensor<{heads}x{s}x{d}xf32>) outs(%me : tensor<{s}x{heads}x{d}xf32>) {{\n  \
         ^bb0(%a: f32, %o: f32):\n    \
           linalg.yield %a : f32\n  \
         }} -> tensor<{s}x{heads}x{d}xf32>\n  \
         %out = tensor.collapse_shape %m [[0], [1, 2]] : tensor<{s}x{heads}x{d}xf32> into tensor<{s}x{h}xf32>\n  \
         %r = tensor.expand_shape %out [[0, 1], [2]] output_shape [1, {s}, {h}] : tensor<{s}x{h}xf32> into tensor<1x{s}x{h}xf32>\n  \
         return %r : tensor<1x{s}x{h}xf32>\n}}\n"
    );
    parse_function(&text)
}

fn check_attention(s: usize, heads: usize, d: usize, env: &kiln::spirv_ir::TargetEnv) {
    let f = attention(s, heads, d);
    let names = dispatch_names(&f, env);
    // The merged projection (maybe split along K), the scores, and the context, whose stores
    // merge the heads into the result the function returns (a transpose and reshapes: a
    // re-indexed epilogue, `structured::reindex`).
    let count = |suffixes: &[&str]| {
        names
            .iter()
            .filter(|n| suffixes.iter().any(|s| n.ends_with(s)))
            .count()
    };
    assert!(
        count(&["contraction", "_sum"]) == 3 && count(&["elementwise"]) == 0,
        "{names:?}"
    );
    // The projection's dispatch names all three matmuls and bias adds as its root (per-layer
    // tables: `kiln bench --json`).
    let module = kiln::frontend::Module {
        functions: vec![f.clone()],
    };
    let program = kiln::lowering::compile(&module, env, &PassOptions::default()).unwrap();
    let root = &program.dispatches[0].sources[0];
    let lines: Vec<u32> = root
        .parts()
        .iter()
        .map(|p| match p {
            kiln::frontend::Location::Text { line, .. } => *line,
            other => panic!("{other:?}"),
        })
        .collect();
    assert!(
        matches!(root, kiln::frontend::Location::Fused { .. }) && lines.len() == 6,
        "{root:?}"
    );
    let h = heads * d;
    let inputs = [random_input(&[1, s, h], DType::F32, 111)];
    // Sums over h, d and s terms of values in [-2, 2) x [-1, 1).
    let terms = (h * d * s) as f64;
    check_with(
        f,
        &inputs,
        4e-6 * terms.sqrt(),
        1e-4,
        env,
        PassOptions::default(),
    );
}

#[test]
fn query_key_value_merged_on_the_default_device() {
    let env = kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
    check_attention(24, 3, 8, &env);
}

#[test]
fn query_key_value_merged_as_gpu() {
    check_attention(24, 3, 8, &llvmpipe_as_gpu());
    // K = 512: the merged projection split along K.
    check_attention(40, 8, 64, &llvmpipe_as_gpu());
}

/// `--precision f16`: the projections read f16 weights (converted at compile time) and an f16
/// input into f32 accumulators, each bias add storing f16; they merge the same way (one f16
/// weight constant `[h, 3h]`, one bias add). On nvidia-h200 (compile and spirv-val) the merged
/// projection is one contraction where there were three; on lavapipe as a GPU the numbers
/// against the reference interpreter of the f32 model (f16 rounding of weights, inputs and
/// stored values).
#[test]
fn query_key_value_merged_in_f16() {
    // (Small enough that the softmax-free attention stays inside f16's range.)
    let (s, heads, d) = (24, 3, 8);
    let f = attention(s, heads, d);
    let options = PassOptions {
        precision: kiln::Precision::F16,
        ..PassOptions::default()
    };
    for env in [
        kiln::spirv_ir::TargetEnv::preset("nvidia-h200").unwrap(),
        llvmpipe_as_gpu(),
    ] {
        let module = kiln::frontend::Module {
            functions: vec![f.clone()],
        };
        let program = kiln::lowering::compile(&module, &env, &options).unwrap();
        for dispatch in &program.dispatches {
            kiln::spirv_ir::validate_with_spirv_val(&dispatch.spirv, &env.spirv_val_target_env())
                .unwrap_or_else(|e| panic!("{} on {}: {e}", dispatch.name, env.name));
        }
        // The merged projection's dispatch names all three matmuls and bias adds.
        let fused = program
            .dispatches
            .iter()
            .filter(|d| {
                matches!(&d.sources[0], kiln::frontend::Location::Fused { .. })
                    && d.sources[0].parts().len() == 6
            })
            .count();
        assert_eq!(
            fused,
            1,
            "on {}: {:?}",
            env.name,
            program
                .dispatches
                .iter()
                .map(|d| &d.name)
                .collect::<Vec<_>>()
        );
    }
    let h = heads * d;
    let inputs = [random_input(&[1, s, h], DType::F32, 112)];
    check_with(f, &inputs, 2e-2, 2e-2, &llvmpipe_as_gpu(), options);
}
