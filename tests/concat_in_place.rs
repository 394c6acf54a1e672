//! Concats assembled in place (`fusion::in_place_concats`, bufferize's views): the regions
//! producing the operands store straight into their slices of the concat's buffer, nested
//! concats are slices of slices, a concat of a function argument still copies. On the default
//! Vulkan device and on lavapipe posing as a GPU (vec4 SIMT / conv kernels storing into a slice
//! with the concat's row stride), against the reference interpreter, odd and vec4-aligned
//! channel counts.

mod lowering_common;
use kiln::frontend::{DType, Function};
use kiln::lowering::PassOptions;
use lowering_common::*;

/// A fire module (1x1 conv + bias + relu, 3x3 conv; concatenated along the channels), a 1x1
/// conv over that concat concatenated to it (nested), the outer concat returned and summed
/// over the pixels, and a concat of an argument with a conv (copied).
fn fire(h: u64, c: u64, a: u64, b: u64, d: u64) -> Function {
    let hp = h + 2;
    let ab = a + b;
    let abd = ab + d;
    let t = |ch: u64| format!("tensor<1x{h}x{h}x{ch}xf32>");
    let mut text = format!(
        "func.func @main(%x: {tx}, %w1: tensor<1x1x{c}x{a}xf32>, %bias: tensor<{a}xf32>, %w2: tensor<3x3x{c}x{b}xf32>, %w3: tensor<1x1x{ab}x{d}xf32>, %w4: tensor<1x1x{c}x{d}xf32>, %y: {ty}) -> ({tabd}, tensor<1x{abd}xf32>, {tdd}) {{\n  \
         %zero = arith.constant 0.0 : f32\n",
        tx = t(c),
        ty = t(d),
        tabd = t(abd),
        tdd = t(2 * d),
    );
    let conv = |name: &str, input: &str, it: &str, filter: &str, ft: &str, out: &str| {
        format!(
            "  %{name}_e = tensor.empty() : {out}\n  \
             %{name}_f = linalg.fill ins(%zero : f32) outs(%{name}_e : {out}) -> {out}\n  \
             %{name} = linalg.conv_2d_nhwc_hwcf {{strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}} ins({input}, {filter} : {it}, {ft}) outs(%{name}_f : {out}) -> {out}\n"
        )
    };
    text += &conv(
        "c1",
        "%x",
        &t(c),
        "%w1",
        &format!("tensor<1x1x{c}x{a}xf32>"),
        &t(a),
    );
    text += &format!(
        "  %b1_e = tensor.empty() : {ta}\n  \
         %b1 = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]}} ins(%c1, %bias : {ta}, tensor<{a}xf32>) outs(%b1_e : {ta}) {{\n  \
         ^bb0(%v: f32, %s: f32, %o: f32):\n    \
           %sum = arith.addf %v, %s : f32\n    \
           %r = arith.maximumf %sum, %zero : f32\n    \
           linalg.yield %r : f32\n  \
         }} -> {ta}\n  \
         %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {{\n  \
         ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):\n    \
           tensor.yield %zero : f32\n  \
         }} : {tx} to tensor<1x{hp}x{hp}x{c}xf32>\n",
        ta = t(a),
        tx = t(c),
    );
    text += &conv(
        "c2",
        "%p",
        &format!("tensor<1x{hp}x{hp}x{c}xf32>"),
        "%w2",
        &format!("tensor<3x3x{c}x{b}xf32>"),
        &t(b),
    );
    text += &format!(
        "  %cat = tensor.concat dim(3) %b1, %c2 : ({}, {}) -> {}\n",
        t(a),
        t(b),
        t(ab)
    );
    text += &conv(
        "c3",
        "%cat",
        &t(ab),
        "%w3",
        &format!("tensor<1x1x{ab}x{d}xf32>"),
        &t(d),
    );
    text += &format!(
        "  %cat2 = tensor.concat dim(3) %cat, %c3 : ({}, {}) -> {}\n",
        t(ab),
        t(d),
        t(abd)
    );
    text += &format!(
        "  %s_e = tensor.empty() : tensor<1x{abd}xf32>\n  \
         %s_f = linalg.fill ins(%zero : f32) outs(%s_e : tensor<1x{abd}xf32>) -> tensor<1x{abd}xf32>\n  \
         %s = linalg.reduce ins(%cat2 : {}) outs(%s_f : tensor<1x{abd}xf32>) dimensions = [1, 2]\n    \
           (%in: f32, %acc: f32) {{\n      \
             %q = arith.addf %in, %acc : f32\n      \
             linalg.yield %q : f32\n    \
           }}\n",
        t(abd)
    );
    text += &conv(
        "c4",
        "%x",
        &t(c),
        "%w4",
        &format!("tensor<1x1x{c}x{d}xf32>"),
        &t(d),
    );
    text += &format!(
        "  %cat3 = tensor.concat dim(3) %y, %c4 : ({}, {}) -> {}\n  \
         return %cat2, %s, %cat3 : {}, tensor<1x{abd}xf32>, {}\n}}\n",
        t(d),
        t(d),
        t(2 * d),
        t(abd),
        t(2 * d)
    );
    parse_function(&text)
}

