//! Device tests of the unrolled-window reduction of CPU devices (`kernel_config/unrolled.rs`,
//! `lower_to_kernels/unrolled.rs`): depthwise 3x3 convs (NCHW and NHWC, stride 1 and 2, pad 1)
//! with a batch-norm-like scale and shift and a ReLU fused after them, grouped convs of 2
//! channels a group, and max pooling, for channel counts that are and are not multiples of 4 /
//! 8, in f32 and f16, on lavapipe against the reference interpreter on seeded random data. Each
//! asserts the plan it runs (`unrolled-reduction dim=D outputs=N`) and spirv-val's the kernels
//! (`check_with`); and the lanes matmul with columns per lane fitted to N.

mod lowering_common;
use kiln::frontend::{
    Conv2d, ConvLayout, DType, ElementsData, Function, FunctionBuilder, PoolKind, PoolLayout,
    Pooling, ScalarOp, TensorType,
};
use kiln::lowering::PassOptions;
use lowering_common::*;

/// Random constant data of `shape` (seeded) in `dtype` (f32 or f16).
fn random_data(shape: &[usize], dtype: DType, seed: u64) -> ElementsData {
    let t = random_input(shape, dtype, seed).to_reference();
    match dtype {
        DType::F16 => ElementsData::F16(t.data.iter().map(|&x| half::f16::from_f64(x)).collect()),
        _ => ElementsData::F32(t.data.iter().map(|&x| x as f32).collect()),
    }
}

/// `relu(conv(pad(x)) * scale + shift)`: a 3x3 depthwise conv (or, with `group_channels` > 1,
/// a grouped conv of that many input and output channels a group), pad 1, `stride`, with a
/// per-channel scale and shift (a folded batch norm) and a ReLU after it: NCHW (`x: 1 x c x h
/// x w`), NHWC (`nhwc`: `x: 1 x h x w x c`) or, grouped, NGCHW.
fn conv_block(
    nhwc: bool,
    c: u64,
    [h, w]: [u64; 2],
    stride: u64,
    group_channels: u64,
    dtype: DType,
) -> (Function, Vec<usize>) {
    let mut b = FunctionBuilder::new("main");
    let u = |s: &[u64]| s.iter().map(|&x| x as usize).collect::<Vec<_>>();
    let (input, filter, layout, pad, channel_shape): (Vec<u64>, Vec<u64>, _, Vec<u64>, Vec<u64>) =
        match (nhwc, group_channels) {
            (false, 1) => (
                vec![1, c, h, w],
                vec![c, 3, 3],
                ConvLayout::DepthwiseNchwChw,
                vec![0, 0, 1, 1],
                vec![c, 1, 1],
            ),
            (true, 1) => (
                vec![1, h, w, c],
                vec![3, 3, c],
                ConvLayout::DepthwiseNhwcHwc,
                vec![0, 1, 1, 0],
                vec![c],
            ),
            (_, k) => (
                vec![1, c / k, k, h, w],
                vec![c / k, k, k, 3, 3],
                ConvLayout::NgchwGfchw,
                vec![0, 0, 0, 1, 1],
                vec![c / k, k, 1, 1],
            ),
        };
    let x = b.argument(tensor_type(&input, dtype));
    let f = b
        .dense_constant(&filter, random_data(&u(&filter), dtype, 301))
        .unwrap();
    let scale = b
        .dense_constant(&channel_shape, random_data(&u(&channel_shape), dtype, 302))
        .unwrap();
    let shift = b
        .dense_constant(&channel_shape, random_data(&u(&channel_shape), dtype, 303))
        .unwrap();
    let p = b.pad(x, &pad, &pad, 0.0).unwrap();
    let y = conv_scale_shift_relu(&mut b, (layout, stride), [p, f, scale, shift], dtype);
    (b.finish(vec![y]).unwrap(), u(&input))
}

/// `relu(conv(p, f) * scale + shift)` in `b`, the conv of `layout` and `stride`.
fn conv_scale_shift_relu(
    b: &mut FunctionBuilder,
    (layout, stride): (ConvLayout, u64),
    [p, f, scale, shift]: [kiln::frontend::ValueId; 4],
    dtype: DType,
) -> kiln::frontend::ValueId {
    let conv = Conv2d {
        layout,
        strides: [stride, stride],
        dilations: [1, 1],
    };
    let y = b.conv2d(conv, p, f).unwrap();
    let y = b.elementwise(ScalarOp::MulF, &[y, scale]).unwrap();
    let y = b.elementwise(ScalarOp::AddF, &[y, shift]).unwrap();
    let zero = b
        .splat_constant(TensorType::new(vec![], dtype), 0.0)
        .unwrap();
    b.elementwise(ScalarOp::MaximumF, &[y, zero]).unwrap()
}

