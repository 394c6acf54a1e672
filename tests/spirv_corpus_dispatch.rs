//! The GLSL corpus of `spirv-ir/tests/glsl` compiled by `glslangValidator` in the test, lifted by
//! the deserializer, serialized again, checked by spirv-val, and dispatched on the default
//! Vulkan device twice: once as glslang wrote it and once round-tripped. Both runs start from
//! the same seeded random buffers and push constants and must leave every buffer bit for bit
//! the same (07's order-dependent `total` aside, see [`skipped_bytes`]). The interface
//! (storage-buffer bindings, push-constant size, workgroup size) is read from the lifted module.
//!
//! One device for the whole file (one `#[test]`), like the runtime's own device tests.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::Command;

use kiln_runtime::{Access, Buffer, Device, DeviceConfig, Kernel};
use kiln_spirv_ir::{ConstantValue, ModeOperand, Module, SpecConstituent, Type, TypeId};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use spirv::{BuiltIn, ExecutionMode, ExecutionModel, StorageClass};

/// Bytes of every storage buffer: far more than any dispatch below touches.
const BUFFER_BYTES: usize = 256 * 1024;

/// What a shader exposes, discovered from its lifted module.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Interface {
    /// `(set, binding)` of every storage buffer, sorted.
    buffers: Vec<(u32, u32)>,
    /// Size in bytes of the push-constant block (0: none).
    push_constant_size: u32,
    /// The workgroup size (the `WorkgroupSize` builtin's defaults when there is one).
    local_size: [u32; 3],
}

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("spirv-ir/tests/glsl");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{} must exist: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "comp"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "corpus has only {} shaders", files.len());
    files
}

fn glslang(src: &Path, out_dir: &Path) -> Vec<u32> {
    let out = out_dir.join(src.file_name().unwrap()).with_extension("spv");
    let res = Command::new("glslangValidator")
        .args(["-V", "--target-env", "vulkan1.1", "-o"])
        .arg(&out)
        .arg(src)
        .output()
        .unwrap_or_else(|e| {
            panic!("glslangValidator must be installed (apt-get install glslang-tools): {e}")
        });
    assert!(
        res.status.success(),
        "glslangValidator failed on {}: {}",
        src.display(),
        String::from_utf8_lossy(&res.stdout)
    );
    let bytes = std::fs::read(&out).unwrap();
    kiln_runtime::spirv_words(&src.display().to_string(), &bytes).unwrap()
}

/// Byte size of a type laid out as in an explicitly laid out block.
fn type_size(m: &Module, ty: TypeId) -> Result<u32, String> {
    Ok(match &m.types[ty] {
        Type::Bool => 4,
        Type::Int { width, .. } | Type::Float { width, .. } => width / 8,
        Type::Vector { component, count } => count * type_size(m, *component)?,
        Type::Matrix { column, columns } => columns * type_size(m, *column)?,
        Type::Array {
            element,
            length,
            stride,
        } => length * stride.map_or_else(|| type_size(m, *element), Ok)?,
        Type::Struct(s) => {
            let mut end = 0;
            for (i, member) in s.members.iter().enumerate() {
                let offset = member
                    .offset
                    .ok_or_else(|| format!("struct member {i} has no Offset"))?;
                end = end.max(offset + type_size(m, member.ty)?);
            }
            end
        }
        other => {
            return Err(format!(
                "no size for a push-constant member of type {other:?}"
            ))
        }
    })
}

fn u32_constant(value: &ConstantValue) -> Result<u32, String> {
    match value {
        ConstantValue::Int(v) => u32::try_from(*v).map_err(|e| e.to_string()),
        other => Err(format!(
            "workgroup size component {other:?} is not an integer"
        )),
    }
}

