//! Device tests of contractions (matmul, batch_matmul, conv2d with fused padding, pooling) on
//! the default Vulkan device against the reference interpreter, over odd sizes. These run the
//! current contraction strategy (a thread per output, serial reduction loop).

mod lowering_common;
use kiln::frontend::{
    Conv2d, ConvLayout, DType, Dim, FunctionBuilder, PoolKind, PoolLayout, Pooling, ScalarOp, Type,
};
use lowering_common::*;

fn matmul(m: u64, k: u64, n: u64, input: DType, acc: DType) {
    let mut b = FunctionBuilder::new("main");
    let a = b.argument(tensor_type(&[m, k], input));
    let w = b.argument(tensor_type(&[k, n], input));
    let bias = b.argument(tensor_type(&[n], acc));
    let c = b.matmul(a, w, Some(acc)).unwrap();
    let c = b.elementwise(ScalarOp::AddF, &[c, bias]).unwrap();
    let zero = b
        .splat_constant(kiln::frontend::TensorType::new(vec![], acc), 0.0)
        .unwrap();
    let r = b.elementwise(ScalarOp::MaximumF, &[c, zero]).unwrap();
    let f = b.finish(vec![r]).unwrap();
    let inputs = [
        random_input(&[m as usize, k as usize], input, 21),
        random_input(&[k as usize, n as usize], input, 22),
        random_input(&[n as usize], acc, 23),
    ];
    check(f, &inputs, 1e-5 * (k as f64).sqrt(), 1e-5);
}

#[test]
fn matmul_bias_relu_odd_sizes() {
    for (m, k, n) in [
        (1, 1, 1),
        (3, 17, 5),
        (17, 255, 3),
        (64, 64, 64),
        (1000, 3, 17),
    ] {
        matmul(m, k, n, DType::F32, DType::F32);
    }
}

#[test]
fn matmul_f16_inputs_f32_accumulation() {
    matmul(33, 130, 17, DType::F16, DType::F32);
}

/// Checks `f` on `inputs` with lavapipe posing as a GPU (so that it runs the kernel
/// configurations chosen for GPUs), within a tolerance for sums over `k` terms.
fn check_as_gpu(f: kiln::frontend::Function, inputs: &[kiln::HostTensor], k: usize) -> Vec<String> {
    let tolerance = 1e-5 * (k as f64).sqrt();
    check_with(
        f,
        inputs,
        tolerance,
        1e-5,
        &llvmpipe_as_gpu(),
        Default::default(),
    )
}

/// The few-rows pipeline (a static M of at most 8 rows, on GPUs; here lavapipe posing as a
/// GPU): 300 / 301 columns (a partial last workgroup of 32) and K = 700 (uneven slices), f32
/// and f16 operands, with the bias + relu epilogue, against the interpreter.
#[test]
fn few_rows_matmul_as_gpu() {
    // N = 300: vec4 rhs loads; N = 301: one column an invocation.
    for (m, input, n) in [
        (1, DType::F32, 300u64),
        (3, DType::F16, 300),
        (8, DType::F32, 300),
        (2, DType::F32, 301),
    ] {
        let k = 700u64;
        let mut b = FunctionBuilder::new("main");
        let a = b.argument(tensor_type(&[m, k], input));
        let w = b.argument(tensor_type(&[k, n], input));
        let bias = b.argument(tensor_type(&[n], DType::F32));
        let c = b.matmul(a, w, Some(DType::F32)).unwrap();
        let c = b.elementwise(ScalarOp::AddF, &[c, bias]).unwrap();
        let zero = b
            .splat_constant(kiln::frontend::TensorType::new(vec![], DType::F32), 0.0)
            .unwrap();
        let r = b.elementwise(ScalarOp::MaximumF, &[c, zero]).unwrap();
        let f = b.finish(vec![r]).unwrap();
        let inputs = [
            random_input(&[m as usize, k as usize], input, 41),
            random_input(&[k as usize, n as usize], input, 42),
            random_input(&[n as usize], DType::F32, 43),
        ];
        let texts = check_as_gpu(f, &inputs, k as usize);
        assert_eq!(texts.len(), 1);
        assert!(
            texts[0].contains("spirv.ControlBarrier"),
            "the slices meet in shared memory"
        );
    }
}

/// f16 inputs summed in f32 and stored as f16 after an f16 bias + relu (what the ONNX importer
/// makes of an f16 MatMul + Add + Relu): the conversion and the epilogue fuse into the matmul's
/// dispatch although the element type changes.
#[test]
fn matmul_f32_accumulation_stored_as_f16() {
    let (m, k, n) = (37, 130, 45);
    let mut b = FunctionBuilder::new("main");
    let a = b.argument(tensor_type(&[m, k], DType::F16));
    let w = b.argument(tensor_type(&[k, n], DType::F16));
    let bias = b.argument(tensor_type(&[n], DType::F16));
    let c = b.matmul(a, w, Some(DType::F32)).unwrap();
    let c = b.cast(c, DType::F16).unwrap();
    let c = b.elementwise(ScalarOp::AddF, &[c, bias]).unwrap();
    let zero = b
        .splat_constant(kiln::frontend::TensorType::new(vec![], DType::F16), 0.0)
        .unwrap();
    let r = b.elementwise(ScalarOp::MaximumF, &[c, zero]).unwrap();
    let f = b.finish(vec![r]).unwrap();
    let inputs = [
        random_input(&[m as usize, k as usize], DType::F16, 31),
        random_input(&[k as usize, n as usize], DType::F16, 32),
        random_input(&[n as usize], DType::F16, 33),
    ];
    let (rtol, atol) = tolerance(DType::F16);
    let env = kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
    let texts = check_with(f, &inputs, rtol, atol, &env, Default::default());
    assert_eq!(texts.len(), 1, "one dispatch");
}

/// The shapes of the cooperative-matrix goldens (lowering/tests/filetests/*/matmul_coopmat.mlir,
/// same MLIR: f16 x f16 -> f32 + bias + relu): lavapipe lists no cooperative matrix, so this
/// runs the SIMT pipeline, checked against the interpreter.
#[test]
fn matmul_f16_coopmat_shapes_on_the_simt_path() {
    for (m, k, n) in [(100, 70, 33), (64, 64, 64)] {
        matmul(m, k, n, DType::F16, DType::F32);
    }
}

#[test]
fn batch_matmul() {
    let mut b = FunctionBuilder::new("main");
    let a = b.argument(tensor_type(&[3, 5, 7], DType::F32));
    let w = b.argument(tensor_type(&[3, 7, 4], DType::F32));
    let r = b.batch_matmul(a, w, None).unwrap();
    let f = b.finish(vec![r]).unwrap();
    check(
        f,
        &[
            random_input(&[3, 5, 7], DType::F32, 24),
            random_input(&[3, 7, 4], DType::F32, 25),
        ],
        1e-5,
        1e-5,
    );
}

