//! Malformed binaries give errors with word offsets, never panics; plus a bounded fuzz smoke of
//! the deserializer (the cargo-fuzz target in `fuzz/` runs the same property without bounds).

use kiln_spirv_ir::spirv::{self, Op};
use kiln_spirv_ir::*;
use rand::{Rng, SeedableRng};

/// A small valid module: a loop with block arguments and a selection.
fn sample() -> Vec<u32> {
    let mut m = ModuleBuilder::new(Version::V1_3);
    let f32t = m.ty_f32();
    let void = m.ty_void();
    let buf = m.storage_buffer("data", f32t, 4, 0, 0);
    let mut f = m.function("main", void, &[]);
    let zero = f.constant_u32(0);
    let n = f.constant_u32(8);
    let one = f.constant_u32(1);
    let fz = f.constant_f32(0.0);
    let p = f.address_of(buf);
    let acc = f.for_range(zero, n, one, &[fz], |f, k, a| {
        let zero = f.constant_u32(0);
        let e = f.access_chain(p, &[zero, k]);
        let x = f.load(e);
        let f32t = f.ty_f32();
        vec![f.fadd(f32t, a[0], x)]
    });
    let e = f.access_chain(p, &[zero, zero]);
    let bool_t = f.ty_bool();
    let pos = f.ford_gt(bool_t, acc[0], fz);
    f.if_then(pos, |f| f.store(e, acc[0]));
    f.ret();
    let main = f.id();
    m.compute_entry_point(main, "main", [1, 1, 1]);
    serialize(&m.finish()).unwrap()
}

fn offset_of_first(words: &[u32], op: Op) -> usize {
    let mut at = 5;
    while at < words.len() {
        if words[at] & 0xffff == op as u32 {
            return at;
        }
        at += (words[at] >> 16) as usize;
    }
    panic!("no {op:?}");
}

#[test]
fn sample_is_valid() {
    validate_with_spirv_val(&sample(), "vulkan1.1").unwrap();
    deserialize(&sample()).unwrap();
}

#[test]
fn truncated_header() {
    let e = deserialize(&sample()[..3]).unwrap_err();
    assert!(e.message.contains("truncated header"), "{e}");
}

#[test]
fn wrong_magic() {
    let mut w = sample();
    w[0] = 0xdead_beef;
    let e = deserialize(&w).unwrap_err();
    assert_eq!(e.offset, 0);
    assert!(e.to_string().contains("magic"), "{e}");
}

#[test]
fn truncated_instruction() {
    let w = sample();
    let e = deserialize(&w[..w.len() - 1]).unwrap_err();
    assert!(
        e.message.contains("truncated instruction") || e.message.contains("FunctionEnd"),
        "{e}"
    );
}

#[test]
fn id_over_the_bound() {
    let mut w = sample();
    w[3] = 5; // bound far below the ids in use
    let e = deserialize(&w).unwrap_err();
    assert!(e.message.contains("outside the bound"), "{e}");
    assert!(e.offset >= 5);
}

#[test]
fn unknown_opcode() {
    let mut w = sample();
    let at = offset_of_first(&w, Op::FAdd);
    w[at] = (w[at] & 0xffff_0000) | 0x7ff0;
    let e = deserialize(&w).unwrap_err();
    assert_eq!(e.offset, at);
    assert!(e.message.contains("unknown opcode"), "{e}");
}

#[test]
fn bad_operand_count() {
    let mut w = sample();
    let at = offset_of_first(&w, Op::FAdd);
    // FAdd with 5 operand words instead of 4.
    w[at] += 1 << 16;
    w.insert(at + 5, 0);
    let e = deserialize(&w).unwrap_err();
    assert_eq!(e.offset, at, "{e}");
}

#[test]
fn unstructured_control_flow() {
    let mut w = sample();
    // Replace the OpSelectionMerge by three OpNops: a conditional branch without a merge.
    let at = offset_of_first(&w, Op::SelectionMerge);
    w[at] = (1 << 16) | Op::Nop as u32;
    w[at + 1] = (1 << 16) | Op::Nop as u32;
    w[at + 2] = (1 << 16) | Op::Nop as u32;
    let e = deserialize(&w).unwrap_err();
    assert!(e.message.contains("unstructured"), "{e}");
}

