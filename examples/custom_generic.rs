//! A custom elementwise kernel written as a `linalg.generic` in MLIR text: a tanh-approximated
//! GELU with a broadcast bias, `y = gelu(x + bias)`, compiled for the default device and checked
//! against the reference interpreter.
//!
//! `cargo run --release --example custom_generic`

use kiln::{HostTensor, Session};
use ndarray::ArrayD;
use rand::{Rng, SeedableRng};

const KERNEL: &str = r#"
#map = affine_map<(d0, d1) -> (d0, d1)>
#bias = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<512x1024xf32>, %bias: tensor<1024xf32>) -> tensor<512x1024xf32> {
  %init = tensor.empty() : tensor<512x1024xf32>
  %y = linalg.generic {indexing_maps = [#map, #bias, #map], iterator_types = ["parallel", "parallel"]}
      ins(%x, %bias : tensor<512x1024xf32>, tensor<1024xf32>) outs(%init : tensor<512x1024xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %k0 = arith.constant 0.7978846 : f32
    %k1 = arith.constant 0.044715 : f32
    %v = arith.addf %a, %b : f32
    %v2 = arith.mulf %v, %v : f32
    %v3 = arith.mulf %v2, %v : f32
    %t0 = arith.mulf %k1, %v3 : f32
    %t1 = arith.addf %v, %t0 : f32
    %t2 = arith.mulf %k0, %t1 : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %one, %t3 : f32
    %t5 = arith.mulf %half, %v : f32
    %r = arith.mulf %t5, %t4 : f32
    linalg.yield %r : f32
  } -> tensor<512x1024xf32>
  return %y : tensor<512x1024xf32>
}
"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let module = kiln::frontend::parse_mlir(KERNEL)?;
    let session = Session::default_device()?;
    let target = kiln::target::target_env_for_open_device(session.device());
    let artifact = kiln::compile(&module, &target)?;
    let executable = session.load(&artifact.program)?;

    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let x = ArrayD::from_shape_fn(vec![512, 1024], |_| rng.random_range(-3.0f32..3.0));
    let bias = ArrayD::from_shape_fn(vec![1024], |_| rng.random_range(-1.0f32..1.0));
    let inputs = [HostTensor::F32(x), HostTensor::F32(bias)];
    let (outputs, timings) = executable.run_timed(&inputs)?;

    let reference_inputs: Vec<_> = inputs.iter().map(HostTensor::to_reference).collect();
    let expected = kiln::frontend::interpret(&module, &reference_inputs)?;
    let got = outputs[0].to_reference();
    let max_error = got
        .data
        .iter()
        .zip(expected[0].data.iter())
        .fold(0.0f64, |m, (g, w)| m.max((g - w).abs()));
    println!(
        "gelu(x + bias) 512x1024 on {}: {} dispatch(es), GPU {:?} ns, max |error| vs interpreter {max_error:.2e}",
        session.device().info().name,
        artifact.program.dispatches.len(),
        timings.gpu_total_ns
    );
    if max_error > 1e-4 {
        return Err(format!("result differs from the interpreter by {max_error}").into());
    }
    Ok(())
}
