//! Issue 41: deeply nested and very long structured control flow. `kiln spirv as` on 20,000
//! nested selections ran 23 s, reached 7.1 GB (the verifier's dominator sets were quadratic)
//! and aborted. Now nesting up to `MAX_CONTROL_FLOW_NESTING` (1023, spirv-val's default)
//! parses, verifies, serializes and deserializes in time and memory linear in the module, and
//! deeper nesting is refused with an error (a `line:column` in text, a word offset in a
//! binary); a function of 20,000 selections one after the other verifies quickly.

use std::time::{Duration, Instant};

use kiln_spirv_ir::{
    assemble_text, deserialize, parse_module, print_module, serialize, verify,
    MAX_CONTROL_FLOW_NESTING,
};

/// `depth` selections, each inside the previous one's then-block.
fn nested_text(depth: usize) -> String {
    let mut open = Vec::new();
    let mut close = Vec::new();
    for i in 0..depth {
        let (h, t, m) = (3 * i + 1, 3 * i + 2, 3 * i + 3);
        open.push(format!(
            "    spirv.mlir.selection {{\n      ^bb{h}:\n        spirv.BranchConditional %c, ^bb{t}, ^bb{m}\n      ^bb{t}:\n"
        ));
        close.push(format!(
            "        spirv.Branch ^bb{m}\n      ^bb{m}:\n        spirv.mlir.merge\n    }}\n"
        ));
    }
    close.reverse();
    format!(
        "spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {{\n  spirv.func @main() -> void {{\n  ^bb0:\n    %c = spirv.Constant true : bool\n{}{}    spirv.Return\n  }}\n  spirv.EntryPoint GLCompute @main \"main\" interface()\n  spirv.ExecutionMode @main LocalSize 1 1 1\n}}\n",
        open.concat(),
        close.concat()
    )
}

/// `count` selections one after the other in one block.
fn sequential_text(count: usize) -> String {
    let mut body = String::new();
    for i in 0..count {
        let (h, t, m) = (3 * i + 1, 3 * i + 2, 3 * i + 3);
        body.push_str(&format!(
            "    spirv.mlir.selection {{\n      ^bb{h}:\n        spirv.BranchConditional %c, ^bb{t}, ^bb{m}\n      ^bb{t}:\n        spirv.Branch ^bb{m}\n      ^bb{m}:\n        spirv.mlir.merge\n    }}\n"
        ));
    }
    format!(
        "spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {{\n  spirv.func @main() -> void {{\n  ^bb0:\n    %c = spirv.Constant true : bool\n{body}    spirv.Return\n  }}\n  spirv.EntryPoint GLCompute @main \"main\" interface()\n  spirv.ExecutionMode @main LocalSize 1 1 1\n}}\n"
    )
}

/// A binary of `depth` nested selections, written word by word (kiln's own serializer never
/// writes one deeper than the limit).
fn nested_binary(depth: usize) -> Vec<u32> {
    fn inst(out: &mut Vec<u32>, op: u32, operands: &[u32]) {
        out.push(((operands.len() as u32 + 1) << 16) | op);
        out.extend_from_slice(operands);
    }
    // Ids: 1 void, 2 fn type, 3 bool, 4 true, 5 main, 6 entry label, then t_i / m_i.
    let (t, m) = (|i: usize| 7 + 2 * i as u32, |i: usize| 8 + 2 * i as u32);
    let bound = 8 + 2 * depth as u32;
    let mut w = vec![0x0723_0203, 0x0001_0000, 0, bound, 0];
    inst(&mut w, 17, &[1]); // OpCapability Shader
    inst(&mut w, 14, &[0, 1]); // OpMemoryModel Logical GLSL450
    inst(&mut w, 15, &[5, 5, u32::from_le_bytes(*b"main"), 0]); // OpEntryPoint GLCompute
    inst(&mut w, 16, &[5, 17, 1, 1, 1]); // OpExecutionMode LocalSize 1 1 1
    inst(&mut w, 19, &[1]); // OpTypeVoid
    inst(&mut w, 33, &[2, 1]); // OpTypeFunction
    inst(&mut w, 20, &[3]); // OpTypeBool
    inst(&mut w, 41, &[3, 4]); // OpConstantTrue
    inst(&mut w, 54, &[1, 5, 0, 2]); // OpFunction
    inst(&mut w, 248, &[6]); // OpLabel
    for i in 0..depth {
        inst(&mut w, 247, &[m(i), 0]); // OpSelectionMerge
        inst(&mut w, 250, &[4, t(i), m(i)]); // OpBranchConditional
        inst(&mut w, 248, &[t(i)]);
    }
    inst(&mut w, 249, &[m(depth - 1)]); // OpBranch
    for i in (0..depth).rev() {
        inst(&mut w, 248, &[m(i)]);
        if i == 0 {
            inst(&mut w, 253, &[]); // OpReturn
        } else {
            inst(&mut w, 249, &[m(i - 1)]);
        }
    }
    inst(&mut w, 56, &[]); // OpFunctionEnd
    w
}

/// Runs `f` on a thread with `stack` bytes of stack (the CLI gives its thread 1 GiB; the
/// readers recurse once per nesting level).
fn on_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn nesting_up_to_the_limit_round_trips_in_bounded_time() {
    on_stack(|| {
        let start = Instant::now();
        let text = nested_text(MAX_CONTROL_FLOW_NESTING);
        let words = assemble_text(&text).unwrap_or_else(|e| panic!("{e}"));
        let module = deserialize(&words).unwrap_or_else(|e| panic!("{e}"));
        verify(&module).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(serialize(&module).unwrap(), words);
        let again = parse_module(&print_module(&module)).unwrap();
        verify(&again).unwrap();
        let binary = deserialize(&nested_binary(MAX_CONTROL_FLOW_NESTING)).unwrap();
        verify(&binary).unwrap();
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{:?}",
            start.elapsed()
        );
    });
}

#[test]
fn nesting_past_the_limit_is_refused_with_a_position() {
    on_stack(|| {
        // The 20,000 levels of the report: refused at the 1024th, quickly.
        let start = Instant::now();
        let text = nested_text(20_000);
        let e = assemble_text(&text).unwrap_err().to_string();
        let line = 5 + 4 * MAX_CONTROL_FLOW_NESTING;
        assert!(
            e.contains(&format!(
                "{line}:5: `spirv.mlir.selection` nested more than 1023"
            )),
            "{e}"
        );
        assert!(start.elapsed() < Duration::from_secs(10));
        let e = parse_module(&nested_text(MAX_CONTROL_FLOW_NESTING + 1))
            .unwrap_err()
            .to_string();
        assert!(e.contains("nested more than 1023"), "{e}");
        let e = deserialize(&nested_binary(MAX_CONTROL_FLOW_NESTING + 1))
            .unwrap_err()
            .to_string();
        assert!(e.contains("nested more than 1023 constructs deep"), "{e}");
        let e = deserialize(&nested_binary(20_000)).unwrap_err().to_string();
        assert!(e.contains("nested more than 1023 constructs deep"), "{e}");
    });
}

#[test]
fn twenty_thousand_sequential_selections_verify_in_linear_time() {
    on_stack(|| {
        let start = Instant::now();
        let words = assemble_text(&sequential_text(20_000)).unwrap_or_else(|e| panic!("{e}"));
        let module = deserialize(&words).unwrap();
        verify(&module).unwrap();
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{:?}",
            start.elapsed()
        );
    });
}
