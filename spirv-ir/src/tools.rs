//! External SPIR-V tools as subprocesses: `spirv-val` (every emitted module in tests goes
//! through it) and `spirv-dis` (for readable failure messages).
//!
//! The tool is found through `KILN_SPIRV_VAL` / `KILN_SPIRV_DIS`, else on `PATH`, else in the
//! workspace's `.venv/bin`; a binary older than 2024 (Debian 12 ships 2023.1, which rejects
//! `CooperativeMatrixKHR`) is skipped. A missing tool is an error that says so: tests fail
//! loudly rather than skip.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum ToolError {
    #[error("`{tool}` (2024 or newer) not found: set {env} or put it on PATH (e.g. `.venv/bin`)")]
    NotFound {
        tool: &'static str,
        env: &'static str,
    },
    #[error("running `{path}`: {cause}")]
    Io { path: String, cause: String },
}

fn version_year(path: &Path) -> Option<u32> {
    let out = Command::new(path).arg("--version").output().ok()?;
    // spirv-val prints its version on stdout, spirv-opt on stderr.
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let v = text.split("SPIRV-Tools v").nth(1)?;
    v.get(..4)?.parse().ok()
}

/// Finds a current `tool` (`spirv-val`, `spirv-dis`, `spirv-opt`).
pub fn find_tool(tool: &'static str, env: &'static str) -> Result<PathBuf, ToolError> {
    let mut candidates = Vec::new();
    if let Some(p) = std::env::var_os(env) {
        candidates.push(PathBuf::from(p));
    }
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            candidates.push(dir.join(tool));
        }
    }
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    candidates.push(manifest.join("../.venv/bin").join(tool));
    candidates
        .into_iter()
        .find(|c| c.is_file() && version_year(c).is_some_and(|y| y >= 2024))
        .ok_or(ToolError::NotFound { tool, env })
}

fn run_with_stdin(
    path: &Path,
    args: &[&str],
    input: &[u8],
) -> Result<(bool, String, String), ToolError> {
    let io = |e: std::io::Error| ToolError::Io {
        path: path.display().to_string(),
        cause: e.to_string(),
    };
    let mut child = Command::new(path)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(io)?;
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input)
        .map_err(io)?;
    let out = child.wait_with_output().map_err(io)?;
    Ok((
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

fn bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Disassembles `words` with `spirv-dis` (raw ids).
pub fn disassemble_with_spirv_dis(words: &[u32]) -> Result<String, String> {
    let path = find_tool("spirv-dis", "KILN_SPIRV_DIS").map_err(|e| e.to_string())?;
    let (ok, out, err) =
        run_with_stdin(&path, &["--raw-id", "-"], &bytes(words)).map_err(|e| e.to_string())?;
    if ok {
        Ok(out)
    } else {
        Err(err)
    }
}

/// Validates `words` with `spirv-val --target-env target_env` (e.g. `vulkan1.1`, `vulkan1.3`).
/// The error holds spirv-val's message and, when spirv-dis is available, the disassembly.
pub fn validate_with_spirv_val(words: &[u32], target_env: &str) -> Result<(), String> {
    let path = find_tool("spirv-val", "KILN_SPIRV_VAL").map_err(|e| e.to_string())?;
    let (ok, out, err) = run_with_stdin(&path, &["--target-env", target_env, "-"], &bytes(words))
        .map_err(|e| e.to_string())?;
    if ok {
        return Ok(());
    }
    let mut msg = format!("spirv-val --target-env {target_env} failed:\n{err}{out}");
    if let Ok(dis) = disassemble_with_spirv_dis(words) {
        msg.push_str("\n--- disassembly ---\n");
        for line in dis.lines().take(400) {
            msg.push_str(line);
            msg.push('\n');
        }
    }
    Err(msg)
}

/// The round trip every lifted module must survive: `words` lifted to kiln's text form,
/// assembled back by kiln, validated by spirv-val for `target_env`, and lifted again to the
/// same text, which kiln assembles to the same words again. Returns the text and kiln's binary; the error says which step failed.
pub fn round_trip_through_text(
    words: &[u32],
    target_env: &str,
) -> Result<(String, Vec<u32>), String> {
    let text = crate::disassemble_to_text(words).map_err(|e| format!("kiln spirv dis: {e}"))?;
    let again = crate::assemble_text(&text).map_err(|e| format!("kiln spirv as: {e}\n{text}"))?;
    validate_with_spirv_val(&again, target_env)
        .map_err(|e| format!("{e}\n--- kiln text ---\n{text}"))?;
    let text2 =
        crate::disassemble_to_text(&again).map_err(|e| format!("second kiln spirv dis: {e}"))?;
    if text != text2 {
        let (a, b): (Vec<&str>, Vec<&str>) = (text.lines().collect(), text2.lines().collect());
        let mut diff = String::new();
        for i in 0..a.len().max(b.len()) {
            if a.get(i) != b.get(i) {
                diff.push_str(&format!(
                    "-{}\n+{}\n",
                    a.get(i).unwrap_or(&""),
                    b.get(i).unwrap_or(&"")
                ));
            }
        }
        return Err(format!("the second kiln spirv dis differs:\n{diff}"));
    }
    // kiln's own binary is canonical: assembling its text again gives the same words.
    let third = crate::assemble_text(&text2).map_err(|e| format!("second kiln spirv as: {e}"))?;
    if third != again {
        let at = third.iter().zip(&again).take_while(|(a, b)| a == b).count();
        return Err(format!(
            "kiln's binary is no fixed point: assembling its text again differs from word {at} \
             ({} words, then {})",
            again.len(),
            third.len()
        ));
    }
    Ok((text, again))
}
