//! Host tensors at the library boundary: typed ndarray arrays in, typed arrays out, plus `.npy`
//! reading/writing and seeded random inputs for `kiln run` / `kiln bench` without `--input`.

use std::io::Read;
use std::path::Path;

use half::{bf16, f16};
use kiln_frontend::onnx::proto::tensor_proto::DataType;
use kiln_frontend::{DType, Tensor};
use ndarray::ArrayD;
use ndarray_npy::{ReadNpyError, ReadNpyExt, WriteNpyExt};

/// A host tensor with a concrete element type. `F16` is read from / written to `.npy` as
/// float16 raw data through `half`. `BF16` (a bfloat16 program input or output) is read from
/// the `.npy` that numpy writes for an `ml_dtypes.bfloat16` array (descr `<V2`, the raw bf16
/// bits) or from float32 values that are all bf16 values, and written as float32 (exact).
#[derive(Clone, Debug, PartialEq)]
pub enum HostTensor {
    F32(ArrayD<f32>),
    F16(ArrayD<f16>),
    BF16(ArrayD<bf16>),
    F64(ArrayD<f64>),
    I64(ArrayD<i64>),
    I32(ArrayD<i32>),
    I8(ArrayD<i8>),
    Bool(ArrayD<bool>),
}

/// A `.npy` file that could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum NpyError {
    #[error("{path}: {message}")]
    Io { path: String, message: String },
    #[error("{path}: unsupported .npy element type (kiln reads float32, float16, bfloat16 (ml_dtypes' `<V2`), float64, int64, int32, int16, int8, uint64, uint32, uint16, uint8 and bool)")]
    UnsupportedDtype { path: String },
}

/// How far a device value `d` may lie from the reference interpreter's `r` in `kiln run
/// --check` (and `kiln bench --check`, `kiln tune`): `|d - r| <= atol + rtol * |r|` for every
/// element, with `atol = atol_rms * rms(r)`, the root-mean-square of the output's finite
/// reference values.
///
/// Why the absolute part follows the output's typical magnitude: an element that is a sum of
/// terms that cancel (a dot product near zero, a normalized activation, a softmax tail after a
/// subtraction) carries the rounding error of the terms, which is of the order of the output's
/// typical value, not of its own; an absolute part relative to the largest value alone (the old
/// `1e-3 * max|r| + 1e-6`) let errors in every smaller element go unseen.
///
/// Integer and bool outputs are exact (`Tolerance::EXACT`). The float defaults
/// ([`Tolerance::for_dtype`]) are a few rounding steps of the output's type, measured against
/// what real kernels do (`docs/testing.md`, "What `--check` accepts").
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tolerance {
    /// The relative part, per element: a fraction of `|r|`.
    pub rtol: f64,
    /// The absolute part, as a fraction of the output's root-mean-square reference magnitude.
    pub atol_rms: f64,
}

impl Tolerance {
    /// Integers and bools: the values must be equal.
    pub const EXACT: Tolerance = Tolerance {
        rtol: 0.0,
        atol_rms: 0.0,
    };

    /// f32 (and f64) outputs of kernels that compute in f32: `rtol` 1e-5 (168 units of f32's
    /// unit roundoff 2^-24: transcendental functions within Vulkan's few-ulp bounds, a few
    /// chained ops) and `atol` 5e-6 of the rms. The absolute part is what a dot product summed
    /// in f32 in sequential order (each SIMT invocation's order) needs: its worst element's
    /// error grows like `sqrt(K) * 2^-24` of the rms, 2.8e-6 at K = 4608 (a 3x3x512 conv) and
    /// 4.9e-6 at K = 16384 against float64. A TF32-grade kernel (operands rounded to 10
    /// mantissa bits) is 1e-3 of the rms off and fails by 100x; a split bf16x3 matmul that
    /// dropped its third plane (16 bits per operand) is 1.4e-5 to 2e-5 off and fails by 3x.
    /// f64 outputs get the same tolerance: devices without shaderFloat64 compute them in f32.
    pub const F32: Tolerance = Tolerance {
        rtol: 1e-5,
        atol_rms: 5e-6,
    };

    /// f16 outputs: 1e-2 relative (20 units of f16's unit roundoff 2^-11 = 4.9e-4) and 1e-2 of
    /// the rms. The IR's f16 matmuls accumulate in f16 (linalg's semantics; ONNX f16 MatMul,
    /// Conv, ... sum in f32), whose error grows like `sqrt(K) * 2^-11` of the rms: 8e-3 at
    /// K = 600 on the H100's tensor cores (benches/RESULTS.md), within this; longer f16 sums
    /// (K = 4096: 2.6e-2) are beyond any per-element bound that would still catch a wrong
    /// element, and `benches/gpu/check.sh` bounds them by `sqrt(K) * 2^-11` instead. An f16
    /// result summed in f32 lands within half a unit (2.4e-4) of the reference.
    pub const F16: Tolerance = Tolerance {
        rtol: 1e-2,
        atol_rms: 1e-2,
    };

