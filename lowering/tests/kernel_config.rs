//! Kernel configuration goldens: (problem, target preset) -> tile configuration, tested apart
//! from the mechanics of tiling and promotion.

use kiln_lowering::kernel_config::choose_matmul_config;
use kiln_lowering::target::LoweringTarget;
use kiln_lowering::SizeExpr;
use kiln_spirv_ir::TargetEnv;

fn config(preset: &str, m: SizeExpr, n: i64, bytes: u32) -> String {
    let target = LoweringTarget::new(TargetEnv::preset(preset).unwrap(), false);
    match choose_matmul_config(&m, &SizeExpr::Const(n), bytes, &target) {
        Ok(Some(c)) => format!(
            "tile {}x{}x{} thread {}x{} pad {} stages {} workgroup {} shared {} B",
            c.tile_m,
            c.tile_n,
            c.tile_k,
            c.thread_m,
            c.thread_n,
            c.pad,
            c.stages,
            c.workgroup_size(),
            c.shared_bytes(bytes)
        ),
        Ok(None) => "serial".to_string(),
        Err(e) => format!("error: {e}"),
    }
}

#[test]
fn matmul_configs_per_preset() {
    let cases = [
        ("llvmpipe", SizeExpr::Const(1024), 1024, 4),
        ("nvidia-h200", SizeExpr::Const(1024), 1024, 4),
        ("nvidia-h200", SizeExpr::sym("M"), 4096, 2),
        ("nvidia-h200", SizeExpr::Const(4096), 4096, 4),
        ("vulkan1.1", SizeExpr::Const(1024), 1024, 4),
        ("llvmpipe", SizeExpr::Const(8), 1024, 4),
        ("llvmpipe", SizeExpr::Const(784), 32, 4),
        ("llvmpipe", SizeExpr::sym("M"), 17, 4),
    ];
    let actual: Vec<String> = cases
        .iter()
        .map(|(p, m, n, b)| format!("{p} m={m} n={n}: {}", config(p, m.clone(), *n, *b)))
        .collect();
    let expected = [
        "llvmpipe m=1024 n=1024: tile 128x128x16 thread 16x16 pad 4 stages 1 workgroup 64 shared 16896 B",
        "nvidia-h200 m=1024 n=1024: tile 64x128x8 thread 8x8 pad 4 stages 2 workgroup 128 shared 12800 B",
        "nvidia-h200 m=M n=4096: tile 128x256x16 thread 8x16 pad 4 stages 2 workgroup 256 shared 25088 B",
        "nvidia-h200 m=4096 n=4096: tile 128x256x16 thread 8x16 pad 4 stages 1 workgroup 256 shared 25088 B",
        "vulkan1.1 m=1024 n=1024: tile 128x64x8 thread 8x8 pad 4 stages 2 workgroup 128 shared 12800 B",
        "llvmpipe m=8 n=1024: serial",
        "llvmpipe m=784 n=32: tile 128x32x16 thread 16x16 pad 4 stages 1 workgroup 16 shared 10752 B",
        "llvmpipe m=M n=17: tile 128x32x16 thread 16x16 pad 4 stages 1 workgroup 16 shared 10752 B",
    ];
    assert_eq!(actual, expected);
}

