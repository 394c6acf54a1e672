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
//! blobs                          the SPIR-V modules, the constant bytes and (optional) an
//!                                embedded pipeline cache, back to back
//! ```
//! The manifest's `pipeline_cache` entry is optional and only written when the artifact has
//! one (`kiln compile --embed-pipeline-cache`): artifacts without it are what they always
//! were, and readers that predate it ignore the entry and the blob after the constants, so the
//! format version stays 1. [`Artifact::load`] reads the file blob by blob (no copy of the whole
//! file first); [`Artifact::load_leaving_constants`] leaves the constants in the file for the
//! session to stream into device buffers.
//! The manifest's `onnx_interface` entry is optional in the same way: an artifact compiled
//! from an ONNX model keeps the graph's input and output names and declared types there
//! ([`crate::interface_names`]); without it (older artifacts, MLIR models) the inputs and
//! outputs keep their positional names (`input0`, `output0`).
//! The manifest keeps the dispatch schedule, bindings, push constants, buffer plan and the
//! target env the program was built for; [`Artifact::check_device`] refuses to run it on a
//! device that lacks a capability, extension or limit one of its modules needs.

use std::borrow::Cow;
use std::path::Path;

use std::time::Instant;

use kiln_lowering::program::CompiledProgram;
use kiln_runtime::PipelineCacheIdentity;
use kiln_spirv_ir::TargetEnv;
use serde::{Deserialize, Serialize};

use crate::interface_names::OnnxInterface;
use crate::startup::StartupTimeline;

pub const ARTIFACT_MAGIC: &[u8; 8] = b"KILNART\0";
pub const ARTIFACT_FORMAT_VERSION: u32 = 1;

/// A compiled program plus the target env it was built for.
#[derive(Clone, Debug, PartialEq)]
pub struct Artifact {
    pub target: TargetEnv,
    pub program: CompiledProgram,
    /// The pipelines of `program` as one device and driver built them (`kiln compile
    /// --embed-pipeline-cache`): merged into the device's cache at load when it is the same
    /// device and driver, ignored otherwise.
    pub pipeline_cache: Option<EmbeddedPipelineCache>,
    /// The ONNX names and declared types of the program's inputs and outputs, when it was
    /// compiled from an ONNX model (checked against the program when read).
    pub onnx_interface: Option<OnnxInterface>,
}

/// A pipeline cache in an artifact, with the device and driver that made it.
#[derive(Clone, Debug, PartialEq)]
pub struct EmbeddedPipelineCache {
    pub made_by: PipelineCacheIdentity,
    /// `vkGetPipelineCacheData`'s bytes (header first).
    pub data: Vec<u8>,
}

/// The constants of an artifact still in its file ([`Artifact::load_leaving_constants`]).
#[derive(Debug)]
pub struct ArtifactConstants {
    origin: String,
    file: std::sync::Mutex<std::fs::File>,
    /// (offset in the file, length) of each constant, by constant index; checked to lie in the
    /// file when it was read.
    blobs: Vec<(u64, u64)>,
}

impl ArtifactConstants {
    /// The length of constant `index`'s bytes.
    pub fn len(&self, index: usize) -> Option<u64> {
        self.blobs.get(index).map(|&(_, len)| len)
    }

    /// Whether no constant is held.
    pub fn is_empty(&self) -> bool {
        self.blobs.is_empty()
    }

    /// The file name, for messages.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// Runs `read` on a reader positioned at constant `index`'s bytes (and no further).
    pub fn with_reader<T>(
        &self,
        index: usize,
        read: impl FnOnce(&mut dyn std::io::Read, u64) -> T,
    ) -> std::io::Result<T> {
        use std::io::{Read, Seek, SeekFrom};
        let &(offset, len) = self.blobs.get(index).ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::NotFound, format!("no constant {index}"))
        })?;
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        file.seek(SeekFrom::Start(offset))?;
        let mut bounded = (&mut *file).take(len);
        Ok(read(&mut bounded, len))
    }
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
    /// An embedded pipeline cache (an optional section: artifacts without one, and kiln
    /// versions that do not know it, read the rest as before; its blob follows the constants).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pipeline_cache: Option<PipelineCacheRecord>,
    /// The ONNX names and types of the inputs and outputs (optional, as `pipeline_cache`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    onnx_interface: Option<OnnxInterface>,
}