fn conv(
    layout: ConvLayout,
    input: &[u64],
    filter: &[u64],
    low: &[u64],
    high: &[u64],
    strides: [u64; 2],
    dilations: [u64; 2],
) {
    conv_padded_with(layout, input, filter, low, high, strides, dilations, 0.0);
}

#[allow(clippy::too_many_arguments)]
fn conv_padded_with(
    layout: ConvLayout,
    input: &[u64],
    filter: &[u64],
    low: &[u64],
    high: &[u64],
    strides: [u64; 2],
    dilations: [u64; 2],
    pad_value: f64,
) {
    let (f, inputs) = conv_model(
        layout, input, filter, low, high, strides, dilations, pad_value,
    );
    check(f, &inputs, 1e-5, 1e-5);
}

/// `conv2d(pad(x, low, high, pad_value), w)` and seeded random inputs for it.
#[allow(clippy::too_many_arguments)]
fn conv_model(
    layout: ConvLayout,
    input: &[u64],
    filter: &[u64],
    low: &[u64],
    high: &[u64],
    strides: [u64; 2],
    dilations: [u64; 2],
    pad_value: f64,
) -> (kiln::frontend::Function, [kiln::HostTensor; 2]) {
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor_type(input, DType::F32));
    let w = b.argument(tensor_type(filter, DType::F32));
    let p = b.pad(x, low, high, pad_value).unwrap();
    let c = b
        .conv2d(
            Conv2d {
                layout,
                strides,
                dilations,
            },
            p,
            w,
        )
        .unwrap();
    let f = b.finish(vec![c]).unwrap();
    let xs: Vec<usize> = input.iter().map(|&d| d as usize).collect();
    let ws: Vec<usize> = filter.iter().map(|&d| d as usize).collect();
    (
        f,
        [
            random_input(&xs, DType::F32, 26),
            random_input(&ws, DType::F32, 27),
        ],
    )
}

#[test]
fn conv_nhwc_padded_strided() {
    conv(
        ConvLayout::NhwcHwcf,
        &[2, 9, 7, 3],
        &[3, 3, 3, 5],
        &[0, 1, 1, 0],
        &[0, 1, 1, 0],
        [2, 2],
        [1, 1],
    );
}
#[test]
fn conv_nchw_dilated() {
    conv(
        ConvLayout::NchwFchw,
        &[1, 3, 11, 10],
        &[4, 3, 3, 3],
        &[0, 0, 2, 2],
        &[0, 0, 2, 2],
        [1, 1],
        [2, 2],
    );
}
#[test]
fn conv_depthwise_nhwc() {
    conv(
        ConvLayout::DepthwiseNhwcHwc,
        &[1, 8, 8, 6],
        &[3, 3, 6],
        &[0, 1, 1, 0],
        &[0, 1, 1, 0],
        [1, 1],
        [1, 1],
    );
}

#[test]
fn max_and_sum_pooling() {
    for kind in [PoolKind::Max, PoolKind::Sum] {
        let mut b = FunctionBuilder::new("main");
        let x = b.argument(tensor_type(&[2, 3, 10, 9], DType::F32));
        let pool = Pooling {
            kind,
            layout: PoolLayout::Nchw,
            strides: [2, 2],
            dilations: [1, 1],
        };
        let r = b.pooling(pool, x, [3, 3]).unwrap();
        let f = b.finish(vec![r]).unwrap();
        check(
            f,
            &[random_input(&[2, 3, 10, 9], DType::F32, 28)],
            1e-5,
            1e-5,
        );
    }
}

/// Dynamic M: one tiled matmul program (M in a push constant) runs for several row counts.
#[test]
fn matmul_dynamic_m() {
    use kiln::frontend::{Dim, TensorType, Type};
    let mut b = FunctionBuilder::new("main");
    let a = b.argument(Type::Tensor(TensorType::new(
        vec![Dim::Symbol("M".into()), Dim::Static(40)],
        DType::F32,
    )));
    let w = b.argument(tensor_type(&[40, 72], DType::F32));
    let c = b.matmul(a, w, None).unwrap();
    let f = b.finish(vec![c]).unwrap();
    for m in [1usize, 17, 130] {
        let inputs = [
            random_input(&[m, 40], DType::F32, 40 + m as u64),
            random_input(&[40, 72], DType::F32, 41),
        ];
        check(f.clone(), &inputs, 1e-5, 1e-5);
    }
}

/// Convolutions large enough for the tiled implicit-GEMM path (rows = N*OH*OW, columns = F,
/// reduction = KH*KW*C), padding fused into the promoted loads.
#[test]
fn conv_implicit_gemm_tiled() {
    conv(
        ConvLayout::NhwcHwcf,
        &[2, 13, 11, 5],
        &[3, 3, 5, 20],
        &[0, 1, 1, 0],
        &[0, 1, 1, 0],
        [1, 1],
        [1, 1],
    );
    conv(
        ConvLayout::NchwFchw,
        &[1, 6, 17, 15],
        &[24, 6, 3, 3],
        &[0, 0, 1, 1],
        &[0, 0, 1, 1],
        [2, 2],
        [1, 1],
    );
}

/// Channels a multiple of 4: the tiled conv copies its input as vec4 straight from the
/// unpadded buffer through the fused pad (out-of-bounds vectors take the pad value, here not
/// zero), with asymmetric padding and strides.
#[test]
fn conv_vec4_input_through_a_fused_pad() {
    conv_padded_with(
        ConvLayout::NhwcHwcf,
        &[2, 11, 9, 8],
        &[3, 3, 8, 16],
        &[0, 2, 1, 0],
        &[0, 1, 2, 0],
        [1, 1],
        [1, 1],
        -0.75,
    );
    conv_padded_with(
        ConvLayout::NhwcHwcf,
        &[1, 10, 13, 16],
        &[3, 3, 16, 20],
        &[0, 1, 1, 0],
        &[0, 1, 1, 0],
        [2, 2],
        [1, 1],
        1.25,
    );
}

