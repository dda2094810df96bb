#ifndef TABLESTACK_CCOLLATION_H
#define TABLESTACK_CCOLLATION_H
#include <stdint.h>

// Debian's ICU behind a header that names no ICU type: Foundation carries its own ICU, and Clang
// refuses two modules that define the same ICU types differently.

#ifdef __cplusplus
extern "C" {
#endif

/// A collator for `locale` at `strength` (0 primary, 1 secondary, 2 tertiary), or NULL.
void *tablestack_collator_open(const char *locale, int strength);

/// The sort key of `text` (UTF-16) into `key`; returns the key's full length, which may exceed
/// `capacity` (then call again with room for it).
int32_t tablestack_collator_sort_key(const void *collator, const uint16_t *text, int32_t length, uint8_t *key,
                                     int32_t capacity);

void tablestack_collator_close(void *collator);

/// What an index bucket holds: the items under one of the locale's labels, or those before the
/// first label, between two scripts, or after the last.
#define TABLESTACK_BUCKET_NORMAL 0
#define TABLESTACK_BUCKET_UNDERFLOW 1
#define TABLESTACK_BUCKET_INFLOW 2
#define TABLESTACK_BUCKET_OVERFLOW 3

/// ICU's alphabetic index (`icu::AlphabeticIndex`, immutable) for `locale`, or NULL.
void *tablestack_index_open(const char *locale);

/// How many buckets the index has, underflow and overflow included.
int32_t tablestack_index_bucket_count(const void *index);

/// The kind of `bucket` (a TABLESTACK_BUCKET_ value), or -1 outside the index.
int32_t tablestack_index_bucket_kind(const void *index, int32_t bucket);

/// The label of `bucket` (UTF-16) into `label`; returns its full length, which may exceed
/// `capacity` (then call again with room for it), or -1 outside the index.
int32_t tablestack_index_bucket_label(const void *index, int32_t bucket, uint16_t *label, int32_t capacity);

/// The bucket the whole of `text` (UTF-8, `length` bytes) files under, or -1 on failure.
int32_t tablestack_index_bucket_of(const void *index, const uint8_t *text, int32_t length);

void tablestack_index_close(void *index);

#ifdef __cplusplus
}
#endif
#endif
