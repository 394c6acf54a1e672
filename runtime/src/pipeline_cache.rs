//! The device's pipeline cache beyond its file: its bytes for embedding elsewhere (a compiled
//! artifact), and merging bytes from elsewhere into it, after checking that they were made by
//! this device and driver.
//!
//! A cache's bytes start with `VkPipelineCacheHeaderVersionOne` (length, version, vendor ID,
//! device ID, `pipelineCacheUUID`); drivers check it too, but a cache from elsewhere is
//! untrusted input, so [`cache_header_mismatch`] checks it first and [`PipelineCacheIdentity`]
//! adds the driver version (which kiln's cache file names carry and the header lacks). A cache
//! that does not match is never handed to the driver.

use ash::vk;

use crate::device::{Device, DeviceShared};
use crate::error::{vk_error, Result};
use crate::info::DeviceInfo;

/// The device and driver a pipeline cache was made by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineCacheIdentity {
    pub vendor_id: u32,
    pub device_id: u32,
    pub driver_version: u32,
    pub pipeline_cache_uuid: [u8; 16],
    /// For messages only.
    pub device_name: String,
}

impl PipelineCacheIdentity {
    /// The identity of `info`'s device.
    pub fn of(info: &DeviceInfo) -> PipelineCacheIdentity {
        PipelineCacheIdentity {
            vendor_id: info.vendor_id,
            device_id: info.device_id,
            driver_version: info.driver_version,
            pipeline_cache_uuid: info.pipeline_cache_uuid,
            device_name: info.name.clone(),
        }
    }
}

/// What became of a cache offered to [`Device::merge_pipeline_cache`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CacheMerge {
    /// Merged into the device's cache.
    Merged { bytes: usize },
    /// Not given to the driver, for this reason.
    Ignored { reason: String },
}

