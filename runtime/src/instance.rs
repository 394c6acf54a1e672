//! Loading the Vulkan loader, creating the instance (optionally with the Khronos validation
//! layer and a debug-utils messenger that records errors), and explaining an empty device list:
//! which ICD manifests the loader searched and what to set instead.
//!
//! The instance requests Vulkan 1.3 (or the loader's version when lower; 1.1 is the minimum,
//! because device queries go through `vkGetPhysicalDeviceProperties2`).

use std::ffi::{c_void, CStr};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use ash::vk;

use crate::error::{vk_error, IcdFile, Result, RuntimeError};

const VALIDATION_LAYER: &CStr = c"VK_LAYER_KHRONOS_validation";

/// Serialises instance and device creation and destruction across the process. NVIDIA's
/// driver races (crashes or deadlocks) when several threads create or destroy instances or
/// devices at once (seen here with parallel tests on an H200; also gfx-rs/wgpu#5930 and
/// kvark/blade#336). These calls are rare and slow anyway, so one lock costs nothing.
static LIFECYCLE: Mutex<()> = Mutex::new(());

/// The Vulkan loader, loaded once per process and never unloaded: unloading and reloading
/// `libvulkan.so.1` (and with it the driver libraries, which start their own threads) whenever
/// a device goes was seen to hang NVIDIA's driver when several devices come and go in one
/// process.
static ENTRY: OnceLock<Result<ash::Entry, String>> = OnceLock::new();

fn vulkan_entry() -> Result<ash::Entry> {
    ENTRY
        .get_or_init(|| {
            // SAFETY: loading the system Vulkan loader runs its initialisers; that is the
            // documented way to use ash's `loaded` feature, and the library stays loaded.
            unsafe { ash::Entry::load() }.map_err(|error| error.to_string())
        })
        .clone()
        .map_err(|reason| RuntimeError::NoLoader { reason })
}

/// With `KILN_TRACE=1`, prints one stderr line per Vulkan lifecycle step and submission with
/// the time since [`trace_epoch`] and the thread's name: a diagnostic for driver hangs (which
/// call a stuck thread is in) and for where start-up time goes.
pub(crate) fn trace(event: &str) {
    if trace_enabled() {
        let thread = std::thread::current();
        eprintln!(
            "kiln-trace {:>10.3} ms [{}] {event}",
            trace_epoch().elapsed().as_secs_f64() * 1e3,
            thread.name().unwrap_or("?")
        );
    }
}

/// Whether `KILN_TRACE=1` is set (read once).
pub fn trace_enabled() -> bool {
    static ENABLED: OnceLock<bool> = OnceLock::new();
    *ENABLED.get_or_init(|| std::env::var_os("KILN_TRACE").is_some_and(|v| v == "1"))
}

/// The instant `KILN_TRACE` times count from: the first call of this function (the `kiln` CLI
/// calls it when it starts).
pub fn trace_epoch() -> std::time::Instant {
    static EPOCH: OnceLock<std::time::Instant> = OnceLock::new();
    *EPOCH.get_or_init(std::time::Instant::now)
}

/// Prints `event` as a `KILN_TRACE` line (nothing unless `KILN_TRACE=1`), for callers of the
/// runtime that trace their own steps on the same clock.
pub fn trace_event(event: &str) {
    trace(event);
}

/// Holds the process-wide instance/device lifecycle lock.
pub(crate) fn lifecycle_lock() -> std::sync::MutexGuard<'static, ()> {
    LIFECYCLE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Messages recorded by the debug-utils messenger.
#[derive(Default)]
pub(crate) struct ValidationLog {
    pub errors: Mutex<Vec<String>>,
}

struct Messenger {
    loader: ash::ext::debug_utils::Instance,
    messenger: vk::DebugUtilsMessengerEXT,
}