/// The GPU configuration (as on the H200: double-buffered stages prefetched into registers,
/// vec4 copies and shared reads, small problems spread over more workgroups) run on lavapipe,
/// with odd sizes; and an explicit single-stage tiling.
#[test]
fn matmul_and_conv_with_the_gpu_configuration() {
    use kiln::lowering::kernel_config::MatmulTiles;
    let matmul_fn = |m: u64, k: u64, n: u64| {
        let mut b = FunctionBuilder::new("main");
        let x = b.argument(tensor_type(&[m, k], DType::F32));
        let w = b.argument(tensor_type(&[k, n], DType::F32));
        let c = b.matmul(x, w, None).unwrap();
        b.finish(vec![c]).unwrap()
    };
    for (m, k, n, tiles) in [
        (300, 132, 200, None),
        (77, 130, 93, None),
        (256, 64, 256, Some("64x64x16/8x8/2")),
        (130, 36, 70, Some("64x32x8/4x4/1")),
        // The H200's default for large matmuls (8 x 16 register tiles), here with edges.
        (200, 44, 300, Some("128x256x16/8x16/1")),
        // Large enough (96 tiles of 128 x 256) for that default.
        (1024, 12, 3072, None),
    ] {
        let options = kiln::lowering::PassOptions {
            matmul_tiles: tiles.map(|t| t.parse::<MatmulTiles>().unwrap()),
            ..Default::default()
        };
        let inputs = [
            random_input(&[m as usize, k as usize], DType::F32, 31),
            random_input(&[k as usize, n as usize], DType::F32, 32),
        ];
        let texts = check_with(
            matmul_fn(m, k, n),
            &inputs,
            1e-5,
            1e-5,
            &llvmpipe_as_gpu(),
            options,
        );
        assert!(
            texts.iter().any(|t| t.contains("ControlBarrier")),
            "{m}x{k}x{n}: not tiled"
        );
    }
    let (f, inputs) = conv_model(
        ConvLayout::NhwcHwcf,
        &[2, 13, 11, 16],
        &[3, 3, 16, 24],
        &[0, 1, 1, 0],
        &[0, 1, 1, 0],
        [1, 1],
        [1, 1],
        0.5,
    );
    check_with(
        f,
        &inputs,
        1e-5,
        1e-5,
        &llvmpipe_as_gpu(),
        kiln::lowering::PassOptions::default(),
    );
}

/// The lanes pipeline of CPU devices (the llvmpipe preset's default for f32 / i32 contractions:
/// one subgroup per workgroup, operands read straight from the buffers, lhs rows shared with
/// subgroup broadcasts, no barriers): odd sizes with a fused bias + relu, a batch matmul, an
/// i32 matmul, a padded strided conv (window maps and the fused pad on the fly), and a forced
/// small tiling (16 rows x 1 column per lane) so that many workgroups meet the edges.
#[test]
fn lanes_matmul_on_a_cpu_device() {
    use kiln::lowering::kernel_config::LanesTiles;
    let env = kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
    let lanes = |f, inputs: &[kiln::HostTensor], tiles: Option<&str>, tolerance: (f64, f64)| {
        let options = kiln::lowering::PassOptions {
            lanes_tiles: tiles.map(|t| t.parse::<LanesTiles>().unwrap()),
            ..Default::default()
        };
        let texts = check_with(f, inputs, tolerance.0, tolerance.1, &env, options);
        assert!(
            texts.iter().any(|t| t.contains("GroupNonUniformBroadcast"))
                && !texts.iter().any(|t| t.contains("ControlBarrier")),
            "not the lanes pipeline"
        );
    };
    let bias_relu = |m: u64, k: u64, n: u64, dtype: DType| {
        let mut b = FunctionBuilder::new("main");
        let a = b.argument(tensor_type(&[m, k], dtype));
        let w = b.argument(tensor_type(&[k, n], dtype));
        let bias = b.argument(tensor_type(&[n], dtype));
        let c = b.matmul(a, w, None).unwrap();
        let (add, max) = match dtype {
            DType::I32 => (ScalarOp::AddI, ScalarOp::MaxSI),
            _ => (ScalarOp::AddF, ScalarOp::MaximumF),
        };
        let c = b.elementwise(add, &[c, bias]).unwrap();
        let zero = b
            .splat_constant(kiln::frontend::TensorType::new(vec![], dtype), 0.0)
            .unwrap();
        let r = b.elementwise(max, &[c, zero]).unwrap();
        let inputs = vec![
            random_input(&[m as usize, k as usize], dtype, 51),
            random_input(&[k as usize, n as usize], dtype, 52),
            random_input(&[n as usize], dtype, 53),
        ];
        (b.finish(vec![r]).unwrap(), inputs)
    };
    for (m, k, n, tiles) in [
        (70, 33, 100, None),
        (300, 200, 17, None),
        (45, 9, 30, Some("16x1")),
    ] {
        let (f, inputs) = bias_relu(m, k, n, DType::F32);
        lanes(f, &inputs, tiles, (1e-5 * (k as f64).sqrt(), 1e-5));
    }
    let (f, inputs) = bias_relu(37, 21, 29, DType::I32);
    lanes(f, &inputs, None, (0.0, 0.0));

    let mut b = FunctionBuilder::new("main");
    let a = b.argument(tensor_type(&[3, 41, 23], DType::F32));
    let w = b.argument(tensor_type(&[3, 23, 19], DType::F32));
    let r = b.batch_matmul(a, w, None).unwrap();
    let inputs = [
        random_input(&[3, 41, 23], DType::F32, 54),
        random_input(&[3, 23, 19], DType::F32, 55),
    ];
    lanes(b.finish(vec![r]).unwrap(), &inputs, None, (1e-5, 1e-5));

    let (f, inputs) = conv_model(
        ConvLayout::NhwcHwcf,
        &[2, 13, 11, 6],
        &[3, 3, 6, 20],
        &[0, 1, 1, 0],
        &[0, 2, 1, 0],
        [2, 1],
        [1, 1],
        0.5,
    );
    lanes(f, &inputs, None, (1e-5, 1e-5));
}