fn fire_inputs(h: usize, c: usize, a: usize, b: usize, d: usize) -> Vec<kiln::HostTensor> {
    vec![
        random_input(&[1, h, h, c], DType::F32, 31),
        random_input(&[1, 1, c, a], DType::F32, 32),
        random_input(&[a], DType::F32, 33),
        random_input(&[3, 3, c, b], DType::F32, 34),
        random_input(&[1, 1, a + b, d], DType::F32, 35),
        random_input(&[1, 1, c, d], DType::F32, 36),
        random_input(&[1, h, h, d], DType::F32, 37),
    ]
}

/// The elementwise dispatches of `f` compiled for `env` (the copies).
fn elementwise_dispatches(f: &Function, env: &kiln::spirv_ir::TargetEnv) -> Vec<String> {
    dispatch_names(f, env)
        .into_iter()
        .filter(|n| n.contains("elementwise"))
        .collect()
}

/// Only the argument's concat copies (one elementwise dispatch); the numbers match.
fn check_fire(h: u64, c: u64, a: u64, b: u64, d: u64, env: &kiln::spirv_ir::TargetEnv) {
    let f = fire(h, c, a, b, d);
    assert_eq!(elementwise_dispatches(&f, env).len(), 1);
    let inputs = fire_inputs(h as usize, c as usize, a as usize, b as usize, d as usize);
    check_sums(f, &inputs, 9.0 * c as f64, env);
}

/// `f` on `env` against the interpreter, its outputs sums of up to `terms` products.
fn check_sums(
    f: Function,
    inputs: &[kiln::HostTensor],
    terms: f64,
    env: &kiln::spirv_ir::TargetEnv,
) {
    check_with(
        f,
        inputs,
        1e-5 * terms.sqrt(),
        1e-5,
        env,
        PassOptions::default(),
    );
}

#[test]
fn fire_concats_in_place_on_the_default_device() {
    let env = kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
    check_fire(9, 32, 16, 16, 8, &env);
    check_fire(5, 6, 3, 5, 2, &env);
}

#[test]
fn fire_concats_in_place_as_gpu() {
    check_fire(9, 32, 16, 16, 8, &llvmpipe_as_gpu());
    check_fire(5, 6, 3, 5, 2, &llvmpipe_as_gpu());
}

