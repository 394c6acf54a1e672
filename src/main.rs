//! The `kiln` command line: see `kiln --help`.

fn main() -> std::process::ExitCode {
    kiln::cli::main()
}
