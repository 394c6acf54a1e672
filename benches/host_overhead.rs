//! Host overhead of kiln-runtime: the wall time of running a one-dispatch schedule of a tiny
//! kernel (64-element vector add, built with rspirv in `examples/vector_add.rs`) minus its GPU
//! time from timestamp queries. IREE's runtime was measured at about 1.2 ms of wall time over
//! GPU time per single-dispatch run on an H200; kiln's goal on a GPU is at most 50 us.
//!
//! Besides criterion's three measurements (`wall`, `gpu`, `wall_minus_gpu`), the bench prints
//! medians over 2000 runs first, as one line to quote.
//!
//! ```sh
//! cargo bench --bench host_overhead -- --warm-up-time 1 --measurement-time 3
//! ```

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use kiln_runtime::{Buffer, Device, DeviceConfig, Schedule};

#[path = "../examples/vector_add.rs"]
mod vector_add;

/// Median wall time of upload (a) + run + download (c) of the tiny schedule: the latency a
/// caller sees for one small inference-like call (staged copies on discrete GPUs).
fn print_round_trip(device: &Device) {
    let (mut schedule, a, c) = tiny_schedule_with_buffers(device);
    let data: Vec<f32> = (0..64).map(|i| i as f32).collect();
    let mut times = Vec::new();
    for _ in 0..1000 {
        let start = std::time::Instant::now();
        a.upload(&data).expect("upload");
        schedule.run().expect("run");
        let sums: Vec<f32> = c.download().expect("download");
        times.push(start.elapsed());
        assert_eq!(sums[63], 63.0 + 126.0);
    }
    println!(
        "round trip on {} (upload 256 B + run + download 256 B, staged: {}): median {:.1} us",
        device.info().name,
        device.uses_staging(),
        median(&mut times).as_secs_f64() * 1e6
    );
}

fn tiny_schedule(device: &Device) -> Schedule {
    tiny_schedule_with_buffers(device).0
}

fn tiny_schedule_with_buffers(device: &Device) -> (Schedule, Buffer, Buffer) {
    let n = 64u32;
    let a: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let b: Vec<f32> = (0..n).map(|i| 2.0 * i as f32).collect();
    let kernel = vector_add::vector_add_kernel().expect("building the vector-add module");
    let pipeline = device
        .create_pipeline(&kernel)
        .expect("creating the pipeline");
    let a = device.create_buffer_with("a", &a).expect("buffer a");
    let b = device.create_buffer_with("b", &b).expect("buffer b");
    let c = device
        .create_buffer("c", 4 * u64::from(n))
        .expect("buffer c");
    let mut schedule = device.create_schedule();
    schedule
        .push(&pipeline, &[&a, &b, &c], &n.to_le_bytes(), [1, 1, 1])
        .expect("pushing the dispatch");
    // Record once and check the result, so the measurements see the steady state.
    schedule.run().expect("first run");
    let sums: Vec<f32> = c.download().expect("download");
    assert!(sums.iter().enumerate().all(|(i, &s)| s == 3.0 * i as f32));
    (schedule, a, c)
}

fn median(values: &mut [Duration]) -> Duration {
    values.sort_unstable();
    values[values.len() / 2]
}

/// Prints medians over 2000 runs: wall, GPU, and wall minus GPU.
fn print_medians(device: &Device, schedule: &mut Schedule, label: &str) {
    let (mut walls, mut gpus, mut overheads) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..2000 {
        let timings = schedule.run().expect("run");
        walls.push(timings.wall);
        gpus.push(Duration::from_nanos(timings.gpu_total_ns.unwrap_or(0)));
        overheads.push(timings.host_overhead().unwrap_or(timings.wall));
    }
    println!(
        "host_overhead on {} ({label}): median over 2000 one-dispatch runs: wall {:.1} us, \
         GPU {:.1} us, wall - GPU {:.1} us",
        device.info().name,
        median(&mut walls).as_secs_f64() * 1e6,
        median(&mut gpus).as_secs_f64() * 1e6,
        median(&mut overheads).as_secs_f64() * 1e6,
    );
}

fn host_overhead(c: &mut Criterion) {
    let device = match Device::new(&DeviceConfig::default()) {
        Ok(device) => device,
        Err(error) => {
            eprintln!("\n=== SKIPPING host_overhead: no usable Vulkan device ===\n{error}\n");
            return;
        }
    };
    let mut schedule = tiny_schedule(&device);
    if schedule.run().expect("run").gpu_total_ns.is_none() {
        eprintln!("the device's compute queue has no timestamps: reporting wall time only");
    }

    print_medians(&device, &mut schedule, "default fence wait");
    print_round_trip(&device);
    if device.info().device_type != kiln_runtime::DeviceType::Cpu {
        // The same run with a blocking fence wait only, to show what polling saves.
        let config = DeviceConfig {
            spin_wait: Some(Duration::ZERO),
            ..DeviceConfig::default()
        };
        let blocking = Device::new(&config).expect("second device");
        let mut blocking_schedule = tiny_schedule(&blocking);
        print_medians(&blocking, &mut blocking_schedule, "blocking fence wait");
    }

    let mut group = c.benchmark_group("host_overhead");
    group.bench_function("wall", |bench| {
        bench.iter(|| schedule.run().expect("run"));
    });
    group.bench_function("gpu", |bench| {
        bench.iter_custom(|iterations| {
            (0..iterations)
                .map(|_| {
                    Duration::from_nanos(schedule.run().expect("run").gpu_total_ns.unwrap_or(0))
                })
                .sum()
        });
    });
    group.bench_function("wall_minus_gpu", |bench| {
        bench.iter_custom(|iterations| {
            (0..iterations)
                .map(|_| {
                    let timings = schedule.run().expect("run");
                    timings.host_overhead().unwrap_or(timings.wall)
                })
                .sum()
        });
    });
    group.finish();
}

criterion_group!(benches, host_overhead);
criterion_main!(benches);