/// Loader entry + instance (+ messenger). Destroyed last, after every device object.
pub(crate) struct InstanceContext {
    pub entry: ash::Entry,
    pub instance: ash::Instance,
    /// The API version the instance was created with.
    pub api_version: u32,
    messenger: Option<Messenger>,
    /// Boxed so the messenger's user-data pointer stays valid while the context moves.
    pub validation_log: Option<Box<ValidationLog>>,
    /// The Vulkan header version the validation layer was built for, when it is on.
    pub validation_layer_version: Option<u32>,
    /// Whether the layer's synchronization validation is on.
    pub synchronization_validation: bool,
}

impl InstanceContext {
    /// Loads `libvulkan.so.1` and creates an instance; `validation` turns on
    /// `VK_LAYER_KHRONOS_validation` with a messenger that records errors.
    pub fn new(validation: bool) -> Result<Self> {
        let _lifecycle = lifecycle_lock();
        trace("create instance");
        let entry = vulkan_entry()?;
        // SAFETY: `entry` holds valid global function pointers.
        let loader_version = unsafe { entry.try_enumerate_instance_version() }
            .map_err(vk_error("vkEnumerateInstanceVersion"))?
            .unwrap_or(vk::API_VERSION_1_0);
        if loader_version < vk::API_VERSION_1_1 {
            return Err(RuntimeError::UnsupportedFeature {
                device: "(loader)".into(),
                what: format!(
                    "the Vulkan loader supports only Vulkan {}.{}; kiln needs 1.1 or later",
                    vk::api_version_major(loader_version),
                    vk::api_version_minor(loader_version)
                ),
            });
        }
        let api_version = loader_version.min(vk::API_VERSION_1_3);

        // SAFETY: `entry` is valid; `None` asks for the extensions of the implementation.
        let available_extensions = unsafe { entry.enumerate_instance_extension_properties(None) }
            .map_err(vk_error("vkEnumerateInstanceExtensionProperties"))?;
        let has_extension = |name: &CStr| {
            available_extensions
                .iter()
                .any(|properties| properties.extension_name_as_c_str() == Ok(name))
        };
        let mut extensions = Vec::new();
        let mut flags = vk::InstanceCreateFlags::empty();
        if has_extension(ash::khr::portability_enumeration::NAME) {
            extensions.push(ash::khr::portability_enumeration::NAME.as_ptr());
            flags |= vk::InstanceCreateFlags::ENUMERATE_PORTABILITY_KHR;
        }
        let mut layers = Vec::new();
        let mut validation_layer_version = None;
        let mut synchronization_validation = false;
        let validation_log = if validation {
            // SAFETY: `entry` is valid.
            let available_layers = unsafe { entry.enumerate_instance_layer_properties() }
                .map_err(vk_error("vkEnumerateInstanceLayerProperties"))?;
            let Some(layer) = available_layers
                .iter()
                .find(|layer| layer.layer_name_as_c_str() == Ok(VALIDATION_LAYER))
            else {
                return Err(RuntimeError::UnsupportedFeature {
                    device: "(loader)".into(),
                    what: "validation was requested (KILN_VALIDATE=1) but \
                           VK_LAYER_KHRONOS_validation is not installed \
                           (Debian/Ubuntu: `apt-get install vulkan-validationlayers`)"
                        .into(),
                });
            };
            validation_layer_version = Some(layer.spec_version);
            if !has_extension(ash::ext::debug_utils::NAME) {
                return Err(RuntimeError::UnsupportedFeature {
                    device: "(loader)".into(),
                    what: "validation needs VK_EXT_debug_utils, which the loader lacks".into(),
                });
            }
            layers.push(VALIDATION_LAYER.as_ptr());
            extensions.push(ash::ext::debug_utils::NAME.as_ptr());
            // Synchronization validation checks the barriers of every schedule (a missing
            // RAW/WAR/WAW dependency is reported as an error).
            // SAFETY: `entry` is valid and the layer name is NUL-terminated.
            let layer_extensions =
                unsafe { entry.enumerate_instance_extension_properties(Some(VALIDATION_LAYER)) }
                    .unwrap_or_default();
            if layer_extensions.iter().any(|properties| {
                properties.extension_name_as_c_str() == Ok(ash::ext::validation_features::NAME)
            }) {
                extensions.push(ash::ext::validation_features::NAME.as_ptr());
                synchronization_validation = true;
            }
            Some(Box::<ValidationLog>::default())
        } else {
            None
        };

        let application = vk::ApplicationInfo::default()
            .application_name(c"kiln")
            .engine_name(c"kiln")
            .api_version(api_version);
        let mut messenger_info = validation_log
            .as_ref()
            .map(|log| messenger_create_info(log));
        let mut create_info = vk::InstanceCreateInfo::default()
            .application_info(&application)
            .enabled_layer_names(&layers)
            .enabled_extension_names(&extensions)
            .flags(flags);
        if let Some(info) = messenger_info.as_mut() {
            // Chained here too so that instance creation and destruction are validated.
            create_info = create_info.push_next(info);
        }
        let enabled_features = [vk::ValidationFeatureEnableEXT::SYNCHRONIZATION_VALIDATION];
        let mut validation_features =
            vk::ValidationFeaturesEXT::default().enabled_validation_features(&enabled_features);
        if synchronization_validation {
            create_info = create_info.push_next(&mut validation_features);
        }
        // SAFETY: every pointer in `create_info` points at locals that outlive the call.
        let instance =
            match unsafe { entry.create_instance(&create_info, None) } {
                Ok(instance) => instance,
                Err(vk::Result::ERROR_INCOMPATIBLE_DRIVER) => return Err(no_device_error(
                    "vkCreateInstance found no driver it could load (ERROR_INCOMPATIBLE_DRIVER)",
                )),
                Err(result) => return Err(RuntimeError::from_vk("vkCreateInstance", result)),
            };

        let messenger = match (&validation_log, &messenger_info) {
            (Some(_), Some(info)) => {
                let loader = ash::ext::debug_utils::Instance::new(&entry, &instance);
                // SAFETY: `info` is valid and its user data points at the boxed log, which lives
                // in the returned context and is dropped only after the messenger is destroyed.
                match unsafe { loader.create_debug_utils_messenger(info, None) } {
                    Ok(messenger) => Some(Messenger { loader, messenger }),
                    Err(result) => {
                        // SAFETY: no object was created from `instance` yet.
                        unsafe { instance.destroy_instance(None) };
                        return Err(RuntimeError::from_vk(
                            "vkCreateDebugUtilsMessengerEXT",
                            result,
                        ));
                    }
                }
            }
            _ => None,
        };
        trace("instance created");
        Ok(InstanceContext {
            entry,
            instance,
            api_version,
            messenger,
            validation_log,
            validation_layer_version,
            synchronization_validation,
        })
    }

