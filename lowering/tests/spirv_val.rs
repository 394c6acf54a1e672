//! Every emitted module through spirv-val, for all three target presets.

use kiln_frontend::*;
use kiln_lowering::{compile, PassOptions};
use kiln_spirv_ir::TargetEnv;

const PRESETS: [&str; 3] = ["llvmpipe", "nvidia-h200", "vulkan1.1"];

fn options() -> PassOptions {
    PassOptions {
        verify_each: true,
        ..Default::default()
    }
}

/// The disassembly of `outputs`' first dispatch compiled for nvidia-h200, after spirv-val for
/// Vulkan 1.3.
fn h200_disassembly(b: FunctionBuilder, outputs: Vec<ValueId>) -> String {
    disassembly_on(&TargetEnv::preset("nvidia-h200").unwrap(), b, outputs)
}

/// The first dispatch of `b`'s function compiled for `env` other than a dynamic M's few-rows
/// variants (`*_rows1`, `*_rows4`, `*_rows8`), validated for Vulkan 1.3.
fn disassembly_on(env: &TargetEnv, b: FunctionBuilder, outputs: Vec<ValueId>) -> String {
    let module = Module {
        functions: vec![b.finish(outputs).unwrap()],
    };
    let program = compile(&module, env, &options()).unwrap();
    let d = program
        .dispatches
        .iter()
        .find(|d| !d.name.contains("_rows"))
        .unwrap();
    kiln_spirv_ir::validate_with_spirv_val(&d.spirv, "vulkan1.3").unwrap();
    kiln_spirv_ir::disassemble_to_text(&d.spirv).unwrap()
}

/// The nvidia-h200 preset without VK_NV_cooperative_matrix2's per-element operations: a fused
/// epilogue then keeps a matmul off the workgroup-scope kernels.
fn h200_without_per_element_ops() -> TargetEnv {
    let mut env = TargetEnv::preset("nvidia-h200").unwrap();
    env.capabilities.retain(|&c| {
        c != kiln_spirv_ir::spirv::Capability::CooperativeMatrixPerElementOperationsNV
    });
    env
}

fn tensor(shape: &[u64], dtype: DType) -> Type {
    Type::Tensor(TensorType::of(shape, dtype))
}

fn validate_all(name: &str, f: Function) {
    let module = Module { functions: vec![f] };
    for preset in PRESETS {
        let env = TargetEnv::preset(preset).unwrap();
        let program = match compile(&module, &env, &options()) {
            Ok(program) => program,
            // A tensor past the range of a target without buffer device addresses (vulkan1.1)
            // is refused, naming the limit (tests/big_tensors.rs).
            Err(e)
                if !env.has_capability(
                    kiln_spirv_ir::spirv::Capability::PhysicalStorageBufferAddresses,
                ) && e.to_string().contains("maxStorageBufferRange") =>
            {
                continue
            }
            Err(e) => panic!("{name} on {preset}: {e}"),
        };
        assert!(!program.dispatches.is_empty());
        for d in &program.dispatches {
            kiln_spirv_ir::validate_with_spirv_val(&d.spirv, &env.spirv_val_target_env())
                .unwrap_or_else(|e| panic!("{name} / {} on {preset}:\n{e}", d.name));
        }
    }
}

#[test]
fn elementwise_add_with_broadcast() {
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor(&[4, 8], DType::F32));
    let y = b.argument(tensor(&[8], DType::F32));
    let z = b.elementwise(ScalarOp::AddF, &[x, y]).unwrap();
    validate_all("add", b.finish(vec![z]).unwrap());
}

#[test]
fn fused_chain_and_odd_sizes() {
    for dtype in [DType::F32, DType::F16, DType::I32] {
        let mut b = FunctionBuilder::new("main");
        let x = b.argument(tensor(&[3, 5, 7], dtype));
        let y = b.argument(tensor(&[5, 1], dtype));
        let (add, mul, max) = if dtype.is_float() {
            (ScalarOp::AddF, ScalarOp::MulF, ScalarOp::MaximumF)
        } else {
            (ScalarOp::AddI, ScalarOp::MulI, ScalarOp::MaxSI)
        };
        let s = b.elementwise(add, &[x, y]).unwrap();
        let m = b.elementwise(mul, &[s, x]).unwrap();
        let r = b.elementwise(max, &[m, y]).unwrap();
        validate_all("chain", b.finish(vec![r]).unwrap());
    }
}

#[test]
fn reductions_and_softmax() {
    for dims in [vec![1usize], vec![0], vec![0, 1]] {
        let mut b = FunctionBuilder::new("main");
        let x = b.argument(tensor(&[37, 300], DType::F32));
        let r = b.reduce(x, &dims, ScalarOp::AddF, 0.0).unwrap();
        validate_all("sum", b.finish(vec![r]).unwrap());
    }
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor(&[16, 1000], DType::F32));
    let r = b.softmax(x, 1).unwrap();
    validate_all("softmax", b.finish(vec![r]).unwrap());
}

#[test]
fn matmul_conv_pooling() {
    let mut b = FunctionBuilder::new("main");
    let a = b.argument(tensor(&[17, 33], DType::F32));
    let w = b.argument(tensor(&[33, 9], DType::F32));
    let m = b.matmul(a, w, None).unwrap();
    let r = b.elementwise(ScalarOp::MaximumF, &[m, m]).unwrap();
    validate_all("matmul", b.finish(vec![r]).unwrap());

    let mut b = FunctionBuilder::new("main");
    let a = b.argument(tensor(&[2, 5, 7], DType::F16));
    let w = b.argument(tensor(&[2, 7, 3], DType::F16));
    let m = b.batch_matmul(a, w, Some(DType::F32)).unwrap();
    validate_all("batch_matmul f16->f32", b.finish(vec![m]).unwrap());

    for layout in [
        ConvLayout::NhwcHwcf,
        ConvLayout::NchwFchw,
        ConvLayout::DepthwiseNhwcHwc,
    ] {
        let mut b = FunctionBuilder::new("main");
        let (input, filter) = match layout {
            ConvLayout::NhwcHwcf => (vec![1, 9, 9, 3], vec![3, 3, 3, 4]),
            ConvLayout::NchwFchw => (vec![1, 3, 9, 9], vec![4, 3, 3, 3]),
            _ => (vec![1, 9, 9, 3], vec![3, 3, 3]),
        };
        let x = b.argument(tensor(&input, DType::F32));
        let f = b.argument(tensor(&filter, DType::F32));
        let pad = match layout {
            ConvLayout::NchwFchw => b.pad(x, &[0, 0, 1, 1], &[0, 0, 1, 1], 0.0).unwrap(),
            _ => b.pad(x, &[0, 1, 1, 0], &[0, 1, 1, 0], 0.0).unwrap(),
        };
        let conv = Conv2d {
            layout,
            strides: [2, 2],
            dilations: [1, 1],
        };
        let c = b.conv2d(conv, pad, f).unwrap();
        validate_all("conv", b.finish(vec![c]).unwrap());
    }

    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor(&[1, 4, 10, 10], DType::F32));
    let pool = Pooling {
        kind: PoolKind::Max,
        layout: PoolLayout::Nchw,
        strides: [2, 2],
        dilations: [1, 1],
    };
    let p = b.pooling(pool, x, [3, 3]).unwrap();
    validate_all("maxpool", b.finish(vec![p]).unwrap());
}

