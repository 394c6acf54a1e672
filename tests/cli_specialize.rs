//! `--dim` and `--input-value` (ONNX specialization before import), `--absent` (an empty optional
//! input) and ImageDecoder (decoded at import) through the `kiln` binary:
//! `compile` and `import` take them; a model whose Reshape shape is a graph input is refused
//! with a message that says how; `run` specializes on its `--input` files by itself and says so,
//! and `--check` follows it.
//! The model is built with onnx.helper (python with onnx and numpy: `KILN_PYTHON`, else
//! `.venv/bin/python`, else `python3`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn python() -> String {
    std::env::var("KILN_PYTHON").unwrap_or_else(|_| {
        let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join(".venv/bin/python");
        if venv.exists() {
            venv.display().to_string()
        } else {
            "python3".into()
        }
    })
}

fn kiln(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(args)
        .output()
        .expect("kiln runs")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// `x: [N, 6]` reshaped by the graph input `shape` (int64 [3]), then Relu; `x.npy` is 4 x 6 and
/// `shape.npy` is [2, 3, 4].
fn reshape_model(dir: &Path) -> PathBuf {
    let script = r#"
import sys, numpy as np, onnx
from onnx import helper, TensorProto as T
d = sys.argv[1]
g = helper.make_graph(
    [helper.make_node('Reshape', ['x', 'shape'], ['r']), helper.make_node('Relu', ['r'], ['y'])],
    'g',
    [helper.make_tensor_value_info('x', T.FLOAT, ['N', 6]),
     helper.make_tensor_value_info('shape', T.INT64, [3])],
    [helper.make_tensor_value_info('y', T.FLOAT, None)])
m = helper.make_model(g, opset_imports=[helper.make_opsetid('', 28)])
m.ir_version = 10
onnx.save(m, d + '/m.onnx')
np.save(d + '/x.npy', np.arange(24, dtype=np.float32).reshape(4, 6) - 10)
np.save(d + '/shape.npy', np.array([2, 3, 4]))
"#;
    let status = Command::new(python())
        .args(["-c", script])
        .arg(dir)
        .status()
        .expect("python runs");
    assert!(status.success(), "python with onnx and numpy is required");
    dir.join("m.onnx")
}

#[test]
fn shape_inputs_are_specialized_on_request_or_from_run_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let model = reshape_model(dir.path());
    let path = |f: &str| dir.path().join(f).display().to_string();
    let (model, out) = (model.display().to_string(), path("m.kiln"));

    // Without the value: refused, naming the input and the flag.
    let o = kiln(&["compile", &model, "-o", &out]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let t = text(&o);
    assert!(
        t.contains("comes from graph input(s) 'shape'") && t.contains("--input-value"),
        "{t}"
    );

    // With it (and the batch fixed): compiles; the artifact takes x only.
    let value = format!("shape={}", path("shape.npy"));
    let o = kiln(&[
        "compile",
        &model,
        "-o",
        &out,
        "--dim",
        "N=4",
        "--input-value",
        &value,
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let o = kiln(&["import", &model, "--dim", "N=4", "--input-value", &value]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        text(&o).contains("func.func @main(%arg0: tensor<4x6xf32>) -> tensor<2x3x4xf32>"),
        "{}",
        text(&o)
    );

    // A dim the model does not have is named.
    let o = kiln(&["import", &model, "--dim", "M=4", "--input-value", &value]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o).contains("no input has a dim of that name (the model's symbolic dims: N)"),
        "{}",
        text(&o)
    );

    // `run` specializes on its input files by itself, and says so.
    let (x, s) = (path("x.npy"), path("shape.npy"));
    let o = kiln(&["run", &model, "--reference", "--input", &x, "--input", &s]);
    assert!(o.status.success(), "{}", text(&o));
    let t = text(&o);
    assert!(t.contains("specialized on dims [N=4]"), "{t}");
    assert!(t.contains("output 0: F32 [2, 3, 4]"), "{t}");

    // On the device, and --check compares with the interpreter on the same specialized model.
    let o = kiln(&["run", &model, "--check", "--input", &x, "--input", &s]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        text(&o).contains("check output 0: max |device - reference| = 0.000e0"),
        "{}",
        text(&o)
    );

    // Seeded random inputs: a symbolic dim without --dim is 1 for the import too.
    let o = kiln(&["run", &model, "--reference"]);
    assert!(!o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("--input-value"), "{}", text(&o));
}

/// A uint8 output (QuantizeLinear to uint8), held as i32 inside kiln, is written as a uint8
/// `.npy` by `run --output-dir`, on the device and through the interpreter, with onnxruntime's
/// values.
#[test]
fn uint8_outputs_are_written_as_uint8() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let script = r#"
import sys, numpy as np, onnx, onnxruntime as ort
from onnx import helper, numpy_helper, TensorProto as T
d = sys.argv[1]
g = helper.make_graph(
    [helper.make_node('QuantizeLinear', ['x', 's', 'z'], ['y'])],
    'g',
    [helper.make_tensor_value_info('x', T.FLOAT, [3, 7])],
    [helper.make_tensor_value_info('y', T.UINT8, None)],
    [numpy_helper.from_array(np.float32(0.05), 's'), numpy_helper.from_array(np.uint8(100), 'z')])
m = helper.make_model(g, opset_imports=[helper.make_opsetid('', 13)])
m.ir_version = 8
onnx.save(m, d + '/q.onnx')
x = np.random.default_rng(3).uniform(-6, 9, (3, 7)).astype(np.float32)
np.save(d + '/x.npy', x)
y = ort.InferenceSession(d + '/q.onnx').run(None, {'x': x})[0]
assert y.dtype == np.uint8 and len(set(y.ravel().tolist())) > 5
np.save(d + '/expected.npy', y)
"#;
    let status = Command::new(python())
        .args(["-c", script])
        .arg(d)
        .status()
        .expect("python runs");
    assert!(status.success(), "the model script failed");
    let model = d.join("q.onnx").display().to_string();
    let x = d.join("x.npy").display().to_string();
    let expected = std::fs::read(d.join("expected.npy")).unwrap();
    for reference in [false, true] {
        let out = d.join(format!("out{reference}"));
        let out_s = out.display().to_string();
        let mut args = vec!["run", &model, "--input", &x, "--output-dir", &out_s];
        if reference {
            args.push("--reference");
        }
        let o = kiln(&args);
        assert!(o.status.success(), "{}", text(&o));
        let written = std::fs::read(out.join("output_0.npy")).unwrap();
        assert!(
            String::from_utf8_lossy(&written[..written.len().min(128)]).contains("'|u1'"),
            "not a uint8 .npy (reference: {reference})"
        );
        assert!(
            String::from_utf8_lossy(&written[..written.len().min(128)]).contains("(3, 7)"),
            "shape (reference: {reference})"
        );
        // onnxruntime's values (the data after each file's version-1 header).
        let data = |b: &[u8]| b[10 + usize::from(u16::from_le_bytes([b[8], b[9]]))..].to_vec();
        assert_eq!(data(&written), data(&expected), "reference: {reference}");
    }
}

/// Inputs of types numpy cannot write come from a wider `.npy` (int4 from int8, float8 e4m3fn
/// from float32), checked against the declared type: Cast int4 -> int8 and float8 -> float32
/// give onnx's reference values, written as int8 / float32; a file value the declared type does
/// not have is an error naming the input and the type.
#[test]
fn narrow_inputs_come_from_wider_files_and_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let script = r#"
import sys, numpy as np, onnx, ml_dtypes
from onnx import helper, TensorProto as T
from onnx.reference import ReferenceEvaluator
d = sys.argv[1]
g = helper.make_graph(
    [helper.make_node('Cast', ['a'], ['x'], to=T.INT8),
     helper.make_node('Cast', ['b'], ['y'], to=T.FLOAT)],
    'g',
    [helper.make_tensor_value_info('a', T.INT4, [9]),
     helper.make_tensor_value_info('b', T.FLOAT8E4M3FN, [6])],
    [helper.make_tensor_value_info('x', T.INT8, None),
     helper.make_tensor_value_info('y', T.FLOAT, None)])
m = helper.make_model(g, opset_imports=[helper.make_opsetid('', 21)])
m.ir_version = 10
onnx.save(m, d + '/m.onnx')
a = np.arange(-8, 8, 2).astype(ml_dtypes.int4)[:9]
a = np.concatenate([a, np.array([7], dtype=ml_dtypes.int4)])
b = np.array([448, -0.001953125, 0.5, -3.25, 96, 0], dtype=np.float32).astype(ml_dtypes.float8_e4m3fn)
np.save(d + '/a.npy', a.astype(np.int8))
np.save(d + '/b.npy', b.astype(np.float32))
x, y = ReferenceEvaluator(m).run(None, {'a': a, 'b': b})
np.save(d + '/x.npy', x)
np.save(d + '/y.npy', y)
np.save(d + '/bad_a.npy', np.array([0, 1, 2, 3, 4, 5, 6, 7, 8], dtype=np.int8))
np.save(d + '/bad_b.npy', np.array([448, 449, 0.5, 1, 2, 3], dtype=np.float32))
"#;
    let status = Command::new(python())
        .args(["-c", script])
        .arg(d)
        .status()
        .expect("python runs");
    assert!(status.success(), "the model script failed");
    let p = |f: &str| d.join(f).display().to_string();
    for reference in [false, true] {
        let out = p(&format!("out{reference}"));
        let (model, a, b) = (p("m.onnx"), p("a.npy"), p("b.npy"));
        let mut args = vec![
            "run",
            &model,
            "--input",
            &a,
            "--input",
            &b,
            "--output-dir",
            &out,
        ];
        if reference {
            args.push("--reference");
        }
        let o = kiln(&args);
        assert!(o.status.success(), "{}", text(&o));
        for (got, want) in [("output_0.npy", "x.npy"), ("output_1.npy", "y.npy")] {
            // The dtype in the header and the data after it.
            let read = |path: &Path| {
                let b = std::fs::read(path).unwrap();
                let end = 10 + usize::from(u16::from_le_bytes([b[8], b[9]]));
                let header = String::from_utf8_lossy(&b[..end]).into_owned();
                let descr = header.split('\'').nth(3).unwrap_or_default().to_string();
                (descr, b[end..].to_vec())
            };
            assert_eq!(
                read(&Path::new(&out).join(got)),
                read(&d.join(want)),
                "{want} (reference: {reference})"
            );
        }
        for (bad_a, bad_b, what) in [
            (
                "bad_a.npy",
                "b.npy",
                "input 'a' is declared INT4, but the file holds 8",
            ),
            (
                "a.npy",
                "bad_b.npy",
                "input 'b' is declared FLOAT8E4M3FN, but the file holds 449",
            ),
        ] {
            let (bad_a, bad_b) = (p(bad_a), p(bad_b));
            let mut args = vec!["run", &model, "--input", &bad_a, "--input", &bad_b];
            if reference {
                args.push("--reference");
            }
            let o = kiln(&args);
            assert_eq!(o.status.code(), Some(1), "{}", text(&o));
            assert!(text(&o).contains(what), "{}", text(&o));
        }
    }
}

