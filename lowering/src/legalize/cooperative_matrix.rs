//! Cooperative-matrix patterns (KHR, and NV's tensor addressing and per-element operations):
//! matrix loads / stores from buffers and workgroup arrays, tensor-addressed windows with
//! clamping, multiply-add, and fused epilogues (`matrix_map`) as per-element functions.

use super::converter::{internal, Converter};
use crate::error::CompileError;
use crate::kernel_ir as k;
use kiln_spirv_ir::spirv;
use kiln_spirv_ir::{FunctionBuilder, TypeId, ValueId};
use rustc_hash::FxHashMap as HashMap;

/// How a tensor-addressed cooperative-matrix window treats elements outside its bounds.
#[derive(Clone, Copy)]
pub(super) enum WindowClamp {
    /// The window lies inside the view.
    Unclamped,
    /// Outside the view's last two dimensions: loads read zero, stores write nothing.
    ToView,
    /// As `ToView`, with these row / column limits in place of the view's dimensions.
    ToLimits([k::Value; 2]),
}

impl Converter<'_> {
    /// `k::Op::MatrixLoad`: a row-major load at element `offset` with row stride `stride`.
    pub(super) fn matrix_load(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        t: TypeId,
        place: &k::Place,
        offset: k::Value,
        stride: k::Value,
    ) -> Result<ValueId, CompileError> {
        let (ptr, stride) = self.matrix_pointer(fb, place, offset, stride)?;
        Ok(fb.cooperative_matrix_load(t, ptr, spirv::CooperativeMatrixLayout::RowMajorKHR, stride))
    }

    /// `k::Op::MatrixLoadTensor`: a window of a view through a tensor layout; elements a
    /// clamped load does not read are zero.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn matrix_load_tensor(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        rt: k::Type,
        t: TypeId,
        view: k::ViewId,
        batch: &[k::Value],
        corner: [k::Value; 2],
        in_bounds: bool,
    ) -> Result<ValueId, CompileError> {
        let k::Type::Matrix(m) = rt else {
            return Err(internal("tensor matrix load of a non-matrix"));
        };
        let (ptr, layout) = self.tensor_window(
            fb,
            view,
            batch,
            corner,
            [m.rows, m.columns],
            if in_bounds {
                WindowClamp::Unclamped
            } else {
                WindowClamp::ToView
            },
        )?;
        // Elements a clamped load does not read keep the object's value: zero.
        let object = if in_bounds {
            fb.undef(t)
        } else {
            let zero = self.constant(fb, k::Type::Scalar(m.element), k::Literal::Float(0.0))?;
            fb.composite_construct(t, &[zero])
        };
        Ok(fb.cooperative_matrix_load_tensor(t, ptr, object, layout))
    }

    /// `k::Op::MatrixMulAdd`: `a * b + c`.
    pub(super) fn matrix_mul_add(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        t: TypeId,
        a: k::Value,
        b: k::Value,
        c: k::Value,
    ) -> Result<ValueId, CompileError> {
        let (a, b, c) = (self.value(a)?, self.value(b)?, self.value(c)?);
        Ok(fb.cooperative_matrix_mul_add(t, a, b, c, spirv::CooperativeMatrixOperands::empty()))
    }

    /// `Stmt::MatrixStore`: a row-major store at element `offset` with row stride `stride`.
    pub(super) fn matrix_store(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        place: &k::Place,
        offset: k::Value,
        stride: k::Value,
        value: k::Value,
    ) -> Result<(), CompileError> {
        let (ptr, stride) = self.matrix_pointer(fb, place, offset, stride)?;
        let x = self.value(value)?;
        fb.cooperative_matrix_store(ptr, x, spirv::CooperativeMatrixLayout::RowMajorKHR, stride);
        Ok(())
    }

    /// `Stmt::MatrixStoreTensor`: a window of a view through a tensor layout; a clamped store
    /// writes nothing outside the view (or the store's limits).
    pub(super) fn matrix_store_tensor(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        store: &k::MatrixStoreTensor,
    ) -> Result<(), CompileError> {
        let k::Type::Matrix(m) = self.vty(store.value) else {
            return Err(internal("tensor matrix store of a non-matrix"));
        };
        let (ptr, layout) = self.tensor_window(
            fb,
            store.view,
            &store.batch,
            [store.row0, store.col0],
            [m.rows, m.columns],
            match (store.in_bounds, store.limits) {
                (true, _) => WindowClamp::Unclamped,
                (false, None) => WindowClamp::ToView,
                (false, Some(limits)) => WindowClamp::ToLimits(limits),
            },
        )?;
        let x = self.value(store.value)?;
        fb.cooperative_matrix_store_tensor(ptr, x, layout);
        Ok(())
    }

    /// The pointer and stride operands of a cooperative-matrix load / store at element
    /// `offset` with row stride `stride`: into a vec4 Workgroup array they count vec4s (the
    /// matrix's rows then start on vec4 boundaries, which the lowering guarantees).
    pub(super) fn matrix_pointer(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        place: &k::Place,
        offset: k::Value,
        stride: k::Value,
    ) -> Result<(ValueId, ValueId), CompileError> {
        let vec4 = matches!(place, k::Place::Allocation(a) if self.vec4_allocations.contains(a));
        let (ptr, _, _) = self.pointer(fb, place, &[offset], vec4)?;
        let stride = self.value(stride)?;
        if !vec4 {
            return Ok((ptr, stride));
        }
        let t = self.index_ty(fb);
        let four = self.index_const(fb, 4);
        Ok((ptr, fb.sdiv(t, stride, four)))
    }

    /// A [`k::MatrixMap`]: its body becomes a function of its own (row, column, element, then
    /// the captured values), applied by `OpCooperativeMatrixPerElementOpNV`.
    pub(super) fn matrix_map(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        map: &k::MatrixMap,
    ) -> Result<ValueId, CompileError> {
        let matrix_ty = self.vty(map.matrix);
        let k::Type::Matrix(m) = matrix_ty else {
            return Err(internal("matrix_map of a non-matrix"));
        };
        let element_ty = self.ty(fb, k::Type::Scalar(m.element));
        let captures = map.captures();
        let u32_ty = fb.ty_u32();
        let mut params = vec![u32_ty, u32_ty, element_ty];
        let mut args = Vec::with_capacity(captures.len());
        for &c in &captures {
            params.push(self.ty(fb, self.vty(c)));
            args.push(self.value(c)?);
        }
        let name = format!("{}_epilogue{}", self.kernel.name, map.result.index());
        let func = {
            let mut sub = fb.sibling(&name, element_ty, &params);
            let ids = sub.function().params.clone();
            let mut cx = Converter {
                kernel: self.kernel,
                converter: self.converter,
                conversion: self.conversion,
                bindings: self.bindings,
                push_block: self.push_block,
                push_constants: self.push_constants,
                workgroup_vars: self.workgroup_vars,
                vec4_allocations: self.vec4_allocations,
                function_vars: HashMap::default(),
                values: HashMap::default(),
                builtins: self.builtins.clone(),
                sizes: HashMap::default(),
                addresses: HashMap::default(),
                address_offsets: self.address_offsets,
                checked_ops: 0,
            };
            cx.materialize_view_sizes(&mut sub)?;
            cx.materialize_binding_addresses(&mut sub)?;
            let row = cx.u32_to_index(&mut sub, ids[0]);
            let column = cx.u32_to_index(&mut sub, ids[1]);
            cx.values.insert(map.row, row);
            cx.values.insert(map.column, column);
            cx.values.insert(map.element, ids[2]);
            for (&c, &p) in captures.iter().zip(&ids[3..]) {
                cx.values.insert(c, p);
            }
            cx.block(&mut sub, &map.body)?;
            let yielded = cx.value(map.yielded)?;
            sub.ret_value(yielded);
            cx.check_new_ops(&sub, &|| format!("%{} = matrix_map", map.result.index()))?;
            sub.id()
        };
        let result_ty = self.ty(fb, matrix_ty);
        let matrix = self.value(map.matrix)?;
        Ok(fb.cooperative_matrix_per_element(result_ty, matrix, func, &args))
    }

    /// The pointer to element `(batch.., 0, 0)` of `view` and a tensor layout (dimensions: the
    /// view's last two, or the limits of [`WindowClamp::ToLimits`], with its row stride) sliced
    /// to the `rows x columns` window at `corner`: unclamped, or reading zeros outside
    /// (writing nothing outside, for stores).
    pub(super) fn tensor_window(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        view: k::ViewId,
        batch: &[k::Value],
        corner: [k::Value; 2],
        [rows, columns]: [u32; 2],
        clamp: WindowClamp,
    ) -> Result<(ValueId, ValueId), CompileError> {
        if self.converter.index_bits != 32 {
            return Err(internal("tensor layouts need 32-bit indices"));
        }
        let v = self.kernel.views[view.0 as usize].clone();
        let info = &self.bindings[v.binding.0 as usize];
        if info.vec4 {
            return Err(internal("tensor matrix access to a vec4 binding"));
        }
        let super::converter::BindingBase::Descriptor(var) = info.base else {
            return Err(CompileError::unsupported(
                &self.kernel.name,
                "tensor-addressed matrix access",
                "a buffer past maxStorageBufferRange (reached by device address)",
            ));
        };
        let rank = v.shape.len();
        let t = self.index_ty(fb);
        let mut linear = self.size(fb, &v.offset)?;
        for (i, stride) in batch.iter().zip(&v.strides) {
            let (i, stride) = (self.value(*i)?, self.size(fb, stride)?);
            let term = fb.imul(t, i, stride);
            linear = fb.iadd(t, linear, term);
        }
        let base = fb.address_of(var);
        let zero = fb.constant_i32(0);
        let ptr = fb.access_chain(base, &[zero, linear]);
        let limits = match clamp {
            WindowClamp::ToLimits(limits) => Some(limits),
            _ => None,
        };
        let mode = match clamp {
            WindowClamp::Unclamped => spirv::TensorClampMode::Undefined,
            _ => spirv::TensorClampMode::Constant,
        };
        let layout_ty = fb.ty_tensor_layout(2, mode);
        let layout = fb.create_tensor_layout(layout_ty);
        let dims = match limits {
            Some([rows, columns]) => [self.value(rows)?, self.value(columns)?],
            None => [
                self.size(fb, &v.shape[rank - 2])?,
                self.size(fb, &v.shape[rank - 1])?,
            ],
        };
        let mut layout = fb.tensor_layout_set_dimension(layout_ty, layout, &dims);
        // Setting the dimensions implies a row stride of the column count: the limits need
        // the view's own.
        if limits.is_some() || v.strides[rank - 2] != v.shape[rank - 1] {
            let strides = [
                self.size(fb, &v.strides[rank - 2])?,
                self.index_const(fb, 1),
            ];
            layout = fb.tensor_layout_set_stride(layout_ty, layout, &strides);
        }
        let window = [
            (
                self.value(corner[0])?,
                self.index_const(fb, i64::from(rows)),
            ),
            (
                self.value(corner[1])?,
                self.index_const(fb, i64::from(columns)),
            ),
        ];
        Ok((ptr, fb.tensor_layout_slice(layout_ty, layout, &window)))
    }
}