/// Why `data` is not a pipeline cache of the device `info` identifies, or `None` when its
/// header matches.
pub fn cache_header_mismatch(data: &[u8], info: &PipelineCacheIdentity) -> Option<String> {
    let word = |offset: usize| {
        data.get(offset..offset + 4)
            .map(|bytes| u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
    };
    if data.len() < 32 {
        return Some(format!(
            "{} bytes are shorter than the 32-byte header",
            data.len()
        ));
    }
    let length = word(0).unwrap_or(0);
    if length < 32 || length as usize > data.len() {
        return Some(format!(
            "header length {length} is not within 32..={}",
            data.len()
        ));
    }
    let version = word(4).unwrap_or(0);
    if version != vk::PipelineCacheHeaderVersion::ONE.as_raw() as u32 {
        return Some(format!("header version {version} is not 1"));
    }
    let (vendor, device) = (word(8).unwrap_or(0), word(12).unwrap_or(0));
    if (vendor, device) != (info.vendor_id, info.device_id) {
        return Some(format!(
            "made for vendor {vendor:#06x} device {device:#06x}, this is vendor {:#06x} device \
             {:#06x} ({})",
            info.vendor_id, info.device_id, info.device_name
        ));
    }
    if data[16..32] != info.pipeline_cache_uuid {
        return Some(format!(
            "its pipelineCacheUUID {} is not the device's {}",
            hex(&data[16..32]),
            hex(&info.pipeline_cache_uuid)
        ));
    }
    None
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl Device {
    /// The identity pipeline caches of this device carry.
    pub fn pipeline_cache_identity(&self) -> PipelineCacheIdentity {
        PipelineCacheIdentity::of(&self.shared.info)
    }

    /// The bytes of the device's pipeline cache now (`vkGetPipelineCacheData`): every
    /// pipeline built so far on a device with [`crate::PipelineCacheLocation::Disabled`], for
    /// embedding in an artifact.
    pub fn pipeline_cache_data(&self) -> Result<Vec<u8>> {
        self.shared.pipeline_cache_data()
    }

    /// Merges `data`, a pipeline cache made by `made_by`, into the device's cache, so that
    /// pipelines built afterwards find what it holds: only when `made_by` is this device and
    /// driver and the bytes' header agrees ([`cache_header_mismatch`]); otherwise nothing
    /// reaches the driver and the reason comes back.
    pub fn merge_pipeline_cache(
        &self,
        data: &[u8],
        made_by: &PipelineCacheIdentity,
    ) -> Result<CacheMerge> {
        let shared = &*self.shared;
        let ours = self.pipeline_cache_identity();
        let ignored = |reason: String| {
            crate::instance::trace(&format!("embedded pipeline cache ignored: {reason}"));
            Ok(CacheMerge::Ignored { reason })
        };
        if (
            made_by.vendor_id,
            made_by.device_id,
            made_by.pipeline_cache_uuid,
        ) != (ours.vendor_id, ours.device_id, ours.pipeline_cache_uuid)
        {
            return ignored(format!(
                "made on `{}`, this device is `{}`",
                made_by.device_name, ours.device_name
            ));
        }
        if made_by.driver_version != ours.driver_version {
            return ignored(format!(
                "made by driver version {:#x}, this driver is {:#x}",
                made_by.driver_version, ours.driver_version
            ));
        }
        if let Some(reason) = cache_header_mismatch(data, &ours) {
            return ignored(reason);
        }
        if shared.pipeline_cache == vk::PipelineCache::null() {
            return ignored("the device has no pipeline cache".into());
        }
        let device = &shared.device;
        // SAFETY: `data` carries a header matching this device (checked above), which is what
        // the driver needs to accept or ignore it.
        let source = unsafe {
            device.create_pipeline_cache(
                &vk::PipelineCacheCreateInfo::default().initial_data(data),
                None,
            )
        }
        .map_err(vk_error("vkCreatePipelineCache"))?;
        let merged = {
            // The destination of a merge must be externally synchronized: no pipeline is being
            // built through it while the writer guard is held.
            let _exclusive = shared.pipeline_cache_writer();
            // SAFETY: both caches are live objects of this device and distinct; the guard
            // gives exclusive access to the destination.
            unsafe { device.merge_pipeline_caches(shared.pipeline_cache, &[source]) }
        };
        // SAFETY: the source cache was only used by the merge, which has returned.
        unsafe { device.destroy_pipeline_cache(source, None) };
        merged.map_err(vk_error("vkMergePipelineCaches"))?;
        crate::instance::trace(&format!(
            "embedded pipeline cache merged ({} bytes)",
            data.len()
        ));
        Ok(CacheMerge::Merged { bytes: data.len() })
    }
}

impl DeviceShared {
    pub(crate) fn pipeline_cache_data(&self) -> Result<Vec<u8>> {
        if self.pipeline_cache == vk::PipelineCache::null() {
            return Ok(Vec::new());
        }
        let _guard = self.pipeline_cache_readers();
        // SAFETY: the cache is a live object of this device; reading its data needs no
        // exclusive access.
        unsafe { self.device.get_pipeline_cache_data(self.pipeline_cache) }
            .map_err(vk_error("vkGetPipelineCacheData"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info() -> PipelineCacheIdentity {
        PipelineCacheIdentity {
            vendor_id: 0x10de,
            device_id: 0x2335,
            driver_version: 1,
            pipeline_cache_uuid: [7; 16],
            device_name: "dev".into(),
        }
    }

    fn header(info: &PipelineCacheIdentity) -> Vec<u8> {
        let mut data = Vec::new();
        data.extend(32u32.to_le_bytes());
        data.extend(1u32.to_le_bytes());
        data.extend(info.vendor_id.to_le_bytes());
        data.extend(info.device_id.to_le_bytes());
        data.extend(info.pipeline_cache_uuid);
        data.extend([0xab; 8]);
        data
    }

    #[test]
    fn a_matching_header_passes_and_each_mismatch_is_named() {
        let info = info();
        let good = header(&info);
        assert_eq!(cache_header_mismatch(&good, &info), None);
        assert!(cache_header_mismatch(&good[..31], &info)
            .unwrap()
            .contains("shorter"));
        let mut uuid = good.clone();
        uuid[20] ^= 1;
        assert!(cache_header_mismatch(&uuid, &info)
            .unwrap()
            .contains("pipelineCacheUUID"));
        let mut vendor = good.clone();
        vendor[8] ^= 1;
        assert!(cache_header_mismatch(&vendor, &info)
            .unwrap()
            .contains("vendor"));
        let mut length = good.clone();
        length[0..4].copy_from_slice(&4096u32.to_le_bytes());
        assert!(cache_header_mismatch(&length, &info)
            .unwrap()
            .contains("length"));
        let mut version = good;
        version[4] = 2;
        assert!(cache_header_mismatch(&version, &info)
            .unwrap()
            .contains("version"));
    }
}
