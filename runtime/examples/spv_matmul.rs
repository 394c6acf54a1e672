//! Times a hand-written f16 matmul SPIR-V module on the default device and checks 512 sampled
//! outputs against an f64 reference (how the workgroup-matrix tilings in benches/RESULTS.md
//! were swept; `benches/gpu/workgroup_matrix_spirv.py` writes such modules).
//! Bindings (set 0): 0 = A (M x K f16, row-major), 1 = B (K x N f16), 2 = C (M x N, f32 or
//! f16); no push constants; grid (N / BN, M / BM, 1).
//! Environment: `EPILOGUE=1` adds binding 3 = an f32 bias of N and checks relu(A * B + bias);
//! `GRID=G` dispatches (G, 1, 1) workgroups instead (persistent kernels).
//!
//! cargo run --release -p kiln-runtime --example spv_matmul -- FILE.spv M N K BM BN [f32|f16] [ITERS]

mod common;

use common::{median_gpu_ns, number, operand_rng, uniform, Error, MatmulProblem};
use half::f16;
use rand::Rng;

fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().collect();
    let problem =
        MatmulProblem::from_args(&args, "spv_matmul FILE.spv M N K BM BN [f32|f16] [ITERS]")?;
    let MatmulProblem { m, n, k, .. } = problem;
    let f16_out = args.get(7).is_some_and(|a| a == "f16");
    let iters = if args.len() > 8 {
        number(&args, 8)?.max(1)
    } else {
        20
    };
    let epilogue = std::env::var("EPILOGUE").is_ok_and(|v| v == "1");
    let (device, pipeline) = problem.pipeline(u32::from(epilogue))?;
    let mut rng = operand_rng();
    let mut random = |count: usize| -> Vec<f16> {
        uniform(&mut rng, count)
            .into_iter()
            .map(f16::from_f32)
            .collect()
    };
    let (a, b) = (random(m * k), random(k * n));
    let a_buf = device.create_buffer_with("a", &a)?;
    let b_buf = device.create_buffer_with("b", &b)?;
    let c_buf = device.create_buffer("c", (m * n * if f16_out { 2 } else { 4 }) as u64)?;
    let bias: Vec<f32> = (0..n).map(|_| rng.random_range(-8.0..8.0)).collect();
    let bias_buf = device.create_buffer_with("bias", &bias)?;
    let mut schedule = device.create_schedule();
    let grid = match std::env::var("GRID") {
        Ok(g) => [
            g.parse().map_err(|_| format!("GRID: not a number: {g}"))?,
            1,
            1,
        ],
        Err(_) => problem.grid(),
    };
    let mut buffers = vec![&a_buf, &b_buf, &c_buf];
    if epilogue {
        buffers.push(&bias_buf);
    }
    schedule.push(&pipeline, &buffers, &[], grid)?;
    let median = median_gpu_ns(&mut schedule, iters)?;
    let c: Vec<f32> = if f16_out {
        let h: Vec<f16> = c_buf.download()?;
        h.iter().map(|v| v.to_f32()).collect()
    } else {
        c_buf.download()?
    };
    let (mut max_err, mut max_ref) = (0f64, 0f64);
    for (i, j) in problem.sampled_outputs() {
        let mut reference = problem.reference(&a, &b, i, j);
        if epilogue {
            reference = (reference + f64::from(bias[j])).max(0.0);
        }
        max_err = max_err.max((reference - f64::from(c[i * n + j])).abs());
        max_ref = max_ref.max(reference.abs());
    }
    println!(
        "{}, sampled max error {:.2e} of max |ref| {:.1}",
        problem.result_line(median, 1),
        max_err / max_ref.max(f64::MIN_POSITIVE),
        max_ref
    );
    Ok(())
}
