//! SIMT split-K (`kernel_config::choose_simt_split_k`, `lower_to_kernels/split_k.rs`): a plain
//! matmul with few output tiles runs as a slices kernel (the SIMT kernel on a grid of tiles x
//! K slices, storing partial sums) and a sum kernel (init + slices, then the fused epilogue).
//! On lavapipe posing as a GPU, against the reference interpreter: ragged M and N, a bias +
//! residual epilogue, a fused producer of the lhs (a collapse), f16 operands; the plan is checked to
//! split, and the CPU device's plan not to.

mod lowering_common;
use kiln::frontend::{DType, Function};
use kiln::lowering::PassOptions;
use lowering_common::*;

/// `max(x * w + bias, 0) + r` with `x` `m x k` (or `m x k/32 x 32`, collapsed in the region),
/// `x` and `w` of type `ty`, the rest f32.
fn linear(m: u64, n: u64, k: u64, collapsed: bool, ty: &str) -> Function {
    let (x_ty, x) = if collapsed {
        (format!("tensor<{m}x{}x32x{ty}>", k / 32), "%xc")
    } else {
        (format!("tensor<{m}x{k}x{ty}>"), "%x")
    };
    let collapse = if collapsed {
        format!(
            "  %xc = tensor.collapse_shape %x [[0], [1, 2]] : {x_ty} into tensor<{m}x{k}x{ty}>\n"
        )
    } else {
        String::new()
    };
    let o = format!("tensor<{m}x{n}xf32>");
    parse_function(&format!(
        "func.func @main(%x: {x_ty}, %w: tensor<{k}x{n}x{ty}>, %bias: tensor<{n}xf32>, %r: {o}) -> {o} {{\n  \
         %zero = arith.constant 0.0 : f32\n\
         {collapse}  \
         %e = tensor.empty() : {o}\n  \
         %f = linalg.fill ins(%zero : f32) outs(%e : {o}) -> {o}\n  \
         %mm = linalg.matmul ins({x}, %w : tensor<{m}x{k}x{ty}>, tensor<{k}x{n}x{ty}>) outs(%f : {o}) -> {o}\n  \
         %e2 = tensor.empty() : {o}\n  \
         %y = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [\"parallel\", \"parallel\"]}} ins(%mm, %bias, %r : {o}, tensor<{n}xf32>, {o}) outs(%e2 : {o}) {{\n  \
         ^bb0(%v: f32, %b: f32, %s: f32, %out: f32):\n    \
           %sum = arith.addf %v, %b : f32\n    \
           %relu = arith.maximumf %sum, %zero : f32\n    \
           %res = arith.addf %relu, %s : f32\n    \
           linalg.yield %res : f32\n  \
         }} -> {o}\n  \
         return %y : {o}\n}}\n"
    ))
}

fn check_linear(m: u64, n: u64, k: u64, collapsed: bool, dtype: DType) {
    let ty = if dtype == DType::F16 { "f16" } else { "f32" };
    let f = linear(m, n, k, collapsed, ty);
    let env = llvmpipe_as_gpu();
    let names = dispatch_names(&f, &env);
    assert!(
        names.iter().any(|n| n.ends_with("_slices")) && names.iter().any(|n| n.ends_with("_sum")),
        "{m}x{n}x{k}: not split: {names:?}"
    );
    let cpu = kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
    assert!(
        !dispatch_names(&f, &cpu)
            .iter()
            .any(|n| n.ends_with("_slices")),
        "split on a CPU device"
    );
    let (m, n, k) = (m as usize, n as usize, k as usize);
    let x_shape = if collapsed {
        vec![m, k / 32, 32]
    } else {
        vec![m, k]
    };
    let inputs = [
        random_input(&x_shape, dtype, 71),
        random_input(&[k, n], dtype, 72),
        random_input(&[n], DType::F32, 73),
        random_input(&[m, n], DType::F32, 74),
    ];
    // Sums of k products of values in [-2, 2): errors grow as sqrt(k).
    // (f16 operands: exact products, f32 sums.)
    let (rtol, atol) = (2e-6 * (k as f64).sqrt(), 1e-5);
    check_with(f, &inputs, rtol, atol, &env, PassOptions::default());
}

#[test]
fn ragged_rows_and_columns_with_an_epilogue() {
    check_linear(37, 100, 1024, false, DType::F32);
    check_linear(130, 68, 768, false, DType::F32);
}

#[test]
fn a_fused_producer_of_the_lhs() {
    check_linear(19, 64, 512, true, DType::F32);
}

/// f16 operands, f32 result.
#[test]
fn f16_operands() {
    check_linear(37, 100, 1024, false, DType::F16);
}

