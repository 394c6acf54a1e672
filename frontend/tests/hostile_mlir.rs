//! Issue 26: hostile MLIR text. Nesting that used to overflow the stack (100k parentheses or
//! unary minuses in an affine map, a 100k-term sum, a 100k-deep `dense<[[...]]>` or attribute
//! list) is refused with an error at a position; long scalar bodies parse in linear time.
//! (The tests run on the test harness's small thread stacks, which makes a regression fail.)

use std::time::{Duration, Instant};

use kiln_frontend::parse_mlir;

const DEEP: usize = 100_000;

fn generic_with_map(expr: &str) -> String {
    format!(
        r#"#m = affine_map<(d0) -> ({expr})>
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {{
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {{indexing_maps = [#m, #id], iterator_types = ["parallel"]}} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {{
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }} -> tensor<8xf32>
  return %r : tensor<8xf32>
}}
"#
    )
}

fn refused(text: &str, message: &str) {
    let e = parse_mlir(text).expect_err(message);
    assert!(e.message.contains(message), "{}", e.message);
    assert!(e.line >= 1 && e.column >= 1);
}

#[test]
fn deep_affine_expressions_are_refused() {
    let parens = format!("{}d0{}", "(".repeat(DEEP), ")".repeat(DEEP));
    refused(&generic_with_map(&parens), "nested more than 64 deep");
    let minus = format!("{}d0", "-".repeat(DEEP));
    refused(&generic_with_map(&minus), "nested more than 64 deep");
    let sum = format!("d0{}", " + 0".repeat(DEEP));
    refused(&generic_with_map(&sum), "more than 256 terms");
    let product = format!("d0{}", " * 1".repeat(DEEP));
    refused(&generic_with_map(&product), "more than 256 terms");
    // Moderate nesting still parses.
    let fine = format!("{}d0{} + -(-d0) * 2 mod 3", "(".repeat(20), ")".repeat(20));
    parse_mlir(&generic_with_map(&fine)).unwrap();
}

#[test]
fn deep_dense_literals_and_attribute_lists_are_refused() {
    let dense = format!(
        "func.func @main() -> tensor<1xf32> {{\n  %c = arith.constant dense<{}1.0{}> : tensor<1xf32>\n  return %c : tensor<1xf32>\n}}\n",
        "[".repeat(DEEP),
        "]".repeat(DEEP)
    );
    refused(&dense, "nested more than 64 deep");
    let attrs = format!(
        "func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> attributes {{a = {}1{}}} {{\n  return %x : tensor<8xf32>\n}}\n",
        "[".repeat(DEEP),
        "]".repeat(DEEP)
    );
    assert!(parse_mlir(&attrs).is_err());
}

/// A scalar body of `n` chained adds.
fn long_body(n: usize) -> String {
    let mut text = String::from(
        "#id = affine_map<(d0) -> (d0)>\nfunc.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {\n  %e = tensor.empty() : tensor<8xf32>\n  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {\n  ^bb0(%a: f32, %o: f32):\n",
    );
    let mut previous = "%a".to_string();
    for i in 0..n {
        text.push_str(&format!("    %s{i} = arith.addf {previous}, %a : f32\n"));
        previous = format!("%s{i}");
    }
    text.push_str(&format!(
        "    linalg.yield {previous} : f32\n  }} -> tensor<8xf32>\n  return %r : tensor<8xf32>\n}}\n"
    ));
    text
}

/// Each body op was type-checked by re-verifying the whole body so far: 10k ops took 5.8 s.
#[test]
fn long_scalar_bodies_parse_in_linear_time() {
    let text = long_body(100_000);
    let start = Instant::now();
    let module = parse_mlir(&text).unwrap();
    let elapsed = start.elapsed();
    assert!(
        elapsed < Duration::from_secs(20),
        "100k body ops took {elapsed:?}"
    );
    assert_eq!(
        module.entry().unwrap().ops.len(),
        2,
        "tensor.empty and the generic"
    );
    // A type error deep in a long body still points at its op.
    let bad = long_body(2_000).replace(
        "%s1500 = arith.addf %s1499, %a : f32",
        "%s1500 = arith.addi %s1499, %a : f32",
    );
    let e = parse_mlir(&bad).unwrap_err();
    assert!(e.message.contains("arith.addi"), "{}", e.message);
    assert_eq!(e.line, 5 + 1501);
}

#[test]
fn dims_past_int64_are_refused() {
    let one = |ty: &str| format!("func.func @main(%x: {ty}) -> {ty} {{\n  return %x : {ty}\n}}\n");
    let e = parse_mlir(&one("tensor<18446744073709551616xf32>")).unwrap_err();
    assert_eq!(
        (e.line, e.column, e.message.as_str()),
        (
            1,
            28,
            "dimension 18446744073709551616 out of range (at most 2^63-1)"
        )
    );
    let e = parse_mlir(&one("tensor<18446744073709551615xf32>")).unwrap_err();
    assert!(e.message.contains("out of range"), "{}", e.message);
    // Each dim fits, the element count does not.
    let e = parse_mlir(&one("tensor<4294967296x4294967296xf32>")).unwrap_err();
    assert!(
        e.message.contains("more than 2^63-1 elements"),
        "{}",
        e.message
    );
    parse_mlir(&one("tensor<1099511627776xf32>")).unwrap();
}

/// A result too large for the host is an interpreter error, not an allocation abort.
#[test]
fn the_interpreter_refuses_huge_results() {
    let text = "func.func @main() -> tensor<1099511627776xf32> {\n  %c = arith.constant 1.0 : f32\n  %e = tensor.empty() : tensor<1099511627776xf32>\n  %f = linalg.fill ins(%c : f32) outs(%e : tensor<1099511627776xf32>) -> tensor<1099511627776xf32>\n  return %f : tensor<1099511627776xf32>\n}\n";
    let m = parse_mlir(text).unwrap();
    let e = kiln_frontend::interpret(&m, &[]).unwrap_err().to_string();
    assert!(e.contains("larger than the interpreter holds"), "{e}");
}