/// The `plan` lines of `f` compiled for llvmpipe.
fn plans(f: &Function, options: &PassOptions) -> Vec<String> {
    plans_for(
        f,
        options,
        &kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap(),
    )
}

/// The `plan` lines of `f` compiled for `env`.
fn plans_for(f: &Function, options: &PassOptions, env: &kiln::spirv_ir::TargetEnv) -> Vec<String> {
    let module = kiln::frontend::Module {
        functions: vec![f.clone()],
    };
    kiln::lowering::lower_until(&module, env, options, "kernel-config")
        .unwrap()
        .print()
        .lines()
        .filter(|l| l.starts_with("plan "))
        .map(str::to_string)
        .collect()
}

/// Checks `f` on lavapipe against the interpreter and that one of its plans is `plan`.
fn run(f: Function, input: &[usize], dtype: DType, plan: &str, taps: usize, what: &str) {
    let options = PassOptions::default();
    let planned = plans(&f, &options);
    assert!(
        planned.iter().any(|l| l.ends_with(plan)),
        "{what}: no `{plan}` in {planned:#?}"
    );
    let (rtol, atol) = tolerance(dtype);
    let rtol = rtol * (taps as f64).sqrt();
    let env = kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
    let inputs = [random_input(input, dtype, 300)];
    check_with(f, &inputs, rtol, atol, &env, options);
}

#[test]
fn depthwise_nchw_f32() {
    // (channels, [h, w], stride, outputs an invocation: the largest divisor of the output
    // width up to 8)
    for (c, hw, stride, outputs) in [
        (24, [14, 14], 1, 7),
        (58, [16, 16], 1, 8),
        (7, [12, 12], 2, 6),
        (116, [14, 14], 2, 7),
        (24, [10, 9], 1, 3),
    ] {
        let (f, input) = conv_block(false, c, hw, stride, 1, DType::F32);
        let what = format!("nchw c={c} {hw:?} stride {stride}");
        run(
            f,
            &input,
            DType::F32,
            &format!("unrolled-reduction dim=3 outputs={outputs}"),
            9,
            &what,
        );
    }
}

#[test]
fn depthwise_nhwc_f32() {
    // (The width is tiled, not the channels, whose outputs share no input element.)
    for (c, stride, outputs) in [(24, 1, 5), (58, 2, 5), (116, 1, 5), (7, 1, 5)] {
        let (f, input) = conv_block(true, c, [9, 10], stride, 1, DType::F32);
        let what = format!("nhwc c={c} stride {stride}");
        run(
            f,
            &input,
            DType::F32,
            &format!("unrolled-reduction dim=2 outputs={outputs}"),
            9,
            &what,
        );
    }
}

#[test]
fn depthwise_f16() {
    for (nhwc, c, stride, dim) in [(false, 24, 1, 3), (false, 7, 2, 3), (true, 58, 1, 2)] {
        let (f, input) = conv_block(nhwc, c, [14, 14], stride, 1, DType::F16);
        let what = format!("f16 nhwc={nhwc} c={c} stride {stride}");
        run(
            f,
            &input,
            DType::F16,
            &format!("unrolled-reduction dim={dim} outputs=7"),
            9,
            &what,
        );
    }
}

/// Two input channels a group: 18 reduced points, within the unrolled window's limit. The
/// NCHW block goes NHWC (`channels-last`), the grouped conv's rank-5 output NHWGC: its width
/// is dim 2.
#[test]
fn grouped_two_channels_a_group() {
    for (c, stride, outputs) in [(24, 1, 7), (10, 2, 7)] {
        let (f, input) = conv_block(false, c, [14, 14], stride, 2, DType::F32);
        let what = format!("grouped c={c} stride {stride}");
        run(
            f,
            &input,
            DType::F32,
            &format!("unrolled-reduction dim=2 outputs={outputs}"),
            18,
            &what,
        );
    }
}

/// Four channels a group (36 points) keep the serial loop; so does every window with the
/// heuristic off.
#[test]
fn long_windows_stay_serial() {
    let (f, input) = conv_block(false, 16, [14, 14], 1, 4, DType::F32);
    run(f, &input, DType::F32, "serial-reduction", 36, "4 a group");
    let (f, _) = conv_block(false, 24, [14, 14], 1, 1, DType::F32);
    let options = PassOptions {
        heuristic_overrides: vec!["unrolled_reduction_max_points=0".parse().unwrap()],
        ..Default::default()
    };
    let planned = plans(&f, &options);
    assert!(
        planned.iter().any(|l| l.ends_with("serial-reduction"))
            && !planned.iter().any(|l| l.contains("unrolled")),
        "{planned:#?}"
    );
}

