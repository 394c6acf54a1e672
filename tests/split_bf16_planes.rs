//! The bf16 planes of the split f32 matmul (`lowering/src/lower_to_kernels/split.rs`), bit for
//! bit: an f32 matmul compiled for `nvidia-h200` (bf16 tensor cores), its run-time split kernel
//! dispatched alone on the default Vulkan device (lavapipe: no bf16 type, no cooperative
//! matrices; the split kernel needs neither, it writes each plane's bits as 16-bit words),
//! against planes computed here with `half::bf16::from_f32` (round to nearest even) and against
//! the planes the compiler computed on the host for a constant operand holding the same data.
//!
//! The data covers every kind of f32: uniform [0, 1), normal, wide exponents (2^-30..2^30),
//! values at and beside bf16 rounding ties (of the first and the second plane), subnormals and
//! normals whose residuals are subnormal, +-0, +-inf, quiet and signalling NaNs of both signs,
//! finite values above the largest bf16, and random bit patterns. A split that truncated (or
//! rounded any other way) fails: the test checks that its data tells the two apart. (Last, the
//! `--heuristic` knob the GPU accuracy script uses for the flush steps, from the command line.)

use std::collections::HashMap;

use half::bf16;
use kiln::frontend::{DType, Dim, ElementsData, FunctionBuilder, Module, TensorType, Type};
use kiln::lowering::heuristics::HeuristicOverride;
use kiln::lowering::program::{CompiledProgram, Dispatch};
use kiln::lowering::PassOptions;
use kiln::runtime::{Access, Device, DeviceConfig, Kernel};
use kiln::spirv_ir::TargetEnv;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// K and N of the test matmuls (N = M for the static one, so that both operands hold the same
/// number of elements).
const K: usize = 512;
const N: usize = 256;

/// `x0 = bf16(x)` (a finite x above the largest bf16 takes that), `x1 = bf16(x - x0)`, `x2 =
/// bf16(x - x0 - x1)`, each rounded to nearest even; zero residuals for infinities and NaNs.
fn reference_planes(x: f32) -> [u16; 3] {
    let max = bf16::MAX.to_f32();
    let h0 = if x.is_finite() && x.abs() > max {
        bf16::from_f32(max.copysign(x))
    } else {
        bf16::from_f32(x)
    };
    let r1 = if x.is_finite() { x - h0.to_f32() } else { 0.0 };
    let h1 = bf16::from_f32(r1);
    let h2 = bf16::from_f32(r1 - h1.to_f32());
    [h0.to_bits(), h1.to_bits(), h2.to_bits()]
}

