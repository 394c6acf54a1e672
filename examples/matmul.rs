//! Builds a matmul in Rust with the Tensor IR builder, compiles it for the default Vulkan device,
//! runs it on random data and checks the result against ndarray's `dot`.
//!
//! `cargo run --release --example matmul [M N K]`

use kiln::frontend::{DType, FunctionBuilder, Module, Type};
use kiln::{HostTensor, Session};
use ndarray::{ArrayD, Ix2};
use rand::{Rng, SeedableRng};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let sizes: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let (m, n, k) = match sizes[..] {
        [m, n, k] => (m, n, k),
        [] => (256, 384, 512),
        _ => return Err("usage: matmul [M N K]".into()),
    };

    // C = A x B, written with the builder (the same op as `linalg.matmul` in MLIR text).
    let mut b = FunctionBuilder::new("main");
    let a = b.argument(Type::Tensor(kiln::frontend::TensorType::of(
        &[m, k],
        DType::F32,
    )));
    let w = b.argument(Type::Tensor(kiln::frontend::TensorType::of(
        &[k, n],
        DType::F32,
    )));
    let c = b.matmul(a, w, None)?;
    let module = Module {
        functions: vec![b.finish(vec![c])?],
    };

    let session = Session::default_device()?;
    let target = kiln::target::target_env_for_open_device(session.device());
    let artifact = kiln::compile(&module, &target)?;
    let executable = session.load(&artifact.program)?;

    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut random = |rows: u64, cols: u64| {
        ArrayD::from_shape_fn(vec![rows as usize, cols as usize], |_| {
            rng.random_range(-1.0f32..1.0)
        })
    };
    let (a_host, b_host) = (random(m, k), random(k, n));
    let (outputs, timings) = executable.run_timed(&[
        HostTensor::F32(a_host.clone()),
        HostTensor::F32(b_host.clone()),
    ])?;
    let HostTensor::F32(c_device) = &outputs[0] else {
        return Err("unexpected output type".into());
    };

    let expected = a_host
        .into_dimensionality::<Ix2>()?
        .dot(&b_host.into_dimensionality::<Ix2>()?);
    let max_error = c_device
        .iter()
        .zip(expected.iter())
        .fold(0.0f32, |acc, (x, y)| acc.max((x - y).abs()));
    let gpu_ms = timings.gpu_total_ns.map(|ns| ns as f64 / 1e6);
    println!(
        "matmul {m}x{n}x{k} on {}: {} dispatch(es), GPU {:?} ms, wall {:.3} ms, max |error| vs ndarray {max_error:.2e}",
        session.device().info().name,
        artifact.program.dispatches.len(),
        gpu_ms,
        timings.wall.as_secs_f64() * 1e3
    );
    if let Some(ms) = gpu_ms {
        println!("{:.2} GFLOP/s", 2.0 * (m * n * k) as f64 / (ms * 1e6));
    }
    if max_error > 1e-3 * k as f32 {
        return Err(format!("result differs from ndarray by {max_error}").into());
    }
    Ok(())
}
