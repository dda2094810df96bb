#ifndef TABLESTACK_CQUICKEXIT_H
#define TABLESTACK_CQUICKEXIT_H

/// Ends the process with `status` once its standard output and error are flushed, without
/// running `atexit` handlers, and without its parent waiting while the kernel frees its memory
/// and the files it holds last: a child that shares the address space, and has closed every
/// file it was handed but regular files, holds them until every thread of this process has
/// exited, then exits itself. When the child cannot be made, the process simply exits.
///
/// The child outlives the command by the time the kernel takes to free its memory (more on a
/// machine busy with other work, as it runs at the idle policy), keeping the command's memory
/// and its regular files open meanwhile: an `umount` right after the command may find the
/// files busy. It is re-parented to init (or the nearest subreaper), which must reap it: a
/// container whose first process reaps no orphans keeps one zombie for each such exit.
_Noreturn void tablestack_exit_leaving_memory(int status);
#endif