#[test]
fn tiled_matmul_all_presets() {
    let mut b = FunctionBuilder::new("main");
    let a = b.argument(tensor(&[2, 100, 70], DType::F32));
    let w = b.argument(tensor(&[2, 70, 50], DType::F32));
    let m = b.batch_matmul(a, w, None).unwrap();
    let r = b.elementwise(ScalarOp::Tanh, &[m]).unwrap();
    validate_all("batch matmul tiled", b.finish(vec![r]).unwrap());
}

#[test]
fn shape_ops_and_other_dtypes() {
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor(&[2, 3, 4], DType::F32));
    let t = b.transpose(x, &[2, 0, 1]).unwrap();
    let r = b.reshape(t, &[4, 6]).unwrap();
    let c = b.concat(&[r, r], 1).unwrap();
    let s = b.extract_slice(c, &[1, 2], &[2, 5], &[2, 2]).unwrap();
    validate_all("shape ops", b.finish(vec![s]).unwrap());

    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor(&[10], DType::I8));
    let y = b.argument(tensor(&[10], DType::I8));
    let lt = b
        .elementwise(ScalarOp::CmpI(CmpIPredicate::Slt), &[x, y])
        .unwrap();
    let m = b.elementwise(ScalarOp::Select, &[lt, x, y]).unwrap();
    validate_all("i8 select", b.finish(vec![m, lt]).unwrap());
}

#[test]
fn large_1d_needs_a_2d_grid() {
    // 5 592 505 x 3 elements with a broadcast operand: neither vectorizable nor collapsible, so
    // one invocation per element: more than 65535 workgroups of 256.
    let rows = 65535 * 256 / 3 + 100;
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor(&[rows, 3], DType::F32));
    let y = b.argument(tensor(&[3], DType::F32));
    let e = b.elementwise(ScalarOp::AddF, &[x, y]).unwrap();
    let module = Module {
        functions: vec![b.finish(vec![e]).unwrap()],
    };
    let env = TargetEnv::preset("llvmpipe").unwrap();
    let program = compile(&module, &env, &options()).unwrap();
    let count = &program.dispatches[0].workgroup_count;
    assert_eq!(count[0].as_const(), Some(65535));
    assert_eq!(count[1].as_const(), Some(2));
    kiln_spirv_ir::validate_with_spirv_val(&program.dispatches[0].spirv, "vulkan1.3").unwrap();
}

#[test]
fn benchmark_models_validate() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/models");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let module = kiln_frontend::parse::parse_mlir(&text).unwrap();
        validate_all(
            &path.display().to_string(),
            module.functions.into_iter().next().unwrap(),
        );
        count += 1;
    }
    assert!(count >= 5);
}

/// f16 x f16 -> f32 matmul with a fused bias + relu at shapes that are not tile multiples
/// (and a dynamic M): the cooperative-matrix pipeline on nvidia-h200 (checked in the
/// disassembly), SIMT on the others, every module through spirv-val.
#[test]
fn cooperative_matrix_matmul_f16_f32() {
    // Vec4 (64-bit) copies of both operands, scalar copies, and the 128 x 128 tiling with
    // double buffering and vec4 copies of both.
    let cases: [(Dim, u64, u64); 4] = [
        (Dim::Static(64), 64, 64),
        (Dim::Static(100), 70, 33),
        (Dim::Symbol("M".into()), 130, 40),
        (Dim::Symbol("M".into()), 256, 512),
    ];
    for (m, k, n) in cases {
        let mut b = FunctionBuilder::new("main");
        let a = b.argument(Type::Tensor(TensorType::new(
            vec![m.clone(), Dim::Static(k)],
            DType::F16,
        )));
        let w = b.argument(tensor(&[k, n], DType::F16));
        let bias = b.argument(tensor(&[n], DType::F32));
        let c = b.matmul(a, w, Some(DType::F32)).unwrap();
        let c = b.elementwise(ScalarOp::AddF, &[c, bias]).unwrap();
        let zero = b
            .splat_constant(TensorType::new(vec![], DType::F32), 0.0)
            .unwrap();
        let r = b.elementwise(ScalarOp::MaximumF, &[c, zero]).unwrap();
        let f = b.finish(vec![r]).unwrap();
        let module = Module {
            functions: vec![f.clone()],
        };
        for preset in PRESETS {
            // (With per-element operations the epilogue runs on the workgroup-scope kernel.)
            let env = match preset {
                "nvidia-h200" => h200_without_per_element_ops(),
                _ => TargetEnv::preset(preset).unwrap(),
            };
            let program = compile(&module, &env, &options())
                .unwrap_or_else(|e| panic!("coopmat {m:?}x{k}x{n} on {preset}: {e}"));
            let mut matrix_dispatches = 0;
            for d in &program.dispatches {
                kiln_spirv_ir::validate_with_spirv_val(&d.spirv, &env.spirv_val_target_env())
                    .unwrap_or_else(|e| panic!("{m:?}x{k}x{n} / {} on {preset}:\n{e}", d.name));
                let text = kiln_spirv_ir::disassemble_to_text(&d.spirv).unwrap();
                if text.contains("spirv.CooperativeMatrixMulAddKHR") {
                    matrix_dispatches += 1;
                    // Also the Vulkan 1.3 rules (the preset itself validates as vulkan1.4).
                    kiln_spirv_ir::validate_with_spirv_val(&d.spirv, "vulkan1.3")
                        .unwrap_or_else(|e| panic!("{m:?}x{k}x{n} on vulkan1.3:\n{e}"));
                    for needed in [
                        "spirv.module Logical Vulkan",
                        "VulkanMemoryModel",
                        "CooperativeMatrixKHR,",
                        "\"SPV_KHR_cooperative_matrix\"",
                        "spirv.CooperativeMatrixLoadKHR",
                        "spirv.CooperativeMatrixStoreKHR",
                        "spirv.ControlBarrier",
                    ] {
                        assert!(text.contains(needed), "{preset}: no `{needed}` in\n{text}");
                    }
                }
            }
            // (A dynamic M with N and K of at least 256 gets run-time variants: the few-rows
            // kernels, the subgroup kernel tiled for 33-1023 rows, and for more.)
            let want = match (preset, &m, k) {
                ("nvidia-h200", Dim::Symbol(_), 256) => 2,
                ("nvidia-h200", ..) => 1,
                _ => 0,
            };
            assert_eq!(matrix_dispatches, want, "{m:?}x{k}x{n} on {preset}");
        }
    }
    // Batch dims go to the workgroup grid; the fragments are the same (a fused bias keeps the
    // subgroup pipeline on a target without per-element operations).
    let mut b = FunctionBuilder::new("main");
    let a = b.argument(tensor(&[3, 40, 24], DType::F16));
    let w = b.argument(tensor(&[3, 24, 50], DType::F16));
    let bias = b.argument(tensor(&[50], DType::F32));
    let r = b.batch_matmul(a, w, Some(DType::F32)).unwrap();
    let r = b.elementwise(ScalarOp::AddF, &[r, bias]).unwrap();
    let text = disassembly_on(&h200_without_per_element_ops(), b, vec![r]);
    assert!(text.contains("spirv.CooperativeMatrixMulAddKHR"), "{text}");
}

