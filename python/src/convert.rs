//! numpy arrays <-> the facade's host tensors.
//!
//! Inputs are copied once, into the `HostTensor` that the run reads while the GIL is released
//! (a numpy buffer may change under a running model otherwise). Outputs move into numpy
//! without a copy: the array takes over the tensor's allocation.

use kiln::HostTensor;
use numpy::{PyArray, PyArrayDyn, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;

use crate::errors::{Error, Kind};

/// The element types a host tensor holds, as numpy names: what the Python wrapper converts
/// declared types to before a run (uint8 -> int32, ...). bfloat16 travels as its bits in a
/// uint16 array (rust-numpy has no bf16 element type): the wrapper views an
/// `ml_dtypes.bfloat16` array as uint16 and a uint16 result as bfloat16, both without a copy.
pub const HOST_DTYPES: &[&str] = &[
    "float32",
    "float16",
    "float64",
    "int64",
    "int32",
    "int8",
    "bool",
    "uint16 (bfloat16 bits)",
];

/// A numpy array of one of [`HOST_DTYPES`] as a host tensor (copied).
pub fn to_host(value: &Bound<'_, PyAny>, name: &str) -> Result<HostTensor, Error> {
    macro_rules! take {
        ($element:ty, $variant:ident) => {
            if let Ok(array) = value.cast::<PyArrayDyn<$element>>() {
                let array = array
                    .try_readonly()
                    .map_err(|e| Error::new(Kind::Input, format!("input `{name}`: {e}")))?;
                return Ok(HostTensor::$variant(array.as_array().to_owned()));
            }
        };
    }
    take!(f32, F32);
    take!(half::f16, F16);
    take!(f64, F64);
    take!(i64, I64);
    take!(i32, I32);
    take!(i8, I8);
    take!(bool, Bool);
    if let Ok(array) = value.cast::<PyArrayDyn<u16>>() {
        let array = array
            .try_readonly()
            .map_err(|e| Error::new(Kind::Input, format!("input `{name}`: {e}")))?;
        return Ok(HostTensor::BF16(
            array.as_array().mapv(half::bf16::from_bits),
        ));
    }
    let described = match value.cast::<PyUntypedArray>() {
        Ok(array) => format!("a numpy array of {}", array.dtype()),
        Err(_) => format!("a {}", value.get_type()),
    };
    Err(Error::new(
        Kind::Input,
        format!(
            "input `{name}`: expected a numpy array of one of {}, got {described}",
            HOST_DTYPES.join(", ")
        ),
    ))
}

/// A host tensor as a numpy array (no copy; bf16 becomes a uint16 array of its bits, one copy).
pub fn to_numpy(py: Python<'_>, tensor: HostTensor) -> Bound<'_, PyAny> {
    match tensor {
        HostTensor::F32(a) => PyArray::from_owned_array(py, a).into_any(),
        HostTensor::F16(a) => PyArray::from_owned_array(py, a).into_any(),
        HostTensor::BF16(a) => {
            PyArray::from_owned_array(py, a.mapv(half::bf16::to_bits)).into_any()
        }
        HostTensor::F64(a) => PyArray::from_owned_array(py, a).into_any(),
        HostTensor::I64(a) => PyArray::from_owned_array(py, a).into_any(),
        HostTensor::I32(a) => PyArray::from_owned_array(py, a).into_any(),
        HostTensor::I8(a) => PyArray::from_owned_array(py, a).into_any(),
        HostTensor::Bool(a) => PyArray::from_owned_array(py, a).into_any(),
    }
}
