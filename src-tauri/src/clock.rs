//! The app's one clock: the core takes times as arguments so its outputs are reproducible.

pub fn now_rfc3339() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()
}
