//! Issue 41: the `arith` and `math` ops that MLIR's ArithToSPIRV and MathToSPIRV convert
//! (`mlir/lib/Conversion/{Arith,Math}ToSPIRV`), walked one by one. Each either parses, lowers
//! for llvmpipe and computes on the device what the reference interpreter computes, or is
//! refused by the parser with `unsupported scalar op '<name>'` at its line and column (the
//! list below is the documentation of what kiln does not take yet; docs/lowering.md points
//! here). A new op kiln learns moves from `REFUSED` to `SUPPORTED`.

use kiln::HostTensor;
use ndarray::{ArrayD, IxDyn};

/// How a case spells its op: the body line after `%r = ` and the element types.
struct Case {
    /// The op as MLIR names it.
    name: &'static str,
    /// The body instruction with `%a`, `%b`, `%c` for the inputs (of type `input`).
    text: &'static str,
    input: &'static str,
    inputs: usize,
    /// The result's element type.
    output: &'static str,
}

const fn case(
    name: &'static str,
    text: &'static str,
    input: &'static str,
    inputs: usize,
    output: &'static str,
) -> Case {
    Case {
        name,
        text,
        input,
        inputs,
        output,
    }
}

/// Converted by ArithToSPIRV / MathToSPIRV and supported by kiln.
const SUPPORTED: &[Case] = &[
    case("arith.addf", "arith.addf %a, %b : f32", "f32", 2, "f32"),
    case("arith.subf", "arith.subf %a, %b : f32", "f32", 2, "f32"),
    case("arith.mulf", "arith.mulf %a, %b : f32", "f32", 2, "f32"),
    case("arith.divf", "arith.divf %a, %b : f32", "f32", 2, "f32"),
    case("arith.remf", "arith.remf %a, %b : f32", "f32", 2, "f32"),
    case("arith.negf", "arith.negf %a : f32", "f32", 1, "f32"),
    case(
        "arith.maximumf",
        "arith.maximumf %a, %b : f32",
        "f32",
        2,
        "f32",
    ),
    case(
        "arith.minimumf",
        "arith.minimumf %a, %b : f32",
        "f32",
        2,
        "f32",
    ),
    case("arith.addi", "arith.addi %a, %b : i32", "i32", 2, "i32"),
    case("arith.subi", "arith.subi %a, %b : i32", "i32", 2, "i32"),
    case("arith.muli", "arith.muli %a, %b : i32", "i32", 2, "i32"),
    case("arith.divsi", "arith.divsi %a, %b : i32", "i32", 2, "i32"),
    case("arith.remsi", "arith.remsi %a, %b : i32", "i32", 2, "i32"),
    case("arith.maxsi", "arith.maxsi %a, %b : i32", "i32", 2, "i32"),
    case("arith.minsi", "arith.minsi %a, %b : i32", "i32", 2, "i32"),
    case("arith.andi", "arith.andi %a, %b : i32", "i32", 2, "i32"),
    case("arith.ori", "arith.ori %a, %b : i32", "i32", 2, "i32"),
    case("arith.xori", "arith.xori %a, %b : i32", "i32", 2, "i32"),
    case("arith.shli", "arith.shli %a, %b : i32", "i32", 2, "i32"),
    case("arith.shrui", "arith.shrui %a, %b : i32", "i32", 2, "i32"),
    case("arith.shrsi", "arith.shrsi %a, %b : i32", "i32", 2, "i32"),
    case("arith.shli i64", "arith.shli %a, %b : i64", "i64", 2, "i64"),
    case(
        "arith.shrui i64",
        "arith.shrui %a, %b : i64",
        "i64",
        2,
        "i64",
    ),
    case(
        "arith.shrsi i64",
        "arith.shrsi %a, %b : i64",
        "i64",
        2,
        "i64",
    ),
    case("arith.cmpf", "arith.cmpf olt, %a, %b : f32", "f32", 2, "i1"),
    case("arith.cmpi", "arith.cmpi sle, %a, %b : i32", "i32", 2, "i1"),
    case(
        "arith.cmpi ult",
        "arith.cmpi ult, %a, %b : i32",
        "i32",
        2,
        "i1",
    ),
    case(
        "arith.cmpi uge i64",
        "arith.cmpi uge, %a, %b : i64",
        "i64",
        2,
        "i1",
    ),
    case(
        "arith.uitofp i64",
        "arith.uitofp %a : i64 to f64",
        "i64",
        1,
        "f64",
    ),
    case(
        "arith.fptoui big",
        "arith.fptoui %a : f32 to i32",
        "f32",
        1,
        "i32",
    ),
    case(
        "arith.select",
        "arith.select %c, %a, %b : f32",
        "f32",
        2,
        "f32",
    ),
    case("arith.extf", "arith.extf %a : f16 to f32", "f16", 1, "f32"),
    case(
        "arith.truncf",
        "arith.truncf %a : f32 to f16",
        "f32",
        1,
        "f16",
    ),
    case(
        "arith.sitofp",
        "arith.sitofp %a : i32 to f32",
        "i32",
        1,
        "f32",
    ),
    case(
        "arith.uitofp",
        "arith.uitofp %a : i32 to f32",
        "i32",
        1,
        "f32",
    ),
    case(
        "arith.fptosi",
        "arith.fptosi %a : f32 to i32",
        "f32",
        1,
        "i32",
    ),
    case(
        "arith.fptoui",
        "arith.fptoui %a : f32 to i32",
        "f32",
        1,
        "i32",
    ),
    case(
        "arith.extsi",
        "arith.extsi %a : i32 to i64",
        "i32",
        1,
        "i64",
    ),
    case(
        "arith.extui",
        "arith.extui %a : i32 to i64",
        "i32",
        1,
        "i64",
    ),
    case(
        "arith.trunci",
        "arith.trunci %a : i64 to i32",
        "i64",
        1,
        "i32",
    ),
    case(
        "arith.bitcast",
        "arith.bitcast %a : f32 to i32",
        "f32",
        1,
        "i32",
    ),
    case("math.absf", "math.absf %a : f32", "f32", 1, "f32"),
    case("math.absi", "math.absi %a : i32", "i32", 1, "i32"),
    case("math.ceil", "math.ceil %a : f32", "f32", 1, "f32"),
    case("math.floor", "math.floor %a : f32", "f32", 1, "f32"),
    case("math.cos", "math.cos %a : f32", "f32", 1, "f32"),
    case("math.sin", "math.sin %a : f32", "f32", 1, "f32"),
    case("math.exp", "math.exp %a : f32", "f32", 1, "f32"),
    case("math.log", "math.log %a : f32", "f32", 1, "f32"),
    case("math.sqrt", "math.sqrt %a : f32", "f32", 1, "f32"),
    case("math.rsqrt", "math.rsqrt %a : f32", "f32", 1, "f32"),
    case("math.tanh", "math.tanh %a : f32", "f32", 1, "f32"),
    case("math.powf", "math.powf %a, %b : f32", "f32", 2, "f32"),
    case("arith.divui", "arith.divui %a, %b : i32", "i32", 2, "i32"),
    case("arith.remui", "arith.remui %a, %b : i32", "i32", 2, "i32"),
    case("arith.maxui", "arith.maxui %a, %b : i32", "i32", 2, "i32"),
    case("arith.minui", "arith.minui %a, %b : i32", "i32", 2, "i32"),
    case("math.exp2", "math.exp2 %a : f32", "f32", 1, "f32"),
    case("math.log2", "math.log2 %a : f32", "f32", 1, "f32"),
    case("math.tan", "math.tan %a : f32", "f32", 1, "f32"),
    case("math.atan", "math.atan %a : f32", "f32", 1, "f32"),
    case("math.asin", "math.asin %a : f32", "f32", 1, "f32"),
    case("math.acos", "math.acos %a : f32", "f32", 1, "f32"),
    case("math.sinh", "math.sinh %a : f32", "f32", 1, "f32"),
    case("math.cosh", "math.cosh %a : f32", "f32", 1, "f32"),
    case("math.asinh", "math.asinh %a : f32", "f32", 1, "f32"),
    case("math.acosh", "math.acosh %a : f32", "f32", 1, "f32"),
    case("math.atanh", "math.atanh %a : f32", "f32", 1, "f32"),
    case("math.roundeven", "math.roundeven %a : f32", "f32", 1, "f32"),
    case("math.atan2", "math.atan2 %a, %b : f32", "f32", 2, "f32"),
];

