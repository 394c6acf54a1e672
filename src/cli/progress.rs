//! A spinner that appears only when work outlasts a second, and only on a terminal: quick
//! compiles print nothing extra, long ones show they are alive.

use std::io::IsTerminal;
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

/// Shows `message` with a spinner on stderr after one second, until dropped.
pub struct DelayedSpinner {
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl DelayedSpinner {
    pub fn start(message: String, quiet: bool) -> DelayedSpinner {
        if quiet || !std::io::stderr().is_terminal() {
            return DelayedSpinner {
                stop: None,
                thread: None,
            };
        }
        let (stop, stopped) = channel::<()>();
        let thread = std::thread::spawn(move || {
            if stopped.recv_timeout(Duration::from_secs(1)) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            let spinner = ProgressBar::new_spinner();
            if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} {elapsed}") {
                spinner.set_style(style);
            }
            spinner.set_message(message);
            while stopped.recv_timeout(Duration::from_millis(100)) == Err(RecvTimeoutError::Timeout)
            {
                spinner.tick();
            }
            spinner.finish_and_clear();
        });
        DelayedSpinner {
            stop: Some(stop),
            thread: Some(thread),
        }
    }
}

impl Drop for DelayedSpinner {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
