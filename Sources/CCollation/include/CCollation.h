#ifndef TABLESTACK_CCOLLATION_H
#define TABLESTACK_CCOLLATION_H
#include <stdint.h>

// Debian's ICU collator behind a header that names no ICU type: Foundation carries its own ICU,
// and Clang refuses two modules that define the same ICU types differently.

/// A collator for `locale` at `strength` (0 primary, 1 secondary, 2 tertiary), or NULL.
void *tablestack_collator_open(const char *locale, int strength);

/// The sort key of `text` (UTF-16) into `key`; returns the key's full length, which may exceed
/// `capacity` (then call again with room for it).
int32_t tablestack_collator_sort_key(const void *collator, const uint16_t *text, int32_t length, uint8_t *key,
                                     int32_t capacity);

void tablestack_collator_close(void *collator);
#endif