/// Max pooling 3x3 stride 2 (ShuffleNet's after its stem), NCHW, f32 and f16.
#[test]
fn max_pooling() {
    for dtype in [DType::F32, DType::F16] {
        let mut b = FunctionBuilder::new("main");
        let shape = [1, 5, 17, 29];
        let x = b.argument(tensor_type(&shape, dtype));
        let pool = Pooling {
            kind: PoolKind::Max,
            layout: PoolLayout::Nchw,
            strides: [2, 2],
            dilations: [1, 1],
        };
        let r = b.pooling(pool, x, [3, 3]).unwrap();
        let f = b.finish(vec![r]).unwrap();
        // Output width 14: 7 outputs an invocation.
        run(
            f,
            &[1, 5, 17, 29],
            dtype,
            "unrolled-reduction dim=3 outputs=7",
            1,
            &format!("max pool {dtype:?}"),
        );
    }
}

/// The lanes matmul (CPU devices) covers a static N in as few columns per lane as its column
/// tiles need (`kernel_config::choose_lanes_config`): ShuffleNet's grouped 1x1 convs have 34,
/// 68 and 136 output channels a group; 5 and 6 columns per lane are not powers of two.
#[test]
fn lanes_columns_fit_n() {
    for (n, plan) in [
        (34, "lanes rows=48 cols-per-lane=5 subgroup=8"),
        (68, "lanes rows=48 cols-per-lane=5 subgroup=8"),
        (136, "lanes rows=40 cols-per-lane=6 subgroup=8"),
        (24, "lanes rows=80 cols-per-lane=3 subgroup=8"),
    ] {
        let (m, k) = (49, 68);
        let mut b = FunctionBuilder::new("main");
        let a = b.argument(tensor_type(&[m, k], DType::F32));
        let w = b.argument(tensor_type(&[k, n], DType::F32));
        let c = b.matmul(a, w, None).unwrap();
        let f = b.finish(vec![c]).unwrap();
        let planned = plans(&f, &PassOptions::default());
        assert!(
            planned.iter().any(|l| l.ends_with(plan)),
            "n={n}: no `{plan}` in {planned:#?}"
        );
        let inputs = [
            random_input(&[m as usize, k as usize], DType::F32, 310),
            random_input(&[k as usize, n as usize], DType::F32, 311),
        ];
        let env = kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
        let rtol = 2e-5 * (k as f64).sqrt();
        check_with(f, &inputs, rtol, 1e-6, &env, PassOptions::default());
    }
}

/// On a GPU (lavapipe posing as one) the unrolled windows take only stride-1 windows over
/// enough invocations (`Heuristics::unrolled_reduction_gpu_min_invocations`, lowered here so a
/// small problem qualifies): an NHWC depthwise conv of stride 1 is unrolled and checked against
/// the interpreter, the same conv of stride 2 and a problem under the threshold stay serial, and
/// a threshold of 0 turns it off.
#[test]
fn gpu_unit_stride_windows() {
    let env = llvmpipe_as_gpu();
    let gpu_plans = |f: &Function, options: &PassOptions| plans_for(f, options, &env);
    let with = |min: i64| PassOptions {
        heuristic_overrides: vec![format!("unrolled_reduction_gpu_min_invocations={min}")
            .parse()
            .unwrap()],
        ..Default::default()
    };
    let unrolled = |plans: &[String]| plans.iter().any(|l| l.contains("unrolled-reduction"));
    // 16 x 16 x 24 outputs, 4 an invocation on GPUs (`unrolled_reduction_gpu_max_outputs`):
    // 1536 invocations.
    let (f, input) = conv_block(true, 24, [16, 16], 1, 1, DType::F32);
    assert!(unrolled(&gpu_plans(&f, &with(1536))), "stride 1");
    assert!(
        !unrolled(&gpu_plans(&f, &with(1537))),
        "too few invocations"
    );
    assert!(!unrolled(&gpu_plans(&f, &with(0))), "off");
    let (strided, _) = conv_block(true, 24, [16, 16], 2, 1, DType::F32);
    assert!(!unrolled(&gpu_plans(&strided, &with(1))), "stride 2");
    let inputs = [random_input(&input, DType::F32, 310)];
    let (rtol, atol) = tolerance(DType::F32);
    check_with(f, &inputs, rtol * 3.0, atol, &env, with(1536));
}