    /// bf16 outputs: 8 times the f16 tolerance (bf16 keeps 8 significant bits to f16's 11).
    pub const BF16: Tolerance = Tolerance {
        rtol: 8e-2,
        atol_rms: 8e-2,
    };

    /// The default tolerance of an output of type `dtype`.
    pub fn for_dtype(dtype: DType) -> Tolerance {
        match dtype {
            DType::F32 | DType::F64 => Tolerance::F32,
            DType::F16 => Tolerance::F16,
            DType::BF16 => Tolerance::BF16,
            DType::I64 | DType::I32 | DType::I8 | DType::I1 => Tolerance::EXACT,
        }
    }

    /// Whether the values must be equal.
    pub fn is_exact(&self) -> bool {
        self.rtol == 0.0 && self.atol_rms == 0.0
    }
}

impl std::fmt::Display for Tolerance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_exact() {
            write!(f, "exact")
        } else {
            write!(
                f,
                "|d - r| <= {:e} * rms(r) + {:e} * |r|",
                self.atol_rms, self.rtol
            )
        }
    }
}

impl HostTensor {
    /// The default `--check` tolerance of this tensor's type ([`Tolerance::for_dtype`]).
    pub fn check_tolerance(&self) -> Tolerance {
        Tolerance::for_dtype(self.dtype())
    }

    pub fn dtype(&self) -> DType {
        match self {
            HostTensor::F32(_) => DType::F32,
            HostTensor::F16(_) => DType::F16,
            HostTensor::BF16(_) => DType::BF16,
            HostTensor::F64(_) => DType::F64,
            HostTensor::I64(_) => DType::I64,
            HostTensor::I32(_) => DType::I32,
            HostTensor::I8(_) => DType::I8,
            HostTensor::Bool(_) => DType::I1,
        }
    }

    pub fn shape(&self) -> &[usize] {
        match self {
            HostTensor::F32(a) => a.shape(),
            HostTensor::F16(a) => a.shape(),
            HostTensor::BF16(a) => a.shape(),
            HostTensor::F64(a) => a.shape(),
            HostTensor::I64(a) => a.shape(),
            HostTensor::I32(a) => a.shape(),
            HostTensor::I8(a) => a.shape(),
            HostTensor::Bool(a) => a.shape(),
        }
    }

    /// The values as the reference interpreter's tensor (exact: every supported type fits f64,
    /// except i64 beyond 2^53).
    pub fn to_reference(&self) -> Tensor {
        let data = match self {
            HostTensor::F32(a) => a.mapv(f64::from),
            HostTensor::F16(a) => a.mapv(f64::from),
            HostTensor::BF16(a) => a.mapv(f64::from),
            HostTensor::F64(a) => a.clone(),
            HostTensor::I64(a) => a.mapv(|x| x as f64),
            HostTensor::I32(a) => a.mapv(f64::from),
            HostTensor::I8(a) => a.mapv(f64::from),
            HostTensor::Bool(a) => a.mapv(|x| if x { 1.0 } else { 0.0 }),
        };
        Tensor::new(self.dtype(), data)
    }

    /// Converts a reference tensor to the host type of its dtype (rounding to it).
    pub fn from_reference(t: &Tensor) -> HostTensor {
        match t.dtype {
            DType::F32 => HostTensor::F32(t.data.mapv(|x| x as f32)),
            DType::BF16 => HostTensor::BF16(t.data.mapv(bf16::from_f64)),
            DType::F16 => HostTensor::F16(t.data.mapv(f16::from_f64)),
            DType::F64 => HostTensor::F64(t.data.clone()),
            DType::I64 => HostTensor::I64(t.data.mapv(|x| x as i64)),
            DType::I32 => HostTensor::I32(t.data.mapv(|x| x as i32)),
            DType::I8 => HostTensor::I8(t.data.mapv(|x| x as i8)),
            DType::I1 => HostTensor::Bool(t.data.mapv(|x| x != 0.0)),
        }
    }

