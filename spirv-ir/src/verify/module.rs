//! Module-scope rules: well-formed types, spec constants, execution modes and entry points.

use super::*;

impl<'m> Verifier<'m> {
    pub(super) fn module(&mut self) {
        let m = self.m;
        self.type_rules();
        for (g, gv) in m.global_variables.iter() {
            self.global(g, gv);
        }
        self.spec_constant_rules();
        self.entry_point_rules();
        for (fid, f) in m.functions.iter() {
            self.function(fid, f);
        }
    }

    /// Vector sizes, matrix columns, int / float widths, array lengths, member types.
    pub(super) fn type_rules(&mut self) {
        let m = self.m;
        for (t, ty) in m.types.iter() {
            let ok = match ty {
                Type::Vector { component, count } => {
                    let vector16 = m.capabilities.contains(&spirv::Capability::Vector16);
                    matches!(
                        self.ty(*component),
                        Some(Type::Int { .. } | Type::Float { .. } | Type::Bool)
                    ) && ((2..=4).contains(count) || (vector16 && matches!(count, 8 | 16)))
                }
                Type::Matrix { column, columns } => {
                    matches!(
                        self.ty(*column),
                        Some(Type::Vector { component, .. })
                            if matches!(self.ty(*component), Some(Type::Float { .. }))
                    ) && (2..=4).contains(columns)
                }
                Type::Int { width, .. } => matches!(width, 8 | 16 | 32 | 64),
                Type::Float {
                    width,
                    encoding: None,
                } => matches!(width, 16 | 32 | 64),
                // SPV_KHR_bfloat16: the BFloat16KHR encoding is for width 16 only; other
                // encodings (fp8) are not supported.
                Type::Float {
                    encoding: Some(_), ..
                } => *ty == Type::BF16,
                Type::Array {
                    element, length, ..
                } => m.types.contains(*element) && *length > 0,
                Type::Struct(s) => s.members.iter().all(|mem| m.types.contains(mem.ty)),
                // SPV_NV_tensor_addressing: "Dim ... must be between 1 and 5".
                Type::TensorLayout { dim, .. } => (1..=5).contains(dim),
                _ => true,
            };
            if !ok {
                self.error(None, None, format!("malformed type {t:?}: {ty:?}"));
            }
        }
    }

    /// Spec constants are scalars or composites of a composite type, and use only those
    /// declared before them.
    pub(super) fn spec_constant_rules(&mut self) {
        let m = self.m;
        for (sid, s) in m.spec_constants.iter() {
            if let Some(op) = &s.operation {
                for o in &op.operands {
                    if let SpecOperand::Spec(c) = o {
                        if *c >= sid {
                            self.error(
                                None,
                                None,
                                format!(
                                    "spec constant operation {:?} uses {c:?}, declared after it",
                                    s.name
                                ),
                            );
                        }
                    }
                }
                continue;
            }
            match &s.composite {
                None => {
                    if !matches!(
                        self.ty(s.ty),
                        Some(Type::Bool | Type::Int { .. } | Type::Float { .. })
                    ) {
                        self.error(
                            None,
                            None,
                            format!("spec constant {:?} is not a scalar", s.name),
                        );
                    }
                }
                Some(parts) => {
                    for p in parts {
                        if let SpecConstituent::Spec(c) = p {
                            if *c >= sid {
                                self.error(None, None, format!("spec constant composite {:?} uses {c:?}, declared after it", s.name));
                            }
                        }
                    }
                    if !matches!(
                        self.ty(s.ty),
                        Some(
                            Type::Vector { .. }
                                | Type::Array { .. }
                                | Type::Struct(_)
                                | Type::Matrix { .. }
                        )
                    ) {
                        self.error(
                            None,
                            None,
                            format!(
                                "spec constant composite {:?} is not of a composite type",
                                s.name
                            ),
                        );
                    }
                }
            }
        }
    }

    /// Execution modes name entry points; entry points return void, take no parameters and
    /// (compute) have exactly one `LocalSize` / `LocalSizeId`.
    pub(super) fn entry_point_rules(&mut self) {
        let m = self.m;
        let mut local_sizes: HashMap<FunctionId, usize> = HashMap::new();
        for em in &m.execution_modes {
            if !m.entry_points.iter().any(|e| e.function == em.function) {
                self.error(
                    None,
                    None,
                    format!(
                        "execution mode {:?} on function {:?}, which is not an entry point",
                        em.mode, em.function
                    ),
                );
            }
            if matches!(
                em.mode,
                spirv::ExecutionMode::LocalSize | spirv::ExecutionMode::LocalSizeId
            ) {
                *local_sizes.entry(em.function).or_default() += 1;
                if em.operands.len() != 3 {
                    self.error(None, None, format!("{:?} needs 3 operands", em.mode));
                }
            }
        }
        for ep in &m.entry_points {
            let Some(f) = m.functions.get(ep.function) else {
                self.error(
                    None,
                    None,
                    format!("entry point `{}` names a missing function", ep.name),
                );
                continue;
            };
            // OpenCL kernels take their arguments as parameters.
            let params_allowed = ep.execution_model == spirv::ExecutionModel::Kernel;
            if (!f.params.is_empty() && !params_allowed)
                || self.ty(f.result_type) != Some(&Type::Void)
            {
                self.error(
                    Some(f),
                    None,
                    format!(
                        "entry point `{}` must return void and take no parameters",
                        ep.name
                    ),
                );
            }
            if ep.execution_model == spirv::ExecutionModel::GLCompute {
                let n = local_sizes.get(&ep.function).copied().unwrap_or(0);
                if n != 1 {
                    self.error(Some(f), None, format!("compute entry point `{}` has {n} LocalSize / LocalSizeId modes, needs exactly one", ep.name));
                }
            }
            for g in &ep.interface {
                if !m.global_variables.contains(*g) {
                    self.error(
                        None,
                        None,
                        format!("entry point `{}` lists a missing global {g:?}", ep.name),
                    );
                }
            }
        }
    }
}