/// f16 accumulation takes the cooperative-matrix pipeline too where the target lists an
/// f16 x f16 -> f16 shape (nvidia-h200), with f16 accumulators and scratch fragments.
#[test]
fn cooperative_matrix_matmul_f16_accumulation() {
    let mut b = FunctionBuilder::new("main");
    let a = b.argument(Type::Tensor(TensorType::new(
        vec![Dim::Symbol("M".into()), Dim::Static(256)],
        DType::F16,
    )));
    let w = b.argument(tensor(&[256, 128], DType::F16));
    let c = b.matmul(a, w, Some(DType::F16)).unwrap();
    let f = b.finish(vec![c]).unwrap();
    let module = Module { functions: vec![f] };
    let env = TargetEnv::preset("nvidia-h200").unwrap();
    let program = compile(&module, &env, &options()).unwrap();
    assert_eq!(program.dispatches.len(), 1);
    let d = &program.dispatches[0];
    kiln_spirv_ir::validate_with_spirv_val(&d.spirv, &env.spirv_val_target_env())
        .unwrap_or_else(|e| panic!("{e}"));
    let text = kiln_spirv_ir::disassemble_to_text(&d.spirv).unwrap();
    assert!(text.contains("spirv.CooperativeMatrixMulAddKHR"), "{text}");
    assert!(
        !text.contains("f32"),
        "f16 accumulation computes in f16:\n{text}"
    );
}