/// A graph input of type optional(tensor): fed a file it is that tensor (OptionalHasElement is
/// true, OptionalGetElement passes it through); `--absent NAME` makes it an empty optional
/// (OptionalHasElement false), on the device and through the interpreter; `--absent` of a
/// name the model lacks, or of a plain tensor input, is an error naming it.
#[test]
fn optional_inputs_take_a_tensor_or_are_absent() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let script = r#"
import sys, numpy as np, onnx
from onnx import helper, TensorProto as T
d = sys.argv[1]
o = helper.make_value_info('o', helper.make_optional_type_proto(
    helper.make_tensor_type_proto(T.FLOAT, [4])))
g = helper.make_graph(
    [helper.make_node('OptionalHasElement', ['o'], ['has'])],
    'g', [o, helper.make_tensor_value_info('x', T.FLOAT, [2])],
    [helper.make_tensor_value_info('has', T.BOOL, [])])
m = helper.make_model(g, opset_imports=[helper.make_opsetid('', 18)])
m.ir_version = 8
onnx.checker.check_model(m)
onnx.save(m, d + '/o.onnx')
g = helper.make_graph(
    [helper.make_node('OptionalGetElement', ['o'], ['y'])],
    'g', [o], [helper.make_tensor_value_info('y', T.FLOAT, [4])])
