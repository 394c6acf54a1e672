//! Vector addition on the default Vulkan device, with the compute kernel built in code.
//!
//! The SPIR-V module is assembled with rspirv's `dr::Builder` (SPIR-V 1.3, the newest Vulkan 1.1
//! accepts); every opcode and enum comes from the `spirv` crate. The kernel computes
//! `c[i] = a[i] + b[i]` for `i < n` with `n` in a push constant, and runs through
//! kiln-runtime on 1M random f32 elements; the result is checked on the host.
//!
//! ```sh
//! cargo run --release --example vector_add          # KILN_DEVICE / KILN_VALIDATE apply
//! cargo run --release --example vector_add -- --emit out.spv  # also write the module
//! cargo run --release --example vector_add -- --info          # print the whole DeviceInfo
//! ```

use std::error::Error;

use kiln_runtime::{Access, Device, DeviceConfig, Kernel};
use rand::Rng;
use rspirv::dr::{Builder, Operand};
use spirv::{
    AddressingModel, BuiltIn, Capability, Decoration, ExecutionMode, ExecutionModel,
    FunctionControl, MemoryModel, SelectionControl, StorageClass,
};

/// Invocations per workgroup of the kernel.
pub const WORKGROUP_SIZE: u32 = 64;

/// Builds the vector-add compute module: bindings 0 and 1 (read) and 2 (written) of set 0 are
/// `float[]` storage buffers, a 4-byte push constant holds `n`, entry point `main`.
pub fn vector_add_module() -> Result<Vec<u32>, rspirv::dr::Error> {
    let mut b = Builder::new();
    b.set_version(1, 3);
    b.capability(Capability::Shader);
    b.memory_model(AddressingModel::Logical, MemoryModel::GLSL450);

    let void = b.type_void();
    let main_type = b.type_function(void, []);
    let bool_type = b.type_bool();
    let float = b.type_float(32, None);
    let uint = b.type_int(32, 0);
    let uvec3 = b.type_vector(uint, 3);
    let zero = b.constant_bit32(uint, 0);

    // Buffers: struct { float data[]; } with Block, in the StorageBuffer storage class.
    let runtime_array = b.type_runtime_array(float);
    b.decorate(
        runtime_array,
        Decoration::ArrayStride,
        [Operand::LiteralBit32(4)],
    );
    let buffer_struct = b.type_struct([runtime_array]);
    b.decorate(buffer_struct, Decoration::Block, []);
    b.member_decorate(
        buffer_struct,
        0,
        Decoration::Offset,
        [Operand::LiteralBit32(0)],
    );
    let buffer_pointer = b.type_pointer(None, StorageClass::StorageBuffer, buffer_struct);
    let float_pointer = b.type_pointer(None, StorageClass::StorageBuffer, float);
    let buffers: Vec<u32> = (0..3)
        .map(|binding| {
            let variable = b.variable(buffer_pointer, None, StorageClass::StorageBuffer, None);
            b.decorate(
                variable,
                Decoration::DescriptorSet,
                [Operand::LiteralBit32(0)],
            );
            b.decorate(
                variable,
                Decoration::Binding,
                [Operand::LiteralBit32(binding)],
            );
            variable
        })
        .collect();

    // Push constants: struct { uint n; } with Block.
    let push_struct = b.type_struct([uint]);
    b.decorate(push_struct, Decoration::Block, []);
    b.member_decorate(
        push_struct,
        0,
        Decoration::Offset,
        [Operand::LiteralBit32(0)],
    );
    let push_pointer = b.type_pointer(None, StorageClass::PushConstant, push_struct);
    let uint_push_pointer = b.type_pointer(None, StorageClass::PushConstant, uint);
    let push = b.variable(push_pointer, None, StorageClass::PushConstant, None);

    let uvec3_input = b.type_pointer(None, StorageClass::Input, uvec3);
    let global_id = b.variable(uvec3_input, None, StorageClass::Input, None);
    b.decorate(
        global_id,
        Decoration::BuiltIn,
        [Operand::BuiltIn(BuiltIn::GlobalInvocationId)],
    );

    let main = b.begin_function(void, None, FunctionControl::NONE, main_type)?;
    b.begin_block(None)?;
    let id = b.load(uvec3, None, global_id, None, [])?;
    let i = b.composite_extract(uint, None, id, [0])?;
    let n_pointer = b.access_chain(uint_push_pointer, None, push, [zero])?;
    let n = b.load(uint, None, n_pointer, None, [])?;
    let in_bounds = b.u_less_than(bool_type, None, i, n)?;
    let body = b.id();
    let merge = b.id();
    b.selection_merge(merge, SelectionControl::NONE)?;
    b.branch_conditional(in_bounds, body, merge, [])?;

    b.begin_block(Some(body))?;
    let a_pointer = b.access_chain(float_pointer, None, buffers[0], [zero, i])?;
    let a = b.load(float, None, a_pointer, None, [])?;
    let b_pointer = b.access_chain(float_pointer, None, buffers[1], [zero, i])?;
    let b_value = b.load(float, None, b_pointer, None, [])?;
    let sum = b.f_add(float, None, a, b_value)?;
    let c_pointer = b.access_chain(float_pointer, None, buffers[2], [zero, i])?;
    b.store(c_pointer, sum, None, [])?;
    b.branch(merge)?;

    b.begin_block(Some(merge))?;
    b.ret()?;
    b.end_function()?;

    // SPIR-V 1.3: the interface lists the Input/Output variables only.
    b.entry_point(ExecutionModel::GLCompute, main, "main", [global_id]);
    b.execution_mode(main, ExecutionMode::LocalSize, [WORKGROUP_SIZE, 1, 1]);
    Ok(rspirv::binary::Assemble::assemble(&b.module()))
}

