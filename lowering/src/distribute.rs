//! `distribute`: maps parallel loops onto the invocation grid and expands workgroup reductions.
//!
//! - `parallel untiled`: the loop nest is collapsed to one linear id
//!   `gid = GlobalInvocationId.x + GlobalInvocationId.y * NumWorkgroups.x * local_x`, guarded by
//!   `gid < total` and delinearized back into the induction variables. The grid is
//!   `[min(n, maxX), ceil(n / min(n, maxX)), 1]` workgroups for `n = ceil(total / local_x)`, so
//!   1-D sizes beyond `maxComputeWorkGroupCount[0] * local_x` use a 2-D grid.
//! - `parallel workgroup`: one workgroup per iteration, linearized over the same 2-D grid and
//!   guarded per workgroup (a uniform condition, so barriers inside stay legal); the nested
//!   `parallel local` loop becomes `LocalInvocationId.x` (its bound is the workgroup size).
//! - `workgroup_reduce`: with subgroup arithmetic, a subgroup reduction, one partial per subgroup
//!   in Workgroup memory, a barrier, and a serial combine of the partials, laid out for the
//!   subgroup size the kernel records (the target's default unless the strategy recorded
//!   one, and then recorded); without subgroup arithmetic, a shared-memory tree (log2(local
//!   size) steps, each followed by a barrier), which works at any subgroup size.
//!
//! Assumes the structure `lower-to-kernels` produces: parallel loops only at the top level of
//! the body (workgroup loops holding one local loop), upper bounds computed from constants and
//! push constants. Afterwards no parallel loop and no `workgroup_reduce` is left.

use crate::error::CompileError;
use crate::kernel_ir::{self as k, KernelBuilder, ParallelMarker, Place, ScalarType, Stmt, Type};
use crate::kernel_ir::{reduce_binary, reduce_identity};
use crate::pass::{CompilationUnit, Pass, Phase};
use crate::size_expr::SizeExpr;
use crate::target::LoweringTarget;
use std::collections::HashMap;

pub struct Distribute;

impl Pass for Distribute {
    fn name(&self) -> &'static str {
        "distribute"
    }
    fn summary(&self) -> &'static str {
        "parallel loops -> workgroup / invocation ids with guards; workgroup_reduce expanded"
    }
    fn requires(&self) -> Phase {
        Phase::Kernels
    }
    fn produces(&self) -> Phase {
        Phase::Distributed
    }
    fn run(&self, unit: &mut CompilationUnit) -> Result<(), CompileError> {
        let kernels = std::mem::take(&mut unit.kernels);
        for kernel in kernels {
            let origin = kernel.origin.clone();
            let kernel =
                distribute_kernel(kernel, &unit.target).map_err(|e| e.at(self.name(), &origin))?;
            unit.kernels.push(kernel);
        }
        Ok(())
    }
}

fn internal(message: impl Into<String>) -> CompileError {
    CompileError::internal("distribute", message)
}

/// Invocations per workgroup for untiled elementwise loops.
pub fn elementwise_local_size(target: &LoweringTarget) -> u32 {
    target
        .env
        .limits
        .max_compute_workgroup_invocations
        .clamp(1, 256)
}

struct Distributor<'a> {
    target: &'a LoweringTarget,
    b: KernelBuilder,
    /// Defining op of every top-level value (to rebuild size expressions of loop bounds).
    defs: HashMap<k::Value, k::Op>,
}

