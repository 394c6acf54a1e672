//! The kernel IR parser's statements and operations (the body of a kernel).

use super::{PResult, Parser};
use crate::arena::Handle;
use crate::kernel_ir::printer::type_name;
use crate::kernel_ir::syntax::*;

impl<'a> Parser<'a> {
    /// Statements up to (not including) the closing `}`, or `yield` in a `matrix_map` body.
    pub(super) fn block(&mut self, in_matrix_map: bool) -> PResult<Block> {
        self.enter()?;
        let mut stmts = Vec::new();
        loop {
            match self.peek() {
                Some(b'}') | None => break,
                _ if in_matrix_map && self.at_keyword("yield") => break,
                _ => stmts.push(self.stmt()?),
            }
        }
        self.leave();
        Ok(Block { stmts })
    }

    /// `{` block `}`
    fn braced_block(&mut self) -> PResult<Block> {
        self.expect("{")?;
        let block = self.block(false)?;
        self.expect("}")?;
        Ok(block)
    }

    fn view_id(&mut self) -> PResult<ViewId> {
        self.skip_ws();
        let pos = self.pos;
        let v = self.numbered("@", "v", "a view")?;
        if v as usize >= self.views {
            return self.err_at(pos, format!("view @v{v} is not declared"));
        }
        Ok(ViewId(v))
    }

    fn place(&mut self) -> PResult<Place> {
        self.skip_ws();
        let pos = self.pos;
        if self.src[self.pos..].starts_with(b"@v") {
            return Ok(Place::View(self.view_id()?));
        }
        let a = self.numbered("@", "a", "a view or an allocation")?;
        if a as usize >= self.allocations {
            return self.err_at(pos, format!("allocation @a{a} is not declared"));
        }
        Ok(Place::Allocation(Handle::from_index(a as usize)))
    }

    /// `PLACE[%offset + row * %stride]` (cooperative matrix loads and stores).
    fn matrix_place(&mut self) -> PResult<(Place, Value, Value)> {
        let place = self.place()?;
        self.expect("[")?;
        let offset = self.use_value()?;
        self.expect("+")?;
        self.expect_keyword("row")?;
        self.expect("*")?;
        let stride = self.use_value()?;
        self.expect("]")?;
        Ok((place, offset, stride))
    }

    /// `@vI[%b.., %row0.., %col0..] [in_bounds]`: (view, batch, row0, col0, in_bounds).
    fn tensor_window(&mut self) -> PResult<(ViewId, Vec<Value>, Value, Value, bool)> {
        let view = self.view_id()?;
        self.expect("[")?;
        let mut items = Vec::new();
        loop {
            self.skip_ws();
            let pos = self.pos;
            let v = self.use_value()?;
            let window = self.eat("..");
            items.push((pos, v, window));
            if self.eat("]") {
                break;
            }
            self.expect(",")?;
        }
        let n = items.len();
        for (k, &(pos, _, window)) in items.iter().enumerate() {
            let want = k + 2 >= n;
            if window != want {
                return self.err_at(
                    pos,
                    if want {
                        "expected `..` after the window's row and column starts (the last two indices)"
                    } else {
                        "only the last two indices (row and column starts) take `..`"
                    },
                );
            }
        }
        if n < 2 {
            return self.expected("the window's row and column starts (`%row..`, `%col..`)");
        }
        let in_bounds = self.eat_keyword("in_bounds");
        let batch = items[..n - 2].iter().map(|&(_, v, _)| v).collect();
        Ok((view, batch, items[n - 2].1, items[n - 1].1, in_bounds))
    }

