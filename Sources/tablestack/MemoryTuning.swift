import CMalloc

/// glibc's allocator settings for a process that builds and drops pages of hundreds of kilobytes
/// per request. By default every such allocation is a fresh `mmap` whose pages fault in and are
/// zeroed one by one, and freed heap is handed back to the kernel as soon as possible; that cost
/// more than rendering the page. Large blocks now come from the heap up to 32 MiB, and up to
/// 64 MiB of free heap is kept for the next request.
enum MemoryTuning {
    static func apply() {
        tablestack_tune_malloc(32 << 20, 64 << 20)
    }
}
