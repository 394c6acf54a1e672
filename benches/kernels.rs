//! Kernel benchmarks of issue 8: matmul f32 (several sizes), matmul f16 operands with f32
//! accumulation, 3x3 NHWC convolution with padding 1, fused bias + add + relu * mul, row sum and
//! row softmax. Each case renders its MLIR template from `benches/kernels/` (the `@NAME@`
//! parameters; the template's `Parameters:` line holds the defaults, sized for lavapipe), compiles
//! it once for the device (`target_env_for_device`), checks the device's result against the
//! reference interpreter on seeded random inputs (when the problem is small enough for the CPU),
//! then measures two things per case:
//!
//! - `<case>/gpu`: GPU time of the run from timestamp queries (criterion's `iter_custom` sums
//!   them), with FLOP or byte throughput attached;
//! - `<case>/wall`: wall time of the run's submit + wait (`RunTimings::wall`; uploads and
//!   downloads of the inputs and outputs are outside it).
//!
//! Last, one line per case with the medians over all timed runs (GPU us, GFLOP/s, GB/s, wall us,
//! compile ms), to quote.
//!
//! Sizes for a real GPU come from environment variables, each a comma-separated list of shapes
//! (`x`-separated numbers):
//!
//! | variable | shape | default |
//! |---|---|---|
//! | `KILN_BENCH_MATMUL_F32` | `M` (cube) or `MxNxK` | `128,256,512` |
//! | `KILN_BENCH_MATMUL_F16` | `M` or `MxNxK` | `256` |
//! | `KILN_BENCH_CONV` | `NxHxWxCxF` | `1x28x28x32x32` |
//! | `KILN_BENCH_ELEMENTWISE` | `MxN` | `512x512` |
//! | `KILN_BENCH_ROW_SUM` | `MxN` | `1024x1024` |
//! | `KILN_BENCH_SOFTMAX` | `MxN` | `512x512` |
//!
//! `KILN_BENCH_CHECK=0` skips the interpreter check, `=1` forces it; by default it runs for
//! problems under 4 GFLOP. A case that fails to compile, run or check is reported and the bench
//! exits non-zero after the others ran.
//!
//! ```sh
//! cargo bench --bench kernels -- --quick
//! KILN_BENCH_MATMUL_F32=4096 cargo bench --bench kernels -- matmul_f32
//! ```

use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput};
use half::f16;
use kiln::frontend::{interpret, parse_mlir};
use kiln::{HostTensor, Session};
use ndarray::{ArrayD, IxDyn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// An element type of a bench input.
#[derive(Clone, Copy, Debug)]
enum Elem {
    F32,
    F16,
}

/// One bench problem: a rendered MLIR program, its inputs and its work.
struct Case {
    group: &'static str,
    label: String,
    mlir: String,
    inputs: Vec<(Elem, Vec<usize>)>,
    flops: f64,
    bytes: f64,
}

/// Replaces every `@NAME@` of `template` by its value: `params` first, then the defaults from the
/// template's `Parameters:` line. Errors name the parameter left unset.
fn render(template: &str, params: &[(&str, usize)]) -> Result<String, String> {
    let mut values: Vec<(String, String)> = params
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    if let Some(line) = template.lines().find(|l| l.contains("Parameters:")) {
        let defaults = line.split("Parameters:").nth(1).unwrap_or("");
        for word in defaults.split_whitespace() {
            if let Some((k, v)) = word.split_once('=') {
                let is_name = k
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
                let is_value = !v.is_empty() && v.chars().all(|c| c.is_ascii_digit());
                if is_name && is_value && !values.iter().any(|(name, _)| name == k) {
                    values.push((k.to_string(), v.to_string()));
                }
            }
        }
    }
    let mut text = template.to_string();
    for (k, v) in &values {
        text = text.replace(&format!("@{k}@"), v);
    }
    // A placeholder left: `@` + upper-case letters or digits + `@` (`@main` is no placeholder).
    for (start, _) in text.match_indices('@') {
        let rest = &text[start + 1..];
        let len = rest
            .find(|c: char| !(c.is_ascii_uppercase() || c.is_ascii_digit()))
            .unwrap_or(rest.len());
        if len > 0 && rest[len..].starts_with('@') {
            return Err(format!("parameter @{}@ is not set", &rest[..len]));
        }
    }
    Ok(text)
}

const MATMUL_F32: &str = include_str!("kernels/matmul_f32.mlir");
const MATMUL_F16: &str = include_str!("kernels/matmul_f16_f32acc.mlir");
const CONV: &str = include_str!("kernels/conv3x3_nhwc_f32.mlir");
const ELEMENTWISE: &str = include_str!("kernels/fused_elementwise.mlir");
const ROW_SUM: &str = include_str!("kernels/row_sum.mlir");
const SOFTMAX: &str = include_str!("kernels/softmax_rows.mlir");

/// The shapes in `var` (comma-separated, `x`-separated numbers), or `default`.
fn shapes(var: &str, default: &str) -> Result<Vec<Vec<usize>>, String> {
    let text = std::env::var(var).unwrap_or_else(|_| default.to_string());
    text.split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| {
            s.trim()
                .split('x')
                .map(|n| {
                    n.parse::<usize>()
                        .map_err(|_| format!("{var}: `{s}` is not a shape like 512 or 512x512"))
                })
                .collect()
        })
        .collect()
}