/// (dtypes, preset) -> pipeline: cooperative matrices for f16 x f16 -> f32 on a target listing
/// such a shape (nvidia-h200; f16 accumulation too) and for f32 split onto its bf16 shapes
/// (three planes per staged operand), SIMT elsewhere.
#[test]
fn matmul_pipelines_per_preset() {
    use kiln_frontend::DType::{F16, F32};
    use kiln_lowering::kernel_config::{choose_matmul_pipeline, MatmulPipeline};
    let pipeline = |preset: &str, m: SizeExpr, dtypes: [kiln_frontend::DType; 3], split: bool| {
        let target = LoweringTarget::new(TargetEnv::preset(preset).unwrap(), false);
        let bytes = if dtypes[0] == F16 { 2 } else { 4 };
        match choose_matmul_pipeline(&m, &SizeExpr::Const(33), dtypes, bytes, "", split, &target) {
            Ok(Some(MatmulPipeline::CooperativeMatrix(c))) => format!(
                "coopmat {}x{}x{} tile {}x{}x{} subgroups {}x{} fragments {:?} workgroup {} pad {}/{} shared {} B{}",
                c.matrix_m,
                c.matrix_n,
                c.matrix_k,
                c.tile_m,
                c.tile_n,
                c.tile_k,
                c.subgroups_m,
                c.subgroups_n,
                c.fragments(),
                c.workgroup_size(),
                c.operand_pad,
                c.result_pad,
                c.shared_bytes(),
                if c.split { " split bf16x3" } else { "" }
            ),
            Ok(Some(MatmulPipeline::Simt(c))) => format!(
                "simt tile {}x{}x{} workgroup {}",
                c.tile_m,
                c.tile_n,
                c.tile_k,
                c.workgroup_size()
            ),
            Ok(Some(MatmulPipeline::Lanes(c))) => format!(
                "lanes {}x{} ({} per lane) subgroup {}",
                c.rows,
                c.tile_n(),
                c.cols_per_lane,
                c.subgroup_size
            ),
            Ok(None) => "serial".into(),
            Err(e) => format!("error: {e}"),
        }
    };
    let cases = [
        ("nvidia-h200", SizeExpr::Const(100), [F16, F16, F32]),
        ("nvidia-h200", SizeExpr::sym("M"), [F16, F16, F32]),
        ("nvidia-h200", SizeExpr::Const(100), [F32, F32, F32]),
        ("nvidia-h200", SizeExpr::Const(100), [F32, F32, F32]),
        ("nvidia-h200", SizeExpr::Const(100), [F16, F16, F16]),
        ("nvidia-h200", SizeExpr::Const(8), [F16, F16, F32]),
        ("llvmpipe", SizeExpr::Const(100), [F16, F16, F32]),
        ("llvmpipe", SizeExpr::Const(100), [F32, F32, F32]),
        ("llvmpipe", SizeExpr::Const(8), [F32, F32, F32]),
        ("vulkan1.1", SizeExpr::Const(100), [F16, F16, F32]),
    ];
    let actual: Vec<String> = cases
        .iter()
        .enumerate()
        .map(|(i, (p, m, d))| {
            // The fourth case allows the split f32 pipeline (contractions other than plain
            // matmuls).
            let split = i == 3;
            format!(
                "{p} m={m} {d:?} split={split}: {}",
                pipeline(p, m.clone(), *d, split)
            )
        })
        .collect();
    let expected = [
        "nvidia-h200 m=100 [F16, F16, F32] split=false: coopmat 16x16x16 tile 64x64x32 subgroups 2x2 fragments (2, 2) workgroup 128 pad 8/4 shared 24576 B",
        "nvidia-h200 m=M [F16, F16, F32] split=false: coopmat 16x16x16 tile 128x256x32 subgroups 2x4 fragments (4, 4) workgroup 256 pad 8/4 shared 37376 B",
        "nvidia-h200 m=100 [F32, F32, F32] split=false: simt tile 32x32x16 workgroup 64",
        "nvidia-h200 m=100 [F32, F32, F32] split=true: coopmat 16x16x16 tile 64x64x16 subgroups 2x2 fragments (2, 2) workgroup 128 pad 8/4 shared 37376 B split bf16x3",
        "nvidia-h200 m=100 [F16, F16, F16] split=false: coopmat 16x16x16 tile 64x64x32 subgroups 2x2 fragments (2, 2) workgroup 128 pad 8/4 shared 24576 B",
        "nvidia-h200 m=8 [F16, F16, F32] split=false: serial",
        "llvmpipe m=100 [F16, F16, F32] split=false: simt tile 128x64x16 workgroup 32",
        "llvmpipe m=100 [F32, F32, F32] split=false: lanes 48x40 (5 per lane) subgroup 8",
        "llvmpipe m=8 [F32, F32, F32] split=false: serial",
        "vulkan1.1 m=100 [F16, F16, F32] split=false: simt tile 32x32x16 workgroup 64",
    ];
    assert_eq!(actual, expected);
}

