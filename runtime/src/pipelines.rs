//! Creating many pipelines at once: kernels that are the same code are built once, and the
//! distinct ones are built from several threads.
//!
//! Two kernels are the same when their modules differ at most in names: the `OpEntryPoint`
//! name string and the debug instructions (`OpName`, `OpMemberName`, `OpSource*`, `OpString`,
//! `OpLine`, `OpNoLine`, `OpModuleProcessed`), which do not change what the code computes,
//! and when they declare the same bindings, push-constant size and required subgroup size
//! ([`Kernel::identity`]). kiln names each dispatch's entry point and buffers after the
//! dispatch, so the twelve identical layers of a BERT encoder differ only there. One pipeline
//! is built from the first such kernel (its words and its entry point name) and the others get
//! handles to it under their own names ([`Pipeline::renamed`]).
//!
//! Vulkan allows `vkCreateComputePipelines` (and the layouts before it) from several threads
//! on one device; the pipeline cache synchronizes itself. `KILN_PIPELINE_THREADS` caps the
//! threads (default: the available cores; `1` builds them one after another on the calling
//! thread).

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::device::Device;
use crate::error::{Result, RuntimeError};
use crate::kernel::{Binding, Kernel, Pipeline};

/// The environment variable that caps the threads [`Device::create_pipelines`] uses.
pub const PIPELINE_THREADS_ENV: &str = "KILN_PIPELINE_THREADS";

/// What makes two kernels one pipeline: the module without names, and the interface.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KernelIdentity {
    words: Vec<u32>,
    /// Which `OpEntryPoint` the kernel's entry point name picks (`None`: none, the kernel is
    /// refused when built): names are left out of `words`, the choice they make is not.
    entry: Option<usize>,
    bindings: Vec<Binding>,
    push_constant_size: u32,
    required_subgroup_size: Option<u32>,
}

/// Debug instructions (SPIR-V 1.6, section 3.42.2): names and source text only.
const DEBUG_OPCODES: [spirv::Op; 8] = [
    spirv::Op::SourceContinued,
    spirv::Op::Source,
    spirv::Op::SourceExtension,
    spirv::Op::Name,
    spirv::Op::MemberName,
    spirv::Op::String,
    spirv::Op::Line,
    spirv::Op::ModuleProcessed,
];

impl Kernel {
    /// The kernel's identity for deduplication (see the module docs): its words without debug
    /// instructions and without the entry point's name, plus its interface. A module that does
    /// not parse keeps all its words (it is refused when its pipeline is built).
    pub fn identity(&self) -> KernelIdentity {
        let (words, entry) = words_without_names(&self.spirv, &self.entry_point);
        KernelIdentity {
            words,
            entry,
            bindings: self.bindings.clone(),
            push_constant_size: self.push_constant_size,
            required_subgroup_size: self.required_subgroup_size,
        }
    }
}

/// The module without names, and the index of the entry point named `entry_name`.
fn words_without_names(words: &[u32], entry_name: &str) -> (Vec<u32>, Option<usize>) {
    if words.len() < 5 {
        return (words.to_vec(), None);
    }
    let mut entry = None;
    let mut entry_points = 0;
    let mut out = Vec::with_capacity(words.len());
    out.extend_from_slice(&words[..5]);
    let mut at = 5;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        let opcode = words[at] & 0xffff;
        if count == 0 || at + count > words.len() {
            out.extend_from_slice(&words[at..]);
            break;
        }
        let instruction = &words[at..at + count];
        let debug = DEBUG_OPCODES.iter().any(|op| *op as u32 == opcode)
            || opcode == spirv::Op::NoLine as u32;
        if opcode == spirv::Op::EntryPoint as u32 && count >= 4 {
            // Execution model, entry id, name (a nul-terminated literal), interface ids.
            let name_words = instruction[3..]
                .iter()
                .position(|w| w.to_le_bytes().contains(&0))
                .map_or(count - 3, |p| p + 1);
            let name: Vec<u8> = instruction[3..3 + name_words]
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .take_while(|&b| b != 0)
                .collect();
            if entry.is_none() && name == entry_name.as_bytes() {
                entry = Some(entry_points);
            }
            entry_points += 1;
            // The first word holds the word count, which the name's length changes.
            out.push((((count - name_words) as u32) << 16) | opcode);
            out.extend_from_slice(&instruction[1..3]);
            out.extend_from_slice(&instruction[3 + name_words..]);
        } else if !debug {
            out.extend_from_slice(instruction);
        }
        at += count;
    }
    (out, entry)
}

