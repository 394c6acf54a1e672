//! `kiln inspect`: what an artifact holds: target env, inputs/outputs, buffers, dispatches with
//! their bindings, push constants and workgroup counts.

use std::path::PathBuf;

use clap::Args;

use super::{emit, Cli, CliError};
use crate::Artifact;

#[derive(Args, Debug)]
#[command(after_help = "Example:\n  kiln inspect model.kiln")]
pub struct InspectArgs {
    /// The artifact (`.kiln`).
    pub artifact: PathBuf,
    /// Print the target env as JSON too.
    #[arg(long)]
    pub target_env: bool,
}

pub fn run(args: &InspectArgs, _cli: &Cli) -> Result<(), CliError> {
    let artifact = Artifact::load(&args.artifact).map_err(CliError::user)?;
    let p = &artifact.program;
    let t = &artifact.target;
    emit(format!(
        "artifact {} (format {}, program format {})",
        args.artifact.display(),
        crate::artifact::ARTIFACT_FORMAT_VERSION,
        p.format_version
    ))?;
    emit(format!(
        "target: {} ({}; Vulkan {}.{}, SPIR-V {}.{}, subgroup {}, shared memory {} B)",
        t.name,
        t.device_name,
        t.vulkan_version.major,
        t.vulkan_version.minor,
        t.spirv_version.major,
        t.spirv_version.minor,
        t.limits.subgroup_size,
        t.limits.max_compute_shared_memory_size
    ))?;
    emit(format!("precision: {}", p.precision))?;
    for s in &p.symbols {
        emit(format!(
            "symbol {}: input {} dim {}",
            s.name, s.input, s.dim
        ))?;
    }
    for (kind, list) in [("input", &p.inputs), ("output", &p.outputs)] {
        for (i, io) in list.iter().enumerate() {
            let shape: Vec<String> = io.shape.iter().map(|d| d.to_string()).collect();
            emit(format!(
                "{kind} {i} `{}`: {:?} [{}] stored as {:?} in buffer {}",
                io.name,
                io.dtype,
                shape.join(", "),
                io.storage,
                io.buffer
            ))?;
        }
    }
    for b in &p.buffers {
        let slot = b
            .reuse_slot
            .map(|s| format!(", slot {s}"))
            .unwrap_or_default();
        emit(format!(
            "buffer {} `{}`: {:?}, {} bytes{slot}",
            b.id, b.name, b.kind, b.size_bytes
        ))?;
    }
    let constant_bytes: usize = p.constants.iter().map(|c| c.bytes.len()).sum();
    emit(format!(
        "constants: {} buffers, {constant_bytes} bytes",
        p.constants.len()
    ))?;
    if let Some(cache) = &artifact.pipeline_cache {
        let made_by = &cache.made_by;
        emit(format!(
            "pipeline cache: {} bytes made on `{}` (vendor {:#06x}, device {:#06x}, driver \
             version {:#x}); used only on that device and driver",
            cache.data.len(),
            made_by.device_name,
            made_by.vendor_id,
            made_by.device_id,
            made_by.driver_version
        ))?;
    }
    for (i, d) in p.dispatches.iter().enumerate() {
        let count: Vec<String> = d.workgroup_count.iter().map(|c| c.to_string()).collect();
        emit(format!(
            "dispatch {i} `{}`: entry {}, local size {:?}, workgroups [{}], {} SPIR-V words",
            d.name,
            d.entry_point,
            d.local_size,
            count.join(", "),
            d.spirv.len()
        ))?;
        if let Some(range) = &d.runs_when {
            emit(format!(
                "  runs when {range} (a run-time variant; otherwise skipped)"
            ))?;
        }
        for b in &d.bindings {
            emit(format!(
                "  binding (set {}, binding {}) -> buffer {} {}",
                b.set,
                b.binding,
                b.buffer,
                if b.read_only { "read" } else { "read-write" }
            ))?;
        }
        for f in &d.push_constants {
            emit(format!(
                "  push constant +{} `{}` = {}",
                f.offset, f.name, f.value
            ))?;
        }
    }
    if args.target_env {
        emit(t.to_json_string())?;
    }
    Ok(())
}
