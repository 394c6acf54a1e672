//! Generalization: the `linalg.generic` form of a named structured op (matmul, convolutions,
//! pooling, fill, transpose, broadcast, reduce), with the same operands in the same order. This
//! is the definition of each named op's semantics (the maps are those of linalg's OpDSL), used by
//! the interpreter and available to lowering. Mixed element types (e.g. i8 x i8 -> i32) get the
//! casts linalg inserts; softmax and the `tensor.*` ops have no generic form and give `None`.

use crate::builder::BodyBuilder;
use crate::syntax::*;

fn d(i: usize) -> AffineExpr {
    AffineExpr::Dim(i)
}

fn map(num_dims: usize, results: Vec<AffineExpr>) -> AffineMap {
    AffineMap {
        num_dims,
        num_symbols: 0,
        results,
    }
}

/// `out * stride + window * dilation`.
fn window(out: usize, win: usize, stride: u64, dilation: u64) -> AffineExpr {
    d(out)
        .mul_const(stride as i64)
        .add(d(win).mul_const(dilation as i64))
}

/// Body `out += cast(a) * cast(b)` for operand types `(a, b, out)`.
pub(crate) fn multiply_accumulate(a: DType, b: DType, out: DType) -> ScalarBody {
    let mut bb = BodyBuilder::new(vec![a, b, out]);
    let x = bb.cast(bb.argument(0), out);
    let y = bb.cast(bb.argument(1), out);
    let (mul, add) = if out.is_float() {
        (ScalarOp::MulF, ScalarOp::AddF)
    } else {
        (ScalarOp::MulI, ScalarOp::AddI)
    };
    let p = bb.push(mul, &[x, y], out);
    let s = bb.push(add, &[bb.argument(2), p], out);
    bb.yield_values(&[s])
}

