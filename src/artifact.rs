//! The `.kiln` artifact: one versioned file holding everything needed to run a compiled model
//! without the compiler.
//!
//! Layout (all integers little-endian):
//! ```text
//! magic  b"KILNART\0"            8 bytes
//! format u32                     ARTIFACT_FORMAT_VERSION
//! length u64                     byte length of the manifest
//! manifest                       JSON: { target env, program (SPIR-V and constants moved out),
//!                                        blob table }
//! blobs                          the SPIR-V modules and constant bytes, back to back
//! ```
//! The manifest keeps the dispatch schedule, bindings, push constants, buffer plan and the
//! target env the program was built for; [`Artifact::check_device`] refuses to run it on a
//! device that lacks a capability, extension or limit one of its modules needs.

use std::path::Path;

use kiln_lowering::program::CompiledProgram;
use kiln_spirv_ir::TargetEnv;
use serde::{Deserialize, Serialize};

pub const ARTIFACT_MAGIC: &[u8; 8] = b"KILNART\0";
pub const ARTIFACT_FORMAT_VERSION: u32 = 1;

/// A compiled program plus the target env it was built for.
#[derive(Clone, Debug, PartialEq)]
pub struct Artifact {
    pub target: TargetEnv,
    pub program: CompiledProgram,
}

#[derive(Debug, thiserror::Error)]
pub enum ArtifactError {
    #[error("{path}: {message}")]
    Io { path: String, message: String },
    #[error("{path}: not a kiln artifact (bad magic)")]
    BadMagic { path: String },
    #[error("{path}: artifact format {found} is not supported (this kiln reads format {ARTIFACT_FORMAT_VERSION}); recompile the model")]
    Version { path: String, found: u32 },
    #[error("{path}: corrupt artifact: {message}")]
    Corrupt { path: String, message: String },
    #[error(
        "the artifact was built for target `{target}` and cannot run on `{device}`: {missing}"
    )]
    Unsatisfiable {
        target: String,
        device: String,
        missing: String,
    },
}

#[derive(Serialize, Deserialize)]
struct Manifest {
    target: TargetEnv,
    program: CompiledProgram,
    /// (dispatch index, offset, length in bytes) of each SPIR-V module.
    spirv_blobs: Vec<(usize, u64, u64)>,
    /// (constant index, offset, length in bytes) of each constant.
    constant_blobs: Vec<(usize, u64, u64)>,
}

