//! Types: `vector<4 x f32>`, `struct<(...)>`, `ptr<..., StorageBuffer>`, ...

use super::*;

impl Parser {
    pub(super) fn ty(&mut self) -> Result<TypeId, ParseError> {
        let is_pointee = std::mem::take(&mut self.pointee_next);
        let save = self.at;
        let name = self.ident("a type")?;
        let t = match name.as_str() {
            "void" => Type::Void,
            "bool" => Type::Bool,
            "vector" | "matrix" => self.vector_or_matrix_type(&name)?,
            "array"
                if matches!(
                    self.toks.get(self.at + 1).map(|t| &t.tok),
                    Some(Tok::Symbol(_))
                ) =>
            {
                self.expect("<")?;
                let sym = self.symbol("a spec constant")?;
                let length = self
                    .ssyms
                    .get(&sym)
                    .copied()
                    .map_or_else(|| self.err(format!("unknown spec constant @{sym}")), Ok)?;
                self.expect_ident("x")?;
                let element = self.ty()?;
                let stride = self.opt_stride()?;
                self.expect(">")?;
                Type::SpecArray {
                    element,
                    length,
                    stride,
                }
            }
            "array" => {
                self.expect("<")?;
                let length = self.number("an array length")?;
                self.expect_ident("x")?;
                let element = self.ty()?;
                let stride = self.opt_stride()?;
                self.expect(">")?;
                Type::Array {
                    element,
                    length,
                    stride,
                }
            }
            "sampler" => Type::Sampler,
            "sampled_image" => {
                self.expect("<")?;
                let image = self.ty()?;
                self.expect(">")?;
                Type::SampledImage { image }
            }
            "image" => self.image_type()?,
            "rtarray" => {
                self.expect("<")?;
                let element = self.ty()?;
                let stride = self.opt_stride()?;
                self.expect(">")?;
                Type::RuntimeArray { element, stride }
            }
            "struct" => return self.struct_type(is_pointee),
            "ptr" => {
                self.expect("<")?;
                self.pointee_next = true;
                let pointee = self.ty()?;
                self.expect(",")?;
                let storage_class = self.enum_("a storage class")?;
                let stride = self.opt_stride()?;
                self.expect(">")?;
                Type::Pointer {
                    pointee,
                    storage_class,
                    stride,
                }
            }
            "fn" => {
                self.expect("<")?;
                self.expect("(")?;
                let mut params = vec![];
                while !self.eat(")") {
                    params.push(self.ty()?);
                    if !self.eat(",") {
                        self.expect(")")?;
                        break;
                    }
                }
                self.expect("->")?;
                let result = self.ty()?;
                self.expect(">")?;
                Type::Function { result, params }
            }
            "coopmatrix" => self.cooperative_matrix_type()?,
            "bf16" => Type::BF16,
            "tensorlayout" => {
                self.expect("<")?;
                let dim = self.number("a dimension count")?;
                self.expect(",")?;
                let clamp_mode = self.enum_("a tensor clamp mode")?;
                self.expect(">")?;
                Type::TensorLayout { dim, clamp_mode }
            }
            s => {
                let (kind, width) = s.split_at(1);
                match (kind, width.parse::<u32>()) {
                    ("i", Ok(w)) if matches!(w, 8 | 16 | 32 | 64) => Type::Int {
                        width: w,
                        signed: true,
                    },
                    ("u", Ok(w)) if matches!(w, 8 | 16 | 32 | 64) => Type::Int {
                        width: w,
                        signed: false,
                    },
                    ("f", Ok(w)) if matches!(w, 16 | 32 | 64) => Type::Float {
                        width: w,
                        encoding: None,
                    },
                    _ => {
                        self.at = save;
                        return self.err("expected a type");
                    }
                }
            }
        };
        Ok(self.m.types.intern(t))
    }

    /// `vector<N x T>` or `matrix<N x column>`, after the keyword `name`.
    fn vector_or_matrix_type(&mut self, name: &str) -> Result<Type, ParseError> {
        self.expect("<")?;
        let count_at = self.at;
        let n = self.number("a component count")?;
        // SPIR-V: a vector has 2, 3 or 4 components (8 or 16 with Vector16); a matrix
        // 2, 3 or 4 columns.
        let allowed: &[u32] = if name == "vector" {
            &[2, 3, 4, 8, 16]
        } else {
            &[2, 3, 4]
        };
        if !allowed.contains(&n) {
            self.at = count_at;
            return self.err(format!(
                "expected a {name} component count of {}",
                if name == "vector" {
                    "2, 3, 4, 8 or 16"
                } else {
                    "2, 3 or 4"
                }
            ));
        }
        self.expect_ident("x")?;
        let c = self.ty()?;
        self.expect(">")?;
        Ok(if name == "vector" {
            Type::Vector {
                component: c,
                count: n,
            }
        } else {
            Type::Matrix {
                column: c,
                columns: n,
            }
        })
    }