/// The lanes matmul of CPU devices: 32 rows x 8 columns per lane at subgroup size 8 (12 loads
/// per 256 multiply-adds), fewer columns per lane where a static N would leave lanes idle; not
/// for GPUs, f16 operands, tiny problems or a forced SIMT tiling; `--lanes-tiles` forces it
/// (also on a GPU) and is an error where it cannot apply.
#[test]
fn lanes_configs() {
    use kiln_frontend::DType::{F16, F32};
    use kiln_lowering::kernel_config::choose_lanes_config;
    let llvmpipe = LoweringTarget::new(TargetEnv::preset("llvmpipe").unwrap(), false);
    let h200 = LoweringTarget::new(TargetEnv::preset("nvidia-h200").unwrap(), false);
    let mut simt = llvmpipe.clone();
    simt.matmul_tiles = Some("128x128x16/16x16".parse().unwrap());
    let with_lanes = |target: &LoweringTarget, tiles: &str| {
        let mut t = target.clone();
        t.lanes_tiles = Some(tiles.parse().unwrap());
        t
    };
    let (lanes_16x4, lanes_12x8) = (with_lanes(&llvmpipe, "16x4"), with_lanes(&llvmpipe, "12x8"));
    let h200_lanes = with_lanes(&h200, "64x4");
    let cases = [
        ("llvmpipe", &llvmpipe, SizeExpr::Const(1024), F32),
        ("llvmpipe", &llvmpipe, SizeExpr::sym("N"), F32),
        ("llvmpipe", &llvmpipe, SizeExpr::Const(64), F32),
        ("llvmpipe", &llvmpipe, SizeExpr::Const(32), F32),
        ("llvmpipe", &llvmpipe, SizeExpr::Const(17), F32),
        ("llvmpipe", &llvmpipe, SizeExpr::Const(8), F32),
        ("llvmpipe", &llvmpipe, SizeExpr::Const(1024), F16),
        ("llvmpipe --matmul-tiles", &simt, SizeExpr::Const(1024), F32),
        (
            "llvmpipe --lanes-tiles 16x4",
            &lanes_16x4,
            SizeExpr::Const(8),
            F32,
        ),
        (
            "llvmpipe --lanes-tiles 16x4",
            &lanes_16x4,
            SizeExpr::Const(64),
            F16,
        ),
        (
            "llvmpipe --lanes-tiles 12x8",
            &lanes_12x8,
            SizeExpr::Const(64),
            F32,
        ),
        ("nvidia-h200", &h200, SizeExpr::Const(1024), F32),
        (
            "nvidia-h200 --lanes-tiles 64x4",
            &h200_lanes,
            SizeExpr::Const(1024),
            F32,
        ),
    ];
    let actual: Vec<String> = cases
        .iter()
        .map(|(name, target, n, lhs)| {
            let c = match choose_lanes_config(&SizeExpr::Const(512), n, *lhs, target) {
                Ok(Some(c)) => format!(
                    "{}x{} per lane, subgroup {}",
                    c.rows, c.cols_per_lane, c.subgroup_size
                ),
                Ok(None) => "none".into(),
                Err(e) => format!("error: {e}"),
            };
            format!("{name} n={n} {lhs:?}: {c}")
        })
        .collect();
    let expected = [
        "llvmpipe n=1024 F32: 32x8 per lane, subgroup 8",
        "llvmpipe n=N F32: 32x8 per lane, subgroup 8",
        "llvmpipe n=64 F32: 32x8 per lane, subgroup 8",
        "llvmpipe n=32 F32: 64x4 per lane, subgroup 8",
        "llvmpipe n=17 F32: 80x3 per lane, subgroup 8",
        "llvmpipe n=8 F32: none",
        "llvmpipe n=1024 F16: none",
        "llvmpipe --matmul-tiles n=1024 F32: none",
        "llvmpipe --lanes-tiles 16x4 n=8 F32: 16x4 per lane, subgroup 8",
        "llvmpipe --lanes-tiles 16x4 n=64 F16: error: lanes tiles 16x4: the lanes matmul does not apply to F16 operands (it broadcasts f32 / i32 values)",
        "llvmpipe --lanes-tiles 12x8 n=64 F32: error: lanes tiles 12x8: the rows must be a multiple of the subgroup size 8",
        "nvidia-h200 n=1024 F32: none",
        "nvidia-h200 --lanes-tiles 64x4 n=1024 F32: 64x4 per lane, subgroup 32",
    ];
    assert_eq!(actual, expected);
}