/// The manifest's entry of an embedded pipeline cache.
#[derive(Serialize, Deserialize)]
struct PipelineCacheRecord {
    vendor_id: u32,
    device_id: u32,
    driver_version: u32,
    pipeline_cache_uuid: [u8; 16],
    device_name: String,
    offset: u64,
    length: u64,
}

/// SPIR-V words as little-endian bytes, borrowed where the host is little-endian.
fn words_le(words: &[u32]) -> Cow<'_, [u8]> {
    if cfg!(target_endian = "little") {
        Cow::Borrowed(bytemuck::cast_slice(words))
    } else {
        Cow::Owned(words.iter().flat_map(|w| w.to_le_bytes()).collect())
    }
}

/// The header: magic, format version, manifest length.
const HEADER_BYTES: usize = 20;

impl Artifact {
    /// An artifact without an embedded pipeline cache.
    pub fn new(target: TargetEnv, program: CompiledProgram) -> Artifact {
        Artifact {
            target,
            program,
            pipeline_cache: None,
            onnx_interface: None,
        }
    }

    /// The manifest and the blobs (in file order) of the artifact.
    fn manifest_and_blobs(&self) -> (Vec<u8>, Vec<Cow<'_, [u8]>>) {
        let mut blobs: Vec<Cow<'_, [u8]>> = Vec::new();
        let mut offset = 0u64;
        let mut place = |blob: &[u8]| {
            let at = offset;
            offset += blob.len() as u64;
            (at, blob.len() as u64)
        };
        let mut spirv_blobs = Vec::new();
        for (i, d) in self.program.dispatches.iter().enumerate() {
            let bytes = words_le(&d.spirv);
            let (at, len) = place(&bytes);
            spirv_blobs.push((i, at, len));
            blobs.push(bytes);
        }
        let mut constant_blobs = Vec::new();
        for (i, c) in self.program.constants.iter().enumerate() {
            let (at, len) = place(&c.bytes);
            constant_blobs.push((i, at, len));
            blobs.push(Cow::Borrowed(&c.bytes));
        }
        let pipeline_cache = self.pipeline_cache.as_ref().map(|cache| {
            let (at, len) = place(&cache.data);
            blobs.push(Cow::Borrowed(&cache.data));
            let made_by = &cache.made_by;
            PipelineCacheRecord {
                vendor_id: made_by.vendor_id,
                device_id: made_by.device_id,
                driver_version: made_by.driver_version,
                pipeline_cache_uuid: made_by.pipeline_cache_uuid,
                device_name: made_by.device_name.clone(),
                offset: at,
                length: len,
            }
        });
        let manifest = serde_json::to_vec(&Manifest {
            target: self.target.clone(),
            program: self.program.without_bytes(false),
            spirv_blobs,
            constant_blobs,
            pipeline_cache,
            onnx_interface: self.onnx_interface.clone(),
        })
        .expect("the manifest always serializes");
        (manifest, blobs)
    }

    /// Encodes the artifact as bytes (see the module docs for the layout).
    pub fn to_bytes(&self) -> Vec<u8> {
        let (manifest, blobs) = self.manifest_and_blobs();
        let blob_bytes: usize = blobs.iter().map(|b| b.len()).sum();
        let mut out = Vec::with_capacity(HEADER_BYTES + manifest.len() + blob_bytes);
        out.extend_from_slice(ARTIFACT_MAGIC);
        out.extend_from_slice(&ARTIFACT_FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(manifest.len() as u64).to_le_bytes());
        out.extend_from_slice(&manifest);
        for blob in blobs {
            out.extend_from_slice(&blob);
        }
        out
    }

    /// Decodes an artifact; `origin` names the file in errors.
    pub fn from_bytes(bytes: &[u8], origin: &str) -> Result<Artifact, ArtifactError> {
        Artifact::from_bytes_timed(bytes, origin, &mut StartupTimeline::new())
    }

    /// [`Artifact::from_bytes`], recording its phases (manifest, blobs, checks) in `timeline`.
    pub fn from_bytes_timed(
        bytes: &[u8],
        origin: &str,
        timeline: &mut StartupTimeline,
    ) -> Result<Artifact, ArtifactError> {
        let header = bytes.get(..HEADER_BYTES).unwrap_or(bytes);
        let length = decode_header(header, bytes.len() as u64, origin)?;
        let manifest_end = HEADER_BYTES + length as usize;
        let blobs = &bytes[manifest_end..];
        decode(
            &bytes[HEADER_BYTES..manifest_end],
            blobs.len() as u64,
            |offset, len| Ok(blobs[offset as usize..(offset + len) as usize].to_vec()),
            false,
            origin,
            timeline,
        )
        .map(|(artifact, _)| artifact)
    }