/// Plain f16 x f16 -> f32 / f16 matmuls with static sizes take the workgroup-scope,
/// tensor-addressed cooperative-matrix pipeline (VK_NV_cooperative_matrix2) on nvidia-h200:
/// tile multiples (no clamping), edges in M, N and a K remainder (a workgroup-uniform branch
/// between unclamped and clamped loads), every module through spirv-val for the preset and
/// for Vulkan 1.3; other presets and a fused epilogue keep the other pipelines.
#[test]
fn workgroup_matrix_matmul() {
    use kiln_frontend::DType::{F16, F32};
    let cases = [
        (512, 512, 512, F32, false),
        (1500, 264, 1288, F32, true),
        (512, 512, 512, F16, false),
        (300, 72, 40, F16, true),
    ];
    for (m, k, n, result, edges) in cases {
        let mut b = FunctionBuilder::new("main");
        let a = b.argument(tensor(&[m, k], DType::F16));
        let w = b.argument(tensor(&[k, n], DType::F16));
        let c = b.matmul(a, w, Some(result)).unwrap();
        let module = Module {
            functions: vec![b.finish(vec![c]).unwrap()],
        };
        for preset in PRESETS {
            let env = TargetEnv::preset(preset).unwrap();
            let program = compile(&module, &env, &options())
                .unwrap_or_else(|e| panic!("{m}x{k}x{n} -> {result:?} on {preset}: {e}"));
            let d = &program.dispatches[0];
            kiln_spirv_ir::validate_with_spirv_val(&d.spirv, &env.spirv_val_target_env())
                .unwrap_or_else(|e| panic!("{m}x{k}x{n} on {preset}:\n{e}"));
            let text = kiln_spirv_ir::disassemble_to_text(&d.spirv).unwrap();
            let tensor = text.contains("spirv.CooperativeMatrixLoadTensorNV");
            assert_eq!(tensor, preset == "nvidia-h200", "{m}x{k}x{n} on {preset}");
            if !tensor {
                continue;
            }
            kiln_spirv_ir::validate_with_spirv_val(&d.spirv, "vulkan1.3")
                .unwrap_or_else(|e| panic!("{m}x{k}x{n} on vulkan1.3:\n{e}"));
            for needed in [
                "\"SPV_NV_cooperative_matrix2\"",
                "\"SPV_NV_tensor_addressing\"",
                "TensorAddressingNV",
                "spirv.CooperativeMatrixStoreTensorNV",
                "spirv.TensorLayoutSliceNV",
            ] {
                assert!(text.contains(needed), "no `{needed}` in\n{text}");
            }
            // No barriers or shared memory of its own: the driver stages the operands.
            assert!(!text.contains("spirv.ControlBarrier"), "{text}");
            assert_eq!(
                text.contains("Constant>"),
                edges,
                "clamped loads iff edges:\n{text}"
            );
        }
    }
    // Rows of 16-bit elements that are not 16-byte aligned (K = 70, N = 33) keep the subgroup
    // pipeline (kernel_config::TENSOR_ROW_ALIGNMENT).
    let mut b = FunctionBuilder::new("main");
    let a = b.argument(tensor(&[300, 70], DType::F16));
    let w = b.argument(tensor(&[70, 33], DType::F16));
    let r = b.matmul(a, w, Some(DType::F32)).unwrap();
    let text = h200_disassembly(b, vec![r]);
    assert!(text.contains("spirv.CooperativeMatrixMulAddKHR"), "{text}");
    assert!(!text.contains("TensorNV"), "{text}");
    // Batch dims: the workgroup grid gets them, the tensor loads and the store index them.
    let mut b = FunctionBuilder::new("main");
    let a = b.argument(tensor(&[3, 300, 72], DType::F16));
    let w = b.argument(tensor(&[3, 72, 264], DType::F16));
    let r = b.batch_matmul(a, w, Some(DType::F32)).unwrap();
    let text = h200_disassembly(b, vec![r]);
    assert!(
        text.contains("spirv.CooperativeMatrixLoadTensorNV"),
        "{text}"
    );
    // A dynamic M: the grid and the edge checks come from push constants.
    let mut b = FunctionBuilder::new("main");
    let a = b.argument(Type::Tensor(kiln_frontend::TensorType::new(
        vec![
            kiln_frontend::Dim::Symbol("M".into()),
            kiln_frontend::Dim::Static(520),
        ],
        DType::F16,
    )));
    let w = b.argument(tensor(&[520, 264], DType::F16));
    let r = b.matmul(a, w, Some(DType::F32)).unwrap();
    let text = h200_disassembly(b, vec![r]);
    assert!(
        text.contains("spirv.CooperativeMatrixLoadTensorNV"),
        "{text}"
    );
    // A fused epilogue (bias) of a large matmul runs on the accumulator, as a per-element
    // function; without per-element operations, or for a small matmul, the epilogue keeps the
    // subgroup pipeline.
    let linear = |m: u64, k: u64| {
        let mut b = FunctionBuilder::new("main");
        let a = b.argument(tensor(&[m, k], DType::F16));
        let w = b.argument(tensor(&[k, k], DType::F16));
        let bias = b.argument(tensor(&[k], DType::F32));
        let c = b.matmul(a, w, Some(DType::F32)).unwrap();
        let r = b.elementwise(ScalarOp::AddF, &[c, bias]).unwrap();
        (b, r)
    };
    let (b, r) = linear(1024, 1024);
    let text = h200_disassembly(b, vec![r]);
    for needed in [
        "spirv.CooperativeMatrixLoadTensorNV",
        "spirv.CooperativeMatrixPerElementOpNV",
        "CooperativeMatrixPerElementOperationsNV",
    ] {
        assert!(text.contains(needed), "no `{needed}` in\n{text}");
    }
    let (b, r) = linear(512, 512);
    let text = disassembly_on(&h200_without_per_element_ops(), b, vec![r]);
    assert!(text.contains("spirv.CooperativeMatrixMulAddKHR"), "{text}");
    assert!(!text.contains("TensorNV"), "{text}");
    // Small: under `fused_epilogue_min_macs` (2^24) multiply-adds.
    let (b, r) = linear(128, 128);
    let text = h200_disassembly(b, vec![r]);
    assert!(text.contains("spirv.CooperativeMatrixMulAddKHR"), "{text}");
    assert!(!text.contains("TensorNV"), "{text}");
    // A large one (K >= 512, 2^30 multiply-adds): one dispatch with per-element operations;
    // without them the epilogue keeps a second dispatch, so that the matmul takes the
    // workgroup-scope kernel (fusion: prefers_workgroup_matrix).
    for (env, dispatches) in [
        (TargetEnv::preset("nvidia-h200").unwrap(), 1),
        (h200_without_per_element_ops(), 2),
    ] {
        let (b, r) = linear(1024, 1024);
        let module = Module {
            functions: vec![b.finish(vec![r]).unwrap()],
        };
        let program = compile(&module, &env, &options()).unwrap();
        assert_eq!(program.dispatches.len(), dispatches);
        for d in &program.dispatches {
            kiln_spirv_ir::validate_with_spirv_val(&d.spirv, "vulkan1.3").unwrap();
        }
        let text = kiln_spirv_ir::disassemble_to_text(&program.dispatches[0].spirv).unwrap();
        assert!(
            text.contains("spirv.CooperativeMatrixLoadTensorNV"),
            "{text}"
        );
    }
    // Elsewhere (no workgroup-scope matrices) the epilogue stays fused.
    let (b, r) = linear(1024, 1024);
    let module = Module {
        functions: vec![b.finish(vec![r]).unwrap()],
    };
    let env = TargetEnv::preset("llvmpipe").unwrap();
    assert_eq!(
        compile(&module, &env, &options()).unwrap().dispatches.len(),
        1
    );
}