/// `count` f32 values of every kind (see the module docs), shuffled blocks of each.
fn test_data(count: usize, seed: u64) -> Vec<f32> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let normal = |rng: &mut ChaCha8Rng| {
        let (u, v): (f64, f64) = (rng.random_range(f64::EPSILON..1.0), rng.random());
        ((-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()) as f32
    };
    let sign = |rng: &mut ChaCha8Rng| if rng.random::<bool>() { 1u32 << 31 } else { 0 };
    let specials = [
        0.0,
        -0.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        -f32::NAN,
        f32::from_bits(0x7F80_0001), // signalling NaNs
        f32::from_bits(0xFFA1_2345),
        f32::from_bits(0x7FFF_FFFF),
        f32::MAX,
        f32::MIN,
        bf16::MAX.to_f32(),
        f32::from_bits(0x7F7F_7FFF), // above the largest bf16, below its rounding tie
        f32::from_bits(0x7F7F_8000), // at the tie (rounds to infinity)
        f32::from_bits(0xFF7F_8001),
        f32::MIN_POSITIVE,
        f32::from_bits(1), // the smallest subnormal
        f32::from_bits(0x807F_FFFF),
    ];
    let kinds = 8;
    let mut data: Vec<f32> = (0..count)
        .map(|i| match i % kinds {
            0 => rng.random::<f32>(),
            1 => normal(&mut rng),
            // Wide exponents: a random significand times 2^-30..2^30.
            2 => {
                let exponent = rng.random_range(127 - 30..=127 + 30);
                f32::from_bits(sign(&mut rng) | exponent << 23 | rng.random_range(0..1 << 23))
            }
            // At and beside the first plane's rounding tie (bit 16 odd or even).
            3 => {
                let low = [0x8000, 0x7FFF, 0x8001, 0x0000, 0xFFFF][rng.random_range(0..5)];
                let bits = rng.random_range(0x0080_0000u32..0x7F00_0000) & 0xFFFF_0000 | low;
                f32::from_bits(sign(&mut rng) | bits)
            }
            // At the second plane's tie: x - x0 with a 9-bit significand ending in 1.
            4 => {
                let x0 = rng.random_range(0x3000_0000u32..0x4F00_0000) & 0xFFFF_0000;
                let step = f32::from_bits(x0).abs() * 2f32.powi(-8 - rng.random_range(0..4));
                let r = step * f32::from(rng.random_range(257u16..512) | 1) / 256.0;
                f32::from_bits(x0) + r * if rng.random::<bool>() { 1.0 } else { -1.0 }
            }
            // Subnormals, and normals whose residuals are subnormal.
            5 => {
                let bits = match rng.random::<bool>() {
                    true => rng.random_range(1u32..0x0080_0000),
                    false => rng.random_range(0x0080_0000u32..0x0880_0000),
                };
                f32::from_bits(sign(&mut rng) | bits)
            }
            // Finite values above the largest bf16.
            6 => f32::from_bits(sign(&mut rng) | rng.random_range(0x7F7F_0001u32..0x7F80_0000)),
            _ => match rng.random_range(0..4) {
                0 => specials[rng.random_range(0..specials.len())],
                _ => f32::from_bits(rng.random()),
            },
        })
        .collect();
    data[..specials.len()].copy_from_slice(&specials);
    data
}

/// Compiles `x * w` with the split bf16 pipeline taken ([`compile_for_split`]).
fn compile_split(rows: Dim, w: Option<&[f32]>) -> CompiledProgram {
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(Type::Tensor(TensorType::new(
        vec![rows, Dim::Static(K as u64)],
        DType::F32,
    )));
    let w = match w {
        Some(data) => b
            .dense_constant(&[K as u64, N as u64], ElementsData::F32(data.to_vec()))
            .unwrap(),
        None => b.argument(Type::Tensor(TensorType::of(
            &[K as u64, N as u64],
            DType::F32,
        ))),
    };
    let y = b.matmul(x, w, None).unwrap();
    let module = Module {
        functions: vec![b.finish(vec![y]).unwrap()],
    };
    compile_for_split(&module)
}

/// Compiles `module` for nvidia-h200 with the split bf16 pipeline's size thresholds lowered to
/// the test's small sizes (every other decision is the target's).
fn compile_for_split(module: &Module) -> CompiledProgram {
    let overrides = [
        "large_matmul_min_k=8",
        "large_matmul_min_macs=1",
        "split_bf16_long_k_min_macs=1",
        "split_bf16_min_groups=1",
    ];
    let options = PassOptions {
        verify_each: true,
        heuristic_overrides: overrides
            .iter()
            .map(|o| o.parse::<HeuristicOverride>().unwrap())
            .collect(),
        ..PassOptions::default()
    };
    let env = TargetEnv::preset("nvidia-h200").unwrap();
    kiln::lowering::compile(module, &env, &options).unwrap_or_else(|e| panic!("compile: {e}"))
}

/// Runs the split kernel `dispatch` alone over `data` (its only input); returns the planes
/// buffer it wrote.
fn run_split(
    device: &Device,
    program: &CompiledProgram,
    dispatch: &Dispatch,
    data: &[f32],
    symbols: &HashMap<String, i64>,
) -> Vec<u8> {
    run_split_of(device, program, dispatch, data, data.len(), symbols)
}