    /// Checks the manifest's consistency and verifies every dispatch's SPIR-V module (see
    /// [`crate::program_check`]): an artifact is untrusted input, and nothing it holds reaches
    /// the driver unchecked. [`Artifact::from_bytes`] runs it.
    pub fn check(&self) -> Result<(), String> {
        crate::program_check::check_program(&self.program)?;
        match &self.onnx_interface {
            Some(names) => names.check(&self.program),
            None => Ok(()),
        }
    }

    /// The name of input `k` as the model calls it (the ONNX graph's, else `input{k}`).
    pub fn input_name(&self, k: usize) -> Option<&str> {
        match &self.onnx_interface {
            Some(names) => names.inputs.get(k).map(|v| v.name.as_str()),
            None => self.program.inputs.get(k).map(|i| i.name.as_str()),
        }
    }

    /// The name of output `k` as the model calls it (the ONNX graph's, else `output{k}`).
    pub fn output_name(&self, k: usize) -> Option<&str> {
        match &self.onnx_interface {
            Some(names) => names.outputs.get(k).map(|v| v.name.as_str()),
            None => self.program.outputs.get(k).map(|o| o.name.as_str()),
        }
    }

    /// Writes the artifact to `path`, blob by blob (no copy of the weights in memory).
    pub fn save(&self, path: &Path) -> Result<(), ArtifactError> {
        use std::io::Write;
        let io_error = |e: std::io::Error| ArtifactError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        };
        let (manifest, blobs) = self.manifest_and_blobs();
        let file = std::fs::File::create(path).map_err(io_error)?;
        let mut out = std::io::BufWriter::with_capacity(1 << 20, file);
        out.write_all(ARTIFACT_MAGIC).map_err(io_error)?;
        out.write_all(&ARTIFACT_FORMAT_VERSION.to_le_bytes())
            .map_err(io_error)?;
        out.write_all(&(manifest.len() as u64).to_le_bytes())
            .map_err(io_error)?;
        out.write_all(&manifest).map_err(io_error)?;
        for blob in blobs {
            out.write_all(&blob).map_err(io_error)?;
        }
        out.into_inner().map_err(|e| io_error(e.into_error()))?;
        Ok(())
    }

    pub fn load(path: &Path) -> Result<Artifact, ArtifactError> {
        Artifact::load_timed(path, &mut StartupTimeline::new())
    }

    /// [`Artifact::load`], recording its phases in `timeline`. The file is read piece by piece:
    /// the manifest, then each blob straight into the buffer it ends in (one copy of the
    /// weights, not a copy of the whole file first).
    pub fn load_timed(
        path: &Path,
        timeline: &mut StartupTimeline,
    ) -> Result<Artifact, ArtifactError> {
        Artifact::open(path, false, timeline).map(|(artifact, _)| artifact)
    }

    /// [`Artifact::load_timed`] that leaves the constants in the file: the artifact's
    /// constants have no bytes, and [`crate::Session::load_artifact`] given the
    /// [`ArtifactConstants`] reads each straight into its device buffer (mapped memory or
    /// staging), so the weights are copied once, not into host memory first. Everything else
    /// is read and checked as by [`Artifact::load`].
    pub fn load_leaving_constants(
        path: &Path,
        timeline: &mut StartupTimeline,
    ) -> Result<(Artifact, ArtifactConstants), ArtifactError> {
        let (artifact, constants) = Artifact::open(path, true, timeline)?;
        Ok((artifact, constants.expect("deferred constants")))
    }

    fn open(
        path: &Path,
        defer_constants: bool,
        timeline: &mut StartupTimeline,
    ) -> Result<(Artifact, Option<ArtifactConstants>), ArtifactError> {
        use std::io::{Read, Seek, SeekFrom};
        let origin = path.display().to_string();
        let io_error = |e: std::io::Error| ArtifactError::Io {
            path: origin.clone(),
            message: e.to_string(),
        };
        let started = Instant::now();
        let mut file = std::fs::File::open(path).map_err(io_error)?;
        let file_len = file.metadata().map_err(io_error)?.len();
        let mut header = Vec::with_capacity(HEADER_BYTES);
        (&mut file)
            .take(HEADER_BYTES as u64)
            .read_to_end(&mut header)
            .map_err(io_error)?;
        let length = decode_header(&header, file_len, &origin)?;
        let mut manifest = vec![0u8; length as usize];
        file.read_exact(&mut manifest).map_err(io_error)?;
        timeline.record(
            "artifact read: header and manifest",
            0,
            started,
            started.elapsed(),
            format!("{} bytes", HEADER_BYTES + manifest.len()),
        );
        let blobs_start = HEADER_BYTES as u64 + length;
        let read_blob = |offset: u64, len: u64| -> Result<Vec<u8>, ArtifactError> {
            // `read_to_end` into reserved capacity: the bytes are written once, by the read
            // (a zeroed buffer first would write them twice).
            let mut data = Vec::with_capacity(len as usize);
            file.seek(SeekFrom::Start(blobs_start + offset))
                .and_then(|_| (&mut file).take(len).read_to_end(&mut data))
                .map_err(io_error)?;
            if data.len() as u64 != len {
                return Err(io_error(std::io::Error::new(
                    std::io::ErrorKind::UnexpectedEof,
                    format!("the file ended inside the blob at {offset}+{len}"),
                )));
            }
            Ok(data)
        };
        let (artifact, deferred) = decode(
            &manifest,
            file_len - blobs_start,
            read_blob,
            defer_constants,
            &origin,
            timeline,
        )?;
        let constants = defer_constants.then(|| ArtifactConstants {
            origin: origin.clone(),
            file: std::sync::Mutex::new(file),
            blobs: deferred
                .into_iter()
                .map(|(offset, len)| (blobs_start + offset, len))
                .collect(),
        });
        Ok((artifact, constants))
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
            // A kernel laid out for a subgroup size records it (the lowering's verifier
            // insists): it runs where every subgroup of the device has that size, or where the
            // device may pin it (the runtime checks subgroup size control when it builds the
            // pipeline); elsewhere it would compute wrong numbers.
            if let Some(size) = dispatch.required_subgroup_size {
                let (min, max) = (
                    device.limits.min_subgroup_size,
                    device.limits.max_subgroup_size,
                );
                if !size.is_power_of_two() || size < min || size > max {
                    return Err(unsatisfiable(format!(
                        "dispatch `{}` is laid out for subgroups of {size} (target `{}`), the \
                         device's subgroups have {min}-{max} invocations: compile for this device \
                         (--target auto)",
                        dispatch.name, self.target.name,
                    )));
                }
            }
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
        }
        Ok(())
    }
}