#[test]
fn implicit_gemm_roles() {
    use kiln_frontend::{generalize, Conv2d, ConvLayout, DType, OpKind, TensorType, Type};
    use kiln_lowering::kernel_config::matmul_dims;
    let t = |s: &[u64]| Type::Tensor(TensorType::of(s, DType::F32));
    let conv = |layout, types: &[Type]| {
        let g = generalize(
            &OpKind::Conv2d(Conv2d {
                layout,
                strides: [1, 1],
                dilations: [1, 1],
            }),
            types,
        )
        .unwrap();
        matmul_dims(&g, &[0, 1])
            .map(|d| format!("batch {:?} m {:?} n {:?} k {:?}", d.batch, d.m, d.n, d.k))
    };
    assert_eq!(
        conv(
            ConvLayout::NhwcHwcf,
            &[t(&[1, 5, 5, 3]), t(&[3, 3, 3, 8]), t(&[1, 3, 3, 8])]
        )
        .as_deref(),
        Some("batch [] m [0, 1, 2] n [3] k [4, 5, 6]")
    );
    assert_eq!(
        conv(
            ConvLayout::NchwFchw,
            &[t(&[1, 3, 5, 5]), t(&[8, 3, 3, 3]), t(&[1, 8, 3, 3])]
        )
        .as_deref(),
        Some("batch [] m [0, 2, 3] n [1] k [4, 5, 6]")
    );
    // Depthwise: no column dim, so not an implicit GEMM.
    assert_eq!(
        conv(
            ConvLayout::DepthwiseNhwcHwc,
            &[t(&[1, 5, 5, 3]), t(&[3, 3, 3]), t(&[1, 3, 3, 3])]
        ),
        None
    );
    let mm = generalize(&OpKind::Matmul, &[t(&[4, 8]), t(&[8, 16]), t(&[4, 16])]).unwrap();
    let d = matmul_dims(&mm, &[0, 1]).unwrap();
    assert_eq!((d.m, d.n, d.k), (vec![0], vec![1], vec![2]));
}

/// `--matmul-tiles`: parsed, used as given, and still checked against the target's limits.
#[test]
fn matmul_tile_overrides() {
    use kiln_lowering::kernel_config::MatmulTiles;
    let with = |preset: &str, tiles: &str, m: i64| {
        let t: MatmulTiles = tiles.parse().unwrap();
        assert_eq!(t.to_string(), tiles);
        let target = LoweringTarget {
            matmul_tiles: Some(t),
            ..LoweringTarget::new(TargetEnv::preset(preset).unwrap(), false)
        };
        match choose_matmul_config(&SizeExpr::Const(m), &SizeExpr::Const(512), 4, &target) {
            Ok(Some(c)) => format!(
                "tile {}x{}x{} thread {}x{} pad {}",
                c.tile_m, c.tile_n, c.tile_k, c.thread_m, c.thread_n, c.pad
            ),
            Ok(None) => "serial".into(),
            Err(e) => format!("error: {e}"),
        }
    };
    assert_eq!(
        with("nvidia-h200", "128x128x16/8x8", 1024),
        "tile 128x128x16 thread 8x8 pad 4"
    );
    // Too small to tile: the override does not force tiling.
    assert_eq!(with("nvidia-h200", "128x128x16/8x8", 8), "serial");
    assert_eq!(
        with("vulkan1.1", "128x128x16/4x4", 1024),
        "error: matmul tiles 128x128x16/4x4 need 1024 invocations per workgroup, the target allows 128"
    );
    assert_eq!(
        with("nvidia-h200", "256x256x32/16x16", 1024),
        "error: matmul tiles 256x256x32 need 65536 bytes of workgroup memory, maxComputeSharedMemorySize is 49152"
    );
    for bad in [
        "128x128/8x8",
        "128x128x16",
        "128x128x16/7x8",
        "0x128x16/8x8",
        "ax1x1/1x1",
    ] {
        assert!(bad.parse::<MatmulTiles>().is_err(), "{bad}");
    }
}

