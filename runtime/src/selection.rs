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
