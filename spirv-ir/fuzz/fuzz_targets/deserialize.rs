//! `cargo +nightly fuzz run deserialize` (from `spirv-ir/`): arbitrary bytes through the
//! deserializer; whatever it accepts must also verify-or-report, serialize and print without
//! panicking, and the printed text must parse back. The bounded in-suite version of this is
//! `tests/malformed.rs::fuzz_smoke_never_panics`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(module) = kiln_spirv_ir::deserialize_bytes(data) else { return };
    let _ = kiln_spirv_ir::verify(&module);
    let _ = kiln_spirv_ir::serialize(&module);
    let text = kiln_spirv_ir::print_module(&module);
    let _ = kiln_spirv_ir::parse_module(&text);
});