/// The pipelines of a list of kernels.
pub struct CreatedPipelines {
    /// One per kernel, in order, each under its kernel's name.
    pub pipelines: Vec<Pipeline>,
    /// For each kernel, the index of the kernel its pipeline was built from (itself when it
    /// is the first of its kind).
    pub built_from: Vec<usize>,
    /// Threads that built them.
    pub threads: usize,
    /// Wall time of the whole batch.
    pub wall: Duration,
}

impl CreatedPipelines {
    /// How many pipelines were built (distinct kernels).
    pub fn distinct(&self) -> usize {
        self.built_from
            .iter()
            .enumerate()
            .filter(|(i, from)| i == *from)
            .count()
    }
}

/// How [`Device::create_pipelines_with`] builds a list of kernels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PipelineBuild {
    /// Build one pipeline per [`Kernel::identity`] (default); `false` builds one per kernel.
    pub deduplicate: bool,
    /// Threads to build on; `None`: `KILN_PIPELINE_THREADS`, else the available cores.
    pub threads: Option<usize>,
}

impl Default for PipelineBuild {
    fn default() -> Self {
        PipelineBuild {
            deduplicate: true,
            threads: None,
        }
    }
}

impl PipelineBuild {
    /// One pipeline per kernel, one after another on the calling thread (how kiln built them
    /// before deduplication and threads; tests compare against it).
    pub fn serial_without_deduplication() -> PipelineBuild {
        PipelineBuild {
            deduplicate: false,
            threads: Some(1),
        }
    }
}

/// Threads for `jobs` pipelines: `requested`, else `KILN_PIPELINE_THREADS`, else the available
/// cores.
fn thread_count(jobs: usize, requested: Option<usize>) -> Result<usize> {
    let from_env = || match std::env::var(PIPELINE_THREADS_ENV) {
        Ok(value) => value
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| RuntimeError::InvalidSetting {
                setting: PIPELINE_THREADS_ENV.into(),
                reason: format!("`{value}` is not a positive number of threads"),
            }),
        Err(_) => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    };
    let threads = match requested {
        Some(threads) => threads,
        None => from_env()?,
    };
    Ok(threads.min(jobs).max(1))
}

impl Device {
    /// Builds the pipelines of `kernels`: identical kernels once ([`Kernel::identity`]), the
    /// distinct ones from several threads. On failure, the error of the first failing kernel
    /// (in list order) is returned, as building them one by one would.
    pub fn create_pipelines(&self, kernels: &[Kernel]) -> Result<CreatedPipelines> {
        self.create_pipelines_with(kernels, &PipelineBuild::default())
    }

