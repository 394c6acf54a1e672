//! The type rules of cooperative-matrix and tensor-layout instructions
//! (SPV_NV_cooperative_matrix2, SPV_NV_tensor_addressing).

use super::instructions::InstTypes;
use super::*;

impl<'m> Verifier<'m> {
    /// Tensor layouts and views, tensor loads / stores, per-element operations.
    pub(super) fn cooperative_types(&mut self, i: &InstTypes<'_, 'm>) -> bool {
        use Op::*;
        let (f, op, opcode, operands, vals, rt) = (i.f, i.op, i.opcode, i.operands, &i.vals, i.rt);
        match i.opcode {
            // ---- tensor addressing (SPV_NV_tensor_addressing) ----
            CreateTensorLayoutNV => {
                if !matches!(rt, Some(Type::TensorLayout { .. })) || !operands.is_empty() {
                    self.bad(
                        i,
                        "creates a value of a tensor layout type from no operands",
                    );
                }
            }
            TensorLayoutSetDimensionNV | TensorLayoutSetStrideNV | TensorLayoutSliceNV => {
                let per_dimension = if opcode == TensorLayoutSliceNV { 2 } else { 1 };
                let ok = match rt {
                    Some(Type::TensorLayout { dim, .. }) => {
                        vals.first().copied().flatten() == rt
                            && vals.len() == 1 + per_dimension * *dim as usize
                            && vals[1..]
                                .iter()
                                .all(|t| matches!(t, Some(Type::Int { width: 32, .. })))
                    }
                    _ => false,
                };
                if !ok {
                    self.bad(
                        i,
                        &format!(
                            "needs a tensor layout of the result type and {per_dimension} 32-bit \
                             integer(s) per dimension"
                        ),
                    );
                }
            }
            CooperativeMatrixLoadTensorNV => {
                let ok = matches!(rt, Some(Type::CooperativeMatrix { .. }))
                    && vals.len() >= 5
                    && matches!(vals[0], Some(Type::Pointer { .. }))
                    && vals[1] == rt
                    && matches!(vals[2], Some(Type::TensorLayout { .. }));
                if !ok {
                    self.bad(
                        i,
                        "needs a pointer, an object of the result (cooperative matrix) type, a \
                         tensor layout, memory access and tensor addressing operands",
                    );
                }
            }
            CooperativeMatrixStoreTensorNV => {
                let ok = vals.len() >= 5
                    && matches!(vals[0], Some(Type::Pointer { .. }))
                    && matches!(vals[1], Some(Type::CooperativeMatrix { .. }))
                    && matches!(vals[2], Some(Type::TensorLayout { .. }));
                if !ok {
                    self.bad(
                        i,
                        "needs a pointer, a cooperative matrix, a tensor layout, memory access \
                         and tensor addressing operands",
                    );
                }
            }
            // ---- per-element operations (SPV_NV_cooperative_matrix2) ----
            CooperativeMatrixPerElementOpNV => self.per_element_op(f, op, operands, rt),
            _ => return false,
        }
        true
    }

    /// `OpCooperativeMatrixPerElementOpNV %matrix_type %matrix %func %extra...`: the result
    /// and the matrix have one cooperative-matrix type; `%func` returns its component type and
    /// takes (row: 32-bit integer, column: 32-bit integer, element: the component type, then
    /// one parameter per extra operand, of its type).
    pub(super) fn per_element_op(
        &mut self,
        f: &Function,
        op: OpId,
        operands: &[Operand],
        rt: Option<&'m Type>,
    ) {
        let name = "CooperativeMatrixPerElementOpNV";
        let bad = |v: &mut Self, what: String| {
            v.error(Some(f), Some(op), format!("{name}: {what}"));
        };
        let result = f.ops[op].results.first().map(|&r| f.values[r].ty);
        let component = match (rt, result) {
            (Some(Type::CooperativeMatrix { component, .. }), Some(result)) => {
                Some((*component, result))
            }
            _ => None,
        };
        let Some((component, result)) = component else {
            bad(self, "the result type must be a cooperative matrix".into());
            return;
        };
        let (matrix, func, extra) = match operands {
            [Operand::Value(matrix), Operand::Function(func), extra @ ..] => {
                (*matrix, *func, extra)
            }
            _ => {
                bad(
                    self,
                    "needs a matrix value, a function (func<@name>) and extra values".into(),
                );
                return;
            }
        };
        if f.values.get(matrix).map(|v| v.ty) != Some(result) {
            bad(self, "the matrix operand must have the result type".into());
        }
        let mut extra_types = Vec::new();
        for o in extra {
            match o {
                Operand::Value(v) => extra_types.push(f.values.get(*v).map(|x| x.ty)),
                _ => {
                    bad(self, "extra operands must be values".into());
                    return;
                }
            }
        }
        // A missing function is reported for every op that names one.
        let Some(callee) = self.m.functions.get(func) else {
            return;
        };
        if callee.result_type != component {
            bad(
                self,
                format!(
                    "function `{}` must return the matrix component type {:?}",
                    callee.name,
                    self.ty(component)
                ),
            );
        }
        let params: Vec<Option<TypeId>> = callee
            .params
            .iter()
            .map(|&p| callee.values.get(p).map(|v| v.ty))
            .collect();
        let is_i32 = |t: Option<TypeId>| {
            matches!(
                t.and_then(|t| self.ty(t)),
                Some(Type::Int { width: 32, .. })
            )
        };
        let signature_ok = params.len() == 3 + extra_types.len()
            && is_i32(params[0])
            && is_i32(params[1])
            && params[2] == Some(component)
            && params[3..] == extra_types[..];
        if !signature_ok {
            bad(
                self,
                format!(
                    "function `{}` must take (32-bit integer row, 32-bit integer column, element \
                     of the component type{}), it takes {} parameter(s)",
                    callee.name,
                    if extra_types.is_empty() {
                        ""
                    } else {
                        ", then one parameter per extra operand of its type"
                    },
                    params.len()
                ),
            );
        }
    }
}
