//! What the driver says about a compiled pipeline, through VK_KHR_pipeline_executable_properties:
//! the executables it compiled the pipeline into (one for a compute pipeline on every driver
//! seen so far) and, for each, the statistics it chose to report (NVIDIA 580: register count,
//! binary size, stack size, per-thread local memory, shared memory). Statistic names and
//! meanings are the driver's, not kiln's; they are plain data for people tuning kernels.
//!
//! Statistics exist only for pipelines created with `CAPTURE_STATISTICS_KHR`, which the device
//! does when [`crate::DeviceConfig::capture_statistics`] (or `KILN_PIPELINE_STATS=1`) asks and
//! the device has `pipelineExecutableInfo`; otherwise [`Pipeline::statistics`] is an error.
//! Such pipelines also capture internal representations
//! (`vkGetPipelineExecutableInternalRepresentationsKHR`, [`Pipeline::internal_representations`]):
//! whatever listings of the compiled code the driver chooses to show.

use std::ffi::CStr;
use std::fmt;

use ash::vk;

use crate::error::{vk_error, Result, RuntimeError};
use crate::kernel::Pipeline;

/// One executable of a pipeline (`VkPipelineExecutablePropertiesKHR`) and its statistics
/// (`vkGetPipelineExecutableStatisticsKHR`). `Display` prints the header line; the statistics
/// print one per line through their own `Display`.
#[derive(Debug, Clone, PartialEq)]
pub struct ExecutableStatistics {
    /// The driver's short name of the executable (e.g. `Compute Shader`).
    pub name: String,
    /// The driver's description of it.
    pub description: String,
    /// The shader stages compiled into it (`COMPUTE` for kiln's pipelines).
    pub stages: vk::ShaderStageFlags,
    /// The subgroup size it runs with (0 when the driver does not say).
    pub subgroup_size: u32,
    /// Its statistics, in the driver's order.
    pub statistics: Vec<ExecutableStatistic>,
}

impl fmt::Display for ExecutableStatistics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({:?}", self.name, self.stages)?;
        if self.subgroup_size > 0 {
            write!(f, ", subgroup size {}", self.subgroup_size)?;
        }
        f.write_str(")")?;
        if !self.description.is_empty() && self.description != self.name {
            write!(f, ": {}", self.description)?;
        }
        Ok(())
    }
}

/// One statistic of an executable (`VkPipelineExecutableStatisticKHR`). `Display` gives
/// `name = value`.
#[derive(Debug, Clone, PartialEq)]
pub struct ExecutableStatistic {
    /// The driver's short name (e.g. `Register Count`).
    pub name: String,
    /// The driver's description of what it counts.
    pub description: String,
    /// The value.
    pub value: StatisticValue,
}

impl fmt::Display for ExecutableStatistic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} = {}", self.name, self.value)
    }
}

/// A statistic's value, in the format the driver gave (`VkPipelineExecutableStatisticFormatKHR`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum StatisticValue {
    /// `BOOL32`.
    Bool(bool),
    /// `INT64`.
    I64(i64),
    /// `UINT64`.
    U64(u64),
    /// `FLOAT64`.
    F64(f64),
    /// A format this version of kiln does not know (the raw format value); its value is not
    /// read.
    Unknown(i32),
}

impl StatisticValue {
    fn from_vk(statistic: &vk::PipelineExecutableStatisticKHR<'_>) -> Self {
        let value = &statistic.value;
        match statistic.format {
            vk::PipelineExecutableStatisticFormatKHR::BOOL32 => {
                // SAFETY: `format` names the `b32` member, which the driver wrote.
                let value = unsafe { value.b32 };
                StatisticValue::Bool(value == vk::TRUE)
            }
            vk::PipelineExecutableStatisticFormatKHR::INT64 => {
                // SAFETY: `format` names the `i64` member, which the driver wrote.
                StatisticValue::I64(unsafe { value.i64 })
            }
            vk::PipelineExecutableStatisticFormatKHR::UINT64 => {
                // SAFETY: `format` names the `u64` member, which the driver wrote.
                StatisticValue::U64(unsafe { value.u64 })
            }
            vk::PipelineExecutableStatisticFormatKHR::FLOAT64 => {
                // SAFETY: `format` names the `f64` member, which the driver wrote.
                StatisticValue::F64(unsafe { value.f64 })
            }
            other => StatisticValue::Unknown(other.as_raw()),
        }
    }
}