pub fn distribute_kernel(
    kernel: k::Kernel,
    target: &LoweringTarget,
) -> Result<k::Kernel, CompileError> {
    let (b, body) = KernelBuilder::rebuild(kernel);
    let mut d = Distributor {
        target,
        b,
        defs: HashMap::new(),
    };
    for stmt in body.stmts {
        match stmt {
            Stmt::Let { result, op } => {
                d.defs.insert(result, op.clone());
                d.b.push_stmt(Stmt::Let { result, op });
            }
            Stmt::Parallel {
                marker: ParallelMarker::Untiled,
                ivs,
                upper,
                body,
            } => d.untiled(ivs, upper, body)?,
            Stmt::Parallel {
                marker: ParallelMarker::Workgroup,
                ivs,
                upper,
                body,
            } => d.workgroups(ivs, upper, body)?,
            Stmt::Parallel { marker, .. } => {
                return Err(internal(format!("top-level parallel {marker:?} loop")))
            }
            other => d.b.push_stmt(other),
        }
    }
    let kernel = d.b.finish();
    let shared: u64 = kernel
        .allocations
        .iter()
        .filter(|(_, a)| a.storage == k::StorageClass::Workgroup)
        .map(|(_, a)| a.len as u64 * element_bytes(a.element))
        .sum();
    if shared > target.env.limits.max_compute_shared_memory_size as u64 {
        return Err(CompileError::LimitExceeded {
            kernel: kernel.name.clone(),
            target: target.env.name.clone(),
            detail: format!(
                "{shared} bytes of workgroup memory, maxComputeSharedMemorySize is {}",
                target.env.limits.max_compute_shared_memory_size
            ),
        });
    }
    Ok(kernel)
}

/// Bytes of one Workgroup-memory element (a Bool counts as a 32-bit word).
fn element_bytes(t: ScalarType) -> u64 {
    match t {
        ScalarType::I8 => 1,
        ScalarType::I16 | ScalarType::F16 | ScalarType::BF16 => 2,
        ScalarType::Bool | ScalarType::I32 | ScalarType::F32 => 4,
        ScalarType::I64 | ScalarType::F64 | ScalarType::Index => 8,
    }
}

