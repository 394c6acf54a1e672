//! The spatial and signal ONNX operators on the Vulkan device: GridSample (linear / cubic /
//! nearest, zeros / reflection / border padding, 2-D and volumetric), AffineGrid, Resize in its
//! gather form (cubic with `exclude_outside`, antialiased linear downsampling,
//! `tf_crop_and_resize` with extrapolation), RoiAlign (avg / max), Col2Im, MaxPool's Indices into MaxUnpool, DeformConv, LpPool, DFT (one-sided with padding, complex
//! inverse), STFT with a window, and a Gather along the innermost axis (once wrong on the device:
//! `vectorize` read a gathered index as one element splatted over 4 lanes). The models and
//! onnxruntime's outputs on seeded random inputs come from
//! `tests/models/make_spatial_signal_models.py`; each is imported, compiled for the live device
//! (every module through spirv-val), run and compared, and run on the reference interpreter too.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use kiln::{HostTensor, Session};

mod model_files;
use model_files::session;

fn models_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        model_files::generate("make_spatial_signal_models.py", "spatial-signal", &[])
    })
}

fn check(session: &Session, name: &str) {
    let model_files::Case {
        module,
        artifact,
        inputs,
        expected,
    } = model_files::load_case(session, models_dir(), name, name);
    let executable = session.load(&artifact.program).expect("load");
    let outputs = executable
        .run(&inputs)
        .unwrap_or_else(|e| panic!("{name}: run: {e}"));
    let reference_inputs: Vec<_> = inputs.iter().map(HostTensor::to_reference).collect();
    let reference = kiln::frontend::interpret(&module, &reference_inputs)
        .unwrap_or_else(|e| panic!("{name}: interpreter: {e}"));
    assert_eq!(outputs.len(), expected.len(), "{name}: output count");
    for (k, want) in expected.iter().enumerate() {
        let want = want.to_reference();
        for (column, got) in [
            ("device", outputs[k].to_reference()),
            ("interpreter", reference[k].clone()),
        ] {
            assert_eq!(
                got.data.shape(),
                want.data.shape(),
                "{name} ({column}): output {k} shape"
            );
            for (i, (g, w)) in got.data.iter().zip(want.data.iter()).enumerate() {
                assert!(
                    (g - w).abs() <= 1e-5 + 1e-4 * w.abs(),
                    "{name} ({column}): output {k} element {i}: got {g}, onnxruntime {w}"
                );
            }
        }
    }
    eprintln!(
        "{name}: device and interpreter match onnxruntime ({} dispatches)",
        artifact.program.dispatches.len()
    );
}

macro_rules! op_tests {
    ($($test:ident => $name:literal),* $(,)?) => {$(
        #[test]
        fn $test() {
            check(&session(), $name);
        }
    )*};
}

op_tests! {
    grid_sample_linear_zeros => "gridsample_linear_zeros",
    grid_sample_cubic_reflection_aligned => "gridsample_cubic_reflection_aligned",
    grid_sample_nearest_border_3d => "gridsample_nearest_border_3d",
    affine_grid_3d => "affine_grid_3d",
    resize_cubic_exclude_outside_sizes => "resize_cubic_exclude_outside_sizes",
    resize_linear_antialias_downsample => "resize_linear_antialias_downsample",
    resize_tf_crop_and_resize_extrapolation => "resize_tf_crop_and_resize_extrapolation",
    lp_pool_p3_strides_pads => "lppool_p3_strides_pads",
    dft_one_sided_padded_axis_1 => "dft_onesided_axis_1",
    dft_inverse_complex => "dft_inverse_complex",
    stft_hann_window => "stft_hann_window",
    gather_along_the_innermost_axis => "gather_innermost_axis",
    roi_align_avg_half_pixel => "roi_align_avg_half_pixel",
    roi_align_max_output_half_pixel => "roi_align_max_output_half_pixel",
    col2im_strides_pads_dilations => "col2im_strides_pads_dilations",
    max_pool_indices_into_max_unpool => "maxpool_indices_unpool",
    deform_conv_groups_mask_bias => "deform_conv_groups_mask_bias",
}
