//! The ONNX names and declared element types of a compiled program's inputs and outputs.
//!
//! A program names its interface by position (`input0`, `output0`: `assemble` knows no ONNX).
//! An artifact compiled from an ONNX model keeps the graph's names and declared types beside the
//! program (the manifest's optional `onnx_interface` section), so that a session on the artifact
//! (`kiln.InferenceSession("m.kiln").get_inputs()`) shows and takes the model's names and types
//! (a uint8 input that kiln holds as int32 is still `tensor(uint8)`). Artifacts without the
//! section (older ones, MLIR models, a specialization that changed the inputs) keep the
//! positional names.

use kiln_frontend::onnx::proto::tensor_proto::DataType;
use kiln_lowering::program::CompiledProgram;
use serde::{Deserialize, Serialize};

/// The ONNX names and types of a program's inputs and outputs, in the program's order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OnnxInterface {
    pub inputs: Vec<OnnxValue>,
    pub outputs: Vec<OnnxValue>,
}

/// One graph input or output.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OnnxValue {
    /// Invariant: non-empty, unique among the inputs (or the outputs).
    pub name: String,
    /// The declared `TensorProto.DataType` code (`Undefined`, 0, where the model declares none).
    pub elem_type: i32,
}

impl OnnxValue {
    /// The declared element type (`Undefined` for a code this kiln does not know).
    pub fn declared(&self) -> DataType {
        DataType::try_from(self.elem_type).unwrap_or(DataType::Undefined)
    }
}

impl OnnxInterface {
    /// The interface of `program` compiled from the serialized ONNX model `model`, whose inputs
    /// named in `given_values` were fixed at compile time (`--input-value`: they are no inputs
    /// of the program). `None` when the model cannot be read or its graph does not line up with
    /// the program (then the program's positional names stay).
    pub fn of_model(
        model: &[u8],
        given_values: &[&str],
        program: &CompiledProgram,
    ) -> Option<OnnxInterface> {
        let io = kiln_frontend::onnx::onnx_io_types_of_bytes(model).ok()?;
        let inputs = io
            .inputs
            .into_iter()
            .filter(|(name, _)| !given_values.contains(&name.as_str()))
            .map(|(name, t)| OnnxValue {
                name,
                elem_type: t as i32,
            })
            .collect();
        let outputs = io
            .output_names
            .into_iter()
            .zip(io.outputs)
            .map(|(name, t)| OnnxValue {
                name,
                elem_type: t as i32,
            })
            .collect();
        let interface = OnnxInterface { inputs, outputs };
        interface.check(program).ok()?;
        Some(interface)
    }

    /// Checks the section against the program it describes: one entry per input and output,
    /// names non-empty and unique, types that the program's element types hold.
    pub fn check(&self, program: &CompiledProgram) -> Result<(), String> {
        let sides = [
            ("input", &self.inputs, &program.inputs),
            ("output", &self.outputs, &program.outputs),
        ];
        for (what, values, interfaces) in sides {
            if values.len() != interfaces.len() {
                return Err(format!(
                    "onnx_interface lists {} {what}s, the program has {}",
                    values.len(),
                    interfaces.len()
                ));
            }
            let mut seen = std::collections::HashSet::new();
            for (k, (v, interface)) in values.iter().zip(interfaces).enumerate() {
                if v.name.is_empty() || !seen.insert(v.name.as_str()) {
                    return Err(format!(
                        "onnx_interface {what} {k}: name {:?} is empty or repeated",
                        v.name
                    ));
                }
                let declared = v.declared();
                let held = kiln_frontend::onnx::elem_types::held_dtype(declared);
                if declared != DataType::Undefined && held != Some(interface.dtype) {
                    return Err(format!(
                        "onnx_interface {what} `{}`: declared {}, but the program's {what} {k} \
                         is {}",
                        v.name,
                        declared.as_str_name(),
                        interface.dtype
                    ));
                }
            }
        }
        Ok(())
    }
}