    /// Reads a `.npy` file of any supported element type.
    pub fn read_npy(path: &Path) -> Result<HostTensor, NpyError> {
        check_npy_file(path)?;
        fn attempt<T: ndarray_npy::ReadableElement>(
            path: &Path,
        ) -> Result<Option<ArrayD<T>>, NpyError> {
            let file = std::fs::File::open(path).map_err(|e| io_error(path, e))?;
            match ArrayD::<T>::read_npy(file) {
                Ok(a) => Ok(Some(a)),
                Err(ReadNpyError::WrongDescriptor(_)) => Ok(None),
                Err(e) => Err(io_error(path, e)),
            }
        }
        if let Some(a) = attempt::<f32>(path)? {
            return Ok(HostTensor::F32(a));
        }
        if let Some(a) = attempt::<f64>(path)? {
            return Ok(HostTensor::F64(a));
        }
        if let Some(a) = attempt::<i64>(path)? {
            return Ok(HostTensor::I64(a));
        }
        if let Some(a) = attempt::<i32>(path)? {
            return Ok(HostTensor::I32(a));
        }
        if let Some(a) = attempt::<i8>(path)? {
            return Ok(HostTensor::I8(a));
        }
        // Types without a kiln dtype are held in a wider one, as the ONNX importer holds them
        // (kiln_frontend::onnx::elem_types).
        if let Some(a) = attempt::<u8>(path)? {
            return Ok(HostTensor::I32(a.mapv(i32::from)));
        }
        if let Some(a) = attempt::<i16>(path)? {
            return Ok(HostTensor::I32(a.mapv(i32::from)));
        }
        if let Some(a) = attempt::<u16>(path)? {
            return Ok(HostTensor::I32(a.mapv(i32::from)));
        }
        if let Some(a) = attempt::<u32>(path)? {
            return Ok(HostTensor::I64(a.mapv(i64::from)));
        }
        if let Some(a) = attempt::<u64>(path)? {
            if let Some(big) = a.iter().find(|&&x| x > i64::MAX as u64) {
                return Err(NpyError::Io {
                    path: path.display().to_string(),
                    message: format!(
                        "uint64 value {big} is 2^63 or more: kiln holds uint64 as int64 and \
                         cannot hold it"
                    ),
                });
            }
            return Ok(HostTensor::I64(a.mapv(|x| x as i64)));
        }
        if let Some(a) = attempt::<bool>(path)? {
            return Ok(HostTensor::Bool(a));
        }
        match npy_descr(path).as_deref() {
            Some("<f2") => {
                return read_16_bit_npy(path, "float16", f16::from_bits).map(HostTensor::F16)
            }
            // numpy's `.npy` of an ml_dtypes.bfloat16 array: 2-byte void elements holding the
            // bf16 bits (`np.load(p).view(ml_dtypes.bfloat16)` reads it back).
            Some("<V2" | "|V2") => {
                return read_16_bit_npy(path, "bfloat16", bf16::from_bits).map(HostTensor::BF16)
            }
            _ => {}
        }
        Err(NpyError::UnsupportedDtype {
            path: path.display().to_string(),
        })
    }

    /// Writes the tensor as `.npy` (f16 as float16, bf16 as float32: numpy has no bfloat16
    /// type, and float32 holds every bf16 value exactly).
    pub fn write_npy(&self, path: &Path) -> Result<(), NpyError> {
        let file = std::fs::File::create(path).map_err(|e| io_error(path, e))?;
        let result = match self {
            HostTensor::F32(a) => a.write_npy(file),
            HostTensor::BF16(a) => a.mapv(f32::from).write_npy(file),
            HostTensor::F64(a) => a.write_npy(file),
            HostTensor::I64(a) => a.write_npy(file),
            HostTensor::I32(a) => a.write_npy(file),
            HostTensor::I8(a) => a.write_npy(file),
            HostTensor::Bool(a) => a.write_npy(file),
            HostTensor::F16(a) => {
                drop(file);
                return write_f16_npy(path, a);
            }
        };
        result.map_err(|e| io_error(path, e))
    }
}