impl Distributor<'_> {
    /// The size expression a top-level index value was computed from.
    fn size_expr_of(&self, v: k::Value) -> Result<SizeExpr, CompileError> {
        let op = self.defs.get(&v).ok_or_else(|| {
            internal(format!(
                "loop bound %{} is not a top-level value",
                v.index()
            ))
        })?;
        Ok(match op {
            k::Op::Constant(k::Literal::Int(c)) => SizeExpr::Const(*c),
            k::Op::PushConstant(id) => self.b.kernel.push_constants[id.0 as usize].value.clone(),
            k::Op::Binary { op, lhs, rhs } => {
                let (a, b) = (self.size_expr_of(*lhs)?, self.size_expr_of(*rhs)?);
                match op {
                    k::BinaryOp::Add => a.add(b),
                    k::BinaryOp::Sub => a.sub(b),
                    k::BinaryOp::Mul => a.mul(b),
                    k::BinaryOp::Div => a.div(b),
                    k::BinaryOp::Min => a.min(b),
                    k::BinaryOp::Max => a.max(b),
                    _ => return Err(internal("unsupported op in a loop bound")),
                }
            }
            _ => return Err(internal("unsupported loop bound")),
        })
    }

    fn index(&mut self, v: i64) -> k::Value {
        self.b.index(v)
    }

    /// Product of the bounds as a value and as an expression.
    fn total(&mut self, upper: &[k::Value]) -> Result<(k::Value, SizeExpr), CompileError> {
        let mut expr = SizeExpr::Const(1);
        let mut value = upper[0];
        for (i, &u) in upper.iter().enumerate() {
            expr = expr.mul(self.size_expr_of(u)?);
            if i > 0 {
                value = self.b.binary(k::BinaryOp::Mul, value, u);
            }
        }
        Ok((value, expr))
    }

    /// Sets a 2-D grid of `groups` workgroups; returns the linear workgroup index expression
    /// factor (`NumWorkgroups.x`).
    fn grid(&mut self, groups: SizeExpr) {
        let max_x = self.target.env.limits.max_compute_workgroup_count[0] as i64;
        let x = groups.clone().min(SizeExpr::Const(max_x));
        let y = groups.ceil_div(x.clone());
        self.b.kernel.workgroup_count = [x, y, SizeExpr::Const(1)];
    }

    /// Defines `ivs` (row-major over `upper`) from `linear`.
    fn delinearize(&mut self, linear: k::Value, ivs: &[k::Value], upper: &[k::Value]) {
        let mut rest = linear;
        for i in (0..ivs.len()).rev() {
            if i == 0 {
                let zero = self.zero();
                self.b.push_stmt(Stmt::Let {
                    result: ivs[i],
                    op: k::Op::Binary {
                        op: k::BinaryOp::Add,
                        lhs: rest,
                        rhs: zero,
                    },
                });
            } else {
                self.b.push_stmt(Stmt::Let {
                    result: ivs[i],
                    op: k::Op::Binary {
                        op: k::BinaryOp::Rem,
                        lhs: rest,
                        rhs: upper[i],
                    },
                });
                rest = self.b.binary(k::BinaryOp::Div, rest, upper[i]);
            }
        }
    }

    fn zero(&mut self) -> k::Value {
        self.index(0)
    }

    fn untiled(
        &mut self,
        ivs: Vec<k::Value>,
        upper: Vec<k::Value>,
        body: k::Block,
    ) -> Result<(), CompileError> {
        let local = elementwise_local_size(self.target);
        self.b.kernel.local_size = [local, 1, 1];
        let (total, total_expr) = self.total(&upper)?;
        self.grid(total_expr.ceil_div(SizeExpr::Const(local as i64)));
        let gx = self.b.builtin(k::Builtin::GlobalInvocationId, 0);
        let gy = self.b.builtin(k::Builtin::GlobalInvocationId, 1);
        let nx = self.b.builtin(k::Builtin::NumWorkgroups, 0);
        let l = self.index(local as i64);
        let row = self.b.binary(k::BinaryOp::Mul, nx, l);
        let y_part = self.b.binary(k::BinaryOp::Mul, gy, row);
        let gid = self.b.let_named(
            Type::Scalar(ScalarType::Index),
            "gid",
            k::Op::Binary {
                op: k::BinaryOp::Add,
                lhs: gx,
                rhs: y_part,
            },
        );
        let inside = self.b.compare(k::CompareOp::Lt, gid, total);
        let block = self.capture(|this| {
            this.delinearize(gid, &ivs, &upper);
            for stmt in body.stmts {
                this.b.push_stmt(stmt);
            }
            Ok(())
        })?;
        self.b.push_stmt(Stmt::If {
            cond: inside,
            then_block: block,
            else_block: k::Block::default(),
        });
        Ok(())
    }

    fn capture(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<(), CompileError>,
    ) -> Result<k::Block, CompileError> {
        let mut result = Ok(());
        let mut builder = std::mem::replace(&mut self.b, KernelBuilder::new(""));
        let block = builder.capture(|b| {
            std::mem::swap(&mut self.b, b);
            result = f(self);
            std::mem::swap(&mut self.b, b);
        });
        self.b = builder;
        result.map(|_| block)
    }

    fn workgroups(
        &mut self,
        ivs: Vec<k::Value>,
        upper: Vec<k::Value>,
        body: k::Block,
    ) -> Result<(), CompileError> {
        let (total, total_expr) = self.total(&upper)?;
        self.grid(total_expr);
        let wx = self.b.builtin(k::Builtin::WorkgroupId, 0);
        let wy = self.b.builtin(k::Builtin::WorkgroupId, 1);
        let nx = self.b.builtin(k::Builtin::NumWorkgroups, 0);
        let y_part = self.b.binary(k::BinaryOp::Mul, wy, nx);
        let group = self.b.let_named(
            Type::Scalar(ScalarType::Index),
            "group",
            k::Op::Binary {
                op: k::BinaryOp::Add,
                lhs: wx,
                rhs: y_part,
            },
        );
        let inside = self.b.compare(k::CompareOp::Lt, group, total);
        let block = self.capture(|this| {
            this.delinearize(group, &ivs, &upper);
            for stmt in body.stmts {
                match stmt {
                    Stmt::Parallel {
                        marker: ParallelMarker::Local,
                        ivs: lanes,
                        body,
                        ..
                    } => {
                        this.b.push_stmt(Stmt::Let {
                            result: lanes[0],
                            op: k::Op::Builtin {
                                builtin: k::Builtin::LocalInvocationId,
                                dim: 0,
                            },
                        });
                        for stmt in body.stmts {
                            match stmt {
                                Stmt::Let {
                                    result,
                                    op: k::Op::WorkgroupReduce { op, arg },
                                } => this.workgroup_reduce(result, op, arg, lanes[0])?,
                                other => this.b.push_stmt(other),
                            }
                        }
                    }
                    other => this.b.push_stmt(other),
                }
            }
            Ok(())
        })?;
        self.b.push_stmt(Stmt::If {
            cond: inside,
            then_block: block,
            else_block: k::Block::default(),
        });
        Ok(())
    }

    fn workgroup_reduce(
        &mut self,
        result: k::Value,
        op: k::ReduceOp,
        arg: k::Value,
        lane: k::Value,
    ) -> Result<(), CompileError> {
        let local = self.b.kernel.local_size[0];
        let Type::Scalar(ty) = self.b.type_of(arg) else {
            return Err(internal("vector workgroup_reduce"));
        };
        if self.target.has_subgroup_arithmetic() {
            // One partial per subgroup of the size the kernel records (a strategy's, else the
            // target's default): recorded, so the runtime pins it or refuses a device without.
            let subgroup = *self
                .b
                .kernel
                .required_subgroup_size
                .get_or_insert(self.target.env.limits.subgroup_size.max(1));
            if local <= subgroup {
                // The whole workgroup is one subgroup.
                self.b.push_stmt(Stmt::Let {
                    result,
                    op: k::Op::SubgroupReduce { op, arg },
                });
                return Ok(());
            }
            let partial = self
                .b
                .let_op(Type::Scalar(ty), k::Op::SubgroupReduce { op, arg });
            let slots = local.div_ceil(subgroup);
            let shared =
                self.b
                    .allocate("subgroup_partials", k::StorageClass::Workgroup, ty, slots);
            let sid = self.b.builtin(k::Builtin::SubgroupId, 0);
            let slid = self.b.builtin(k::Builtin::SubgroupLocalInvocationId, 0);
            let zero = self.zero();
            let leader = self.b.compare(k::CompareOp::Eq, slid, zero);
            self.b.if_then(leader, |b| {
                b.store(Place::Allocation(shared), vec![sid], partial)
            });
            self.b.barrier();
            let acc = self.b.allocate("total", k::StorageClass::Function, ty, 1);
            let identity = self.b.constant(ty, reduce_identity(op, ty));
            self.b.store(Place::Allocation(acc), vec![], identity);
            let count = self.b.builtin(k::Builtin::NumSubgroups, 0);
            let one = self.index(1);
            self.b.for_loop(zero, count, one, |b, j| {
                let x = b.load(Type::Scalar(ty), Place::Allocation(shared), vec![j]);
                let cur = b.load(Type::Scalar(ty), Place::Allocation(acc), vec![]);
                let next = b.binary(reduce_binary(op), cur, x);
                b.store(Place::Allocation(acc), vec![], next);
            });
            self.b.push_stmt(Stmt::Let {
                result,
                op: k::Op::Load {
                    place: Place::Allocation(acc),
                    indices: vec![],
                },
            });
        } else {
            let shared = self
                .b
                .allocate("tree", k::StorageClass::Workgroup, ty, local.max(2));
            self.b.store(Place::Allocation(shared), vec![lane], arg);
            self.b.barrier();
            let mut stride = local / 2;
            while stride > 0 {
                let s = self.index(stride as i64);
                let active = self.b.compare(k::CompareOp::Lt, lane, s);
                self.b.if_then(active, |b| {
                    let other = b.binary(k::BinaryOp::Add, lane, s);
                    let x = b.load(Type::Scalar(ty), Place::Allocation(shared), vec![lane]);
                    let y = b.load(Type::Scalar(ty), Place::Allocation(shared), vec![other]);
                    let z = b.binary(reduce_binary(op), x, y);
                    b.store(Place::Allocation(shared), vec![lane], z);
                });
                self.b.barrier();
                stride /= 2;
            }
            let zero = self.zero();
            self.b.push_stmt(Stmt::Let {
                result,
                op: k::Op::Load {
                    place: Place::Allocation(shared),
                    indices: vec![zero],
                },
            });
        }
        Ok(())
    }
}
