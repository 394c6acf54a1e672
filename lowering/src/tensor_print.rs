//! A compact listing of the Tensor IR for `--print-ir-after` in the tensor phases (one line per
//! op: results, op name, operands, result types). The frontend owns the MLIR text format.

use kiln_frontend::Function;

pub fn print_function(function: &Function) -> String {
    let v = |x: &kiln_frontend::ValueId| format!("%{}", x.index());
    let mut out = format!("func @{}(", function.name);
    let args: Vec<String> = function
        .arguments
        .iter()
        .map(|a| format!("{}: {}", v(a), function.values[*a].ty))
        .collect();
    out.push_str(&args.join(", "));
    out.push_str(") {\n");
    for &op in &function.body {
        let o = &function.ops[op];
        let results: Vec<String> = o.results.iter().map(v).collect();
        let operands: Vec<String> = o.operands.iter().map(v).collect();
        let types: Vec<String> = o
            .results
            .iter()
            .map(|r| function.values[*r].ty.to_string())
            .collect();
        let extra = match &o.kind {
            kiln_frontend::OpKind::Generic(g) => format!(
                " {{iterators = [{}]}}",
                g.iterator_types
                    .iter()
                    .map(|t| if *t == kiln_frontend::IteratorType::Parallel {
                        "parallel"
                    } else {
                        "reduction"
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            _ => String::new(),
        };
        out.push_str(&format!(
            "  {} = {}({}){extra} : {}\n",
            results.join(", "),
            o.kind.name(),
            operands.join(", "),
            types.join(", ")
        ));
    }
    let results: Vec<String> = function.results.iter().map(v).collect();
    out.push_str(&format!("  return {}\n}}\n", results.join(", ")));
    out
}
