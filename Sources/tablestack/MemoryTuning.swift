import CMalloc

/// glibc's allocator settings for a process that builds and drops pages of hundreds of kilobytes
/// per request. By default every such allocation is a fresh `mmap` whose pages fault in and are
/// zeroed one by one, and freed heap is handed back to the kernel as soon as possible; that cost
/// more than rendering the page. Large blocks now come from the heap up to 32 MiB, and up to
/// 64 MiB of free heap is kept for the next request.
///
/// Each thread's heap starts with 16 MiB usable. By default a thread's heap is made usable a few
/// pages at a time, one `mprotect` per growth, and each such call takes the process's memory map
/// for writing, waiting for and holding up the other threads' page faults (an export's threads
/// fault in tens of megabytes). Memory made usable but never written costs nothing; a trimmed
/// heap keeps 16 MiB, within the 64 MiB of free heap kept anyway. A thread's first heap takes the
/// pad only if it is set before the thread first allocates: `TableStack.main` applies this first.
enum MemoryTuning {
    static func apply() {
        tablestack_tune_malloc(32 << 20, 64 << 20, 16 << 20)
    }
}
