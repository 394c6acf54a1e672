//! What the ONNX device tests share: running a model generator of `tests/models/` into a temp
//! dir, and a session on the default device.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `tests/models/SCRIPT DIR [ARGS]` with `KILN_PYTHON` (else `python3`) into
/// `<temp>/kiln-PREFIX-<pid>` and returns that dir.
pub fn generate(script: &str, prefix: &str, args: &[&str]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kiln-{prefix}-{}", std::process::id()));
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/models")
        .join(script);
    let python = std::env::var("KILN_PYTHON").unwrap_or_else(|_| "python3".into());
    let status = Command::new(&python)
        .arg(&script)
        .arg(&dir)
        .args(args)
        .status()
        .unwrap_or_else(|e| {
            panic!("{python} not found ({e}); run the tests with the README's test command")
        });
    assert!(
        status.success(),
        "{} {args:?} failed: the tests need python3 with onnx, onnxruntime and numpy (the README's test command puts .venv/bin first on PATH)",
        script.display()
    );
    dir
}

/// The default device, with a generous GPU timeout: the tests run in parallel on CI's two
/// cores, where lavapipe shares them with the other tests' kernels.
pub fn session() -> kiln::Session {
    let config = kiln::runtime::DeviceConfig {
        timeout: std::time::Duration::from_secs(600),
        ..Default::default()
    };
    kiln::Session::new(&config).unwrap_or_else(|e| panic!("no Vulkan device: {e}"))
}
