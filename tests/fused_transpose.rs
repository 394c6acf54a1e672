//! A transpose fused into the matmul reading it (`fusion::transposes`): attention's head split
//! (projection + bias, reshape to heads, transpose to `[heads, S, d]`) read by the per-head
//! batch matmul, and the heads merged back (transpose + reshape) into the output projection.
//! On lavapipe as itself and posing as a GPU (SIMT kernels, SIMT split-K of the output
//! projection), against the reference interpreter on random data; the transposes take no
//! dispatch of their own.

mod lowering_common;
use kiln::frontend::{DType, Function};
use kiln::lowering::PassOptions;
use lowering_common::*;

/// `s` rows of width `h = heads * d`: q = x * wq + bq split into heads, scores = q_h * k_h,
/// ctx_h = scores_h * v_h, merged back to `[s, h]` and projected by `wo` (K = h).
fn attention(s: u64, heads: u64, d: u64) -> Function {
    let h = heads * d;
    let text = format!(
        "func.func @main(%x: tensor<{s}x{h}xf32>, %wq: tensor<{h}x{h}xf32>, %bq: tensor<{h}xf32>, %k: tensor<{heads}x{d}x{s}xf32>, %v: tensor<{heads}x{s}x{d}xf32>, %wo: tensor<{h}x{h}xf32>) -> tensor<{s}x{h}xf32> {{\n  \
         %zero = arith.constant 0.0 : f32\n  \
         %e = tensor.empty() : tensor<{s}x{h}xf32>\n  \
         %f = linalg.fill ins(%zero : f32) outs(%e : tensor<{s}x{h}xf32>) -> tensor<{s}x{h}xf32>\n  \
         %q = linalg.matmul ins(%x, %wq : tensor<{s}x{h}xf32>, tensor<{h}x{h}xf32>) outs(%f : tensor<{s}x{h}xf32>) -> tensor<{s}x{h}xf32>\n  \
         %qb = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [\"parallel\", \"parallel\"]}} ins(%q, %bq : tensor<{s}x{h}xf32>, tensor<{h}xf32>) outs(%e : tensor<{s}x{h}xf32>) {{\n  \
         ^bb0(%a: f32, %b: f32, %o: f32):\n    \
           %sum = arith.addf %a, %b : f32\n    \
           linalg.yield %sum : f32\n  \
         }} -> tensor<{s}x{h}xf32>\n  \
         %split = tensor.expand_shape %qb [[0], [1, 2]] output_shape [{s}, {heads}, {d}] : tensor<{s}x{h}xf32> into tensor<{s}x{heads}x{d}xf32>\n  \
         %te = tensor.empty() : tensor<{heads}x{s}x{d}xf32>\n  \
         %t = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = [\"parallel\", \"parallel\", \"parallel\"]}} ins(%split : tensor<{s}x{heads}x{d}xf32>) outs(%te : tensor<{heads}x{s}x{d}xf32>) {{\n  \
         ^bb0(%a: f32, %o: f32):\n    \
           linalg.yield %a : f32\n  \
         }} -> tensor<{heads}x{s}x{d}xf32>\n  \
         %se = tensor.empty() : tensor<{heads}x{s}x{s}xf32>\n  \
         %sf = linalg.fill ins(%zero : f32) outs(%se : tensor<{heads}x{s}x{s}xf32>) -> tensor<{heads}x{s}x{s}xf32>\n  \
         %scores = linalg.batch_matmul ins(%t, %k : tensor<{heads}x{s}x{d}xf32>, tensor<{heads}x{d}x{s}xf32>) outs(%sf : tensor<{heads}x{s}x{s}xf32>) -> tensor<{heads}x{s}x{s}xf32>\n  \
         %ce = tensor.empty() : tensor<{heads}x{s}x{d}xf32>\n  \
         %cf = linalg.fill ins(%zero : f32) outs(%ce : tensor<{heads}x{s}x{d}xf32>) -> tensor<{heads}x{s}x{d}xf32>\n  \
         %ctx = linalg.batch_matmul ins(%scores, %v : tensor<{heads}x{s}x{s}xf32>, tensor<{heads}x{s}x{d}xf32>) outs(%cf : tensor<{heads}x{s}x{d}xf32>) -> tensor<{heads}x{s}x{d}xf32>\n  \
         %me = tensor.empty() : tensor<{s}x{heads}x{d}xf32>\n  \
         %m = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = [\"parallel\", \"parallel\", \"parallel\"]}} ins(%ctx : tensor<{heads}x{s}x{d}xf32>) outs(%me : tensor<{s}x{heads}x{d}xf32>) {{\n  \
         ^bb0(%a: f32, %o: f32):\n    \
           linalg.yield %a : f32\n  \
         }} -> tensor<{s}x{heads}x{d}xf32>\n  \
         %merged = tensor.collapse_shape %m [[0], [1, 2]] : tensor<{s}x{heads}x{d}xf32> into tensor<{s}x{h}xf32>\n  \
         %f2 = linalg.fill ins(%zero : f32) outs(%e : tensor<{s}x{h}xf32>) -> tensor<{s}x{h}xf32>\n  \
         %out = linalg.matmul ins(%merged, %wo : tensor<{s}x{h}xf32>, tensor<{h}x{h}xf32>) outs(%f2 : tensor<{s}x{h}xf32>) -> tensor<{s}x{h}xf32>\n  \
         return %out : tensor<{s}x{h}xf32>\n}}\n"
    );
    parse_function(&text)
}

