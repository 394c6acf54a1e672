//! The region-level kernel plan of a dispatch region ([`KernelPlan`]), computed for the
//! `kernel-config` pass from the choices `lower_regions` makes: the few-rows kernel for a small
//! static M, run-time variants for a dynamic M, split-K, the split bf16 pipeline.

use super::*;
use crate::kernel_plan::KernelPlan;

/// The plan of `region` on `target` (see [`KernelPlan`]).
pub(crate) fn region_plan(
    f: &Function,
    region: &DispatchRegion,
    target: &LoweringTarget,
) -> KernelPlan {
    if let Some(gemv::RegionRows {
        m,
        max_m,
        tile_ranges,
    }) = gemv::region_rows(f, region, target)
    {
        match m.as_const() {
            None => {
                return KernelPlan::RowVariants {
                    m,
                    max_m,
                    tile_ranges,
                }
            }
            // A small static M takes the few-rows kernel (not the split pipelines).
            Some(rows) if rows <= max_m => {
                return KernelPlan::FewRows {
                    rows: rows.min(gemv::GEMV_MAX_ROWS) as u32,
                }
            }
            Some(_) => {}
        }
    }
    if let Some(config) = split_k::split_k_request(f, region, target, FewRows::Auto) {
        return KernelPlan::SplitK(config);
    }
    if let Some(request) = split::split_request(f, region, target, FewRows::Auto) {
        return KernelPlan::SplitBf16 {
            config: request.config,
            slices: request.slices,
        };
    }
    KernelPlan::PerKernel
}