/// Converted by ArithToSPIRV / MathToSPIRV, refused by kiln's parser (not yet supported).
const REFUSED: &[Case] = &[
    case(
        "arith.maxnumf",
        "arith.maxnumf %a, %b : f32",
        "f32",
        2,
        "f32",
    ),
    case(
        "arith.minnumf",
        "arith.minnumf %a, %b : f32",
        "f32",
        2,
        "f32",
    ),
    // (Yielded as i32: kiln has no tensors of index.)
    case(
        "arith.index_cast",
        "arith.index_cast %a : i32 to index",
        "i32",
        1,
        "i32",
    ),
    case(
        "arith.index_castui",
        "arith.index_castui %a : i32 to index",
        "i32",
        1,
        "i32",
    ),
    case(
        "arith.addui_extended",
        "arith.addui_extended %a, %b : i32, i1",
        "i32",
        2,
        "i32",
    ),
    case(
        "arith.mului_extended",
        "arith.mului_extended %a, %b : i32",
        "i32",
        2,
        "i32",
    ),
    case(
        "arith.mulsi_extended",
        "arith.mulsi_extended %a, %b : i32",
        "i32",
        2,
        "i32",
    ),
    case("math.expm1", "math.expm1 %a : f32", "f32", 1, "f32"),
    case("math.log10", "math.log10 %a : f32", "f32", 1, "f32"),
    case("math.log1p", "math.log1p %a : f32", "f32", 1, "f32"),
    case("math.fma", "math.fma %a, %b, %b : f32", "f32", 2, "f32"),
    case("math.round", "math.round %a : f32", "f32", 1, "f32"),
    case(
        "math.copysign",
        "math.copysign %a, %b : f32",
        "f32",
        2,
        "f32",
    ),
    case("math.ctlz", "math.ctlz %a : i32", "i32", 1, "i32"),
    case("math.ctpop", "math.ctpop %a : i32", "i32", 1, "i32"),
];

