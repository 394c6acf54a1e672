//! Verifier: the invariants `syntax.rs` documents, checked on a whole module. Run it after every
//! transformation in tests.
//!
//! Checks: handles point into their arenas; every block ends in exactly one terminator;
//! the structured-region rules of `spirv.mlir.selection` / `spirv.mlir.loop` (header, entry,
//! continue and merge blocks, `Merge` only in merge blocks, results = merge values); branch
//! targets lie in the same region or are the merge / continue blocks of enclosing constructs;
//! branch arguments match block arguments; dominance of every use by its definition on the
//! control flow the serializer emits (so, as in SPIR-V and unlike MLIR, a value defined in a loop
//! header may be used after the loop: `spirv-opt` output does that); operand
//! and result types of the common ops as spirv-val checks them (integer and float arithmetic,
//! shifts, conversions, bitcasts, comparisons, logical ops, `Dot`, composites: extract, insert,
//! construct, shuffle, dynamic vector access; loads, stores, access chains, select, calls,
//! returns, branches); vector sizes (2-4, or 8 and 16 with `Vector16`); globals (pointer types, storage classes, Vulkan's
//! explicit-layout rules on `StorageBuffer` / `Uniform` / `PushConstant` blocks, bindings);
//! entry points (void, no parameters, exactly one `LocalSize` / `LocalSizeId` for compute);
//! no arithmetic (the spec's float arithmetic instructions, extended instructions) on bf16
//! scalars or vectors (`SPV_KHR_bfloat16`).
//!
//! Not checked (spirv-val does): the type rules of the remaining opcodes (extended instruction
//! sets, atomics, group and subgroup ops, cooperative matrices beyond their arithmetic), image
//! ops, the memory-model rules.

// One match arm per op family, each with its rule as an `if`: clearer than guards.
#![allow(clippy::collapsible_match)]

use crate::dominance::Dominators;
use crate::syntax::*;
use spirv::{Op, StorageClass};
use std::collections::HashMap;
use std::fmt;

/// One broken invariant, with the function and op it was found in.
#[derive(Clone, Debug, PartialEq)]
pub struct VerifyError {
    pub function: Option<String>,
    pub op: Option<OpId>,
    pub message: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.function, self.op) {
            (Some(func), Some(op)) => write!(f, "function `{func}`, op {op:?}: {}", self.message),
            (Some(func), None) => write!(f, "function `{func}`: {}", self.message),
            _ => write!(f, "{}", self.message),
        }
    }
}

/// All errors found in a module.
#[derive(Clone, Debug, PartialEq)]
pub struct VerifyErrors(pub Vec<VerifyError>);

impl fmt::Display for VerifyErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for VerifyErrors {}

/// Verifies `module`; returns every broken invariant.
pub fn verify(module: &Module) -> Result<(), VerifyErrors> {
    let mut v = Verifier {
        m: module,
        errors: Vec::new(),
    };
    v.module();
    if v.errors.is_empty() {
        Ok(())
    } else {
        Err(VerifyErrors(v.errors))
    }
}

struct Verifier<'m> {
    m: &'m Module,
    errors: Vec<VerifyError>,
}

/// Where a block sits: its region, and the structural role it plays there.
#[derive(Clone, Copy, Debug)]
struct BlockInfo {
    region: RegionId,
    index: usize,
}

/// Where a region sits: the op holding it (None for the function body) and that op's place.
#[derive(Clone, Copy, Debug)]
struct RegionInfo {
    parent: Option<(OpId, BlockId, usize)>,
}

impl<'m> Verifier<'m> {
    fn error(&mut self, function: Option<&Function>, op: Option<OpId>, message: impl Into<String>) {
        self.errors.push(VerifyError {
            function: function.map(|f| f.name.clone()),
            op,
            message: message.into(),
        });
    }

