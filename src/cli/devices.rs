//! `kiln devices`: one line per Vulkan device (name, type, API version, subgroup size, shared
//! memory), in the order the default selection prefers them.

use clap::Args;

use super::{Cli, CliError};
use crate::runtime_error;

#[derive(Args, Debug)]
pub struct DevicesArgs {
    /// Also print the target env kiln would build for each device (`--target auto`), as JSON.
    #[arg(long)]
    pub target_env: bool,
}

pub fn run(args: &DevicesArgs, _cli: &Cli) -> Result<(), CliError> {
    let devices = kiln_runtime::enumerate_devices().map_err(runtime_error)?;
    for info in &devices {
        super::emit(info)?;
        if let Some(matrix2) = &info.cooperative_matrix2 {
            super::emit(describe_cooperative_matrix2(&info.features, matrix2))?;
        }
        if args.target_env {
            super::emit(crate::target::target_env_for_device(info).to_json_string())?;
        }
    }
    Ok(())
}

/// The `VK_NV_cooperative_matrix2` line under a device: features, limits and the
/// flexible-dimension shapes (granularities M x N x K, A B C result types, scope, invocations).
fn describe_cooperative_matrix2(
    features: &kiln_runtime::DeviceFeatures,
    matrix2: &kiln_runtime::CooperativeMatrix2,
) -> String {
    let shapes: Vec<String> = matrix2
        .flexible_shapes
        .iter()
        .map(|s| {
            format!(
                "{}x{}x{} {:?}*{:?}+{:?}->{:?} {:?}{}",
                s.m_granularity,
                s.n_granularity,
                s.k_granularity,
                s.a_type,
                s.b_type,
                s.c_type,
                s.result_type,
                s.scope,
                if s.workgroup_invocations > 0 {
                    format!("/{}", s.workgroup_invocations)
                } else {
                    String::new()
                }
            )
        })
        .collect();
    format!(
        "   VK_NV_cooperative_matrix2: workgroup scope {} (max {} invocations, {} B shared reserved), \
         flexible dimensions {} (max {}), tensor addressing {}, per-element operations {}; \
         shapes: {}",
        features.cooperative_matrix_workgroup_scope,
        matrix2.workgroup_scope_max_workgroup_size,
        matrix2.workgroup_scope_reserved_shared_memory,
        features.cooperative_matrix_flexible_dimensions,
        matrix2.flexible_dimensions_max_dimension,
        features.cooperative_matrix_tensor_addressing,
        features.cooperative_matrix_per_element_operations,
        shapes.join(", ")
    )
}