/// A few-rows contraction whose rhs is read transposed (`x * W^T`, W stored `[N, K]` as in
/// ONNX `Gemm` with `transB`, or attention's `q * k^T`) must not take the row-major vec4 rhs
/// loads. It takes the row-reduction strategy instead (each output the dot product of two
/// contiguous rows: a subgroup per output, the outputs of one rhs row together, no barrier),
/// with vec4 chunks along K when K is a multiple of 4, and the bias + relu epilogue fused.
#[test]
fn few_rows_matmul_transposed_rhs_as_gpu() {
    let n = 260usize;
    for (m, k, ty, epilogue) in [
        (2usize, 300usize, "f32", false),
        (1, 300, "f32", false),
        (5, 300, "f16", true),
        (20, 300, "f32", false),
        (1, 250, "f32", true),
        (1, 1000, "f16", true),
    ] {
        let dtype = if ty == "f16" { DType::F16 } else { DType::F32 };
        let (x, y) = if ty == "f16" {
            (
                "%xe = arith.extf %x : f16 to f32\n%ye = arith.extf %y : f16 to f32\n",
                "%p = arith.mulf %xe, %ye : f32\n",
            )
        } else {
            ("", "%p = arith.mulf %x, %y : f32\n")
        };
        let (bias_arg, tail) = if epilogue {
            (
                format!(", %bias: tensor<{n}xf32>"),
                format!(
                    "%r = linalg.generic {{indexing_maps = [#out2, #bias, #out2], iterator_types = [\"parallel\", \"parallel\"]}} ins(%c, %bias : tensor<{m}x{n}xf32>, tensor<{n}xf32>) outs(%e : tensor<{m}x{n}xf32>) {{\n\
                     ^bb0(%v: f32, %b: f32, %o: f32):\n\
                       %s = arith.addf %v, %b : f32\n\
                       %q = arith.maximumf %s, %zero : f32\n\
                       linalg.yield %q : f32\n\
                     }} -> tensor<{m}x{n}xf32>\n\
                     return %r : tensor<{m}x{n}xf32>\n"
                ),
            )
        } else {
            (String::new(), format!("return %c : tensor<{m}x{n}xf32>\n"))
        };
        let text = format!(
            "#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>\n\
             #rhs = affine_map<(d0, d1, d2) -> (d1, d2)>\n\
             #out = affine_map<(d0, d1, d2) -> (d0, d1)>\n\
             #out2 = affine_map<(d0, d1) -> (d0, d1)>\n\
             #bias = affine_map<(d0, d1) -> (d1)>\n\
             func.func @main(%a: tensor<{m}x{k}x{ty}>, %w: tensor<{n}x{k}x{ty}>{bias_arg}) -> tensor<{m}x{n}xf32> {{\n\
               %zero = arith.constant 0.0 : f32\n\
               %e = tensor.empty() : tensor<{m}x{n}xf32>\n\
               %f = linalg.fill ins(%zero : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>\n\
               %c = linalg.generic {{indexing_maps = [#lhs, #rhs, #out], iterator_types = [\"parallel\", \"parallel\", \"reduction\"]}} ins(%a, %w : tensor<{m}x{k}x{ty}>, tensor<{n}x{k}x{ty}>) outs(%f : tensor<{m}x{n}xf32>) {{\n\
               ^bb0(%x: {ty}, %y: {ty}, %acc: f32):\n\
                 {x}{y}%s = arith.addf %acc, %p : f32\n\
                 linalg.yield %s : f32\n\
               }} -> tensor<{m}x{n}xf32>\n\
               {tail}\
             }}\n"
        );
        let module = kiln::frontend::parse_mlir(&text).unwrap();
        let f = module.functions.into_iter().next().unwrap();
        let mut inputs = vec![
            random_input(&[m, k], dtype, 51),
            random_input(&[n, k], dtype, 52),
        ];
        if epilogue {
            inputs.push(random_input(&[n], DType::F32, 53));
        }
        let texts = check_as_gpu(f, &inputs, k);
        assert_dot_rows(&texts, ty, k, &format!("{m} x {k} {ty}"));
    }
}

/// `texts` is one dispatch reducing each output's row by a subgroup (no barrier), with vec4
/// loads of `ty` exactly when the row length `k` is a multiple of 4.
fn assert_dot_rows(texts: &[String], ty: &str, k: usize, case: &str) {
    assert_eq!(texts.len(), 1, "{case}: one dispatch");
    let text = &texts[0];
    assert!(
        text.contains("GroupNonUniformFAdd") && !text.contains("spirv.ControlBarrier"),
        "{case}: a subgroup per output:\n{text}"
    );
    let vec4 = text.contains(&format!("vector<4 x {ty}>"));
    assert_eq!(vec4, k.is_multiple_of(4), "{case}: vec4 loads:\n{text}");
}

/// Batched rows times a transposed rhs (attention's `q * k^T` while decoding: `[B, M, D] x
/// [B, S, D]^T`), which no matmul pipeline takes: each output is the dot product of two rows
/// contiguous along D, reduced by a subgroup (vec4 loads along D) rather than by a serial loop
/// per output, on lavapipe as itself (a CPU device) and posing as a GPU.
#[test]
fn batched_rows_times_transposed_rhs() {
    let (b, s) = (3usize, 70usize);
    for (m, d, ty) in [(1usize, 128usize, "f16"), (2, 66, "f32")] {
        let dtype = if ty == "f16" { DType::F16 } else { DType::F32 };
        let product = if ty == "f16" {
            "%xe = arith.extf %x : f16 to f32\n%ye = arith.extf %y : f16 to f32\n%p = arith.mulf %xe, %ye : f32\n"
        } else {
            "%p = arith.mulf %x, %y : f32\n"
        };
        let text = format!(
            "#q = affine_map<(b, m, n, k) -> (b, m, k)>\n\
             #k = affine_map<(b, m, n, k) -> (b, n, k)>\n\
             #o = affine_map<(b, m, n, k) -> (b, m, n)>\n\
             func.func @main(%a: tensor<{b}x{m}x{d}x{ty}>, %w: tensor<{b}x{s}x{d}x{ty}>) -> tensor<{b}x{m}x{s}xf32> {{\n\
               %zero = arith.constant 0.0 : f32\n\
               %e = tensor.empty() : tensor<{b}x{m}x{s}xf32>\n\
               %f = linalg.fill ins(%zero : f32) outs(%e : tensor<{b}x{m}x{s}xf32>) -> tensor<{b}x{m}x{s}xf32>\n\
               %c = linalg.generic {{indexing_maps = [#q, #k, #o], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"reduction\"]}} ins(%a, %w : tensor<{b}x{m}x{d}x{ty}>, tensor<{b}x{s}x{d}x{ty}>) outs(%f : tensor<{b}x{m}x{s}xf32>) {{\n\
               ^bb0(%x: {ty}, %y: {ty}, %acc: f32):\n\
                 {product}%r = arith.addf %acc, %p : f32\n\
                 linalg.yield %r : f32\n\
               }} -> tensor<{b}x{m}x{s}xf32>\n\
               return %c : tensor<{b}x{m}x{s}xf32>\n\
             }}\n"
        );
        let f = kiln::frontend::parse_mlir(&text)
            .unwrap()
            .functions
            .into_iter()
            .next()
            .unwrap();
        let inputs = [
            random_input(&[b, m, d], dtype, 71),
            random_input(&[b, s, d], dtype, 72),
        ];
        let tolerance = 1e-5 * (d as f64).sqrt();
        let llvmpipe = kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
        for env in [llvmpipe, llvmpipe_as_gpu()] {
            let texts = check_with(
                f.clone(),
                &inputs,
                tolerance,
                1e-5,
                &env,
                Default::default(),
            );
            assert_dot_rows(&texts, ty, d, &format!("{ty}, D = {d}"));
        }
    }
}

