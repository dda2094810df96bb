#ifndef TABLESTACK_CZLIB_SHIM_H
#define TABLESTACK_CZLIB_SHIM_H
#include <zlib.h>

// deflateInit2 and inflateInit2 are macros around functions with extra arguments; Swift imports
// functions, not macros. crc32_combine may itself be a macro (the 64-bit variant).
static inline int tablestack_deflateInit_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

/// A raw deflate stream (no header or trailer), for pieces of a gzip member put together by hand.
static inline int tablestack_deflateInit_raw(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}

static inline int tablestack_inflateInit_gzip(z_streamp stream) {
    return inflateInit2(stream, 15 + 16);
}

static inline unsigned long tablestack_crc32_combine(unsigned long crc1, unsigned long crc2, long length2) {
    return crc32_combine(crc1, crc2, (z_off_t)length2);
}
#endif