/// [`run_split`] with the input buffer holding `data` and planes of `count` elements (the
/// input may be a larger buffer the operand is a slice of).
fn run_split_of(
    device: &Device,
    program: &CompiledProgram,
    dispatch: &Dispatch,
    data: &[f32],
    count: usize,
    symbols: &HashMap<String, i64>,
) -> Vec<u8> {
    let eval = |e: &kiln::lowering::SizeExpr| e.eval(symbols).unwrap();
    let llvmpipe = TargetEnv::preset("llvmpipe").unwrap();
    kiln::spirv_ir::validate_with_spirv_val(&dispatch.spirv, &llvmpipe.spirv_val_target_env())
        .unwrap_or_else(|e| panic!("{} for lavapipe's env: {e}", dispatch.name));
    let mut kernel = Kernel::new(dispatch.name.clone(), dispatch.spirv.clone())
        .entry_point(dispatch.entry_point.clone())
        .push_constants(dispatch.push_constant_size);
    let mut buffers = Vec::new();
    let mut planes = None;
    for (i, b) in dispatch.bindings.iter().enumerate() {
        let access = match b.read_only {
            true => Access::ReadOnly,
            false => Access::ReadWrite,
        };
        kernel = kernel.binding(b.set, b.binding, access);
        let info = &program.buffers[b.buffer as usize];
        let buffer = if b.read_only {
            device
                .create_buffer_with(&info.name, bytemuck::cast_slice::<f32, u8>(data))
                .unwrap()
        } else {
            // A pattern no plane holds at every element: an element left unwritten shows.
            let size = eval(&info.size_bytes) as usize;
            assert_eq!(size, 6 * count, "{}", info.name);
            planes = Some(i);
            device
                .create_buffer_with(&info.name, &vec![0xA5u8; size])
                .unwrap()
        };
        buffers.push(buffer);
    }
    let pipeline = device
        .create_pipeline(&kernel)
        .unwrap_or_else(|e| panic!("{}: {e}", dispatch.name));
    let mut push = vec![0u8; dispatch.push_constant_size as usize];
    for field in &dispatch.push_constants {
        let at = field.offset as usize;
        push[at..at + 4].copy_from_slice(&(eval(&field.value) as u32).to_le_bytes());
    }
    let groups = dispatch.workgroup_count.clone().map(|e| eval(&e) as u32);
    let mut schedule = device.create_schedule();
    schedule
        .push(
            &pipeline,
            &buffers.iter().collect::<Vec<_>>(),
            &push,
            groups,
        )
        .unwrap();
    schedule.run().unwrap();
    buffers[planes.expect("a planes binding")]
        .download_bytes()
        .unwrap()
}

/// Compares plane-major bf16 `planes` of `data` with [`reference_planes`]; panics naming the
/// first mismatches.
fn check_planes(what: &str, data: &[f32], planes: &[u8]) {
    let n = data.len();
    let word = |plane: usize, i: usize| {
        let at = 2 * (plane * n + i);
        u16::from_le_bytes([planes[at], planes[at + 1]])
    };
    let mismatches: Vec<String> = data
        .iter()
        .enumerate()
        .filter_map(|(i, &x)| {
            let want = reference_planes(x);
            let got = [0, 1, 2].map(|p| word(p, i));
            (got != want).then(|| {
                format!(
                    "  [{i}] x = {x:e} ({:#010x}): {got:04x?}, want {want:04x?}",
                    x.to_bits()
                )
            })
        })
        .collect();
    assert!(
        mismatches.is_empty(),
        "{what}: {} of {n} elements differ from the round-to-nearest-even planes:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(20)].join("\n")
    );
}