m = helper.make_model(g, opset_imports=[helper.make_opsetid('', 18)])
m.ir_version = 8
onnx.save(m, d + '/get.onnx')
np.save(d + '/o.npy', np.random.default_rng(5).standard_normal(4).astype(np.float32))
np.save(d + '/x.npy', np.float32([1, 2]))
"#;
    let status = Command::new(python())
        .args(["-c", script])
        .arg(d)
        .status()
        .expect("python runs");
    assert!(status.success(), "the model script failed");
    let p = |f: &str| d.join(f).display().to_string();
    let (model, o_file, x_file) = (p("o.onnx"), p("o.npy"), p("x.npy"));
    for reference in [false, true] {
        let with = |args: &[&str]| {
            let mut a = vec!["run", &model];
            a.extend_from_slice(args);
            if reference {
                a.push("--reference");
            }
            kiln(&a)
        };
        let o = with(&["--input", &o_file, "--input", &x_file]);
        assert!(o.status.success(), "{}", text(&o));
        assert!(text(&o).contains("output 0: I1 [] [1"), "{}", text(&o));
        let o = with(&["--absent", "o", "--input", &x_file]);
        assert!(o.status.success(), "{}", text(&o));
        assert!(text(&o).contains("output 0: I1 [] [0"), "{}", text(&o));
        let o = with(&["--absent", "x", "--input", &o_file]);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o));
        assert!(
            text(&o).contains("input 'x': given no value, but only an optional-typed input"),
            "{}",
            text(&o)
        );
        let o = with(&["--absent", "nope", "--input", &o_file, "--input", &x_file]);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o));
        assert!(
            text(&o).contains("--absent nope: the model has no input of that name"),
            "{}",
            text(&o)
        );
    }
    let get = p("get.onnx");
    let o = kiln(&["run", &get, "--reference", "--input", &o_file]);
    assert!(o.status.success(), "{}", text(&o));
    let o = kiln(&["run", &get, "--reference", "--absent", "o"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("OptionalGetElement of an absent (omitted) input has no element"),
        "{}",
        text(&o)
    );
}