/// Matmul results concatenated along the rows (contiguous slices) and along the columns (a row
/// stride of the concat's width), the latter returned.
#[test]
fn matmul_concats_along_rows_and_columns() {
    let text = "func.func @main(%a: tensor<7x33xf32>, %b: tensor<33x12xf32>, %c: tensor<5x33xf32>, %d: tensor<33x5xf32>) -> (tensor<12x12xf32>, tensor<7x17xf32>) {\n  \
        %zero = arith.constant 0.0 : f32\n  \
        %e1 = tensor.empty() : tensor<7x12xf32>\n  \
        %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<7x12xf32>) -> tensor<7x12xf32>\n  \
        %m1 = linalg.matmul ins(%a, %b : tensor<7x33xf32>, tensor<33x12xf32>) outs(%f1 : tensor<7x12xf32>) -> tensor<7x12xf32>\n  \
        %e2 = tensor.empty() : tensor<5x12xf32>\n  \
        %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<5x12xf32>) -> tensor<5x12xf32>\n  \
        %m2 = linalg.matmul ins(%c, %b : tensor<5x33xf32>, tensor<33x12xf32>) outs(%f2 : tensor<5x12xf32>) -> tensor<5x12xf32>\n  \
        %rows = tensor.concat dim(0) %m1, %m2 : (tensor<7x12xf32>, tensor<5x12xf32>) -> tensor<12x12xf32>\n  \
        %e3 = tensor.empty() : tensor<7x5xf32>\n  \
        %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<7x5xf32>) -> tensor<7x5xf32>\n  \
        %m3 = linalg.matmul ins(%a, %d : tensor<7x33xf32>, tensor<33x5xf32>) outs(%f3 : tensor<7x5xf32>) -> tensor<7x5xf32>\n  \
        %e4 = tensor.empty() : tensor<7x12xf32>\n  \
        %m4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [\"parallel\", \"parallel\"]} ins(%m1 : tensor<7x12xf32>) outs(%e4 : tensor<7x12xf32>) {\n  \
        ^bb0(%v: f32, %o: f32):\n    \
          %n = arith.negf %v : f32\n    \
          linalg.yield %n : f32\n  \
        } -> tensor<7x12xf32>\n  \
        %cols = tensor.concat dim(1) %m3, %m4 : (tensor<7x5xf32>, tensor<7x12xf32>) -> tensor<7x17xf32>\n  \
        return %rows, %cols : tensor<12x12xf32>, tensor<7x17xf32>\n}\n";
    let inputs = [
        random_input(&[7, 33], DType::F32, 41),
        random_input(&[33, 12], DType::F32, 42),
        random_input(&[5, 33], DType::F32, 43),
        random_input(&[33, 5], DType::F32, 44),
    ];
    for env in [
        kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap(),
        llvmpipe_as_gpu(),
    ] {
        check_with(
            parse_function(text),
            &inputs,
            1e-4,
            1e-5,
            &env,
            PassOptions::default(),
        );
    }
}

