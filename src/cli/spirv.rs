//! `kiln spirv dis|as`: SPIR-V binaries to kiln's textual SPIR-V IR and back.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::{emit, Cli, CliError};

#[derive(Args, Debug)]
pub struct SpirvArgs {
    #[command(subcommand)]
    pub command: SpirvCommand,
}

#[derive(Subcommand, Debug)]
pub enum SpirvCommand {
    /// Disassemble a SPIR-V binary into kiln's SPIR-V IR text (structured regions, block args).
    ///
    /// Example: `kiln spirv dis dump/dispatch_0.spv`
    Dis {
        /// The `.spv` file.
        input: PathBuf,
    },
    /// Assemble kiln's SPIR-V IR text into a binary.
    ///
    /// Example: `kiln spirv as kernel.txt -o kernel.spv`
    As {
        /// The text file.
        input: PathBuf,
        /// Where to write the binary.
        #[arg(short, long, value_name = "OUT.spv")]
        output: PathBuf,
    },
}

pub fn run(args: &SpirvArgs, _cli: &Cli) -> Result<(), CliError> {
    match &args.command {
        SpirvCommand::Dis { input } => {
            let bytes = std::fs::read(input)
                .map_err(|e| CliError::user(format!("{}: {e}", input.display())))?;
            if bytes.len() % 4 != 0 {
                return Err(CliError::user(format!(
                    "{}: {} bytes is not a whole number of SPIR-V words",
                    input.display(),
                    bytes.len()
                )));
            }
            let words: Vec<u32> = bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            let text = kiln_spirv_ir::disassemble_to_text(&words)
                .map_err(|e| CliError::user(format!("{}: {e}", input.display())))?;
            emit(text.trim_end())
        }
        SpirvCommand::As { input, output } => {
            let text = std::fs::read_to_string(input)
                .map_err(|e| CliError::user(format!("{}: {e}", input.display())))?;
            let words = kiln_spirv_ir::assemble_text(&text)
                .map_err(|e| CliError::user(format!("{}: {e}", input.display())))?;
            let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            std::fs::write(output, bytes)
                .map_err(|e| CliError::user(format!("{}: {e}", output.display())))
        }
    }
}