/// (problem, dtypes, preset) -> workgroup-scope cooperative-matrix tiling (VK_NV_cooperative_
/// matrix2): the H200-measured candidates on nvidia-h200 for static sizes, smaller tiles for
/// small problems, the large tiles for a dynamic M, nothing for a dynamic N or K, other dtypes,
/// targets without workgroup-scope matrices, or under an explicit tile override.
#[test]
fn workgroup_matrix_configs_per_preset() {
    use kiln_frontend::DType::{self, F16, F32};
    use kiln_lowering::kernel_config::{
        choose_workgroup_matrix_config, MatmulTiles, TunedTiles, WorkgroupMatrixConfig,
    };
    let describe = |target: &LoweringTarget, m: SizeExpr, n: i64, dtypes: [DType; 2]| {
        let (n, k) = (SizeExpr::Const(n), SizeExpr::Const(4096));
        match choose_workgroup_matrix_config([&m, &n, &k], dtypes[0], dtypes[1], "key", target) {
            Ok(Some(c)) => format!(
                "tile {}x{}x{} workgroup {}",
                c.tile_m, c.tile_n, c.tile_k, c.workgroup_size
            ),
            Ok(None) => "none".to_string(),
            Err(e) => format!("error: {e}"),
        }
    };
    let h200 = LoweringTarget::new(TargetEnv::preset("nvidia-h200").unwrap(), false);
    let llvmpipe = LoweringTarget::new(TargetEnv::preset("llvmpipe").unwrap(), false);
    let cases = [
        (&h200, SizeExpr::Const(4096), 4096, [F16, F32]),
        (&h200, SizeExpr::Const(4096), 4096, [F16, F16]),
        (&h200, SizeExpr::Const(1500), 1288, [F16, F16]),
        (&h200, SizeExpr::Const(100), 4096, [F16, F32]),
        (&h200, SizeExpr::Const(512), 4096, [F16, F32]),
        (&h200, SizeExpr::Const(100), 4096, [F16, F16]),
        (&h200, SizeExpr::sym("M"), 4096, [F16, F32]),
        (&h200, SizeExpr::Const(4096), 4096, [F32, F32]),
        (&h200, SizeExpr::Const(4096), 4100, [F16, F32]),
        (&llvmpipe, SizeExpr::Const(4096), 4096, [F16, F32]),
    ];
    let actual: Vec<String> = cases
        .iter()
        .map(|(t, m, n, d)| {
            format!(
                "{} m={m} n={n} {d:?}: {}",
                t.env.name,
                describe(t, m.clone(), *n, *d)
            )
        })
        .collect();
    let expected = [
        "nvidia-h200 m=4096 n=4096 [F16, F32]: tile 128x128x64 workgroup 128",
        "nvidia-h200 m=4096 n=4096 [F16, F16]: tile 256x256x32 workgroup 256",
        "nvidia-h200 m=1500 n=1288 [F16, F16]: tile 64x128x64 workgroup 128",
        // The largest tile with at least 192 workgroups, else the smallest.
        "nvidia-h200 m=100 n=4096 [F16, F32]: tile 64x64x64 workgroup 128",
        "nvidia-h200 m=512 n=4096 [F16, F32]: tile 64x128x64 workgroup 128",
        "nvidia-h200 m=100 n=4096 [F16, F16]: tile 64x64x64 workgroup 128",
        "nvidia-h200 m=M n=4096 [F16, F32]: tile 128x128x64 workgroup 128",
        "nvidia-h200 m=4096 n=4096 [F32, F32]: none",
        "nvidia-h200 m=4096 n=4100 [F16, F32]: none",
        "llvmpipe m=4096 n=4096 [F16, F32]: none",
    ];
    assert_eq!(actual, expected);
    // A dynamic M's run-time variants: split-K (see `split_k_configs`) 64x64 tiles up to 64
    // rows of 4096 columns, 64x128 up to 128, 128x128 in 4 slices up to 256 and 2 up to 448
    // (the tiles of the grid split in 2 change at 320 rows), then unsplit 64x128 up to 640 and
    // 128x128 (at least 192 workgroups each); one range where
    // the tiling is fixed (here, the lanes pipeline of a CPU device changes once).
    let ranges = |t: &LoweringTarget, operands, result| {
        let (n, k) = (SizeExpr::Const(4096), SizeExpr::Const(4096));
        let bytes = if operands == F16 { 2 } else { 4 };
        kiln_lowering::kernel_config::matmul_m_ranges(
            [&n, &k],
            [operands, operands, result],
            bytes,
            kiln_lowering::kernel_config::SplitChoices {
                workgroup_matrix: true,
                simt_split_k: false,
            },
            "key",
            t,
            33,
        )
    };
    assert_eq!(
        ranges(&h200, F16, F32),
        [
            (33, Some(64)),
            (65, Some(128)),
            (129, Some(256)),
            (257, Some(320)),
            (321, Some(448)),
            (449, Some(640)),
            (641, None)
        ]
    );
    // f32 on the split bf16 pipeline: 4 slices up to 128 rows, 2 up to 256, 4 up to 384, then
    // unsplit (see `choose_split_k_slices`).
    assert_eq!(
        ranges(&h200, F32, F32),
        [
            (33, Some(128)),
            (129, Some(256)),
            (257, Some(384)),
            (385, None)
        ]
    );
    assert_eq!(ranges(&llvmpipe, F16, F32), [(33, Some(64)), (65, None)]);
    let overridden = LoweringTarget {
        matmul_tiles: Some("128x64x8/8x8".parse::<MatmulTiles>().unwrap()),
        ..h200.clone()
    };
    assert_eq!(
        describe(&overridden, SizeExpr::Const(4096), 4096, [F16, F32]),
        "none"
    );
    // An explicit tiling wins, and one the target lists no shape for is an error; a `kiln tune`
    // entry for the contraction's key is taken, another pipeline's entry turns this one off.
    let with = |tiles: &str| LoweringTarget {
        workgroup_matrix_tiles: Some(tiles.parse::<WorkgroupMatrixConfig>().unwrap()),
        ..h200.clone()
    };
    let tuned = |entry: &str| LoweringTarget {
        tuned: std::sync::Arc::new(
            [("key".to_string(), entry.parse::<TunedTiles>().unwrap())].into(),
        ),
        ..h200.clone()
    };
    let big = |t: &LoweringTarget| describe(t, SizeExpr::Const(4096), 4096, [F16, F32]);
    assert_eq!(
        big(&with("256x128x32/128")),
        "tile 256x128x32 workgroup 128"
    );
    assert_eq!(
        big(&with("128x128x64/96")),
        "error: workgroup-matrix tiles 128x128x64/96 do not fit the target (no workgroup-scope \
         matrix entry with 96 invocations whose granularities divide the tiles)"
    );
    assert_eq!(
        big(&tuned("wgmatrix:128x256x64/256")),
        "tile 128x256x64 workgroup 256"
    );
    assert_eq!(big(&tuned("coopmat:2x4/4x4x2")), "none");
    // Rows that are not 16-byte aligned (N = 4100) are left to the subgroup kernel, unless a
    // tiling is asked for.
    let unaligned = |t: &LoweringTarget| describe(t, SizeExpr::Const(4096), 4100, [F16, F32]);
    assert_eq!(unaligned(&h200), "none");
    assert_eq!(
        unaligned(&with("128x128x64/128")),
        "tile 128x128x64 workgroup 128"
    );
    assert!("128x128x64".parse::<WorkgroupMatrixConfig>().is_err());
    assert!("128x128x64/128/2".parse::<WorkgroupMatrixConfig>().is_err());
}

