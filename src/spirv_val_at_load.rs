//! `spirv-val` on the modules of an artifact when it is loaded, after kiln's own checks
//! ([`crate::program_check`]), where the tool is installed.
//!
//! kiln's verifier and the artifact checks cover the rules the generated corruptions have hit;
//! `spirv-val` knows all of SPIR-V's validation rules, so where it is found (`KILN_SPIRV_VAL`, a
//! path, else `PATH`) every module goes through it, with the `--target-env` of the artifact's
//! target (`vulkan1.x`), before anything reaches the driver. `KILN_SPIRV_VAL=0` turns this off;
//! without the tool, loading goes on with kiln's checks alone.
//!
//! Modules spirv-val accepted are remembered in a cache folder (`dirs::cache_dir()/kiln/
//! spirv-val`, or `KILN_SPIRV_VAL_CACHE`), so loading the same artifact again costs a file read
//! per module instead of a process. An entry is named by a hash of (tool, target env, words) but
//! holds the words themselves, and a hit needs them byte for byte: a hash collision, chosen or
//! not, can only cost a validation, never skip one. A cache that cannot be read or written is
//! ignored.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use kiln_lowering::program::CompiledProgram;

/// At most this many spirv-val processes run at once.
const PARALLEL_VALIDATIONS: usize = 8;

/// The spirv-val to run at load, or `None` (turned off, or not installed). Looked up once per
/// process: finding it runs `spirv-val --version`.
fn spirv_val() -> Option<&'static Path> {
    static TOOL: OnceLock<Option<PathBuf>> = OnceLock::new();
    TOOL.get_or_init(|| {
        if std::env::var_os("KILN_SPIRV_VAL").is_some_and(|v| v == "0") {
            return None;
        }
        kiln_spirv_ir::tools::find_tool("spirv-val", "KILN_SPIRV_VAL").ok()
    })
    .as_deref()
}

fn cache_folder() -> Option<PathBuf> {
    match std::env::var_os("KILN_SPIRV_VAL_CACHE") {
        Some(folder) if folder == "0" => None,
        Some(folder) => Some(PathBuf::from(folder)),
        None => Some(dirs::cache_dir()?.join("kiln").join("spirv-val")),
    }
}

/// What a cache entry holds: everything validation depended on, then the module.
fn cache_entry(tool: &Path, target_env: &str, words: &[u32]) -> Vec<u8> {
    let tool_id = std::fs::metadata(tool)
        .ok()
        .and_then(|m| m.modified().ok())
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    let mut entry = format!("{}\n{tool_id}\n{target_env}\n", tool.display()).into_bytes();
    entry.extend(words.iter().flat_map(|w| w.to_le_bytes()));
    entry
}

fn cache_path(folder: &Path, entry: &[u8]) -> PathBuf {
    // Two 64-bit hashes make a name that practically never collides by chance; a collision
    // only costs a validation (the entry is compared whole).
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    entry.hash(&mut hasher);
    let first = hasher.finish();
    first.hash(&mut hasher);
    folder.join(format!("{first:016x}{:016x}.spv", hasher.finish()))
}

/// What [`validate_modules`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Validation {
    /// No spirv-val (turned off or not installed).
    NoTool,
    /// `validated` modules went through spirv-val, `cached` were known to pass.
    Ran { validated: usize, cached: usize },
}

impl std::fmt::Display for Validation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Validation::NoTool => write!(f, "no spirv-val"),
            Validation::Ran { validated, cached } => {
                write!(
                    f,
                    "{validated} modules validated, {cached} known from its cache"
                )
            }
        }
    }
}

/// Runs spirv-val on every module of `program` not already known to pass; the error names the
/// dispatch and quotes spirv-val.
pub fn validate_modules(program: &CompiledProgram, target_env: &str) -> Result<Validation, String> {
    let Some(tool) = spirv_val() else {
        return Ok(Validation::NoTool);
    };
    let folder = cache_folder();
    let mut pending = Vec::new();
    for dispatch in &program.dispatches {
        let entry = cache_entry(tool, target_env, &dispatch.spirv);
        let path = folder.as_ref().map(|f| cache_path(f, &entry));
        let known = path
            .as_ref()
            .and_then(|p| std::fs::read(p).ok())
            .is_some_and(|cached| cached == entry);
        if !known {
            pending.push((dispatch, entry, path));
        }
    }
    let summary = Validation::Ran {
        validated: pending.len(),
        cached: program.dispatches.len() - pending.len(),
    };
    for chunk in pending.chunks(PARALLEL_VALIDATIONS) {
        let results: Vec<Result<(), String>> = std::thread::scope(|scope| {
            let handles: Vec<_> = chunk
                .iter()
                .map(|(dispatch, _, _)| {
                    scope.spawn(|| run_spirv_val(tool, &dispatch.spirv, target_env))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err("spirv-val: the thread running it failed".into()))
                })
                .collect()
        });
        for ((dispatch, entry, path), result) in chunk.iter().zip(results) {
            result.map_err(|message| {
                format!(
                    "dispatch `{}`: spirv-val --target-env {target_env} rejects its module: {}",
                    dispatch.name,
                    message.trim()
                )
            })?;
            if let Some(path) = path {
                remember(path, entry);
            }
        }
    }
    Ok(summary)
}

fn run_spirv_val(tool: &Path, words: &[u32], target_env: &str) -> Result<(), String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(tool)
        .args(["--target-env", target_env, "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("running {}: {e}", tool.display()))?;
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    // A module spirv-val stops reading early closes the pipe; its verdict still comes back.
    let _ = child.stdin.take().expect("piped stdin").write_all(&bytes);
    let out = child
        .wait_with_output()
        .map_err(|e| format!("running {}: {e}", tool.display()))?;
    if out.status.success() {
        return Ok(());
    }
    let mut message = String::from_utf8_lossy(&out.stderr).into_owned();
    message.push_str(&String::from_utf8_lossy(&out.stdout));
    // The first few lines say what is wrong; a huge module's disassembly is not needed.
    let quoted: Vec<&str> = message.lines().take(6).collect();
    Err(if quoted.is_empty() {
        format!("exit status {}", out.status)
    } else {
        quoted.join("\n")
    })
}

/// Writes a cache entry through a temporary file, so a concurrent reader sees all or nothing.
fn remember(path: &Path, entry: &[u8]) {
    let Some(folder) = path.parent() else {
        return;
    };
    if std::fs::create_dir_all(folder).is_err() {
        return;
    }
    let temporary = path.with_extension(format!("tmp{}", std::process::id()));
    if std::fs::write(&temporary, entry).is_ok() && std::fs::rename(&temporary, path).is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
}
