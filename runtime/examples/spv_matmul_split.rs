//! Times an f32 matmul done on bf16 tensor cores from split operands (a module written by
//! `benches/gpu/split_bf16_spirv.py`: each f32 operand as three bf16 planes, six products
//! accumulated in f32) on the default device, and compares its accuracy on 512 sampled outputs
//! with a plain f32 dot product (what a SIMT kernel computes), both against f64.
//! Bindings (set 0): 0 = A planes (3 x M x K bf16), 1 = B planes (3 x K x N bf16), 2 = C
//! (M x N f32); grid (N / BN, M / BM, 1). TFLOP/s count 2 M N K (the f32 problem). With
//! `fused` the module splits in the kernel: bindings 0 and 1 hold A and B in f32.
//!
//! cargo run --release -p kiln-runtime --example spv_matmul_split -- FILE.spv M N K BM BN [ITERS] [fused]

mod common;

use common::{median_gpu_ns, operand_rng, uniform, Error, MatmulProblem};
use half::bf16;

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

fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().collect();
    let problem = MatmulProblem::from_args(
        &args,
        "spv_matmul_split FILE.spv M N K BM BN [ITERS] [fused]",
    )?;
    let MatmulProblem { m, n, k, .. } = problem;
    let iters = args
        .get(7)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20usize)
        .max(1);
    let fused = args.iter().skip(7).any(|a| a == "fused");
    let (device, pipeline) = problem.pipeline(0)?;
    let mut rng = operand_rng();
    let (a, b) = (uniform(&mut rng, m * k), uniform(&mut rng, k * n));
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
    schedule.push(&pipeline, &[&a_buf, &b_buf, &c_buf], &[], problem.grid())?;
    let median = median_gpu_ns(&mut schedule, iters)?;
    let c: Vec<f32> = c_buf.download()?;
    let (mut max_err, mut max_f32_err, mut max_ref) = (0f64, 0f64, 0f64);
    let (mut sum_err, mut sum_f32_err) = (0f64, 0f64);
    for (i, j) in problem.sampled_outputs() {
        let reference = problem.reference(&a, &b, i, j);
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
        "{}; sampled error / max |ref|: max {:.2e}, mean {:.2e}; plain f32 dot product: max {:.2e}, mean {:.2e}",
        problem.result_line(median, 2),
        max_err / scale,
        sum_err / 512.0 / scale,
        max_f32_err / scale,
        sum_f32_err / 512.0 / scale,
    );
    Ok(())
}