fn dims<const N: usize>(var: &str, shape: &[usize]) -> Result<[usize; N], String> {
    match (shape.len(), N) {
        (1, 3) => Ok([shape[0]; N]),
        (n, m) if n == m => Ok(shape.try_into().expect("length checked")),
        _ => Err(format!("{var}: {shape:?} needs {N} numbers")),
    }
}

fn cases() -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for (group, template, elem, var, default) in [
        (
            "matmul_f32",
            MATMUL_F32,
            Elem::F32,
            "KILN_BENCH_MATMUL_F32",
            "128,256,512",
        ),
        (
            "matmul_f16_f32acc",
            MATMUL_F16,
            Elem::F16,
            "KILN_BENCH_MATMUL_F16",
            "256",
        ),
    ] {
        for shape in shapes(var, default)? {
            let [m, n, k] = dims::<3>(var, &shape)?;
            let size = elem_size(elem) as f64;
            cases.push(Case {
                group,
                label: format!("{m}x{n}x{k}"),
                mlir: render(template, &[("M", m), ("N", n), ("K", k)])?,
                inputs: vec![(elem, vec![m, k]), (elem, vec![k, n])],
                flops: 2.0 * (m * n * k) as f64,
                bytes: size * (m * k + k * n) as f64 + 4.0 * (m * n) as f64,
            });
        }
    }
    for shape in shapes("KILN_BENCH_CONV", "1x28x28x32x32")? {
        let [n, h, w, c, f] = dims::<5>("KILN_BENCH_CONV", &shape)?;
        let params = [
            ("N", n),
            ("H", h),
            ("W", w),
            ("C", c),
            ("F", f),
            ("HP", h + 2),
            ("WP", w + 2),
        ];
        cases.push(Case {
            group: "conv3x3_nhwc_f32",
            label: format!("{n}x{h}x{w}x{c}->{f}"),
            mlir: render(CONV, &params)?,
            inputs: vec![(Elem::F32, vec![n, h, w, c]), (Elem::F32, vec![3, 3, c, f])],
            flops: 2.0 * (n * h * w * f * 9 * c) as f64,
            bytes: 4.0 * (n * h * w * c + 9 * c * f + n * h * w * f) as f64,
        });
    }
    for shape in shapes("KILN_BENCH_ELEMENTWISE", "512x512")? {
        let [m, n] = dims::<2>("KILN_BENCH_ELEMENTWISE", &shape)?;
        cases.push(Case {
            group: "fused_elementwise",
            label: format!("{m}x{n}"),
            mlir: render(ELEMENTWISE, &[("M", m), ("N", n)])?,
            inputs: vec![
                (Elem::F32, vec![m, n]),
                (Elem::F32, vec![n]),
                (Elem::F32, vec![m, n]),
                (Elem::F32, vec![m, n]),
            ],
            flops: 4.0 * (m * n) as f64,
            bytes: 4.0 * (4 * m * n + n) as f64,
        });
    }
    for shape in shapes("KILN_BENCH_ROW_SUM", "1024x1024")? {
        let [m, n] = dims::<2>("KILN_BENCH_ROW_SUM", &shape)?;
        cases.push(Case {
            group: "row_sum",
            label: format!("{m}x{n}"),
            mlir: render(ROW_SUM, &[("M", m), ("N", n)])?,
            inputs: vec![(Elem::F32, vec![m, n])],
            flops: (m * n) as f64,
            bytes: 4.0 * (m * n + m) as f64,
        });
    }
    for shape in shapes("KILN_BENCH_SOFTMAX", "512x512")? {
        let [m, n] = dims::<2>("KILN_BENCH_SOFTMAX", &shape)?;
        cases.push(Case {
            group: "softmax_rows",
            label: format!("{m}x{n}"),
            mlir: render(SOFTMAX, &[("M", m), ("N", n)])?,
            inputs: vec![(Elem::F32, vec![m, n])],
            // max, subtract, exp, sum, divide: about 5 operations an element.
            flops: 5.0 * (m * n) as f64,
            bytes: 8.0 * (m * n) as f64,
        });
    }
    Ok(cases)
}