fn interface(m: &Module) -> Result<Interface, String> {
    let entry = m
        .entry_points
        .iter()
        .find(|e| e.name == "main" && e.execution_model == ExecutionModel::GLCompute)
        .ok_or("no GLCompute entry point `main`")?;
    let mut buffers = Vec::new();
    let mut push_constant_size = 0;
    for (_, var) in m.global_variables.iter() {
        let Type::Pointer { pointee, .. } = &m.types[var.ty] else {
            return Err(format!(
                "global {:?} does not have a pointer type",
                var.name
            ));
        };
        match var.storage_class {
            // glslang writes `buffer` blocks as StorageBuffer from SPIR-V 1.3 on and as
            // Uniform + BufferBlock before; uniform buffers do not occur in the corpus.
            StorageClass::StorageBuffer | StorageClass::Uniform => {
                match (var.descriptor_set, var.binding) {
                    (Some(set), Some(binding)) => buffers.push((set, binding)),
                    _ => return Err(format!("buffer {:?} has no set / binding", var.name)),
                }
            }
            StorageClass::PushConstant => {
                if push_constant_size != 0 {
                    return Err("two push-constant blocks".into());
                }
                push_constant_size = type_size(m, *pointee)?.next_multiple_of(4);
            }
            _ => {}
        }
    }
    buffers.sort();
    let workgroup_size_builtin = m
        .spec_constants
        .iter()
        .find(|(_, s)| s.builtin == Some(BuiltIn::WorkgroupSize));
    let local_size = if let Some((_, spec)) = workgroup_size_builtin {
        let parts = spec
            .composite
            .as_ref()
            .ok_or("WorkgroupSize spec constant is not a composite")?;
        let values = parts
            .iter()
            .map(|part| match part {
                SpecConstituent::Spec(id) => u32_constant(&m.spec_constants[*id].default),
                SpecConstituent::Constant(c) => u32_constant(c),
            })
            .collect::<Result<Vec<u32>, String>>()?;
        <[u32; 3]>::try_from(values).map_err(|v| format!("WorkgroupSize {v:?}"))?
    } else {
        let mode = m
            .execution_modes
            .iter()
            .find(|d| {
                d.function == entry.function
                    && matches!(
                        d.mode,
                        ExecutionMode::LocalSize | ExecutionMode::LocalSizeId
                    )
            })
            .ok_or("no LocalSize execution mode")?;
        let values = mode
            .operands
            .iter()
            .map(|op| match op {
                ModeOperand::Literal(v) | ModeOperand::ConstantU32(v) => Ok(*v),
                ModeOperand::SpecConstant(id) => u32_constant(&m.spec_constants[*id].default),
            })
            .collect::<Result<Vec<u32>, String>>()?;
        <[u32; 3]>::try_from(values).map_err(|v| format!("LocalSize {v:?}"))?
    };
    Ok(Interface {
        buffers,
        push_constant_size,
        local_size,
    })
}

// ---- per-shader inputs ----

/// Random f32 in [-1, 1]: the default contents of every buffer.
fn fill_f32_unit(rng: &mut ChaCha8Rng) -> Vec<u8> {
    fill_f32(rng, 1.0)
}

fn fill_f32(rng: &mut ChaCha8Rng, range: f32) -> Vec<u8> {
    (0..BUFFER_BYTES / 4)
        .flat_map(|_| rng.random_range(-range..=range).to_le_bytes())
        .collect()
}

fn fill_f32_wide(rng: &mut ChaCha8Rng) -> Vec<u8> {
    fill_f32(rng, 100.0)
}

fn fill_f16_unit(rng: &mut ChaCha8Rng) -> Vec<u8> {
    (0..BUFFER_BYTES / 2)
        .flat_map(|_| half::f16::from_f32(rng.random_range(-1.0f32..=1.0)).to_le_bytes())
        .collect()
}

fn fill_random_bytes(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut v = vec![0u8; BUFFER_BYTES];
    rng.fill(&mut v[..]);
    v
}

/// Collatz seeds, zero included (the early-return path), small enough to finish in 500 steps
/// mostly, with a few that take the `steps > 500` exit.
fn fill_collatz(rng: &mut ChaCha8Rng) -> Vec<u8> {
    (0..BUFFER_BYTES / 4)
        .flat_map(|i| {
            let v: u32 = if i % 61 == 7 {
                rng.random_range(1u32 << 30..u32::MAX)
            } else {
                rng.random_range(0..2000)
            };
            v.to_le_bytes()
        })
        .collect()
}

/// 07's `Counts`: empty histogram, total 0, `mn` at `i32::MAX`.
fn fill_counts(_: &mut ChaCha8Rng) -> Vec<u8> {
    let mut v = vec![0u8; BUFFER_BYTES];
    v[68..72].copy_from_slice(&i32::MAX.to_le_bytes());
    v
}

/// 14's `Pair { vec2 p; ivec2 q; }`: floats in [-1, 1], small integers.
fn fill_pairs(rng: &mut ChaCha8Rng) -> Vec<u8> {
    (0..BUFFER_BYTES / 16)
        .flat_map(|_| {
            let mut pair = [0u8; 16];
            pair[0..4].copy_from_slice(&rng.random_range(-1.0f32..=1.0).to_le_bytes());
            pair[4..8].copy_from_slice(&rng.random_range(-1.0f32..=1.0).to_le_bytes());
            pair[8..12].copy_from_slice(&rng.random_range(-1000i32..1000).to_le_bytes());
            pair[12..16].copy_from_slice(&rng.random_range(-1000i32..1000).to_le_bytes());
            pair
        })
        .collect()
}

type Fill = fn(&mut ChaCha8Rng) -> Vec<u8>;

