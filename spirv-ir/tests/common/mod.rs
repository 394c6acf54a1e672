//! What the cooperative-matrix tests share: the nvidia-h200 preset with capabilities added or
//! removed, and one builder of Workgroup-scope, tensor-addressed matmul kernels
//! (`SPV_NV_cooperative_matrix2` + `SPV_NV_tensor_addressing`) whose element types, shape,
//! operand planes, per-K-step arithmetic and epilogue the tests choose.

// Each test crate that declares `mod common;` uses a part of it only.
#![allow(dead_code)]

use kiln_spirv_ir::spirv::{
    self, BuiltIn, Capability, CooperativeMatrixUse, MemoryModel, Scope, TensorClampMode,
};
use kiln_spirv_ir::*;

/// The nvidia-h200 preset with the capabilities `add` (each once), without the capabilities
/// `remove` and without the extensions `remove_extensions`.
pub fn h200_with(
    add: &[Capability],
    remove: &[Capability],
    remove_extensions: &[&str],
) -> TargetEnv {
    let mut target = TargetEnv::preset("nvidia-h200").unwrap();
    for &capability in add {
        if !target.capabilities.contains(&capability) {
            target.capabilities.push(capability);
        }
    }
    target.capabilities.retain(|c| !remove.contains(c));
    target
        .extensions
        .retain(|e| !remove_extensions.contains(&e.as_str()));
    target
}

/// A kernel computing `C = A * B` one `tile[0] x tile[1]` tile per workgroup of `invocations`
/// invocations, at (WorkgroupId.y, WorkgroupId.x), looping over K in `tile[2]`-deep steps;
/// A, B and C are row-major storage buffers at set 0, bindings 0, 1 and 2, addressed through
/// tensor layouts. Built without capabilities: UpdateVCE deduces them.
pub struct WorkgroupMatmul {
    /// The component type of the A and B matrices (and of their buffers).
    pub operand: Type,
    /// The component type of the accumulator (and of C's buffer).
    pub accumulator: Type,
    /// `[M, N, K]`.
    pub problem: [u32; 3],
    /// `[TILE_M, TILE_N, TILE_K]`.
    pub tile: [u32; 3],
    /// How many `M x K` planes A's buffer holds one after another, and `K x N` planes B's.
    pub planes: u32,
    /// The tensor layouts' out-of-bounds behaviour.
    pub clamp_mode: TensorClampMode,
    pub invocations: u32,
}

/// One K step: the A and B tiles loaded from each plane, and the accumulator so far.
pub struct KStep {
    /// Plane `p`'s `TILE_M x TILE_K` tile of A at `a[p]`.
    pub a: Vec<ValueId>,
    /// Plane `p`'s `TILE_K x TILE_N` tile of B at `b[p]`.
    pub b: Vec<ValueId>,
    /// The loop-carried accumulator.
    pub accumulator: ValueId,
    /// The accumulator's Workgroup-scope cooperative-matrix type.
    pub ty: TypeId,
    /// The all-zero accumulator (the loop's initial value).
    pub zero: ValueId,
}

/// The accumulated tile of `C` before it is stored.
pub struct AccumulatorTile {
    /// The Workgroup-scope accumulator matrix.
    pub value: ValueId,
    pub ty: TypeId,
    /// The first column of the tile in `C`.
    pub n0: ValueId,
}

impl WorkgroupMatmul {
    /// The kernel whose K step returns `step`'s new accumulator and which stores the
    /// accumulated tile as is.
    pub fn kernel(&self, step: impl FnOnce(&mut FunctionBuilder, &KStep) -> ValueId) -> Module {
        self.kernel_with(step, |_| (), |_, (), tile| tile.value)
    }

