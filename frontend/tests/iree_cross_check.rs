//! Cross-check of the reference interpreter (and of the MLIR text's meaning) against IREE: every
//! static round-trip golden is printed by kiln, compiled by `iree-compile` for llvm-cpu, run by
//! `iree-run-module` on random inputs, and its outputs are compared with `interpret`.
//!
//! IREE is not part of the project setup, so this test is `#[ignore]`d; run it with
//! `KILN_IREE_COMPILE=/path/to/iree-compile KILN_IREE_RUN=/path/to/iree-run-module cargo test -p
//! kiln-frontend --test iree_cross_check -- --ignored` (the pip packages `iree-base-compiler` and
//! `iree-base-runtime` ship both binaries). Without them it fails saying so.

use std::path::{Path, PathBuf};
use std::process::Command;

use half::f16;
use kiln_frontend::{interpret, parse_mlir, print_mlir, DType, Tensor, Type};
use ndarray::{ArrayD, IxDyn};
use rand::{rngs::StdRng, Rng, SeedableRng};

mod common;

fn descr(dtype: DType) -> Option<&'static str> {
    Some(match dtype {
        DType::F64 => "<f8",
        DType::F32 => "<f4",
        DType::F16 => "<f2",
        DType::I64 => "<i8",
        DType::I32 => "<i4",
        DType::I8 => "|i1",
        DType::I1 => "|b1",
        DType::BF16 => return None,
    })
}

fn write_npy(path: &Path, t: &Tensor) {
    let shape: Vec<String> = t.shape().iter().map(|d| d.to_string()).collect();
    let shape = if shape.len() == 1 {
        format!("({},)", shape[0])
    } else {
        format!("({})", shape.join(", "))
    };
    let mut header = format!(
        "{{'descr': '{}', 'fortran_order': False, 'shape': {shape}, }}",
        descr(t.dtype).unwrap()
    );
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend((header.len() as u16).to_le_bytes());
    bytes.extend(header.as_bytes());
    for &x in t.data.iter() {
        match t.dtype {
            DType::F64 => bytes.extend(x.to_le_bytes()),
            DType::F32 => bytes.extend((x as f32).to_le_bytes()),
            DType::F16 => bytes.extend(f16::from_f64(x).to_le_bytes()),
            DType::I64 => bytes.extend((x as i64).to_le_bytes()),
            DType::I32 => bytes.extend((x as i32).to_le_bytes()),
            DType::I8 | DType::I1 => bytes.push(x as i64 as u8),
            DType::BF16 => unreachable!(),
        }
    }
    std::fs::write(path, bytes).unwrap();
}

fn read_npy(path: &Path) -> (String, Vec<usize>, Vec<f64>) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let len = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
    let header = String::from_utf8_lossy(&bytes[10..10 + len]).to_string();
    let descr = header
        .split("'descr': '")
        .nth(1)
        .unwrap()
        .split('\'')
        .next()
        .unwrap()
        .to_string();
    let shape_text = header
        .split("'shape': (")
        .nth(1)
        .unwrap()
        .split(')')
        .next()
        .unwrap();
    let shape: Vec<usize> = shape_text
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| s.trim().parse().unwrap())
        .collect();
    let data = &bytes[10 + len..];
    let values: Vec<f64> = match descr.as_str() {
        "<f4" => data
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes(b.try_into().unwrap()) as f64)
            .collect(),
        "<f8" => data
            .chunks_exact(8)
            .map(|b| f64::from_le_bytes(b.try_into().unwrap()))
            .collect(),
        "<f2" => data
            .chunks_exact(2)
            .map(|b| f16::from_le_bytes(b.try_into().unwrap()).to_f64())
            .collect(),
        "<i8" => data
            .chunks_exact(8)
            .map(|b| i64::from_le_bytes(b.try_into().unwrap()) as f64)
            .collect(),
        "<i4" => data
            .chunks_exact(4)
            .map(|b| i32::from_le_bytes(b.try_into().unwrap()) as f64)
            .collect(),
        "|i1" => data.iter().map(|&b| b as i8 as f64).collect(),
        "|b1" => data.iter().map(|&b| (b != 0) as u8 as f64).collect(),
        other => panic!("{}: unsupported npy type {other}", path.display()),
    };
    (descr, shape, values)
}

fn tool(var: &str) -> PathBuf {
    let p = std::env::var(var).unwrap_or_else(|_| {
        panic!("set {var} to run the IREE cross-check (pip iree-base-compiler / iree-base-runtime)")
    });
    PathBuf::from(p)
}

