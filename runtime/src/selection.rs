//! Choosing a physical device: automatically (discrete > integrated > virtual > CPU, ties by
//! enumeration order) or by a [`DeviceSelector`] from `--device` / `KILN_DEVICE` (an index into
//! the enumeration order, or a case-insensitive substring of the device name).

use std::fmt;
use std::str::FromStr;

use crate::error::{Result, RuntimeError};
use crate::info::DeviceInfo;

/// The environment variable read by [`DeviceSelector::from_env`].
pub const DEVICE_ENV: &str = "KILN_DEVICE";

/// Which device to use.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum DeviceSelector {
    /// The best device by type (discrete > integrated > virtual > CPU).
    #[default]
    Auto,
    /// The device at this position of `enumerate_devices()`.
    Index(usize),
    /// The best device whose name contains this text (case-insensitive).
    Name(String),
}

impl DeviceSelector {
    /// Parses `--device` text: empty or `auto` is [`Auto`](Self::Auto), digits are an
    /// [`Index`](Self::Index), anything else is a [`Name`](Self::Name) substring.
    pub fn parse(text: &str) -> Self {
        let text = text.trim();
        if text.is_empty() || text.eq_ignore_ascii_case("auto") {
            DeviceSelector::Auto
        } else if let Ok(index) = text.parse::<usize>() {
            DeviceSelector::Index(index)
        } else {
            DeviceSelector::Name(text.to_string())
        }
    }

    /// The selector in `KILN_DEVICE`, or [`Auto`](Self::Auto) when unset.
    pub fn from_env() -> Self {
        std::env::var(DEVICE_ENV)
            .map(|value| Self::parse(&value))
            .unwrap_or_default()
    }

    /// Picks a device from `devices`; an error lists the devices there are.
    pub fn select<'a>(&self, devices: &'a [DeviceInfo]) -> Result<&'a DeviceInfo> {
        let best = |candidates: &mut dyn Iterator<Item = &'a DeviceInfo>| {
            candidates.min_by_key(|info| (info.device_type.preference_rank(), info.index))
        };
        let found = match self {
            DeviceSelector::Auto => best(&mut devices.iter()),
            DeviceSelector::Index(index) => devices.iter().find(|info| info.index == *index),
            DeviceSelector::Name(name) => {
                let needle = name.to_lowercase();
                best(
                    &mut devices
                        .iter()
                        .filter(|info| info.name.to_lowercase().contains(&needle)),
                )
            }
        };
        found.ok_or_else(|| RuntimeError::DeviceSelection {
            selector: self.to_string(),
            reason: match self {
                DeviceSelector::Auto => "found no device".to_string(),
                DeviceSelector::Index(index) => format!(
                    "is out of range: device index {index}, but there are {} device(s)",
                    devices.len()
                ),
                DeviceSelector::Name(_) => "matches no device name".to_string(),
            },
            available: devices.iter().map(|info| format!("  {info}")).collect(),
        })
    }
}

impl FromStr for DeviceSelector {
    type Err = std::convert::Infallible;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Ok(Self::parse(text))
    }
}

impl fmt::Display for DeviceSelector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeviceSelector::Auto => f.write_str("auto"),
            DeviceSelector::Index(index) => write!(f, "{index}"),
            DeviceSelector::Name(name) => f.write_str(name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::info::{
        ApiVersion, DeviceFeatures, DeviceLimits, DeviceType, SubgroupInfo, SubgroupOperations,
    };

    fn device(index: usize, name: &str, device_type: DeviceType) -> DeviceInfo {
        DeviceInfo {
            index,
            name: name.to_string(),
            vendor_id: 0x10005,
            vendor_name: "Mesa".into(),
            device_id: 0,
            device_type,
            driver_name: String::new(),
            driver_info: String::new(),
            driver_version: 0,
            api_version: ApiVersion {
                major: 1,
                minor: 3,
                patch: 0,
            },
            pipeline_cache_uuid: [0; 16],
            subgroup: SubgroupInfo {
                size: 32,
                min_size: 32,
                max_size: 32,
                operations: SubgroupOperations::default(),
                compute_stage: true,
                quad_operations_in_all_stages: false,
                max_compute_workgroup_subgroups: 0,
                required_size_in_compute: false,
            },
            limits: DeviceLimits {
                max_compute_shared_memory_size: 49152,
                max_compute_work_group_invocations: 1024,
                max_compute_work_group_size: [1024, 1024, 64],
                max_compute_work_group_count: [65535; 3],
                max_storage_buffer_range: u32::MAX,
                max_push_constants_size: 256,
                max_memory_allocation_size: u64::MAX,
                max_bound_descriptor_sets: 8,
                max_per_stage_descriptor_storage_buffers: 64,
                min_storage_buffer_offset_alignment: 16,
                timestamp_period: 1.0,
                timestamp_compute_and_graphics: true,
            },
            features: DeviceFeatures::default(),
            extensions: Vec::new(),
            cooperative_matrix: Vec::new(),
            cooperative_matrix2: None,
            memory_heaps: Vec::new(),
            unified_memory: false,
            timestamps: true,
            compute_units: None,
        }
    }

    fn machine() -> Vec<DeviceInfo> {
        vec![
            device(0, "llvmpipe (LLVM 15.0.6, 256 bits)", DeviceType::Cpu),
            device(1, "Intel(R) UHD Graphics 770", DeviceType::IntegratedGpu),
            device(2, "NVIDIA H200", DeviceType::DiscreteGpu),
            device(3, "NVIDIA H100 80GB HBM3", DeviceType::DiscreteGpu),
        ]
    }

    #[test]
    fn parse_distinguishes_auto_index_and_name() {
        assert_eq!(DeviceSelector::parse(""), DeviceSelector::Auto);
        assert_eq!(DeviceSelector::parse(" AUTO "), DeviceSelector::Auto);
        assert_eq!(DeviceSelector::parse("2"), DeviceSelector::Index(2));
        assert_eq!(
            DeviceSelector::parse("h100"),
            DeviceSelector::Name("h100".into())
        );
    }

    #[test]
    fn auto_prefers_discrete_then_enumeration_order() {
        let devices = machine();
        assert_eq!(DeviceSelector::Auto.select(&devices).unwrap().index, 2);
        assert_eq!(DeviceSelector::Auto.select(&devices[..2]).unwrap().index, 1);
        assert_eq!(DeviceSelector::Auto.select(&devices[..1]).unwrap().index, 0);
    }

    #[test]
    fn names_match_case_insensitively_and_prefer_the_better_type() {
        let devices = machine();
        let select = |text: &str| DeviceSelector::parse(text).select(&devices).unwrap().index;
        assert_eq!(select("h100"), 3);
        assert_eq!(select("nvidia"), 2);
        assert_eq!(select("LLVMPIPE"), 0);
        assert_eq!(select("0"), 0);
    }

    #[test]
    fn misses_list_every_device() {
        let devices = machine();
        for selector in [DeviceSelector::Index(4), DeviceSelector::parse("radeon")] {
            match selector.select(&devices) {
                Err(RuntimeError::DeviceSelection { available, .. }) => {
                    assert_eq!(available.len(), 4);
                    assert!(available[2].contains("NVIDIA H200"), "{available:?}");
                }
                other => panic!("expected a selection error, got {other:?}"),
            }
        }
        let error = DeviceSelector::Index(4).select(&devices).unwrap_err();
        assert!(error.to_string().contains("out of range"), "{error}");
    }
}