    fn ty(&self, t: TypeId) -> Option<&'m Type> {
        self.m.types.get(t)
    }

    fn module(&mut self) {
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
        for (g, gv) in m.global_variables.iter() {
            self.global(g, gv);
        }
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
        for (fid, f) in m.functions.iter() {
            self.function(fid, f);
        }
    }

    fn global(&mut self, _g: GlobalVarId, gv: &GlobalVariable) {
        let name = gv.name.clone().unwrap_or_else(|| "?".into());
        let pointee = match self.ty(gv.ty) {
            Some(Type::Pointer {
                pointee,
                storage_class,
                ..
            }) => {
                if *storage_class != gv.storage_class {
                    self.error(None, None, format!("global `{name}`: storage class {:?} differs from its pointer type's {storage_class:?}", gv.storage_class));
                }
                *pointee
            }
            _ => {
                self.error(
                    None,
                    None,
                    format!("global `{name}` does not have a pointer type"),
                );
                return;
            }
        };
        if gv.storage_class == StorageClass::Function {
            self.error(None, None, format!("global `{name}` has Function storage"));
        }
        let explicit = matches!(
            gv.storage_class,
            StorageClass::StorageBuffer
                | StorageClass::Uniform
                | StorageClass::PushConstant
                | StorageClass::PhysicalStorageBuffer
        );
        if explicit {
            // A block: decorated Block, or (Uniform storage, before SPIR-V 1.4) BufferBlock;
            // descriptor arrays hold blocks.
            let is_block = |t: Option<&Type>| match t {
                Some(Type::Struct(s)) => {
                    s.block
                        || (gv.storage_class == StorageClass::Uniform
                            && s.decorations
                                .iter()
                                .any(|d| d.kind == spirv::Decoration::BufferBlock))
                }
                _ => false,
            };
            let block = match self.ty(pointee) {
                t if is_block(t) => Some(pointee),
                Some(Type::Array { element, .. } | Type::RuntimeArray { element, .. })
                    if matches!(
                        gv.storage_class,
                        StorageClass::StorageBuffer | StorageClass::Uniform
                    ) && is_block(self.ty(*element)) =>
                {
                    Some(*element)
                }
                _ => None,
            };
            match block {
                Some(b) => self.explicit_layout(&name, b, true),
                None => self.error(
                    None,
                    None,
                    format!(
                        "global `{name}` in {:?} storage must point to a struct decorated Block",
                        gv.storage_class
                    ),
                ),
            }
        } else {
            self.no_explicit_layout(&name, pointee);
        }
        match gv.storage_class {
            StorageClass::StorageBuffer | StorageClass::Uniform => {
                if gv.descriptor_set.is_none() || gv.binding.is_none() {
                    self.error(
                        None,
                        None,
                        format!(
                            "global `{name}` in {:?} storage needs DescriptorSet and Binding",
                            gv.storage_class
                        ),
                    );
                }
            }
            StorageClass::PushConstant | StorageClass::Workgroup | StorageClass::Private => {
                if gv.descriptor_set.is_some() || gv.binding.is_some() {
                    self.error(
                        None,
                        None,
                        format!(
                            "global `{name}` in {:?} storage must not have a binding",
                            gv.storage_class
                        ),
                    );
                }
            }
            _ => {}
        }
        if gv.builtin.is_some()
            && !matches!(gv.storage_class, StorageClass::Input | StorageClass::Output)
        {
            self.error(
                None,
                None,
                format!("builtin global `{name}` must be Input or Output"),
            );
        }
    }

    /// Size and alignment of a type under explicit layout (scalar alignment rules, the
    /// weakest Vulkan accepts with `scalarBlockLayout`; std430 is stricter).
    fn size_align(&self, t: TypeId) -> Option<(u64, u64)> {
        Some(match self.ty(t)? {
            Type::Bool => (4, 4),
            Type::Int { width, .. } | Type::Float { width, .. } => {
                (u64::from(*width / 8), u64::from(*width / 8))
            }
            Type::Vector { component, count } => {
                let (s, a) = self.size_align(*component)?;
                (s * u64::from(*count), a)
            }
            Type::Matrix { column, columns } => {
                let (s, a) = self.size_align(*column)?;
                (s * u64::from(*columns), a)
            }
            Type::Array {
                element,
                length,
                stride,
            } => {
                let (s, a) = self.size_align(*element)?;
                (
                    u64::from(stride.unwrap_or(s as u32)) * u64::from(*length),
                    a,
                )
            }
            Type::RuntimeArray { element, .. } => (0, self.size_align(*element)?.1),
            Type::Struct(st) => {
                let mut size = 0;
                let mut align = 1;
                for mem in &st.members {
                    let (s, a) = self.size_align(mem.ty)?;
                    align = align.max(a);
                    size = size.max(u64::from(mem.offset.unwrap_or(0)) + s);
                }
                (size.div_ceil(align) * align, align)
            }
            Type::Pointer { .. } => (8, 8),
            _ => return None,
        })
    }

    fn explicit_layout(&mut self, name: &str, t: TypeId, top: bool) {
        match self.ty(t).cloned() {
            Some(Type::Struct(s)) => {
                let mut prev_end = 0u64;
                for (i, mem) in s.members.iter().enumerate() {
                    let Some(off) = mem.offset else {
                        self.error(None, None, format!("global `{name}`: member {i} of an explicitly laid out struct has no Offset"));
                        continue;
                    };
                    if let Some((size, align)) = self.size_align(mem.ty) {
                        if u64::from(off) % align != 0 {
                            self.error(None, None, format!("global `{name}`: member {i} at Offset {off} is not aligned to {align}"));
                        }
                        if u64::from(off) < prev_end {
                            self.error(None, None, format!("global `{name}`: member {i} at Offset {off} overlaps the previous member"));
                        }
                        prev_end = u64::from(off) + size;
                    }
                    if matches!(self.ty(mem.ty), Some(Type::RuntimeArray { .. }))
                        && (!top || i + 1 != s.members.len())
                    {
                        self.error(None, None, format!("global `{name}`: a runtime array must be the last member of the block"));
                    }
                    self.explicit_layout(name, mem.ty, false);
                }
            }
            Some(Type::Array {
                element, stride, ..
            })
            | Some(Type::SpecArray {
                element, stride, ..
            })
            | Some(Type::RuntimeArray { element, stride }) => {
                match (stride, self.size_align(element)) {
                    (None, _) => self.error(None, None, format!("global `{name}`: an array in explicitly laid out storage has no ArrayStride")),
                    (Some(s), Some((size, align))) if u64::from(s) < size || u64::from(s) % align != 0 => {
                        self.error(None, None, format!("global `{name}`: ArrayStride {s} is smaller than or misaligned for its {size}-byte element"))
                    }
                    _ => {}
                }
                self.explicit_layout(name, element, false);
            }
            _ => {}
        }
    }

    fn no_explicit_layout(&mut self, name: &str, t: TypeId) {
        match self.ty(t).cloned() {
            Some(Type::Array {
                element, stride, ..
            })
            | Some(Type::SpecArray {
                element, stride, ..
            })
            | Some(Type::RuntimeArray { element, stride }) => {
                if stride.is_some() {
                    self.error(
                        None,
                        None,
                        format!("global `{name}`: ArrayStride outside explicitly laid out storage"),
                    );
                }
                self.no_explicit_layout(name, element);
            }
            Some(Type::Struct(s)) => {
                for mem in &s.members {
                    self.no_explicit_layout(name, mem.ty);
                }
            }
            _ => {}
        }
    }

    fn function(&mut self, _fid: FunctionId, f: &'m Function) {
        let Some(body) = f.regions.get(f.body) else {
            self.error(Some(f), None, "missing body region");
            return;
        };
        if body.kind != RegionKind::Function || body.blocks.is_empty() {
            self.error(
                Some(f),
                None,
                "the body must be a non-empty Function region",
            );
            return;
        }
        if f.blocks
            .get(body.blocks[0])
            .is_some_and(|b| !b.args.is_empty())
        {
            self.error(Some(f), None, "the entry block must not have arguments");
        }
        for &op in &f.prologue {
            let allowed = match f.ops.get(op).map(|o| &o.kind) {
                Some(OpKind::ExtInst { set, .. }) => set.is_debug_or_non_semantic(),
                Some(
                    OpKind::NonSemanticRef(_)
                    | OpKind::Constant(_)
                    | OpKind::ReferenceOf(_)
                    | OpKind::AddressOf(_),
                ) => true,
                _ => false,
            };
            if !allowed {
                self.error(
                    Some(f),
                    Some(op),
                    "only non-semantic and debug extended instructions (and the values they \
                     name) may stand before the first block",
                );
            }
        }
        for (index, d) in &f.param_decorations {
            if *index as usize >= f.params.len() {
                self.error(
                    Some(f),
                    None,
                    format!(
                        "decoration {:?} on parameter {index}, which does not exist",
                        d.kind
                    ),
                );
            }
        }
        // Placement of blocks and regions.
        let mut block_info: HashMap<BlockId, BlockInfo> = HashMap::new();
        let mut region_info: HashMap<RegionId, RegionInfo> = HashMap::new();
        let mut op_place: HashMap<OpId, (BlockId, usize)> = HashMap::new();
        let mut stack = vec![(f.body, None, 0usize)];
        while let Some((r, parent, depth)) = stack.pop() {
            if depth > MAX_CONTROL_FLOW_NESTING {
                self.error(
                    Some(f),
                    parent.map(|(op, _, _)| op),
                    format!(
                        "structured control flow nested more than {MAX_CONTROL_FLOW_NESTING} \
                         regions deep (spirv-val's default limit)"
                    ),
                );
                return;
            }
            if region_info.insert(r, RegionInfo { parent }).is_some() {
                self.error(Some(f), None, format!("region {r:?} is held by two ops"));
                continue;
            }
            let Some(region) = f.regions.get(r) else {
                self.error(Some(f), None, format!("missing region {r:?}"));
                continue;
            };
            for (i, &b) in region.blocks.iter().enumerate() {
                if block_info
                    .insert(
                        b,
                        BlockInfo {
                            region: r,
                            index: i,
                        },
                    )
                    .is_some()
                {
                    self.error(Some(f), None, format!("block {b:?} is in two regions"));
                }
                let Some(block) = f.blocks.get(b) else {
                    self.error(Some(f), None, format!("missing block {b:?}"));
                    continue;
                };
                for (k, &op) in block.ops.iter().enumerate() {
                    if op_place.insert(op, (b, k)).is_some() {
                        self.error(Some(f), Some(op), "op placed twice");
                    }
                    match f.ops.get(op).map(|o| &o.kind) {
                        Some(OpKind::Selection { body, .. } | OpKind::Loop { body, .. }) => {
                            stack.push((*body, Some((op, b, k)), depth + 1))
                        }
                        None => self.error(Some(f), Some(op), "missing op"),
                        _ => {}
                    }
                }
            }
        }
        if !self.errors.is_empty() {
            return;
        }
        let cx = FnCx {
            f,
            block_info,
            region_info,
            op_place,
        };
        for (&r, info) in &cx.region_info {
            self.region_rules(&cx, r, info);
        }
        for (&op, &(b, k)) in &cx.op_place {
            self.op_rules(&cx, op, b, k);
        }
        self.dominance(&cx);
    }

    fn region_rules(&mut self, cx: &FnCx<'m>, r: RegionId, info: &RegionInfo) {
        let f = cx.f;
        let region = &f.regions[r];
        for &b in &region.blocks {
            let block = &f.blocks[b];
            match block.ops.last() {
                Some(&last) if crate::is_terminator(&f.ops[last].kind) => {}
                _ => self.error(
                    Some(f),
                    None,
                    format!("block {b:?} does not end in a terminator"),
                ),
            }
            for &op in &block.ops[..block.ops.len().saturating_sub(1)] {
                if crate::is_terminator(&f.ops[op].kind) {
                    self.error(Some(f), Some(op), "terminator in the middle of a block");
                }
            }
        }
        let merge_ok = |v: &mut Self, merge: BlockId, holder: OpId| {
            let mb = &f.blocks[merge];
            let ok = mb.ops.len() == 1 && matches!(f.ops[mb.ops[0]].kind, OpKind::Merge { .. });
            if !ok {
                v.error(
                    Some(f),
                    Some(holder),
                    format!("merge block {merge:?} must hold only a Merge"),
                );
                return;
            }
            if let OpKind::Merge { values } = &f.ops[mb.ops[0]].kind {
                let results = &f.ops[holder].results;
                let vt: Vec<Option<TypeId>> = values
                    .iter()
                    .map(|&x| f.values.get(x).map(|y| y.ty))
                    .collect();
                let rt: Vec<Option<TypeId>> = results
                    .iter()
                    .map(|&x| f.values.get(x).map(|y| y.ty))
                    .collect();
                if vt != rt {
                    v.error(
                        Some(f),
                        Some(holder),
                        "the Merge values do not match the op's results",
                    );
                }
            }
        };
        match (region.kind, info.parent) {
            (RegionKind::Function, None) => {}
            (RegionKind::Selection, Some((holder, _, _))) => {
                if region.blocks.len() < 2 {
                    self.error(
                        Some(f),
                        Some(holder),
                        "a selection needs a header and a merge block",
                    );
                    return;
                }
                let header = &f.blocks[region.blocks[0]];
                if !header.args.is_empty()
                    || !header.ops.last().is_some_and(|&o| {
                        matches!(
                            f.ops[o].kind,
                            OpKind::BranchConditional { .. } | OpKind::Switch { .. }
                        )
                    })
                {
                    self.error(Some(f), Some(holder), "a selection header has no arguments and ends in BranchConditional or Switch");
                }
                merge_ok(self, *region.blocks.last().unwrap(), holder);
            }
            (RegionKind::Loop, Some((holder, _, _))) => {
                let n = region.blocks.len();
                if n < 4 {
                    self.error(
                        Some(f),
                        Some(holder),
                        "a loop needs entry, header, continue and merge blocks",
                    );
                    return;
                }
                let (entry, header, cont) =
                    (region.blocks[0], region.blocks[1], region.blocks[n - 2]);
                let eb = &f.blocks[entry];
                let to_header = |o: OpId| matches!(&f.ops[o].kind, OpKind::Branch { target } if target.block == header);
                if !eb.args.is_empty() || eb.ops.len() != 1 || !to_header(eb.ops[0]) {
                    self.error(
                        Some(f),
                        Some(holder),
                        "a loop entry block holds only a Branch to the header",
                    );
                }
                // The back edge: a Branch to the header, or (do-while) a BranchConditional with
                // the header as one target.
                let back_edge =
                    |o: OpId| to_header(o) || successors(&f.ops[o].kind).contains(&header);
                if !f.blocks[cont].ops.last().is_some_and(|&o| back_edge(o)) {
                    self.error(
                        Some(f),
                        Some(holder),
                        "a loop continue block ends in a branch back to the header",
                    );
                }
                merge_ok(self, region.blocks[n - 1], holder);
            }
            _ => self.error(
                Some(f),
                None,
                format!("region {r:?} of kind {:?} in the wrong place", region.kind),
            ),
        }
    }

    /// Whether a branch from a block in `from_region` may target `target`.
    fn target_allowed(&self, cx: &FnCx<'m>, from_region: RegionId, target: BlockId) -> bool {
        let Some(ti) = cx.block_info.get(&target) else {
            return false;
        };
        let f = cx.f;
        if ti.region == from_region {
            // Not back into the function / loop entry block or a selection header.
            return ti.index != 0;
        }
        // Out of nested regions: the merge block or (loops) the continue block of an enclosing
        // construct.
        let mut r = from_region;
        loop {
            let rr = &f.regions[r];
            let n = rr.blocks.len();
            if rr.kind != RegionKind::Function
                && (target == rr.blocks[n - 1]
                    || (rr.kind == RegionKind::Loop && n >= 2 && target == rr.blocks[n - 2]))
            {
                return true;
            }
            match cx.region_info[&r].parent {
                Some((_, pb, _)) => r = cx.block_info[&pb].region,
                None => return false,
            }
        }
    }

    fn succ(&mut self, cx: &FnCx<'m>, op: OpId, from: BlockId, s: &Successor) {
        let f = cx.f;
        let region = cx.block_info[&from].region;
        let Some(target) = f.blocks.get(s.block) else {
            self.error(
                Some(f),
                Some(op),
                format!("branch to missing block {:?}", s.block),
            );
            return;
        };
        if !self.target_allowed(cx, region, s.block) {
            self.error(Some(f), Some(op), format!("branch to {:?}, outside its region and not an enclosing merge / continue block", s.block));
        }
        let arg_types: Vec<Option<TypeId>> = target
            .args
            .iter()
            .map(|&a| f.values.get(a).map(|v| v.ty))
            .collect();
        let given: Vec<Option<TypeId>> = s
            .args
            .iter()
            .map(|&a| f.values.get(a).map(|v| v.ty))
            .collect();
        if arg_types != given {
            self.error(
                Some(f),
                Some(op),
                format!(
                    "branch to {:?} passes {} values of the wrong types for {} block arguments",
                    s.block,
                    given.len(),
                    arg_types.len()
                ),
            );
        }
    }

    fn vty(&self, f: &Function, v: ValueId) -> Option<&'m Type> {
        f.values.get(v).and_then(|x| self.m.types.get(x.ty))
    }

    fn op_rules(&mut self, cx: &FnCx<'m>, op_id: OpId, b: BlockId, _k: usize) {
        let f = cx.f;
        let op = &f.ops[op_id];
        for &r in &op.results {
            if !f.values.get(r).is_some_and(|v| {
                v.def
                    == (ValueDef::Result {
                        op: op_id,
                        index: v_index(f, r),
                    })
            }) {
                self.error(
                    Some(f),
                    Some(op_id),
                    "result value does not name this op as its definition",
                );
            }
        }
        let result_ty = op
            .results
            .first()
            .and_then(|&r| f.values.get(r))
            .map(|v| v.ty);
        let rt = result_ty.and_then(|t| self.ty(t));
        let region = cx.block_info[&b].region;
        match &op.kind {
            OpKind::Merge { .. } => {
                let r = &f.regions[region];
                if r.kind == RegionKind::Function || r.blocks.last() != Some(&b) {
                    self.error(
                        Some(f),
                        Some(op_id),
                        "Merge outside the merge block of a selection or loop",
                    );
                }
            }
            OpKind::Branch { target } => self.succ(cx, op_id, b, target),
            OpKind::BranchConditional {
                condition,
                on_true,
                on_false,
                ..
            } => {
                if self.vty(f, *condition) != Some(&Type::Bool) {
                    self.error(Some(f), Some(op_id), "the condition is not a bool");
                }
                self.succ(cx, op_id, b, on_true);
                self.succ(cx, op_id, b, on_false);
            }
            OpKind::Switch {
                selector,
                default,
                cases,
            } => {
                if !matches!(self.vty(f, *selector), Some(Type::Int { .. })) {
                    self.error(
                        Some(f),
                        Some(op_id),
                        "the switch selector is not an integer",
                    );
                }
                let r = &f.regions[region];
                if r.kind != RegionKind::Selection || r.blocks.first() != Some(&b) {
                    self.error(
                        Some(f),
                        Some(op_id),
                        "Switch must end the header of a selection",
                    );
                }
                self.succ(cx, op_id, b, default);
                for (_, s) in cases {
                    self.succ(cx, op_id, b, s);
                }
            }
            OpKind::Return => {
                if self.ty(f.result_type) != Some(&Type::Void) {
                    self.error(
                        Some(f),
                        Some(op_id),
                        "Return in a function that returns a value",
                    );
                }
            }
            OpKind::ReturnValue(v) => {
                if f.values.get(*v).map(|x| x.ty) != Some(f.result_type) {
                    self.error(Some(f), Some(op_id), "ReturnValue of the wrong type");
                }
            }
            OpKind::AddressOf(g) => match self.m.global_variables.get(*g) {
                Some(gv) if Some(gv.ty) == result_ty => {}
                Some(_) => self.error(
                    Some(f),
                    Some(op_id),
                    "AddressOf result type differs from the global's type",
                ),
                None => self.error(Some(f), Some(op_id), "AddressOf of a missing global"),
            },
            OpKind::ReferenceOf(s) => match self.m.spec_constants.get(*s) {
                Some(sc) if Some(sc.ty) == result_ty => {}
                _ => self.error(
                    Some(f),
                    Some(op_id),
                    "ReferenceOf of a missing spec constant or with the wrong type",
                ),
            },
            OpKind::FunctionCall { callee, args } => match self.m.functions.get(*callee) {
                Some(c) => {
                    let params: Vec<Option<TypeId>> = c
                        .params
                        .iter()
                        .map(|&p| c.values.get(p).map(|v| v.ty))
                        .collect();
                    let given: Vec<Option<TypeId>> = args
                        .iter()
                        .map(|&a| f.values.get(a).map(|v| v.ty))
                        .collect();
                    if params != given {
                        self.error(
                            Some(f),
                            Some(op_id),
                            format!(
                                "call of `{}` with arguments of the wrong number or types",
                                c.name
                            ),
                        );
                    }
                    let void = self.ty(c.result_type) == Some(&Type::Void);
                    if (void && !op.results.is_empty())
                        || (!void && result_ty != Some(c.result_type))
                    {
                        self.error(
                            Some(f),
                            Some(op_id),
                            format!("call of `{}` with the wrong result", c.name),
                        );
                    }
                }
                None => self.error(Some(f), Some(op_id), "call of a missing function"),
            },
            OpKind::Inst { opcode, operands } => self.inst_types(f, op_id, *opcode, operands, rt),
            OpKind::ExtInst {
                instruction,
                operands,
                ..
            } => {
                let is_bf16 = |t: Option<&Type>| match t {
                    Some(Type::Vector { component, .. }) => {
                        self.ty(*component) == Some(&Type::BF16)
                    }
                    t => t == Some(&Type::BF16),
                };
                let values = operands.iter().filter_map(|o| match o {
                    Operand::Value(v) => Some(*v),
                    _ => None,
                });
                if is_bf16(rt) || values.clone().any(|v| is_bf16(self.vty(f, v))) {
                    self.error(
                        Some(f),
                        Some(op_id),
                        format!(
                            "extended instruction {instruction}: arithmetic on bf16 scalars or \
                             vectors is invalid (SPV_KHR_bfloat16)"
                        ),
                    );
                }
            }
            _ => {}
        }
        for v in crate::verify::op_uses(&op.kind) {
            if !f.values.contains(v) {
                self.error(Some(f), Some(op_id), format!("use of missing value {v:?}"));
            }
        }
        if let OpKind::Inst { opcode, operands } = &op.kind {
            for o in operands {
                if let Operand::Function(g) = o {
                    if !self.m.functions.contains(*g) {
                        self.error(
                            Some(f),
                            Some(op_id),
                            format!("{opcode:?}: names missing function {g:?}"),
                        );
                    }
                }
            }
        }
    }

    fn inst_types(
        &mut self,
        f: &Function,
        op: OpId,
        opcode: Op,
        operands: &[Operand],
        rt: Option<&'m Type>,
    ) {
        let vals: Vec<Option<&'m Type>> = operands
            .iter()
            .map(|o| match o {
                Operand::Value(v) => self.vty(f, *v),
                _ => None,
            })
            .collect();
        let scalar = |t: Option<&'m Type>| -> Option<&'m Type> {
            match t? {
                Type::Vector { component, .. } => self.ty(*component),
                other => Some(other),
            }
        };
        let count = |t: Option<&'m Type>| match t {
            Some(Type::Vector { count, .. }) => *count,
            _ => 1,
        };
        let width = |t: Option<&'m Type>| match t {
            Some(Type::Int { width, .. } | Type::Float { width, .. }) => Some(*width),
            _ => None,
        };
        let bad =
            |v: &mut Self, what: &str| v.error(Some(f), Some(op), format!("{opcode:?}: {what}"));
        use Op::*;
        // SPV_KHR_bfloat16 allows no arithmetic on bf16 scalars and vectors (only conversions,
        // memory, composite and cooperative-matrix instructions); spirv-val agrees.
        if is_float_arithmetic(opcode)
            && vals
                .iter()
                .chain(std::iter::once(&rt))
                .any(|t| scalar(*t) == Some(&Type::BF16))
        {
            bad(
                self,
                "arithmetic on bf16 scalars or vectors is invalid (SPV_KHR_bfloat16); convert \
                 to f32 with FConvert first",
            );
            return;
        }
        match opcode {
            IAdd | ISub | IMul | UDiv | SDiv | UMod | SRem | SMod | BitwiseAnd | BitwiseOr
            | BitwiseXor => {
                if !matches!(scalar(rt), Some(Type::Int { .. }))
                    || vals.len() != 2
                    || vals.iter().any(|t| {
                        t.map(|t| count(Some(t))) != Some(count(rt))
                            || !matches!(scalar(*t), Some(Type::Int { .. }))
                            || width(scalar(*t)) != width(scalar(rt))
                    })
                {
                    bad(
                        self,
                        "needs integer operands and result with the same component count and width",
                    );
                }
            }
            FAdd | FSub | FMul | FDiv | FRem | FMod => {
                let coop = matches!(rt, Some(Type::CooperativeMatrix { .. }));
                if !coop
                    && (!matches!(scalar(rt), Some(Type::Float { .. }))
                        || vals.len() != 2
                        || vals.iter().any(|t| *t != rt))
                {
                    bad(self, "needs two float operands of the result type");
                }
            }
            FNegate => {
                if vals.len() != 1
                    || (vals[0] != rt && !matches!(rt, Some(Type::CooperativeMatrix { .. })))
                {
                    bad(self, "needs one operand of the result type");
                }
            }
            SNegate | Not => {
                let coop = matches!(rt, Some(Type::CooperativeMatrix { .. }));
                if vals.len() != 1
                    || (!coop
                        && (!matches!(scalar(rt), Some(Type::Int { .. }))
                            || !matches!(scalar(vals[0]), Some(Type::Int { .. }))
                            || count(vals[0]) != count(rt)
                            || width(scalar(vals[0])) != width(scalar(rt))))
                {
                    bad(
                        self,
                        "needs one integer operand with the result's component count and width",
                    );
                }
            }
            IEqual
            | INotEqual
            | ULessThan
            | ULessThanEqual
            | UGreaterThan
            | UGreaterThanEqual
            | SLessThan
            | SLessThanEqual
            | SGreaterThan
            | SGreaterThanEqual
            | FOrdEqual
            | FOrdNotEqual
            | FOrdLessThan
            | FOrdLessThanEqual
            | FOrdGreaterThan
            | FOrdGreaterThanEqual
            | FUnordEqual
            | FUnordNotEqual
            | FUnordLessThan
            | FUnordLessThanEqual
            | FUnordGreaterThan
            | FUnordGreaterThanEqual => {
                if scalar(rt) != Some(&Type::Bool)
                    || vals.len() != 2
                    || vals[0] != vals[1]
                    || count(vals[0]) != count(rt)
                {
                    bad(
                        self,
                        "compares two operands of one type into bools of the same component count",
                    );
                }
            }
            LogicalAnd | LogicalOr | LogicalEqual | LogicalNotEqual => {
                if scalar(rt) != Some(&Type::Bool) || vals.iter().any(|t| *t != rt) {
                    bad(self, "needs bool operands of the result type");
                }
            }
            Select => {
                if vals.len() != 3
                    || scalar(vals[0]) != Some(&Type::Bool)
                    || vals[1] != rt
                    || vals[2] != rt
                {
                    bad(
                        self,
                        "needs a bool condition and two operands of the result type",
                    );
                }
            }
            ShiftLeftLogical | ShiftRightLogical | ShiftRightArithmetic => {
                if !matches!(scalar(rt), Some(Type::Int { .. }))
                    || vals.len() != 2
                    || width(scalar(vals[0])) != width(scalar(rt))
                    || vals.iter().any(|t| {
                        count(*t) != count(rt) || !matches!(scalar(*t), Some(Type::Int { .. }))
                    })
                {
                    bad(
                        self,
                        "needs an integer base of the result's width and an integer shift, both                          with the result's component count",
                    );
                }
            }
            ConvertFToU | ConvertFToS | ConvertSToF | ConvertUToF | UConvert | SConvert
            | FConvert
                if !matches!(rt, Some(Type::CooperativeMatrix { .. })) =>
            {
                let (from_float, to_float) = match opcode {
                    ConvertFToU | ConvertFToS => (true, false),
                    ConvertSToF | ConvertUToF => (false, true),
                    UConvert | SConvert => (false, false),
                    _ => (true, true),
                };
                let is = |t: Option<&'m Type>, float: bool| {
                    if float {
                        matches!(t, Some(Type::Float { .. }))
                    } else {
                        matches!(t, Some(Type::Int { .. }))
                    }
                };
                if vals.len() != 1
                    || !is(scalar(rt), to_float)
                    || !is(scalar(vals[0]), from_float)
                    || count(vals[0]) != count(rt)
                {
                    let kind = |float: bool| if float { "float" } else { "integer" };
                    let article = |float: bool| if float { "a" } else { "an" };
                    bad(
                        self,
                        &format!(
                            "converts one {} operand into {} {} result with the same component \
                             count",
                            kind(from_float),
                            article(to_float),
                            kind(to_float)
                        ),
                    );
                }
            }
            Bitcast => {
                let bits = |t: Option<&'m Type>| match (scalar(t), t) {
                    (Some(Type::Int { width, .. } | Type::Float { width, .. }), _) => {
                        Some(width * count(t))
                    }
                    _ => None,
                };
                // Pointers and cooperative matrices have rules of their own; numeric values keep
                // their total bit count.
                if let (Some(a), Some(b)) = (bits(rt), vals.first().and_then(|t| bits(*t))) {
                    if a != b || vals.len() != 1 {
                        bad(self, "keeps the total bit count of its operand");
                    }
                }
            }
            IsNan | IsInf => {
                if scalar(rt) != Some(&Type::Bool)
                    || vals.len() != 1
                    || !matches!(scalar(vals[0]), Some(Type::Float { .. }))
                    || count(vals[0]) != count(rt)
                {
                    bad(
                        self,
                        "tests a float operand into bools of the same component count",
                    );
                }
            }
            Any | All => {
                if rt != Some(&Type::Bool)
                    || vals.len() != 1
                    || !matches!(vals[0], Some(Type::Vector { .. }))
                    || scalar(vals[0]) != Some(&Type::Bool)
                {
                    bad(self, "reduces a bool vector to a bool");
                }
            }
            LogicalNot => {
                if scalar(rt) != Some(&Type::Bool) || vals.len() != 1 || vals[0] != rt {
                    bad(self, "needs one bool operand of the result type");
                }
            }
            Dot => {
                let ok = vals.len() == 2
                    && vals[0] == vals[1]
                    && matches!(vals[0], Some(Type::Vector { .. }))
                    && scalar(vals[0]) == rt
                    && matches!(rt, Some(Type::Float { .. }));
                if !ok {
                    bad(
                        self,
                        "needs two float vectors of one type whose component type is the result",
                    );
                }
            }
            VectorTimesScalar => {
                let ok = vals.len() == 2
                    && matches!(rt, Some(Type::Vector { .. }))
                    && matches!(scalar(rt), Some(Type::Float { .. }))
                    && vals[0] == rt
                    && vals[1] == scalar(rt);
                if !ok {
                    bad(
                        self,
                        "needs a float vector of the result type and a scalar of its component type",
                    );
                }
            }
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
                    bad(
                        self,
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
                                scalar(*t) == component
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
                    bad(
                        self,
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
                    && scalar(vector) == component
                    && matches!(index.copied().flatten(), Some(Type::Int { .. }))
                    && (opcode == VectorExtractDynamic || vector == rt);
                if !ok {
                    bad(
                        self,
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
                    && scalar(a) == scalar(rt)
                    && scalar(b) == scalar(rt)
                    && count(rt) == shuffled;
                if !ok {
                    bad(
                        self,
                        "needs two vectors of the result's component type and one literal per \
                         result component",
                    );
                }
            }
            Load => match vals.first().copied().flatten() {
                Some(Type::Pointer { pointee, .. }) if self.ty(*pointee) == rt => {}
                _ => bad(self, "needs a pointer to the result type"),
            },
            Store => match (
                vals.first().copied().flatten(),
                vals.get(1).copied().flatten(),
            ) {
                (Some(Type::Pointer { pointee, .. }), Some(v)) if self.ty(*pointee) == Some(v) => {}
                _ => bad(self, "stores a value of the pointee type through a pointer"),
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
                    _ => bad(
                        self,
                        "needs a base pointer and a result pointer of the same storage class",
                    ),
                }
            }
            // ---- tensor addressing (SPV_NV_tensor_addressing) ----
            CreateTensorLayoutNV => {
                if !matches!(rt, Some(Type::TensorLayout { .. })) || !operands.is_empty() {
                    bad(
                        self,
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
                    bad(
                        self,
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
                    bad(
                        self,
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
                    bad(
                        self,
                        "needs a pointer, a cooperative matrix, a tensor layout, memory access \
                         and tensor addressing operands",
                    );
                }
            }
            // ---- per-element operations (SPV_NV_cooperative_matrix2) ----
            CooperativeMatrixPerElementOpNV => self.per_element_op(f, op, operands, rt),
            Variable => match (rt, operands.first()) {
                (Some(Type::Pointer { storage_class, .. }), Some(Operand::Literal(sc)))
                    if *storage_class as u32 == *sc && *sc == StorageClass::Function as u32 => {}
                _ => bad(
                    self,
                    "a function variable has a Function pointer type and storage class",
                ),
            },
            _ => {}
        }
    }

    /// The type that literal `indices` select inside `composite` (`OpCompositeExtract` /
    /// `OpCompositeInsert`), or `None` when an index is out of range or walks into a
    /// non-composite.
    fn composite_member(&self, composite: &'m Type, indices: &[u32]) -> Option<&'m Type> {
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

    /// `OpCooperativeMatrixPerElementOpNV %matrix_type %matrix %func %extra...`: the result
    /// and the matrix have one cooperative-matrix type; `%func` returns its component type and
    /// takes (row: 32-bit integer, column: 32-bit integer, element: the component type, then
    /// one parameter per extra operand, of its type).
    fn per_element_op(
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

    /// Dominance on the control flow the serializer emits: blocks are cut into segments at
    /// structured ops; a segment ending in a structured op flows into the op's first block, the
    /// `Merge` of its merge block flows into the next segment, terminators flow into their
    /// targets. This is SPIR-V's dominance, so a value defined in a loop header may be used
    /// after the loop (as `spirv-opt` output does), which MLIR's region rules would not allow.
    fn dominance(&mut self, cx: &FnCx<'m>) {
        let f = cx.f;
        type Seg = (BlockId, usize);
        // Segment boundaries: positions of structured ops per block.
        let mut cuts: HashMap<BlockId, Vec<usize>> = HashMap::new();
        for &b in cx.block_info.keys() {
            let ks = f.blocks[b]
                .ops
                .iter()
                .enumerate()
                .filter(|(_, &o)| {
                    matches!(
                        f.ops[o].kind,
                        OpKind::Selection { .. } | OpKind::Loop { .. }
                    )
                })
                .map(|(k, _)| k)
                .collect();
            cuts.insert(b, ks);
        }
        let seg_of = |b: BlockId, k: usize| -> Seg { (b, cuts[&b].partition_point(|&c| c < k)) };
        let mut succs: HashMap<Seg, Vec<Seg>> = HashMap::new();
        for &b in cx.block_info.keys() {
            let block = &f.blocks[b];
            for (i, &k) in cuts[&b].iter().enumerate() {
                if let OpKind::Selection { body, .. } | OpKind::Loop { body, .. } =
                    &f.ops[block.ops[k]].kind
                {
                    let blocks = &f.regions[*body].blocks;
                    if let (Some(&first), Some(&merge)) = (blocks.first(), blocks.last()) {
                        succs.entry((b, i)).or_default().push((first, 0));
                        let last = cuts[&merge].len();
                        succs.entry((merge, last)).or_default().push((b, i + 1));
                    }
                }
            }
            if let Some(&t) = block.ops.last() {
                let from = (b, cuts[&b].len());
                for s in successors(&f.ops[t].kind) {
                    succs.entry(from).or_default().push((s, 0));
                }
            }
        }
        // Every segment, numbered for the dominator tree.
        let mut number: HashMap<Seg, usize> = HashMap::new();
        for &b in cx.block_info.keys() {
            for i in 0..=cuts[&b].len() {
                let next = number.len();
                number.entry((b, i)).or_insert(next);
            }
        }
        let mut successor_lists = vec![Vec::new(); number.len()];
        for (n, ms) in &succs {
            if let Some(&from) = number.get(n) {
                successor_lists[from] = ms.iter().filter_map(|m| number.get(m).copied()).collect();
            }
        }
        let entry: Seg = (f.regions[f.body].blocks[0], 0);
        let dominators = Dominators::new(&successor_lists, number[&entry]);
        for (&op, &(b, k)) in &cx.op_place {
            let use_seg = seg_of(b, k);
            // Unreachable code is not checked (SPIR-V does not either).
            let use_number = number[&use_seg];
            if !dominators.is_reachable(use_number) {
                continue;
            }
            for v in op_uses(&f.ops[op].kind) {
                let Some(val) = f.values.get(v) else { continue };
                let (def_seg, dk): (Seg, isize) = match val.def {
                    ValueDef::Param(_) => continue,
                    // A Function-storage variable may be created anywhere: the serializer
                    // hoists it into the entry block, which dominates every use.
                    ValueDef::Result { op: d, .. } if is_function_variable(&f.ops[d].kind) => {
                        continue
                    }
                    ValueDef::BlockArg { block, .. } => ((block, 0), -1),
                    ValueDef::Result { op: d, .. } => match cx.op_place.get(&d) {
                        Some(&(db, dk)) => match f.ops[d].kind {
                            // Results of a structured op appear where its merge continues.
                            OpKind::Selection { .. } | OpKind::Loop { .. } => {
                                (seg_of(db, dk + 1), dk as isize)
                            }
                            _ => (seg_of(db, dk), dk as isize),
                        },
                        None => {
                            self.error(
                                Some(f),
                                Some(op),
                                format!("use of {v:?}, whose op is not placed in any block"),
                            );
                            continue;
                        }
                    },
                };
                let ok = if def_seg == use_seg {
                    dk < k as isize
                } else {
                    number
                        .get(&def_seg)
                        .is_some_and(|&d| dominators.dominates(d, use_number))
                };
                if !ok {
                    self.error(
                        Some(f),
                        Some(op),
                        format!("use of {v:?} is not dominated by its definition"),
                    );
                }
            }
        }
    }
}

/// Whether `kind` is an `OpVariable` of the Function storage class.
fn is_function_variable(kind: &OpKind) -> bool {
    matches!(kind, OpKind::Inst { opcode: Op::Variable, operands }
        if matches!(operands.first(), Some(Operand::Literal(sc))
            if *sc == StorageClass::Function as u32))
}

/// The float instructions of the spec's arithmetic chapter, which SPV_KHR_bfloat16 does not
/// allow on bf16 scalars and vectors.
fn is_float_arithmetic(opcode: Op) -> bool {
    use Op::*;
    matches!(
        opcode,
        FNegate
            | FAdd
            | FSub
            | FMul
            | FDiv
            | FRem
            | FMod
            | VectorTimesScalar
            | MatrixTimesScalar
            | VectorTimesMatrix
            | MatrixTimesVector
            | MatrixTimesMatrix
            | OuterProduct
    )
}

fn v_index(f: &Function, v: ValueId) -> u32 {
    match f.values.get(v).map(|x| x.def) {
        Some(ValueDef::Result { index, .. }) => index,
        _ => u32::MAX,
    }
}

struct FnCx<'m> {
    f: &'m Function,
    block_info: HashMap<BlockId, BlockInfo>,
    region_info: HashMap<RegionId, RegionInfo>,
    op_place: HashMap<OpId, (BlockId, usize)>,
}

/// The values an op uses (not counting those used inside its regions).
pub fn op_uses(kind: &OpKind) -> Vec<ValueId> {
    let mut out = Vec::new();
    let succ = |s: &Successor, out: &mut Vec<ValueId>| out.extend(s.args.iter().copied());
    match kind {
        OpKind::Inst { operands, .. } => out.extend(operands.iter().filter_map(|o| match o {
            Operand::Value(v) => Some(*v),
            _ => None,
        })),
        OpKind::ExtInst { operands, .. } => out.extend(operands.iter().filter_map(|o| match o {
            Operand::Value(v) => Some(*v),
            _ => None,
        })),
        OpKind::FunctionCall { args, .. } => out.extend(args.iter().copied()),
        OpKind::Merge { values } => out.extend(values.iter().copied()),
        OpKind::Branch { target } => succ(target, &mut out),
        OpKind::BranchConditional {
            condition,
            on_true,
            on_false,
            ..
        } => {
            out.push(*condition);
            succ(on_true, &mut out);
            succ(on_false, &mut out);
        }
        OpKind::Switch {
            selector,
            default,
            cases,
        } => {
            out.push(*selector);
            succ(default, &mut out);
            for (_, s) in cases {
                succ(s, &mut out);
            }
        }
        OpKind::ReturnValue(v) => out.push(*v),
        _ => {}
    }
    out
}

/// The functions an op names: the callee of a `FunctionCall` and every
/// [`Operand::Function`] (e.g. the function `OpCooperativeMatrixPerElementOpNV` applies).
pub fn referenced_functions(kind: &OpKind) -> Vec<FunctionId> {
    match kind {
        OpKind::FunctionCall { callee, .. } => vec![*callee],
        OpKind::Inst { operands, .. } => operands
            .iter()
            .filter_map(|o| match o {
                Operand::Function(g) => Some(*g),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The blocks a terminator branches to.
pub fn successors(kind: &OpKind) -> Vec<BlockId> {
    match kind {
        OpKind::Branch { target } => vec![target.block],
        OpKind::BranchConditional {
            on_true, on_false, ..
        } => vec![on_true.block, on_false.block],
        OpKind::Switch { default, cases, .. } => std::iter::once(default.block)
            .chain(cases.iter().map(|(_, s)| s.block))
            .collect(),
        _ => vec![],
    }
}
