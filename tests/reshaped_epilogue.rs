//! Epilogues reached through a reshape (`structured::reindex`, `lower_to_kernels/reindex.rs`):
//! elementwise consumers of a contraction that read its result through `collapse_shape` /
//! `expand_shape` (and transposes) fuse into its dispatch, which stores each output point where
//! the reshapes put it. ONNX graphs: a grouped conv (whose decomposition collapses its
//! `[N, G, F/G, H, W]` result) with its batch norm, relu and a residual add or ShuffleNet's
//! channel shuffle after it; a MatMul reshaped `[B*S, N] -> [B, S, N]` before a broadcast
//! bias; a MatMul whose channels are split `[M, N] -> [M, G, N/G]` before a scale broadcast
//! along the split dim; batch 1, 2 and a symbolic batch. Negative cases keep the epilogue's own dispatch: the
//! reshaped value also read by a reduction, and read at two points (`r + r^T`). Each runs on the
//! default Vulkan device (the llvmpipe preset) and on lavapipe posing as a GPU, against the
//! reference interpreter on random data; the `nvidia-h200` kernels go through spirv-val.

mod lowering_common;

use kiln::frontend::onnx::proto::attribute_proto::AttributeType;
use kiln::frontend::onnx::proto::{
    tensor_proto::DataType, AttributeProto, GraphProto, NodeProto, TensorProto, ValueInfoProto,
};
use kiln::frontend::{DType, Function};
use kiln::lowering::PassOptions;
use kiln::spirv_ir::TargetEnv;
use lowering_common::*;
use rand::{Rng, SeedableRng};

/// An ONNX graph under construction.
#[derive(Default)]
struct Graph {
    nodes: Vec<NodeProto>,
    inputs: Vec<ValueInfoProto>,
    outputs: Vec<ValueInfoProto>,
    initializers: Vec<TensorProto>,
    seed: u64,
}

impl Graph {
    fn node(&mut self, op: &str, inputs: &[&str], output: &str) -> &mut NodeProto {
        self.nodes.push(NodeProto {
            op_type: Some(op.into()),
            name: Some(output.into()),
            input: inputs.iter().map(|s| s.to_string()).collect(),
            output: vec![output.into()],
            ..Default::default()
        });
        self.nodes.last_mut().unwrap()
    }

    /// A random f32 initializer in `[low, high)`.
    fn weight(&mut self, name: &str, dims: &[i64], low: f32, high: f32) {
        self.seed += 1;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(self.seed);
        let n: i64 = dims.iter().product();
        self.initializers.push(TensorProto {
            name: Some(name.into()),
            dims: dims.to_vec(),
            data_type: Some(DataType::Float as i32),
            float_data: (0..n).map(|_| rng.random_range(low..high)).collect(),
            ..Default::default()
        });
    }

    /// An int64 initializer (a Reshape's shape).
    fn shape(&mut self, name: &str, values: &[i64]) {
        self.initializers.push(TensorProto {
            name: Some(name.into()),
            dims: vec![values.len() as i64],
            data_type: Some(DataType::Int64 as i32),
            int64_data: values.to_vec(),
            ..Default::default()
        });
    }

    /// BatchNormalization of `x` over `channels`, random parameters.
    fn batch_norm(&mut self, x: &str, channels: i64, out: &str) {
        let p = |s: &str| format!("{out}_{s}");
        self.weight(&p("scale"), &[channels], 0.5, 1.5);
        self.weight(&p("bias"), &[channels], -1.0, 1.0);
        self.weight(&p("mean"), &[channels], -0.5, 0.5);
        self.weight(&p("var"), &[channels], 0.5, 2.0);
        let (s, b, m, v) = (p("scale"), p("bias"), p("mean"), p("var"));
        self.node("BatchNormalization", &[x, &s, &b, &m, &v], out);
    }

    fn function(self) -> Function {
        import_graph(
            GraphProto {
                name: Some("reshaped_epilogue".into()),
                node: self.nodes,
                input: self.inputs,
                output: self.outputs,
                initializer: self.initializers,
                ..Default::default()
            },
            13,
        )
    }
}

fn ints(name: &str, values: &[i64]) -> AttributeProto {
    AttributeProto {
        name: Some(name.into()),
        r#type: Some(AttributeType::Ints as i32),
        ints: values.to_vec(),
        ..Default::default()
    }
}

fn int(name: &str, value: i64) -> AttributeProto {
    AttributeProto {
        name: Some(name.into()),
        r#type: Some(AttributeType::Int as i32),
        i: Some(value),
        ..Default::default()
    }
}