#[test]
fn byte_swapped_input_is_read() {
    let w = sample();
    let bytes: Vec<u8> = w.iter().flat_map(|x| x.to_be_bytes()).collect();
    let m = deserialize_bytes(&bytes).unwrap();
    assert_eq!(m.functions.len(), 1);
    let e = deserialize_bytes(&bytes[..7]).unwrap_err();
    assert!(e.message.contains("whole number of words"), "{e}");
}

/// 5000 mutated binaries (ours and glslang's) through the deserializer (and the serializer when it
/// accepts them): no panic, and accepted modules serialize or fail with an error.
#[test]
fn fuzz_smoke_never_panics() {
    // Seeds: our sample plus glslang's output for shaders with switches, loops with
    // break/continue, subgroup ops and function calls.
    let mut seeds = vec![sample()];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/glsl");
    let tmp = tempfile::tempdir().unwrap();
    for name in [
        "03_break_continue",
        "04_switch",
        "05_subgroup_arith",
        "19_early_return_loop",
    ] {
        let out = tmp.path().join(format!("{name}.spv"));
        let res = std::process::Command::new("glslangValidator")
            .args(["-V", "--target-env", "vulkan1.1", "-o"])
            .arg(&out)
            .arg(dir.join(format!("{name}.comp")))
            .output()
            .expect("glslangValidator must be installed");
        assert!(res.status.success());
        let bytes = std::fs::read(&out).unwrap();
        seeds.push(
            bytes
                .chunks(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        );
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x6b696c6e);
    let mut accepted = 0;
    for i in 0..5000 {
        let mut w = seeds[i % seeds.len()].clone();
        match rng.random_range(0..5) {
            0 => {
                let at = rng.random_range(0..w.len());
                w[at] ^= 1 << rng.random_range(0..32);
            }
            1 => {
                let at = rng.random_range(0..w.len());
                w[at] = rng.random();
            }
            2 => {
                let n = rng.random_range(0..w.len());
                w.truncate(n);
            }
            3 => {
                let at = rng.random_range(5..w.len());
                w[at] = rng.random_range(0..64);
            }
            _ => {
                for _ in 0..rng.random_range(1..6) {
                    let at = rng.random_range(5..w.len());
                    w[at] = w[at].wrapping_add(rng.random_range(0..4));
                }
            }
        }
        let result = std::panic::catch_unwind(|| {
            if let Ok(m) = deserialize(&w) {
                let _ = serialize(&m);
                true
            } else {
                false
            }
        });
        match result {
            Ok(true) => accepted += 1,
            Ok(false) => {}
            Err(_) => panic!("panic on mutated input #{i}: {w:?}"),
        }
    }
    assert!(
        accepted > 0,
        "no mutant was accepted: the mutations are too destructive to test much"
    );
    let _ = spirv::MAGIC_NUMBER;
}

/// Mutated text through the parser (and, when it parses, the verifier and serializer): errors,
/// never panics.
#[test]
fn text_fuzz_smoke_never_panics() {
    let text = print_module(&deserialize(&sample()).unwrap());
    let chars: Vec<char> = text.chars().collect();
    let alphabet: Vec<char> = "%^@\"(){}[]<>,:=|#-0123456789abx. \n\\u".chars().collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut parsed = 0;
    for i in 0..2000 {
        let mut c = chars.clone();
        for _ in 0..rng.random_range(1..4) {
            let at = rng.random_range(0..c.len());
            match rng.random_range(0..4) {
                0 => {
                    let end = (at + rng.random_range(1..20)).min(c.len());
                    c.drain(at..end);
                }
                1 => c.insert(at, alphabet[rng.random_range(0..alphabet.len())]),
                2 => c[at] = alphabet[rng.random_range(0..alphabet.len())],
                _ => c.truncate(at),
            }
            if c.is_empty() {
                break;
            }
        }
        let mutated: String = c.into_iter().collect();
        let result = std::panic::catch_unwind(|| {
            if let Ok(m) = parse_module(&mutated) {
                if verify(&m).is_ok() {
                    let _ = serialize(&m);
                }
                let _ = print_module(&m);
                true
            } else {
                false
            }
        });
        match result {
            Ok(ok) => parsed += usize::from(ok),
            Err(_) => panic!("panic on mutated text #{i}:\n{mutated}"),
        }
    }
    assert!(parsed > 0, "no mutant parsed");
}

/// `words` with `inst` (opcode and operands) inserted before the first `before` instruction.
fn insert_before(words: &[u32], before: Op, opcode: Op, operands: &[u32]) -> Vec<u32> {
    let at = offset_of_first(words, before);
    let mut out = words[..at].to_vec();
    out.push(((operands.len() as u32 + 1) << 16) | opcode as u32);
    out.extend(operands);
    out.extend(&words[at..]);
    out
}

/// A literal string's words (nul-terminated, zero-padded).
fn string_words(s: &str) -> Vec<u32> {
    let mut bytes = s.as_bytes().to_vec();
    bytes.resize((bytes.len() / 4 + 1) * 4, 0);
    bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// An `OpName` on an id kiln's IR keeps no name for (an `OpExtInstImport`) is an error naming
/// the name, the id and the `OpName`'s offset, never a silent drop.
#[test]
fn a_name_kiln_cannot_keep_is_refused() {
    let words = sample();
    let id = words[3];
    let mut bumped = words.clone();
    bumped[3] += 1;
    let mut operands = vec![id];
    operands.extend(string_words("GLSL.std.450"));
    let with = insert_before(&bumped, Op::MemoryModel, Op::ExtInstImport, &operands);
    let mut operands = vec![id];
    operands.extend(string_words("glsl"));
    let named = insert_before(&with, Op::Decorate, Op::Name, &operands);
    validate_with_spirv_val(&named, "vulkan1.1").unwrap();
    let e = deserialize(&named).unwrap_err();
    assert_eq!(e.offset, offset_of_first(&with, Op::Decorate), "{e}");
    assert!(
        e.message.contains(&format!("OpName \"glsl\" on %{id}")),
        "{e}"
    );
}

/// An unknown extended instruction set is refused by name unless it is `NonSemantic.*` (which
/// kiln keeps in the generic form).
#[test]
fn unknown_semantic_instruction_sets_are_refused() {
    let words = sample();
    let id = words[3];
    let mut bumped = words.clone();
    bumped[3] += 1;
    let mut operands = vec![id];
    operands.extend(string_words("Kiln.Unknown.1"));
    let with = insert_before(&bumped, Op::MemoryModel, Op::ExtInstImport, &operands);
    let e = deserialize(&with).unwrap_err();
    assert!(
        e.message.contains("`Kiln.Unknown.1` is not supported"),
        "{e}"
    );
    let mut operands = vec![id];
    operands.extend(string_words("NonSemantic.Kiln.Unknown.1"));
    let with = insert_before(&bumped, Op::MemoryModel, Op::ExtInstImport, &operands);
    let m = deserialize(&with).unwrap();
    assert_eq!(
        m.ext_inst_imports,
        [ExtInstSet::OtherNonSemantic(
            "NonSemantic.Kiln.Unknown.1".into()
        )]
    );
}

/// A module-scope `OpLine` that positions a type (kiln interns types and emits them where
/// they are first used, so no position can stay on one) is refused, not moved.
#[test]
fn a_module_scope_line_on_a_type_is_refused() {
    let words = sample();
    let id = words[3];
    let mut bumped = words.clone();
    bumped[3] += 1;
    let mut operands = vec![id];
    operands.extend(string_words("a.comp"));
    let with = insert_before(&bumped, Op::Name, Op::String, &operands);
    let lined = insert_before(&with, Op::TypeVoid, Op::Line, &[id, 3, 1]);
    validate_with_spirv_val(&lined, "vulkan1.1").unwrap();
    let e = deserialize(&lined).unwrap_err();
    assert!(
        e.message
            .contains("an OpLine at module scope positions this TypeVoid"),
        "{e}"
    );
}

/// Two different `OpName`s on one id: kiln keeps one name an id, so the second is refused
/// rather than dropped.
#[test]
fn a_second_name_on_one_id_is_refused() {
    let words = sample();
    let label = words[offset_of_first(&words, Op::Label) + 1];
    let mut first = vec![label];
    first.extend(string_words("a"));
    let mut second = vec![label];
    second.extend(string_words("b"));
    let named = insert_before(&words, Op::Decorate, Op::Name, &first);
    let named = insert_before(&named, Op::Decorate, Op::Name, &second);
    let e = deserialize(&named).unwrap_err();
    assert!(
        e.message.contains(&format!("a second OpName on %{label}")),
        "{e}"
    );
}