    fn stmt(&mut self) -> PResult<Stmt> {
        match self.peek() {
            Some(b'%') => return self.let_or_matrix_map(),
            Some(_) => {}
            None => return self.expected("a statement"),
        }
        if self.eat_keyword("store") {
            let place = self.place()?;
            let indices = self.use_values("[", "]")?;
            self.expect(",")?;
            let value = self.use_value()?;
            return Ok(Stmt::Store {
                place,
                indices,
                value,
            });
        }
        if self.eat_keyword("parallel") {
            let marker = [
                ParallelMarker::Workgroup,
                ParallelMarker::Local,
                ParallelMarker::Untiled,
            ][self.choice("a parallel marker", &["workgroup", "local", "untiled"])?];
            self.expect("(")?;
            let mut iv_tokens = Vec::new();
            loop {
                iv_tokens.push(self.value_token()?);
                if self.eat(")") {
                    break;
                }
                self.expect(",")?;
            }
            self.expect("<")?;
            let upper = self.use_values("(", ")")?;
            let mut ivs = Vec::new();
            for t in iv_tokens {
                ivs.push(self.define(t, Type::Scalar(ScalarType::Index))?);
            }
            let body = self.braced_block()?;
            return Ok(Stmt::Parallel {
                marker,
                ivs,
                upper,
                body,
            });
        }
        if self.eat_keyword("for") {
            let iv = self.value_token()?;
            self.expect("=")?;
            let lower = self.use_value()?;
            self.expect_keyword("to")?;
            let upper = self.use_value()?;
            self.expect_keyword("step")?;
            let step = self.use_value()?;
            let iv = self.define(iv, Type::Scalar(ScalarType::Index))?;
            let body = self.braced_block()?;
            return Ok(Stmt::For {
                iv,
                lower,
                upper,
                step,
                body,
            });
        }
        if self.eat_keyword("if") {
            let cond = self.use_value()?;
            let then_block = self.braced_block()?;
            let else_block = if self.eat_keyword("else") {
                self.braced_block()?
            } else {
                Block::default()
            };
            return Ok(Stmt::If {
                cond,
                then_block,
                else_block,
            });
        }
        if self.eat_keyword("control_barrier") {
            self.expect_keyword("workgroup")?;
            return Ok(Stmt::Barrier);
        }
        if self.eat_keyword("matrix_store") {
            let value = self.use_value()?;
            self.expect(",")?;
            let (place, offset, stride) = self.matrix_place()?;
            return Ok(Stmt::MatrixStore {
                place,
                offset,
                stride,
                value,
            });
        }
        if self.eat_keyword("matrix_store_tensor") {
            let value = self.use_value()?;
            self.expect(",")?;
            let (view, batch, row0, col0, in_bounds) = self.tensor_window()?;
            let limits = if self.eat_keyword("limits") {
                self.expect("(")?;
                let rows = self.use_value()?;
                self.expect(",")?;
                let columns = self.use_value()?;
                self.expect(")")?;
                Some([rows, columns])
            } else {
                None
            };
            return Ok(Stmt::MatrixStoreTensor(MatrixStoreTensor {
                view,
                batch,
                row0,
                col0,
                value,
                in_bounds,
                limits,
            }));
        }
        self.expected(
            "a statement (`%N = ...`, `store`, `parallel`, `for`, `if`, `control_barrier`, \
             `matrix_store`, `matrix_store_tensor`) or `}`",
        )
    }

    fn let_or_matrix_map(&mut self) -> PResult<Stmt> {
        let result = self.value_token()?;
        self.expect("=")?;
        if self.eat_keyword("matrix_map") {
            let matrix = self.use_value()?;
            self.expect("(")?;
            let row = self.value_token()?;
            self.expect(",")?;
            let column = self.value_token()?;
            self.expect(",")?;
            let element = self.value_token()?;
            self.expect(")")?;
            let index = Type::Scalar(ScalarType::Index);
            let row = self.define(row, index)?;
            let column = self.define(column, index)?;
            let element_type = match self.type_of(matrix) {
                Type::Scalar(s) | Type::Vector(s, _) => s,
                Type::Matrix(m) => m.element,
            };
            let element = self.define(element, Type::Scalar(element_type))?;
            self.expect("{")?;
            let body = self.block(true)?;
            self.expect_keyword("yield")?;
            let yielded = self.use_value()?;
            self.expect("}")?;
            self.expect(":")?;
            let ty = self.ty()?;
            let result = self.define(result, ty)?;
            return Ok(Stmt::MatrixMap(MatrixMap {
                result,
                matrix,
                row,
                column,
                element,
                body,
                yielded,
            }));
        }
        let op = self.op()?;
        self.expect(":")?;
        let ty = self.ty()?;
        let result = self.define(result, ty)?;
        Ok(Stmt::Let { result, op })
    }

    fn reduce_op(&mut self) -> PResult<ReduceOp> {
        Ok([ReduceOp::Add, ReduceOp::Mul, ReduceOp::Min, ReduceOp::Max]
            [self.choice("a reduction", &["add", "mul", "min", "max"])?])
    }

