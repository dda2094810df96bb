#ifndef TABLESTACK_CSYSTEMRANDOM_H
#define TABLESTACK_CSYSTEMRANDOM_H
#include <stddef.h>

/// Fills `buffer` with `count` bytes from the kernel's random generator (getrandom, which Swift's
/// Glibc module does not declare); 0 when done, -1 when the kernel refused.
int tablestack_random_bytes(void *buffer, size_t count);
#endif
