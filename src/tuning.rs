//! `kiln tune`'s cache: per device, the best tiling found for each contraction (keyed by
//! `kernel_config::tuning_key`, e.g. `f32xf32->f32 batch=1 m=4096 n=4096 k=4096`), as JSON:
//!
//! ```json
//! { "devices": { "NVIDIA H200": { "f32xf32->f32 batch=1 m=4096 n=4096 k=4096": "simt:256x128x16/8x8" } } }
//! ```
//!
//! Compiles for `--target auto` read the entries of their device (`PassOptions::tuned`). The
//! file is `$KILN_TUNING_CACHE`, else `kiln/tuning.json` in the user's cache directory. It is
//! written atomically (a temporary file renamed over it); a file that cannot be read or parsed
//! is ignored with a warning. An entry that parses as JSON but not as tiles (a hand edit) is
//! an error naming it.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use kiln_lowering::kernel_config::TunedTiles;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TuningCache {
    /// Device name -> tuning key -> tiles (`TunedTiles` text).
    pub devices: BTreeMap<String, BTreeMap<String, String>>,
}

impl TuningCache {
    /// Where the cache lives: `$KILN_TUNING_CACHE`, else the user cache directory.
    pub fn default_path() -> Option<PathBuf> {
        match std::env::var_os("KILN_TUNING_CACHE") {
            Some(p) if !p.is_empty() => Some(PathBuf::from(p)),
            _ => dirs::cache_dir().map(|d| d.join("kiln").join("tuning.json")),
        }
    }

    /// Reads the cache; a missing file is an empty cache.
    pub fn load(path: &Path) -> Result<TuningCache, String> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Self::default()),
            Err(e) => return Err(format!("tuning cache {}: {e}", path.display())),
        };
        serde_json::from_str(&text).map_err(|e| format!("tuning cache {}: {e}", path.display()))
    }

    /// Reads the cache for a compile: a file that cannot be read or parsed (truncated by a
    /// crash mid-write, say) is ignored with a warning on stderr, as if it were missing, so a
    /// bad cache never stops a run (`kiln tune` writes a whole new one).
    pub fn load_or_warn(path: &Path) -> TuningCache {
        Self::load(path).unwrap_or_else(|e| {
            eprintln!("warning: {e}; ignoring the tuning cache (`kiln tune` rewrites it)");
            Self::default()
        })
    }

    /// Writes the cache atomically: into a temporary file of the same folder, then renamed
    /// over the old one, so a crash mid-write (or a concurrent reader) never sees a torn file.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("tuning cache {}: {e}", dir.display()))?;
        }
        let text = serde_json::to_string_pretty(self).expect("the cache serializes");
        static NEXT_TEMPORARY: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let unique = NEXT_TEMPORARY.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let temporary = path.with_extension(format!("tmp{}-{unique}", std::process::id()));
        let written = std::fs::write(&temporary, text + "\n")
            .and_then(|()| std::fs::rename(&temporary, path));
        written.map_err(|e| {
            let _ = std::fs::remove_file(&temporary);
            format!("tuning cache {}: {e}", path.display())
        })
    }

    /// The table of `device` for `PassOptions::tuned`; an entry that does not parse is an
    /// error naming it.
    pub fn table(
        &self,
        path: &Path,
        device: &str,
    ) -> Result<Arc<HashMap<String, TunedTiles>>, String> {
        let mut table = HashMap::new();
        for (key, tiles) in self.devices.get(device).into_iter().flatten() {
            let t: TunedTiles = tiles.parse().map_err(|e| {
                format!(
                    "tuning cache {}: device `{device}`, `{key}`: {e}",
                    path.display()
                )
            })?;
            table.insert(key.clone(), t);
        }
        Ok(Arc::new(table))
    }
}
