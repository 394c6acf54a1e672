//! Device tests of `channels-last`'s argument copies (`lowering/src/channels_last/arguments.rs`):
//! the stem of an image network reading its 3-channel NCHW graph input, compiled for a GPU
//! (lavapipe posing as one, so that the SIMT conv kernels run), against the reference
//! interpreter on seeded random data, with the copy padding the channels to 4 (the default),
//! only transposing, and off.

mod lowering_common;
use kiln::frontend::{Conv2d, ConvLayout, DType, ElementsData, FunctionBuilder, ScalarOp};
use kiln::lowering::PassOptions;
use lowering_common::*;

/// Random constant data of `shape` (seeded), as f32.
fn random_f32(shape: &[usize], seed: u64) -> ElementsData {
    let t = random_input(shape, DType::F32, seed).to_reference();
    ElementsData::F32(t.data.iter().map(|&x| x as f32).collect())
}

/// `x: n x 3 x h x w` -> pad `pad` -> 7x7 stride-2 conv to 16 channels (constant filter), plus
/// a bias, relu -> pad 1 -> 3x3 conv to 8 channels (constant filter): ResNet-50's stem (pad 3),
/// smaller; without the pad the conv reads the argument's copy directly (SqueezeNet's stem).
fn stem(n: u64, h: u64, w: u64, pad: u64) -> kiln::frontend::Function {
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor_type(&[n, 3, h, w], DType::F32));
    let w1 = b
        .dense_constant(&[16, 3, 7, 7], random_f32(&[16, 3, 7, 7], 181))
        .unwrap();
    let bias = b
        .dense_constant(&[16, 1, 1], random_f32(&[16, 1, 1], 182))
        .unwrap();
    let w2 = b
        .dense_constant(&[8, 16, 3, 3], random_f32(&[8, 16, 3, 3], 183))
        .unwrap();
    let conv = |strides| Conv2d {
        layout: ConvLayout::NchwFchw,
        strides,
        dilations: [1, 1],
    };
    let p = if pad > 0 {
        b.pad(x, &[0, 0, pad, pad], &[0, 0, pad, pad], 0.0).unwrap()
    } else {
        x
    };
    let c = b.conv2d(conv([2, 2]), p, w1).unwrap();
    let c = b.elementwise(ScalarOp::AddF, &[c, bias]).unwrap();
    let zero = b
        .splat_constant(kiln::frontend::TensorType::new(vec![], DType::F32), 0.0)
        .unwrap();
    let r = b.elementwise(ScalarOp::MaximumF, &[c, zero]).unwrap();
    let p = b.pad(r, &[0, 0, 1, 1], &[0, 0, 1, 1], 0.0).unwrap();
    let c = b.conv2d(conv([1, 1]), p, w2).unwrap();
    b.finish(vec![c]).unwrap()
}

#[test]
fn stem_reads_its_nchw_input_through_an_nhwc_copy() {
    let (n, h, w) = (2, 19, 17);
    let inputs = [random_input(&[n, 3, h, w], DType::F32, 180)];
    // (overrides, dispatches): the copy is a dispatch of its own before the two convs.
    for (overrides, pad, dispatches) in [
        (&[][..], 3, 3),
        (&[][..], 0, 3),
        (&["channels_last_input_channel_multiple=1"][..], 3, 3),
        (&["channels_last_input_max_channels=0"][..], 3, 2),
    ] {
        let options = PassOptions {
            heuristic_overrides: overrides.iter().map(|o| o.parse().unwrap()).collect(),
            ..Default::default()
        };
        let f = stem(n as u64, h as u64, w as u64, pad);
        let tolerance = 1e-5 * ((7 * 7 * 4) as f64).sqrt();
        let texts = check_with(f, &inputs, tolerance, 1e-5, &llvmpipe_as_gpu(), options);
        assert_eq!(texts.len(), dispatches, "{overrides:?} pad {pad}");
    }
}

/// The padded copy reaches the conv as NHWC with 4 channels: the first conv's kernel reads its
/// input with vec4 loads (the kernel IR after `vectorize`), where the unpadded copy (3
/// channels) is read with scalar loads.
#[test]
fn padded_stem_input_is_read_with_vec4_loads() {
    for (overrides, pad, vec4) in [
        (&[][..], 3, true),
        (&[][..], 0, true),
        (&["channels_last_input_channel_multiple=1"][..], 3, false),
    ] {
        let options = PassOptions {
            heuristic_overrides: overrides.iter().map(|o| o.parse().unwrap()).collect(),
            ..Default::default()
        };
        let module = kiln::frontend::Module {
            functions: vec![stem(2, 19, 17, pad)],
        };
        let ir = kiln::lowering::lower_until(&module, &llvmpipe_as_gpu(), &options, "vectorize")
            .unwrap_or_else(|e| panic!("{overrides:?} pad {pad}: {e}"))
            .print();
        // The conv reading the copy: its first view is the copy's output.
        let conv = ir
            .split("\nkernel @")
            .find(|k| k.starts_with("dispatch_1_contraction"))
            .unwrap_or_else(|| panic!("{overrides:?}: no dispatch_1_contraction in\n{ir}"));
        let input_loads: Vec<&str> = conv.lines().filter(|l| l.contains("= load @v0[")).collect();
        assert!(!input_loads.is_empty(), "{overrides:?}: no loads of @v0");
        assert_eq!(
            input_loads.iter().all(|l| l.ends_with(": vector<4xf32>")),
            vec4,
            "{overrides:?}: {input_loads:#?}"
        );
    }
}

/// `--precision f16` casts the graph input before the stem: the copy still takes it (the cast
/// stands between the copy and the pad, `arguments::float_cast`), padded to 4 channels, so the
/// stem reads an f16 NHWC4 tensor (the kernel IR after `channels-last` holds the 4-channel f16
/// cast). Checked against the interpreter at f16's tolerance; three dispatches (the copy with
/// the cast fused, the two convs).
#[test]
fn f16_stem_input_is_copied_through_its_cast() {
    let (n, h, w) = (2, 19, 17);
    let inputs = [random_input(&[n, 3, h, w], DType::F32, 184)];
    let options = PassOptions {
        precision: kiln::lowering::Precision::F16,
        ..Default::default()
    };
    let f = stem(n as u64, h as u64, w as u64, 3);
    let module = kiln::frontend::Module {
        functions: vec![f.clone()],
    };
    let ir = kiln::lowering::lower_until(&module, &llvmpipe_as_gpu(), &options, "channels-last")
        .unwrap()
        .print();
    let cast = format!("tensor<{n}x{h}x{w}x4xf16>");
    assert!(ir.contains(&cast), "no {cast} after channels-last:\n{ir}");
    let off = PassOptions {
        heuristic_overrides: vec!["channels_last_input_through_casts=0".parse().unwrap()],
        ..options.clone()
    };
    let nchw = kiln::lowering::lower_until(&module, &llvmpipe_as_gpu(), &off, "channels-last")
        .unwrap()
        .print();
    assert!(
        !nchw.contains(&cast),
        "the switch off still copies:\n{nchw}"
    );
    let tolerance = 4e-3 * ((7 * 7 * 4) as f64).sqrt();
    let texts = check_with(f, &inputs, tolerance, 4e-3, &llvmpipe_as_gpu(), options);
    assert_eq!(texts.len(), 3);
}
