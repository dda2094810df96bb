#define _GNU_SOURCE
#include "CQuickExit.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

// A process that exits with tens of megabytes mapped waits while the kernel unmaps them, after
// its work is done; so does one that drops the last reference to a file renamed over, whose
// cached pages are freed then. The child below holds both instead. It shares the address space
// (CLONE_VM) and has a copy of the file table. It closes its copies of everything but regular
// files at once (a pipe reader waiting for the command's end-of-file is not kept waiting), then
// reads a pipe whose only writer is this process: end-of-file comes once the last thread of this
// process has let go of its files. The child's own exit then frees the address space and closes
// the files.
//
// The child runs on a stack of its own in the shared memory. It is no thread of the C library's
// and must not take its locks: it calls the kernel through `syscall` alone, bound (with `errno`'s
// accessor) before the clone, with every signal blocked, so that no handler runs on its stack.
// (`errno` is the calling thread's, whose memory the child keeps mapped.)

static char holder_stack[16 * 1024] __attribute__((aligned(16)));
static int exit_pipe[2];
/// The descriptors the child closes at once: every open one that is not a regular file, as
/// listed just before the clone. A count of -1 (they could not be listed, or there were more
/// than `listed_at_most`) has it close everything but its end of the pipe.
enum { listed_at_most = 256 };
static int not_regular[listed_at_most];
static int not_regular_count = -1;

static void list_not_regular(void) {
    DIR *listing = opendir("/proc/self/fd");
    if (listing == NULL) return;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(listing)) != NULL) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
        int file = atoi(entry->d_name);
        struct stat info;
        if (file == dirfd(listing) || file == exit_pipe[0] || (fstat(file, &info) == 0 && S_ISREG(info.st_mode))) continue;
        if (count == listed_at_most) {
            closedir(listing);
            return;
        }
        not_regular[count++] = file;
    }
    closedir(listing);
    not_regular_count = count;
}

static int hold_until_gone(void *unused) {
    (void)unused;
    uint64_t every_signal = ~(uint64_t)0;
    syscall(SYS_rt_sigprocmask, SIG_SETMASK, &every_signal, NULL, sizeof every_signal);
    if (not_regular_count >= 0) {
        for (int index = 0; index < not_regular_count; index++) syscall(SYS_close, not_regular[index]);
    } else {
        // Without close_range (Linux before 5.9) the child cannot let go of the files: it leaves at once.
        if (exit_pipe[0] > 0 && syscall(SYS_close_range, 0U, (unsigned)exit_pipe[0] - 1, 0U) != 0) syscall(SYS_exit, 0);
        if (syscall(SYS_close_range, (unsigned)exit_pipe[0] + 1, ~0U, 0U) != 0) syscall(SYS_exit, 0);
    }
    // Then at the lowest weight: woken by the end-of-file, the child would otherwise often take
    // the core of this process's last thread between its files let go and its parent told, and
    // the parent would wait for the freeing after all.
    struct sched_param no_priority = {0};
    syscall(SYS_sched_setscheduler, 0, SCHED_IDLE, &no_priority);
    // Nothing is ever written, and no signal can interrupt the read: it returns at end-of-file.
    char byte;
    syscall(SYS_read, exit_pipe[0], &byte, 1);
    syscall(SYS_exit, 0);
    return 0;
}

/// Whether the process runs under Valgrind, which preloads its own libraries: it makes no
/// child that shares the address space (it stops the program, with status 1, instead).
static int under_valgrind(void) {
    const char *preloaded = getenv("LD_PRELOAD");
    return preloaded != NULL && strstr(preloaded, "vgpreload") != NULL;
}

void tablestack_exit_leaving_memory(int status) {
    fflush(NULL);
    if (!under_valgrind() && pipe2(exit_pipe, O_CLOEXEC) == 0) {
        list_not_regular();
        // Bound here, so that the child's first calls do not go through the lazy binder.
        errno = 0;
        syscall(SYS_getpid);
        if (clone(hold_until_gone, holder_stack + sizeof holder_stack, CLONE_VM | SIGCHLD, NULL) == -1) {
            close(exit_pipe[0]);
            close(exit_pipe[1]);
        }
    }
    _exit(status);
}
