//! The process's devices: one `kiln::Session` per device selection, opened at first use and
//! kept for the life of the process (as onnxruntime keeps its execution providers), so that
//! executables can borrow it for `'static` and sessions share a device's pipeline cache.

use std::sync::Mutex;

use kiln::runtime::{DeviceConfig, DeviceSelector};

use crate::errors::{self, Error};

static DEVICES: Mutex<Vec<(String, &'static kiln::Session)>> = Mutex::new(Vec::new());

/// The device chosen by `selector` (an index or a name substring; `None`: the best device,
/// `KILN_DEVICE` overrides), opened once.
pub fn session(selector: Option<&str>) -> Result<&'static kiln::Session, Error> {
    let key = selector.unwrap_or("").to_string();
    let mut devices = DEVICES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, session)) = devices.iter().find(|(k, _)| *k == key) {
        return Ok(session);
    }
    let mut config = DeviceConfig::default();
    if let Some(s) = selector {
        config.selector = Some(DeviceSelector::parse(s));
    }
    let session = kiln::Session::new(&config).map_err(errors::run)?;
    let session: &'static kiln::Session = Box::leak(Box::new(session));
    devices.push((key, session));
    Ok(session)
}
