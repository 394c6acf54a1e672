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
        if args.target_env {
            super::emit(crate::target::target_env_for_device(info).to_json_string())?;
        }
    }
    Ok(())
}
