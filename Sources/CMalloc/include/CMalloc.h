#ifndef TABLESTACK_CMALLOC_H
#define TABLESTACK_CMALLOC_H
#include <stddef.h>

/// Sets glibc's allocator thresholds (mallopt is not in Swift's Glibc module): blocks up to
/// `mmap_threshold` bytes come from the heap, up to `trim_threshold` bytes of free heap are
/// kept rather than returned to the kernel, and `top_pad` bytes more than asked are made usable
/// when a heap is made (a thread's first one among them) and when the main heap grows, and are
/// kept when a heap is trimmed.
void tablestack_tune_malloc(size_t mmap_threshold, size_t trim_threshold, size_t top_pad);
#endif