    /// `image<sampled type, dim, depth = d, arrayed, multisampled, sampled = s, format>`.
    fn image_type(&mut self) -> Result<Type, ParseError> {
        self.expect("<")?;
        let sampled_type = self.ty()?;
        self.expect(",")?;
        let dim = self.enum_("an image dim (Dim2D, ...)")?;
        self.expect(",")?;
        self.expect_ident("depth")?;
        self.expect("=")?;
        let depth = self.number("0, 1 or 2")?;
        self.expect(",")?;
        let arrayed = match self.ident("Arrayed or NonArrayed")?.as_str() {
            "Arrayed" => true,
            "NonArrayed" => false,
            _ => return self.err("expected Arrayed or NonArrayed"),
        };
        self.expect(",")?;
        let multisampled = match self.ident("MultiSampled or SingleSampled")?.as_str() {
            "MultiSampled" => true,
            "SingleSampled" => false,
            _ => return self.err("expected MultiSampled or SingleSampled"),
        };
        self.expect(",")?;
        self.expect_ident("sampled")?;
        self.expect("=")?;
        let sampled = self.number("0, 1 or 2")?;
        self.expect(",")?;
        let format = self.enum_("an image format")?;
        let access = if self.eat(",") {
            Some(self.enum_("an access qualifier")?)
        } else {
            None
        };
        self.expect(">")?;
        Ok(Type::Image {
            sampled_type,
            dim,
            depth,
            arrayed,
            multisampled,
            sampled,
            format,
            access,
        })
    }

    /// `struct<["name",] (members) [, Block] [, decorations]>`, or `struct<"name">` inside a
    /// pointer: a reference back to the enclosing struct of that name.
    fn struct_type(&mut self, is_pointee: bool) -> Result<TypeId, ParseError> {
        self.expect("<")?;
        let struct_name = self.opt_string();
        if let Some(n) = &struct_name {
            if self.eat(">") {
                if !is_pointee {
                    return self.err(format!(
                        "struct<{n:?}> refers back to a struct outside a pointer"
                    ));
                }
                // A reference to an enclosing struct of this name.
                let Some(at) = self.open_structs.iter().rposition(|(o, _)| o == n) else {
                    return self.err(format!("struct<{n:?}> refers to no enclosing struct"));
                };
                let h = match self.open_structs[at].1 {
                    Some(h) => h,
                    None => {
                        let h = self.m.types.reserve(Type::Void);
                        self.open_structs[at].1 = Some(h);
                        h
                    }
                };
                return Ok(h);
            }
            self.expect(",")?;
            self.open_structs.push((n.clone(), None));
        }
        self.expect("(")?;
        let mut members = vec![];
        while !self.eat(")") {
            let ty = self.ty()?;
            let mut offset = None;
            if self.eat_ident("offset") {
                self.expect("(")?;
                offset = Some(self.number("an offset")?);
                self.expect(")")?;
            }
            let mut member_name = None;
            if self.eat_ident("name") {
                self.expect("(")?;
                member_name = Some(self.string("a member name")?);
                self.expect(")")?;
            }
            let decorations = if matches!(self.peek(), Tok::Punct("[")) {
                self.decorations()?
            } else {
                vec![]
            };
            members.push(StructMember {
                name: member_name,
                ty,
                offset,
                decorations,
            });
            if !self.eat(",") {
                self.expect(")")?;
                break;
            }
        }
        let mut block = false;
        let mut decorations = vec![];
        while self.eat(",") {
            if self.eat_ident("Block") {
                block = true;
            } else {
                decorations = self.decorations()?;
            }
        }
        self.expect(">")?;
        let t = Type::Struct(StructType {
            name: struct_name.clone(),
            members,
            block,
            decorations,
        });
        if struct_name.is_some() {
            if let Some((_, Some(h))) = self.open_structs.pop() {
                self.m.types.fill(h, t);
                let text = crate::print::print_type(&self.m, h);
                return Ok(*self.recursive_structs.entry(text).or_insert(h));
            }
        }
        Ok(self.m.types.intern(t))
    }

    /// `coopmatrix<rows x columns x component, scope, use>`.
    fn cooperative_matrix_type(&mut self) -> Result<Type, ParseError> {
        self.expect("<")?;
        let rows = self.number("rows")?;
        self.expect_ident("x")?;
        let columns = self.number("columns")?;
        self.expect_ident("x")?;
        let component = self.ty()?;
        self.expect(",")?;
        let scope = self.enum_("a scope")?;
        self.expect(",")?;
        let usage = self.enum_("a cooperative matrix use")?;
        self.expect(">")?;
        Ok(Type::CooperativeMatrix {
            component,
            scope,
            rows,
            columns,
            usage,
        })
    }

    pub(super) fn opt_stride(&mut self) -> Result<Option<u32>, ParseError> {
        if self.eat(",") {
            self.expect_ident("stride")?;
            self.expect("=")?;
            Ok(Some(self.number("a stride")?))
        } else {
            Ok(None)
        }
    }
}