    /// Physical devices in the loader's order; an empty list is a [`RuntimeError::NoDevice`].
    pub fn physical_devices(&self) -> Result<Vec<vk::PhysicalDevice>> {
        let _lifecycle = lifecycle_lock();
        // SAFETY: the instance is alive.
        let devices = match unsafe { self.instance.enumerate_physical_devices() } {
            Ok(devices) => devices,
            Err(vk::Result::ERROR_INITIALIZATION_FAILED) => {
                return Err(no_device_error(
                    "vkEnumeratePhysicalDevices failed (ERROR_INITIALIZATION_FAILED)",
                ))
            }
            Err(result) => return Err(RuntimeError::from_vk("vkEnumeratePhysicalDevices", result)),
        };
        if devices.is_empty() {
            return Err(no_device_error("the loader reported zero physical devices"));
        }
        Ok(devices)
    }

    /// Validation errors recorded so far (empty when validation is off).
    pub fn validation_errors(&self) -> Vec<String> {
        match &self.validation_log {
            Some(log) => log.errors.lock().map(|e| e.clone()).unwrap_or_default(),
            None => Vec::new(),
        }
    }
}

impl Drop for InstanceContext {
    fn drop(&mut self) {
        let _lifecycle = lifecycle_lock();
        trace("destroy instance");
        if let Some(messenger) = self.messenger.take() {
            // SAFETY: the messenger was created from this instance and is destroyed once.
            unsafe {
                messenger
                    .loader
                    .destroy_debug_utils_messenger(messenger.messenger, None)
            };
        }
        // SAFETY: every child object (devices, messenger) is gone: `Device` drops its logical
        // device before the context, and `enumerate_devices` creates none.
        unsafe { self.instance.destroy_instance(None) };
        trace("instance destroyed");
    }
}