/// `x + x * w` with `x` given as `m x 16 x 32`, collapsed: the residual reads what the matmul's
/// lhs reads (a sum kernel reading a value of the operands' producers binds their inputs).
#[test]
fn a_residual_of_the_collapsed_lhs() {
    let (m, k) = (130, 512);
    let text = format!(
        "func.func @main(%x: tensor<{m}x16x32xf32>, %w: tensor<{k}x{k}xf32>) -> tensor<{m}x{k}xf32> {{\n  \
         %zero = arith.constant 0.0 : f32\n  \
         %xc = tensor.collapse_shape %x [[0], [1, 2]] : tensor<{m}x16x32xf32> into tensor<{m}x{k}xf32>\n  \
         %e = tensor.empty() : tensor<{m}x{k}xf32>\n  \
         %f = linalg.fill ins(%zero : f32) outs(%e : tensor<{m}x{k}xf32>) -> tensor<{m}x{k}xf32>\n  \
         %mm = linalg.matmul ins(%xc, %w : tensor<{m}x{k}xf32>, tensor<{k}x{k}xf32>) outs(%f : tensor<{m}x{k}xf32>) -> tensor<{m}x{k}xf32>\n  \
         %y = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [\"parallel\", \"parallel\"]}} ins(%mm, %xc : tensor<{m}x{k}xf32>, tensor<{m}x{k}xf32>) outs(%e : tensor<{m}x{k}xf32>) {{\n  \
         ^bb0(%v: f32, %r: f32, %out: f32):\n    \
           %s = arith.addf %v, %r : f32\n    \
           linalg.yield %s : f32\n  \
         }} -> tensor<{m}x{k}xf32>\n  \
         return %y : tensor<{m}x{k}xf32>\n}}\n"
    );
    let f = parse_function(&text);
    let env = llvmpipe_as_gpu();
    let names = dispatch_names(&f, &env);
    assert!(
        names.iter().any(|n| n.ends_with("_slices")),
        "not split: {names:?}"
    );
    let inputs = [
        random_input(&[m, 16, 32], DType::F32, 95),
        random_input(&[k, k], DType::F32, 96),
    ];
    check_with(
        f,
        &inputs,
        2e-6 * (k as f64).sqrt(),
        1e-5,
        &env,
        PassOptions::default(),
    );
}

/// A dynamic M (`?x512 * 512x256 + bias`): the run-time variants for bounded ranges of rows take
/// SIMT split-K as a static M in them would (their ranges keep the slice count), the partial
/// results bounded by the range's last row; the open range and a few rows keep their kernels.
/// Each M runs the variant of its range, against the reference interpreter.
#[test]
fn dynamic_rows_take_split_variants() {
    let (n, k) = (256usize, 512usize);
    let text = format!(
        "func.func @main(%x: tensor<?x{k}xf32> {{kiln.symbols = [\"M\"]}}, %w: tensor<{k}x{n}xf32>, %bias: tensor<{n}xf32>) -> tensor<?x{n}xf32> {{\n  \
         %zero = arith.constant 0.0 : f32\n  \
         %e = tensor.empty() {{kiln.symbols = [\"M\"]}} : tensor<?x{n}xf32>\n  \
         %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x{n}xf32>) -> tensor<?x{n}xf32>\n  \
         %mm = linalg.matmul ins(%x, %w : tensor<?x{k}xf32>, tensor<{k}x{n}xf32>) outs(%f : tensor<?x{n}xf32>) -> tensor<?x{n}xf32>\n  \
         %y = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [\"parallel\", \"parallel\"]}} ins(%mm, %bias : tensor<?x{n}xf32>, tensor<{n}xf32>) outs(%e : tensor<?x{n}xf32>) {{\n  \
         ^bb0(%v: f32, %b: f32, %out: f32):\n    \
           %s = arith.addf %v, %b : f32\n    \
           linalg.yield %s : f32\n  \
         }} -> tensor<?x{n}xf32>\n  \
         return %y : tensor<?x{n}xf32>\n}}\n"
    );
    let f = parse_function(&text);
    let env = llvmpipe_as_gpu();
    let names = dispatch_names(&f, &env);
    let split: Vec<_> = names.iter().filter(|n| n.contains("_slices_")).collect();
    assert!(!split.is_empty(), "no split variant: {names:?}");
    assert!(
        names.iter().any(|n| n.ends_with("_tiled")),
        "no unsplit open range: {names:?}"
    );
    for m in [3usize, 70, 333, 2100, 5000] {
        let inputs = [
            random_input(&[m, k], DType::F32, 80 + m as u64),
            random_input(&[k, n], DType::F32, 81),
            random_input(&[n], DType::F32, 82),
        ];
        check_with(
            f.clone(),
            &inputs,
            2e-6 * (k as f64).sqrt(),
            1e-5,
            &env,
            PassOptions::default(),
        );
    }
}