/// The split bf16 pipeline for f32 matmuls: on nvidia-h200 from 2^30 multiply-adds with K >= 512
/// (a dynamic M counts as 1024 rows) and N, K multiples of 8; not for other dtypes, dynamic N or
/// K, other presets, under a tile override, or when `kiln tune` stored another pipeline for the
/// contraction.
#[test]
fn split_matrix_configs() {
    use kiln_frontend::DType::{F16, F32};
    use kiln_lowering::kernel_config::{
        choose_split_matrix_config, MatmulTiles, SplitMatrixConfig, TunedTiles,
    };
    let h200 = LoweringTarget::new(TargetEnv::preset("nvidia-h200").unwrap(), false);
    let c = |t: &LoweringTarget, m: SizeExpr, n: SizeExpr, k: SizeExpr, dtypes| {
        choose_split_matrix_config([&m, &n, &k], dtypes, "key", t)
    };
    let s = SizeExpr::Const;
    let dynamic = SizeExpr::Symbol("M".into());
    let want = Some(SplitMatrixConfig {
        tile_m: 64,
        tile_n: 128,
        tile_k: 32,
        workgroup_size: 128,
        flush_steps: 4,
    });
    assert_eq!(c(&h200, s(4096), s(4096), s(4096), [F32; 3]), want);
    assert_eq!(c(&h200, s(1024), s(1024), s(1024), [F32; 3]), want);
    assert_eq!(c(&h200, dynamic.clone(), s(1024), s(1024), [F32; 3]), want);
    assert_eq!(c(&h200, s(1024), s(1024), s(1023), [F32; 3]), None);
    // bf16 plane rows must be 16-byte aligned: N and K multiples of 8.
    assert_eq!(c(&h200, s(4096), s(4100), s(4096), [F32; 3]), None);
    assert_eq!(c(&h200, s(4096), s(4096), s(4100), [F32; 3]), None);
    assert_eq!(c(&h200, s(4096), s(4104), s(4104), [F32; 3]), want);
    assert_eq!(c(&h200, s(8192), s(8192), s(256), [F32; 3]), None);
    assert_eq!(c(&h200, dynamic, s(1024), s(512), [F32; 3]), None);
    assert_eq!(
        c(
            &h200,
            s(4096),
            SizeExpr::Symbol("N".into()),
            s(4096),
            [F32; 3]
        ),
        None
    );
    assert_eq!(c(&h200, s(4096), s(4096), s(4096), [F16, F16, F32]), None);
    let lavapipe = LoweringTarget::new(TargetEnv::preset("llvmpipe").unwrap(), false);
    assert_eq!(c(&lavapipe, s(4096), s(4096), s(4096), [F32; 3]), None);
    let simt = LoweringTarget {
        matmul_tiles: Some("128x256x16/8x16".parse::<MatmulTiles>().unwrap()),
        ..h200.clone()
    };
    assert_eq!(c(&simt, s(4096), s(4096), s(4096), [F32; 3]), None);
    let tuned = LoweringTarget {
        tuned: std::sync::Arc::new(
            [(
                "key".to_string(),
                "simt:128x128x16/8x16".parse::<TunedTiles>().unwrap(),
            )]
            .into(),
        ),
        ..h200
    };
    assert_eq!(c(&tuned, s(4096), s(4096), s(4096), [F32; 3]), None);
}

