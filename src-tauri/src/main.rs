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
    // glibc gives each thread that allocates its own arena and keeps what was freed there; the
    // threads that index and search a large catalogue left about 24 MB (PSS) behind at 10,000
    // skills. Two arenas serve this app's two kinds of work as well.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: called before any other thread exists; mallopt only sets an allocator parameter.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
    skillhouse_app::run();
}
