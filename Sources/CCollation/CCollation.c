#include "CCollation.h"
#include <unicode/ucol.h>

// ICU renames every function with its version (ucol_open_72); calling them here keeps Swift away
// from names that change with the ICU that Debian ships.

void *tablestack_collator_open(const char *locale, int strength) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *collator = ucol_open(locale, &status);
    if (U_FAILURE(status)) return NULL;
    ucol_setStrength(collator, (UCollationStrength)strength);
    return collator;
}

int32_t tablestack_collator_sort_key(const void *collator, const uint16_t *text, int32_t length, uint8_t *key,
                                     int32_t capacity) {
    return ucol_getSortKey((const UCollator *)collator, (const UChar *)text, length, key, capacity);
}

void tablestack_collator_close(void *collator) { ucol_close((UCollator *)collator); }