/// ImageDecoder decodes its encoded input at import: `compile` without the bytes says how to
/// give them, `run` specializes on the input file and gives onnx's expected pixels (the RGB PNG
/// and JPEG cases of onnx's node suite, decoded by Pillow), on the device and through the
/// interpreter; JPEG 2000 is refused by name.
#[test]
fn image_decoder_decodes_the_input_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let script = r#"
import sys, warnings, numpy as np, onnx
warnings.filterwarnings('ignore')
from onnx.backend.test.loader import load_model_tests
d = sys.argv[1]
for c in load_model_tests(kind='node'):
    if c.name in ('test_image_decoder_decode_png_rgb', 'test_image_decoder_decode_jpeg_rgb',
                  'test_image_decoder_decode_jpeg2k_rgb'):
        kind = c.name.split('_')[-2]
        onnx.save(c.model, f'{d}/{kind}.onnx')
        (x,), (y,) = c.data_sets[0]
        np.save(f'{d}/{kind}.npy', np.asarray(x))
        np.save(f'{d}/{kind}_expected.npy', np.asarray(y))
        assert y.dtype == np.uint8 and y.ndim == 3 and y.shape[2] == 3
"#;
    let status = Command::new(python())
        .args(["-c", script])
        .arg(d)
        .status()
        .expect("python runs");
    assert!(status.success(), "the model script failed");
    let p = |f: &str| d.join(f).display().to_string();
    let png = p("png.onnx");
    let o = kiln(&["compile", &png, "-o", &p("png.kiln")]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("--input-value"), "{}", text(&o));
    let data = |b: &[u8]| b[10 + usize::from(u16::from_le_bytes([b[8], b[9]]))..].to_vec();
    for (kind, reference) in [
        ("png", false),
        ("png", true),
        ("jpeg", false),
        ("jpeg", true),
    ] {
        let (model, input) = (p(&format!("{kind}.onnx")), p(&format!("{kind}.npy")));
        let expected = std::fs::read(d.join(format!("{kind}_expected.npy"))).unwrap();
        let out = d.join(format!("out_{kind}_{reference}"));
        let out_s = out.display().to_string();
        let mut args = vec!["run", &model, "--input", &input, "--output-dir", &out_s];
        if reference {
            args.push("--reference");
        }
        let o = kiln(&args);
        assert!(o.status.success(), "{}", text(&o));
        let written = std::fs::read(out.join("output_0.npy")).unwrap();
        assert!(
            String::from_utf8_lossy(&written[..written.len().min(128)]).contains("'|u1'"),
            "not a uint8 .npy ({kind}, reference: {reference})"
        );
        assert_eq!(
            data(&written),
            data(&expected),
            "{kind}, reference: {reference}"
        );
    }
    let o = kiln(&[
        "run",
        &p("jpeg2k.onnx"),
        "--reference",
        "--input",
        &p("jpeg2k.npy"),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("(ImageDecoder, opset 20): JPEG 2000 images are not supported"),
        "{}",
        text(&o)
    );
}

