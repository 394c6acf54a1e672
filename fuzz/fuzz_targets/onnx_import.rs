//! Any bytes as an ONNX model: import (with no folder, so no external data), print, and run the
//! reference interpreter when every tensor is small.
#![no_main]

use kiln_frontend::{import_onnx_bytes, interpret, print_mlir, Dim, Tensor, Type};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(module) = import_onnx_bytes(data, None) else {
        return;
    };
    let text = print_mlir(&module);
    // What the importer builds must print and parse back.
    kiln_frontend::parse_mlir(&text).expect("printed ONNX import parses");
    let Some(f) = module.entry() else { return };
    let mut inputs = Vec::new();
    for t in f.argument_types() {
        let shape: Vec<usize> = match &t {
            Type::Scalar(_) => vec![],
            Type::Tensor(t) => t
                .shape
                .iter()
                .map(|d| match d {
                    Dim::Static(n) => *n as usize,
                    Dim::Symbol(_) => 2,
                })
                .collect(),
        };
        let count = shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d));
        if count.is_none_or(|n| n > 4096) {
            return;
        }
        let values = vec![0.5; count.unwrap_or(0)];
        let Ok(t) = Tensor::from_vec(t.dtype(), &shape, values) else {
            return;
        };
        inputs.push(t);
    }
    let _ = interpret(&module, &inputs);
});