fn elem_size(elem: Elem) -> usize {
    match elem {
        Elem::F32 => 4,
        Elem::F16 => 2,
    }
}

/// Seeded uniform values in [-1, 1).
fn random_input(rng: &mut ChaCha8Rng, elem: Elem, shape: &[usize]) -> HostTensor {
    let len = shape.iter().product();
    let values: Vec<f32> = (0..len).map(|_| rng.random_range(-1.0f32..1.0)).collect();
    match elem {
        Elem::F32 => HostTensor::F32(
            ArrayD::from_shape_vec(IxDyn(shape), values).expect("length matches the shape"),
        ),
        Elem::F16 => HostTensor::F16(
            ArrayD::from_shape_vec(
                IxDyn(shape),
                values.into_iter().map(f16::from_f32).collect(),
            )
            .expect("length matches the shape"),
        ),
    }
}

fn as_f64(t: &HostTensor) -> Vec<f64> {
    t.to_reference().data.iter().copied().collect()
}

/// ‖device − reference‖ / ‖reference‖ over every output.
fn relative_error(device: &[HostTensor], reference: &[HostTensor]) -> Result<f64, String> {
    if device.len() != reference.len() {
        return Err(format!(
            "{} outputs, the interpreter gives {}",
            device.len(),
            reference.len()
        ));
    }
    let (mut diff, mut norm) = (0.0f64, 0.0f64);
    for (d, r) in device.iter().zip(reference) {
        if d.shape() != r.shape() {
            return Err(format!(
                "output shape {:?}, the interpreter gives {:?}",
                d.shape(),
                r.shape()
            ));
        }
        for (x, y) in as_f64(d).into_iter().zip(as_f64(r)) {
            if !x.is_finite() {
                return Err(format!("non-finite output value {x}"));
            }
            diff += (x - y) * (x - y);
            norm += y * y;
        }
    }
    Ok((diff / norm.max(f64::MIN_POSITIVE)).sqrt())
}