/// An If whose condition is computed from data (`ReduceSum(x) > 0`) and one whose condition is a
/// graph input (`sr == 16000`, as voice-activity models choose their sample rate): one compiled
/// artifact, no specialization, takes either branch at run time (both branches run, a select
/// picks the outputs), matching onnxruntime for both conditions. Branches whose outputs differ
/// in shape are refused with the node named when the condition comes from data.
#[test]
fn data_dependent_if_runs_both_branches_and_selects() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let script = r#"
import sys, numpy as np, onnx, onnxruntime as ort
from onnx import helper, numpy_helper, TensorProto as T
d = sys.argv[1]
def branch(name, nodes, out):
    return helper.make_graph(nodes, name, [], [helper.make_tensor_value_info(out, T.FLOAT, None)])
then_g = branch('then', [helper.make_node('Relu', ['x'], ['r']),
                         helper.make_node('Mul', ['r', 'two'], ['t'])], 't')
else_g = branch('else', [helper.make_node('Neg', ['x'], ['n']),
                         helper.make_node('Add', ['n', 'sr_f'], ['e'])], 'e')
g = helper.make_graph(
    [helper.make_node('ReduceSum', ['x'], ['s'], keepdims=0),
     helper.make_node('Greater', ['s', 'zero'], ['c']),
     helper.make_node('Equal', ['sr', 'k16'], ['c2']),
     helper.make_node('Cast', ['sr'], ['sr_f'], to=T.FLOAT),
     helper.make_node('If', ['c'], ['y'], then_branch=then_g, else_branch=else_g),
     helper.make_node('If', ['c2'], ['z'], then_branch=branch('t2', [helper.make_node('Sigmoid', ['x'], ['u'])], 'u'),
                      else_branch=branch('e2', [helper.make_node('Tanh', ['x'], ['v'])], 'v'))],
    'g',
    [helper.make_tensor_value_info('x', T.FLOAT, [3, 5]),
     helper.make_tensor_value_info('sr', T.INT64, [])],
    [helper.make_tensor_value_info('y', T.FLOAT, None), helper.make_tensor_value_info('z', T.FLOAT, None)],
    [numpy_helper.from_array(np.float32(0), 'zero'), numpy_helper.from_array(np.float32(2), 'two'),
     numpy_helper.from_array(np.int64(16000), 'k16')])
