//! kiln-spirv-ir: the SPIR-V IR (modelled on MLIR's SPIR-V dialect), target environment,
//! availability, verifier, text form, serializer and deserializer.