/// A linear layer with a dynamic M on a GPU (lavapipe posing as one) gets run-time variants:
/// the few-rows kernel for one row, up to 4 and up to 64 (8 a workgroup: M = 9 and 20 take several
/// workgroup rows, the last one partly past M), the tiled pipeline for more, with the tiling of
/// a static M's first rows per range below 1024 rows (`_m65`, `_m609`); each M runs the one whose
/// range holds (the others have no workgroups) and matches the interpreter.
#[test]
fn dynamic_rows_variants_as_gpu() {
    let (k, n) = (300u64, 260u64);
    let mut b = FunctionBuilder::new("main");
    let a = b.argument(Type::Tensor(kiln::frontend::TensorType::new(
        vec![Dim::Symbol("M".into()), Dim::Static(k)],
        DType::F16,
    )));
    let w = b.argument(tensor_type(&[k, n], DType::F16));
    let bias = b.argument(tensor_type(&[n], DType::F32));
    let c = b.matmul(a, w, Some(DType::F32)).unwrap();
    let c = b.elementwise(ScalarOp::AddF, &[c, bias]).unwrap();
    let f = b.finish(vec![c]).unwrap();
    let module = kiln::frontend::Module {
        functions: vec![f.clone()],
    };
    let program =
        kiln::lowering::compile(&module, &llvmpipe_as_gpu(), &Default::default()).unwrap();
    let symbol = &program.symbols[0].name;
    let names: Vec<&str> = program.dispatches.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "dispatch_0_contraction_rows1",
            "dispatch_0_contraction_rows4",
            "dispatch_0_contraction_rows8",
            "dispatch_0_contraction_m65",
            "dispatch_0_contraction_m609",
            "dispatch_0_contraction_tiled"
        ]
    );
    for (m, runs) in [
        (1, "rows1"),
        (2, "rows4"),
        (4, "rows4"),
        (5, "rows8"),
        (9, "rows8"),
        (64, "rows8"),
        (65, "m65"),
        (608, "m65"),
        (609, "m609"),
        (4096, "tiled"),
    ] {
        let values = std::collections::HashMap::from([(symbol.clone(), m)]);
        let running: Vec<&str> = program
            .dispatches
            .iter()
            .filter(|d| {
                d.workgroup_count
                    .iter()
                    .all(|c| c.eval(&values).unwrap() > 0)
            })
            .map(|d| d.name.as_str())
            .collect();
        assert_eq!(
            running,
            [format!("dispatch_0_contraction_{runs}")],
            "M = {m}"
        );
    }
    for m in [1usize, 5, 8, 9, 20, 65, 400, 1100] {
        let inputs = [
            random_input(&[m, k as usize], DType::F16, 61 + m as u64),
            random_input(&[k as usize, n as usize], DType::F16, 62),
            random_input(&[n as usize], DType::F32, 63),
        ];
        let texts = check_as_gpu(f.clone(), &inputs, k as usize);
        assert_eq!(texts.len(), names.len());
    }
}

/// Rows of a batch times a shared weight (`[B, 3, K] x [K, N]`, B dynamic: what ONNX MatMul
/// makes of a batched linear layer) get the same run-time variants over M = 3B, the few-rows
/// kernel delinearizing its rows into (b, s).
#[test]
fn dynamic_batch_rows_variants_as_gpu() {
    let (k, n) = (300usize, 260usize);
    let text = format!(
        "#lhs = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>\n\
         #rhs = affine_map<(d0, d1, d2, d3) -> (d3, d2)>\n\
         #out = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>\n\
         func.func @main(%a: tensor<?x3x{k}xf32> {{kiln.symbols = [\"B\"]}}, %w: tensor<{k}x{n}xf32>) -> tensor<?x3x{n}xf32> {{\n\
           %zero = arith.constant 0.0 : f32\n\
           %e = tensor.empty() {{kiln.symbols = [\"B\"]}} : tensor<?x3x{n}xf32>\n\
           %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x3x{n}xf32>) -> tensor<?x3x{n}xf32>\n\
           %c = linalg.generic {{indexing_maps = [#lhs, #rhs, #out], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"reduction\"]}} ins(%a, %w : tensor<?x3x{k}xf32>, tensor<{k}x{n}xf32>) outs(%f : tensor<?x3x{n}xf32>) {{\n\
           ^bb0(%x: f32, %y: f32, %acc: f32):\n\
             %p = arith.mulf %x, %y : f32\n\
             %s = arith.addf %acc, %p : f32\n\
             linalg.yield %s : f32\n\
           }} -> tensor<?x3x{n}xf32>\n\
           return %c : tensor<?x3x{n}xf32>\n\
         }}\n"
    );
    let module = kiln::frontend::parse_mlir(&text).unwrap();
    let f = module.functions.into_iter().next().unwrap();
    for batch in [1usize, 7, 30, 150] {
        let inputs = [
            random_input(&[batch, 3, k], DType::F32, 71 + batch as u64),
            random_input(&[k, n], DType::F32, 72),
        ];
        let texts = check_as_gpu(f.clone(), &inputs, k);
        // rows1, rows4, rows8, two tilings by rows (65-608, 609-1023) and the tiled variant.
        assert_eq!(texts.len(), 6);
    }
}

/// Split reduction (`split-reduction`): convolutions whose output tiles are too few for a GPU
/// (batch 1, small images, many input channels) are split along their input channels into
/// partial sums and a sum that takes the epilogue (bias + ReLU here). lavapipe posing as a GPU
/// runs the GPU configuration: two dispatches, checked against the interpreter on random data;
/// with the CPU configuration the same model stays one dispatch.
#[test]
fn conv_split_reduction_with_epilogue() {
    for (layout, input, filter, pad, strides) in [
        // ResNet-50's 3x3 at 14x14x256, narrowed: 3x3 over 64 channels, 7x7 output.
        (
            ConvLayout::NchwFchw,
            [1, 64, 7, 7],
            [48, 64, 3, 3],
            1,
            [1, 1],
        ),
        // A 1x1 conv with a stride, NCHW.
        (
            ConvLayout::NchwFchw,
            [1, 128, 9, 9],
            [40, 128, 1, 1],
            0,
            [2, 2],
        ),
        // NHWC, odd spatial sizes.
        (
            ConvLayout::NhwcHwcf,
            [1, 5, 6, 96],
            [3, 3, 96, 24],
            1,
            [1, 1],
        ),
    ] {
        let nchw = layout == ConvLayout::NchwFchw;
        let (low, high) = if nchw {
            ([0, 0, pad, pad], [0, 0, pad, pad])
        } else {
            ([0, pad, pad, 0], [0, pad, pad, 0])
        };
        let features = if nchw { filter[0] } else { filter[3] };
        let mut b = FunctionBuilder::new("main");
        let x = b.argument(tensor_type(&input, DType::F32));
        let w = b.argument(tensor_type(&filter, DType::F32));
        let bias = b.argument(tensor_type(&[features, 1, 1], DType::F32));
        let p = b.pad(x, &low, &high, 0.0).unwrap();
        let conv = Conv2d {
            layout,
            strides,
            dilations: [1, 1],
        };
        let c = b.conv2d(conv, p, w).unwrap();
        let c = if nchw {
            b.elementwise(ScalarOp::AddF, &[c, bias]).unwrap()
        } else {
            c
        };
        let zero = b
            .splat_constant(kiln::frontend::TensorType::new(vec![], DType::F32), 0.0)
            .unwrap();
        let r = b.elementwise(ScalarOp::MaximumF, &[c, zero]).unwrap();
        let f = b.finish(vec![r]).unwrap();
        let inputs = [
            random_input(&input.map(|d| d as usize), DType::F32, 61),
            random_input(&filter.map(|d| d as usize), DType::F32, 62),
            random_input(&[features as usize, 1, 1], DType::F32, 63),
        ];
        let k: u64 = filter.iter().product::<u64>() / features;
        let texts = check_as_gpu(f.clone(), &inputs, k as usize);
        assert_eq!(texts.len(), 2, "{layout:?}: partial sums and their sum");
        let cpu = kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
        let texts = check_with(
            f,
            &inputs,
            1e-5 * (k as f64).sqrt(),
            1e-5,
            &cpu,
            Default::default(),
        );
        assert_eq!(
            texts.len(),
            1,
            "{layout:?}: the CPU configuration does not split"
        );
    }
}