fn should_check(case: &Case) -> bool {
    match std::env::var("KILN_BENCH_CHECK").as_deref() {
        Ok("0") => false,
        Ok("1") => true,
        _ => case.flops < 4e9,
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(|a, b| a.total_cmp(b));
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}

/// Medians of one case's timed runs, for the summary lines.
struct Summary {
    name: String,
    compile_ms: f64,
    gpu_us: f64,
    wall_us: f64,
    flops: f64,
    bytes: f64,
    error: Option<f64>,
}

/// Compiles, checks and measures one case. Errors say which step failed.
fn bench_case(c: &mut Criterion, session: &Session, case: &Case) -> Result<Summary, String> {
    let name = format!("{}/{}", case.group, case.label);
    let compile_start = std::time::Instant::now();
    let module = parse_mlir(&case.mlir).map_err(|e| format!("parsing: {e}"))?;
    let target = kiln::target::target_env_for_device(session.device().info());
    let artifact = kiln::compile(&module, &target).map_err(|e| format!("compiling: {e}"))?;
    let compile_ms = compile_start.elapsed().as_secs_f64() * 1e3;
    let executable = session
        .load(&artifact.program)
        .map_err(|e| format!("loading: {e}"))?;
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let inputs: Vec<HostTensor> = case
        .inputs
        .iter()
        .map(|(elem, shape)| random_input(&mut rng, *elem, shape))
        .collect();
    let (outputs, first) = executable
        .run_timed(&inputs)
        .map_err(|e| format!("running: {e}"))?;
    let error = if should_check(case) {
        let refs: Vec<_> = inputs.iter().map(HostTensor::to_reference).collect();
        let expected: Vec<HostTensor> = interpret(&module, &refs)
            .map_err(|e| format!("reference interpreter: {e}"))?
            .iter()
            .map(HostTensor::from_reference)
            .collect();
        let error = relative_error(&outputs, &expected)?;
        if error.is_nan() || error > 1e-3 {
            return Err(format!(
                "wrong result: relative error {error:.3e} against the interpreter (limit 1e-3)"
            ));
        }
        Some(error)
    } else {
        None
    };
    if first.gpu_total_ns.is_none() {
        return Err("the device's queue has no timestamps: no GPU time".into());
    }
    let (mut gpu_us, mut wall_us) = (Vec::new(), Vec::new());
    let mut run = || -> (Duration, Duration) {
        let (_, t) = executable
            .run_timed(&inputs)
            .expect("a run that worked once");
        let gpu = Duration::from_nanos(t.gpu_total_ns.unwrap_or(0));
        gpu_us.push(gpu.as_secs_f64() * 1e6);
        wall_us.push(t.wall.as_secs_f64() * 1e6);
        (gpu, t.wall)
    };
    let mut group = c.benchmark_group(case.group);
    if case.group.starts_with("matmul") || case.group.starts_with("conv") {
        group.throughput(Throughput::Elements(case.flops as u64));
    } else {
        group.throughput(Throughput::Bytes(case.bytes as u64));
    }
    group.bench_function(BenchmarkId::new("gpu", &case.label), |b| {
        b.iter_custom(|iters| (0..iters).map(|_| run().0).sum())
    });
    group.bench_function(BenchmarkId::new("wall", &case.label), |b| {
        b.iter_custom(|iters| (0..iters).map(|_| run().1).sum())
    });
    group.finish();
    Ok(Summary {
        name,
        compile_ms,
        gpu_us: median(&mut gpu_us),
        wall_us: median(&mut wall_us),
        flops: case.flops,
        bytes: case.bytes,
        error,
    })
}

/// The positional arguments (criterion's name filters), skipping the values of criterion's options.
fn name_filters() -> Vec<String> {
    const TAKES_VALUE: &[&str] = &[
        "--warm-up-time",
        "--measurement-time",
        "--sample-size",
        "--save-baseline",
        "--baseline",
        "--load-baseline",
        "--profile-time",
        "--output-format",
        "--color",
        "--noise-threshold",
        "--significance-level",
        "--confidence-level",
        "--nresamples",
        "--plotting-backend",
        "--format",
        "--logfile",
    ];
    let mut filters = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if TAKES_VALUE.contains(&arg.as_str()) {
            args.next();
        } else if !arg.starts_with('-') {
            filters.push(arg);
        }
    }
    filters
}

fn main() {
    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    let session = match Session::default_device() {
        Ok(session) => session,
        Err(error) => {
            eprintln!("\n=== SKIPPING kernels: no usable Vulkan device ===\n{error}\n");
            return;
        }
    };
    let cases = match cases() {
        Ok(cases) => cases,
        Err(error) => {
            eprintln!("kernels bench: {error}");
            std::process::exit(2);
        }
    };
    let mut summaries = Vec::new();
    let mut failures = Vec::new();
    for case in &cases {
        let name = format!("{}/{}", case.group, case.label);
        // Honour criterion's name filter before compiling (`cargo bench --bench kernels -- conv`).
        let filter = name_filters();
        if !filter.is_empty() && !filter.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        match bench_case(&mut c, &session, case) {
            Ok(summary) => summaries.push(summary),
            Err(error) => {
                eprintln!("\n=== FAILED {name}: {error} ===\n");
                failures.push(format!("{name}: {error}"));
            }
        }
    }
    c.final_summary();
    println!("\nkernels on {} (medians):", session.device().info().name);
    println!(
        "{:<36} {:>12} {:>10} {:>9} {:>12} {:>11} {:>10}",
        "case", "GPU us", "GFLOP/s", "GB/s", "wall us", "compile ms", "rel err"
    );
    for s in &summaries {
        println!(
            "{:<36} {:>12.1} {:>10.1} {:>9.1} {:>12.1} {:>11.1} {:>10}",
            s.name,
            s.gpu_us,
            s.flops / s.gpu_us / 1e3,
            s.bytes / s.gpu_us / 1e3,
            s.wall_us,
            s.compile_ms,
            s.error
                .map(|e| format!("{e:.1e}"))
                .unwrap_or_else(|| "-".into())
        );
    }
    if !failures.is_empty() {
        eprintln!("\n{} case(s) failed:", failures.len());
        for f in &failures {
            eprintln!("  {f}");
        }
        std::process::exit(1);
    }
}