/// The data tells rounding from truncation (and from rounding ties away from zero) in every
/// plane, so that the comparisons above can fail.
#[test]
fn the_test_data_tells_rounding_modes_apart() {
    let data = test_data(N * K, 1);
    let truncated = |x: f32| (x.to_bits() >> 16) as u16;
    let first = data
        .iter()
        .filter(|x| !x.is_nan() && reference_planes(**x)[0] != truncated(**x))
        .count();
    let second_ties = data
        .iter()
        .filter(|x| {
            let [h0, ..] = reference_planes(**x);
            let r1 = (**x - bf16::from_bits(h0).to_f32()).to_bits();
            x.is_finite() && r1 & 0xFFFF == 0x8000
        })
        .count();
    let nan_residuals = data.iter().filter(|x| x.is_nan()).count();
    assert!(
        first > data.len() / 4 && second_ties > 100 && nan_residuals > 100,
        "{first} first planes round up, {second_ties} second-plane ties, {nan_residuals} NaNs"
    );
}

/// Static rows (the vec4 split kernel) and dynamic rows (the scalar one, M in a push constant):
/// the run-time planes equal the reference and the host's planes of the same data, bit for bit.
#[test]
fn run_time_planes_are_the_host_planes_bit_for_bit() {
    let device = Device::new(&DeviceConfig::default())
        .unwrap_or_else(|e| panic!("no Vulkan device for the device tests (lavapipe): {e}"));
    let data = test_data(N * K, 7);
    // The constant rhs holds the same data as the lhs: the compiler's host planes of it must
    // be the run-time planes of the lhs.
    let program = compile_split(Dim::Static(N as u64), Some(&data));
    let host = program
        .constants
        .iter()
        .find(|c| {
            program.buffers[c.buffer as usize]
                .name
                .ends_with("rhs_planes")
        })
        .expect("the host planes of the constant rhs");
    check_planes("host planes (bufferize)", &data, &host.bytes);
    let split: Vec<&Dispatch> = program
        .dispatches
        .iter()
        .filter(|d| d.name.ends_with("_split_lhs"))
        .collect();
    assert_eq!(
        split.len(),
        1,
        "one run-time split kernel (the rhs is constant)"
    );
    let disassembly = kiln::spirv_ir::disassemble_to_text(&split[0].spirv).unwrap();
    assert!(
        !disassembly.contains("bf16") && disassembly.contains("rtarray<vector<4 x i16>"),
        "the vec4 split kernel writes 16-bit words, no bf16:\n{disassembly}"
    );
    let planes = run_split(&device, &program, split[0], &data, &HashMap::new());
    check_planes("run-time planes (vec4)", &data, &planes);
    assert!(planes == host.bytes, "run-time and host planes differ");

    // Dynamic rows: the scalar split kernel of each run-time variant that runs for M.
    let program = compile_split(Dim::Symbol("M".into()), None);
    let mut ran = 0;
    for rows in [N, 77] {
        let data = test_data(rows * K, 11 + rows as u64);
        let symbols = HashMap::from([("M".to_string(), rows as i64)]);
        for dispatch in program.dispatches.iter().filter(|d| {
            d.name.contains("_split_lhs")
                && d.workgroup_count
                    .iter()
                    .all(|c| c.eval(&symbols).unwrap() > 0)
        }) {
            let planes = run_split(&device, &program, dispatch, &data, &symbols);
            check_planes(&format!("{} at M = {rows}", dispatch.name), &data, &planes);
            ran += 1;
        }
    }
    assert!(
        ran >= 2,
        "a split kernel ran for each row count ({ran} ran)"
    );
}

