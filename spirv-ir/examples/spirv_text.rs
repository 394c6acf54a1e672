//! `cargo run -p kiln-spirv-ir --example spirv_text -- dis IN.spv` prints the text form;
//! `... -- as IN.txt OUT.spv` assembles it (the same functions `kiln spirv dis|as` calls).

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("dis") if args.len() == 3 => {
            let bytes = std::fs::read(&args[2])?;
            let m = kiln_spirv_ir::deserialize_bytes(&bytes)?;
            print!("{}", kiln_spirv_ir::print_module(&m));
        }
        Some("as") if args.len() == 4 => {
            let text = std::fs::read_to_string(&args[2])?;
            let words = kiln_spirv_ir::assemble_text(&text)?;
            let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            std::fs::write(&args[3], bytes)?;
        }
        _ => return Err("usage: spirv_text dis IN.spv | spirv_text as IN.txt OUT.spv".into()),
    }
    Ok(())
}
