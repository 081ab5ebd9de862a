//! A progress bar on a terminal, nothing when output is piped.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use skillhouse_core::index::{Phase, Progress};
use std::sync::Mutex;

pub struct Bar {
    bar: Mutex<Option<ProgressBar>>,
}

impl Bar {
    pub fn new() -> Bar {
        Bar { bar: Mutex::new(None) }
    }

    pub fn finish(&self) {
        if let Some(bar) = self.bar.lock().expect("progress lock").take() {
            bar.finish_and_clear();
        }
    }
}

/// A bar of `total` steps labelled `label`, on stderr when it is a terminal.
pub fn counted(label: &'static str, total: usize) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
    bar.set_style(style());
    bar.set_message(label);
    bar
}

fn style() -> ProgressStyle {
    ProgressStyle::with_template("{msg:>16} [{bar:40}] {pos}/{len} {eta}").expect("valid template").progress_chars("=> ")
}

impl Progress for Bar {
    fn started(&self, phase: Phase, total: usize) {
        let label = match phase {
            Phase::Checking => "checking",
            Phase::Counting => "counting tokens",
            Phase::Writing => "writing index",
        };
        let bar = counted(label, total);
        if let Some(old) = self.bar.lock().expect("progress lock").replace(bar) {
            old.finish_and_clear();
        }
    }

    fn advanced(&self, done: usize) {
        if let Some(bar) = self.bar.lock().expect("progress lock").as_ref() {
            bar.set_position(done as u64);
        }
    }
}
