//! Debug information: strings, sources, processing notes, names, and the module-scope
//! non-semantic instructions.

use super::*;

impl<'a> Serializer<'a> {
    /// The id of what a non-semantic operand names.
    pub(super) fn non_semantic_operand(
        &mut self,
        x: &NonSemanticOperand,
    ) -> Result<u32, SerializeError> {
        let dangling = |what: String| SerializeError::Dangling(what);
        Ok(match x {
            NonSemanticOperand::Literal(w) => *w,
            NonSemanticOperand::Undef(t) => self.undef_id(*t)?,
            NonSemanticOperand::Inst(i) => *self
                .non_semantic_ids
                .get(*i as usize)
                .ok_or_else(|| dangling(format!("non-semantic instruction #{i}")))?,
            NonSemanticOperand::String(st) => self.string_id(st),
            NonSemanticOperand::Constant(ty, c) => self.constant_id(*ty, c)?,
            NonSemanticOperand::Type(t) => self.type_id(*t)?,
            NonSemanticOperand::Function(f) => *self
                .function_ids
                .get(f.index())
                .ok_or_else(|| dangling(format!("function {f:?}")))?,
            NonSemanticOperand::GlobalVariable(g) => *self
                .global_ids
                .get(g.index())
                .ok_or_else(|| dangling(format!("global variable {g:?}")))?,
            NonSemanticOperand::SpecConstant(sc) => *self
                .spec_ids
                .get(sc.index())
                .ok_or_else(|| dangling(format!("spec constant {sc:?}")))?,
        })
    }

    /// The module-scope non-semantic instructions, after the global variables.
    pub(super) fn non_semantic(&mut self) -> Result<(), SerializeError> {
        let m = self.m;
        if m.non_semantic.is_empty() {
            return Ok(());
        }
        self.non_semantic_ids = (0..m.non_semantic.len()).map(|_| self.fresh()).collect();
        let void = self.types.intern(Type::Void);
        let void = self.type_id(void)?;
        for (i, ns) in m.non_semantic.iter().enumerate() {
            let set = self.ext_set(&ns.set);
            let mut w = vec![void, self.non_semantic_ids[i], set, ns.instruction];
            for x in &ns.operands {
                w.push(self.non_semantic_operand(x)?);
            }
            inst(&mut self.sec.globals, Op::ExtInst, &w);
        }
        Ok(())
    }

    /// The id of an `OpString` holding `s` (a new one when there is none).
    pub(super) fn string_id(&mut self, s: &str) -> u32 {
        if let Some(&id) = self.string_ids.get(s) {
            return id;
        }
        self.new_string(s)
    }

    pub(super) fn new_string(&mut self, s: &str) -> u32 {
        let id = self.fresh();
        let mut w = vec![id];
        w.extend(string_words(s));
        inst(&mut self.sec.debug_strings, Op::String, &w);
        self.string_ids.entry(s.to_string()).or_insert(id);
        id
    }

    /// The module's debug instructions: strings, source extensions, sources (long texts
    /// continued in `OpSourceContinued`s), processing notes.
    pub(super) fn debug_info(&mut self) {
        let m = self.m;
        let debug = &m.debug;
        for s in &debug.strings {
            self.new_string(s);
        }
        for e in &debug.source_extensions {
            inst(
                &mut self.sec.debug_sources,
                Op::SourceExtension,
                &string_words(e),
            );
        }
        for source in &debug.sources {
            let mut w = vec![source.language as u32, source.version];
            let file = source.file.as_ref().map(|f| self.string_id(f));
            // The parts as the producer split them, each split further where it is over the
            // limit of one instruction (65535 words: the header word, the operands before the
            // text and its terminating nul).
            let mut rest: Vec<&str> = Vec::new();
            if let Some(text) = &source.text {
                let parts = std::iter::once(text).chain(&source.continued);
                for (i, part) in parts.enumerate() {
                    let operand_words = if i == 0 { 3 } else { 0 };
                    let chunk = 4 * (0xffff - 1 - operand_words) - 1;
                    let mut t = part.as_str();
                    while t.len() > chunk {
                        let mut cut = chunk;
                        while !t.is_char_boundary(cut) {
                            cut -= 1;
                        }
                        rest.push(&t[..cut]);
                        t = &t[cut..];
                    }
                    rest.push(t);
                }
            }
            match (file, rest.split_first()) {
                (Some(file), Some((first, more))) => {
                    w.push(file);
                    w.extend(string_words(first));
                    inst(&mut self.sec.debug_sources, Op::Source, &w);
                    for m in more {
                        inst(
                            &mut self.sec.debug_sources,
                            Op::SourceContinued,
                            &string_words(m),
                        );
                    }
                }
                (Some(file), None) => {
                    w.push(file);
                    inst(&mut self.sec.debug_sources, Op::Source, &w);
                }
                // A text needs a file operand before it; without one only the version stays.
                (None, _) => inst(&mut self.sec.debug_sources, Op::Source, &w),
            }
        }
        for p in &debug.module_processed {
            inst(
                &mut self.sec.module_processed,
                Op::ModuleProcessed,
                &string_words(p),
            );
        }
    }
}