/// Large f32 matmuls on nvidia-h200 take the split-operand bf16 pipeline: two split dispatches
/// (f32 -> three bf16 planes) and the workgroup-scope bf16 matmul (six products a step, a
/// partial sum flushed into the f32 accumulator); edges in N and a K remainder, `[B, S, K] x
/// [K, N]`, a batch matmul, a dynamic M, and a linear layer (its bias in a fourth dispatch). Below the size threshold, and on the
/// other presets, the SIMT kernel stays (512 x 512 x 512 split along K, too few tiles).
#[test]
fn split_f32_matmul() {
    let env = TargetEnv::preset("nvidia-h200").unwrap();
    let dynamic_m = |k: u64| {
        Type::Tensor(kiln_frontend::TensorType::new(
            vec![
                kiln_frontend::Dim::Symbol("M".into()),
                kiln_frontend::Dim::Static(k),
            ],
            DType::F32,
        ))
    };
    let cases: [(Type, u64, u64, bool, usize); 4] = [
        (tensor(&[1024, 1040], DType::F32), 1040, 1040, false, 3),
        // (Seven more: the few-rows variants for a small M and, for 65-1023 rows, below the
        // split pipeline's size threshold, SIMT split-K's slices and sum in two slice counts
        // by rows, chosen at run time.)
        (dynamic_m(1024), 1024, 1024, false, 10),
        (tensor(&[1024, 1024], DType::F32), 1024, 1024, true, 3),
        // (SIMT split-K: slices and sum.)
        (tensor(&[512, 512], DType::F32), 512, 512, false, 2),
    ];
    for (lhs, k, n, bias, dispatches) in cases {
        let mut b = FunctionBuilder::new("main");
        let a = b.argument(lhs);
        let w = b.argument(tensor(&[k, n], DType::F32));
        let mut r = b.matmul(a, w, Some(DType::F32)).unwrap();
        if bias {
            let bias = b.argument(tensor(&[n], DType::F32));
            r = b.elementwise(ScalarOp::AddF, &[r, bias]).unwrap();
        }
        let module = Module {
            functions: vec![b.finish(vec![r]).unwrap()],
        };
        let program = compile(&module, &env, &options()).unwrap();
        assert_eq!(program.dispatches.len(), dispatches, "{k}x{n}");
        for d in &program.dispatches {
            for target in [env.spirv_val_target_env(), "vulkan1.3".to_string()] {
                kiln_spirv_ir::validate_with_spirv_val(&d.spirv, &target)
                    .unwrap_or_else(|e| panic!("{} ({k}x{n}) on {target}:\n{e}", d.name));
            }
        }
        if dispatches <= 2 {
            // The SIMT kernel (split along K in two).
            for d in &program.dispatches {
                let text = kiln_spirv_ir::disassemble_to_text(&d.spirv).unwrap();
                assert!(!text.contains("BFloat16"), "{text}");
            }
            continue;
        }
        // The split and matmul kernels come after a dynamic M's few-rows variants.
        let split = &program.dispatches[dispatches - 3..];
        // The split kernels round on the f32 bits and store 16-bit words: no bf16 type.
        for split in &split[..2] {
            let text = kiln_spirv_ir::disassemble_to_text(&split.spirv).unwrap();
            for needed in ["spirv.Bitcast", "spirv.SConvert", "i16"] {
                assert!(text.contains(needed), "no `{needed}` in\n{text}");
            }
            assert!(!text.contains("BFloat16"), "{text}");
        }
        let text = kiln_spirv_ir::disassemble_to_text(&split[2].spirv).unwrap();
        for needed in [
            "\"SPV_KHR_bfloat16\"",
            "BFloat16CooperativeMatrixKHR",
            "spirv.CooperativeMatrixLoadTensorNV",
            "spirv.CooperativeMatrixStoreTensorNV",
            "spirv.FAdd",
        ] {
            assert!(text.contains(needed), "no `{needed}` in\n{text}");
        }
        assert_eq!(
            text.matches("spirv.CooperativeMatrixMulAddKHR").count() % 6,
            0,
            "{text}"
        );
        // The bias runs on the accumulator.
        assert_eq!(
            text.contains("spirv.CooperativeMatrixPerElementOpNV"),
            bias,
            "{text}"
        );
    }
    // An epilogue reading an operand (a residual `x + x * w`): the matmul dispatch binds that
    // operand besides its planes. Without per-element operations the epilogue is a fourth
    // dispatch.
    // (dispatches, bindings of the matmul: the planes, the result, and the operand if read)
    for (env, dispatches, bindings) in [(env.clone(), 3, 4), (h200_without_per_element_ops(), 4, 3)]
    {
        let mut b = FunctionBuilder::new("main");
        let a = b.argument(tensor(&[1024, 1024], DType::F32));
        let w = b.argument(tensor(&[1024, 1024], DType::F32));
        let r = b.matmul(a, w, Some(DType::F32)).unwrap();
        let r = b.elementwise(ScalarOp::AddF, &[r, a]).unwrap();
        let module = Module {
            functions: vec![b.finish(vec![r]).unwrap()],
        };
        let program = compile(&module, &env, &options()).unwrap();
        assert_eq!(program.dispatches.len(), dispatches);
        for d in &program.dispatches {
            kiln_spirv_ir::validate_with_spirv_val(&d.spirv, "vulkan1.3")
                .unwrap_or_else(|e| panic!("{} (residual):\n{e}", d.name));
        }
        let matmul = &program.dispatches[2];
        assert_eq!(matmul.bindings.len(), bindings, "{:?}", matmul.bindings);
    }
    // Rows of a batch times a shared weight (an ONNX MatMul of 3-D by 2-D): the two row dims
    // collapse into 1200 rows.
    let text = "#a = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#b = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
#c = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @main(%x: tensor<4x300x1024xf32>, %w: tensor<1024x1000xf32>) -> tensor<4x300x1000xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x300x1000xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x300x1000xf32>) -> tensor<4x300x1000xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"reduction\"]} ins(%x, %w : tensor<4x300x1024xf32>, tensor<1024x1000xf32>) outs(%f : tensor<4x300x1000xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x300x1000xf32>
  return %r : tensor<4x300x1000xf32>
}
";
    let module = kiln_frontend::parse::parse_mlir(text).unwrap();
    let program = compile(&module, &env, &options()).unwrap();
    assert_eq!(program.dispatches.len(), 3);
    for d in &program.dispatches {
        kiln_spirv_ir::validate_with_spirv_val(&d.spirv, "vulkan1.3")
            .unwrap_or_else(|e| panic!("{} (rows collapsed):\n{e}", d.name));
    }
    // A batch matmul: the batch goes to the grid and indexes the planes after the plane.
    let mut b = FunctionBuilder::new("main");
    let a = b.argument(tensor(&[4, 500, 1024], DType::F32));
    let w = b.argument(tensor(&[4, 1024, 528], DType::F32));
    let r = b.batch_matmul(a, w, Some(DType::F32)).unwrap();
    let module = Module {
        functions: vec![b.finish(vec![r]).unwrap()],
    };
    let program = compile(&module, &env, &options()).unwrap();
    assert_eq!(program.dispatches.len(), 3);
    for d in &program.dispatches {
        kiln_spirv_ir::validate_with_spirv_val(&d.spirv, "vulkan1.3")
            .unwrap_or_else(|e| panic!("{} (batch):\n{e}", d.name));
    }
    // Rows of bf16 planes that would not be 16-byte aligned (N = 530) keep the SIMT kernel.
    let mut b = FunctionBuilder::new("main");
    let a = b.argument(tensor(&[4, 500, 1024], DType::F32));
    let w = b.argument(tensor(&[4, 1024, 530], DType::F32));
    let r = b.batch_matmul(a, w, Some(DType::F32)).unwrap();
    let module = Module {
        functions: vec![b.finish(vec![r]).unwrap()],
    };
    assert_eq!(
        compile(&module, &env, &options()).unwrap().dispatches.len(),
        1
    );
    // A constant rhs (weights) is split at compile time: one split dispatch, and the planes
    // are a constant buffer (x = x0 + x1 + x2 for every element).
    let mut b = FunctionBuilder::new("main");
    let a = b.argument(tensor(&[1024, 1024], DType::F32));
    let values: Vec<f32> = (0..1024 * 1024)
        .map(|i: u64| ((i * 7919) % 1000) as f32 * 1.37e-3 - 0.6)
        .collect();
    let w = b
        .dense_constant(&[1024, 1024], ElementsData::F32(values.clone()))
        .unwrap();
    let r = b.matmul(a, w, Some(DType::F32)).unwrap();
    let module = Module {
        functions: vec![b.finish(vec![r]).unwrap()],
    };
    let program = compile(&module, &env, &options()).unwrap();
    assert_eq!(program.dispatches.len(), 2);
    // The f32 weights themselves are no longer stored: no dispatch reads them.
    assert_eq!(program.constants.len(), 1);
    for (i, b) in program.buffers.iter().enumerate() {
        assert_eq!(b.id as usize, i);
        let bound = program
            .dispatches
            .iter()
            .any(|d| d.bindings.iter().any(|x| x.buffer == b.id));
        assert!(
            bound || program.outputs.iter().any(|o| o.buffer == b.id),
            "{b:?}"
        );
    }
    let planes = program
        .constants
        .iter()
        .find(|c| c.bytes.len() == 6 * values.len())
        .expect("the constant planes");
    let plane = |p: usize, i: usize| {
        let at = 2 * (p * values.len() + i);
        half::bf16::from_le_bytes([planes.bytes[at], planes.bytes[at + 1]]).to_f64()
    };
    for (i, &x) in values.iter().enumerate().step_by(997) {
        let sum = plane(0, i) + plane(1, i) + plane(2, i);
        assert!(
            (sum - f64::from(x)).abs() <= f64::from(x.abs()) * 2f64.powi(-24),
            "{x} {sum}"
        );
    }
    // Other targets keep the SIMT kernel (split along K on a GPU: 128 tiles of 128 x 64).
    let mut b = FunctionBuilder::new("main");
    let a = b.argument(tensor(&[1024, 1024], DType::F32));
    let w = b.argument(tensor(&[1024, 1024], DType::F32));
    let r = b.matmul(a, w, Some(DType::F32)).unwrap();
    let module = Module {
        functions: vec![b.finish(vec![r]).unwrap()],
    };
    for (preset, kernels) in [("llvmpipe", 1), ("vulkan1.1", 2)] {
        let env = TargetEnv::preset(preset).unwrap();
        let program = compile(&module, &env, &options()).unwrap();
        assert_eq!(program.dispatches.len(), kernels, "{preset}");
        assert!(program.dispatches.iter().all(|d| !d.name.contains("split")));
    }
}

