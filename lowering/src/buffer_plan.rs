//! The buffer plan bufferize produces: one buffer per region input / output (arguments,
//! results, constants, intermediates with liveness-based reuse slots) and each region's
//! bindings. Data only: later passes read it; `assemble` turns it into the program's buffers.

use crate::error::CompileError;
use crate::kernel_ir::{Access, BindingId, BufferView};
use crate::program::{BufferKind, StorageType, SymbolInfo};
use crate::size_expr::row_major_strides;
use crate::size_expr::SizeExpr;
use kiln_frontend::*;
use std::collections::HashMap;

#[derive(Clone, Debug, PartialEq)]
pub struct PlannedBuffer {
    pub id: u32,
    pub name: String,
    pub kind: BufferKind,
    pub dtype: DType,
    pub storage: StorageType,
    pub shape: Vec<SizeExpr>,
    pub size_bytes: SizeExpr,
    pub reuse_slot: Option<u32>,
    /// Little-endian bytes in `storage` for `Constant` buffers.
    pub constant: Option<Vec<u8>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RegionBinding {
    pub set: u32,
    pub binding: u32,
    pub value: ValueId,
    pub buffer: u32,
    pub access: Access,
}

/// Where a value lives inside a larger buffer (an operand of an in-place concat, see
/// `partition::InPlaceConcat`): its element `i` is element `offset + sum(i[d] * strides[d])` of
/// the buffer `BufferPlan::value_buffer` names. Values without one fill their buffer, row-major.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueView {
    pub offset: SizeExpr,
    pub strides: Vec<SizeExpr>,
}

#[derive(Clone, Debug, Default)]
pub struct BufferPlan {
    pub buffers: Vec<PlannedBuffer>,
    pub value_buffer: HashMap<ValueId, u32>,
    /// The values stored in a slice of their buffer (several values share it).
    pub views: HashMap<ValueId, ValueView>,
    /// Per region (same order as the partition): its bindings, inputs first.
    pub region_bindings: Vec<Vec<RegionBinding>>,
    pub symbols: Vec<SymbolInfo>,
    /// Buffer ids of the function arguments and results, in order.
    pub inputs: Vec<u32>,
    pub outputs: Vec<u32>,
    /// Per region, per run-time variant of its kernel plan (one for a plan without variants):
    /// the scratch buffers its kernels use beside the region's bindings.
    pub scratch: Vec<Vec<Scratch>>,
}

/// The scratch buffers of one region (or one run-time variant), by buffer id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scratch {
    /// Split-K's partial results (`slices x rows x n` accumulator elements).
    pub partials: Option<u32>,
    /// The bf16 planes of a split f32 matmul's lhs and rhs (constant when computed at compile
    /// time, else filled by a split kernel).
    pub planes: Option<[u32; 2]>,
}

pub fn dim_expr(dim: &Dim) -> SizeExpr {
    match dim {
        Dim::Static(n) => SizeExpr::Const(*n as i64),
        Dim::Symbol(s) => SizeExpr::Symbol(s.clone()),
    }
}

pub fn shape_exprs(ty: &TensorType) -> Vec<SizeExpr> {
    ty.shape.iter().map(dim_expr).collect()
}

/// The shape of `value` (none for a scalar).
pub fn value_shape(function: &Function, value: ValueId) -> Vec<SizeExpr> {
    function.values[value]
        .ty
        .as_tensor()
        .map(shape_exprs)
        .unwrap_or_default()
}

/// Encodes constant data in a storage type.
pub fn constant_bytes(data: &ElementsData, storage: StorageType) -> Vec<u8> {
    let values = data.to_f64_vec();
    let mut out = Vec::with_capacity(values.len() * storage.size_bytes() as usize);
    for x in values {
        match storage {
            StorageType::F32 => out.extend_from_slice(&(x as f32).to_le_bytes()),
            StorageType::F16 => out.extend_from_slice(&half::f16::from_f64(x).to_le_bytes()),
            StorageType::BF16 => out.extend_from_slice(&half::bf16::from_f64(x).to_le_bytes()),
            StorageType::F64 => out.extend_from_slice(&x.to_le_bytes()),
            StorageType::I32 => out.extend_from_slice(&(x as i32).to_le_bytes()),
            StorageType::I64 => out.extend_from_slice(&(x as i64).to_le_bytes()),
            StorageType::I8 => out.push(x as i8 as u8),
            StorageType::U32 => out.extend_from_slice(&u32::from(x != 0.0).to_le_bytes()),
        }
    }
    out
}

