//! `kiln spirv dis|as|val`: SPIR-V binaries to kiln's textual SPIR-V IR and back, and kiln's
//! verifier on a module (compared with spirv-val where it is installed).

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
    /// Verify a module with kiln's verifier (a `.spv` binary or kiln's text form) and, where
    /// spirv-val is installed, with spirv-val too; says where the two disagree.
    ///
    /// Example: `kiln spirv val dump/dispatch_0.spv --target-env vulkan1.3`
    Val {
        /// The `.spv` file, or a text file of kiln's SPIR-V IR.
        input: PathBuf,
        /// spirv-val's target environment (default: the module's SPIR-V version, `spv1.X`).
        #[arg(long, value_name = "ENV")]
        target_env: Option<String>,
    },
}

fn read_words(input: &std::path::Path) -> Result<Vec<u32>, CliError> {
    let bytes =
        std::fs::read(input).map_err(|e| CliError::user(format!("{}: {e}", input.display())))?;
    if bytes.len() % 4 != 0 {
        return Err(CliError::user(format!(
            "{}: {} bytes is not a whole number of SPIR-V words",
            input.display(),
            bytes.len()
        )));
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// `kiln spirv val`: kiln's verifier, then spirv-val on kiln's serialization of the module.
fn val(input: &std::path::Path, target_env: Option<&str>) -> Result<(), CliError> {
    let is_binary = std::fs::read(input)
        .map(|b| b.len() >= 4 && u32::from_le_bytes([b[0], b[1], b[2], b[3]]) == 0x0723_0203)
        .unwrap_or(false);
    let (module, words) = if is_binary {
        let words = read_words(input)?;
        let module = kiln_spirv_ir::deserialize(&words)
            .map_err(|e| CliError::user(format!("{}: {e}", input.display())))?;
        (module, words)
    } else {
        let text = std::fs::read_to_string(input)
            .map_err(|e| CliError::user(format!("{}: {e}", input.display())))?;
        let module = kiln_spirv_ir::parse_module(&text)
            .map_err(|e| CliError::user(format!("{}: {e}", input.display())))?;
        let words = kiln_spirv_ir::serialize(&module)
            .map_err(|e| CliError::user(format!("{}: {e}", input.display())))?;
        (module, words)
    };
    let kiln = kiln_spirv_ir::verify(&module);
    match &kiln {
        Ok(()) => emit("kiln verifier: valid")?,
        Err(e) => emit(format!("kiln verifier: invalid\n{e}"))?,
    }
    let env = target_env
        .map(str::to_string)
        .unwrap_or_else(|| format!("spv{}", module.version));
    let spirv_val = match kiln_spirv_ir::tools::find_tool("spirv-val", "KILN_SPIRV_VAL") {
        Ok(_) => Some(kiln_spirv_ir::validate_with_spirv_val(&words, &env)),
        Err(e) => {
            emit(format!("spirv-val: not run ({e})"))?;
            None
        }
    };
    match &spirv_val {
        Some(Ok(())) => emit(format!("spirv-val --target-env {env}: valid"))?,
        Some(Err(e)) => {
            // The message, without the disassembly spirv-val's wrapper appends.
            let message = e.split("\n--- disassembly ---").next().unwrap_or(e);
            emit(format!("spirv-val --target-env {env}: invalid\n{message}"))?
        }
        None => {}
    }
    match (kiln.is_ok(), spirv_val.as_ref().map(Result::is_ok)) {
        (true, Some(false)) => {
            emit("disagreement: kiln's verifier accepts what spirv-val rejects")?
        }
        (false, Some(true)) => {
            emit("disagreement: kiln's verifier rejects what spirv-val accepts")?
        }
        _ => {}
    }
    if kiln.is_err() || matches!(spirv_val, Some(Err(_))) {
        return Err(CliError::user(format!(
            "{}: invalid module",
            input.display()
        )));
    }
    Ok(())
}

pub fn run(args: &SpirvArgs, _cli: &Cli) -> Result<(), CliError> {
    match &args.command {
        SpirvCommand::Val { input, target_env } => val(input, target_env.as_deref()),
        SpirvCommand::Dis { input } => {
            let words = read_words(input)?;
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