/// A `--precision f16` conv (f16 input and weights, f32 sums) with few output tiles is split
/// along its input channels like an f32 one (lavapipe posing as a GPU: the partial sums and
/// their sum, two dispatches), against the interpreter.
#[test]
fn f16_conv_split_reduction() {
    let text = "func.func @main(%x: tensor<1x64x9x9xf16>, %w: tensor<48x64x3x3xf16>) -> tensor<1x48x7x7xf32> {\n\
           %zero = arith.constant 0.0 : f32\n\
           %e = tensor.empty() : tensor<1x48x7x7xf32>\n\
           %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x48x7x7xf32>) -> tensor<1x48x7x7xf32>\n\
           %c = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x64x9x9xf16>, tensor<48x64x3x3xf16>) outs(%f : tensor<1x48x7x7xf32>) -> tensor<1x48x7x7xf32>\n\
           return %c : tensor<1x48x7x7xf32>\n\
         }\n";
    let f = kiln::frontend::parse_mlir(text)
        .unwrap()
        .functions
        .into_iter()
        .next()
        .unwrap();
    let inputs = [
        random_input(&[1, 64, 9, 9], DType::F16, 81),
        random_input(&[48, 64, 3, 3], DType::F16, 82),
    ];
    let texts = check_as_gpu(f, &inputs, 64 * 9);
    assert_eq!(texts.len(), 2, "partial sums and their sum");
}

/// Two NCHW convs in a chain (`channels-last`: the tensor between them is stored NHWC), the
/// second with few output tiles and so split along its input channels (lavapipe posing as a
/// GPU): its partial-sum kernel reads the NHWC input as vec4 through the fused pad and the
/// split's `expand_shape` of the channels; against the interpreter.
#[test]
fn nchw_conv_chain_channels_last_split() {
    let text = "func.func @main(%x: tensor<1x64x9x9xf32>, %w1: tensor<64x64x1x1xf32>, %w2: tensor<48x64x3x3xf32>) -> tensor<1x48x5x5xf32> {\n\
           %zero = arith.constant 0.0 : f32\n\
           %e1 = tensor.empty() : tensor<1x64x9x9xf32>\n\
           %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x64x9x9xf32>) -> tensor<1x64x9x9xf32>\n\
           %c1 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w1 : tensor<1x64x9x9xf32>, tensor<64x64x1x1xf32>) outs(%f1 : tensor<1x64x9x9xf32>) -> tensor<1x64x9x9xf32>\n\
           %p = tensor.pad %c1 low[0, 0, 1, 1] high[0, 0, 1, 1] {\n\
           ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):\n\
             tensor.yield %zero : f32\n\
           } : tensor<1x64x9x9xf32> to tensor<1x64x11x11xf32>\n\
           %e2 = tensor.empty() : tensor<1x48x5x5xf32>\n\
           %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x48x5x5xf32>) -> tensor<1x48x5x5xf32>\n\
           %c2 = linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%p, %w2 : tensor<1x64x11x11xf32>, tensor<48x64x3x3xf32>) outs(%f2 : tensor<1x48x5x5xf32>) -> tensor<1x48x5x5xf32>\n\
           return %c2 : tensor<1x48x5x5xf32>\n\
         }\n";
    let f = kiln::frontend::parse_mlir(text)
        .unwrap()
        .functions
        .into_iter()
        .next()
        .unwrap();
    let inputs = [
        random_input(&[1, 64, 9, 9], DType::F32, 91),
        random_input(&[64, 64, 1, 1], DType::F32, 92),
        random_input(&[48, 64, 3, 3], DType::F32, 93),
    ];
    let texts = check_as_gpu(f, &inputs, 64 * 9);
    assert_eq!(
        texts.len(),
        3,
        "conv 1, the partial sums of conv 2 and their sum"
    );
}

/// Grouped 3x3 convs as the ONNX importer writes them (the NCHW input split along its channels
/// into NGCHW, `conv_2d_ngchw_gfchw`, the result merged back) between 1x1 convs: `channels-last`
/// stores the whole chain NHWC and the grouped convs' operands NHWGC (their constant filter
/// GHWCF), as the golden `channels-last/grouped_conv.mlir` shows; here the numbers, against the
/// interpreter, with lavapipe's own kernels and posing as a GPU (whose grouped tilings,
/// `Heuristics::grouped_conv_simt_tiles`, are 512 x 8 for 8 channels a group and 128 x 16 for
/// 16, taken here however few their workgroups): 4 groups of 8 channels and 2 of 16, one grouped conv of stride 1 with a constant
/// filter and one of stride 2 with an argument filter (its layout kept), f32 and f16 operands.
#[test]
fn grouped_convs_channels_last() {
    for (g, cg, elem) in [
        (4u64, 8u64, DType::F32),
        (4, 8, DType::F16),
        (2, 16, DType::F32),
    ] {
        let c = g * cg;
        let e = if elem == DType::F16 { "f16" } else { "f32" };
        let act = |h: u64| format!("tensor<2x{c}x{h}x{h}x{e}>");
        let grouped = |h: u64| format!("tensor<2x{g}x{cg}x{h}x{h}x{e}>");
        let filter = format!("tensor<{g}x{cg}x{cg}x3x3x{e}>");
        let conv1x1 = |x: &str, w: &str, out: &str, h: u64| {
            format!(
                "%e{out} = tensor.empty() : {a}
                 %f{out} = linalg.fill ins(%zero : {e}) outs(%e{out} : {a}) -> {a}
                 %{out} = linalg.conv_2d_nchw_fchw {{strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}} ins({x}, {w} : {a}, tensor<{c}x{c}x1x1x{e}>) outs(%f{out} : {a}) -> {a}
",
                a = act(h)
            )
        };
        // pad 1, split, grouped conv of `stride`, merge, relu.
        let grouped_conv = |x: &str, w: &str, out: &str, h: u64, stride: u64| {
            let (hp, ho) = (h + 2, (h + 2 - 3) / stride + 1);
            format!(
                "%p{out} = tensor.pad {x} low[0, 0, 1, 1] high[0, 0, 1, 1] {{
                 ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
                   tensor.yield %zero : {e}
                 }} : {a} to {ap}
                 %s{out} = tensor.expand_shape %p{out} [[0], [1, 2], [3], [4]] output_shape [2, {g}, {cg}, {hp}, {hp}] : {ap} into {gp}
                 %e{out} = tensor.empty() : {go}
                 %f{out} = linalg.fill ins(%zero : {e}) outs(%e{out} : {go}) -> {go}
                 %c{out} = linalg.conv_2d_ngchw_gfchw {{strides = dense<{stride}> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}} ins(%s{out}, {w} : {gp}, {filter}) outs(%f{out} : {go}) -> {go}
                 %m{out} = tensor.collapse_shape %c{out} [[0], [1, 2], [3], [4]] : {go} into {ao}
                 %r{out} = tensor.empty() : {ao}
                 %{out} = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]}} ins(%m{out} : {ao}) outs(%r{out} : {ao}) {{
                 ^bb0(%a: {e}, %o: {e}):
 %v = arith.maximumf %a, %zero : {e}
 linalg.yield %v : {e}
                 }} -> {ao}
