//! Unit tests of the kernel IR parser.

use super::*;
use crate::kernel_ir::print_kernel;

const SAMPLE: &str = "\
// a comment
kernel @k local_size [64, 1, 1] workgroup_count [((N * 4) ceildiv 64), 1, 1] subgroup_size 32 when 2 <= N <= 64 {
  binding #0 = set 0 binding 0 readonly f32 buffer 0 \"input0\"
  binding #1 = set 0 binding 1 writeonly f32 buffer 1 \"output0\"
  view @v0 = #0 offset 0 shape [N, 4] strides [4, 1]
  view @v1 = #1 offset (N - 1) shape [N] strides [1]
  push_constant @pc0 \"N\" = N
  alloc @a0 = workgroup f32[8] \"partials\"
  alloc @a1 = function coopmat<16x16xf16, a>[1] \"frag\"
  %n0 = push_constant @pc0 : index
  %1 = constant 0 : index
  %2 = constant 1 : index
  %3 = constant -1.5e-7 : f32
  %4 = constant NaN : f32
  %5 = constant true : i1
  parallel workgroup (%i6) < (%n0) {
    %7 = local_invocation_id.x : index
    %8 = load @v0[%i6, %7] : vector<4xf32>
    %9 = extract %8[3] : f32
    %10 = cast %9 : f32 : f16
    %11 = workgroup_reduce max %9 : f32
    for %k12 = %1 to %n0 step %2 {
      store @a0[%k12], %9
    }
    if %5 {
      control_barrier workgroup
    } else {
      %13 = subgroup_broadcast %9 from 0 : f32
    }
  }
}
";

#[test]
fn the_sample_round_trips() {
    let kernels = parse_kernels(SAMPLE).unwrap();
    assert_eq!(kernels.len(), 1);
    let printed = print_kernel(&kernels[0]);
    let expected: String = SAMPLE
        .lines()
        .filter(|l| !l.starts_with("//"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(printed, expected);
    assert_eq!(reparse(&printed), printed);
}

fn reparse(text: &str) -> String {
    parse_kernels(text)
        .unwrap()
        .iter()
        .map(print_kernel)
        .collect()
}

fn error(text: &str) -> String {
    parse_kernels(text).unwrap_err().to_string()
}

#[test]
fn errors_say_where_and_what_was_expected() {
    let head = "kernel @k local_size [1, 1, 1] workgroup_count [1, 1, 1] {\n";
    assert_eq!(
        error(&format!("{head}  %1 = frobnicate %0 : f32\n}}\n")),
        "2:8: expected an operation, found `frobnicate`"
    );
    assert_eq!(
        error(&format!("{head}  %1 = add %0, %0 : f32\n}}\n")),
        "2:12: use of undefined value `%0`"
    );
    assert_eq!(
        error(&format!(
            "{head}  %1 = constant 1 : index\n  %1 = constant 2 : index\n}}\n"
        )),
        "3:3: value `%1` is defined twice (number 1 is `%1` defined at 2:3)"
    );
    assert_eq!(
        error(&format!(
            "{head}  %x1 = constant 1 : index\n  %2 = neg %y1 : index\n}}\n"
        )),
        "3:12: `%y1` has number 1 but that value is `%x1`"
    );
    assert_eq!(
        error(&format!("{head}  %1 = constant 1 : vector<4xf33>\n}}\n")),
        "2:30: expected a scalar type (`i1`, `i8`, `i16`, `i32`, `i64`, `f16`, `bf16`, `f32`, `f64`, `index`), found `f33>`"
    );
    assert_eq!(
        error(&format!("{head}  store @v0[], %1\n}}\n")),
        "2:9: view @v0 is not declared"
    );
    assert_eq!(
        error("kernel @k local_size [1, 1] workgroup_count [1, 1, 1] {\n}\n"),
        "1:27: expected `,`, found `]`"
    );
    assert_eq!(
        error(&format!("{head}  %1 = constant 1 : index\n")),
        "3:1: expected `}`, found end of input"
    );
    assert_eq!(
        error("// nothing\n"),
        "2:1: expected `kernel`, found end of input"
    );
    assert_eq!(
        error(&format!("{head}  %abc = constant 1 : index\n}}\n")),
        "2:3: value `%abc` must end in its number (`%N` or `%nameN`)"
    );
    assert_eq!(
        error(&format!(
            "{head}  binding #1 = set 0 binding 0 readonly f32 buffer 0 \"x\"\n}}\n"
        )),
        "2:11: expected binding number 0, found 1"
    );
}

#[test]
fn hostile_input_is_an_error_not_a_crash() {
    let deep = format!(
        "kernel @k local_size [1, 1, 1] workgroup_count [{}1{}, 1, 1] {{\n}}\n",
        "(".repeat(10_000),
        " + 1)".repeat(10_000)
    );
    assert!(
        error(&deep).contains("nested more than"),
        "{}",
        error(&deep)
    );
    let big = "kernel @k local_size [1, 1, 1] workgroup_count [1, 1, 1] {\n  %99999999999 = constant 1 : index\n}\n";
    assert!(error(big).contains("larger than"), "{}", error(big));
    for cut in 0..SAMPLE.len() {
        if SAMPLE.is_char_boundary(cut) {
            let _ = parse_kernels(&SAMPLE[..cut]);
        }
    }
}