/// Split-K (`kernel_config::choose_split_k_config`) on the H200 preset: for rows where the
/// unsplit workgroup-scope kernel would take its smallest tile, the largest tile whose grid
/// has 192 to 256 workgroups in 2 or 4 slices, snug tiles first for a static M; not for K under
/// 2048, wide enough grids, f32 operands, other targets or an explicit tiling.
#[test]
fn split_k_configs() {
    use kiln_frontend::DType::{self, F16, F32};
    use kiln_lowering::kernel_config::{
        choose_split_k_config, choose_split_k_slices, WorkgroupMatrixConfig,
    };
    let h200 = LoweringTarget::new(TargetEnv::preset("nvidia-h200").unwrap(), false);
    let llvmpipe = LoweringTarget::new(TargetEnv::preset("llvmpipe").unwrap(), false);
    let describe = |target: &LoweringTarget, m: i64, k: i64, dtypes: [DType; 2], snug: bool| {
        let (m, n, k) = (
            SizeExpr::Const(m),
            SizeExpr::Const(4096),
            SizeExpr::Const(k),
        );
        match choose_split_k_config([&m, &n, &k], dtypes[0], dtypes[1], "key", target, snug) {
            Some(c) => format!("{} in {} slices", c.tiles, c.slices),
            None => "unsplit".to_string(),
        }
    };
    let cases = [
        (16, 4096, [F16, F32], true),
        (64, 4096, [F16, F32], true),
        (128, 4096, [F16, F32], true),
        (192, 4096, [F16, F32], true),
        (192, 4096, [F16, F32], false),
        (256, 4096, [F16, F32], true),
        (288, 4096, [F16, F32], true),
        (384, 4096, [F16, F32], true),
        (512, 4096, [F16, F32], true),
        (128, 4096, [F16, F16], true),
        (1024, 4096, [F16, F16], true),
        (128, 1024, [F16, F32], true),
        (128, 4096, [F32, F32], true),
    ];
    let actual: Vec<String> = cases
        .iter()
        .map(|&(m, k, d, snug)| {
            format!(
                "m={m} k={k} {d:?} snug={snug}: {}",
                describe(&h200, m, k, d, snug)
            )
        })
        .collect();
    let expected = [
        "m=16 k=4096 [F16, F32] snug=true: 64x64x64/128 in 4 slices",
        "m=64 k=4096 [F16, F32] snug=true: 64x64x64/128 in 4 slices",
        "m=128 k=4096 [F16, F32] snug=true: 64x128x64/128 in 4 slices",
        // 128-row tiles would cover 192 rows with 64 to spare.
        "m=192 k=4096 [F16, F32] snug=true: 64x128x64/128 in 2 slices",
        "m=192 k=4096 [F16, F32] snug=false: 128x128x64/128 in 4 slices",
        "m=256 k=4096 [F16, F32] snug=true: 128x128x64/128 in 4 slices",
        // 64x128 tiles in 2 slices would be 320 workgroups, more than one wave.
        "m=288 k=4096 [F16, F32] snug=true: 128x128x64/128 in 2 slices",
        "m=384 k=4096 [F16, F32] snug=true: 128x128x64/128 in 2 slices",
        // The unsplit kernel takes 64x128 tiles here.
        "m=512 k=4096 [F16, F32] snug=true: unsplit",
        "m=128 k=4096 [F16, F16] snug=true: 64x128x64/128 in 4 slices",
        "m=1024 k=4096 [F16, F16] snug=true: unsplit",
        "m=128 k=1024 [F16, F32] snug=true: unsplit",
        "m=128 k=4096 [F32, F32] snug=true: unsplit",
    ];
    assert_eq!(actual, expected);
    assert_eq!(describe(&llvmpipe, 128, 4096, [F16, F32], true), "unsplit");
    let explicit = LoweringTarget {
        workgroup_matrix_tiles: Some("64x64x64/128".parse::<WorkgroupMatrixConfig>().unwrap()),
        ..h200.clone()
    };
    assert_eq!(describe(&explicit, 128, 4096, [F16, F32], true), "unsplit");
    // The split bf16 pipeline (f32 operands) by waves of 256 workgroups per slice: 64 and 192
    // workgroups take 4 slices, 128 take 2, 256 (a full wave) none; 4 slices of K = 2304 are
    // not whole 128-deep chunks; K under 2048 stays whole.
    let slices: Vec<Option<u32>> = [(64, 4096), (128, 4096), (192, 4096), (256, 4096)]
        .into_iter()
        .chain([(64, 2304), (64, 1024)])
        .map(|(groups, k)| choose_split_k_slices(groups, k, 128, &h200.heuristics))
        .collect();
    assert_eq!(slices, [Some(4), Some(2), Some(4), None, Some(2), None]);
}

