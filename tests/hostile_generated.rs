//! Generated hostile cases through the `kiln` binary, in bounded time (issue 26): deep nesting,
//! long bodies, huge dims, mutated models, truncated `.npy` files and odd flags. Each case must
//! end within its time limit with exit code 0 or 1: no signal (stack overflow, abort), no panic
//! (101), no internal error (2), no hang. The generator is seeded, so a failure reproduces.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use kiln::HostTensor;
use ndarray::{ArrayD, IxDyn};
use rand::{Rng, SeedableRng};

/// One case's limit; the whole test stays within a few minutes on a debug build.
const LIMIT: Duration = Duration::from_secs(60);

struct Case {
    name: String,
    args: Vec<String>,
}

fn run_case(case: &Case) -> Result<(), String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(&case.args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("spawn: {e}"))?;
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            let mut stderr = String::new();
            if let Some(mut e) = child.stderr.take() {
                use std::io::Read;
                let _ = e.read_to_string(&mut stderr);
            }
            let tail: String = stderr
                .chars()
                .rev()
                .take(400)
                .collect::<String>()
                .chars()
                .rev()
                .collect();
            return match status.code() {
                Some(0 | 1) => Ok(()),
                Some(code) => Err(format!("exit {code}: {tail}")),
                None => Err(format!("killed by a signal: {tail}")),
            };
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {LIMIT:?}"));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn generic_with_map(expr: &str) -> String {
    format!(
        "#m = affine_map<(d0) -> ({expr})>\n#id = affine_map<(d0) -> (d0)>\nfunc.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {{\n  %e = tensor.empty() : tensor<8xf32>\n  %r = linalg.generic {{indexing_maps = [#m, #id], iterator_types = [\"parallel\"]}} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {{\n  ^bb0(%a: f32, %o: f32):\n    linalg.yield %a : f32\n  }} -> tensor<8xf32>\n  return %r : tensor<8xf32>\n}}\n"
    )
}

fn long_body(n: usize, op: &str) -> String {
    let mut text = String::from("#id = affine_map<(d0) -> (d0)>\nfunc.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {\n  %e = tensor.empty() : tensor<8xf32>\n  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {\n  ^bb0(%a: f32, %o: f32):\n");
    let mut previous = "%a".to_string();
    for i in 0..n {
        text.push_str(&format!("    %s{i} = {op} {previous}, %a : f32\n"));
        previous = format!("%s{i}");
    }
    text.push_str(&format!(
        "    linalg.yield {previous} : f32\n  }} -> tensor<8xf32>\n  return %r : tensor<8xf32>\n}}\n"
    ));
    text
}

fn one_arg(ty: &str) -> String {
    format!("func.func @main(%x: {ty}) -> {ty} {{\n  return %x : {ty}\n}}\n")
}

fn relu_symbolic() -> &'static str {
    "#id = affine_map<(d0) -> (d0)>\nfunc.func @main(%x: tensor<?xf32> {kiln.symbols = [\"N\"]}) -> tensor<?xf32> {\n  %c0 = arith.constant 0 : index\n  %n = tensor.dim %x, %c0 : tensor<?xf32>\n  %e = tensor.empty(%n) : tensor<?xf32>\n  %z = arith.constant 0.000000e+00 : f32\n  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\"]} ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {\n  ^bb0(%a: f32, %o: f32):\n    %m = arith.maximumf %a, %z : f32\n    linalg.yield %m : f32\n  } -> tensor<?xf32>\n  return %r : tensor<?xf32>\n}\n"
}