impl HostTensor {
    /// Writes the tensor as `.npy` of the ONNX element type it was declared with: the integer
    /// types kiln holds wider (uint8, int16, uint16, uint32, uint64) as themselves, int4 / int2
    /// as int8 and uint4 / uint2 as uint8 (numpy has no such types), float8 / float4 as float32
    /// and bfloat16 as float32 (the held values, exact). Other types as [`Self::write_npy`].
    pub fn write_npy_as(&self, path: &Path, declared: DataType) -> Result<(), NpyError> {
        use DataType as T;
        fn write<T: ndarray_npy::WritableElement>(
            path: &Path,
            a: ArrayD<T>,
        ) -> Result<(), NpyError> {
            let file = std::fs::File::create(path).map_err(|e| io_error(path, e))?;
            a.write_npy(file).map_err(|e| io_error(path, e))
        }
        let ints = match self {
            HostTensor::I32(a) => a.mapv(i64::from),
            HostTensor::I64(a) => a.clone(),
            _ => return self.write_npy(path),
        };
        // The held values are the declared type's (the importer wraps them), so `as` keeps
        // them; uint64 comes back from its int64 bits.
        match declared {
            T::Uint8 | T::Uint4 | T::Uint2 => write(path, ints.mapv(|x| x as u8)),
            T::Int4 | T::Int2 => write(path, ints.mapv(|x| x as i8)),
            T::Int16 => write(path, ints.mapv(|x| x as i16)),
            T::Uint16 => write(path, ints.mapv(|x| x as u16)),
            T::Uint32 => write(path, ints.mapv(|x| x as u32)),
            T::Uint64 => write(path, ints.mapv(|x| x as u64)),
            _ => self.write_npy(path),
        }
    }

    /// The tensor converted to `dtype` when every value is exact there (an int8 `.npy` for an
    /// int4 input held as i32, int32 for int64, float16 for float32); None otherwise.
    pub fn widened_to(&self, dtype: DType) -> Option<HostTensor> {
        if self.dtype() == dtype {
            return Some(self.clone());
        }
        let r = self.to_reference();
        let exact = r.data.iter().all(|&v| dtype.round(v) == v || v.is_nan());
        let integer_to_float = !self.dtype().is_float() && dtype.is_float();
        if !exact || integer_to_float || self.dtype() == DType::I1 || dtype == DType::I1 {
            return None;
        }
        Some(HostTensor::from_reference(&Tensor::new(dtype, r.data)))
    }
}