    fn op(&mut self) -> PResult<Op> {
        const UNARY: [(&str, UnaryOp); 22] = [
            ("neg", UnaryOp::Neg),
            ("abs", UnaryOp::Abs),
            ("not", UnaryOp::Not),
            ("exp", UnaryOp::Exp),
            ("log", UnaryOp::Log),
            ("sqrt", UnaryOp::Sqrt),
            ("rsqrt", UnaryOp::Rsqrt),
            ("tanh", UnaryOp::Tanh),
            ("floor", UnaryOp::Floor),
            ("ceil", UnaryOp::Ceil),
            ("round", UnaryOp::Round),
            ("sin", UnaryOp::Sin),
            ("cos", UnaryOp::Cos),
            ("exp2", UnaryOp::Exp2),
            ("log2", UnaryOp::Log2),
            ("tan", UnaryOp::Tan),
            ("atan", UnaryOp::Atan),
            ("sinh", UnaryOp::Sinh),
            ("cosh", UnaryOp::Cosh),
            ("asinh", UnaryOp::Asinh),
            ("acosh", UnaryOp::Acosh),
            ("atanh", UnaryOp::Atanh),
        ];
        const BINARY: [(&str, BinaryOp); 17] = [
            ("add", BinaryOp::Add),
            ("sub", BinaryOp::Sub),
            ("mul", BinaryOp::Mul),
            ("div", BinaryOp::Div),
            ("rem", BinaryOp::Rem),
            ("divu", BinaryOp::DivU),
            ("remu", BinaryOp::RemU),
            ("min", BinaryOp::Min),
            ("max", BinaryOp::Max),
            ("pow", BinaryOp::Pow),
            ("atan2", BinaryOp::Atan2),
            ("and", BinaryOp::And),
            ("or", BinaryOp::Or),
            ("xor", BinaryOp::Xor),
            ("shl", BinaryOp::Shl),
            ("shru", BinaryOp::ShrU),
            ("shrs", BinaryOp::ShrS),
        ];
        const BUILTINS: [(&str, Builtin); 8] = [
            ("global_invocation_id", Builtin::GlobalInvocationId),
            ("workgroup_id", Builtin::WorkgroupId),
            ("local_invocation_id", Builtin::LocalInvocationId),
            ("num_workgroups", Builtin::NumWorkgroups),
            (
                "subgroup_local_invocation_id",
                Builtin::SubgroupLocalInvocationId,
            ),
            ("subgroup_id", Builtin::SubgroupId),
            ("num_subgroups", Builtin::NumSubgroups),
            ("subgroup_size", Builtin::SubgroupSize),
        ];
        self.skip_ws();
        let start = self.pos;
        let word = self.word_here();
        if word.is_empty() {
            return self.expected("an operation");
        }
        if let Some(&(_, op)) = UNARY.iter().find(|(n, _)| *n == word) {
            return Ok(Op::Unary {
                op,
                arg: self.use_value()?,
            });
        }
        if let Some(&(_, op)) = BINARY.iter().find(|(n, _)| *n == word) {
            let lhs = self.use_value()?;
            self.expect(",")?;
            let rhs = self.use_value()?;
            return Ok(Op::Binary { op, lhs, rhs });
        }
        if let Some(&(_, builtin)) = BUILTINS.iter().find(|(n, _)| *n == word) {
            let dim = if builtin.is_vector() {
                if self.src.get(self.pos) != Some(&b'.') {
                    return self.expected(&format!("`.x`, `.y` or `.z` after `{word}`"));
                }
                self.pos += 1;
                let dim_start = self.pos;
                match self.word_here() {
                    "x" => 0,
                    "y" => 1,
                    "z" => 2,
                    _ => {
                        self.pos = dim_start;
                        return self.expected("`x`, `y` or `z`");
                    }
                }
            } else {
                0
            };
            return Ok(Op::Builtin { builtin, dim });
        }
        Ok(match word {
            "constant" => Op::Constant(self.literal()?),
            "push_constant" => {
                self.skip_ws();
                let pos = self.pos;
                let i = self.numbered("@", "pc", "a push constant")?;
                if i as usize >= self.push_constants {
                    return self.err_at(pos, format!("push constant @pc{i} is not declared"));
                }
                Op::PushConstant(PushConstantId(i))
            }
            "cmp" => {
                let op = [
                    CompareOp::Eq,
                    CompareOp::Ne,
                    CompareOp::Lt,
                    CompareOp::Le,
                    CompareOp::Gt,
                    CompareOp::Ge,
                ][self.choice("a comparison", &["eq", "ne", "lt", "le", "gt", "ge"])?];
                let lhs = self.use_value()?;
                self.expect(",")?;
                let rhs = self.use_value()?;
                Op::Compare { op, lhs, rhs }
            }
            "select" => {
                let cond = self.use_value()?;
                self.expect(",")?;
                let on_true = self.use_value()?;
                self.expect(",")?;
                let on_false = self.use_value()?;
                Op::Select {
                    cond,
                    on_true,
                    on_false,
                }
            }
            "cast" | "bitcast" => {
                let bits = word == "bitcast";
                let arg = self.use_value()?;
                self.expect(":")?;
                self.skip_ws();
                let pos = self.pos;
                let ty = self.ty()?;
                let actual = self.type_of(arg);
                if ty != actual {
                    return self.err_at(
                        pos,
                        format!(
                            "the cast's operand is {}, not {}",
                            type_name(actual),
                            type_name(ty)
                        ),
                    );
                }
                if bits {
                    Op::Bitcast { arg }
                } else {
                    Op::Cast { arg }
                }
            }
            "load" => {
                let place = self.place()?;
                let indices = self.use_values("[", "]")?;
                Op::Load { place, indices }
            }
            "splat" => Op::Splat {
                arg: self.use_value()?,
            },
            "extract" => {
                let vector = self.use_value()?;
                self.expect("[")?;
                let pos = self.pos;
                let lane = self.u32("a lane")?;
                let lane = u8::try_from(lane)
                    .or_else(|_| self.err_at(pos, format!("lane {lane} is out of range")))?;
                self.expect("]")?;
                Op::Extract { vector, lane }
            }
            "subgroup_broadcast" => {
                let arg = self.use_value()?;
                self.expect_keyword("from")?;
                let lane = self.u32("a lane")?;
                Op::SubgroupBroadcast { arg, lane }
            }
            "subgroup_reduce" => {
                let op = self.reduce_op()?;
                Op::SubgroupReduce {
                    op,
                    arg: self.use_value()?,
                }
            }
            "workgroup_reduce" => {
                let op = self.reduce_op()?;
                Op::WorkgroupReduce {
                    op,
                    arg: self.use_value()?,
                }
            }
            "matrix_load" => {
                let (place, offset, stride) = self.matrix_place()?;
                Op::MatrixLoad {
                    place,
                    offset,
                    stride,
                }
            }
            "matrix_load_tensor" => {
                let (view, batch, row0, col0, in_bounds) = self.tensor_window()?;
                Op::MatrixLoadTensor {
                    view,
                    batch,
                    row0,
                    col0,
                    in_bounds,
                }
            }
            "matrix_mul_add" => {
                let a = self.use_value()?;
                self.expect(",")?;
                let b = self.use_value()?;
                self.expect(",")?;
                let c = self.use_value()?;
                Op::MatrixMulAdd { a, b, c }
            }
            _ => {
                self.pos = start;
                return self.expected("an operation");
            }
        })
    }

    /// `true`, `false`, an integer, or a float as Rust's `{:?}` writes it (`1.0`, `1e-7`, `inf`,
    /// `-inf`, `NaN`).
    fn literal(&mut self) -> PResult<Literal> {
        if self.eat_keyword("true") {
            return Ok(Literal::Bool(true));
        }
        if self.eat_keyword("false") {
            return Ok(Literal::Bool(false));
        }
        self.skip_ws();
        let start = self.pos;
        while self.pos < self.src.len()
            && (self.src[self.pos].is_ascii_alphanumeric() || b"+-.".contains(&self.src[self.pos]))
        {
            self.pos += 1;
        }
        let text = std::str::from_utf8(&self.src[start..self.pos]).unwrap_or("");
        let is_float = text.contains(['.', 'e', 'E']) || matches!(text, "inf" | "-inf" | "NaN");
        let parsed = if is_float {
            text.parse::<f64>().ok().map(Literal::Float)
        } else {
            text.parse::<i64>().ok().map(Literal::Int)
        };
        match parsed {
            Some(l) if !text.is_empty() => Ok(l),
            _ => {
                self.pos = start;
                self.expected("a literal (`true`, `false`, an integer or a float)")
            }
        }
    }
}
