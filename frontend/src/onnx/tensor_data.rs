//! Tensor data of a model: `TensorProto`s decoded into host tensors (inline, raw or external
//! data; types without a DType of their own held in wider ones, `elem_types.rs`), and ONNX
//! element type codes as kiln dtypes.

use std::path::Path;

use ndarray::{ArrayD, IxDyn};

use super::elem_types;
use super::error::ImportError;
use super::proto::{self, tensor_proto::DataType, TensorProto};
use crate::interp::{Tensor, MAX_HOST_TENSOR_BYTES};
use crate::syntax::*;

/// Maps an ONNX element type to a kiln dtype.
pub fn dtype_from_onnx(code: i32) -> Option<DType> {
    Some(match DataType::try_from(code).ok()? {
        DataType::Float => DType::F32,
        DataType::Double => DType::F64,
        DataType::Float16 => DType::F16,
        DataType::Bfloat16 => DType::BF16,
        DataType::Int64 => DType::I64,
        DataType::Int32 => DType::I32,
        DataType::Int8 => DType::I8,
        DataType::Bool => DType::I1,
        _ => return None,
    })
}

pub(crate) fn onnx_type_name(code: i32) -> String {
    DataType::try_from(code)
        .map(|d| d.as_str_name().to_string())
        .unwrap_or_else(|_| format!("type {code}"))
}

/// Decodes a `TensorProto`'s data (inline, raw or external) into a host tensor.
pub fn tensor_from_proto(t: &TensorProto, base_dir: Option<&Path>) -> Result<Tensor, ImportError> {
    let name = t.name.clone().unwrap_or_default();
    let fail = |message: String| ImportError::Tensor {
        name: name.clone(),
        message,
    };
    let code = t.data_type.unwrap_or(0);
    // Types without a DType of their own are held in a wider one (`elem_types.rs`).
    let elem = elem_types::elem_type(code).ok();
    let (elem, dtype, bits) = match elem
        .and_then(|e| Some((e, elem_types::held_dtype(e)?, elem_types::storage_bits(e)?)))
    {
        Some(x) => x,
        None => {
            return Err(fail(format!(
                "unsupported element type {}",
                onnx_type_name(code)
            )))
        }
    };
    if t.dims.iter().any(|&d| d < 0) {
        return Err(fail(format!("negative dims {:?}", t.dims)));
    }
    let shape: Vec<usize> = t.dims.iter().map(|&d| d as usize).collect();
    // Every element becomes an f64 on the host: refuse a count whose bytes overflow or could not
    // be held, before anything is read or allocated.
    let count = shape
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(d))
        .filter(|n| n.checked_mul(8).is_some_and(|b| b <= MAX_HOST_TENSOR_BYTES))
        .ok_or_else(|| {
            fail(format!(
                "dims {:?} hold more data than kiln loads on the host ({} GiB)",
                t.dims,
                MAX_HOST_TENSOR_BYTES >> 30
            ))
        })?;
    // Sub-byte types are packed, the first element in the lowest bits.
    let raw_bytes = (count * bits).div_ceil(8);
    let external = t.data_location == Some(proto::tensor_proto::DataLocation::External as i32);
    let raw: Option<Vec<u8>> = if external {
        let get = |k: &str| {
            t.external_data
                .iter()
                .find(|e| e.key.as_deref() == Some(k))
                .and_then(|e| e.value.clone())
        };
        let location =
            get("location").ok_or_else(|| fail("external data without a location".into()))?;
        let parse = |key: &str| -> Result<Option<u64>, ImportError> {
            match get(key) {
                None => Ok(None),
                Some(s) => s.trim().parse::<u64>().map(Some).map_err(|_| {
                    fail(format!(
                        "external data {key} '{s}' is not a non-negative integer"
                    ))
                }),
            }
        };
        let offset = parse("offset")?.unwrap_or(0);
        let length = parse("length")?;
        let expected = raw_bytes as u64;
        let bytes = read_external_data(base_dir, &location, offset, length, expected)
            .map_err(|e| fail(format!("{e} (for {count} elements of {dtype})")))?;
        Some(bytes)
    } else {
        t.raw_data.clone()
    };
    // Element k of packed words of `width` bits, each holding `width / bits` elements.
    let unpack = |words: &mut dyn Iterator<Item = u64>, width: usize| -> Vec<f64> {
        let per = (width / bits).max(1);
        let mask = if bits >= 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        words
            .flat_map(|w| (0..per).map(move |k| (w >> (k * bits)) & mask))
            .take(count)
            .map(|x| elem_types::decode_element(elem, x))
            .collect()
    };
    let values: Vec<f64> = if let Some(raw) = raw {
        if raw.len() != raw_bytes {
            let what = match elem_types::domain(elem) {
                elem_types::Domain::Native => dtype.to_string(),
                _ => elem_types::type_name(elem).to_string(),
            };
            return Err(fail(format!(
                "{} bytes of data for {count} elements of {what}",
                raw.len()
            )));
        }
        if bits < 8 {
            unpack(&mut raw.iter().map(|&b| b as u64), 8)
        } else {
            raw.chunks_exact(bits / 8)
                .map(|c| {
                    let mut w = [0u8; 8];
                    w[..c.len()].copy_from_slice(c);
                    elem_types::decode_element(elem, u64::from_le_bytes(w))
                })
                .collect()
        }
    } else {
        use DataType as T;
        match elem {
            T::Float => t.float_data.iter().map(|&x| x as f64).collect(),
            T::Double => t.double_data.clone(),
            T::Int64 => t.int64_data.iter().map(|&x| x as f64).collect(),
            T::Uint32 | T::Uint64 => unpack(&mut t.uint64_data.iter().copied(), bits),
            // int32_data: one element per entry, or 32 / bits packed sub-byte ones (the float
            // types as their bit patterns).
            _ if bits < 8 => unpack(&mut t.int32_data.iter().map(|&x| x as u32 as u64), 8),
            _ => unpack(&mut t.int32_data.iter().map(|&x| x as u32 as u64), bits),
        }
    };
    if let Some(bad) = values.iter().find(|&&v| !elem_types::holds(elem, v)) {
        return Err(fail(format!(
            "value {bad} is not a {} kiln can hold{}",
            elem_types::type_name(elem),
            if elem == DataType::Uint64 {
                " (uint64 is held as int64: values of 2^63 and more are not supported)"
            } else {
                ""
            }
        )));
    }
    if values.len() != count {
        return Err(fail(format!(
            "{} elements of data for shape {shape:?}",
            values.len()
        )));
    }
    let data = ArrayD::from_shape_vec(IxDyn(&shape), values).map_err(|e| fail(e.to_string()))?;
    Ok(Tensor::new(dtype, data))
}

