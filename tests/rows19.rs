//! Row chains (`fusion/row_chain.rs`, `lower_to_kernels/row_chain.rs`): an ONNX
//! LayerNormalization or RMSNormalization over the innermost axis is one dispatch. On lavapipe
//! (its own CPU plans, and posing as a GPU: a workgroup per row in registers, streamed rows),
//! against the reference interpreter on random data: widths 768, 37, 1000, 2-D and 3-D inputs,
//! with and without bias, f16 (f32 statistics), a symbolic row count, two norms in a row; the
//! kernels also validate for the `nvidia-h200` target.

mod lowering_common;

use kiln::frontend::onnx::proto::{tensor_proto::DataType, GraphProto, NodeProto};
use kiln::frontend::{DType, Function};
use kiln::lowering::PassOptions;
use kiln::spirv_ir::TargetEnv;
use lowering_common::*;

#[derive(Clone, Copy, PartialEq)]
enum Norm {
    Layer { bias: bool },
    Rms,
}

/// `norms` normalizations of `x` (shape `dims`, a negative dim symbolic) over its last axis, a
/// Tanh between two; scale (and bias) are inputs.
fn norm_model(norm: Norm, dims: &[i64], dtype: DType, norms: usize) -> Function {
    let elem = if dtype == DType::F16 {
        DataType::Float16
    } else {
        DataType::Float
    };
    let width = *dims.last().unwrap();
    let (op, opset) = match norm {
        Norm::Layer { .. } => ("LayerNormalization", 17),
        Norm::Rms => ("RMSNormalization", 23),
    };
    let mut nodes = Vec::new();
    let mut inputs = vec![
        tensor_value("x", dims, elem),
        tensor_value("scale", &[width], elem),
    ];
    let mut operands = vec!["scale".to_string()];
    if norm == (Norm::Layer { bias: true }) {
        inputs.push(tensor_value("bias", &[width], elem));
        operands.push("bias".into());
    }
    let mut previous = "x".to_string();
    for i in 0..norms {
        if i > 0 {
            nodes.push(NodeProto {
                op_type: Some("Tanh".into()),
                input: vec![previous.clone()],
                output: vec![format!("t{i}")],
                ..Default::default()
            });
            previous = format!("t{i}");
        }
        let mut input = vec![previous.clone()];
        input.extend(operands.iter().cloned());
        nodes.push(NodeProto {
            op_type: Some(op.into()),
            name: Some(format!("norm{i}")),
            input,
            output: vec![format!("y{i}")],
            ..Default::default()
        });
        previous = format!("y{i}");
    }
    import_graph(
        GraphProto {
            name: Some("norm".into()),
            node: nodes,
            input: inputs,
            output: vec![tensor_value(&previous, dims, elem)],
            ..Default::default()
        },
        opset,
    )
}

/// One row-chain dispatch per norm (two LayerNorms share one) on llvmpipe and nvidia-h200 (compile only, spirv-val), then
/// the numbers of llvmpipe's plans and of the GPU plans on lavapipe, with `rows` the row count
/// of a symbolic batch.
fn check_norm(norm: Norm, dims: &[i64], dtype: DType, norms: usize) {
    // A chain holds up to ROW_CHAIN_MAX_REDUCTIONS reductions: two LayerNorms, four RMSNorms.
    let per_norm = if norm == Norm::Rms { 1 } else { 2 };
    let expected = (norms * per_norm).div_ceil(kiln::lowering::fusion::ROW_CHAIN_MAX_REDUCTIONS);
    let f = norm_model(norm, dims, dtype, norms);
    for env in [
        TargetEnv::preset("llvmpipe").unwrap(),
        TargetEnv::preset("nvidia-h200").unwrap(),
    ] {
        let names = validated_dispatches(&f, &env, &PassOptions::default());
        assert_eq!(names.len(), expected, "{dims:?} on {}: {names:?}", env.name);
        assert!(
            names.iter().all(|n| n.ends_with("_rowchain")),
            "{dims:?} on {}: {names:?}",
            env.name
        );
    }
    let concrete: Vec<usize> = dims
        .iter()
        .map(|&d| if d < 0 { 5 } else { d as usize })
        .collect();
    let width = *concrete.last().unwrap();
    let mut inputs = vec![
        random_input(&concrete, dtype, 91),
        random_input(&[width], dtype, 92),
    ];
    if norm == (Norm::Layer { bias: true }) {
        inputs.push(random_input(&[width], dtype, 93));
    }
    let (rtol, atol) = match dtype {
        DType::F16 => (4e-3, 4e-3),
        _ => (2e-5, 2e-5),
    };
    for env in [TargetEnv::preset("llvmpipe").unwrap(), llvmpipe_as_gpu()] {
        check_with(f.clone(), &inputs, rtol, atol, &env, PassOptions::default());
    }
}

