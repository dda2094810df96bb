import CMalloc

/// glibc's allocator settings for a process that builds and drops pages of hundreds of kilobytes
/// per request. By default every such allocation is a fresh `mmap` whose pages fault in and are
/// zeroed one by one, and freed heap is handed back to the kernel as soon as possible; that cost
/// more than rendering the page. Large blocks now come from the heap up to 32 MiB, and up to
/// 64 MiB of free heap is kept for the next request.
///
/// A heap grows by at least 16 MiB at a time. Each thread's heap is a reserved range made usable
/// a piece at a time, by default only as far as each allocation needs: a re-export made some
/// 2,500 `mprotect` calls, each of which takes the process's memory map for writing, and so waits
/// for, and holds up, the other threads' page faults. Memory made usable but never touched costs
/// nothing: its pages are only taken when first written.
enum MemoryTuning {
    static func apply() {
        tablestack_tune_malloc(32 << 20, 64 << 20, 16 << 20)
    }
}
