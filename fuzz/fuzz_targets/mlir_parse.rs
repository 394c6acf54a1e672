//! Any text as MLIR: parse; what parses must print and parse back to the same module.
#![no_main]

use kiln_frontend::{parse_mlir, print_mlir};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(module) = parse_mlir(text) else {
        return;
    };
    let printed = print_mlir(&module);
    let again = parse_mlir(&printed).expect("printed module parses");
    assert_eq!(print_mlir(&again), printed, "print / parse round trip");
});