/// A linear layer on a few rows (static M <= 64 for N <= 4096; 32 in f16 where workgroup-scope
/// matrices exist) takes the few-rows pipeline on
/// GPUs: workgroups of 32 columns and up to 8 rows, as many invocations as the slices' sums in
/// Workgroup memory allow (1024 for one row, 256 for 8 rows in f32 on the H200's 48 KiB); more
/// rows or a CPU device keep the tiled pipelines (65 f32 rows: SIMT split-K), and a dynamic M
/// gets both, chosen at run time.
#[test]
fn few_rows_matmul() {
    let linear = |m: Dim, dtype: DType| {
        let mut b = FunctionBuilder::new("main");
        let a = b.argument(Type::Tensor(TensorType::new(
            vec![m, Dim::Static(1024)],
            dtype,
        )));
        let w = b.argument(tensor(&[1024, 1000], dtype));
        let bias = b.argument(tensor(&[1000], DType::F32));
        let c = b.matmul(a, w, Some(DType::F32)).unwrap();
        let r = b.elementwise(ScalarOp::AddF, &[c, bias]).unwrap();
        Module {
            functions: vec![b.finish(vec![r]).unwrap()],
        }
    };
    let h200 = TargetEnv::preset("nvidia-h200").unwrap();
    for (m, dtype, few_rows) in [
        (Dim::Static(1), DType::F16, Some(1024)),
        (Dim::Static(4), DType::F16, Some(512)),
        (Dim::Static(8), DType::F32, Some(256)),
        (Dim::Static(9), DType::F16, Some(256)),
        (Dim::Static(32), DType::F16, Some(256)),
        // f16 above 32 rows: the workgroup-scope kernel, split (few tiles).
        (Dim::Static(33), DType::F16, None),
        (Dim::Static(64), DType::F32, Some(256)),
        (Dim::Static(65), DType::F32, None),
        (Dim::Symbol("M".into()), DType::F16, None),
    ] {
        let program = compile(&linear(m.clone(), dtype), &h200, &options()).unwrap();
        let dynamic = matches!(m, Dim::Symbol(_));
        // A dynamic M: the few-rows variants for 1, up to 4 and up to 32 rows, then the subgroup
        // kernel tiled for 33-1023 rows and for more
        // (this bias keeps it off the workgroup-scope kernel).
        let names: Vec<&str> = program.dispatches.iter().map(|d| d.name.as_str()).collect();
        if dynamic {
            assert_eq!(
                names,
                [
                    "dispatch_0_contraction_rows1",
                    "dispatch_0_contraction_rows4",
                    "dispatch_0_contraction_rows8",
                    "dispatch_0_contraction_m33",
                    "dispatch_0_contraction_tiled"
                ]
            );
            assert_eq!(program.dispatches[0].local_size, [1024, 1, 1]);
        } else if m == Dim::Static(65) || m == Dim::Static(33) {
            // Too few tiles: SIMT split-K (f32), the workgroup-scope kernel's split-K of few
            // tiles (f16: 16 tiles of 64x64).
            assert_eq!(
                names,
                [
                    "dispatch_0_contraction_slices",
                    "dispatch_0_contraction_sum"
                ]
            );
        } else {
            assert_eq!(names.len(), 1);
        }
        let d = program.dispatches.last().unwrap();
        kiln_spirv_ir::validate_with_spirv_val(&d.spirv, "vulkan1.3")
            .unwrap_or_else(|e| panic!("{m:?} {dtype:?}: {e}"));
        // 32 workgroups of 32 columns for N = 1000, per workgroup row of 8 rows.
        let groups = match m {
            Dim::Static(m) => 32 * m.div_ceil(8) as i64,
            _ => 32,
        };
        let shape = (d.workgroup_count[0].as_const() == Some(groups)).then_some(d.local_size);
        assert_eq!(
            shape,
            few_rows.map(|invocations| [invocations, 1, 1]),
            "{m:?} {dtype:?}: {:?} {:?}",
            d.local_size,
            d.workgroup_count
        );
    }
    // A plain matmul with a dynamic M on the workgroup-scope kernel: one variant per range of M
    // with one tiling (split-K of few tiles for 33-192 rows, then 64x64 from 193, 64x128 from
    // 1473, 128x128 from 2945 for 1000 columns: at least 192 workgroups each).
    let mut b = FunctionBuilder::new("main");
    let a = b.argument(Type::Tensor(TensorType::new(
        vec![Dim::Symbol("M".into()), Dim::Static(1024)],
        DType::F16,
    )));
    let w = b.argument(tensor(&[1024, 1000], DType::F16));
    let c = b.matmul(a, w, Some(DType::F32)).unwrap();
    let module = Module {
        functions: vec![b.finish(vec![c]).unwrap()],
    };
    let program = compile(&module, &h200, &options()).unwrap();
    let names: Vec<&str> = program.dispatches.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "dispatch_0_contraction_rows1",
            "dispatch_0_contraction_rows4",
            "dispatch_0_contraction_rows8",
            "dispatch_0_contraction_slices_m33",
            "dispatch_0_contraction_sum_m33",
            "dispatch_0_contraction_slices_m129",
            "dispatch_0_contraction_sum_m129",
            "dispatch_0_contraction_m193",
            "dispatch_0_contraction_m1473",
            "dispatch_0_contraction_tiled"
        ]
    );
    let ranges: Vec<Option<&str>> = program
        .dispatches
        .iter()
        .map(|d| d.runs_when.as_deref())
        .collect();
    assert_eq!(
        ranges,
        [
            Some("M == 1"),
            Some("2 <= M <= 4"),
            Some("5 <= M <= 32"),
            Some("33 <= M <= 128"),
            Some("33 <= M <= 128"),
            Some("129 <= M <= 192"),
            Some("129 <= M <= 192"),
            Some("193 <= M <= 1472"),
            Some("1473 <= M <= 2944"),
            Some("M >= 2945")
        ]
    );
    for d in &program.dispatches[3..] {
        kiln_spirv_ir::validate_with_spirv_val(&d.spirv, "vulkan1.3").unwrap();
        let text = kiln_spirv_ir::disassemble_to_text(&d.spirv).unwrap();
        // (A split's sum kernel adds the slices' partial results.)
        assert!(
            d.name.contains("_sum_") || text.contains("spirv.CooperativeMatrixLoadTensorNV"),
            "{}",
            d.name
        );
    }
    let llvmpipe = TargetEnv::preset("llvmpipe").unwrap();
    let program = compile(&linear(Dim::Static(1), DType::F32), &llvmpipe, &options()).unwrap();
    assert_ne!(
        program.dispatches[0].workgroup_count[0].as_const(),
        Some(32)
    );
}

