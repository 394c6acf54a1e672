//! The text forms of tilings: `--matmul-tiles`, `--coopmat-tiles`, `--workgroup-matrix-tiles`,
//! `--lanes-tiles` overrides and the entries `kiln tune` writes (`TunedTiles`).

/// A user-chosen SIMT matmul tiling (`--matmul-tiles TMxTNxTK/RMxRN`, e.g. `128x128x16/8x8`)
/// that replaces the computed one for every tiled contraction; for tuning and benchmarks. Still
/// checked against the target's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatmulTiles {
    pub tile_m: u32,
    pub tile_n: u32,
    pub tile_k: u32,
    pub thread_m: u32,
    pub thread_n: u32,
    /// Shared-memory stages (`/1` or `/2` after the register tile); `None`: 2 when they fit.
    pub stages: Option<u32>,
}

impl std::str::FromStr for MatmulTiles {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad =
            || format!("matmul tiles `{s}`: expected TMxTNxTK/RMxRN[/STAGES], e.g. 128x128x16/8x8");
        let TilingText {
            first: t,
            second: r,
            stages,
        } = parse_tiling(s, &bad)?;
        let (&[tile_m, tile_n, tile_k], &[thread_m, thread_n]) = (&t[..], &r[..]) else {
            return Err(bad());
        };
        if tile_m % thread_m != 0 || tile_n % thread_n != 0 {
            return Err(format!(
                "matmul tiles `{s}`: the register tile {thread_m}x{thread_n} must divide the workgroup tile {tile_m}x{tile_n}"
            ));
        }
        Ok(MatmulTiles {
            tile_m,
            tile_n,
            tile_k,
            thread_m,
            thread_n,
            stages,
        })
    }
}

impl std::fmt::Display for MatmulTiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}x{}x{}/{}x{}",
            self.tile_m, self.tile_n, self.tile_k, self.thread_m, self.thread_n
        )?;
        match self.stages {
            Some(stages) => write!(f, "/{stages}"),
            None => Ok(()),
        }
    }
}

/// A tiling's text split up: `AxB.../CxD...[/STAGES]`.
struct TilingText {
    first: Vec<u32>,
    second: Vec<u32>,
    stages: Option<u32>,
}

/// The largest number a tiling may hold: no device has the invocations or the shared memory
/// for a larger tile, and it keeps the tile arithmetic (stage sizes in bytes, products of
/// tiles) far inside `u32`.
pub const MAX_TILE_EXTENT: u32 = 8192;

/// Splits a tiling `AxB.../CxD...[/STAGES]` into its two lists of positive numbers (at most
/// [`MAX_TILE_EXTENT`]) and the optional stage count (1 or 2); anything else is `bad()`.
fn parse_tiling(s: &str, bad: &dyn Fn() -> String) -> Result<TilingText, String> {
    let numbers = |part: &str| -> Result<Vec<u32>, String> {
        part.split('x')
            .map(|n| {
                let v = n
                    .trim()
                    .parse::<u64>()
                    .ok()
                    .filter(|&v| v > 0)
                    .ok_or_else(bad)?;
                if v > u64::from(MAX_TILE_EXTENT) {
                    return Err(format!(
                        "{}: {v} is larger than {MAX_TILE_EXTENT}, more than any device can \
                         run as a tile",
                        bad().split(':').next().unwrap_or_default()
                    ));
                }
                Ok(v as u32)
            })
            .collect()
    };
    let parts: Vec<&str> = s.split('/').collect();
    let stages = match parts[..] {
        [_, _] => None,
        [_, _, "1"] => Some(1),
        [_, _, "2"] => Some(2),
        _ => return Err(bad()),
    };
    Ok(TilingText {
        first: numbers(parts[0])?,
        second: numbers(parts[1])?,
        stages,
    })
}

/// A user-chosen cooperative-matrix tiling (`--coopmat-tiles SMxSN/FMxFNxKS[/STAGES]`, e.g.
/// `2x4/4x2x2`): subgroups per workgroup, fragments per subgroup, fragment k-steps per stage;
/// for tuning. A tiling the target cannot hold is an error, not a silent fallback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoopmatTiles {
    pub subgroups_m: u32,
    pub subgroups_n: u32,
    pub fragments_m: u32,
    pub fragments_n: u32,
    pub k_steps: u32,
    pub stages: Option<u32>,
}

/// (subgroups_m, subgroups_n, fragments_m, fragments_n, k_steps), the form of the heuristics'
/// cooperative-matrix tilings; the stages are left to the kernel configuration (two where they
/// fit, else one).
impl From<(u32, u32, u32, u32, u32)> for CoopmatTiles {
    fn from(
        (subgroups_m, subgroups_n, fragments_m, fragments_n, k_steps): (u32, u32, u32, u32, u32),
    ) -> Self {
        CoopmatTiles {
            subgroups_m,
            subgroups_n,
            fragments_m,
            fragments_n,
            k_steps,
            stages: None,
        }
    }
}