    /// [`Device::create_pipelines`] with the deduplication and threads of `build`.
    pub fn create_pipelines_with(
        &self,
        kernels: &[Kernel],
        build: &PipelineBuild,
    ) -> Result<CreatedPipelines> {
        let started = Instant::now();
        let mut first_of: HashMap<KernelIdentity, usize> = HashMap::new();
        let built_from: Vec<usize> = kernels
            .iter()
            .enumerate()
            .map(|(index, kernel)| match build.deduplicate {
                true => *first_of.entry(kernel.identity()).or_insert(index),
                false => index,
            })
            .collect();
        drop(first_of);
        if crate::instance::trace_enabled() {
            for (index, &from) in built_from.iter().enumerate() {
                if from != index {
                    crate::instance::trace(&format!(
                        "kernel `{}` shares the pipeline of `{}`",
                        kernels[index].name, kernels[from].name
                    ));
                }
            }
        }
        let distinct: Vec<usize> = (0..kernels.len()).filter(|&i| built_from[i] == i).collect();
        let threads = thread_count(distinct.len(), build.threads)?;
        let built: Vec<Mutex<Option<Result<Pipeline>>>> =
            distinct.iter().map(|_| Mutex::new(None)).collect();
        let build = |slot: usize| {
            let result = self.create_pipeline(&kernels[distinct[slot]]);
            *crate::device::lock(&built[slot]) = Some(result);
        };
        if threads == 1 {
            (0..distinct.len()).for_each(build);
        } else {
            let next = AtomicUsize::new(0);
            let work = || loop {
                let slot = next.fetch_add(1, Ordering::Relaxed);
                if slot >= distinct.len() {
                    break;
                }
                build(slot);
            };
            std::thread::scope(|scope| {
                for index in 1..threads {
                    let spawned = std::thread::Builder::new()
                        .name(format!("kiln-pipelines-{index}"))
                        .spawn_scoped(scope, work);
                    // A thread that cannot start leaves its share to the others.
                    drop(spawned);
                }
                work();
            });
        }
        let mut by_kernel: HashMap<usize, Pipeline> = HashMap::with_capacity(distinct.len());
        for (slot, cell) in built.into_iter().enumerate() {
            let result = cell
                .into_inner()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .unwrap_or_else(|| {
                    Err(RuntimeError::InvalidKernel {
                        kernel: kernels[distinct[slot]].name.clone(),
                        reason: "its pipeline-building thread failed".into(),
                    })
                });
            by_kernel.insert(distinct[slot], result?);
        }
        let pipelines = kernels
            .iter()
            .zip(&built_from)
            .map(|(kernel, from)| by_kernel[from].renamed(&kernel.name))
            .collect();
        Ok(CreatedPipelines {
            pipelines,
            built_from,
            threads,
            wall: started.elapsed(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn string_words(text: &str) -> Vec<u32> {
        let mut bytes = text.as_bytes().to_vec();
        bytes.push(0);
        while !bytes.len().is_multiple_of(4) {
            bytes.push(0);
        }
        bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }

    fn module(entry: &str, name: &str, body: u32) -> Vec<u32> {
        let mut words = vec![spirv::MAGIC_NUMBER, 0x0001_0300, 0, 10, 0];
        let entry_words = string_words(entry);
        words.push(((3 + entry_words.len() as u32 + 1) << 16) | spirv::Op::EntryPoint as u32);
        words.extend([spirv::ExecutionModel::GLCompute as u32, 1]);
        words.extend(entry_words);
        words.push(7); // an interface id
        let name_words = string_words(name);
        words.push(((2 + name_words.len() as u32) << 16) | spirv::Op::Name as u32);
        words.push(2);
        words.extend(name_words);
        words.push((2 << 16) | spirv::Op::Capability as u32);
        words.push(body);
        words
    }

    #[test]
    fn kernels_differing_only_in_names_are_one_identity() {
        // Entry names of different lengths in words (5 and 6 words with the nul).
        let a = Kernel::new("a", module("dispatch_1_matmul", "constant%28", 1))
            .entry_point("dispatch_1_matmul");
        let b = Kernel::new("b", module("dispatch_1234_matmul", "constant%345", 1))
            .entry_point("dispatch_1234_matmul");
        assert_eq!(a.identity(), b.identity());
        let c = Kernel::new("c", module("dispatch_1_matmul", "constant%28", 2))
            .entry_point("dispatch_1_matmul");
        assert_ne!(a.identity(), c.identity(), "other code");
        let other_entry = a.clone().entry_point("absent");
        assert_ne!(
            a.identity(),
            other_entry.identity(),
            "an entry point it lacks"
        );
        let d = a.clone().push_constants(4);
        assert_ne!(a.identity(), d.identity(), "other interface");
        let e = a.clone().binding(0, 0, crate::Access::ReadOnly);
        assert_ne!(a.identity(), e.identity(), "other bindings");
    }

    #[test]
    fn the_interface_after_the_entry_name_is_kept() {
        let mut a = module("main", "x", 1);
        let b = a.clone();
        a[10] = 8; // the interface id after "main\0\0\0\0" (2 words)
        assert_ne!(
            words_without_names(&a, "main"),
            words_without_names(&b, "main")
        );
    }

    #[test]
    fn malformed_modules_keep_their_words() {
        let words = vec![spirv::MAGIC_NUMBER, 0, 0, 0, 0, 0xffff_0000];
        assert_eq!(words_without_names(&words, "main"), (words, None));
        assert_eq!(words_without_names(&[1, 2], "main"), (vec![1, 2], None));
    }
}