m = helper.make_model(g, opset_imports=[helper.make_opsetid('', 17)])
m.ir_version = 8
onnx.save(m, d + '/if.onnx')
# Branch outputs of different shapes: a data-dependent condition cannot select between them.
bad_then = branch('then', [helper.make_node('Relu', ['x'], ['t'])], 't')
bad_else = branch('else', [helper.make_node('ReduceSum', ['x'], ['e'], keepdims=0)], 'e')
g2 = helper.make_graph(
    [helper.make_node('ReduceSum', ['x'], ['s'], keepdims=0),
     helper.make_node('Greater', ['s', 'zero'], ['c']),
     helper.make_node('If', ['c'], ['y'], name='pick', then_branch=bad_then, else_branch=bad_else)],
    'g2', [helper.make_tensor_value_info('x', T.FLOAT, [3, 5])],
    [helper.make_tensor_value_info('y', T.FLOAT, None)], [numpy_helper.from_array(np.float32(0), 'zero')])
m2 = helper.make_model(g2, opset_imports=[helper.make_opsetid('', 17)])
m2.ir_version = 8
onnx.save(m2, d + '/bad.onnx')
rng = np.random.default_rng(5)
s = ort.InferenceSession(d + '/if.onnx')
for i, (shift, sr) in enumerate([(1.0, 16000), (-1.0, 8000), (1.0, 8000), (-1.0, 16000)]):
    x = (rng.standard_normal((3, 5)) + shift).astype(np.float32)
    np.save(f'{d}/x{i}.npy', x)
    np.save(f'{d}/sr{i}.npy', np.array(sr, dtype=np.int64))
    y, z = s.run(None, {'x': x, 'sr': np.array(sr, dtype=np.int64)})
    np.save(f'{d}/y{i}.npy', y)
    np.save(f'{d}/z{i}.npy', z)
"#;
    let status = Command::new(python())
        .args(["-c", script])
        .arg(d)
        .status()
        .expect("python runs");
    assert!(status.success(), "the model script failed");
    let p = |f: &str| d.join(f).display().to_string();
    let artifact = p("if.kiln");
    let o = kiln(&["compile", &p("if.onnx"), "-o", &artifact]);
    assert!(o.status.success(), "{}", text(&o));
    let read = |path: &str| {
        kiln::HostTensor::read_npy(Path::new(path))
            .unwrap()
            .to_reference()
            .data
            .iter()
            .copied()
            .collect::<Vec<f64>>()
    };
    for i in 0..4 {
        let out = p(&format!("out{i}"));
        let (x, sr) = (p(&format!("x{i}.npy")), p(&format!("sr{i}.npy")));
        let o = kiln(&[
            "run",
            &artifact,
            "--input",
            &x,
            "--input",
            &sr,
            "--output-dir",
            &out,
        ]);
        assert!(o.status.success(), "{}", text(&o));
        for (k, name) in ["y", "z"].iter().enumerate() {
            let got = read(&format!("{out}/output_{k}.npy"));
            let want = read(&p(&format!("{name}{i}.npy")));
            assert_eq!(got.len(), want.len(), "case {i} output {name}");
            for (g, w) in got.iter().zip(&want) {
                assert!(
                    (g - w).abs() <= 1e-5 * (1.0 + w.abs()),
                    "case {i} {name}: {g} vs {w}"
                );
            }
        }
    }
    let o = kiln(&["compile", &p("bad.onnx"), "-o", &p("bad.kiln")]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let t = text(&o);
    assert!(
        t.contains("pick") && t.contains("output #0 is tensor<3x5xf32> in then_branch"),
        "{t}"
    );
}
