//! Imports an ONNX model (default: the shipped small ResNet), compiles it for the default device,
//! runs a batch of random images and prints the top class of each, with the timing.
//!
//! `cargo run --release --example onnx_model [MODEL.onnx] [BATCH]`

use std::path::PathBuf;

use kiln::{HostTensor, Session};
use ndarray::{ArrayD, Axis};
use rand::{Rng, SeedableRng};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/models/resnet_tiny.onnx")
    });
    let batch: usize = args.next().map(|b| b.parse()).transpose()?.unwrap_or(4);

    let module = kiln::model::load_model(&path)?;
    let session = Session::default_device()?;
    let target = kiln::target::target_env_for_open_device(session.device());
    let start = std::time::Instant::now();
    let artifact = kiln::compile(&module, &target)?;
    let compile_ms = start.elapsed().as_secs_f64() * 1e3;
    let executable = session.load(&artifact.program)?;

    // The first input's shape, with its symbolic batch dim (if any) set to `batch`.
    let input = &artifact.program.inputs[0];
    let shape: Vec<usize> = input
        .shape
        .iter()
        .map(|d| d.as_const().map_or(batch, |c| c as usize))
        .collect();
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    let images = ArrayD::from_shape_fn(shape.clone(), |_| rng.random_range(-1.0f32..1.0));
    let (outputs, timings) = executable.run_timed(&[HostTensor::F32(images)])?;
    let HostTensor::F32(scores) = &outputs[0] else {
        return Err("expected f32 scores".into());
    };
    println!(
        "{}: input {shape:?}, {} dispatches, compiled in {compile_ms:.1} ms; GPU {:?} us, wall {:.1} us",
        path.display(),
        artifact.program.dispatches.len(),
        timings.gpu_total_ns.map(|ns| ns / 1000),
        timings.wall.as_secs_f64() * 1e6
    );
    for (i, row) in scores.axis_iter(Axis(0)).enumerate() {
        let (class, p) =
            row.iter().enumerate().fold(
                (0, f32::MIN),
                |best, (c, &p)| if p > best.1 { (c, p) } else { best },
            );
        println!("image {i}: class {class} (p = {p:.4})");
    }
    Ok(())
}
