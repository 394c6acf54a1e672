//! The interpreter on builder-made functions, checked against naive loops written here.

use kiln_frontend::*;
use ndarray::{ArrayD, IxDyn};
use rand::{rngs::StdRng, Rng, SeedableRng};

fn random(shape: &[usize], seed: u64) -> Tensor {
    let mut rng = StdRng::seed_from_u64(seed);
    let n: usize = shape.iter().product();
    let v: Vec<f64> = (0..n).map(|_| rng.random_range(-1.0..1.0)).collect();
    Tensor::from_vec(DType::F32, shape, v).unwrap()
}

fn arg(b: &mut FunctionBuilder, shape: &[u64]) -> ValueId {
    b.argument(Type::Tensor(TensorType::of(shape, DType::F32)))
}

fn close(a: &ArrayD<f64>, b: &ArrayD<f64>, tol: f64) {
    assert_eq!(a.shape(), b.shape());
    for (x, y) in a.iter().zip(b.iter()) {
        assert!((x - y).abs() <= tol * (1.0 + y.abs()), "{x} vs {y}");
    }
}

/// Runs a builder-made function, after checking that it survives a trip through the text format.
fn run(f: Function, inputs: &[Tensor]) -> Vec<Tensor> {
    let module = Module { functions: vec![f] };
    let text = print_mlir(&module);
    let reparsed = parse_mlir(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(reparsed, module.renumbered(), "{text}");
    interpret(&module, inputs).unwrap()
}

#[test]
fn matmul_matches_naive_loops() {
    let mut b = FunctionBuilder::new("main");
    let (x, y) = (arg(&mut b, &[3, 4]), arg(&mut b, &[4, 5]));
    let r = b.matmul(x, y, None).unwrap();
    let f = b.finish(vec![r]).unwrap();
    let (a, c) = (random(&[3, 4], 1), random(&[4, 5], 2));
    let out = run(f.clone(), &[a.clone(), c.clone()]);
    let mut want = ArrayD::zeros(IxDyn(&[3, 5]));
    for i in 0..3 {
        for j in 0..5 {
            let s: f64 = (0..4).map(|k| a.data[[i, k]] * c.data[[k, j]]).sum();
            want[[i, j]] = s as f32 as f64;
        }
    }
    close(&out[0].data, &want, 1e-7);
    // The generic form of the same op agrees with the direct path.
    let op = f.ops[*f.body.last().unwrap()].clone();
    let types: Vec<Type> = op
        .operands
        .iter()
        .map(|&v| f.values[v].ty.clone())
        .collect();
    let g = generalize(&op.kind, &types).unwrap();
    let mut b = FunctionBuilder::new("main");
    let (x, y) = (arg(&mut b, &[3, 4]), arg(&mut b, &[4, 5]));
    let init = b.filled(TensorType::of(&[3, 5], DType::F32), 0.0).unwrap();
    let r = b
        .generic(&[x, y], &[init], g.indexing_maps, g.iterator_types, g.body)
        .unwrap();
    let out2 = run(b.finish(r).unwrap(), &[a, c]);
    close(&out2[0].data, &want, 1e-7);
}

fn naive_conv_nchw(x: &Tensor, w: &Tensor, stride: usize, dil: usize) -> ArrayD<f64> {
    let (n, c, h, wd) = (x.shape()[0], x.shape()[1], x.shape()[2], x.shape()[3]);
    let (f, kh, kw) = (w.shape()[0], w.shape()[2], w.shape()[3]);
    let oh = (h - dil * (kh - 1) - 1) / stride + 1;
    let ow = (wd - dil * (kw - 1) - 1) / stride + 1;
    let mut out = ArrayD::zeros(IxDyn(&[n, f, oh, ow]));
    for b in 0..n {
        for o in 0..f {
            for i in 0..oh {
                for j in 0..ow {
                    let mut s = 0.0;
                    for ci in 0..c {
                        for p in 0..kh {
                            for q in 0..kw {
                                s += x.data[[b, ci, i * stride + p * dil, j * stride + q * dil]]
                                    * w.data[[o, ci, p, q]];
                            }
                        }
                    }
                    out[[b, o, i, j]] = s as f32 as f64;
                }
            }
        }
    }
    out
}

#[test]
fn conv_layouts_match_naive_loops() {
    let conv = Conv2d {
        layout: ConvLayout::NchwFchw,
        strides: [2, 1],
        dilations: [1, 2],
    };
    let mut b = FunctionBuilder::new("main");
    let (x, w) = (arg(&mut b, &[2, 3, 9, 8]), arg(&mut b, &[4, 3, 3, 2]));
    let r = b.conv2d(conv, x, w).unwrap();
    let f = b.finish(vec![r]).unwrap();
    let (xt, wt) = (random(&[2, 3, 9, 8], 3), random(&[4, 3, 3, 2], 4));
    let out = run(f, &[xt.clone(), wt.clone()]);
    // strides differ per axis in the builder; check with a naive conv per axis
    let want = {
        let (n, c, h, wd) = (2, 3, 9, 8);
        let (fo, kh, kw) = (4, 3, 2);
        let (sh, sw, dh, dw) = (2, 1, 1, 2);
        let oh = (h - dh * (kh - 1) - 1) / sh + 1;
        let ow = (wd - dw * (kw - 1) - 1) / sw + 1;
        let mut o = ArrayD::zeros(IxDyn(&[n, fo, oh, ow]));
        for bb in 0..n {
            for ff in 0..fo {
                for i in 0..oh {
                    for j in 0..ow {
                        let mut s = 0.0;
                        for ci in 0..c {
                            for p in 0..kh {
                                for q in 0..kw {
                                    s += xt.data[[bb, ci, i * sh + p * dh, j * sw + q * dw]]
                                        * wt.data[[ff, ci, p, q]];
                                }
                            }
                        }
                        o[[bb, ff, i, j]] = s as f32 as f64;
                    }
                }
            }
        }
        o
    };
    close(&out[0].data, &want, 1e-7);

    // NHWC/HWCF on transposed data gives the transposed result.
    let conv = Conv2d {
        layout: ConvLayout::NhwcHwcf,
        strides: [2, 2],
        dilations: [1, 1],
    };
    let mut b = FunctionBuilder::new("main");
    let (x, w) = (arg(&mut b, &[1, 7, 7, 3]), arg(&mut b, &[3, 3, 3, 5]));
    let r = b.conv2d(conv, x, w).unwrap();
    let f = b.finish(vec![r]).unwrap();
    let (xn, wn) = (random(&[1, 3, 7, 7], 5), random(&[5, 3, 3, 3], 6));
    let xh = Tensor::new(
        DType::F32,
        xn.data
            .clone()
            .permuted_axes(IxDyn(&[0, 2, 3, 1]))
            .as_standard_layout()
            .into_owned(),
    );
    let wh = Tensor::new(
        DType::F32,
        wn.data
            .clone()
            .permuted_axes(IxDyn(&[2, 3, 1, 0]))
            .as_standard_layout()
            .into_owned(),
    );
    let out = run(f, &[xh, wh]);
    let want = naive_conv_nchw(&xn, &wn, 2, 1).permuted_axes(IxDyn(&[0, 2, 3, 1]));
    close(&out[0].data, &want.as_standard_layout().into_owned(), 1e-7);
}

#[test]
fn pooling_reduce_softmax_and_elementwise() {
    let mut b = FunctionBuilder::new("main");
    let x = arg(&mut b, &[1, 2, 5, 5]);
    let p = b
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
    let s = b.reduce(x, &[2, 3], ScalarOp::AddF, 0.0).unwrap();
    let sm = b.softmax(x, 3).unwrap();
    let y = arg(&mut b, &[2, 1, 1]);
    let e = b.elementwise(ScalarOp::AddF, &[x, y]).unwrap();
    let f = b.finish(vec![p, s, sm, e]).unwrap();
    let (xt, yt) = (random(&[1, 2, 5, 5], 7), random(&[2, 1, 1], 8));
    let out = run(f, &[xt.clone(), yt.clone()]);
    assert_eq!(out[0].shape(), &[1, 2, 2, 2]);
    for c in 0..2 {
        for i in 0..2 {
            for j in 0..2 {
                let mut m = f64::NEG_INFINITY;
                for p in 0..3 {
                    for q in 0..3 {
                        m = m.max(xt.data[[0, c, 2 * i + p, 2 * j + q]]);
                    }
                }
                assert_eq!(out[0].data[[0, c, i, j]], m);
            }
        }
        let sum: f64 = xt.data.index_axis(ndarray::Axis(1), c).iter().sum();
        assert!((out[1].data[[0, c]] - sum).abs() < 1e-6);
    }
    for row in out[2].data.lanes(ndarray::Axis(3)) {
        assert!((row.sum() - 1.0).abs() < 1e-6);
    }
    assert_eq!(out[3].shape(), &[1, 2, 5, 5]);
    for ((_, c, h, w), v) in out[3]
        .data
        .clone()
        .into_dimensionality::<ndarray::Ix4>()
        .unwrap()
        .indexed_iter()
    {
        let want = (xt.data[[0, c, h, w]] + yt.data[[c, 0, 0]]) as f32 as f64;
        assert_eq!(*v, want);
    }
}

#[test]
fn tensor_ops() {
    let mut b = FunctionBuilder::new("main");
    let x = arg(&mut b, &[2, 3]);
    let p = b.pad(x, &[1, 0], &[0, 2], 7.0).unwrap();
    let s = b.extract_slice(p, &[1, 1], &[2, 2], &[1, 2]).unwrap();
    let c = b.concat(&[x, x], 0).unwrap();
    let r = b.reshape(c, &[3, 2, 2]).unwrap();
    let t = b.transpose(r, &[2, 0, 1]).unwrap();
    let f = b.finish(vec![p, s, c, t]).unwrap();
    let xt = random(&[2, 3], 9);
    let out = run(f, std::slice::from_ref(&xt));
    assert_eq!(out[0].shape(), &[3, 5]);
    assert_eq!(out[0].data[[0, 0]], 7.0);
    assert_eq!(out[0].data[[1, 2]], xt.data[[0, 2]]);
    assert_eq!(out[0].data[[2, 4]], 7.0);
    assert_eq!(out[1].data[[0, 0]], xt.data[[0, 1]]);
    assert_eq!(out[1].data[[1, 1]], 7.0);
    let flat: Vec<f64> = xt.data.iter().chain(xt.data.iter()).copied().collect();
    assert_eq!(out[2].data.iter().copied().collect::<Vec<_>>(), flat);
    assert_eq!(out[3].shape(), &[2, 3, 2]);
    assert_eq!(out[3].data[[1, 2, 0]], flat[2 * 4 + 1]);
}

#[test]
fn symbolic_batch_dim_binds_from_input() {
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(Type::Tensor(TensorType::new(
        vec![Dim::Symbol("N".into()), Dim::Static(3)],
        DType::F32,
    )));
    let y = b.elementwise(ScalarOp::Exp, &[x]).unwrap();
    let s = b.reduce(y, &[1], ScalarOp::AddF, 0.0).unwrap();
    let f = b.finish(vec![s]).unwrap();
    for n in [1, 4] {
        let xt = random(&[n, 3], n as u64);
        let out = run(f.clone(), std::slice::from_ref(&xt));
        assert_eq!(out[0].shape(), &[n]);
        let want: f64 = (0..3).map(|j| (xt.data[[n - 1, j]]).exp()).sum();
        assert!((out[0].data[[n - 1]] - want).abs() < 1e-5);
    }
}

#[test]
fn verifier_names_the_op() {
    let mut b = FunctionBuilder::new("main");
    let (x, y) = (arg(&mut b, &[3, 4]), arg(&mut b, &[5, 6]));
    let e = b.matmul(x, y, None).unwrap_err();
    assert_eq!(e.op, "linalg.matmul");
    assert!(e.to_string().contains("contraction dims differ"), "{e}");
}

#[test]
fn erf_is_accurate() {
    for (x, want) in [
        (0.5, 0.5204998778130465),
        (1.0, 0.8427007929497149),
        (2.0, 0.9953222650189527),
        (3.0, 0.9999779095030014),
        (-0.1, -0.1124629160182849),
    ] {
        assert!((kiln_frontend::interp::erf(x) - want).abs() < 1e-14, "{x}");
    }
}

/// Issue 26: erf(0) never returned (the series' stopping test was `0 < 0`). Every term of the
/// series is 0 at 0, so it must return at once; signed zero, subnormals and infinities too.
#[test]
fn erf_returns_for_zero_tiny_and_infinite_arguments() {
    use kiln_frontend::interp::erf;
    assert_eq!(erf(0.0).to_bits(), 0.0f64.to_bits());
    assert_eq!(erf(-0.0).to_bits(), (-0.0f64).to_bits());
    for x in [f64::MIN_POSITIVE, 5e-324, 1e-300, 1e-20] {
        let want = x * std::f64::consts::FRAC_2_SQRT_PI;
        assert!((erf(x) - want).abs() <= want * 1e-15, "{x}");
        assert!((erf(-x) + want).abs() <= want * 1e-15, "{x}");
    }
    assert_eq!(erf(f64::INFINITY), 1.0);
    assert_eq!(erf(f64::NEG_INFINITY), -1.0);
    assert!(erf(f64::NAN).is_nan());
}

/// The im2col fast path of every convolution layout agrees with the op's generic form.
#[test]
fn conv_fast_path_matches_generic_form_in_every_layout() {
    let cases: [(ConvLayout, &[u64], &[u64]); 5] = [
        (ConvLayout::NchwFchw, &[2, 3, 9, 8], &[4, 3, 3, 2]),
        (ConvLayout::NhwcHwcf, &[2, 9, 8, 3], &[3, 2, 3, 4]),
        (ConvLayout::NgchwGfchw, &[2, 2, 3, 9, 8], &[2, 4, 3, 3, 2]),
        (ConvLayout::DepthwiseNchwChw, &[2, 5, 9, 8], &[5, 3, 2]),
        (ConvLayout::DepthwiseNhwcHwc, &[2, 9, 8, 5], &[3, 2, 5]),
    ];
    for (seed, (layout, xs, ws)) in cases.into_iter().enumerate() {
        let conv = Conv2d {
            layout,
            strides: [2, 1],
            dilations: [1, 2],
        };
        let mut b = FunctionBuilder::new("main");
        let (x, w) = (arg(&mut b, xs), arg(&mut b, ws));
        let direct = b.conv2d(conv, x, w).unwrap();
        let f = b.function().clone();
        let op = &f.ops[*f.body.last().unwrap()];
        let types: Vec<Type> = op
            .operands
            .iter()
            .map(|&v| f.values[v].ty.clone())
            .collect();
        let g = generalize(&op.kind, &types).unwrap();
        let init = op.operands[2];
        let r = b
            .generic(&[x, w], &[init], g.indexing_maps, g.iterator_types, g.body)
            .unwrap();
        let f = b.finish(vec![direct, r[0]]).unwrap();
        let to_usize = |s: &[u64]| s.iter().map(|&d| d as usize).collect::<Vec<_>>();
        let out = run(
            f,
            &[
                random(&to_usize(xs), 40 + seed as u64),
                random(&to_usize(ws), 50 + seed as u64),
            ],
        );
        close(&out[0].data, &out[1].data, 1e-12);
        assert!(out[0].data.iter().any(|&v| v != 0.0), "{layout:?}");
    }
}
