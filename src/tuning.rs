//! `kiln tune`'s cache: per device, the best tiling found for each contraction (keyed by
//! `kernel_config::tuning_key`, e.g. `f32xf32->f32 batch=1 m=4096 n=4096 k=4096`), as JSON:
//!
//! ```json
//! { "devices": { "NVIDIA H200": { "f32xf32->f32 batch=1 m=4096 n=4096 k=4096": "simt:256x128x16/8x8" } } }
//! ```
//!
//! Compiles for `--target auto` read the entries of their device (`PassOptions::tuned`). The
//! file is `$KILN_TUNING_CACHE`, else `kiln/tuning.json` in the user's cache directory.

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

    pub fn save(&self, path: &Path) -> Result<(), String> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("tuning cache {}: {e}", dir.display()))?;
        }
        let text = serde_json::to_string_pretty(self).expect("the cache serializes");
        std::fs::write(path, text + "\n")
            .map_err(|e| format!("tuning cache {}: {e}", path.display()))
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