/// Reads the `expected` bytes at `offset` of an initializer's external data file, under ONNX's
/// rule: the location is a relative path inside the model's folder (no `..`, no root, no symlink
/// that leaves the folder) naming a regular file, and the range (`length` bytes, or the rest of
/// the file when absent) lies inside that file and holds exactly the tensor. Nothing about a file
/// outside the folder (not even whether it exists or its size) reaches the error.
fn read_external_data(
    base_dir: Option<&Path>,
    location: &str,
    offset: u64,
    length: Option<u64>,
    expected: u64,
) -> Result<Vec<u8>, String> {
    use std::io::{Read, Seek, SeekFrom};
    use std::path::Component;
    let refuse = |why: &str| format!("external data location '{location}' {why}");
    let relative = Path::new(location);
    if location.is_empty() || location.contains('\0') {
        return Err(refuse("is not a file name"));
    }
    if relative
        .components()
        .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return Err(refuse(
            "must be a relative path inside the model's folder (no root, no '..')",
        ));
    }
    let Some(base_dir) = base_dir else {
        return Err(refuse(
            "cannot be resolved: the model was not read from a file",
        ));
    };
    let base_dir = if base_dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        base_dir
    };
    let base = base_dir.canonicalize().map_err(|e| {
        format!(
            "cannot resolve the model's folder {}: {e}",
            base_dir.display()
        )
    })?;
    // Resolving symlinks first, then checking the prefix, refuses a link that leaves the folder.
    let path = base
        .join(relative)
        .canonicalize()
        .map_err(|_| refuse("does not name a readable file in the model's folder"))?;
    if !path.starts_with(&base) {
        return Err(refuse("leaves the model's folder (through a symlink)"));
    }
    // A FIFO would block the open, a device could be endless: only regular files are read.
    let is_regular = |m: &std::fs::Metadata| m.file_type().is_file();
    if !std::fs::metadata(&path).is_ok_and(|m| is_regular(&m)) {
        return Err(refuse("is not a regular file"));
    }
    let mut file =
        std::fs::File::open(&path).map_err(|e| refuse(&format!("cannot be opened: {e}")))?;
    let size = match file.metadata() {
        Ok(m) if is_regular(&m) => m.len(),
        _ => return Err(refuse("is not a regular file")),
    };
    let length = match length {
        Some(length) => offset
            .checked_add(length)
            .filter(|&end| end <= size)
            .map(|_| length)
            .ok_or_else(|| {
                format!("external data range {offset}+{length} is past the end of '{location}'")
            })?,
        None => size.checked_sub(offset).ok_or_else(|| {
            format!("external data offset {offset} is past the end of '{location}'")
        })?,
    };
    if length != expected {
        return Err(format!(
            "external data in '{location}' holds {length} bytes, not {expected}"
        ));
    }
    let length = usize::try_from(length).map_err(|_| refuse("is too large"))?;
    file.seek(SeekFrom::Start(offset))
        .map_err(|e| refuse(&format!("cannot be read: {e}")))?;
    let mut bytes = Vec::new();
    bytes
        .try_reserve_exact(length)
        .map_err(|_| refuse("is too large to load"))?;
    file.take(length as u64)
        .read_to_end(&mut bytes)
        .map_err(|e| refuse(&format!("cannot be read: {e}")))?;
    if bytes.len() != length {
        return Err(refuse("was truncated while it was read"));
    }
    Ok(bytes)
}
