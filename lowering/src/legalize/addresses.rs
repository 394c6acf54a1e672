//! Bindings reached through buffer device addresses (`BufferBinding::by_address`: a buffer past
//! the target's `maxStorageBufferRange`). Such a binding has no descriptor: the runtime pushes
//! the buffer's 64-bit device address as two u32 words (low, high) after the kernel's push
//! constants; the kernel builds a `uvec2` of them, bitcasts it to a `PhysicalStorageBuffer`
//! pointer to the same block type a descriptor-bound binding has (`struct { T[] }`, `Block`),
//! once in the entry block, and every access chain starts from that pointer. Element indices stay
//! in the index type (i32 by default: a tensor of up to 2^31 elements); the device adds them to
//! the 64-bit address. Loads and stores through such a pointer carry the `Aligned` operand
//! (SPIR-V requires it for `PhysicalStorageBuffer`), the element's byte stride.
//!
//! Needs `PhysicalStorageBufferAddresses` and the `PhysicalStorageBuffer64` addressing model,
//! which `abi-vce-serialize` deduces from the module; the conversion target checks them.
//! Not handled: cooperative-matrix tensor layouts on such a binding (refused: no target with
//! tensor layouts has a range small enough to need one).

use super::converter::{internal, BindingBase, Converter};
use crate::error::CompileError;
use crate::kernel_ir as k;
use crate::target::LoweringTarget;
use kiln_spirv_ir::spirv::{self, StorageClass};
use kiln_spirv_ir::{FunctionBuilder, ModuleBuilder, TypeId, ValueId};

/// The binding base of a buffer reached by address: a `PhysicalStorageBuffer` pointer type to
/// the block of `element`s of byte stride `stride`.
pub(super) fn declare_addressed_binding(
    mb: &mut ModuleBuilder,
    element: TypeId,
    stride: u32,
) -> BindingBase {
    let block = mb.ty_runtime_array_block(element, stride);
    BindingBase::Address(mb.ty_pointer(block, StorageClass::PhysicalStorageBuffer))
}

/// Per binding of `kernel`, the byte offset of its device address in the push-constant block:
/// after the `words` words of the kernel's push constants, two words per such binding, in
/// binding order.
pub(super) fn address_offsets(kernel: &k::Kernel, words: usize) -> Vec<Option<u32>> {
    let mut next = 4 * words as u32;
    kernel
        .bindings
        .iter()
        .map(|b| {
            b.by_address.then(|| {
                next += 8;
                next - 8
            })
        })
        .collect()
}

/// The push-constant block of `words` words must fit the target's `maxPushConstantsSize`.
pub(super) fn check_push_constant_size(
    kernel: &k::Kernel,
    words: usize,
    target: &LoweringTarget,
) -> Result<(), CompileError> {
    let limit = target.env.limits.max_push_constants_size;
    if 4 * words as u64 > u64::from(limit) {
        return Err(CompileError::unsupported(
            &kernel.name,
            "push constants",
            format!(
                "{} bytes of push constants (with the device addresses of {} buffers past \
                 maxStorageBufferRange) exceed {}'s maxPushConstantsSize ({limit} bytes)",
                4 * words,
                kernel.bindings.iter().filter(|b| b.by_address).count(),
                target.env.name
            ),
        ));
    }
    Ok(())
}

impl Converter<'_> {
    /// Builds the block pointer of every binding reached by address, in the entry block.
    pub(super) fn materialize_binding_addresses(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
    ) -> Result<(), CompileError> {
        for (binding, offset) in self.address_offsets.iter().enumerate() {
            let Some(offset) = offset else { continue };
            let BindingBase::Address(pointer_ty) = self.bindings[binding].base else {
                return Err(internal(format!("binding {binding} has no address type")));
            };
            let low = self.push_constant_word(fb, *offset as usize / 4)?;
            let high = self.push_constant_word(fb, *offset as usize / 4 + 1)?;
            let u32_ty = fb.ty_u32();
            let pair_ty = fb.ty_vector(u32_ty, 2);
            let pair = fb.composite_construct(pair_ty, &[low, high]);
            let pointer = fb.bitcast(pointer_ty, pair);
            self.addresses.insert(binding, pointer);
        }
        Ok(())
    }

    /// The pointer to the block of `binding` and whether it is a `PhysicalStorageBuffer` one
    /// (whose loads and stores need the `Aligned` operand).
    pub(super) fn binding_block(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        binding: usize,
    ) -> Result<(ValueId, bool), CompileError> {
        match self.bindings[binding].base {
            BindingBase::Descriptor(var) => Ok((fb.address_of(var), false)),
            BindingBase::Address(_) => self
                .addresses
                .get(&binding)
                .map(|&p| (p, true))
                .ok_or_else(|| internal(format!("binding {binding} has no address"))),
        }
    }

    /// `OpLoad` of `ptr`, with `Aligned` when it is a device-address pointer.
    pub(super) fn load_from(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        ty: TypeId,
        ptr: ValueId,
        aligned: Option<u32>,
    ) -> ValueId {
        match aligned {
            Some(bytes) => {
                let loaded = fb.load_with(ptr, spirv::MemoryAccess::ALIGNED, &[bytes]);
                debug_assert_eq!(fb.type_of(loaded), ty);
                loaded
            }
            None => fb.op(spirv::Op::Load, ty, &[ptr]),
        }
    }

    /// `OpStore` of `value` at `ptr`, with `Aligned` when it is a device-address pointer.
    pub(super) fn store_to(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        ptr: ValueId,
        value: ValueId,
        aligned: Option<u32>,
    ) {
        match aligned {
            Some(bytes) => {
                fb.op_void(
                    spirv::Op::Store,
                    vec![
                        kiln_spirv_ir::Operand::Value(ptr),
                        kiln_spirv_ir::Operand::Value(value),
                        kiln_spirv_ir::Operand::Literal(spirv::MemoryAccess::ALIGNED.bits()),
                        kiln_spirv_ir::Operand::Literal(bytes),
                    ],
                );
            }
            None => fb.store(ptr, value),
        }
    }
}
