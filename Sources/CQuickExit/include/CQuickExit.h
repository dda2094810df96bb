#ifndef TABLESTACK_CQUICKEXIT_H
#define TABLESTACK_CQUICKEXIT_H

/// Ends the process with `status` once its standard output and error are flushed, without
/// running `atexit` handlers, and without its parent waiting while the kernel frees its memory
/// and the files it holds last: a child that shares the address space, and has closed every
/// file it was handed but regular files, holds them until every thread of this process has
/// exited, then exits itself. When the child cannot be made, the process simply exits.
_Noreturn void tablestack_exit_leaving_memory(int status);
#endif