    /// [`WorkgroupMatmul::kernel`] with an epilogue: `declare` adds module-level entities
    /// before `main` is started, `epilogue` maps the accumulated tile to the matrix stored
    /// into `C`.
    pub fn kernel_with<D>(
        &self,
        step: impl FnOnce(&mut FunctionBuilder, &KStep) -> ValueId,
        declare: impl FnOnce(&mut ModuleBuilder) -> D,
        epilogue: impl FnOnce(&mut FunctionBuilder, D, &AccumulatorTile) -> ValueId,
    ) -> Module {
        let [m_extent, n_extent, k_extent] = self.problem;
        let [tile_m_extent, tile_n_extent, tile_k_extent] = self.tile;
        let byte_width = |ty: &Type| match ty {
            Type::Float { width, .. } | Type::Int { width, .. } => width / 8,
            other => panic!("not a scalar component type: {other:?}"),
        };
        // UpdateVCE sets the version the kernel needs (1.6 for tensor addressing).
        let mut m = ModuleBuilder::new(Version::V1_3);
        m.module_mut().capabilities.clear();
        // Vulkan: Shader + CooperativeMatrixKHR requires the Vulkan memory model.
        m.module_mut().memory_model = MemoryModel::Vulkan;
        let operand = m.ty(self.operand.clone());
        let accumulator = m.ty(self.accumulator.clone());
        let u32t = m.ty_u32();
        let v3 = m.ty_vector(u32t, 3);
        let void = m.ty_void();
        let operand_stride = byte_width(&self.operand);
        let a = m.storage_buffer("a", operand, operand_stride, 0, 0);
        let b = m.storage_buffer("b", operand, operand_stride, 0, 1);
        let c = m.storage_buffer("c", accumulator, byte_width(&self.accumulator), 0, 2);
        m.decorate_global(a, spirv::Decoration::NonWritable, &[]);
        m.decorate_global(b, spirv::Decoration::NonWritable, &[]);
        let workgroup_id = m.builtin_input(BuiltIn::WorkgroupId, v3);
        let layout_ty = m.ty_tensor_layout(2, self.clamp_mode);
        let wg = Scope::Workgroup;
        let ma = m.ty_cooperative_matrix(
            operand,
            wg,
            tile_m_extent,
            tile_k_extent,
            CooperativeMatrixUse::MatrixAKHR,
        );
        let mb = m.ty_cooperative_matrix(
            operand,
            wg,
            tile_k_extent,
            tile_n_extent,
            CooperativeMatrixUse::MatrixBKHR,
        );
        let mc = m.ty_cooperative_matrix(
            accumulator,
            wg,
            tile_m_extent,
            tile_n_extent,
            CooperativeMatrixUse::MatrixAccumulatorKHR,
        );
        let declared = declare(&mut m);

        let mut f = m.function("main", void, &[]);
        let id_ptr = f.address_of(workgroup_id);
        let id = f.load(id_ptr);
        let wx = f.composite_extract(u32t, id, &[0]);
        let wy = f.composite_extract(u32t, id, &[1]);
        let (tile_m, tile_n, tile_k) = (
            f.constant_u32(tile_m_extent),
            f.constant_u32(tile_n_extent),
            f.constant_u32(tile_k_extent),
        );
        let (rows, columns, depth) = (
            f.constant_u32(m_extent),
            f.constant_u32(n_extent),
            f.constant_u32(k_extent),
        );
        let n0 = f.imul(u32t, wx, tile_n);
        let m0 = f.imul(u32t, wy, tile_m);
        let layout = f.create_tensor_layout(layout_ty);
        let layout_a = f.tensor_layout_set_dimension(layout_ty, layout, &[rows, depth]);
        let layout_b = f.tensor_layout_set_dimension(layout_ty, layout, &[depth, columns]);
        let layout_c = f.tensor_layout_set_dimension(layout_ty, layout, &[rows, columns]);
        // Row-major, densely packed: the strides are the inner extents (the default, set
        // explicitly to exercise the op).
        let one = f.constant_u32(1);
        let layout_c = f.tensor_layout_set_stride(layout_ty, layout_c, &[columns, one]);
        let zero = f.constant_u32(0);
        let (pa, pb, pc) = (f.address_of(a), f.address_of(b), f.address_of(c));
        // Plane p of A starts at element p * M * K, of B at p * K * N.
        let planes = |f: &mut FunctionBuilder, base: ValueId, plane_elements: u32| {
            (0..self.planes)
                .map(|p| {
                    let offset = match p {
                        0 => zero,
                        p => f.constant_u32(p * plane_elements),
                    };
                    f.access_chain(base, &[zero, offset])
                })
                .collect::<Vec<ValueId>>()
        };
        let planes_a = planes(&mut f, pa, m_extent * k_extent);
        let planes_b = planes(&mut f, pb, k_extent * n_extent);
        let c0 = f.access_chain(pc, &[zero, zero]);
        // 0.0 is all zero bits in every float encoding.
        let zero_tile = f.constant(mc, ConstantValue::Composite(vec![ConstantValue::Float(0)]));
        let (undef_a, undef_b) = (f.undef(ma), f.undef(mb));
        let result = f.for_range(zero, depth, tile_k, &[zero_tile], |f, k, acc| {
            let slice_a = f.tensor_layout_slice(layout_ty, layout_a, &[(m0, tile_m), (k, tile_k)]);
            let a = planes_a
                .iter()
                .map(|&p| f.cooperative_matrix_load_tensor(ma, p, undef_a, slice_a))
                .collect();
            let slice_b = f.tensor_layout_slice(layout_ty, layout_b, &[(k, tile_k), (n0, tile_n)]);
            let b = planes_b
                .iter()
                .map(|&p| f.cooperative_matrix_load_tensor(mb, p, undef_b, slice_b))
                .collect();
            let operands = KStep {
                a,
                b,
                accumulator: acc[0],
                ty: mc,
                zero: zero_tile,
            };
            vec![step(f, &operands)]
        });
        let tile = AccumulatorTile {
            value: result[0],
            ty: mc,
            n0,
        };
        let stored = epilogue(&mut f, declared, &tile);
        let slice_c = f.tensor_layout_slice(layout_ty, layout_c, &[(m0, tile_m), (n0, tile_n)]);
        f.cooperative_matrix_store_tensor(c0, stored, slice_c);
        f.ret();
        let main = f.id();
        m.compute_entry_point(main, "main", [self.invocations, 1, 1]);
        m.finish()
    }
}
