//! kiln-frontend: the Tensor IR (linalg-style ops on tensors), its MLIR-syntax text format,
//! the ONNX importer, the verifier, shape inference and the reference interpreter.