/// Split-K of grids too few for the compute units (`Heuristics::split_k_few_groups`, 64 on the
/// H200 preset): the batch-1 linear layers of a transformer, whose unsplit grids of 24-48
/// tiles split even at K = 768 (to at least 64 workgroups, slices of at least 128), while 72
/// tiles and more stay whole; a long K that cannot reach 192 workgroups in slices of 512 takes
/// 64 with deeper cuts (eight 384-deep slices of 3072).
#[test]
fn split_k_for_few_tiles() {
    use kiln_frontend::DType::{F16, F32};
    use kiln_lowering::kernel_config::choose_split_k_config;
    let h200 = LoweringTarget::new(TargetEnv::preset("nvidia-h200").unwrap(), false);
    let describe = |m: i64, n: i64, k: i64| {
        let (m, n, k) = (SizeExpr::Const(m), SizeExpr::Const(n), SizeExpr::Const(k));
        match choose_split_k_config([&m, &n, &k], F16, F32, "key", &h200, true) {
            Some(c) => format!("{} in {} slices", c.tiles, c.slices),
            None => "unsplit".to_string(),
        }
    };
    let actual: Vec<String> = [
        (128, 768, 768),
        (197, 768, 768),
        (128, 768, 3072),
        (128, 2304, 768),
        (197, 3072, 768),
        (128, 768, 256),
    ]
    .into_iter()
    .map(|(m, n, k)| format!("{m}x{n}x{k}: {}", describe(m, n, k)))
    .collect();
    let expected = [
        "128x768x768: 64x64x64/128 in 4 slices",
        "197x768x768: 64x128x64/128 in 4 slices",
        "128x768x3072: 64x128x64/128 in 8 slices",
        "128x2304x768: unsplit",
        "197x3072x768: unsplit",
        "128x768x256: unsplit",
    ];
    assert_eq!(actual, expected);
}

/// The workgroup-scope and split bf16 pipelines address through tensor layouts, which take
/// 32-bit indices: with 64-bit indices they step aside (an f16 4096^3 matmul for nvidia-h200
/// with `--index64` was an internal error in legalize), and an explicit workgroup-scope tiling
/// is an error naming the cause.
#[test]
fn tensor_layout_pipelines_need_32_bit_indices() {
    use kiln_frontend::DType::{F16, F32};
    use kiln_lowering::kernel_config::{
        choose_split_matrix_config, choose_workgroup_matrix_config, WorkgroupMatrixConfig,
    };
    let env = TargetEnv::preset("nvidia-h200").unwrap();
    let size = SizeExpr::Const(4096);
    let mnk = [&size, &size, &size];
    let narrow = LoweringTarget::new(env.clone(), false);
    let wide = LoweringTarget::new(env, true);
    let chosen = |t: &LoweringTarget| choose_workgroup_matrix_config(mnk, F16, F32, "key", t);
    assert!(chosen(&narrow).unwrap().is_some());
    assert_eq!(chosen(&wide), Ok(None));
    assert!(choose_split_matrix_config(mnk, [F32; 3], "key", &narrow).is_some());
    assert!(choose_split_matrix_config(mnk, [F32; 3], "key", &wide).is_none());
    let explicit = LoweringTarget {
        workgroup_matrix_tiles: Some("128x128x64/128".parse::<WorkgroupMatrixConfig>().unwrap()),
        ..wide
    };
    let err = chosen(&explicit).unwrap_err();
    assert!(err.contains("need 32-bit indices"), "{err}");
}