fn io_error(path: &Path, e: impl std::fmt::Display) -> NpyError {
    NpyError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

/// The header text of `.npy` data and where the array data starts (format versions 1-3).
fn npy_header(bytes: &[u8]) -> Option<(&str, usize)> {
    if bytes.len() < 10 || &bytes[..6] != b"\x93NUMPY" {
        return None;
    }
    let (len, start) = match bytes[6] {
        1 => (usize::from(u16::from_le_bytes([bytes[8], bytes[9]])), 10),
        _ => (
            u32::from_le_bytes(bytes.get(8..12)?.try_into().ok()?) as usize,
            12,
        ),
    };
    let header = std::str::from_utf8(bytes.get(start..start + len)?).ok()?;
    Some((header, start + len))
}

/// Checks a `.npy` file before any array is read: a regular file, the magic, a header that
/// names a shape and an element width, and data of exactly that many bytes. A header claiming
/// (2^40,) over a few bytes of data is refused here instead of allocating 4 TiB; an empty file
/// says it is empty.
fn check_npy_file(path: &Path) -> Result<(), NpyError> {
    let fail = |message: String| NpyError::Io {
        path: path.display().to_string(),
        message,
    };
    let size = match std::fs::metadata(path) {
        Ok(m) if m.is_file() => m.len(),
        Ok(_) => return Err(fail("not a regular file".into())),
        Err(e) => return Err(fail(e.to_string())),
    };
    if size == 0 {
        return Err(fail("the file is empty (not a .npy array)".into()));
    }
    let mut head = Vec::new();
    let file = std::fs::File::open(path).map_err(|e| fail(e.to_string()))?;
    file.take(1 << 16)
        .read_to_end(&mut head)
        .map_err(|e| fail(e.to_string()))?;
    if !head.starts_with(b"\x93NUMPY") {
        return Err(fail("not a .npy file (no \\x93NUMPY magic)".into()));
    }
    let (header, data_start) =
        npy_header(&head).ok_or_else(|| fail("truncated or malformed .npy header".into()))?;
    let field = |key: &str| -> Option<&str> {
        let start = header.find(key)? + key.len();
        Some(header[start..].trim_start())
    };
    let descr = field("'descr':")
        .and_then(|r| r.strip_prefix('\''))
        .and_then(|r| r.split('\'').next())
        .ok_or_else(|| fail("the .npy header has no 'descr'".into()))?;
    // The element width is the number after the kind letter ('<f4', '|b1'); other descriptors
    // (structured, object) are refused later as unsupported.
    let width: u64 = descr
        .trim_start_matches(['<', '>', '|', '='])
        .get(1..)
        .and_then(|w| w.parse().ok())
        .unwrap_or(1);
    let shape_text = field("'shape':")
        .and_then(|r| r.strip_prefix('('))
        .and_then(|r| r.split(')').next())
        .ok_or_else(|| fail("the .npy header has no 'shape'".into()))?;
    let mut count: u64 = 1;
    for d in shape_text
        .split(',')
        .map(str::trim)
        .filter(|d| !d.is_empty())
    {
        let d: u64 = d
            .trim_end_matches('L')
            .parse()
            .map_err(|_| fail(format!("bad dim '{d}' in the .npy shape ({shape_text})")))?;
        count = count
            .checked_mul(d)
            .ok_or_else(|| fail(format!("the .npy shape ({shape_text}) overflows")))?;
    }
    let data = size - data_start as u64;
    if count.checked_mul(width) != Some(data) {
        return Err(fail(format!(
            "the header says shape ({shape_text}) of {descr}, but the file holds {data} bytes of \
             data"
        )));
    }
    let fits = usize::try_from(count)
        .ok()
        .and_then(|n| n.checked_mul(8))
        .is_some_and(|b| b <= kiln_frontend::onnx::MAX_HOST_TENSOR_BYTES);
    if !fits {
        return Err(fail(format!(
            "shape ({shape_text}) is larger than kiln loads on the host"
        )));
    }
    Ok(())
}

/// The `descr` of a `.npy` file (its element type), read from the header alone.
fn npy_descr(path: &Path) -> Option<String> {
    let mut head = Vec::new();
    let file = std::fs::File::open(path).ok()?;
    file.take(1 << 16).read_to_end(&mut head).ok()?;
    let (header, _) = npy_header(&head)?;
    let start = header.find("'descr':")? + 8;
    let rest = header[start..].trim_start().strip_prefix('\'')?;
    Some(rest[..rest.find('\'')?].to_string())
}

/// A `.npy` of 16-bit floats (float16, or bfloat16 as numpy writes ml_dtypes' arrays): the
/// header is read by hand (ndarray-npy has no such element types), the data is little-endian
/// 16-bit words that `from_bits` turns into elements.
fn read_16_bit_npy<T>(
    path: &Path,
    type_name: &str,
    from_bits: impl Fn(u16) -> T,
) -> Result<ArrayD<T>, NpyError> {
    let bytes = std::fs::read(path).map_err(|e| io_error(path, e))?;
    let bad = || NpyError::Io {
        path: path.display().to_string(),
        message: format!("malformed {type_name} .npy header"),
    };
    let (header, data_start) = npy_header(&bytes).ok_or_else(bad)?;
    if header.contains("'fortran_order': True") {
        return Err(NpyError::Io {
            path: path.display().to_string(),
            message: format!("Fortran-ordered {type_name} .npy is not supported"),
        });
    }
    let shape_start = header.find("'shape': (").ok_or_else(bad)? + 10;
    let shape_end = shape_start + header[shape_start..].find(')').ok_or_else(bad)?;
    let shape: Vec<usize> = header[shape_start..shape_end]
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    let data = &bytes[data_start..];
    let count: usize = shape.iter().product();
    if data.len() != count * 2 {
        return Err(bad());
    }
    let values: Vec<T> = data
        .chunks_exact(2)
        .map(|c| from_bits(u16::from_le_bytes([c[0], c[1]])))
        .collect();
    ArrayD::from_shape_vec(shape, values).map_err(|_| bad())
}

fn write_f16_npy(path: &Path, a: &ArrayD<f16>) -> Result<(), NpyError> {
    let shape = match a.shape() {
        [d] => format!("({d},)"),
        dims => format!(
            "({})",
            dims.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let mut header = format!("{{'descr': '<f2', 'fortran_order': False, 'shape': {shape}, }}");
    let unpadded = 10 + header.len() + 1;
    header.push_str(&" ".repeat((64 - unpadded % 64) % 64));
    header.push('\n');
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend_from_slice(&(header.len() as u16).to_le_bytes());
    bytes.extend_from_slice(header.as_bytes());
    for x in a.iter() {
        bytes.extend_from_slice(&x.to_le_bytes());
    }
    std::fs::write(path, bytes).map_err(|e| io_error(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// float16 `.npy` files of any size read back (the header used to be decoded from the
    /// file's first 512 bytes, array data included, which failed for all but tiny arrays).
    #[test]
    fn float16_npy_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let values: Vec<f16> = (0..5000)
            .map(|i| f16::from_f32((i as f32 * 0.37).sin()))
            .collect();
        let a = ArrayD::from_shape_vec(vec![50, 100], values).unwrap();
        let path = dir.path().join("x.npy");
        HostTensor::F16(a.clone()).write_npy(&path).unwrap();
        assert_eq!(HostTensor::read_npy(&path).unwrap(), HostTensor::F16(a));
    }
}