/// A dense block (DenseNet): each layer convolves the ReLU of the concat of the block's
/// features so far, a prefix of the block's in-place concat, which fusion makes a slice of
/// that buffer (`fusion::slice_concats`): the ReLU dispatches read one binding, not one per
/// feature; a concat of a window not at the start (the second and third features) too.
fn dense_block(h: u64, c: u64, g: u64) -> Function {
    let t = |ch: u64| format!("tensor<1x{h}x{h}x{ch}xf32>");
    let mut text = format!(
        "func.func @main(%x: {tx}, %w0: tensor<1x1x{c}x{c}xf32>, %w1: tensor<1x1x{c}x{g}xf32>, %w2: tensor<1x1x{c1}x{g}xf32>, %w3: tensor<1x1x{c2}x{g}xf32>) -> ({tall}, {tw}) {{\n  \
         %zero = arith.constant 0.0 : f32\n",
        tx = t(c),
        c1 = c + g,
        c2 = c + 2 * g,
        tall = t(c + 3 * g),
        tw = t(2 * g),
    );
    let conv = |name: &str, input: &str, cin: u64, filter: &str, cout: u64| {
        let (it, out) = (t(cin), t(cout));
        format!(
            "  %{name}_e = tensor.empty() : {out}\n  \
             %{name}_f = linalg.fill ins(%zero : f32) outs(%{name}_e : {out}) -> {out}\n  \
             %{name} = linalg.conv_2d_nhwc_hwcf {{strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}} ins({input}, {filter} : {it}, tensor<1x1x{cin}x{cout}xf32>) outs(%{name}_f : {out}) -> {out}\n"
        )
    };
    let relu = |name: &str, input: &str, ch: u64| {
        let ty = t(ch);
        format!(
            "  %{name}_e = tensor.empty() : {ty}\n  \
             %{name} = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]}} ins({input} : {ty}) outs(%{name}_e : {ty}) {{\n  \
             ^bb0(%v: f32, %o: f32):\n    \
               %r = arith.maximumf %v, %zero : f32\n    \
               linalg.yield %r : f32\n  \
             }} -> {ty}\n"
        )
    };
    let concat = |name: &str, parts: &[(&str, u64)]| {
        let names: Vec<&str> = parts.iter().map(|p| p.0).collect();
        let types: Vec<String> = parts.iter().map(|p| t(p.1)).collect();
        let total = parts.iter().map(|p| p.1).sum();
        format!(
            "  %{name} = tensor.concat dim(3) {} : ({}) -> {}\n",
            names.join(", "),
            types.join(", "),
            t(total)
        )
    };
    text += &conv("f0", "%x", c, "%w0", c);
    text += &relu("r0", "%f0", c);
    text += &conv("f1", "%r0", c, "%w1", g);
    text += &concat("p1", &[("%f0", c), ("%f1", g)]);
    text += &relu("r1", "%p1", c + g);
    text += &conv("f2", "%r1", c + g, "%w2", g);
    text += &concat("p2", &[("%f0", c), ("%f1", g), ("%f2", g)]);
    text += &relu("r2", "%p2", c + 2 * g);
    text += &conv("f3", "%r2", c + 2 * g, "%w3", g);
    text += &concat("window", &[("%f1", g), ("%f2", g)]);
    text += &relu("rw", "%window", 2 * g);
    text += &concat("all", &[("%f0", c), ("%f1", g), ("%f2", g), ("%f3", g)]);
    text += &relu("ra", "%all", c + 3 * g);
    text += &format!("  return %ra, %rw : {}, {}\n}}\n", t(c + 3 * g), t(2 * g));
    parse_function(&text)
}

fn check_dense_block(h: u64, c: u64, g: u64, env: &kiln::spirv_ir::TargetEnv) {
    let f = dense_block(h, c, g);
    let module = kiln::frontend::Module {
        functions: vec![f.clone()],
    };
    let program = kiln::lowering::compile(&module, env, &PassOptions::default()).unwrap();
    // The ReLUs of the prefix and window concats read one binding each (the block's buffer)
    // and write one.
    let relus: Vec<_> = program
        .dispatches
        .iter()
        .filter(|d| d.name.contains("elementwise"))
        .collect();
    assert!(
        relus.len() >= 4,
        "{:?}",
        relus.iter().map(|d| &d.name).collect::<Vec<_>>()
    );
    for d in &relus {
        assert_eq!(d.bindings.len(), 2, "{} reads a concat per operand", d.name);
    }
    let (h, c, g) = (h as usize, c as usize, g as usize);
    let inputs = vec![
        random_input(&[1, h, h, c], DType::F32, 51),
        random_input(&[1, 1, c, c], DType::F32, 52),
        random_input(&[1, 1, c, g], DType::F32, 53),
        random_input(&[1, 1, c + g, g], DType::F32, 54),
        random_input(&[1, 1, c + 2 * g, g], DType::F32, 55),
    ];
    check_sums(f, &inputs, (c * (c + 2 * g)) as f64, env);
}

#[test]
fn dense_block_prefix_concats_are_slices() {
    for env in [
        kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap(),
        llvmpipe_as_gpu(),
    ] {
        check_dense_block(6, 16, 8, &env);
        check_dense_block(5, 6, 3, &env);
    }
}
