//! The type rules of composite and memory instructions: extract, insert, construct,
//! shuffle, dynamic vector access; loads, stores, access chains, function variables.

use super::instructions::{count, InstTypes};
use super::*;

impl<'m> Verifier<'m> {
    /// Composite extract / insert / construct, dynamic vector access, `VectorShuffle`.
    pub(super) fn composite_types(&mut self, i: &InstTypes<'_, 'm>) -> bool {
        use Op::*;
        let (opcode, operands, vals, rt) = (i.opcode, i.operands, &i.vals, i.rt);
        match i.opcode {
            CompositeExtract | CompositeInsert => {
                let (object, composite, indices) = if opcode == CompositeExtract {
                    (None, vals.first().copied().flatten(), operands.get(1..))
                } else {
                    (
                        Some(vals.first().copied().flatten()),
                        vals.get(1).copied().flatten(),
                        operands.get(2..),
                    )
                };
                let literals: Option<Vec<u32>> = indices.map(|xs| {
                    xs.iter()
                        .filter_map(|o| match o {
                            Operand::Literal(i) => Some(*i),
                            _ => None,
                        })
                        .collect()
                });
                let walked = match (composite, literals) {
                    (Some(c), Some(ix)) if !ix.is_empty() => self.composite_member(c, &ix),
                    _ => None,
                };
                let ok = match (walked, object) {
                    (Some(member), None) => Some(member) == rt,
                    (Some(member), Some(object)) => object == Some(member) && rt == composite,
                    (None, _) => false,
                };
                if !ok {
                    self.bad(
                        i,
                        if opcode == CompositeExtract {
                            "needs a composite and in-range literal indices leading to the result \
                             type"
                        } else {
                            "needs an object of the indexed member's type, a composite of the \
                             result type and in-range literal indices"
                        },
                    );
                }
            }
            CompositeConstruct => {
                let ok = match rt {
                    Some(Type::Vector { component, count }) => {
                        let component = self.ty(*component);
                        let mut total = 0;
                        vals.len() >= 2
                            && vals.iter().all(|t| {
                                total += match t {
                                    Some(Type::Vector { count, .. }) => *count,
                                    _ => 1,
                                };
                                self.scalar(*t) == component
                            })
                            && total == *count
                    }
                    Some(Type::Array {
                        element, length, ..
                    }) => {
                        vals.len() == *length as usize
                            && vals.iter().all(|t| *t == self.ty(*element))
                    }
                    Some(Type::Struct(s)) => {
                        vals.len() == s.members.len()
                            && vals
                                .iter()
                                .zip(&s.members)
                                .all(|(t, m)| *t == self.ty(m.ty))
                    }
                    Some(Type::Matrix { column, columns }) => {
                        vals.len() == *columns as usize
                            && vals.iter().all(|t| *t == self.ty(*column))
                    }
                    Some(Type::CooperativeMatrix { component, .. }) => {
                        vals.len() == 1 && vals[0] == self.ty(*component)
                    }
                    // Spec-sized arrays: the length is not known here.
                    Some(Type::SpecArray { element, .. }) => {
                        vals.iter().all(|t| *t == self.ty(*element))
                    }
                    _ => false,
                };
                if !ok {
                    self.bad(
                        i,
                        "needs one constituent per member of the result type, each of that \
                         member's type (vectors: components or smaller vectors of the component \
                         type adding up to the count)",
                    );
                }
            }
            VectorExtractDynamic | VectorInsertDynamic => {
                let (vector, index, component) = if opcode == VectorExtractDynamic {
                    (vals.first(), vals.get(1), rt)
                } else {
                    (vals.first(), vals.get(2), vals.get(1).copied().flatten())
                };
                let vector = vector.copied().flatten();
                let ok = matches!(vector, Some(Type::Vector { .. }))
                    && self.scalar(vector) == component
                    && matches!(index.copied().flatten(), Some(Type::Int { .. }))
                    && (opcode == VectorExtractDynamic || vector == rt);
                if !ok {
                    self.bad(
                        i,
                        "needs a vector (of the result type when inserting), a component of its \
                         component type and an integer index",
                    );
                }
            }
            VectorShuffle => {
                let shuffled = operands
                    .iter()
                    .filter(|o| matches!(o, Operand::Literal(_)))
                    .count() as u32;
                let (a, b) = (
                    vals.first().copied().flatten(),
                    vals.get(1).copied().flatten(),
                );
                let ok = matches!(rt, Some(Type::Vector { .. }))
                    && matches!(a, Some(Type::Vector { .. }))
                    && matches!(b, Some(Type::Vector { .. }))
                    && self.scalar(a) == self.scalar(rt)
                    && self.scalar(b) == self.scalar(rt)
                    && count(rt) == shuffled;
                if !ok {
                    self.bad(
                        i,
                        "needs two vectors of the result's component type and one literal per \
                         result component",
                    );
                }
            }
            _ => return false,
        }
        true
    }

    /// `Load`, `Store`, access chains and function variables.
    pub(super) fn memory_types(&mut self, i: &InstTypes<'_, 'm>) -> bool {
        use Op::*;
        let (operands, vals, rt) = (i.operands, &i.vals, i.rt);
        match i.opcode {
            Load => match vals.first().copied().flatten() {
                Some(Type::Pointer { pointee, .. }) if self.ty(*pointee) == rt => {}
                _ => self.bad(i, "needs a pointer to the result type"),
            },
            Store => match (
                vals.first().copied().flatten(),
                vals.get(1).copied().flatten(),
            ) {
                (Some(Type::Pointer { pointee, .. }), Some(v)) if self.ty(*pointee) == Some(v) => {}
                _ => self.bad(i, "stores a value of the pointee type through a pointer"),
            },
            AccessChain | InBoundsAccessChain | PtrAccessChain => {
                match (vals.first().copied().flatten(), rt) {
                    (
                        Some(Type::Pointer {
                            storage_class: a, ..
                        }),
                        Some(Type::Pointer {
                            storage_class: b, ..
                        }),
                    ) if a == b => {}
                    _ => self.bad(
                        i,
                        "needs a base pointer and a result pointer of the same storage class",
                    ),
                }
            }
            Variable => match (rt, operands.first()) {
                (Some(Type::Pointer { storage_class, .. }), Some(Operand::Literal(sc)))
                    if *storage_class as u32 == *sc && *sc == StorageClass::Function as u32 => {}
                _ => self.bad(
                    i,
                    "a function variable has a Function pointer type and storage class",
                ),
            },
            _ => return false,
        }
        true
    }

    /// The type that literal `indices` select inside `composite` (`OpCompositeExtract` /
    /// `OpCompositeInsert`), or `None` when an index is out of range or walks into a
    /// non-composite.
    pub(super) fn composite_member(
        &self,
        composite: &'m Type,
        indices: &[u32],
    ) -> Option<&'m Type> {
        let mut t = composite;
        for &i in indices {
            t = match t {
                Type::Vector { component, count } if i < *count => self.ty(*component)?,
                Type::Matrix { column, columns } if i < *columns => self.ty(*column)?,
                Type::Array {
                    element, length, ..
                } if i < *length => self.ty(*element)?,
                Type::SpecArray { element, .. } => self.ty(*element)?,
                Type::Struct(s) => self.ty(s.members.get(i as usize)?.ty)?,
                Type::CooperativeMatrix { component, .. } => self.ty(*component)?,
                _ => return None,
            };
        }
        Some(t)
    }
}