const N: usize = 16;

/// `y = OP(a, b)` elementwise over 16 elements (`%c = a < b` for select).
fn program(c: &Case) -> String {
    let t = |e: &str| format!("tensor<{N}x{e}>");
    let ins: Vec<String> = (0..c.inputs).map(|i| format!("%x{i}")).collect();
    let args: Vec<String> = ins.iter().map(|x| format!("{x}: {}", t(c.input))).collect();
    let arg_names = ["%a", "%b"];
    let block_args: Vec<String> = (0..c.inputs)
        .map(|i| format!("{}: {}", arg_names[i], c.input))
        .chain([format!("%o: {}", c.output)])
        .collect();
    let maps = vec!["#id"; c.inputs + 1].join(", ");
    let condition = if c.text.contains("%c") {
        format!("    %c = arith.cmpf olt, %a, %b : {}\n", c.input)
    } else {
        String::new()
    };
    format!(
        "#id = affine_map<(d0) -> (d0)>\nfunc.func @main({args}) -> {out} {{\n  %e = tensor.empty() : {out}\n  %y = linalg.generic {{indexing_maps = [{maps}], iterator_types = [\"parallel\"]}} ins({ins} : {in_types}) outs(%e : {out}) {{\n  ^bb0({block}):\n{condition}    %r = {text}\n    linalg.yield %r : {ret}\n  }} -> {out}\n  return %y : {out}\n}}\n",
        args = args.join(", "),
        out = t(c.output),
        ins = ins.join(", "),
        in_types = vec![t(c.input); c.inputs].join(", "),
        block = block_args.join(", "),
        text = c.text,
        ret = c.output,
    )
}

