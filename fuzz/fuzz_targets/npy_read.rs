//! Any bytes as an `.npy` input file: Ok or an error, and never an allocation the data does not
//! back (a header claiming (2^40,) over a few bytes).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("input.npy");
    std::fs::write(&path, data).expect("write the input");
    let _ = kiln::HostTensor::read_npy(&path);
});
