#define _GNU_SOURCE
#include "CQuickExit.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

// A process that exits with tens of megabytes mapped waits while the kernel unmaps them: about
// 5 ms for an export after one change, spent after its work is done. So does one that drops the
// last reference to a file renamed over, whose cached pages are freed then. The child below
// holds both instead. It shares the address space (CLONE_VM) and has a copy of the file table.
// It closes its copies of everything but regular files at once (a pipe reader waiting for the
// command's end-of-file is not kept waiting), then reads a pipe whose only writer is this
// process: end-of-file comes once the last thread of this process has let go of its files. The
// child's own exit then frees the address space and closes the files, when a core is idle.
//
// The child runs on a stack of its own in the shared memory and calls the kernel directly: it
// is no thread of the C library's and must not take its locks. (`errno` is the calling thread's,
// whose memory the child keeps mapped.)

static char holder_stack[16 * 1024] __attribute__((aligned(16)));
static int gone[2];
/// The files the child closes at once: every open one that is not a regular file. A count of -1
/// (they could not be listed) has it close everything but its end of the pipe.
enum { most_listed = 256 };
static int not_regular[most_listed];
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
        if (file == dirfd(listing) || file == gone[0] || (fstat(file, &info) == 0 && S_ISREG(info.st_mode))) continue;
        if (count == most_listed) {
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
    // At the idle policy: woken by the end-of-file, the child would otherwise often take the
    // core of this process's last thread, between its files let go and its parent told, and
    // the parent would wait for the freeing after all (half the time, measured).
    struct sched_param none = {0};
    syscall(SYS_sched_setscheduler, 0, SCHED_IDLE, &none);
    if (not_regular_count >= 0) {
        for (int index = 0; index < not_regular_count; index++) syscall(SYS_close, not_regular[index]);
    } else {
        // Without close_range (Linux before 5.9) the child cannot let go of the files: it leaves at once.
        if (gone[0] > 0 && syscall(SYS_close_range, 0U, (unsigned)gone[0] - 1, 0U) != 0) syscall(SYS_exit, 0);
        if (syscall(SYS_close_range, (unsigned)gone[0] + 1, ~0U, 0U) != 0) syscall(SYS_exit, 0);
    }
    // Nothing is ever written: the read returns at end-of-file, when the writer is gone.
    char byte;
    for (;;) {
        long got = syscall(SYS_read, gone[0], &byte, 1);
        if (got == 0 || (got < 0 && errno != EINTR)) break;
    }
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
    if (!under_valgrind() && pipe2(gone, O_CLOEXEC) == 0) {
        list_not_regular();
        if (clone(hold_until_gone, holder_stack + sizeof holder_stack, CLONE_VM | SIGCHLD, NULL) == -1) {
            close(gone[0]);
            close(gone[1]);
        }
    }
    _exit(status);
}
