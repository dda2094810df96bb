#include "CCollation.h"
#include <unicode/alphaindex.h>
#include <unicode/stringpiece.h>
#include <unicode/unistr.h>

// ICU's AlphabeticIndex is C++ only. Its immutable form is documented as thread-safe, which is
// what lets one index serve every request; nothing here changes it after it is built.

using icu::AlphabeticIndex;

extern "C" void *tablestack_index_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    AlphabeticIndex index(icu::Locale(locale), status);
    if (U_FAILURE(status)) return nullptr;
    AlphabeticIndex::ImmutableIndex *immutable = index.buildImmutableIndex(status);
    if (U_FAILURE(status)) {
        delete immutable;
        return nullptr;
    }
    return immutable;
}

static const AlphabeticIndex::ImmutableIndex *immutable(const void *index) {
    return static_cast<const AlphabeticIndex::ImmutableIndex *>(index);
}

extern "C" int32_t tablestack_index_bucket_count(const void *index) { return immutable(index)->getBucketCount(); }

extern "C" int32_t tablestack_index_bucket_kind(const void *index, int32_t bucket) {
    const AlphabeticIndex::Bucket *found = immutable(index)->getBucket(bucket);
    if (found == nullptr) return -1;
    switch (found->getLabelType()) {
    case U_ALPHAINDEX_NORMAL: return TABLESTACK_BUCKET_NORMAL;
    case U_ALPHAINDEX_UNDERFLOW: return TABLESTACK_BUCKET_UNDERFLOW;
    case U_ALPHAINDEX_INFLOW: return TABLESTACK_BUCKET_INFLOW;
    case U_ALPHAINDEX_OVERFLOW: return TABLESTACK_BUCKET_OVERFLOW;
    }
    return -1;
}

extern "C" int32_t tablestack_index_bucket_label(const void *index, int32_t bucket, uint16_t *label, int32_t capacity) {
    const AlphabeticIndex::Bucket *found = immutable(index)->getBucket(bucket);
    if (found == nullptr) return -1;
    const icu::UnicodeString &text = found->getLabel();
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = text.extract(reinterpret_cast<char16_t *>(label), capacity, status);
    // Too small a buffer is not a failure: the caller asks again with `length` units of room.
    if (U_FAILURE(status) && status != U_BUFFER_OVERFLOW_ERROR) return -1;
    return length;
}

extern "C" int32_t tablestack_index_bucket_of(const void *index, const uint8_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString string = icu::UnicodeString::fromUTF8(icu::StringPiece(reinterpret_cast<const char *>(text), length));
    int32_t bucket = immutable(index)->getBucketIndex(string, status);
    return U_FAILURE(status) ? -1 : bucket;
}

extern "C" void tablestack_index_close(void *index) {
    delete static_cast<AlphabeticIndex::ImmutableIndex *>(index);
}