impl Artifact {
    /// Encodes the artifact as bytes (see the module docs for the layout).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut program = self.program.clone();
        let mut blobs = Vec::new();
        let mut spirv_blobs = Vec::new();
        for (i, d) in program.dispatches.iter_mut().enumerate() {
            let words = std::mem::take(&mut d.spirv);
            spirv_blobs.push((i, blobs.len() as u64, words.len() as u64 * 4));
            blobs.extend(words.iter().flat_map(|w| w.to_le_bytes()));
        }
        let mut constant_blobs = Vec::new();
        for (i, c) in program.constants.iter_mut().enumerate() {
            let bytes = std::mem::take(&mut c.bytes);
            constant_blobs.push((i, blobs.len() as u64, bytes.len() as u64));
            blobs.extend_from_slice(&bytes);
        }
        let manifest = serde_json::to_vec(&Manifest {
            target: self.target.clone(),
            program,
            spirv_blobs,
            constant_blobs,
        })
        .expect("the manifest always serializes");
        let mut out = Vec::with_capacity(20 + manifest.len() + blobs.len());
        out.extend_from_slice(ARTIFACT_MAGIC);
        out.extend_from_slice(&ARTIFACT_FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(manifest.len() as u64).to_le_bytes());
        out.extend_from_slice(&manifest);
        out.extend_from_slice(&blobs);
        out
    }

    /// Decodes an artifact; `origin` names the file in errors.
    pub fn from_bytes(bytes: &[u8], origin: &str) -> Result<Artifact, ArtifactError> {
        let corrupt = |message: String| ArtifactError::Corrupt {
            path: origin.to_string(),
            message,
        };
        let magic_len = bytes.len().min(8);
        if bytes[..magic_len] != ARTIFACT_MAGIC[..magic_len] || bytes.is_empty() {
            return Err(ArtifactError::BadMagic {
                path: origin.to_string(),
            });
        }
        if bytes.len() < 20 {
            return Err(corrupt(format!(
                "truncated: {} bytes, the header alone is 20",
                bytes.len()
            )));
        }
        let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
        if version != ARTIFACT_FORMAT_VERSION {
            return Err(ArtifactError::Version {
                path: origin.to_string(),
                found: version,
            });
        }
        let length = u64::from_le_bytes(bytes[12..20].try_into().expect("8 bytes"));
        let manifest_end = usize::try_from(length)
            .ok()
            .and_then(|l| l.checked_add(20))
            .filter(|&end| end <= bytes.len())
            .ok_or_else(|| corrupt(format!("manifest length {length} exceeds the file")))?;
        let mut manifest: Manifest = serde_json::from_slice(&bytes[20..manifest_end])
            .map_err(|e| corrupt(format!("manifest: {e}")))?;
        let blobs = &bytes[manifest_end..];
        let blob = |offset: u64, len: u64| -> Result<&[u8], ArtifactError> {
            let start = usize::try_from(offset).ok();
            let end = start.and_then(|s| s.checked_add(usize::try_from(len).ok()?));
            match (start, end) {
                (Some(s), Some(e)) if e <= blobs.len() => Ok(&blobs[s..e]),
                _ => Err(corrupt(format!("blob at {offset}+{len} exceeds the file"))),
            }
        };
        for &(i, offset, len) in &manifest.spirv_blobs {
            let data = blob(offset, len)?;
            if data.len() % 4 != 0 {
                return Err(corrupt(format!(
                    "SPIR-V blob {i} is not a whole number of words"
                )));
            }
            let dispatch = manifest
                .program
                .dispatches
                .get_mut(i)
                .ok_or_else(|| corrupt(format!("SPIR-V blob for unknown dispatch {i}")))?;
            dispatch.spirv = data
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
                .collect();
        }
        for &(i, offset, len) in &manifest.constant_blobs {
            let data = blob(offset, len)?;
            let constant = manifest
                .program
                .constants
                .get_mut(i)
                .ok_or_else(|| corrupt(format!("blob for unknown constant {i}")))?;
            constant.bytes = data.to_vec();
        }
        let artifact = Artifact {
            target: manifest.target,
            program: manifest.program,
        };
        artifact.check().map_err(corrupt)?;
        crate::spirv_val_at_load::validate_modules(
            &artifact.program,
            &artifact.target.spirv_val_target_env(),
        )
        .map_err(corrupt)?;
        Ok(artifact)
    }

    /// Checks the manifest's consistency and verifies every dispatch's SPIR-V module (see
    /// [`crate::program_check`]): an artifact is untrusted input, and nothing it holds reaches
    /// the driver unchecked. [`Artifact::from_bytes`] runs it.
    pub fn check(&self) -> Result<(), String> {
        crate::program_check::check_program(&self.program)
    }

    pub fn save(&self, path: &Path) -> Result<(), ArtifactError> {
        std::fs::write(path, self.to_bytes()).map_err(|e| ArtifactError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        })
    }

    pub fn load(path: &Path) -> Result<Artifact, ArtifactError> {
        let bytes = std::fs::read(path).map_err(|e| ArtifactError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
        Artifact::from_bytes(&bytes, &path.display().to_string())
    }

    /// Checks that `device` (a target env built from a live device) can run every module: its
    /// capabilities, extensions, workgroup sizes and subgroup size requirements.
    pub fn check_device(&self, device: &TargetEnv) -> Result<(), ArtifactError> {
        let unsatisfiable = |missing: String| ArtifactError::Unsatisfiable {
            target: self.target.name.clone(),
            device: device.device_name.clone(),
            missing,
        };
        for dispatch in &self.program.dispatches {
            let (capabilities, extensions) = declared_requirements(&dispatch.spirv);
            for cap in capabilities {
                if !device.capabilities.contains(&cap) {
                    return Err(unsatisfiable(format!(
                        "dispatch `{}` needs capability {cap:?}",
                        dispatch.name
                    )));
                }
            }
            for ext in extensions {
                if !device.extensions.contains(&ext) && !core_in(&ext, device) {
                    return Err(unsatisfiable(format!(
                        "dispatch `{}` needs extension {ext}",
                        dispatch.name
                    )));
                }
            }
            let invocations: u64 = dispatch.local_size.iter().map(|&s| u64::from(s)).product();
            if invocations > u64::from(device.limits.max_compute_workgroup_invocations) {
                return Err(unsatisfiable(format!(
                    "dispatch `{}` has {invocations} invocations per workgroup, the device allows {}",
                    dispatch.name, device.limits.max_compute_workgroup_invocations
                )));
            }
            let limits = &device.limits;
            for axis in 0..3 {
                let size = dispatch.local_size[axis];
                if size > limits.max_compute_workgroup_size[axis] {
                    return Err(unsatisfiable(format!(
                        "dispatch `{}` has local size {size} on axis {axis}, the device allows {}",
                        dispatch.name, limits.max_compute_workgroup_size[axis]
                    )));
                }
                let count = dispatch.workgroup_count[axis].as_const();
                if let Some(count) =
                    count.filter(|&c| c > i64::from(limits.max_compute_workgroup_count[axis]))
                {
                    return Err(unsatisfiable(format!(
                        "dispatch `{}` has {count} workgroups on axis {axis}, the device allows {}",
                        dispatch.name, limits.max_compute_workgroup_count[axis]
                    )));
                }
            }
            if dispatch.push_constant_size > limits.max_push_constants_size {
                return Err(unsatisfiable(format!(
                    "dispatch `{}` has {} bytes of push constants, the device allows {}",
                    dispatch.name, dispatch.push_constant_size, limits.max_push_constants_size
                )));
            }
            if let Some(size) = dispatch.required_subgroup_size {
                if size < device.limits.min_subgroup_size || size > device.limits.max_subgroup_size
                {
                    return Err(unsatisfiable(format!(
                        "dispatch `{}` requires subgroup size {size}, the device supports {}-{}",
                        dispatch.name,
                        device.limits.min_subgroup_size,
                        device.limits.max_subgroup_size
                    )));
                }
            }
        }
        Ok(())
    }
}