/// Inputs that exercise each op inside its domain (positive for log / sqrt / rsqrt, inside
/// (-1, 1) for asin / acos / atanh, from 1 for acosh, non-zero divisors, shift amounts 0..40 so some pass the width).
fn inputs(c: &Case) -> Vec<HostTensor> {
    (0..c.inputs)
        .map(|i| {
            let f = |k: usize| -> f64 {
                let x = ((k * 7 + i * 3) % 11) as f64 * 0.37 + 0.25;
                if c.name.ends_with("big") {
                    // Up to 3.9e9: past 2^31, inside 2^32.
                    x * 1e9
                } else if ["math.asin", "math.acos", "math.atanh"].contains(&c.name) {
                    // Inside (-1, 1).
                    (x - 2.0) / 2.0
                } else if c.name == "math.acosh" {
                    x + 1.0
                } else if c.name.contains("log") || c.name.contains("sqrt") || i == 1 {
                    x
                } else {
                    x - 2.0
                }
            };
            let int = |k: usize| -> i64 {
                if c.name.starts_with("arith.sh") && i == 1 {
                    ((k * 5) % 41) as i64
                } else if i == 1 {
                    (k % 7) as i64 + 1
                } else {
                    (k as i64 * 123_457 - 900_000) * if k.is_multiple_of(2) { 1 } else { -1 }
                }
            };
            let shape = IxDyn(&[N]);
            match c.input {
                "f32" => HostTensor::F32(ArrayD::from_shape_fn(shape, |d| f(d[0]) as f32)),
                "f16" => HostTensor::F16(ArrayD::from_shape_fn(shape, |d| {
                    half::f16::from_f64(f(d[0]))
                })),
                "i32" => HostTensor::I32(ArrayD::from_shape_fn(shape, |d| int(d[0]) as i32)),
                "i64" => HostTensor::I64(ArrayD::from_shape_fn(shape, |d| {
                    int(d[0]) * if i == 0 { 1 << 30 } else { 1 }
                })),
                other => panic!("no inputs of {other}"),
            }
        })
        .collect()
}