/// Split-K (`lower_to_kernels/split_k.rs`): a linear layer on 17-448 rows of 4096 x 4096 f16
/// on the H200 preset becomes a `_slices` workgroup-scope kernel writing partial results and a
/// `_sum` kernel adding them and running the epilogue; with f16 results (partials in f16,
/// summed in f32), and for a dynamic M one pair per range of rows, sharing one scratch
/// allocation. Every dispatch through spirv-val.
#[test]
fn split_k_matmul() {
    let linear = |m: Dim, result: DType, bias: bool| {
        let mut b = FunctionBuilder::new("main");
        let a = b.argument(Type::Tensor(TensorType::new(
            vec![m, Dim::Static(4096)],
            DType::F16,
        )));
        let w = b.argument(tensor(&[4096, 4096], DType::F16));
        let mut c = b.matmul(a, w, Some(result)).unwrap();
        if bias {
            let bias = b.argument(tensor(&[4096], result));
            c = b.elementwise(ScalarOp::AddF, &[c, bias]).unwrap();
        }
        Module {
            functions: vec![b.finish(vec![c]).unwrap()],
        }
    };
    let h200 = TargetEnv::preset("nvidia-h200").unwrap();
    let check = |module: &Module| {
        let program = compile(module, &h200, &options()).unwrap();
        for d in &program.dispatches {
            kiln_spirv_ir::validate_with_spirv_val(&d.spirv, "vulkan1.3")
                .unwrap_or_else(|e| panic!("{}: {e}", d.name));
        }
        program
    };
    for (m, result, bias, slices_groups) in [
        (17, DType::F32, true, 256),
        (100, DType::F32, true, 256),
        (256, DType::F32, false, 256),
        (384, DType::F16, false, 192),
        (128, DType::F16, true, 256),
    ] {
        let program = check(&linear(Dim::Static(m), result, bias));
        let names: Vec<&str> = program.dispatches.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "dispatch_0_contraction_slices",
                "dispatch_0_contraction_sum"
            ],
            "M = {m}"
        );
        assert_eq!(
            program.dispatches[0].workgroup_count[0].as_const(),
            Some(slices_groups),
            "M = {m}"
        );
    }
    // f32 operands: the split bf16 pipeline's planes, then its matmul on slices of K and the
    // sum; a constant weight is split at compile time.
    let f32_linear_on = |m: Dim, constant_weight: bool| {
        let mut b = FunctionBuilder::new("main");
        let a = b.argument(Type::Tensor(TensorType::new(
            vec![m, Dim::Static(4096)],
            DType::F32,
        )));
        let w = match constant_weight {
            true => {
                let values: Vec<f32> = (0..4096 * 4096).map(|i| (i % 7) as f32 - 3.0).collect();
                b.dense_constant(&[4096, 4096], ElementsData::F32(values))
                    .unwrap()
            }
            false => b.argument(tensor(&[4096, 4096], DType::F32)),
        };
        let c = b.matmul(a, w, None).unwrap();
        Module {
            functions: vec![b.finish(vec![c]).unwrap()],
        }
    };
    for (constant_weight, expected) in [
        (
            false,
            &[
                "dispatch_0_contraction_split_lhs",
                "dispatch_0_contraction_split_rhs",
                "dispatch_0_contraction_slices",
                "dispatch_0_contraction_sum",
            ][..],
        ),
        (
            true,
            &[
                "dispatch_0_contraction_split_lhs",
                "dispatch_0_contraction_slices",
                "dispatch_0_contraction_sum",
            ][..],
        ),
    ] {
        let program = check(&f32_linear_on(Dim::Static(128), constant_weight));
        let names: Vec<&str> = program.dispatches.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(names, expected);
        // 64 tiles of 64x128 in 4 slices.
        let slices = &program.dispatches[expected.len() - 2];
        assert_eq!(slices.workgroup_count[0].as_const(), Some(256));
        // Its byte estimate counts the planes it reads (lhs and rhs) and the partial results.
        let size = |suffix: &str| {
            let b = program.buffers.iter().find(|b| b.name.ends_with(suffix));
            b.unwrap().size_bytes.as_const().unwrap()
        };
        let read_and_written = size("_lhs_planes") + size("_rhs_planes") + size("_partials");
        assert_eq!(slices.bytes.as_const(), Some(read_and_written));
    }
    // A dynamic M in f32: split-K variants of the split pipeline for 65-128, 129-256 and
    // 257-384 rows (then unsplit), all sharing the weight's planes, split at compile time.
    let program = check(&f32_linear_on(Dim::Symbol("M".into()), true));
    let names: Vec<&str> = program.dispatches.iter().map(|d| d.name.as_str()).collect();
    for variant in ["m65", "m129", "m257"] {
        for kernel in ["split_lhs", "slices", "sum"] {
            let name = format!("dispatch_0_contraction_{kernel}_{variant}");
            assert!(names.contains(&name.as_str()), "{name} in {names:?}");
        }
    }
    assert!(names.contains(&"dispatch_0_contraction_tiled"), "{names:?}");
    let constant_planes = program
        .buffers
        .iter()
        .filter(|b| b.name.ends_with("_rhs_planes"))
        .count();
    assert_eq!(constant_planes, 1);
    let program = check(&linear(Dim::Symbol("M".into()), DType::F32, true));
    let runs: Vec<(&str, &str)> = program
        .dispatches
        .iter()
        .map(|d| (d.name.as_str(), d.runs_when.as_deref().unwrap_or("")))
        .collect();
    assert_eq!(
        runs,
        [
            ("dispatch_0_contraction_rows1", "M == 1"),
            ("dispatch_0_contraction_rows4", "2 <= M <= 4"),
            ("dispatch_0_contraction_rows8", "5 <= M <= 16"),
            ("dispatch_0_contraction_slices_m17", "17 <= M <= 64"),
            ("dispatch_0_contraction_sum_m17", "17 <= M <= 64"),
            ("dispatch_0_contraction_slices_m65", "65 <= M <= 128"),
            ("dispatch_0_contraction_sum_m65", "65 <= M <= 128"),
            ("dispatch_0_contraction_slices_m129", "129 <= M <= 256"),
            ("dispatch_0_contraction_sum_m129", "129 <= M <= 256"),
            ("dispatch_0_contraction_slices_m257", "257 <= M <= 320"),
            ("dispatch_0_contraction_sum_m257", "257 <= M <= 320"),
            ("dispatch_0_contraction_slices_m321", "321 <= M <= 448"),
            ("dispatch_0_contraction_sum_m321", "321 <= M <= 448"),
            ("dispatch_0_contraction_m449", "449 <= M <= 640"),
            ("dispatch_0_contraction_tiled", "M >= 641"),
        ]
    );
    // The variants' partial results share one allocation, sized for the variant's last rows.
    let partials: Vec<_> = program
        .buffers
        .iter()
        .filter(|b| b.name.ends_with("_partials"))
        .collect();
    assert_eq!(partials.len(), 5);
    assert!(partials
        .iter()
        .all(|b| b.reuse_slot.is_some() && b.reuse_slot == partials[0].reuse_slot));
    let at = |m: i64| {
        let symbols = std::collections::HashMap::from([("M".to_string(), m)]);
        partials
            .iter()
            .map(|b| b.size_bytes.eval(&symbols).unwrap())
            .max()
            .unwrap()
    };
    // 4 slices of 256 rows of 4096 f32 at most, however large M is.
    assert_eq!(at(100), 4 * 100 * 4096 * 4);
    assert_eq!(at(100_000), 4 * 256 * 4096 * 4);
}

