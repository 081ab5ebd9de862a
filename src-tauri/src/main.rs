// Hides the console window on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    // WebKitGTK's accelerated compositing keeps layer buffers that cost this app's web process
    // about 115 MB (PSS 276 → 161 MB with 16 skills, docs/benchmarks.md) and buys nothing for
    // lists and forms. Set before any thread starts (WebKit reads it when the web process
    // starts); a value the person set wins.
    #[cfg(target_os = "linux")]
    if std::env::var_os("WEBKIT_DISABLE_COMPOSITING_MODE").is_none() {
        std::env::set_var("WEBKIT_DISABLE_COMPOSITING_MODE", "1");
    }
    // SAFETY: no other thread exists yet.
    unsafe { skillhouse_host::resident::cap_arenas() };
    skillhouse_app::run();
}
