//! Col2Im (opset 18): sums the sliding blocks of a `[N, C * prod(block), L]` column tensor back
//! into a `[N, C, image...]` image (the inverse of im2col, overlapping blocks added).
//!
//! For each kernel offset b and image position p at most one block l covers p at offset b, so
//! the importer tabulates that l (or L, the index of an appended zero column, when none does) in
//! a constant `[B, P]`; one `kiln.gather_elements` along the block axis of the zero-extended
//! columns viewed as `[N, C, B, L + 1]` reads `[N, C, B, P]`, and a `linalg.generic` sums over b.
//! `image_shape` and `block_shape` must be constants (or specialized graph inputs).

use super::context::{const_ints, e, konst, required, Importer, NodeRef, R};
use crate::builder::BodyBuilder;
use crate::interp::Tensor;
use crate::onnx::shared::generics::sum_of_products;
use crate::syntax::*;

/// The largest `B * P` table (kernel offsets times image positions) Col2Im builds.
const MAX_TABLE: u64 = 1 << 24;

pub(super) fn col2im(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    if !t.dtype.is_float() {
        return Err(format!("Col2Im of {} is not supported", t.dtype));
    }
    let image = const_ints(n, 1, "image_shape")?.ok_or("missing input #1 (image_shape)")?;
    let block = const_ints(n, 2, "block_shape")?.ok_or("missing input #2 (block_shape)")?;
    let s = image.len();
    if s == 0 || block.len() != s || image.iter().chain(&block).any(|&d| d < 1) {
        return Err(format!(
            "image_shape {image:?} and block_shape {block:?} must be positive and of equal length"
        ));
    }
    let attr = |name: &str, default: i64, len: usize| -> R<Vec<i64>> {
        let v = n.ints(name).unwrap_or_else(|| vec![default; len]);
        if v.len() != len || v.iter().any(|&x| x < 0 || (default == 1 && x < 1)) {
            return Err(format!("unsupported attribute: {name} = {v:?}"));
        }
        Ok(v)
    };
    let dilations = attr("dilations", 1, s)?;
    let strides = attr("strides", 1, s)?;
    let pads = attr("pads", 0, 2 * s)?;
    let dims = t
        .static_shape()
        .ok_or_else(|| format!("Col2Im of {t} with symbolic dims is not supported"))?;
    let kernel: i64 = block.iter().product();
    if dims.len() != 3 || dims[1] as i64 % kernel != 0 {
        return Err(format!(
            "the input {t} must be [N, C * {kernel}, L] for block_shape {block:?}"
        ));
    }
    let (batch, channels, length) = (dims[0], dims[1] / kernel as u64, dims[2]);
    // Blocks per spatial axis.
    let mut blocks = Vec::with_capacity(s);
    for i in 0..s {
        let span = dilations[i] * (block[i] - 1) + 1;
        let room = image[i] + pads[i] + pads[i + s] - span;
        if room < 0 {
            return Err(format!(
                "block_shape {block:?} with dilations {dilations:?} does not fit image_shape \
                 {image:?} padded by {pads:?}"
            ));
        }
        blocks.push(room / strides[i] + 1);
    }
    if blocks.iter().product::<i64>() != length as i64 {
        return Err(format!(
            "the input has {length} blocks; image_shape {image:?}, block_shape {block:?} and the \
             attributes make {blocks:?}"
        ));
    }
    let positions: i64 = image.iter().product();
    if (kernel as u64).saturating_mul(positions as u64) > MAX_TABLE {
        return Err(format!(
            "a {kernel} x {positions} block table is larger than kiln builds"
        ));
    }
    // table[b, p] = the block covering image position p at kernel offset b, else `length`.
    let mut table = vec![length as f64; (kernel * positions) as usize];
    let unflatten = |mut flat: i64, shape: &[i64]| {
        let mut idx = vec![0; shape.len()];
        for a in (0..shape.len()).rev() {
            idx[a] = flat % shape[a];
            flat /= shape[a];
        }
        idx
    };
    for b in 0..kernel {
        let offset = unflatten(b, &block);
        for l in 0..length as i64 {
            let at = unflatten(l, &blocks);
            let mut p = 0;
            let mut inside = true;
            for i in 0..s {
                let q = at[i] * strides[i] - pads[i] + offset[i] * dilations[i];
                inside &= (0..image[i]).contains(&q);
                p = p * image[i] + q;
            }
            if inside {
                table[(b * positions + p) as usize] = l as f64;
            }
        }
    }
    let (k, p) = (kernel as u64, positions as u64);
    let table = Tensor::from_vec(DType::I64, &[k as usize, p as usize], table)
        .map_err(|e| e.to_string())?;
    let table = im.value(&konst(table))?;
    // [N, C, B, P] indices: the table broadcast over batch and channels.
    let init =
        e(im.b.empty(TensorType::of(&[batch, channels, k, p], DType::I64)))?;
    let body = BodyBuilder::new(vec![DType::I64, DType::I64]);
    let a0 = body.argument(0);
    let indices = e(im.b.generic(
        &[table],
        &[init],
        vec![
            AffineMap {
                num_dims: 4,
                num_symbols: 0,
                results: vec![AffineExpr::Dim(2), AffineExpr::Dim(3)],
            },
            AffineMap::identity(4),
        ],
        vec![IteratorType::Parallel; 4],
        body.yield_values(&[a0]),
    ))?[0];
    let padded = e(im.b.pad(x, &[0, 0, 0], &[0, 0, 1], 0.0))?;
    let columns = e(im.b.reshape(padded, &[batch, channels, k, length + 1]))?;
    let gathered = e(im.b.gather_elements(columns, indices, 3))?;
    // Loop dims: n, c, p (parallel), b (reduced).
    let map = AffineMap {
        num_dims: 4,
        num_symbols: 0,
        results: vec![
            AffineExpr::Dim(0),
            AffineExpr::Dim(1),
            AffineExpr::Dim(3),
            AffineExpr::Dim(2),
        ],
    };
    let summed = sum_of_products(
        im,
        &[gathered],
        vec![map],
        TensorType::of(&[batch, channels, p], t.dtype),
        1,
    )?;
    let mut out = vec![batch, channels];
    out.extend(image.iter().map(|&d| d as u64));
    e(im.b.reshape(summed, &out))
}