fn check_attention(s: u64, heads: u64, d: u64, env: &kiln::spirv_ir::TargetEnv) {
    let f = attention(s, heads, d);
    let names = dispatch_names(&f, env);
    assert!(
        names.iter().all(|n| !n.contains("elementwise")),
        "a transpose kept a dispatch: {names:?}"
    );
    let (s, heads, d, h) = (s as usize, heads as usize, d as usize, (heads * d) as usize);
    let inputs = [
        random_input(&[s, h], DType::F32, 81),
        random_input(&[h, h], DType::F32, 82),
        random_input(&[h], DType::F32, 83),
        random_input(&[heads, d, s], DType::F32, 84),
        random_input(&[heads, s, d], DType::F32, 85),
        random_input(&[h, h], DType::F32, 86),
    ];
    // Three chained contractions of sums over h, d and s terms.
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
fn attention_heads_on_the_default_device() {
    let env = kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
    check_attention(24, 3, 8, &env);
}

#[test]
fn attention_heads_as_gpu() {
    check_attention(24, 3, 8, &llvmpipe_as_gpu());
    // The output projection (K = 512) split along K.
    check_attention(40, 8, 64, &llvmpipe_as_gpu());
}

/// The head split of `nn.MultiheadAttention`'s packed projection as torch exports it
/// (`[S, B, 3E]` -> unflatten to `[S, B, 3, E]` -> unsqueeze -> transpose -> squeeze ->
/// `[3, S, B, E]`), a copy whose loads read the merged dim at `j * E + e`: with E a multiple of
/// 4 it takes vector loads (`vectorize`, an offset along the innermost index), otherwise
/// scalar ones; both against the interpreter.
fn head_split(s: u64, b: u64, e: u64, ty: &str) -> Function {
    let e3 = 3 * e;
    parse_function(&format!(
        "#map = affine_map<(d0, d1, d2, d3, d4) -> (d3, d1, d2, d0, d4)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
func.func @main(%x: tensor<{s}x{b}x{e3}x{ty}>) -> tensor<3x{s}x{b}x{e}x{ty}> {{
  %0 = tensor.expand_shape %x [[0], [1], [2, 3]] output_shape [{s}, {b}, 3, {e}] : tensor<{s}x{b}x{e3}x{ty}> into tensor<{s}x{b}x3x{e}x{ty}>
  %1 = tensor.expand_shape %0 [[0, 1], [2], [3], [4]] output_shape [1, {s}, {b}, 3, {e}] : tensor<{s}x{b}x3x{e}x{ty}> into tensor<1x{s}x{b}x3x{e}x{ty}>
  %2 = tensor.empty() : tensor<3x{s}x{b}x1x{e}x{ty}>
  %3 = linalg.generic {{indexing_maps = [#map, #map1], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\", \"parallel\"]}} ins(%1 : tensor<1x{s}x{b}x3x{e}x{ty}>) outs(%2 : tensor<3x{s}x{b}x1x{e}x{ty}>) {{
  ^bb0(%a: {ty}, %o: {ty}):
    linalg.yield %a : {ty}
  }} -> tensor<3x{s}x{b}x1x{e}x{ty}>
  %4 = tensor.collapse_shape %3 [[0], [1], [2], [3, 4]] : tensor<3x{s}x{b}x1x{e}x{ty}> into tensor<3x{s}x{b}x{e}x{ty}>
  return %4 : tensor<3x{s}x{b}x{e}x{ty}>
}}"
    ))
}

#[test]
fn packed_head_split_copies_exactly() {
    for env in [
        kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap(),
        llvmpipe_as_gpu(),
    ] {
        for (s, b, e, ty, dtype) in [
            (5, 3, 16, "f16", DType::F16),
            (7, 2, 12, "f32", DType::F32),
            (3, 5, 6, "f16", DType::F16),
        ] {
            let input = random_input(&[s, b, 3 * e], dtype, 91);
            let f = head_split(s as u64, b as u64, e as u64, ty);
            check_with(f, &[input], 0.0, 0.0, &env, PassOptions::default());
        }
    }
}
