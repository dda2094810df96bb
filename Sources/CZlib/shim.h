#ifndef TABLESTACK_CZLIB_SHIM_H
#define TABLESTACK_CZLIB_SHIM_H
#include <zlib.h>

// deflateInit2 is a macro around deflateInit2_; Swift imports functions, not macros.
static inline int tablestack_deflateInit_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
#endif
