//! Memory patterns: loads and stores through buffer views (linear indices from the view's
//! offset and strides; vec4 runtime arrays addressed per element or per lane), workgroup and
//! function-storage allocations, and booleans stored as u32 words.

use super::converter::{internal, Converter};
use crate::error::CompileError;
use crate::kernel_ir::{self as k, ScalarType};
use kiln_spirv_ir::{FunctionBuilder, Type as SpvType, TypeId, ValueId};

impl Converter<'_> {
    /// `k::Op::Load`: a scalar or 4-lane vector load (booleans from buffers are u32 words).
    pub(super) fn load(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        place: &k::Place,
        indices: &[k::Value],
        rt: k::Type,
        t: TypeId,
    ) -> Result<ValueId, CompileError> {
        self.declare_function_vars(fb, place);
        let is_vector = matches!(rt, k::Type::Vector(..));
        let (ptr, elem, vec4) = self.pointer(fb, place, indices, is_vector)?;
        let aligned = self.alignment_of(place, is_vector);
        let from_buffer = matches!(place, k::Place::View(_));
        if is_vector && !vec4 {
            return Err(internal("vector load from a scalar binding"));
        }
        Ok(if elem == ScalarType::Bool && from_buffer {
            let u32_ty = fb.ty_u32();
            let word_ty = match rt {
                k::Type::Vector(_, w) => fb.ty_vector(u32_ty, w as u32),
                _ => u32_ty,
            };
            let word = self.load_from(fb, word_ty, ptr, aligned);
            let zero = fb.constant_u32(0);
            let zero = match rt {
                k::Type::Vector(_, w) => fb.composite_construct(word_ty, &vec![zero; w as usize]),
                _ => zero,
            };
            fb.inot_equal(t, word, zero)
        } else {
            self.load_from(fb, t, ptr, aligned)
        })
    }

    /// `Stmt::Store`: a scalar or 4-lane vector store (booleans into buffers as u32 words).
    pub(super) fn store(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        place: &k::Place,
        indices: &[k::Value],
        value: k::Value,
    ) -> Result<(), CompileError> {
        self.declare_function_vars(fb, place);
        let vt = self.vty(value);
        let x = self.value(value)?;
        let is_vector = matches!(vt, k::Type::Vector(..));
        let (ptr, elem, vec4) = self.pointer(fb, place, indices, is_vector)?;
        let aligned = self.alignment_of(place, is_vector);
        if is_vector && !vec4 {
            return Err(internal("vector store into a scalar binding"));
        }
        let x = if elem == ScalarType::Bool && matches!(place, k::Place::View(_)) {
            self.bool_to_word(fb, x, vt)
        } else {
            x
        };
        self.store_to(fb, ptr, x, aligned);
        Ok(())
    }

    /// The `Aligned` operand of an access to `place`: the accessed bytes' alignment for a
    /// binding reached by device address (an element's stride; a whole vec4 element for a
    /// vector access of a vec4 binding, a component otherwise), `None` elsewhere.
    fn alignment_of(&self, place: &k::Place, vector_access: bool) -> Option<u32> {
        let k::Place::View(view) = place else {
            return None;
        };
        let info = &self.bindings[self.kernel.views[view.0 as usize].binding.0 as usize];
        match info.base {
            super::converter::BindingBase::Address(_) if info.vec4 && !vector_access => {
                Some(info.alignment / 4)
            }
            super::converter::BindingBase::Address(_) => Some(info.alignment),
            super::converter::BindingBase::Descriptor(_) => None,
        }
    }

    /// The linear element index of a view access.
    pub(super) fn linear_index(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        view: k::ViewId,
        indices: &[k::Value],
    ) -> Result<ValueId, CompileError> {
        let v = &self.kernel.views[view.0 as usize];
        let t = self.index_ty(fb);
        let (offset, strides) = (v.offset.clone(), v.strides.clone());
        let mut acc = self.size(fb, &offset)?;
        let mut first = offset.is_const(0);
        for (i, stride) in indices.iter().zip(&strides) {
            if stride.is_const(0) {
                continue;
            }
            let iv = self.value(*i)?;
            let term = if stride.is_const(1) {
                iv
            } else {
                let s = self.size(fb, stride)?;
                fb.imul(t, iv, s)
            };
            acc = if first { term } else { fb.iadd(t, acc, term) };
            first = false;
        }
        Ok(acc)
    }

    pub(super) fn pointer(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        place: &k::Place,
        indices: &[k::Value],
        vector_elements: bool,
    ) -> Result<(ValueId, ScalarType, bool), CompileError> {
        match place {
            k::Place::View(view) => {
                let binding = self.kernel.views[view.0 as usize].binding.0 as usize;
                let info = &self.bindings[binding];
                let (elem, vec4) = (info.element, info.vec4);
                let linear = self.linear_index(fb, *view, indices)?;
                let (base, _) = self.binding_block(fb, binding)?;
                let zero = fb.constant_i32(0);
                if vec4 {
                    let ptr = self.vec4_chain(fb, base, &[zero], linear, vector_elements);
                    return Ok((ptr, elem, vector_elements));
                }
                Ok((fb.access_chain(base, &[zero, linear]), elem, false))
            }
            k::Place::Allocation(a) => {
                let alloc = &self.kernel.allocations[*a];
                let base = if let Some(&var) = self.workgroup_vars.get(a) {
                    fb.address_of(var)
                } else if let Some(&v) = self.function_vars.get(a) {
                    v
                } else {
                    return Err(internal(format!("allocation {} not declared", alloc.name)));
                };
                if self.vec4_allocations.contains(a) {
                    let i = self.value(indices[0])?;
                    let ptr = self.vec4_chain(fb, base, &[], i, vector_elements);
                    return Ok((ptr, alloc.element, vector_elements));
                }
                let ptr = if indices.is_empty() {
                    base
                } else {
                    let i = self.value(indices[0])?;
                    fb.access_chain(base, &[i])
                };
                Ok((ptr, alloc.element, false))
            }
        }
    }

    /// The pointer into an array of vec4 at element index `linear` (after the `prefix`
    /// indices): vec4 element `linear / 4` for a vector access (aligned: the lowering's
    /// invariant), its lane `linear % 4` for a scalar one.
    pub(super) fn vec4_chain(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        base: ValueId,
        prefix: &[ValueId],
        linear: ValueId,
        vector_elements: bool,
    ) -> ValueId {
        let t = self.index_ty(fb);
        let four = self.index_const(fb, 4);
        let mut chain = prefix.to_vec();
        chain.push(fb.sdiv(t, linear, four));
        if !vector_elements {
            chain.push(fb.srem(t, linear, four));
        }
        fb.access_chain(base, &chain)
    }

    pub(super) fn declare_function_vars(&mut self, fb: &mut FunctionBuilder<'_>, place: &k::Place) {
        if let k::Place::Allocation(a) = place {
            if self.workgroup_vars.contains_key(a) || self.function_vars.contains_key(a) {
                return;
            }
            let alloc = self.kernel.allocations[*a].clone();
            let value_ty = match alloc.matrix {
                Some(m) => k::Type::Matrix(m),
                None => k::Type::Scalar(alloc.element),
            };
            let elem = self.ty(fb, value_ty);
            let ty = if self.vec4_allocations.contains(a) {
                // Accessed with 4-lane vectors too (a register tile's accumulators read four
                // at a time): an array of vec4, scalars addressed per lane.
                let v = fb.ty(SpvType::Vector {
                    component: elem,
                    count: 4,
                });
                fb.ty(SpvType::Array {
                    element: v,
                    length: alloc.len / 4,
                    stride: None,
                })
            } else if alloc.len == 1 {
                elem
            } else {
                let len_ty = fb.ty_u32();
                let _ = len_ty;
                fb.ty(SpvType::Array {
                    element: elem,
                    length: alloc.len,
                    stride: None,
                })
            };
            let var = fb.local_variable(ty);
            self.function_vars.insert(*a, var);
        }
    }

    pub(super) fn bool_to_word(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        x: ValueId,
        vt: k::Type,
    ) -> ValueId {
        let u32_ty = fb.ty_u32();
        let (ty, one, zero) = match vt {
            k::Type::Vector(_, w) => {
                let vt = fb.ty_vector(u32_ty, w as u32);
                let one = fb.constant_u32(1);
                let zero = fb.constant_u32(0);
                let ones = fb.composite_construct(vt, &vec![one; w as usize]);
                let zeros = fb.composite_construct(vt, &vec![zero; w as usize]);
                (vt, ones, zeros)
            }
            _ => (u32_ty, fb.constant_u32(1), fb.constant_u32(0)),
        };
        fb.select(ty, x, one, zero)
    }
}
