//! What the hand-written matmul examples (`spv_matmul`, `spv_matmul_split`) share: the
//! `FILE.spv M N K BM BN` command line, the device and the module's pipeline, the seeded
//! operands, the timing loop and the sampled outputs checked against an f64 reference.
//! (A directory without `main.rs` under `examples/`, so cargo does not build it as an example.)

use kiln_runtime::{Access, Device, DeviceConfig, Kernel, Pipeline, Schedule};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

pub type Error = Box<dyn std::error::Error>;

/// Argument `i` of the command line as a number.
pub fn number(args: &[String], i: usize) -> Result<usize, Error> {
    Ok(args[i]
        .parse()
        .map_err(|_| format!("argument {i}: not a number: {}", args[i]))?)
}

/// `C = A * B` with A `m x k`, B `k x n`, computed in `bm x bn` tiles of C by the module `file`.
pub struct MatmulProblem {
    pub file: String,
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub bm: usize,
    pub bn: usize,
}

impl MatmulProblem {
    /// From arguments 1 to 6 (`FILE.spv M N K BM BN`); the rest are the example's own.
    pub fn from_args(args: &[String], usage: &str) -> Result<MatmulProblem, Error> {
        if args.len() < 7 {
            return Err(format!("usage: {usage}").into());
        }
        Ok(MatmulProblem {
            file: args[1].clone(),
            m: number(args, 2)?,
            n: number(args, 3)?,
            k: number(args, 4)?,
            bm: number(args, 5)?,
            bn: number(args, 6)?,
        })
    }

    /// One workgroup per tile of C: (N / BN, M / BM, 1).
    pub fn grid(&self) -> [u32; 3] {
        [
            self.n.div_ceil(self.bn) as u32,
            self.m.div_ceil(self.bm) as u32,
            1,
        ]
    }

    /// The start of the `RESULT` line, `RESULT FILE MxNxK: median T us, F TFLOP/s` (2 M N K
    /// operations in `median_ns`), the TFLOP/s with `precision` decimals.
    pub fn result_line(&self, median_ns: f64, precision: usize) -> String {
        let MatmulProblem { m, n, k, .. } = *self;
        format!(
            "RESULT {} {m}x{n}x{k}: median {:.1} us, {:.precision$} TFLOP/s",
            self.file,
            median_ns / 1e3,
            2.0 * (m * n * k) as f64 / median_ns / 1e3,
        )
    }

    /// The device and the module's pipeline: bindings (set 0) 0 and 1 read-only (A, B), 2
    /// write-only (C), then `extra_inputs` more read-only ones.
    pub fn pipeline(&self, extra_inputs: u32) -> Result<(Device, Pipeline), Error> {
        let bytes = std::fs::read(&self.file)?;
        let device = Device::new(&DeviceConfig::default())?;
        let mut kernel = Kernel::from_bytes("matmul", &bytes)?
            .binding(0, 0, Access::ReadOnly)
            .binding(0, 1, Access::ReadOnly)
            .binding(0, 2, Access::WriteOnly);
        for binding in 3..3 + extra_inputs {
            kernel = kernel.binding(0, binding, Access::ReadOnly);
        }
        let pipeline = device.create_pipeline(&kernel)?;
        Ok((device, pipeline))
    }

    /// The 512 sampled elements (row, column) of C: the same ones every run.
    pub fn sampled_outputs(&self) -> Vec<(usize, usize)> {
        let mut rng = StdRng::seed_from_u64(11);
        (0..512)
            .map(|_| (rng.random_range(0..self.m), rng.random_range(0..self.n)))
            .collect()
    }

    /// Row `i` of A times column `j` of B in f64, summed in order of K.
    pub fn reference<T: Copy>(&self, a: &[T], b: &[T], i: usize, j: usize) -> f64
    where
        f64: From<T>,
    {
        let (k, n) = (self.k, self.n);
        (0..k)
            .map(|p| f64::from(a[i * k + p]) * f64::from(b[p * n + j]))
            .sum()
    }
}

/// The generator of the operands (and any further inputs): the same values every run.
pub fn operand_rng() -> StdRng {
    StdRng::seed_from_u64(7)
}

/// `count` values drawn uniformly from [-1, 1).
pub fn uniform(rng: &mut StdRng, count: usize) -> Vec<f32> {
    (0..count).map(|_| rng.random_range(-1.0..1.0)).collect()
}

/// Runs `schedule` 3 times to warm up, then `iters` times: the median GPU time in ns.
pub fn median_gpu_ns(schedule: &mut Schedule, iters: usize) -> Result<f64, Error> {
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
    Ok(times[times.len() / 2] as f64)
}
