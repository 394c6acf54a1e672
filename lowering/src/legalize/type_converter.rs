//! The [`TypeConverter`]: kernel IR types -> SPIR-V types. index -> i32 (i64 with 64-bit
//! indices); storage buffers hold their element type with its byte stride, booleans as u32
//! words. What a type needs from the target (`Float16`, `Int64`, the 8- / 16-bit storage
//! capabilities, ...) is the grammar's business: the conversion target checks it where the type
//! is used.

use crate::kernel_ir::ScalarType;
use kiln_spirv_ir::{ModuleBuilder, Type as SpvType, TypeId};

/// Maps kernel IR types to SPIR-V types (see the module docs for the rules).
pub struct TypeConverter {
    pub index_bits: u32,
}

const fn int(width: u32, signed: bool) -> SpvType {
    SpvType::Int { width, signed }
}

const fn float(width: u32) -> SpvType {
    SpvType::Float {
        width,
        encoding: None,
    }
}

impl TypeConverter {
    /// The SPIR-V type (not yet interned) of a value of `ty`.
    pub fn scalar_type(&self, ty: ScalarType) -> SpvType {
        match ty {
            ScalarType::Bool => SpvType::Bool,
            ScalarType::I8 => int(8, true),
            ScalarType::I16 => int(16, true),
            ScalarType::I32 => int(32, true),
            ScalarType::I64 => int(64, true),
            ScalarType::F16 => float(16),
            ScalarType::BF16 => SpvType::BF16,
            ScalarType::F32 => float(32),
            ScalarType::F64 => float(64),
            ScalarType::Index if self.index_bits == 64 => int(64, true),
            ScalarType::Index => int(32, true),
        }
    }
    /// [`Self::scalar_type`], interned in the module.
    pub fn scalar(&self, mb: &mut ModuleBuilder, ty: ScalarType) -> TypeId {
        mb.ty(self.scalar_type(ty))
    }
    /// The element type of a storage buffer holding `ty` (booleans as u32 words) and its byte
    /// stride.
    pub fn storage_element(&self, mb: &mut ModuleBuilder, ty: ScalarType) -> (TypeId, u32) {
        match ty {
            ScalarType::Bool => (mb.ty(int(32, false)), 4),
            ScalarType::I8 => (mb.ty(int(8, true)), 1),
            ScalarType::I16 => (mb.ty(int(16, true)), 2),
            ScalarType::F16 => (mb.ty(float(16)), 2),
            ScalarType::BF16 => (mb.ty(SpvType::BF16), 2),
            ScalarType::I64 | ScalarType::F64 => (self.scalar(mb, ty), 8),
            _ => (self.scalar(mb, ty), 4),
        }
    }
}