/// Checks the header (`header`: the file's first bytes, at most 20) of a file of `file_len`
/// bytes and returns the manifest length, which the file is known to hold.
fn decode_header(header: &[u8], file_len: u64, origin: &str) -> Result<u64, ArtifactError> {
    let corrupt = |message: String| ArtifactError::Corrupt {
        path: origin.to_string(),
        message,
    };
    let magic_len = header.len().min(8);
    if header[..magic_len] != ARTIFACT_MAGIC[..magic_len] || header.is_empty() {
        return Err(ArtifactError::BadMagic {
            path: origin.to_string(),
        });
    }
    if header.len() < HEADER_BYTES {
        return Err(corrupt(format!(
            "truncated: {file_len} bytes, the header alone is {HEADER_BYTES}"
        )));
    }
    let version = u32::from_le_bytes(header[8..12].try_into().expect("4 bytes"));
    if version != ARTIFACT_FORMAT_VERSION {
        return Err(ArtifactError::Version {
            path: origin.to_string(),
            found: version,
        });
    }
    let length = u64::from_le_bytes(header[12..20].try_into().expect("8 bytes"));
    if length > file_len - HEADER_BYTES as u64 || usize::try_from(length).is_err() {
        return Err(corrupt(format!(
            "manifest length {length} exceeds the file"
        )));
    }
    Ok(length)
}