/// Checks `f` on lavapipe (CPU preset and posing as a GPU) against the interpreter, the
/// `nvidia-h200` kernels through spirv-val; returns the dispatch names per target
/// (`nvidia-h200`, `llvmpipe`, lavapipe as a GPU).
fn check(f: Function, inputs: &[Vec<usize>]) -> [Vec<String>; 3] {
    let inputs: Vec<kiln::HostTensor> = inputs
        .iter()
        .enumerate()
        .map(|(i, shape)| random_input(shape, DType::F32, 40 + i as u64))
        .collect();
    let h200 = validated_dispatches(
        &f,
        &TargetEnv::preset("nvidia-h200").unwrap(),
        &PassOptions::default(),
    );
    let llvmpipe = TargetEnv::preset("llvmpipe").unwrap();
    let cpu = validated_dispatches(&f, &llvmpipe, &PassOptions::default());
    let gpu = validated_dispatches(&f, &llvmpipe_as_gpu(), &PassOptions::default());
    for env in [llvmpipe, llvmpipe_as_gpu()] {
        check_with(f.clone(), &inputs, 2e-5, 2e-5, &env, PassOptions::default());
    }
    [h200, cpu, gpu]
}

fn elementwise(names: &[String]) -> usize {
    names.iter().filter(|n| n.ends_with("_elementwise")).count()
}

/// Grouped 1x1 conv (`groups` groups, `c` -> `f` channels) + BatchNormalization + Relu, then
/// a residual Add (`residual`) or ShuffleNet's channel shuffle (`shuffle`: Reshape to
/// `[N, G, F/G, H, W]`, Transpose, Reshape back).
fn grouped_conv(
    n: i64,
    c: i64,
    f: i64,
    hw: i64,
    groups: i64,
    residual: bool,
    shuffle: bool,
) -> Function {
    let mut g = Graph::default();
    g.inputs
        .push(tensor_value("x", &[n, c, hw, hw], DataType::Float));
    g.weight("w", &[f, c / groups, 1, 1], -1.0, 1.0);
    g.node("Conv", &["x", "w"], "conv")
        .attribute
        .extend([int("group", groups), ints("kernel_shape", &[1, 1])]);
    g.batch_norm("conv", f, "bn");
    g.node("Relu", &["bn"], "relu");
    let mut out = "relu".to_string();
    if residual {
        g.inputs
            .push(tensor_value("r", &[n, f, hw, hw], DataType::Float));
        g.node("Add", &["relu", "r"], "sum");
        out = "sum".into();
    }
    if shuffle {
        g.shape("split", &[n, groups, f / groups, hw, hw]);
        g.shape("merge", &[n, f, hw, hw]);
        g.node("Reshape", &[&out, "split"], "split_out");
        g.node("Transpose", &["split_out"], "shuffled")
            .attribute
            .push(ints("perm", &[0, 2, 1, 3, 4]));
        g.node("Reshape", &["shuffled", "merge"], "out");
        out = "out".into();
    }
    g.outputs
        .push(tensor_value(&out, &[n, f, hw, hw], DataType::Float));
    g.function()
}

fn grouped_inputs(n: usize, c: usize, f: usize, hw: usize, residual: bool) -> Vec<Vec<usize>> {
    let mut shapes = vec![vec![n, c, hw, hw]];
    if residual {
        shapes.push(vec![n, f, hw, hw]);
    }
    shapes
}

#[test]
fn grouped_conv_batch_norm_relu_fuses() {
    for (n, c, f, hw, groups) in [(1, 24, 36, 7, 3), (2, 16, 20, 5, 4)] {
        let names = check(
            grouped_conv(n, c, f, hw, groups, false, false),
            &grouped_inputs(n as usize, c as usize, f as usize, hw as usize, false),
        );
        for (target, names) in ["nvidia-h200", "llvmpipe", "llvmpipe as a GPU"]
            .iter()
            .zip(&names)
        {
            assert_eq!(elementwise(names), 0, "{target}: {names:?}");
        }
    }
}

#[test]
fn grouped_conv_residual_add_fuses() {
    let (n, c, f, hw, groups) = (2, 12, 24, 6, 3);
    let names = check(
        grouped_conv(n, c, f, hw, groups, true, false),
        &grouped_inputs(n as usize, c as usize, f as usize, hw as usize, true),
    );
    for names in &names {
        assert_eq!(elementwise(names), 0, "{names:?}");
    }
}

#[test]
fn grouped_conv_channel_shuffle_fuses() {
    for (n, c, f, hw, groups) in [(1, 24, 36, 7, 3), (2, 8, 16, 4, 2)] {
        let names = check(
            grouped_conv(n, c, f, hw, groups, false, true),
            &grouped_inputs(n as usize, c as usize, f as usize, hw as usize, false),
        );
        for names in &names {
            assert_eq!(elementwise(names), 0, "{names:?}");
        }
    }
}