/// `--heuristic split_bf16_flush_steps=N` reaches the split plan (any target, here nvidia-h200's
/// default 4 -> 1); an unknown name or a value out of range is a usage error naming the
/// overridable ones.
#[test]
fn heuristic_override_sets_the_flush_steps_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("mm.mlir");
    std::fs::write(
        &model,
        r#"func.func @main(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1024x1024xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%1 : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %2 : tensor<1024x1024xf32>
}
"#,
    )
    .unwrap();
    let kiln = |extra: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_kiln"))
            .args(["compile", model.to_str().unwrap(), "-o", "/dev/null"])
            .args([
                "--target",
                "nvidia-h200",
                "--print-ir-after",
                "kernel-config",
            ])
            .args(extra)
            .output()
            .expect("kiln runs");
        let text = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.code(), text)
    };
    let plan = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("plan @"))
            .unwrap_or_else(|| panic!("no plan line in\n{text}"))
            .to_string()
    };
    let (code, default) = kiln(&[]);
    assert_eq!(code, Some(0), "{default}");
    assert!(plan(&default).ends_with("split-bf16 tiles=64x128x32/128 flush-steps=4"));
    let (code, one) = kiln(&["--heuristic", "split_bf16_flush_steps=1"]);
    assert_eq!(code, Some(0), "{one}");
    assert!(plan(&one).ends_with("split-bf16 tiles=64x128x32/128 flush-steps=1"));
    for bad in [
        "split_bf16_flush=1",
        "split_bf16_flush_steps=0",
        "split_bf16_flush_steps",
    ] {
        let (code, text) = kiln(&["--heuristic", bad]);
        assert_eq!(code, Some(1), "{bad}: {text}");
        assert!(text.contains("split_bf16_flush_steps"), "{bad}: {text}");
    }
}

/// The lhs of a split matmul that is a slice of a larger buffer (an operand of an in-place
/// concat, `[256, 512]` at columns 0..512 of the concat's `[256, 576]`): the split kernel reads
/// the slice by its indices (row stride 576) and its planes are those of the slice, bit for bit;
/// the other columns hold NaNs that would show in any plane read from them.
#[test]
fn planes_of_a_concat_slice() {
    let device = Device::new(&DeviceConfig::default())
        .unwrap_or_else(|e| panic!("no Vulkan device for the device tests (lavapipe): {e}"));
    let (rows, wide) = (N, K + 64);
    let mut b = FunctionBuilder::new("main");
    let f32_arg = |b: &mut FunctionBuilder, r: usize, c: usize| {
        b.argument(Type::Tensor(TensorType::of(
            &[r as u64, c as u64],
            DType::F32,
        )))
    };
    let a = f32_arg(&mut b, rows, 64);
    let p = f32_arg(&mut b, 64, K);
    let q = f32_arg(&mut b, 64, 64);
    let w = f32_arg(&mut b, K, N);
    // Two matmul results concatenated in place; the first is also the lhs of a split matmul.
    let lhs = b.matmul(a, p, None).unwrap();
    let rest = b.matmul(a, q, None).unwrap();
    let cat = b.concat(&[lhs, rest], 1).unwrap();
    let y = b.matmul(lhs, w, None).unwrap();
    let module = Module {
        functions: vec![b.finish(vec![cat, y]).unwrap()],
    };
    let program = compile_for_split(&module);
    assert!(
        !program
            .dispatches
            .iter()
            .any(|d| d.name.contains("elementwise")),
        "the concat is assembled in place (no copy dispatch)"
    );
    // The split kernel reading the concat (the function's first result).
    let split: Vec<&Dispatch> = program
        .dispatches
        .iter()
        .filter(|d| {
            d.name.contains("_split_lhs")
                && d.bindings
                    .iter()
                    .any(|b| b.read_only && program.buffers[b.buffer as usize].name == "output0")
        })
        .collect();
    assert_eq!(split.len(), 1, "one split kernel reads the concat's slice");
    let slice = test_data(rows * K, 13);
    let mut buffer = vec![f32::NAN; rows * wide];
    for r in 0..rows {
        buffer[r * wide..r * wide + K].copy_from_slice(&slice[r * K..(r + 1) * K]);
    }
    let planes = run_split_of(
        &device,
        &program,
        split[0],
        &buffer,
        slice.len(),
        &HashMap::new(),
    );
    check_planes("planes of the concat slice", &slice, &planes);
}
