//! Times an f32 matmul done on bf16 tensor cores from split operands (a module written by
//! `benches/gpu/split_bf16_spirv.py`: each f32 operand as three bf16 planes, six products
//! accumulated in f32) on the default device, and compares its accuracy on 512 sampled outputs
//! with a plain f32 dot product (what a SIMT kernel computes), both against f64.
//! Bindings (set 0): 0 = A planes (3 x M x K bf16), 1 = B planes (3 x K x N bf16), 2 = C
//! (M x N f32); grid (N / BN, M / BM, 1). TFLOP/s count 2 M N K (the f32 problem). With
//! `fused` the module splits in the kernel: bindings 0 and 1 hold A and B in f32.
//!
//! cargo run --release -p kiln-runtime --example spv_matmul_split -- FILE.spv M N K BM BN [ITERS] [fused]

use half::bf16;
use kiln_runtime::{Access, Device, DeviceConfig, Kernel};
use rand::{Rng, SeedableRng};

/// `x` as three bf16 planes whose sum is `x` to f32 precision (round to nearest each time).
fn split(x: &[f32]) -> Vec<u16> {
    let n = x.len();
    let mut planes = vec![0u16; 3 * n];
    for (i, &v) in x.iter().enumerate() {
        let mut rest = v;
        for p in 0..3 {
            let part = bf16::from_f32(rest);
            planes[p * n + i] = part.to_bits();
            rest -= part.to_f32();
        }
    }
    planes
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 7 {
        return Err("usage: spv_matmul_split FILE.spv M N K BM BN [ITERS] [fused]".into());
    }
    let num = |i: usize| -> Result<usize, Box<dyn std::error::Error>> {
        Ok(args[i]
            .parse()
            .map_err(|_| format!("argument {i}: not a number: {}", args[i]))?)
    };
    let (m, n, k, bm, bn) = (num(2)?, num(3)?, num(4)?, num(5)?, num(6)?);
    let iters = args
        .get(7)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20usize)
        .max(1);
    let fused = args.iter().skip(7).any(|a| a == "fused");
    let bytes = std::fs::read(&args[1])?;
    let device = Device::new(&DeviceConfig::default())?;
    let kernel = Kernel::from_bytes("matmul", &bytes)?
        .binding(0, 0, Access::ReadOnly)
        .binding(0, 1, Access::ReadOnly)
        .binding(0, 2, Access::WriteOnly);
    let pipeline = device.create_pipeline(&kernel)?;
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut random =
        |count: usize| -> Vec<f32> { (0..count).map(|_| rng.random_range(-1.0..1.0)).collect() };
    let (a, b) = (random(m * k), random(k * n));
    let (a_buf, b_buf) = if fused {
        (
            device.create_buffer_with("a", &a)?,
            device.create_buffer_with("b", &b)?,
        )
    } else {
        (
            device.create_buffer_with("a", &split(&a))?,
            device.create_buffer_with("b", &split(&b))?,
        )
    };
    let c_buf = device.create_buffer("c", (m * n * 4) as u64)?;
    let mut schedule = device.create_schedule();
    let grid = [n.div_ceil(bn) as u32, m.div_ceil(bm) as u32, 1];
    schedule.push(&pipeline, &[&a_buf, &b_buf, &c_buf], &[], grid)?;
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
    let c: Vec<f32> = c_buf.download()?;
    let (mut max_err, mut max_f32_err, mut max_ref) = (0f64, 0f64, 0f64);
    let (mut sum_err, mut sum_f32_err) = (0f64, 0f64);
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    for _ in 0..512 {
        let (i, j) = (rng.random_range(0..m), rng.random_range(0..n));
        let reference: f64 = (0..k)
            .map(|p| f64::from(a[i * k + p]) * f64::from(b[p * n + j]))
            .sum();
        let plain = (0..k).fold(0f32, |acc, p| a[i * k + p].mul_add(b[p * n + j], acc));
        let err = (reference - f64::from(c[i * n + j])).abs();
        let f32_err = (reference - f64::from(plain)).abs();
        max_err = max_err.max(err);
        max_f32_err = max_f32_err.max(f32_err);
        sum_err += err;
        sum_f32_err += f32_err;
        max_ref = max_ref.max(reference.abs());
    }
    let scale = max_ref.max(f64::MIN_POSITIVE);
    println!(
        "RESULT {} {m}x{n}x{k}: median {:.1} us, {:.2} TFLOP/s; sampled error / max |ref|: max {:.2e}, mean {:.2e}; plain f32 dot product: max {:.2e}, mean {:.2e}",
        args[1],
        median / 1e3,
        2.0 * (m * n * k) as f64 / median / 1e3,
        max_err / scale,
        sum_err / 512.0 / scale,
        max_f32_err / scale,
        sum_f32_err / 512.0 / scale,
    );
    Ok(())
}
