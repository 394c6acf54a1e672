//! Global variables: pointer types, storage classes, bindings, and Vulkan's explicit-layout
//! rules on `StorageBuffer` / `Uniform` / `PushConstant` blocks.

use super::*;

impl<'m> Verifier<'m> {
    pub(super) fn global(&mut self, _g: GlobalVarId, gv: &GlobalVariable) {
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
    pub(super) fn size_align(&self, t: TypeId) -> Option<(u64, u64)> {
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

    pub(super) fn explicit_layout(&mut self, name: &str, t: TypeId, top: bool) {
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

    pub(super) fn no_explicit_layout(&mut self, name: &str, t: TypeId) {
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
}
