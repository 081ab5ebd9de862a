//! Hands back to the kernel what a host read once and then keeps only by accident. The o200k
//! vocabulary (32 MB) and, in the app, the web UI are embedded in the executable's read-only
//! data; once the tokenizer has parsed the vocabulary into its own tables and the window has its
//! page, those bytes are not read again, yet they stay resident: 49 MB (PSS) of the app at 10,000
//! skills, of which about 30 MB go this way (docs/benchmarks.md). Both hosts call it: the desktop
//! shell after a catalogue opens, `skillhouse mcp` before it opens one and after each change.

/// Loads the tokenizer first (it would otherwise parse the vocabulary later, from pages read
/// back), then asks the kernel to reclaim the executable's read-only data. Only a hint: a page
/// read again is read back from the file, and a kernel without `MADV_PAGEOUT` (before 5.4)
/// just declines. Last, the heap that indexing freed goes back too (after a first open that
/// built the index, 120 MB of it).
pub fn hand_back() {
    skillhouse_core::tokens::count("");
    #[cfg(target_os = "linux")]
    linux::page_out_read_only_segments();
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free heap memory to the kernel.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Only the heap freed since, handed back (after a change was read: cheap, unlike the page-out).
pub fn trim_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free heap memory to the kernel.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Caps glibc's malloc arenas at two. glibc gives each thread that allocates its own arena and
/// keeps what was freed there; the threads that index and search a large catalogue left about
/// 24 MB (PSS) behind at 10,000 skills. Two serve a host's two kinds of work as well.
///
/// # Safety
/// Call before any other thread exists.
pub unsafe fn cap_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: the caller guarantees no other thread runs; mallopt only sets an allocator parameter.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
}

#[cfg(target_os = "linux")]
mod linux {
    /// The executable's segments that are read-only data: neither code nor written at start
    /// (relocated data sits in writable segments, which are left alone).
    pub fn page_out_read_only_segments() {
        // SAFETY: the callback reads the program headers the loader passes it, and madvise
        // with MADV_PAGEOUT only changes where pages live, never their contents.
        unsafe {
            libc::dl_iterate_phdr(Some(each_object), std::ptr::null_mut());
        }
    }

    unsafe extern "C" fn each_object(info: *mut libc::dl_phdr_info, _size: libc::size_t, _data: *mut libc::c_void) -> libc::c_int {
        // SAFETY: dl_iterate_phdr passes a valid object description with `dlpi_phnum` headers.
        let (info, page) = unsafe { (&*info, libc::sysconf(libc::_SC_PAGESIZE) as usize) };
        let headers = unsafe { std::slice::from_raw_parts(info.dlpi_phdr, info.dlpi_phnum as usize) };
        for h in headers.iter().filter(|h| h.p_type == libc::PT_LOAD && h.p_flags == libc::PF_R) {
            let start = (info.dlpi_addr as usize + h.p_vaddr as usize).div_ceil(page) * page;
            let end = (info.dlpi_addr as usize + (h.p_vaddr + h.p_memsz) as usize) / page * page;
            if end > start {
                // SAFETY: the range lies inside a mapped, read-only segment of this executable.
                unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_PAGEOUT) };
            }
        }
        1 // the executable comes first; the shared libraries are not ours to page out
    }
}