impl BufferPlan {
    /// The kernel view of `value` read or stored through `binding` (a binding of the value's
    /// buffer): its slice when it has one, else the whole buffer, row-major.
    pub fn view_of(
        &self,
        function: &Function,
        value: ValueId,
        binding: BindingId,
    ) -> Result<BufferView, CompileError> {
        let buffer = self.value_buffer.get(&value).ok_or_else(|| {
            CompileError::internal("bufferize", format!("%{} has no buffer", value.index()))
        })?;
        Ok(match self.views.get(&value) {
            Some(view) => BufferView {
                binding,
                offset: view.offset.clone(),
                shape: value_shape(function, value),
                strides: view.strides.clone(),
            },
            None => {
                let shape = self.buffers[*buffer as usize].shape.clone();
                BufferView {
                    binding,
                    offset: SizeExpr::Const(0),
                    strides: row_major_strides(&shape),
                    shape,
                }
            }
        })
    }

    pub fn print(&self) -> String {
        let mut out = String::new();
        for s in &self.symbols {
            out.push_str(&format!(
                "symbol {} = input{}.dim{}\n",
                s.name, s.input, s.dim
            ));
        }
        for b in &self.buffers {
            out.push_str(&format!(
                "buffer #{} \"{}\" {:?} {:?} [{}] {} bytes{}\n",
                b.id,
                b.name,
                b.kind,
                b.storage,
                b.shape
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                b.size_bytes,
                b.reuse_slot
                    .map(|s| format!(" slot {s}"))
                    .unwrap_or_default()
            ));
        }
        let mut views: Vec<_> = self.views.iter().collect();
        views.sort_by_key(|(v, _)| v.index());
        for (v, view) in views {
            let strides: Vec<String> = view.strides.iter().map(|s| s.to_string()).collect();
            out.push_str(&format!(
                "view %{} -> #{} offset {} strides [{}]\n",
                v.index(),
                self.value_buffer[v],
                view.offset,
                strides.join(", ")
            ));
        }
        for (i, bindings) in self.region_bindings.iter().enumerate() {
            let list: Vec<String> = bindings
                .iter()
                .map(|b| {
                    format!(
                        "(set {}, binding {}) %{} -> #{} {:?}",
                        b.set,
                        b.binding,
                        b.value.index(),
                        b.buffer,
                        b.access
                    )
                })
                .collect();
            out.push_str(&format!("region {i} bindings: {}\n", list.join("; ")));
        }
        for (i, variants) in self.scratch.iter().enumerate() {
            for (v, s) in variants.iter().enumerate() {
                if s == &Scratch::default() {
                    continue;
                }
                let variant = if variants.len() > 1 {
                    format!(" variant {v}")
                } else {
                    String::new()
                };
                out.push_str(&format!("region {i}{variant} scratch:"));
                if let Some(p) = s.partials {
                    out.push_str(&format!(" partials #{p}"));
                }
                if let Some([l, r]) = s.planes {
                    out.push_str(&format!(" planes #{l} #{r}"));
                }
                out.push('\n');
            }
        }
        out
    }

    pub fn verify(&self) -> Result<(), String> {
        for (i, b) in self.buffers.iter().enumerate() {
            if b.id as usize != i {
                return Err(format!("buffer {i} has id {}", b.id));
            }
            if (b.kind == BufferKind::Constant) != b.constant.is_some() {
                return Err(format!(
                    "buffer #{i}: constant data does not match its kind"
                ));
            }
        }
        for (r, variants) in self.scratch.iter().enumerate() {
            for s in variants {
                let ids = s.partials.into_iter().chain(s.planes.into_iter().flatten());
                for id in ids {
                    if id as usize >= self.buffers.len() {
                        return Err(format!("region {r} has missing scratch buffer #{id}"));
                    }
                }
            }
        }
        let mut writers: HashMap<u32, usize> = HashMap::new();
        for (r, bindings) in self.region_bindings.iter().enumerate() {
            for b in bindings {
                if b.buffer as usize >= self.buffers.len() {
                    return Err(format!("region {r} binds missing buffer #{}", b.buffer));
                }
                // Regions storing slices of one buffer (views) write disjoint elements.
                if b.access != Access::ReadOnly && !self.views.contains_key(&b.value) {
                    if let Some(other) = writers.insert(b.buffer, r) {
                        return Err(format!(
                            "buffer #{} written by regions {other} and {r}",
                            b.buffer
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

/// The element type of split-K's partial results for a matmul result of `dtype`: the
/// accumulator's, f16 or f32.
pub fn partial_storage(dtype: DType) -> StorageType {
    match dtype {
        DType::F16 => StorageType::F16,
        _ => StorageType::F32,
    }
}