/// Compiles `module` with IREE, runs it on `inputs`, and returns the outputs.
fn run_with_iree(
    name: &str,
    module: &kiln_frontend::Module,
    inputs: &[Tensor],
    num_outputs: usize,
    dir: &Path,
) -> Vec<(Vec<usize>, Vec<f64>)> {
    let (compile, run) = (tool("KILN_IREE_COMPILE"), tool("KILN_IREE_RUN"));
    let f = module.entry().unwrap();
    // IREE flags treat '@' specially.
    let name = &name.replace('@', "_");
    let mlir = dir.join(format!("{name}.mlir"));
    std::fs::write(&mlir, print_mlir(module)).unwrap();
    let vmfb = dir.join(format!("{name}.vmfb"));
    let out = Command::new(&compile)
        .arg(&mlir)
        .args([
            "--iree-hal-target-device=local",
            "--iree-hal-local-target-device-backends=llvm-cpu",
            "--iree-llvmcpu-target-cpu=host",
            "-o",
        ])
        .arg(&vmfb)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{name}: iree-compile failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut cmd = Command::new(&run);
    cmd.arg(format!("--module={}", vmfb.display()))
        .args(["--device=local-task", &format!("--function={}", f.name)]);
    for (i, t) in inputs.iter().enumerate() {
        let p = dir.join(format!("{name}_in{i}.npy"));
        write_npy(&p, t);
        cmd.arg(format!("--input=@{}", p.display()));
    }
    let outs: Vec<PathBuf> = (0..num_outputs)
        .map(|i| dir.join(format!("{name}_out{i}.npy")))
        .collect();
    for p in &outs {
        cmd.arg(format!("--output=@{}", p.display()));
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{name}: iree-run-module failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    outs.iter()
        .map(|p| {
            let (_, shape, values) = read_npy(p);
            (shape, values)
        })
        .collect()
}

#[test]
#[ignore = "needs IREE (KILN_IREE_COMPILE, KILN_IREE_RUN) and python with onnx + onnxruntime"]
fn iree_runs_imported_onnx_models() {
    let dir = tempfile::tempdir().unwrap();
    let py = common::python();
    let status = Command::new(&py)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/onnx/gen_models.py"))
        .arg(dir.path())
        .status()
        .unwrap();
    assert!(status.success(), "gen_models.py failed");
    let manifest = std::fs::read_to_string(dir.path().join("manifest.txt")).unwrap();
    let mut checked = 0;
    for line in manifest.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        let (name, ni, no) = (
            f[0],
            f[1].parse::<usize>().unwrap(),
            f[2].parse::<usize>().unwrap(),
        );
        let case = dir.path().join(name);
        let module = kiln_frontend::import_onnx(&case.join("model.onnx")).unwrap();
        let read = |p: PathBuf| {
            kiln_frontend::onnx::decode_tensor_bytes(&std::fs::read(p).unwrap()).unwrap()
        };
        let inputs: Vec<Tensor> = (0..ni)
            .map(|i| read(case.join(format!("input_{i}.pb"))))
            .collect();
        let outs = run_with_iree(name, &module, &inputs, no, dir.path());
        for (i, (shape, values)) in outs.into_iter().enumerate() {
            let want = read(case.join(format!("output_{i}.pb")));
            let got = Tensor::new(
                want.dtype,
                ArrayD::from_shape_vec(IxDyn(&shape), values).unwrap(),
            );
            common::compare(&got, &want, 1e-4, 1e-5).unwrap_or_else(|e| {
                panic!("{name} output {i}: IREE on kiln's text differs from onnxruntime: {e}")
            });
        }
        println!("{name}: kiln's MLIR text compiled by IREE matches onnxruntime");
        checked += 1;
    }
    assert_eq!(checked, 7);
}

#[test]
#[ignore = "needs IREE: set KILN_IREE_COMPILE and KILN_IREE_RUN"]
fn iree_agrees_with_the_interpreter() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/filetests/roundtrip");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut checked = 0;
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let input: String = text
            .lines()
            .take_while(|l| !l.starts_with("// OUT:"))
            .map(|l| format!("{l}\n"))
            .collect();
        let module = parse_mlir(&input).unwrap();
        let f = module.entry().unwrap();
        let types: Vec<Type> = f
            .argument_types()
            .into_iter()
            .chain(f.result_types())
            .collect();
        if types.iter().any(|t| t.dtype() == DType::BF16) {
            println!("{name}: skipped (bf16 has no npy type)");
            continue;
        }
        let mut rng = StdRng::seed_from_u64(42);
        let inputs: Vec<Tensor> = f
            .argument_types()
            .iter()
            .map(|t| {
                let tt = t.as_tensor().unwrap();
                // Symbolic dims run with size 3.
                let shape: Vec<usize> = tt
                    .shape
                    .iter()
                    .map(|d| d.as_static().unwrap_or(3) as usize)
                    .collect();
                let n: usize = shape.iter().product();
                let v: Vec<f64> = (0..n)
                    .map(|_| {
                        if tt.dtype.is_float() {
                            rng.random_range(-1.0..1.0)
                        } else {
                            rng.random_range(1..6) as f64
                        }
                    })
                    .collect();
                Tensor::new(tt.dtype, ArrayD::from_shape_vec(IxDyn(&shape), v).unwrap())
            })
            .collect();
        let want = interpret(&module, &inputs).unwrap_or_else(|e| panic!("{name}: {e}"));
        let outs = run_with_iree(&name, &module, &inputs, want.len(), dir.path());
        for (i, ((shape, values), w)) in outs.into_iter().zip(&want).enumerate() {
            let got = Tensor::new(
                w.dtype,
                ArrayD::from_shape_vec(IxDyn(&shape), values).unwrap(),
            );
            common::compare(&got, w, 1e-4, 1e-4).unwrap_or_else(|e| {
                panic!("{name} output {i}: IREE and the interpreter differ: {e}")
            });
        }
        println!("{name}: {} outputs agree with IREE", want.len());
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} programs checked");
}
