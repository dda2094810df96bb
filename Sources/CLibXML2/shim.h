#ifndef TABLESTACK_CLIBXML2_SHIM_H
#define TABLESTACK_CLIBXML2_SHIM_H

// Debian builds libxml2 with ICU, and its headers pull in the system ICU headers, which clash
// with the ICU copy that Foundation ships. Nothing here needs libxml2's ICU API, so switch it
// off after reading the version header and before any other libxml2 header.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>
#include <libxml/relaxng.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/HTMLparser.h>

// `xmlFree` is a mutable global function pointer, which Swift 6 refuses to read from any
// concurrency domain. A plain function call is safe to import.
static inline void tablestack_xmlFree(void *pointer) {
    xmlFree(pointer);
}

#endif
