//! The `kiln` command line: see `kiln --help`.
#![forbid(unsafe_code)] // Only kiln-runtime (its Vulkan calls through ash) uses `unsafe`.

/// The CLI's stack. Parsers and the frontend are depth-limited or iterative; some lowering walks
/// still recurse along chains of fused ops, so a long chain gets room like rustc gives its
/// compiler thread (only the pages a run touches are committed).
const STACK_BYTES: usize = 1 << 30;

fn main() -> std::process::ExitCode {
    match std::thread::Builder::new()
        .name("kiln".into())
        .stack_size(STACK_BYTES)
        .spawn(kiln::cli::main)
    {
        Ok(thread) => thread.join().unwrap_or(std::process::ExitCode::from(2)),
        // No room for a large stack (an address-space limit): run on the main thread.
        Err(_) => kiln::cli::main(),
    }
}