/// MatMul `[m, k] x [k, n]` (a random constant), Reshape to `shape`, then Add `bias` (a random
/// constant of `bias_shape`, broadcast) and Relu.
fn matmul_reshape_bias(m: i64, k: i64, n: i64, shape: &[i64], bias_shape: &[i64]) -> Function {
    let mut g = Graph::default();
    g.inputs.push(tensor_value("x", &[m, k], DataType::Float));
    g.weight("w", &[k, n], -1.0, 1.0);
    g.weight("bias", bias_shape, -1.0, 1.0);
    g.shape("shape", shape);
    g.node("MatMul", &["x", "w"], "mm");
    g.node("Reshape", &["mm", "shape"], "r");
    g.node("Add", &["r", "bias"], "biased");
    g.node("Relu", &["biased"], "out");
    g.outputs.push(tensor_value("out", shape, DataType::Float));
    g.function()
}

#[test]
fn matmul_rows_expanded_before_a_bias_fuses() {
    // [B*S, N] -> [B, S, N] + bias[N]: the rows split, the bias along the kept column dim.
    for (b, s, k, n) in [(2, 7, 24, 20), (3, 5, 16, 64)] {
        let names = check(
            matmul_reshape_bias(b * s, k, n, &[b, s, n], &[n]),
            &[vec![(b * s) as usize, k as usize]],
        );
        for names in &names {
            assert_eq!(elementwise(names), 0, "{names:?}");
        }
    }
}

#[test]
fn matmul_channels_split_before_a_broadcast_fuses() {
    // [M, N] -> [M, G, N/G] + bias[G, 1]: the bias is broadcast along the split channel dim.
    for (m, k, n, groups) in [(6, 16, 24, 4), (33, 8, 40, 5)] {
        let names = check(
            matmul_reshape_bias(m, k, n, &[m, groups, n / groups], &[groups, 1]),
            &[vec![m as usize, k as usize]],
        );
        for names in &names {
            assert_eq!(elementwise(names), 0, "{names:?}");
        }
    }
}

#[test]
fn reshaped_value_also_reduced_keeps_its_dispatch() {
    // The reshape has a second, non-elementwise reader: the matmul's result is stored and the
    // bias runs in a dispatch of its own.
    let (m, k, n, groups) = (8, 16, 24, 4);
    let mut g = Graph::default();
    g.inputs.push(tensor_value("x", &[m, k], DataType::Float));
    g.weight("w", &[k, n], -1.0, 1.0);
    g.weight("bias", &[groups, 1], -1.0, 1.0);
    g.shape("shape", &[m, groups, n / groups]);
    g.node("MatMul", &["x", "w"], "mm");
    g.node("Reshape", &["mm", "shape"], "r");
    g.node("Add", &["r", "bias"], "out");
    g.node("ReduceSum", &["r"], "total")
        .attribute
        .push(int("keepdims", 0));
    g.outputs.push(tensor_value(
        "out",
        &[m, groups, n / groups],
        DataType::Float,
    ));
    g.outputs.push(tensor_value("total", &[], DataType::Float));
    let names = check(g.function(), &[vec![m as usize, k as usize]]);
    for names in &names {
        assert_eq!(elementwise(names), 1, "{names:?}");
    }
}

#[test]
fn reshaped_value_read_at_two_points_keeps_its_dispatch() {
    // `r + r^T` reads each element of the reshaped result at two points: no forward map.
    let (m, k, side) = (3, 16, 8);
    let mut g = Graph::default();
    g.inputs.push(tensor_value("x", &[m, k], DataType::Float));
    g.weight("w", &[k, side * side], -1.0, 1.0);
    g.shape("shape", &[m, side, side]);
    g.node("MatMul", &["x", "w"], "mm");
    g.node("Reshape", &["mm", "shape"], "r");
    g.node("Transpose", &["r"], "rt")
        .attribute
        .push(ints("perm", &[0, 2, 1]));
    g.node("Add", &["r", "rt"], "out");
    g.outputs
        .push(tensor_value("out", &[m, side, side], DataType::Float));
    let names = check(g.function(), &[vec![m as usize, k as usize]]);
    for names in &names {
        assert_eq!(elementwise(names), 1, "{names:?}");
    }
}

#[test]
fn grouped_conv_dynamic_batch_fuses() {
    // A symbolic batch `N` (3 at run time): the forward map's sizes are the run-time ones.
    let (c, f, hw, groups) = (12, 18, 5, 3);
    let names = check(
        grouped_conv(-1, c, f, hw, groups, true, false),
        &grouped_inputs(3, c as usize, f as usize, hw as usize, true),
    );
    for names in &names {
        assert_eq!(elementwise(names), 0, "{names:?}");
    }
}