/// Long grids of workgroup-scope tiles start and end with half tiles (`matmul.rs`, `Stagger`):
/// 8192^2 results in 128x128 tiles (4096) take 64 half tiles at each end, 4096^2 (1024 tiles)
/// keeps the plain grid; both pass spirv-val.
#[test]
fn staggered_matmul_grid() {
    let matmul = |m: u64, n: u64, k: u64, bias: bool| {
        let mut b = FunctionBuilder::new("main");
        let a = b.argument(tensor(&[m, k], DType::F16));
        let w = b.argument(tensor(&[k, n], DType::F16));
        let mut c = b.matmul(a, w, Some(DType::F32)).unwrap();
        if bias {
            let bias = b.argument(tensor(&[n], DType::F32));
            c = b.elementwise(ScalarOp::AddF, &[c, bias]).unwrap();
        }
        Module {
            functions: vec![b.finish(vec![c]).unwrap()],
        }
    };
    let h200 = TargetEnv::preset("nvidia-h200").unwrap();
    for (m, n, k, bias, groups) in [
        (8192, 8192, 8192, false, 4096 - 64 + 128),
        (8192, 8192, 1000, true, 4096 - 64 + 128),
        (4096, 4096, 4096, false, 1024),
        (6144, 6144, 6144, false, 2304),
    ] {
        let program = compile(&matmul(m, n, k, bias), &h200, &options()).unwrap();
        assert_eq!(program.dispatches.len(), 1, "{m}x{n}x{k}");
        let d = &program.dispatches[0];
        kiln_spirv_ir::validate_with_spirv_val(&d.spirv, "vulkan1.3")
            .unwrap_or_else(|e| panic!("{m}x{n}x{k}: {e}"));
        assert_eq!(d.local_size, [128, 1, 1], "{m}x{n}x{k}");
        assert_eq!(d.workgroup_count[0].as_const(), Some(groups), "{m}x{n}x{k}");
    }
}
