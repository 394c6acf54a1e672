//! Generates the ONNX protobuf types from the vendored official `proto/onnx.proto` with
//! prost-build, using the protoc binary from `protoc-bin-vendored` (no system protoc needed).

fn main() {
    println!("cargo:rerun-if-changed=proto/onnx.proto");
    let protoc = protoc_bin_vendored::protoc_bin_path()
        .expect("protoc-bin-vendored has no protoc for this platform");
    prost_build::Config::new()
        .protoc_executable(protoc)
        .compile_protos(&["proto/onnx.proto"], &["proto/"])
        .expect("compiling proto/onnx.proto");
}