/// ConvNeXt's block shape: an NHWC argument transposed to NCHW, a 7x7 depthwise conv (pad 3)
/// with a per-channel scale and shift and a ReLU, transposed back. `channels-last` stores the
/// conv's class NHWC (a depthwise conv asks for it; the transposes become identities) and its
/// constant filter `(kh, kw, c)`, and on
/// a GPU (lavapipe posing as one) its 49-point window is unrolled whatever the grid
/// (`Heuristics::unrolled_reduction_gpu_max_points`; 3x3 windows keep the invocation floor).
/// Checked against the interpreter in f32 and f16, and serial with the GPU limit at 25.
#[test]
fn depthwise_7x7_between_transposes() {
    let block = |c: u64, [h, w]: [u64; 2], dtype: DType| {
        let mut b = FunctionBuilder::new("main");
        let u = |s: &[u64]| s.iter().map(|&x| x as usize).collect::<Vec<_>>();
        let x = b.argument(tensor_type(&[1, h, w, c], dtype));
        let nchw = b.transpose(x, &[0, 3, 1, 2]).unwrap();
        let f = b
            .dense_constant(&[c, 7, 7], random_data(&u(&[c, 7, 7]), dtype, 321))
            .unwrap();
        let scale = b
            .dense_constant(&[c, 1, 1], random_data(&u(&[c, 1, 1]), dtype, 322))
            .unwrap();
        let shift = b
            .dense_constant(&[c, 1, 1], random_data(&u(&[c, 1, 1]), dtype, 323))
            .unwrap();
        let p = b.pad(nchw, &[0, 0, 3, 3], &[0, 0, 3, 3], 0.0).unwrap();
        let layout = (ConvLayout::DepthwiseNchwChw, 1);
        let y = conv_scale_shift_relu(&mut b, layout, [p, f, scale, shift], dtype);
        let y = b.transpose(y, &[0, 2, 3, 1]).unwrap();
        (b.finish(vec![y]).unwrap(), u(&[1, h, w, c]))
    };
    let env = llvmpipe_as_gpu();
    let options = PassOptions::default();
    // (A width with no divisor from 2 to `unrolled_reduction_gpu_max_outputs`, 7, stays
    // serial on GPUs.)
    for (c, hw, dtype) in [(12, [14, 14], DType::F32), (8, [8, 8], DType::F16)] {
        let (f, input) = block(c, hw, dtype);
        let module = kiln::frontend::Module {
            functions: vec![f.clone()],
        };
        let converted = kiln::lowering::lower_until(&module, &env, &options, "channels-last")
            .unwrap()
            .print();
        let padded_nhwc = format!("tensor<1x{}x{}x{c}x", hw[0] + 6, hw[1] + 6);
        assert!(
            converted.contains(&padded_nhwc),
            "{c} channels: the padded input is not NHWC:\n{converted}"
        );
        // The filter constant follows, channels innermost (`(kh, kw, c)`).
        let filter_last = format!("tensor<7x7x{c}x");
        assert!(
            converted.contains(&filter_last),
            "{c} channels: the filter is not (kh, kw, c):\n{converted}"
        );
        let as_given = PassOptions {
            heuristic_overrides: vec!["channel_constants_last=0".parse().unwrap()],
            ..Default::default()
        };
        let kept = kiln::lowering::lower_until(&module, &env, &as_given, "channels-last")
            .unwrap()
            .print();
        assert!(
            !kept.contains(&filter_last) && kept.contains(&format!("tensor<{c}x7x7x")),
            "{c} channels, channel_constants_last=0:\n{kept}"
        );
        let planned = plans_for(&f, &options, &env);
        assert!(
            planned.iter().any(|l| l.contains("unrolled-reduction")),
            "{c} channels: {planned:#?}"
        );
        let limited = PassOptions {
            heuristic_overrides: vec!["unrolled_reduction_gpu_max_points=25".parse().unwrap()],
            ..Default::default()
        };
        let serial = plans_for(&f, &limited, &env);
        assert!(
            serial.iter().any(|l| l.ends_with("serial-reduction")),
            "{c} channels, limit 25: {serial:#?}"
        );
        let (rtol, atol) = tolerance(dtype);
        let inputs = [random_input(&input, dtype, 324)];
        check_with(f, &inputs, rtol * 7.0, atol * 2.0, &env, options.clone());
    }
}