impl std::str::FromStr for CoopmatTiles {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "cooperative-matrix tiles `{s}`: expected SMxSN/FMxFNxKS[/STAGES], e.g. 2x4/4x2x2"
            )
        };
        let TilingText {
            first: sub,
            second: frag,
            stages,
        } = parse_tiling(s, &bad)?;
        let (&[subgroups_m, subgroups_n], &[fragments_m, fragments_n, k_steps]) =
            (&sub[..], &frag[..])
        else {
            return Err(bad());
        };
        Ok(CoopmatTiles {
            subgroups_m,
            subgroups_n,
            fragments_m,
            fragments_n,
            k_steps,
            stages,
        })
    }
}

impl std::fmt::Display for CoopmatTiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}x{}/{}x{}x{}",
            self.subgroups_m, self.subgroups_n, self.fragments_m, self.fragments_n, self.k_steps
        )?;
        match self.stages {
            Some(stages) => write!(f, "/{stages}"),
            None => Ok(()),
        }
    }
}

/// A tiling chosen by `kiln tune` for one contraction (see [`tuning_key`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TunedTiles {
    Simt(MatmulTiles),
    Lanes(LanesTiles),
    Coopmat(CoopmatTiles),
    WorkgroupMatrix(WorkgroupMatrixConfig),
}

impl std::str::FromStr for TunedTiles {
    type Err = String;
    /// `simt:TMxTNxTK/RMxRN[/S]`, `lanes:ROWSxCOLS`, `coopmat:SMxSN/FMxFNxKS[/S]` or
    /// `wgmatrix:TMxTNxTK/WG`.
    fn from_str(s: &str) -> Result<Self, String> {
        match s.split_once(':') {
            Some(("simt", t)) => Ok(TunedTiles::Simt(t.parse()?)),
            Some(("lanes", t)) => Ok(TunedTiles::Lanes(t.parse()?)),
            Some(("coopmat", t)) => Ok(TunedTiles::Coopmat(t.parse()?)),
            Some(("wgmatrix", t)) => Ok(TunedTiles::WorkgroupMatrix(t.parse()?)),
            _ => Err(format!(
                "tuned tiles `{s}`: expected simt:TMxTNxTK/RMxRN, lanes:ROWSxCOLS, \
                 coopmat:SMxSN/FMxFNxKS or wgmatrix:TMxTNxTK/WG"
            )),
        }
    }
}

impl std::fmt::Display for TunedTiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TunedTiles::Simt(t) => write!(f, "simt:{t}"),
            TunedTiles::Lanes(t) => write!(f, "lanes:{t}"),
            TunedTiles::Coopmat(t) => write!(f, "coopmat:{t}"),
            TunedTiles::WorkgroupMatrix(t) => write!(f, "wgmatrix:{t}"),
        }
    }
}

/// A workgroup-scope cooperative-matrix matmul (VK_NV_cooperative_matrix2, also the text of
/// `--workgroup-matrix-tiles TMxTNxTK/WG`, e.g. `128x128x64/128`): the whole
/// workgroup owns one `tile_m x tile_n` accumulator and loads `tile_m x tile_k` /
/// `tile_k x tile_n` operand matrices straight from the buffers through tensor layouts; the
/// driver stages them through shared memory (see `lower_to_kernels/matmul.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkgroupMatrixConfig {
    pub tile_m: u32,
    pub tile_n: u32,
    pub tile_k: u32,
    /// The invocation count of the target's workgroup-scope entry the tiles come from.
    pub workgroup_size: u32,
}

impl std::str::FromStr for WorkgroupMatrixConfig {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad =
            || format!("workgroup-matrix tiles `{s}`: expected TMxTNxTK/WG, e.g. 128x128x64/128");
        let TilingText {
            first,
            second,
            stages,
        } = parse_tiling(s, &bad)?;
        let (&[tile_m, tile_n, tile_k], &[workgroup_size], None) =
            (&first[..], &second[..], stages)
        else {
            return Err(bad());
        };
        Ok(WorkgroupMatrixConfig {
            tile_m,
            tile_n,
            tile_k,
            workgroup_size,
        })
    }
}

impl std::fmt::Display for WorkgroupMatrixConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}x{}x{}/{}",
            self.tile_m, self.tile_n, self.tile_k, self.workgroup_size
        )
    }
}

/// A user-chosen lanes tiling (`--lanes-tiles ROWSxCOLS`, e.g. `32x8`: rows per workgroup and
/// columns per lane), for tuning, benchmarks and tests; it also forces the lanes pipeline on a
/// GPU that has subgroup broadcasts and a fixed subgroup size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LanesTiles {
    pub rows: u32,
    pub cols_per_lane: u32,
}

impl std::str::FromStr for LanesTiles {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("lanes tiles `{s}`: expected ROWSxCOLS, e.g. 32x8");
        let (rows, cols) = s.split_once('x').ok_or_else(bad)?;
        let (rows, cols_per_lane): (u32, u32) = (
            rows.parse().map_err(|_| bad())?,
            cols.parse().map_err(|_| bad())?,
        );
        if rows == 0 || cols_per_lane == 0 || u64::from(rows) * u64::from(cols_per_lane) > 4096 {
            return Err(format!(
                "lanes tiles `{s}`: rows and columns must be positive, at most 4096 accumulators"
            ));
        }
        Ok(LanesTiles {
            rows,
            cols_per_lane,
        })
    }
}

impl std::fmt::Display for LanesTiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols_per_lane)
    }
}