",
                a = act(h),
                ap = act(hp),
                gp = grouped(hp),
                go = grouped(ho),
                ao = act(ho),
            )
        };
        let text = format!(
            "func.func @main(%x: {x}, %w1: tensor<{c}x{c}x1x1x{e}>, %w3: {filter}, %w4: tensor<{c}x{c}x1x1x{e}>) -> {y} {{
             %zero = arith.constant 0.0 : {e}
             %w2 = arith.constant {w2}
             {c1}{c2}{c3}{c4}             return %y4 : {y}
             }}
",
            x = act(9),
            y = act(5),
            w2 = dense_literal(&[g as usize, cg as usize, cg as usize, 3, 3], 5, e),
            c1 = conv1x1("%x", "%w1", "y1", 9),
            c2 = grouped_conv("%y1", "%w2", "y2", 9, 1),
            c3 = grouped_conv("%y2", "%w3", "y3", 9, 2),
            c4 = conv1x1("%y3", "%w4", "y4", 5),
        );
        let function = || parse_function(&text);
        let inputs = [
            random_input(&[2, c as usize, 9, 9], elem, 61),
            random_input(&[c as usize, c as usize, 1, 1], elem, 62),
            random_input(&[g as usize, cg as usize, cg as usize, 3, 3], elem, 63),
            random_input(&[c as usize, c as usize, 1, 1], elem, 64),
        ];
        let (rtol, atol) = tolerance(elem);
        check(function(), &inputs, rtol, atol);
        // Problems this small take the general choice (`grouped_conv_min_workgroups`).
        let options = kiln::lowering::PassOptions {
            heuristic_overrides: vec!["grouped_conv_min_workgroups=1".parse().unwrap()],
            ..Default::default()
        };
        check_with(function(), &inputs, rtol, atol, &llvmpipe_as_gpu(), options);
    }
}

/// An f16 pointwise contraction whose body sums squared differences (not products: its kernel
/// is SIMT, not cooperative matrices) with few output tiles is split along its input channels,
/// the slices sized from that SIMT kernel's grid (`kernel_config::contraction_pipeline`), and
/// the partial sums of the body (not of products) add up to the interpreter's result
/// (lavapipe posing as a GPU: the partial sums and their sum, two dispatches).
#[test]
fn f16_squared_difference_split_reduction() {
    let text = "#mx = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d2, d3)>\n\
         #mw = affine_map<(d0, d1, d2, d3, d4) -> (d1, d4)>\n\
         #mo = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>\n\
         func.func @main(%x: tensor<1x512x14x14xf16>, %w: tensor<256x512xf16>) -> tensor<1x256x14x14xf32> {\n\
           %zero = arith.constant 0.0 : f32\n\
           %e = tensor.empty() : tensor<1x256x14x14xf32>\n\
           %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x256x14x14xf32>) -> tensor<1x256x14x14xf32>\n\
           %d = linalg.generic {indexing_maps = [#mx, #mw, #mo], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\", \"reduction\"]} ins(%x, %w : tensor<1x512x14x14xf16>, tensor<256x512xf16>) outs(%f : tensor<1x256x14x14xf32>) {\n\
           ^bb0(%a: f16, %b: f16, %acc: f32):\n\
             %a32 = arith.extf %a : f16 to f32\n\
             %b32 = arith.extf %b : f16 to f32\n\
             %s = arith.subf %a32, %b32 : f32\n\
             %q = arith.mulf %s, %s : f32\n\
             %r = arith.addf %acc, %q : f32\n\
             linalg.yield %r : f32\n\
           } -> tensor<1x256x14x14xf32>\n\
           return %d : tensor<1x256x14x14xf32>\n\
         }\n";
    let f = kiln::frontend::parse_mlir(text)
        .unwrap()
        .functions
        .into_iter()
        .next()
        .unwrap();
    let inputs = [
        random_input(&[1, 512, 14, 14], DType::F16, 83),
        random_input(&[256, 512], DType::F16, 84),
    ];
    let texts = check_as_gpu(f, &inputs, 512);
    assert_eq!(texts.len(), 2, "partial sums and their sum");
}

/// The dense literal of a seeded f16 tensor (values a multiple of 1/64 in [-1, 1], exact in f16).
fn f16_literal(shape: &[usize], seed: u64) -> String {
    dense_literal(shape, seed, "f16")
}

/// The dense literal of a seeded tensor of element type `elem` (values a multiple of 1/64 in
/// [-1, 1], exact in f16 and f32).
fn dense_literal(shape: &[usize], seed: u64, elem: &str) -> String {
    let n: usize = shape.iter().product();
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let values: Vec<String> = (0..n)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let x = ((state >> 33) % 129) as i64 - 64;
            format!("{:.6}", x as f64 / 64.0)
        })
        .collect();
    let ty = shape
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("x");
    format!("dense<[{}]> : tensor<{ty}x{elem}>", values.join(", "))
}