/// How one shader is called: per-binding fills (default [`fill_f32_unit`]), push constants and
/// the invocations to cover in each dimension (rounded up to whole workgroups).
struct Case {
    fills: Vec<(u32, Fill)>,
    push_constants: Vec<u8>,
    extent: [u32; 3],
}

fn words_le(values: &[u32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

fn case(name: &str) -> Case {
    let mut c = Case {
        fills: Vec::new(),
        push_constants: Vec::new(),
        extent: [256, 1, 1],
    };
    match name.split('_').next().unwrap() {
        // n = 200 < 256 invocations: the bounds check matters.
        "01" => c.push_constants = words_le(&[200]),
        "07" => c.fills = vec![(0, fill_counts), (1, fill_random_bytes)],
        "08" => c.fills = vec![(0, fill_f16_unit)],
        "09" => {
            // rows 20, cols 24, alpha 1.5, beta -0.25 over 32 x 32 invocations.
            c.push_constants = words_le(&[20, 24, 1.5f32.to_bits(), (-0.25f32).to_bits()]);
            c.extent = [24, 20, 1];
        }
        "13" => c.fills = vec![(0, fill_random_bytes), (1, fill_random_bytes)],
        "14" => c.fills = vec![(0, fill_pairs)],
        "15" => c.fills = vec![(0, fill_f32_wide)],
        "16" => {
            // M 13, N 17, K 10 (not a multiple of the inner loop's 4).
            c.push_constants = words_le(&[13, 17, 10]);
            c.extent = [17, 13, 1];
        }
        "17" => {
            // n 40: three 16-wide tiles, the last one partial.
            c.push_constants = words_le(&[40]);
            c.extent = [40, 40, 1];
        }
        "19" => c.fills = vec![(0, fill_collatz)],
        "21" => c.fills = vec![(0, fill_random_bytes)],
        _ => {}
    }
    c
}

/// Bytes of buffer `binding` that need not agree between the two runs. 07's `total`
/// (bytes 64..68) comes out of an `atomicExchange` / `atomicCompSwap` race whose result depends
/// on the interleaving of invocations, so it is skipped; the histogram (integer atomic adds)
/// and `mn` (atomic min) do not depend on the order and are compared, here and against the
/// host in [`check_atomics`].
fn skipped_bytes(name: &str, binding: u32) -> Range<usize> {
    if name.starts_with("07_") && binding == 0 {
        64..68
    } else {
        0..0
    }
}

/// 07's histogram and minimum against the host: `invocations` values of `v` were read.
fn check_atomics(counts: &[u8], input: &[u8], invocations: usize) -> Result<(), String> {
    let word = |b: &[u8], i: usize| u32::from_le_bytes(b[4 * i..4 * i + 4].try_into().unwrap());
    let mut hist = [0u32; 16];
    let mut mn = i32::MAX;
    for i in 0..invocations {
        let x = word(input, i);
        hist[(x & 15) as usize] += 1;
        mn = mn.min(x as i32);
    }
    let got: Vec<u32> = (0..16).map(|i| word(counts, i)).collect();
    if got != hist {
        return Err(format!("histogram {got:?}, expected {hist:?}"));
    }
    let got_mn = word(counts, 17) as i32;
    if got_mn != mn {
        return Err(format!("mn {got_mn}, expected {mn}"));
    }
    Ok(())
}

/// Dispatches `words` once over freshly filled buffers; returns every buffer's contents after.
fn dispatch(
    device: &Device,
    name: &str,
    words: Vec<u32>,
    iface: &Interface,
    inputs: &[Vec<u8>],
    case: &Case,
) -> Result<Vec<Vec<u8>>, String> {
    let mut kernel = Kernel::new(name, words)
        .entry_point("main")
        .push_constants(iface.push_constant_size);
    for &(set, binding) in &iface.buffers {
        kernel = kernel.binding(set, binding, Access::ReadWrite);
    }
    let pipeline = device
        .create_pipeline(&kernel)
        .map_err(|e| format!("pipeline: {e}"))?;
    let buffers = iface
        .buffers
        .iter()
        .zip(inputs)
        .map(|((set, binding), data)| {
            device.create_buffer_with(&format!("{name} set {set} binding {binding}"), data)
        })
        .collect::<Result<Vec<Buffer>, _>>()
        .map_err(|e| format!("buffer: {e}"))?;
    let groups: [u32; 3] = std::array::from_fn(|i| case.extent[i].div_ceil(iface.local_size[i]));
    let mut schedule = device.create_schedule();
    schedule
        .push(
            &pipeline,
            &buffers.iter().collect::<Vec<_>>(),
            &case.push_constants,
            groups,
        )
        .map_err(|e| format!("dispatch: {e}"))?;
    schedule.run().map_err(|e| format!("run: {e}"))?;
    buffers
        .iter()
        .map(|b| b.download_bytes().map_err(|e| format!("download: {e}")))
        .collect()
}

fn first_difference(a: &[u8], b: &[u8], skipped: &Range<usize>) -> Option<usize> {
    (0..a.len().max(b.len())).find(|&i| !skipped.contains(&i) && a.get(i) != b.get(i))
}

fn check_shader(device: &Device, path: &Path, tmp: &Path) -> Result<bool, String> {
    let name = path.file_stem().unwrap().to_string_lossy().to_string();
    let original = glslang(path, tmp);
    let module = kiln_spirv_ir::deserialize(&original).map_err(|e| format!("deserialize: {e}"))?;
    let round_tripped = kiln_spirv_ir::serialize(&module).map_err(|e| format!("serialize: {e}"))?;
    kiln_spirv_ir::validate_with_spirv_val(&original, "vulkan1.1")
        .map_err(|e| format!("original: {e}"))?;
    kiln_spirv_ir::validate_with_spirv_val(&round_tripped, "vulkan1.1")
        .map_err(|e| format!("round-tripped: {e}"))?;
    let iface = interface(&module)?;
    let relifted = kiln_spirv_ir::deserialize(&round_tripped)
        .map_err(|e| format!("deserialize round-tripped: {e}"))?;
    let iface2 = interface(&relifted)?;
    if iface != iface2 {
        return Err(format!("interface changed: {iface:?} -> {iface2:?}"));
    }
    if iface.buffers.is_empty() {
        return Err("no storage buffers: nothing to compare".into());
    }

    let case = case(&name);
    if case.push_constants.len() != iface.push_constant_size as usize {
        return Err(format!(
            "{} bytes of push constants in the test for a {}-byte block",
            case.push_constants.len(),
            iface.push_constant_size
        ));
    }
    let fills: BTreeMap<u32, Fill> = case.fills.iter().copied().collect();
    let seed = name.bytes().fold(0xC0FFEEu64, |h, b| {
        h.wrapping_mul(31).wrapping_add(u64::from(b))
    });
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let inputs: Vec<Vec<u8>> = iface
        .buffers
        .iter()
        .map(|(_, binding)| fills.get(binding).copied().unwrap_or(fill_f32_unit)(&mut rng))
        .collect();

    let a = dispatch(device, &name, original.clone(), &iface, &inputs, &case)
        .map_err(|e| format!("original: {e}"))?;
    let b = dispatch(device, &name, round_tripped.clone(), &iface, &inputs, &case)
        .map_err(|e| format!("round-tripped: {e}"))?;

    for (((_, binding), (a, b)), input) in iface.buffers.iter().zip(a.iter().zip(&b)).zip(&inputs) {
        if let Some(at) = first_difference(a, b, &skipped_bytes(&name, *binding)) {
            return Err(format!(
                "binding {binding} differs at byte {at}: original {:02x?}, round-tripped \
                 {:02x?} (input {:02x?})",
                &a[at & !3..(at & !3) + 4],
                &b[at & !3..(at & !3) + 4],
                &input[at & !3..(at & !3) + 4],
            ));
        }
    }
    for (run, out) in [("original", &a), ("round-tripped", &b)] {
        if out.iter().zip(&inputs).all(|(o, i)| o == i) {
            return Err(format!("the {run} run left every buffer unchanged"));
        }
    }
    if name.starts_with("07_") {
        let groups = case.extent[0].div_ceil(iface.local_size[0]);
        let invocations = (groups * iface.local_size[0]) as usize;
        for (run, out) in [("original", &a), ("round-tripped", &b)] {
            check_atomics(&out[0], &inputs[1], invocations).map_err(|e| format!("{run}: {e}"))?;
        }
    }
    Ok(original != round_tripped)
}

#[test]
fn glsl_corpus_original_and_round_tripped_dispatch_alike() {
    let device = Device::new(&DeviceConfig::default()).expect("a Vulkan device (lavapipe)");
    let tmp = tempfile::tempdir().unwrap();
    let files = corpus();
    let mut failures = Vec::new();
    let mut rewritten = 0;
    for path in &files {
        match check_shader(&device, path, tmp.path()) {
            Ok(changed) => rewritten += usize::from(changed),
            Err(e) => failures.push(format!("{}: {e}", path.display())),
        }
    }
    eprintln!(
        "{} shaders dispatched on {}: {rewritten} re-serialized to different words",
        files.len(),
        device.info()
    );
    assert!(
        failures.is_empty(),
        "{} of {} shaders failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
    // The round trip must actually rewrite modules, or the comparison proves little.
    assert!(
        rewritten > 0,
        "every module re-serialized to identical words"
    );
    let errors = device.validation_errors();
    assert!(errors.is_empty(), "validation layer errors: {errors:?}");
}
