//! Interpreter timings on mid-size ops (ignored by default; prints numbers):
//! `cargo test -p kiln-frontend --test interp_speed -- --ignored --nocapture`.

use std::time::Instant;

use kiln_frontend::*;

fn time(name: &str, f: Function, inputs: &[Tensor]) {
    let m = Module { functions: vec![f] };
    let t = Instant::now();
    let out = interpret(&m, inputs).unwrap();
    println!(
        "{name}: {:.3} s ({} outputs)",
        t.elapsed().as_secs_f64(),
        out.len()
    );
}

fn ones(shape: &[usize]) -> Tensor {
    let n = shape.iter().product();
    Tensor::from_vec(
        DType::F32,
        shape,
        (0..n).map(|i| (i % 7) as f64 * 0.1).collect(),
    )
    .unwrap()
}

#[test]
#[ignore = "timing only"]
fn interpreter_speed() {
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(Type::Tensor(TensorType::of(&[1, 32, 56, 56], DType::F32)));
    let w = b.argument(Type::Tensor(TensorType::of(&[32, 32, 3, 3], DType::F32)));
    let y = b
        .conv2d(
            Conv2d {
                layout: ConvLayout::NchwFchw,
                strides: [1, 1],
                dilations: [1, 1],
            },
            x,
            w,
        )
        .unwrap();
    time(
        "conv 1x32x56x56 * 32x32x3x3 (29M MACs)",
        b.finish(vec![y]).unwrap(),
        &[ones(&[1, 32, 56, 56]), ones(&[32, 32, 3, 3])],
    );

    let mut b = FunctionBuilder::new("main");
    let x = b.argument(Type::Tensor(TensorType::of(&[256, 256], DType::F32)));
    let y = b.matmul(x, x, None).unwrap();
    time(
        "matmul 256^3",
        b.finish(vec![y]).unwrap(),
        &[ones(&[256, 256])],
    );

    let mut b = FunctionBuilder::new("main");
    let x = b.argument(Type::Tensor(TensorType::of(&[1, 64, 128, 128], DType::F32)));
    let c = b.argument(Type::Tensor(TensorType::of(&[64, 1, 1], DType::F32)));
    let y = b.elementwise(ScalarOp::AddF, &[x, c]).unwrap();
    time(
        "broadcast add 1M elements",
        b.finish(vec![y]).unwrap(),
        &[ones(&[1, 64, 128, 128]), ones(&[64, 1, 1])],
    );

    let mut b = FunctionBuilder::new("main");
    let x = b.argument(Type::Tensor(TensorType::of(&[1, 64, 112, 112], DType::F32)));
    let y = b
        .pooling(
            Pooling {
                kind: PoolKind::Max,
                layout: PoolLayout::Nchw,
                strides: [2, 2],
                dilations: [1, 1],
            },
            x,
            [3, 3],
        )
        .unwrap();
    time(
        "maxpool 3x3/2 on 1x64x112x112",
        b.finish(vec![y]).unwrap(),
        &[ones(&[1, 64, 112, 112])],
    );
}

#[test]
#[ignore = "timing only"]
fn text_speed_on_large_weights() {
    // 4M f32 weights: print (hex blob) and parse back.
    let n = 2048u64;
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(Type::Tensor(TensorType::of(&[1, n], DType::F32)));
    let w = b
        .dense_constant(
            &[n, n],
            ElementsData::F32((0..n * n).map(|i| (i % 97) as f32 * 0.01).collect()),
        )
        .unwrap();
    let y = b.matmul(x, w, None).unwrap();
    let m = Module {
        functions: vec![b.finish(vec![y]).unwrap()],
    };
    let t = Instant::now();
    let text = print_mlir(&m);
    println!(
        "print 4M weights: {:.3} s ({} MB)",
        t.elapsed().as_secs_f64(),
        text.len() / 1_000_000
    );
    let t = Instant::now();
    let back = parse_mlir(&text).unwrap();
    println!("parse 4M weights: {:.3} s", t.elapsed().as_secs_f64());
    assert_eq!(back, m.renumbered());
}
