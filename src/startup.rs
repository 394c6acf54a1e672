//! Where the time of a first run goes: a [`StartupTimeline`] of named phases (reading and
//! checking the artifact, creating the device, building pipelines, uploading weights, the
//! first dispatch, writing outputs), each with its start since the process began and its
//! duration.
//!
//! `kiln run --time-passes` prints the table at the end (`kiln bench` too); with
//! `KILN_TRACE=1` every phase is also printed when it ends, on the clock of the runtime's
//! trace lines (`kiln_runtime::trace_epoch`), between them.

use std::time::{Duration, Instant};

/// One phase of start-up.
#[derive(Clone, Debug, PartialEq)]
pub struct StartupPhase {
    /// What ran, e.g. `artifact read` or `pipeline dispatch_3_contraction`.
    pub name: String,
    /// Nesting: 0 for a phase of the run, 1 for a part of one (a kernel's pipeline).
    pub depth: usize,
    /// When it started, since [`kiln_runtime::trace_epoch`].
    pub start: Duration,
    pub duration: Duration,
    /// A note: sizes, counts (`147 kernels, 13 distinct, 2 threads`).
    pub detail: String,
}

/// The phases recorded so far, in the order they ended.
#[derive(Clone, Debug, Default)]
pub struct StartupTimeline {
    pub phases: Vec<StartupPhase>,
}

impl StartupTimeline {
    pub fn new() -> StartupTimeline {
        StartupTimeline::default()
    }

    /// Runs `f` as the phase `name` and records it (also when it fails).
    pub fn time<T>(&mut self, name: &str, f: impl FnOnce() -> T) -> T {
        let started = Instant::now();
        let value = f();
        self.record(name, 0, started, started.elapsed(), String::new());
        value
    }

    /// Records a phase that began at `started` and took `duration`.
    pub fn record(
        &mut self,
        name: &str,
        depth: usize,
        started: Instant,
        duration: Duration,
        detail: String,
    ) {
        let start = started.saturating_duration_since(kiln_runtime::trace_epoch());
        let phase = StartupPhase {
            name: name.to_string(),
            depth,
            start,
            duration,
            detail,
        };
        if kiln_runtime::trace_enabled() {
            kiln_runtime::trace_event(&format!("phase {}", phase.line()));
        }
        self.phases.push(phase);
    }

    /// Sets the detail of the last phase named `name`.
    pub fn annotate(&mut self, name: &str, detail: String) {
        if let Some(phase) = self.phases.iter_mut().rev().find(|p| p.name == name) {
            phase.detail = detail;
        }
    }

    /// The phase named `name`, the last one recorded under it.
    pub fn phase(&self, name: &str) -> Option<&StartupPhase> {
        self.phases.iter().rev().find(|p| p.name == name)
    }

    /// The table `--time-passes` prints: one line per phase (kernels indented under the
    /// pipeline phase), start and duration in milliseconds.
    pub fn table(&self) -> String {
        let mut out = String::from("start-up phases (start, duration):\n");
        for phase in &self.phases {
            out.push_str(&format!("  {}\n", phase.line()));
        }
        out
    }
}

impl StartupPhase {
    fn line(&self) -> String {
        let detail = if self.detail.is_empty() {
            String::new()
        } else {
            format!("  ({})", self.detail)
        };
        format!(
            "{:>10.3} ms {:>10.3} ms  {}{}{detail}",
            self.start.as_secs_f64() * 1e3,
            self.duration.as_secs_f64() * 1e3,
            "  ".repeat(self.depth),
            self.name
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_print_in_order_with_their_details() {
        let mut timeline = StartupTimeline::new();
        let value = timeline.time("artifact read", || 7);
        assert_eq!(value, 7);
        timeline.record(
            "pipeline k",
            1,
            Instant::now(),
            Duration::from_millis(3),
            "built".into(),
        );
        timeline.annotate("artifact read", "10 bytes".into());
        let table = timeline.table();
        let read = table.find("artifact read").unwrap();
        let kernel = table.find("    pipeline k  (built)").unwrap();
        assert!(read < kernel, "{table}");
        assert!(table.contains("artifact read  (10 bytes)"), "{table}");
        assert!(table.contains("3.000 ms"), "{table}");
    }
}
