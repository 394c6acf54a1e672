//! Any bytes as a `.kiln` artifact: decoding and checking against a target must give Ok or an
//! error (the artifact's SPIR-V is verified at load: see src/artifact.rs).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(artifact) = kiln::Artifact::from_bytes(data, "fuzz") else {
        return;
    };
    if let Ok(env) = kiln::spirv_ir::TargetEnv::preset("llvmpipe") {
        let _ = artifact.check_device(&env);
    }
    // A decoded artifact encodes again.
    let _ = artifact.to_bytes();
});