fn cases(dir: &Path) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut file_case = |name: String, contents: &[u8], extra: &[&str]| {
        let ext = if name.ends_with("npy") { "npy" } else { "mlir" };
        let path = dir.join(format!("case{}.{ext}", cases.len()));
        std::fs::write(&path, contents).unwrap();
        let mut args = vec!["run".to_string(), "--reference".into()];
        args.push(path.to_str().unwrap().into());
        args.extend(extra.iter().map(|s| s.to_string()));
        cases.push(Case { name, args });
    };
    for depth in [10, 100, 1000, 100_000] {
        let open = "(".repeat(depth);
        let close = ")".repeat(depth);
        file_case(
            format!("parens {depth}"),
            generic_with_map(&format!("{open}d0{close}")).as_bytes(),
            &[],
        );
        file_case(
            format!("minus {depth}"),
            generic_with_map(&format!("{}d0", "-".repeat(depth))).as_bytes(),
            &[],
        );
        file_case(
            format!("sum {depth}"),
            generic_with_map(&format!("d0{}", " + 0".repeat(depth))).as_bytes(),
            &[],
        );
        let dense = format!(
            "func.func @main() -> tensor<1xf32> {{\n  %c = arith.constant dense<{}1.0{}> : tensor<1xf32>\n  return %c : tensor<1xf32>\n}}\n",
            "[".repeat(depth),
            "]".repeat(depth)
        );
        file_case(format!("dense {depth}"), dense.as_bytes(), &[]);
    }
    for n in [1000, 20_000] {
        file_case(
            format!("body of {n} addf"),
            long_body(n, "arith.addf").as_bytes(),
            &[],
        );
    }
    file_case(
        "body with a type error".into(),
        long_body(500, "arith.addi").as_bytes(),
        &[],
    );
    for ty in [
        "tensor<1099511627776xf32>",
        "tensor<9223372036854775807xf32>",
        "tensor<18446744073709551615xf32>",
        "tensor<18446744073709551616xf32>",
        "tensor<4294967296x4294967296xf32>",
        "tensor<2147483648xf32>",
        "tensor<0xf32>",
        "tensor<?x?xf32>",
    ] {
        file_case(format!("dims {ty}"), one_arg(ty).as_bytes(), &[]);
    }
    for flags in [
        &["--dim", "=4"][..],
        &["--dim", "N="],
        &["--dim", "N=-1"],
        &["--dim", "M=2"],
        &["--dim", "N=1099511627776"],
        &["--dim", "N=18446744073709551615"],
        &["--dim", "N=18446744073709551616"],
        &["--dim", "N=4", "--dim", "N=5"],
        &["--seed", "18446744073709551615", "--dim", "N=7"],
    ] {
        file_case(
            format!("flags {flags:?}"),
            relu_symbolic().as_bytes(),
            flags,
        );
    }
    // Seeded mutations of a model that runs: byte flips, deletions, insertions of syntax.
    let base = relu_symbolic().as_bytes().to_vec();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(26);
    let alphabet = b"()[]<>{}%#:,=-x0123456789 \n\"";
    for i in 0..40 {
        let mut bytes = base.clone();
        for _ in 0..rng.random_range(1..4) {
            let at = rng.random_range(0..bytes.len());
            match rng.random_range(0..3) {
                0 => bytes[at] = alphabet[rng.random_range(0..alphabet.len())],
                1 => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, alphabet[rng.random_range(0..alphabet.len())]),
            }
        }
        file_case(format!("mutation {i}"), &bytes, &["--dim", "N=3"]);
    }
    // Every truncation (in steps) of a valid .npy input, and a lying header.
    let good = dir.join("good.npy");
    HostTensor::F32(ArrayD::from_shape_vec(IxDyn(&[3]), vec![1.0, -2.0, 3.0]).unwrap())
        .write_npy(&good)
        .unwrap();
    let npy = std::fs::read(&good).unwrap();
    let model = dir.join("relu.mlir");
    std::fs::write(&model, relu_symbolic()).unwrap();
    for cut in (0..npy.len()).step_by(9) {
        let path = dir.join(format!("cut{cut}.npy"));
        std::fs::write(&path, &npy[..cut]).unwrap();
        cases.push(Case {
            name: format!("npy cut at {cut}"),
            args: vec![
                "run".into(),
                "--reference".into(),
                model.to_str().unwrap().into(),
                "--input".into(),
                path.to_str().unwrap().into(),
            ],
        });
    }
    let lying = String::from_utf8_lossy(&npy).replace("(3,)", "(1099511627776,)");
    let path = dir.join("lying.npy");
    std::fs::write(&path, lying.as_bytes()).unwrap();
    cases.push(Case {
        name: "npy header claiming 2^40".into(),
        args: vec![
            "run".into(),
            "--reference".into(),
            model.to_str().unwrap().into(),
            "--input".into(),
            path.to_str().unwrap().into(),
        ],
    });
    for iterations in ["0", "1000001", "18446744073709551615", "-1"] {
        cases.push(Case {
            name: format!("bench --iterations {iterations}"),
            args: vec![
                "bench".into(),
                model.to_str().unwrap().into(),
                "--iterations".into(),
                iterations.into(),
            ],
        });
    }
    cases
}

#[test]
fn generated_hostile_cases_exit_0_or_1_in_bounded_time() {
    let dir = tempfile::tempdir().unwrap();
    let cases = cases(dir.path());
    let start = Instant::now();
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| run_case(c).err().map(|e| format!("{}: {e}", c.name)))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    eprintln!("{} cases in {:?}", cases.len(), start.elapsed());
}