/// The kiln-runtime kernel description of [`vector_add_module`].
pub fn vector_add_kernel() -> Result<Kernel, Box<dyn Error>> {
    Ok(Kernel::new("vector_add", vector_add_module()?)
        .binding(0, 0, Access::ReadOnly)
        .binding(0, 1, Access::ReadOnly)
        .binding(0, 2, Access::WriteOnly)
        .push_constants(4))
}

#[allow(dead_code)] // the bench includes this file for its kernel and never calls `main`
fn main() {
    if let Err(error) = run() {
        eprintln!("error: {error}");
        std::process::exit(1);
    }
}

#[allow(dead_code)]
fn run() -> Result<(), Box<dyn Error>> {
    let module = vector_add_module()?;
    let mut args = std::env::args().skip(1);
    let mut print_info = false;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--info" => print_info = true,
            "--emit" => {
                let path = args.next().ok_or("--emit needs a file name")?;
                let bytes: Vec<u8> = module.iter().flat_map(|w| w.to_le_bytes()).collect();
                std::fs::write(&path, bytes)?;
                println!("wrote the SPIR-V module to {path}");
            }
            other => {
                return Err(format!("unknown argument `{other}` (use --info, --emit FILE)").into())
            }
        }
    }

    let device = Device::new(&DeviceConfig::default())?;
    println!("device: {}", device.info());
    if print_info {
        println!("{:#?}", device.info());
    }

    let n: u32 = 1 << 20;
    let mut rng = rand::rng();
    let a: Vec<f32> = (0..n).map(|_| rng.random_range(-1.0e3..1.0e3)).collect();
    let b: Vec<f32> = (0..n).map(|_| rng.random_range(-1.0e3..1.0e3)).collect();

    let pipeline = device.create_pipeline(&vector_add_kernel()?)?;
    let a_buffer = device.create_buffer_with("a", &a)?;
    let b_buffer = device.create_buffer_with("b", &b)?;
    let c_buffer = device.create_buffer("c", 4 * u64::from(n))?;
    let mut schedule = device.create_schedule();
    schedule.push(
        &pipeline,
        &[&a_buffer, &b_buffer, &c_buffer],
        &n.to_le_bytes(),
        [n.div_ceil(WORKGROUP_SIZE), 1, 1],
    )?;
    // The first run records the command buffer; the second shows the steady state.
    let first = schedule.run()?;
    let timings = schedule.run()?;
    let c: Vec<f32> = c_buffer.download()?;

    let wrong = a
        .iter()
        .zip(&b)
        .zip(&c)
        .filter(|((x, y), z)| *x + *y != **z)
        .count();
    if wrong > 0 {
        return Err(format!("{wrong} of {n} sums differ from the host's").into());
    }
    let gpu = |ns: Option<u64>| match ns {
        Some(ns) => format!("{:.3} ms", ns as f64 / 1e6),
        None => "n/a (no timestamps)".to_string(),
    };
    println!("vector_add of {n} f32 elements: all sums match the host");
    println!(
        "first run:  GPU {}, wall {:.3} ms (includes recording)",
        gpu(first.gpu_total_ns),
        first.wall.as_secs_f64() * 1e3
    );
    println!(
        "second run: GPU {}, wall {:.3} ms",
        gpu(timings.gpu_total_ns),
        timings.wall.as_secs_f64() * 1e3
    );
    let errors = device.validation_errors();
    if !errors.is_empty() {
        return Err(format!("{} validation error(s) reported", errors.len()).into());
    }
    Ok(())
}