#[test]
fn layer_norm_768_two_dims() {
    check_norm(Norm::Layer { bias: true }, &[16, 768], DType::F32, 1);
}

#[test]
fn layer_norm_odd_widths_three_dims() {
    check_norm(Norm::Layer { bias: true }, &[2, 3, 37], DType::F32, 1);
    check_norm(Norm::Layer { bias: false }, &[3, 1000], DType::F32, 1);
}

#[test]
fn layer_norm_without_bias() {
    check_norm(Norm::Layer { bias: false }, &[4, 5, 768], DType::F32, 1);
}

#[test]
fn layer_norm_f16() {
    check_norm(Norm::Layer { bias: true }, &[8, 768], DType::F16, 1);
    check_norm(Norm::Layer { bias: true }, &[3, 37], DType::F16, 1);
}

#[test]
fn layer_norm_symbolic_rows() {
    check_norm(Norm::Layer { bias: true }, &[-1, 96], DType::F32, 1);
}

#[test]
fn layer_norm_long_rows_streamed() {
    // 8192 elements per row: more than a workgroup's registers hold, streamed on both plans.
    check_norm(Norm::Layer { bias: true }, &[3, 8192], DType::F32, 1);
}

#[test]
fn layer_norms_in_a_row() {
    // Two in one dispatch (the first's output recomputed in registers), three in two.
    check_norm(Norm::Layer { bias: true }, &[6, 768], DType::F32, 2);
    check_norm(Norm::Layer { bias: true }, &[6, 100], DType::F32, 3);
}

#[test]
fn rms_norm() {
    check_norm(Norm::Rms, &[16, 768], DType::F32, 1);
    check_norm(Norm::Rms, &[2, 3, 37], DType::F32, 1);
    check_norm(Norm::Rms, &[4, 1000], DType::F16, 1);
}

/// The input of a filetest (its lines without the `//` comments and expectations).
fn filetest_input(text: &str) -> Function {
    let source: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .map(|l| format!("{l}\n"))
        .collect();
    parse_function(&source)
}

/// A LayerNorm whose mean is a result too: the mean's region stores it, and the chain of
/// x - mean, variance and normalization reads it from that buffer; both results match.
#[test]
fn layer_norm_with_the_mean_as_a_result() {
    let f = filetest_input(include_str!(
        "../lowering/tests/filetests/fusion/layer_norm_mean_output_no_row_chain.mlir"
    ));
    let names = validated_dispatches(
        &f,
        &TargetEnv::preset("nvidia-h200").unwrap(),
        &PassOptions::default(),
    );
    assert_eq!(names.len(), 2, "{names:?}");
    let inputs = [
        random_input(&[8, 64], DType::F32, 94),
        random_input(&[64], DType::F32, 95),
        random_input(&[64], DType::F32, 96),
    ];
    for env in [TargetEnv::preset("llvmpipe").unwrap(), llvmpipe_as_gpu()] {
        check_with(f.clone(), &inputs, 2e-5, 2e-5, &env, PassOptions::default());
    }
}
