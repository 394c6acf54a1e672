//! Times a hand-written f16 matmul SPIR-V module on the default device and checks 512 sampled
//! outputs against an f64 reference (how the workgroup-matrix tilings in benches/RESULTS.md
//! were swept; `benches/gpu/workgroup_matrix_spirv.py` writes such modules).
//! Bindings (set 0): 0 = A (M x K f16, row-major), 1 = B (K x N f16), 2 = C (M x N, f32 or
//! f16); no push constants; grid (N / BN, M / BM, 1).
//! Environment: `EPILOGUE=1` adds binding 3 = an f32 bias of N and checks relu(A * B + bias);
//! `GRID=G` dispatches (G, 1, 1) workgroups instead (persistent kernels).
//!
//! cargo run --release -p kiln-runtime --example spv_matmul -- FILE.spv M N K BM BN [f32|f16] [ITERS]

use half::f16;
use kiln_runtime::{Access, Device, DeviceConfig, Kernel};
use rand::{Rng, SeedableRng};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 7 {
        return Err("usage: spv_matmul FILE.spv M N K BM BN [f32|f16] [ITERS]".into());
    }
    let num = |i: usize| -> Result<usize, Box<dyn std::error::Error>> {
        Ok(args[i]
            .parse()
            .map_err(|_| format!("argument {i}: not a number: {}", args[i]))?)
    };
    let (m, n, k, bm, bn) = (num(2)?, num(3)?, num(4)?, num(5)?, num(6)?);
    let f16_out = args.get(7).is_some_and(|a| a == "f16");
    let iters = if args.len() > 8 { num(8)?.max(1) } else { 20 };
    let bytes = std::fs::read(&args[1])?;
    let device = Device::new(&DeviceConfig::default())?;
    let epilogue = std::env::var("EPILOGUE").is_ok_and(|v| v == "1");
    let mut kernel = Kernel::from_bytes("matmul", &bytes)?
        .binding(0, 0, Access::ReadOnly)
        .binding(0, 1, Access::ReadOnly)
        .binding(0, 2, Access::WriteOnly);
    if epilogue {
        kernel = kernel.binding(0, 3, Access::ReadOnly);
    }
    let pipeline = device.create_pipeline(&kernel)?;
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut random = |count: usize| -> Vec<f16> {
        (0..count)
            .map(|_| f16::from_f32(rng.random_range(-1.0..1.0)))
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
        Err(_) => [n.div_ceil(bn) as u32, m.div_ceil(bm) as u32, 1],
    };
    let mut buffers = vec![&a_buf, &b_buf, &c_buf];
    if epilogue {
        buffers.push(&bias_buf);
    }
    schedule.push(&pipeline, &buffers, &[], grid)?;
    for _ in 0..3 {
        schedule.run()?;
    }
    let mut times = Vec::with_capacity(iters);
    for _ in 0..iters {
        times.push(
            schedule
                .run()?
                .gpu_total_ns
                .ok_or("no timestamps on this queue")?,
        );
    }
    times.sort_unstable();
    let median = times[times.len() / 2] as f64;
    let c: Vec<f32> = if f16_out {
        let h: Vec<f16> = c_buf.download()?;
        h.iter().map(|v| v.to_f32()).collect()
    } else {
        c_buf.download()?
    };
    let (mut max_err, mut max_ref) = (0f64, 0f64);
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    for _ in 0..512 {
        let (i, j) = (rng.random_range(0..m), rng.random_range(0..n));
        let mut reference: f64 = (0..k)
            .map(|p| f64::from(a[i * k + p].to_f32()) * f64::from(b[p * n + j].to_f32()))
            .sum();
        if epilogue {
            reference = (reference + f64::from(bias[j])).max(0.0);
        }
        max_err = max_err.max((reference - f64::from(c[i * n + j])).abs());
        max_ref = max_ref.max(reference.abs());
    }
    println!(
        "RESULT {} {m}x{n}x{k}: median {:.1} us, {:.1} TFLOP/s, sampled max error {:.2e} of max |ref| {:.1}",
        args[1],
        median / 1e3,
        2.0 * (m * n * k) as f64 / median / 1e3,
        max_err / max_ref.max(f64::MIN_POSITIVE),
        max_ref
    );
    Ok(())
}