fn messenger_create_info(log: &ValidationLog) -> vk::DebugUtilsMessengerCreateInfoEXT<'static> {
    vk::DebugUtilsMessengerCreateInfoEXT::default()
        .message_severity(
            vk::DebugUtilsMessageSeverityFlagsEXT::ERROR
                | vk::DebugUtilsMessageSeverityFlagsEXT::WARNING,
        )
        .message_type(
            vk::DebugUtilsMessageTypeFlagsEXT::GENERAL
                | vk::DebugUtilsMessageTypeFlagsEXT::VALIDATION
                | vk::DebugUtilsMessageTypeFlagsEXT::PERFORMANCE,
        )
        .pfn_user_callback(Some(record_validation_message))
        .user_data(log as *const ValidationLog as *mut c_void)
}

unsafe extern "system" fn record_validation_message(
    severity: vk::DebugUtilsMessageSeverityFlagsEXT,
    _types: vk::DebugUtilsMessageTypeFlagsEXT,
    data: *const vk::DebugUtilsMessengerCallbackDataEXT<'_>,
    user_data: *mut c_void,
) -> vk::Bool32 {
    // SAFETY: the layer passes a valid callback-data struct whose message is a NUL-terminated
    // string, or null pointers, which are checked.
    let message = unsafe {
        match data.as_ref() {
            Some(data) if !data.p_message.is_null() => CStr::from_ptr(data.p_message)
                .to_string_lossy()
                .into_owned(),
            _ => String::from("(no message)"),
        }
    };
    if severity.contains(vk::DebugUtilsMessageSeverityFlagsEXT::ERROR) {
        eprintln!("kiln: Vulkan validation error: {message}");
        // SAFETY: `user_data` is the boxed `ValidationLog` registered with this messenger; it
        // outlives the messenger (see `InstanceContext::drop`).
        if let Some(log) = unsafe { (user_data as *const ValidationLog).as_ref() } {
            if let Ok(mut errors) = log.errors.lock() {
                errors.push(message);
            }
        }
    } else {
        eprintln!("kiln: Vulkan validation warning: {message}");
    }
    vk::FALSE
}

/// The folders (or files) the Linux loader searches for ICD manifests, in its order.
pub(crate) fn icd_search_locations() -> Vec<PathBuf> {
    for variable in ["VK_DRIVER_FILES", "VK_ICD_FILENAMES"] {
        if let Ok(value) = std::env::var(variable) {
            if !value.is_empty() {
                return std::env::split_paths(&value).collect();
            }
        }
    }
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let env_or = |variable: &str, default: &str| {
        std::env::var(variable)
            .ok()
            .filter(|value| !value.is_empty())
            .unwrap_or_else(|| default.to_string())
    };
    let mut locations = Vec::new();
    if let Ok(extra) = std::env::var("VK_ADD_DRIVER_FILES") {
        locations.extend(std::env::split_paths(&extra));
    }
    match std::env::var_os("XDG_CONFIG_HOME") {
        Some(config) => locations.push(PathBuf::from(config).join("vulkan/icd.d")),
        None => locations.extend(home.as_ref().map(|h| h.join(".config/vulkan/icd.d"))),
    }
    for dir in std::env::split_paths(&env_or("XDG_CONFIG_DIRS", "/etc/xdg")) {
        locations.push(dir.join("vulkan/icd.d"));
    }
    locations.push(PathBuf::from("/etc/vulkan/icd.d"));
    match std::env::var_os("XDG_DATA_HOME") {
        Some(data) => locations.push(PathBuf::from(data).join("vulkan/icd.d")),
        None => locations.extend(home.as_ref().map(|h| h.join(".local/share/vulkan/icd.d"))),
    }
    for dir in std::env::split_paths(&env_or("XDG_DATA_DIRS", "/usr/local/share:/usr/share")) {
        locations.push(dir.join("vulkan/icd.d"));
    }
    locations
}