/// Extensions promoted to core SPIR-V by the device's SPIR-V version need no listing.
fn core_in(extension: &str, device: &TargetEnv) -> bool {
    let v = (device.spirv_version.major, device.spirv_version.minor);
    match extension {
        "SPV_KHR_storage_buffer_storage_class" | "SPV_KHR_variable_pointers" => v >= (1, 3),
        "SPV_KHR_16bit_storage" => v >= (1, 3),
        "SPV_KHR_8bit_storage"
        | "SPV_KHR_vulkan_memory_model"
        | "SPV_KHR_float_controls"
        | "SPV_KHR_physical_storage_buffer" => v >= (1, 5),
        "SPV_KHR_integer_dot_product" => v >= (1, 6),
        _ => false,
    }
}

/// The `OpCapability` and `OpExtension` declarations at the start of a module.
fn declared_requirements(words: &[u32]) -> (Vec<spirv::Capability>, Vec<String>) {
    let mut capabilities = Vec::new();
    let mut extensions = Vec::new();
    let mut at = 5;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        let opcode = words[at] & 0xffff;
        if count == 0 || at + count > words.len() {
            break;
        }
        let operands = &words[at + 1..at + count];
        if opcode == spirv::Op::Capability as u32 {
            if let Some(cap) = operands
                .first()
                .and_then(|&c| spirv::Capability::from_u32(c))
            {
                capabilities.push(cap);
            }
        } else if opcode == spirv::Op::Extension as u32 {
            let bytes: Vec<u8> = operands.iter().flat_map(|w| w.to_le_bytes()).collect();
            let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
            extensions.push(String::from_utf8_lossy(&bytes[..end]).into_owned());
        } else if opcode != spirv::Op::ExtInstImport as u32 {
            break;
        }
        at += count;
    }
    (capabilities, extensions)
}