/// `pointwise-convs`: two f16 NCHW 1x1 convs with constant filters (the first on the
/// 4-channel input, which `channels-last` copies to NHWC at entry), a ReLU between them and a
/// residual add after (NHWC after `channels-last`), become plain matmuls (no contraction reads
/// a window any more) and compute what the interpreter does; a 1x1 stride-2 conv beside them
/// stays a convolution. Lavapipe posing as a GPU, `large_matmul_min_macs` and
/// `pointwise_conv_min_macs` lowered to 1 (the
/// pass leaves convs this small alone otherwise: `pointwise-convs/small_convs_stay.mlir`).
#[test]
fn f16_pointwise_convs_become_matmuls() {
    let (c, h) = (16usize, 6usize);
    let conv = |x: &str, w: &str, out: &str, cin: usize, stride: usize, oh: usize| {
        format!(
            "%e{out} = tensor.empty() : tensor<2x{c}x{oh}x{oh}xf32>\n\
             %f{out} = linalg.fill ins(%zero : f32) outs(%e{out} : tensor<2x{c}x{oh}x{oh}xf32>) -> tensor<2x{c}x{oh}x{oh}xf32>\n\
             %{out} = linalg.conv_2d_nchw_fchw {{strides = dense<{stride}> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>}} ins({x}, {w} : tensor<2x{cin}x{h}x{h}xf16>, tensor<{c}x{cin}x1x1xf16>) outs(%f{out} : tensor<2x{c}x{oh}x{oh}xf32>) -> tensor<2x{c}x{oh}x{oh}xf32>\n"
        )
    };
    let elementwise = |body: &str, ins: &str, types: &str, out: &str, ty: &str| {
        let n = ins.split(',').count() + 1;
        let maps = vec!["affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>"; n].join(", ");
        format!(
            "%e{out} = tensor.empty() : {ty}\n\
             %{out} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]}} ins({ins} : {types}) outs(%e{out} : {ty}) {{\n\
             {body}\n\
             }} -> {ty}\n"
        )
    };
    // Sums over the image (a function result keeps its layout; these have no image dims).
    let image_sum = |x: &str, ty: &str, out: &str| {
        format!(
            "%e{out} = tensor.empty() : tensor<2x{c}xf32>\n\
             %f{out} = linalg.fill ins(%zero : f32) outs(%e{out} : tensor<2x{c}xf32>) -> tensor<2x{c}xf32>\n\
             %{out} = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = [\"parallel\", \"parallel\", \"reduction\", \"reduction\"]}} ins({x} : {ty}) outs(%f{out} : tensor<2x{c}xf32>) {{\n\
             ^bb0(%a: f32, %acc: f32):\n %s = arith.addf %acc, %a : f32\n linalg.yield %s : f32\n\
             }} -> tensor<2x{c}xf32>\n"
        )
    };
    let f16_ty = format!("tensor<2x{c}x{h}x{h}xf16>");
    let f32_ty = format!("tensor<2x{c}x{h}x{h}xf32>");
    let mut text = format!(
        "func.func @main(%x: tensor<2x4x{h}x{h}xf16>) -> (tensor<2x{c}xf32>, tensor<2x{c}xf32>) {{\n\
         %zero = arith.constant 0.0 : f32\n\
         %w1 = arith.constant {}\n\
         %w2 = arith.constant {}\n\
         %w3 = arith.constant {}\n",
        f16_literal(&[c, 4, 1, 1], 1),
        f16_literal(&[c, c, 1, 1], 2),
        f16_literal(&[c, c, 1, 1], 3),
    );
    text += &conv("%x", "%w1", "c1", 4, 1, h);
    text += &elementwise(
        "^bb0(%a: f32, %o: f16):\n %m = arith.maximumf %a, %zero : f32\n %t = arith.truncf %m : f32 to f16\n linalg.yield %t : f16",
        "%c1",
        &f32_ty,
        "r1",
        &f16_ty,
    );
    text += &conv("%r1", "%w2", "c2", c, 1, h);
    text += &elementwise(
        "^bb0(%a: f32, %b: f16, %o: f32):\n %b32 = arith.extf %b : f16 to f32\n %s = arith.addf %a, %b32 : f32\n linalg.yield %s : f32",
        "%c2, %r1",
        &format!("{f32_ty}, {f16_ty}"),
        "y",
        &f32_ty,
    );
    text += &conv("%r1", "%w3", "c3", c, 2, 3);
    text += &image_sum("%y", &f32_ty, "s1");
    text += &image_sum("%c3", &format!("tensor<2x{c}x3x3xf32>"), "s2");
    text += &format!("return %s1, %s2 : tensor<2x{c}xf32>, tensor<2x{c}xf32>\n}}\n");
    let f = kiln::frontend::parse_mlir(&text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
        .functions
        .into_iter()
        .next()
        .unwrap();
    let module = kiln::frontend::Module {
        functions: vec![f.clone()],
    };
    // Convs this small keep the conv pipelines unless the multiply-add floor is lowered.
    let options = kiln::lowering::PassOptions {
        verify_each: true,
        heuristic_overrides: vec![
            "large_matmul_min_macs=1".parse().unwrap(),
            "pointwise_conv_min_macs=1".parse().unwrap(),
        ],
        ..Default::default()
    };
    let unit =
        kiln::lowering::lower_until(&module, &llvmpipe_as_gpu(), &options, "pointwise-convs")
            .unwrap_or_else(|e| panic!("{e}"));
    let loops: Vec<usize> = unit
        .function
        .body
        .iter()
        .filter_map(|&op| match &unit.function.ops[op].kind {
            kiln::frontend::OpKind::Generic(g)
                if g.iterator_types
                    .contains(&kiln::frontend::IteratorType::Reduction) =>
            {
                Some(g.iterator_types.len())
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        loops,
        [5, 5, 7, 4, 4],
        "two matmuls (n, h, w, f, c), the strided conv's window loop and the two image sums"
    );
    let inputs = [random_input(&[2, 4, h, h], DType::F16, 71)];
    let tolerance = 1e-5 * ((c * h * h) as f64).sqrt();
    check_with(f, &inputs, tolerance, 1e-5, &llvmpipe_as_gpu(), options);
}

/// A squeeze-and-excitation block's first conv: 1x1 over a pooled `[M, C, 1, 1]` to few output
/// channels (`Heuristics::gemv_narrow_max_outputs`) takes the few-rows pipeline (slices of the
/// channels summed in shared memory) instead of the serial reduction, one invocation an
/// output; NCHW and NHWC, 1 / 3 / 32 images, an odd N, f32 and f16 operands, against the
/// interpreter on lavapipe posing as a GPU.
#[test]
fn squeeze_convs_take_the_few_rows_pipeline_as_gpu() {
    for (layout, m, c, n, dtype) in [
        (ConvLayout::NchwFchw, 1u64, 1152u64, 48u64, DType::F32),
        (ConvLayout::NchwFchw, 3, 700, 13, DType::F16),
        (ConvLayout::NhwcHwcf, 32, 384, 24, DType::F32),
        (ConvLayout::NhwcHwcf, 1, 256, 8, DType::F16),
    ] {
        let (input, filter) = match layout {
            ConvLayout::NchwFchw => (vec![m, c, 1, 1], vec![n, c, 1, 1]),
            _ => (vec![m, 1, 1, c], vec![1, 1, c, n]),
        };
        let mut b = FunctionBuilder::new("main");
        let x = b.argument(tensor_type(&input, dtype));
        let w = b.argument(tensor_type(&filter, dtype));
        let conv = Conv2d {
            layout,
            strides: [1, 1],
            dilations: [1, 1],
        };
        let y = b.conv2d(conv, x, w).unwrap();
        let f = b.finish(vec![y]).unwrap();
        let shape = |s: &[u64]| s.iter().map(|&d| d as usize).collect::<Vec<_>>();
        let inputs = [
            random_input(&shape(&input), dtype, 61),
            random_input(&shape(&filter), dtype, 62),
        ];
        let (rtol, atol) = match dtype {
            DType::F16 => tolerance(DType::F16),
            _ => (1e-5 * (c as f64).sqrt(), 1e-5),
        };
        let texts = check_with(
            f,
            &inputs,
            rtol,
            atol,
            &llvmpipe_as_gpu(),
            Default::default(),
        );
        assert_eq!(texts.len(), 1, "{layout:?} {m}x{c}->{n}");
        assert!(
            texts[0].contains("spirv.ControlBarrier"),
            "{layout:?} {m}x{c}->{n}: the channel slices meet in shared memory"
        );
    }
}
