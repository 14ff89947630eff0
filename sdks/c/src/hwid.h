/* HWID internals, exposed for the tests. */
#ifndef CHAVEIRO_HWID_H
#define CHAVEIRO_HWID_H

#include "internal.h"

typedef struct chv_hwid_component {
  const char *name;
  const char *value; /* NULL or empty: absent */
} chv_hwid_component;

/** "<tag>.<part>.<part>…" with each part a salted hash of one component (hwid.c). */
chaveiro_status chv_hwid_compose(const char *product_id, const char *tag,
                                 const chv_hwid_component *components, size_t count, char *buffer,
                                 size_t buffer_size);

/** The Linux HWID read under `root` ("" for the real system; a directory tree in the tests). */
chaveiro_status chv_hwid_linux(const char *root, const char *product_id, char *buffer,
                               size_t buffer_size);

/** The system UUID of the SMBIOS type-1 structure in a raw table; -1 when absent or unset. */
int chv_smbios_system_uuid(const uint8_t *table, size_t len, uint8_t uuid[16]);

#endif
