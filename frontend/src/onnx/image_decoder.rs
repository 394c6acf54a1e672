//! ImageDecoder (opset 20): decodes an encoded image (a uint8 tensor of the file's bytes) into
//! `[H, W, C]` uint8 pixels, at import.
//!
//! The output's shape depends on the bytes, so kiln needs them as a constant: `kiln run`
//! specializes the model on the value of the graph input they come from (the importer's
//! `InputValueNeeded` error), `kiln compile` takes it with `--input-value NAME=FILE.npy`; the
//! decoded pixels are then a constant of the model. The format is read from the bytes. PNG,
//! BMP, PNM, TIFF and WebP go through the `image` crate's pure-Rust codecs; JPEG (sequential
//! and progressive) through kiln's own decoder (`jpeg.rs`), which gives libjpeg-turbo's pixels bit for bit (the
//! pure-Rust JPEG decoders follow stb_image's rounding: zune-jpeg was 1 off Pillow's pixels in
//! 736 of the 3072 values of onnx's case). JPEG 2000 and other formats are refused by name.
//!
//! `pixel_format`: `RGB` (the default), `BGR` (the channels reversed) or `Grayscale`, one channel
//! of `(19595 R + 38470 G + 7471 B + 2^15) >> 16` (ITU-R 601-2 luma in 16-bit fixed point, as
//! Pillow's `convert("L")` computes it, which onnx's reference uses). An alpha channel is
//! dropped; a gray image gives R = G = B. onnx's 8 PNG / BMP / PNM / TIFF / WebP / JPEG (RGB,
//! BGR, Grayscale) cases match Pillow's pixels exactly (a lossy WebP decoder could still differ
//! from libwebp's in the last bit of some pixels of other images).

use super::context::{konst, Entry, Importer, NodeRef, R};
use crate::interp::Tensor;
use crate::syntax::DType;

/// The most pixels kiln decodes (the output is a constant of the model).
const MAX_PIXELS: u64 = 1 << 26;

pub(super) fn import(_: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let pixel_format = n.string("pixel_format").unwrap_or_else(|| "RGB".into());
    if !matches!(pixel_format.as_str(), "RGB" | "BGR" | "Grayscale") {
        return Err(format!(
            "unsupported attribute: pixel_format = '{pixel_format}' (RGB, BGR or Grayscale)"
        ));
    }
    let encoded = match n.input(0) {
        Some(Entry::Const(t)) => t,
        Some(Entry::Value(_)) => {
            n.needs_constant.set(Some(0));
            return Err(
                "ImageDecoder decodes at import, so kiln needs the encoded image (input #0) as \
                 a constant: `kiln run` specializes on the value of the input it comes from, \
                 `kiln compile` takes it with `--input-value NAME=FILE.npy`"
                    .into(),
            );
        }
        None => return Err("missing input #0 (the encoded image)".into()),
    };
    if encoded.shape().len() != 1 {
        return Err(format!(
            "the encoded image must be a 1-D byte tensor, not of shape {:?}",
            encoded.shape()
        ));
    }
    let bytes: Vec<u8> = encoded
        .data
        .iter()
        .map(|&v| {
            (v.fract() == 0.0 && (0.0..=255.0).contains(&v))
                .then_some(v as u8)
                .ok_or_else(|| format!("the encoded image holds {v}, which is not a byte"))
        })
        .collect::<R<_>>()?;
    let pixels = decode(&bytes, &pixel_format)?;
    Ok(vec![konst(pixels)])
}

/// `bytes` decoded into `[H, W, C]` pixels of `pixel_format`, held as i32 (uint8 values).
pub(crate) fn decode(bytes: &[u8], pixel_format: &str) -> R<Tensor> {
    use image::ImageFormat as F;
    const JP2_SIGNATURE: &[u8] = b"\0\0\0\x0cjP  \r\n\x87\n";
    const J2K_CODESTREAM: &[u8] = b"\xff\x4f\xff\x51";
    if bytes.starts_with(JP2_SIGNATURE) || bytes.starts_with(J2K_CODESTREAM) {
        return Err(
            "JPEG 2000 images are not supported (PNG, BMP, PNM, TIFF, JPEG and WebP are)".into(),
        );
    }
    let format = image::guess_format(bytes).map_err(|_| {
        "the encoded image is in no format kiln decodes: only PNG, BMP, PNM, TIFF, JPEG and WebP \
         are supported"
            .to_string()
    })?;
    let (w, h, rgb) = if format == F::Jpeg {
        let image = super::jpeg::decode(bytes)?;
        let rgb = if image.components == 1 {
            image.pixels.iter().flat_map(|&v| [v, v, v]).collect()
        } else {
            image.pixels
        };
        (image.width, image.height, rgb)
    } else {
        if !matches!(format, F::Png | F::Bmp | F::Pnm | F::Tiff | F::WebP) {
            return Err(format!(
                "{format:?} images are not supported (PNG, BMP, PNM, TIFF, JPEG and WebP are)"
            ));
        }
        let mut reader = image::ImageReader::with_format(std::io::Cursor::new(bytes), format);
        let mut limits = image::Limits::default();
        limits.max_alloc = Some(MAX_PIXELS * 16);
        reader.limits(limits);
        let image = reader
            .decode()
            .map_err(|e| format!("cannot decode the {format:?} image: {e}"))?;
        let (w, h) = (image.width() as usize, image.height() as usize);
        (w, h, image.to_rgb8().into_raw())
    };
    if (w * h) as u64 > MAX_PIXELS {
        return Err(format!("a {w} x {h} image is larger than kiln decodes"));
    }
    let raw = &rgb;
    let (channels, values): (usize, Vec<f64>) = match pixel_format {
        "Grayscale" => (
            1,
            raw.chunks_exact(3)
                .map(|p| {
                    let (r, g, b) = (u32::from(p[0]), u32::from(p[1]), u32::from(p[2]));
                    f64::from((19595 * r + 38470 * g + 7471 * b + 0x8000) >> 16)
                })
                .collect(),
        ),
        "BGR" => (
            3,
            raw.chunks_exact(3)
                .flat_map(|p| [p[2], p[1], p[0]])
                .map(f64::from)
                .collect(),
        ),
        _ => (3, raw.iter().map(|&v| f64::from(v)).collect()),
    };
    Tensor::from_vec(DType::I32, &[h, w, channels], values).map_err(|e| e.to_string())
}