/// Decodes the manifest and reads the blobs it lists through `read_blob(offset, length)`
/// (offsets into the `blobs_len` bytes after the manifest, checked before any read), then runs
/// the checks. Every blob lies inside the file and no two overlap in total length beyond it,
/// so the memory read is at most the file's size. With `defer_constants`, the constants are
/// not read: their blobs come back (offset and length, by constant index) instead.
fn decode(
    manifest: &[u8],
    blobs_len: u64,
    mut read_blob: impl FnMut(u64, u64) -> Result<Vec<u8>, ArtifactError>,
    defer_constants: bool,
    origin: &str,
    timeline: &mut StartupTimeline,
) -> Result<(Artifact, Vec<(u64, u64)>), ArtifactError> {
    let corrupt = |message: String| ArtifactError::Corrupt {
        path: origin.to_string(),
        message,
    };
    let started = Instant::now();
    let mut manifest: Manifest =
        serde_json::from_slice(manifest).map_err(|e| corrupt(format!("manifest: {e}")))?;
    timeline.record(
        "artifact manifest decode",
        0,
        started,
        started.elapsed(),
        format!(
            "{} dispatches, {} constants",
            manifest.program.dispatches.len(),
            manifest.program.constants.len()
        ),
    );
    let started = Instant::now();
    let in_file = |offset: u64, len: u64| -> Result<(), ArtifactError> {
        match offset.checked_add(len) {
            Some(end) if end <= blobs_len => Ok(()),
            _ => Err(corrupt(format!("blob at {offset}+{len} exceeds the file"))),
        }
    };
    let cache_blob = manifest
        .pipeline_cache
        .as_ref()
        .map(|r| (r.offset, r.length));
    let mut declared: u64 = 0;
    for (offset, len) in manifest
        .spirv_blobs
        .iter()
        .chain(&manifest.constant_blobs)
        .map(|&(_, offset, len)| (offset, len))
        .chain(cache_blob)
    {
        in_file(offset, len)?;
        declared = declared.saturating_add(len);
    }
    if declared > blobs_len {
        return Err(corrupt(format!(
            "the blobs declare {declared} bytes, the file holds {blobs_len} after the manifest"
        )));
    }
    let mut blob_bytes = 0u64;
    for &(i, offset, len) in &manifest.spirv_blobs {
        if len % 4 != 0 {
            return Err(corrupt(format!(
                "SPIR-V blob {i} is not a whole number of words"
            )));
        }
        let dispatch = manifest
            .program
            .dispatches
            .get_mut(i)
            .ok_or_else(|| corrupt(format!("SPIR-V blob for unknown dispatch {i}")))?;
        let data = read_blob(offset, len)?;
        dispatch.spirv = data
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect();
        blob_bytes += len;
    }
    let mut deferred = vec![(0u64, 0u64); manifest.program.constants.len()];
    let mut deferred_bytes = 0u64;
    for &(i, offset, len) in &manifest.constant_blobs {
        let constant = manifest
            .program
            .constants
            .get_mut(i)
            .ok_or_else(|| corrupt(format!("blob for unknown constant {i}")))?;
        if defer_constants {
            deferred[i] = (offset, len);
            deferred_bytes += len;
        } else {
            constant.bytes = read_blob(offset, len)?;
            blob_bytes += len;
        }
    }
    let pipeline_cache = match manifest.pipeline_cache.take() {
        Some(record) => Some(EmbeddedPipelineCache {
            data: read_blob(record.offset, record.length)?,
            made_by: PipelineCacheIdentity {
                vendor_id: record.vendor_id,
                device_id: record.device_id,
                driver_version: record.driver_version,
                pipeline_cache_uuid: record.pipeline_cache_uuid,
                device_name: record.device_name,
            },
        }),
        None => None,
    };
    timeline.record(
        "artifact read: SPIR-V and constants",
        0,
        started,
        started.elapsed(),
        if defer_constants {
            format!("{blob_bytes} bytes; {deferred_bytes} bytes of constants left in the file")
        } else {
            format!("{blob_bytes} bytes")
        },
    );
    if let Some(names) = &manifest.onnx_interface {
        names.check(&manifest.program).map_err(corrupt)?;
    }
    let artifact = Artifact {
        target: manifest.target,
        program: manifest.program,
        pipeline_cache,
        onnx_interface: manifest.onnx_interface,
    };
    timeline
        .time("artifact check (manifest, SPIR-V verifier)", || {
            artifact.check()
        })
        .map_err(corrupt)?;
    let started = Instant::now();
    let validated = crate::spirv_val_at_load::validate_modules(
        &artifact.program,
        &artifact.target.spirv_val_target_env(),
    )
    .map_err(corrupt)?;
    timeline.record(
        "artifact spirv-val",
        0,
        started,
        started.elapsed(),
        validated.to_string(),
    );
    Ok((artifact, deferred))
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