#[test]
fn every_converted_arith_and_math_op_lowers_or_is_refused_by_name() {
    let session = kiln::Session::default_device().unwrap();
    let target = kiln::target::target_env_for_open_device(session.device());
    let mut failures = Vec::new();
    for c in SUPPORTED {
        let text = program(c);
        let result = (|| -> Result<(), String> {
            let module = kiln::frontend::parse_mlir(&text).map_err(|e| e.to_string())?;
            let artifact = kiln::compile(&module, &target).map_err(|e| e.to_string())?;
            let executable = session.load(&artifact.program).map_err(|e| e.to_string())?;
            let inputs = inputs(c);
            let got = executable.run(&inputs).map_err(|e| e.to_string())?;
            let reference: Vec<_> = inputs.iter().map(HostTensor::to_reference).collect();
            let want = kiln::frontend::interpret(&module, &reference).map_err(|e| e.to_string())?;
            let (got, want) = (got[0].to_reference(), &want[0]);
            for (k, (g, w)) in got.data.iter().zip(want.data.iter()).enumerate() {
                let close = g == w
                    || (g.is_nan() && w.is_nan())
                    || (g - w).abs() <= 1e-5 * w.abs().max(1.0);
                if !close {
                    return Err(format!("element {k}: device {g}, interpreter {w}"));
                }
            }
            Ok(())
        })();
        if let Err(e) = result {
            failures.push(format!("{}: {e}\n{text}", c.name));
        }
    }
    for c in REFUSED {
        let text = program(c);
        match kiln::frontend::parse_mlir(&text) {
            Ok(_) => failures.push(format!(
                "{}: now parses; move it to SUPPORTED (and check it lowers)",
                c.name
            )),
            Err(e) => {
                let e = e.to_string();
                let expected = format!("unsupported scalar op '{}'", c.name);
                if !e.contains(&expected) || !e.starts_with("6:10:") {
                    failures.push(format!("{}: not a clear refusal: {e}", c.name));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The shifts' values, by hand: kiln defines the amounts MLIR calls poison (not below the
/// width, read unsigned) as 0 for `shli` / `shrui` and the sign fill for `shrsi`.
#[test]
fn shifts_compute_what_the_bits_say() {
    let values = [1, -8, -8, -8, 5, -5, 7, -1];
    let amounts = [31, 1, 31, 32, 40, -1, 0, 63];
    let want_shli = [i32::MIN, -16, 0, 0, 0, 0, 7, 0];
    let want_shrui = [0, 0x7fff_fffc, 1, 0, 0, 0, 7, 0];
    let want_shrsi = [0, -4, -1, -1, 0, -1, 7, -1];
    for (op, want) in [
        ("arith.shli", want_shli),
        ("arith.shrui", want_shrui),
        ("arith.shrsi", want_shrsi),
    ] {
        assert_by_hand(op, &values, &amounts, &want);
    }
}

/// The unsigned ops on values past 2^31 (negative as i32), by hand: `-1` is 4294967295.
#[test]
fn unsigned_ops_read_the_bits_unsigned() {
    let a = [-1, -1, i32::MIN, 7, -7, 100, 0, i32::MAX];
    let b = [2, 10, 3, -1, 4, 7, 5, i32::MIN];
    let want_divui = [
        i32::MAX,
        429_496_729,
        715_827_882,
        0,
        1_073_741_822,
        14,
        0,
        0,
    ];
    let want_remui = [1, 5, 2, 7, 1, 2, 0, i32::MAX];
    let want_maxui = [-1, -1, i32::MIN, -1, -7, 100, 5, i32::MIN];
    let want_minui = [2, 10, 3, 7, 4, 7, 0, i32::MAX];
    for (op, want) in [
        ("arith.divui", want_divui),
        ("arith.remui", want_remui),
        ("arith.maxui", want_maxui),
        ("arith.minui", want_minui),
    ] {
        assert_by_hand(op, &a, &b, &want);
    }
}

/// `op` on i32 `lhs` and `rhs` (repeated to 16 elements) gives `want` in the interpreter and on
/// the device.
fn assert_by_hand(op: &str, lhs: &[i32], rhs: &[i32], want: &[i32]) {
    let c = SUPPORTED.iter().find(|c| c.name == "arith.shrsi").unwrap();
    let session = kiln::Session::default_device().unwrap();
    let target = kiln::target::target_env_for_open_device(session.device());
    let text = program(c).replace("arith.shrsi", op);
    let module = kiln::frontend::parse_mlir(&text).unwrap();
    let tensor = |v: &[i32]| {
        let data: Vec<i32> = (0..N).map(|k| v[k % v.len()]).collect();
        HostTensor::I32(ArrayD::from_shape_vec(IxDyn(&[N]), data).unwrap())
    };
    let inputs = [tensor(lhs), tensor(rhs)];
    let want: Vec<f64> = (0..N).map(|k| f64::from(want[k % want.len()])).collect();
    let reference: Vec<_> = inputs.iter().map(HostTensor::to_reference).collect();
    let interpreted = kiln::frontend::interpret(&module, &reference).unwrap();
    let values = |t: &kiln::frontend::Tensor| t.data.iter().copied().collect::<Vec<_>>();
    assert_eq!(values(&interpreted[0]), want, "{op}: interpreter");
    let artifact = kiln::compile(&module, &target).unwrap();
    let device = session
        .load(&artifact.program)
        .unwrap()
        .run(&inputs)
        .unwrap();
    assert_eq!(values(&device[0].to_reference()), want, "{op}: device");
}