/// The generic form of `kind` given its operand types, or `None` if it has none.
pub fn generalize(kind: &OpKind, operand_types: &[Type]) -> Option<Generic> {
    use IteratorType::{Parallel as P, Reduction as R};
    let dt: Vec<DType> = operand_types.iter().map(Type::dtype).collect();
    let rank = |i: usize| operand_types[i].rank();
    Some(match kind {
        OpKind::Fill => {
            let n = rank(1);
            let bb = BodyBuilder::new(vec![dt[0], dt[1]]);
            let a = bb.argument(0);
            Generic {
                indexing_maps: vec![map(n, vec![]), AffineMap::identity(n)],
                iterator_types: vec![P; n],
                num_inputs: 1,
                body: bb.yield_values(&[a]),
            }
        }
        OpKind::Matmul => Generic {
            // (m, n, k)
            indexing_maps: vec![
                map(3, vec![d(0), d(2)]),
                map(3, vec![d(2), d(1)]),
                map(3, vec![d(0), d(1)]),
            ],
            iterator_types: vec![P, P, R],
            num_inputs: 2,
            body: multiply_accumulate(dt[0], dt[1], dt[2]),
        },
        OpKind::BatchMatmul => Generic {
            // (b, m, n, k)
            indexing_maps: vec![
                map(4, vec![d(0), d(1), d(3)]),
                map(4, vec![d(0), d(3), d(2)]),
                map(4, vec![d(0), d(1), d(2)]),
            ],
            iterator_types: vec![P, P, P, R],
            num_inputs: 2,
            body: multiply_accumulate(dt[0], dt[1], dt[2]),
        },
        OpKind::Matvec => Generic {
            // (m, n)
            indexing_maps: vec![
                map(2, vec![d(0), d(1)]),
                map(2, vec![d(1)]),
                map(2, vec![d(0)]),
            ],
            iterator_types: vec![P, R],
            num_inputs: 2,
            body: multiply_accumulate(dt[0], dt[1], dt[2]),
        },
        OpKind::Conv2d(c) => {
            let (s, dl) = (c.strides, c.dilations);
            let (indexing_maps, iterator_types) = match c.layout {
                // (n, oh, ow, f, kh, kw, c)
                ConvLayout::NhwcHwcf => (
                    vec![
                        map(
                            7,
                            vec![
                                d(0),
                                window(1, 4, s[0], dl[0]),
                                window(2, 5, s[1], dl[1]),
                                d(6),
                            ],
                        ),
                        map(7, vec![d(4), d(5), d(6), d(3)]),
                        map(7, vec![d(0), d(1), d(2), d(3)]),
                    ],
                    vec![P, P, P, P, R, R, R],
                ),
                // (n, f, oh, ow, c, kh, kw)
                ConvLayout::NchwFchw => (
                    vec![
                        map(
                            7,
                            vec![
                                d(0),
                                d(4),
                                window(2, 5, s[0], dl[0]),
                                window(3, 6, s[1], dl[1]),
                            ],
                        ),
                        map(7, vec![d(1), d(4), d(5), d(6)]),
                        map(7, vec![d(0), d(1), d(2), d(3)]),
                    ],
                    vec![P, P, P, P, R, R, R],
                ),
                // (n, g, f, oh, ow, c, kh, kw)
                ConvLayout::NgchwGfchw => (
                    vec![
                        map(
                            8,
                            vec![
                                d(0),
                                d(1),
                                d(5),
                                window(3, 6, s[0], dl[0]),
                                window(4, 7, s[1], dl[1]),
                            ],
                        ),
                        map(8, vec![d(1), d(2), d(5), d(6), d(7)]),
                        map(8, vec![d(0), d(1), d(2), d(3), d(4)]),
                    ],
                    vec![P, P, P, P, P, R, R, R],
                ),
                // (n, oh, ow, c, kh, kw)
                ConvLayout::DepthwiseNhwcHwc => (
                    vec![
                        map(
                            6,
                            vec![
                                d(0),
                                window(1, 4, s[0], dl[0]),
                                window(2, 5, s[1], dl[1]),
                                d(3),
                            ],
                        ),
                        map(6, vec![d(4), d(5), d(3)]),
                        map(6, vec![d(0), d(1), d(2), d(3)]),
                    ],
                    vec![P, P, P, P, R, R],
                ),
                // (n, c, oh, ow, kh, kw)
                ConvLayout::DepthwiseNchwChw => (
                    vec![
                        map(
                            6,
                            vec![
                                d(0),
                                d(1),
                                window(2, 4, s[0], dl[0]),
                                window(3, 5, s[1], dl[1]),
                            ],
                        ),
                        map(6, vec![d(1), d(4), d(5)]),
                        map(6, vec![d(0), d(1), d(2), d(3)]),
                    ],
                    vec![P, P, P, P, R, R],
                ),
            };
            Generic {
                indexing_maps,
                iterator_types,
                num_inputs: 2,
                body: multiply_accumulate(dt[0], dt[1], dt[2]),
            }
        }
        OpKind::Pooling(p) => {
            let (s, dl) = (p.strides, p.dilations);
            let indexing_maps = match p.layout {
                // (n, oh, ow, c, kh, kw)
                PoolLayout::Nhwc => vec![
                    map(
                        6,
                        vec![
                            d(0),
                            window(1, 4, s[0], dl[0]),
                            window(2, 5, s[1], dl[1]),
                            d(3),
                        ],
                    ),
                    map(6, vec![d(4), d(5)]),
                    map(6, vec![d(0), d(1), d(2), d(3)]),
                ],
                // (n, c, oh, ow, kh, kw)
                PoolLayout::Nchw => vec![
                    map(
                        6,
                        vec![
                            d(0),
                            d(1),
                            window(2, 4, s[0], dl[0]),
                            window(3, 5, s[1], dl[1]),
                        ],
                    ),
                    map(6, vec![d(4), d(5)]),
                    map(6, vec![d(0), d(1), d(2), d(3)]),
                ],
            };
            let out = dt[2];
            let op = match (p.kind, out.is_float()) {
                (PoolKind::Max, true) => ScalarOp::MaximumF,
                (PoolKind::Max, false) => ScalarOp::MaxSI,
                (PoolKind::Min, true) => ScalarOp::MinimumF,
                (PoolKind::Min, false) => ScalarOp::MinSI,
                (PoolKind::Sum, true) => ScalarOp::AddF,
                (PoolKind::Sum, false) => ScalarOp::AddI,
            };
            let mut bb = BodyBuilder::new(vec![dt[0], dt[1], out]);
            let x = bb.cast(bb.argument(0), out);
            let r = bb.push(op, &[bb.argument(2), x], out);
            Generic {
                indexing_maps,
                iterator_types: vec![P, P, P, P, R, R],
                num_inputs: 2,
                body: bb.yield_values(&[r]),
            }
        }
        OpKind::Transpose { permutation } => {
            let n = permutation.len();
            let mut input = vec![d(0); n];
            for (j, &p) in permutation.iter().enumerate() {
                input[p] = d(j);
            }
            let bb = BodyBuilder::new(vec![dt[0], dt[1]]);
            let a = bb.argument(0);
            Generic {
                indexing_maps: vec![map(n, input), AffineMap::identity(n)],
                iterator_types: vec![P; n],
                num_inputs: 1,
                body: bb.yield_values(&[a]),
            }
        }
        OpKind::Broadcast { dimensions } => {
            let n = rank(1);
            let kept: Vec<usize> = (0..n).filter(|i| !dimensions.contains(i)).collect();
            let bb = BodyBuilder::new(vec![dt[0], dt[1]]);
            let a = bb.argument(0);
            Generic {
                indexing_maps: vec![AffineMap::projection(n, &kept), AffineMap::identity(n)],
                iterator_types: vec![P; n],
                num_inputs: 1,
                body: bb.yield_values(&[a]),
            }
        }
        OpKind::Reduce(r) => {
            let n = rank(0);
            let kept: Vec<usize> = (0..n).filter(|i| !r.dimensions.contains(i)).collect();
            Generic {
                indexing_maps: vec![AffineMap::identity(n), AffineMap::projection(n, &kept)],
                iterator_types: (0..n)
                    .map(|i| if r.dimensions.contains(&i) { R } else { P })
                    .collect(),
                num_inputs: 1,
                body: r.body.clone(),
            }
        }
        OpKind::Generic(g) => g.clone(),
        _ => return None,
    })
}