/// ICD manifests found in `locations` (files are taken as given, folders are listed).
pub(crate) fn find_icd_files(locations: &[PathBuf]) -> Vec<IcdFile> {
    let mut found = Vec::new();
    for location in locations {
        if location.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(location)
                .into_iter()
                .flatten()
                .flatten()
                .map(|entry| entry.path())
                .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
                .collect();
            entries.sort();
            found.extend(entries.iter().map(|path| read_icd(path)));
        } else if location.is_file() {
            found.push(read_icd(location));
        }
    }
    found
}

fn read_icd(path: &Path) -> IcdFile {
    let library_path = std::fs::read_to_string(path)
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|json| json["ICD"]["library_path"].as_str().map(str::to_string));
    IcdFile {
        path: path.to_path_buf(),
        library_path,
    }
}

/// Builds the "no device" error from the current environment.
pub(crate) fn no_device_error(cause: &str) -> RuntimeError {
    let search_locations = icd_search_locations();
    let searched = find_icd_files(&search_locations);
    let hint = no_device_hint(&searched);
    RuntimeError::NoDevice {
        cause: cause.to_string(),
        search_locations,
        searched,
        hint,
    }
}

fn no_device_hint(found: &[IcdFile]) -> String {
    let mut hint = String::new();
    let names = |needle: &str| {
        found.iter().find(|icd| {
            icd.library_path
                .as_deref()
                .is_some_and(|library| library.contains(needle))
        })
    };
    if let Some(nvidia) = names("libGLX_nvidia") {
        hint.push_str(&format!(
            "{} names libGLX_nvidia, which fails without an X server (headless NVIDIA). Write an \
             ICD manifest naming libEGL_nvidia.so.0 instead, e.g. \
             {{\"file_format_version\": \"1.0.0\", \"ICD\": {{\"library_path\": \
             \"libEGL_nvidia.so.0\", \"api_version\": \"1.3\"}}}} in /tmp/nvidia_egl_icd.json, \
             and run with VK_DRIVER_FILES=/tmp/nvidia_egl_icd.json. ",
            nvidia.path.display()
        ));
    }
    if let Some(lavapipe) = found.iter().find(|icd| {
        icd.path
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with("lvp_icd"))
    }) {
        hint.push_str(&format!(
            "For the CPU driver (lavapipe) set VK_DRIVER_FILES={}.",
            lavapipe.path.display()
        ));
    } else {
        hint.push_str(
            "Point VK_DRIVER_FILES at a driver's ICD manifest (e.g. \
             VK_DRIVER_FILES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json for Mesa's CPU driver \
             lavapipe, from `apt-get install mesa-vulkan-drivers`).",
        );
    }
    hint
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hint_names_the_egl_workaround_for_glx_nvidia() {
        let found = vec![IcdFile {
            path: PathBuf::from("/usr/share/vulkan/icd.d/nvidia_icd.json"),
            library_path: Some("libGLX_nvidia.so.0".into()),
        }];
        let hint = no_device_hint(&found);
        assert!(hint.contains("libEGL_nvidia.so.0"), "{hint}");
        assert!(hint.contains("VK_DRIVER_FILES"), "{hint}");
    }

    #[test]
    fn hint_points_at_lavapipe_when_present() {
        let found = vec![IcdFile {
            path: PathBuf::from("/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"),
            library_path: Some("/usr/lib/x86_64-linux-gnu/libvulkan_lvp.so".into()),
        }];
        let hint = no_device_hint(&found);
        assert!(
            hint.contains("VK_DRIVER_FILES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"),
            "{hint}"
        );
        assert!(!hint.contains("libEGL"), "{hint}");
    }
}