impl fmt::Display for StatisticValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StatisticValue::Bool(value) => write!(f, "{value}"),
            StatisticValue::I64(value) => write!(f, "{value}"),
            StatisticValue::U64(value) => write!(f, "{value}"),
            StatisticValue::F64(value) => write!(f, "{value}"),
            StatisticValue::Unknown(format) => write!(f, "(value of unknown format {format})"),
        }
    }
}

/// The text of a fixed-size C string field; an unterminated field (a driver bug) reads as
/// empty rather than past its end.
fn field_text(text: std::result::Result<&CStr, std::ffi::FromBytesUntilNulError>) -> String {
    text.map(|text| text.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// One internal representation of an executable
/// (`vkGetPipelineExecutableInternalRepresentationsKHR`): what the driver chose to show of the
/// code it compiled (an IR or machine code listing; names and formats are the driver's).
#[derive(Debug, Clone, PartialEq)]
pub struct InternalRepresentation {
    /// The index of the executable it belongs to (in [`Pipeline::statistics`]' order).
    pub executable: u32,
    /// The driver's short name of the representation.
    pub name: String,
    /// The driver's description of it.
    pub description: String,
    /// Whether `data` is text (its terminating NUL removed) rather than opaque bytes.
    pub is_text: bool,
    /// The representation itself.
    pub data: Vec<u8>,
}

type ExecutableLoader = ash::khr::pipeline_executable_properties::Device;

impl Pipeline {
    /// The loader of VK_KHR_pipeline_executable_properties and this pipeline's executables,
    /// or the error [`Self::statistics`] documents.
    fn executables(
        &self,
    ) -> Result<(
        &ExecutableLoader,
        Vec<vk::PipelineExecutablePropertiesKHR<'_>>,
    )> {
        let inner = &self.inner;
        // The extension is enabled (and pipelines capture) only on devices created to capture
        // statistics.
        let Some(loader) = inner.device.executable_properties.as_ref() else {
            let listed = inner
                .device
                .info
                .has_extension(&ash::khr::pipeline_executable_properties::NAME.to_string_lossy());
            return Err(if listed {
                RuntimeError::StatisticsNotCaptured {
                    pipeline: inner.name.clone(),
                }
            } else {
                RuntimeError::UnsupportedFeature {
                    device: inner.device.info.name.clone(),
                    what: format!(
                        "statistics of pipeline `{}` need VK_KHR_pipeline_executable_properties \
                         (pipelineExecutableInfo), which the device does not offer",
                        inner.name
                    ),
                }
            });
        };
        let pipeline_info = vk::PipelineInfoKHR::default().pipeline(inner.pipeline);
        // SAFETY: `loader` was made for this pipeline's live device, on which
        // `pipelineExecutableInfo` is enabled; the pipeline is alive while `self` is.
        let executables = unsafe { loader.get_pipeline_executable_properties(&pipeline_info) }
            .map_err(vk_error("vkGetPipelineExecutablePropertiesKHR"))?;
        Ok((loader, executables))
    }

    /// The driver's executables of this pipeline, each with its statistics (names and
    /// meanings are the driver's): [`RuntimeError::UnsupportedFeature`] when
    /// the device lacks `pipelineExecutableInfo`, [`RuntimeError::StatisticsNotCaptured`] when
    /// the device was created without [`crate::DeviceConfig::capture_statistics`].
    pub fn statistics(&self) -> Result<Vec<ExecutableStatistics>> {
        let (loader, executables) = self.executables()?;
        let mut result = Vec::with_capacity(executables.len());
        for (index, executable) in (0u32..).zip(&executables) {
            let executable_info = vk::PipelineExecutableInfoKHR::default()
                .pipeline(self.inner.pipeline)
                .executable_index(index);
            // SAFETY: as above, the pipeline was created with CAPTURE_STATISTICS_KHR and
            // `index` is below the executable count the driver just returned for it.
            let statistics = unsafe { loader.get_pipeline_executable_statistics(&executable_info) }
                .map_err(vk_error("vkGetPipelineExecutableStatisticsKHR"))?;
            result.push(ExecutableStatistics {
                name: field_text(executable.name_as_c_str()),
                description: field_text(executable.description_as_c_str()),
                stages: executable.stages,
                subgroup_size: executable.subgroup_size,
                statistics: statistics
                    .iter()
                    .map(|statistic| ExecutableStatistic {
                        name: field_text(statistic.name_as_c_str()),
                        description: field_text(statistic.description_as_c_str()),
                        value: StatisticValue::from_vk(statistic),
                    })
                    .collect(),
            });
        }
        Ok(result)
    }

    /// The internal representations the driver shows of this pipeline's executables (pipelines
    /// that capture statistics also capture these; a driver may show none): the errors of
    /// [`Self::statistics`].
    pub fn internal_representations(&self) -> Result<Vec<InternalRepresentation>> {
        let (loader, executables) = self.executables()?;
        let get = loader
            .fp()
            .get_pipeline_executable_internal_representations_khr;
        let device = loader.device();
        let mut result = Vec::new();
        for index in 0..executables.len() as u32 {
            let executable_info = vk::PipelineExecutableInfoKHR::default()
                .pipeline(self.inner.pipeline)
                .executable_index(index);
            // SAFETY: the pipeline was created with CAPTURE_INTERNAL_REPRESENTATIONS_KHR
            // (with its statistics) and `index` is below its executable count; the call only
            // counts the representations and their sizes (no data pointers are given).
            let sized = unsafe {
                loader.get_pipeline_executable_internal_representations(&executable_info)
            }
            .map_err(vk_error(
                "vkGetPipelineExecutableInternalRepresentationsKHR",
            ))?;
            let mut buffers: Vec<Vec<u8>> = sized.iter().map(|r| vec![0u8; r.data_size]).collect();
            let mut representations: Vec<vk::PipelineExecutableInternalRepresentationKHR<'_>> =
                sized
                    .iter()
                    .zip(&mut buffers)
                    .map(
                        |(r, buffer)| vk::PipelineExecutableInternalRepresentationKHR {
                            data_size: r.data_size,
                            p_data: buffer.as_mut_ptr().cast(),
                            ..Default::default()
                        },
                    )
                    .collect();
            let mut count = representations.len() as u32;
            // SAFETY: `representations` holds `count` structures, each with a data pointer to
            // a live buffer of the `data_size` the driver reported for it; the driver writes at
            // most that many bytes into each (and may return INCOMPLETE: fewer written).
            let status = unsafe {
                get(
                    device,
                    &executable_info,
                    &mut count,
                    representations.as_mut_ptr(),
                )
            };
            if status != vk::Result::SUCCESS && status != vk::Result::INCOMPLETE {
                return Err(RuntimeError::from_vk(
                    "vkGetPipelineExecutableInternalRepresentationsKHR",
                    status,
                ));
            }
            for (representation, mut data) in
                representations.iter().zip(buffers).take(count as usize)
            {
                data.truncate(representation.data_size);
                let is_text = representation.is_text == vk::TRUE;
                if is_text {
                    while data.last() == Some(&0) {
                        data.pop();
                    }
                }
                result.push(InternalRepresentation {
                    executable: index,
                    name: field_text(representation.name_as_c_str()),
                    description: field_text(representation.description_as_c_str()),
                    is_text,
                    data,
                });
            }
        }
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_statistics_print_plainly() {
        assert_eq!(StatisticValue::Bool(true).to_string(), "true");
        assert_eq!(StatisticValue::I64(-3).to_string(), "-3");
        assert_eq!(StatisticValue::U64(168).to_string(), "168");
        assert_eq!(StatisticValue::F64(0.5).to_string(), "0.5");
        let statistic = ExecutableStatistic {
            name: "Register Count".into(),
            description: "registers per thread".into(),
            value: StatisticValue::U64(168),
        };
        assert_eq!(statistic.to_string(), "Register Count = 168");
        let executable = ExecutableStatistics {
            name: "Compute Shader".into(),
            description: "Compute Shader".into(),
            stages: vk::ShaderStageFlags::COMPUTE,
            subgroup_size: 32,
            statistics: vec![statistic],
        };
        assert_eq!(
            executable.to_string(),
            "Compute Shader (COMPUTE, subgroup size 32)"
        );
    }

    #[test]
    fn values_are_read_in_the_format_the_driver_gave() {
        let mut statistic = vk::PipelineExecutableStatisticKHR {
            format: vk::PipelineExecutableStatisticFormatKHR::INT64,
            ..Default::default()
        };
        statistic.value.i64 = -7;
        assert_eq!(StatisticValue::from_vk(&statistic), StatisticValue::I64(-7));
        statistic.format = vk::PipelineExecutableStatisticFormatKHR::from_raw(42);
        assert_eq!(
            StatisticValue::from_vk(&statistic),
            StatisticValue::Unknown(42)
        );
    }
}
