/* JSON through cJSON, held to what JSON.parse over a fatal UTF-8 decoder accepts where it counts. */
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>
#include <sodium.h>

#include "internal.h"

/* cJSON keeps strings NUL-terminated, so "a\u0000b" would read as "a": such text is refused. */
static int has_escaped_nul(const uint8_t *bytes, size_t len) {
  for (size_t i = 0; i + 1 < len; i++) {
    if (bytes[i] != '\\') continue;
    if (bytes[i + 1] == 'u' && i + 5 < len && bytes[i + 2] == '0' && bytes[i + 3] == '0' &&
        bytes[i + 4] == '0' && bytes[i + 5] == '0') {
      return 1;
    }
    i++; /* skip the escaped character, so "\\u0000" (an escaped backslash) is not one */
  }
  return 0;
}

cJSON *chv_json_parse(const uint8_t *bytes, size_t len) {
  if (!bytes) return NULL;
  if (len >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF) {
    bytes += 3;
    len -= 3;
  }
  if (!chv_utf8_valid(bytes, len)) return NULL;
  for (size_t i = 0; i < len; i++) {
    if (bytes[i] < 0x20 && bytes[i] != '\t' && bytes[i] != '\n' && bytes[i] != '\r') return NULL;
  }
  if (has_escaped_nul(bytes, len)) return NULL;
  char *text = chv_strndup((const char *)bytes, len);
  if (!text) return NULL;
  const char *end = NULL;
  cJSON *root = cJSON_ParseWithOpts(text, &end, 1);
  free(text);
  return root;
}

const cJSON *chv_json_get(const cJSON *object, const char *name) {
  if (!cJSON_IsObject(object)) return NULL;
  const cJSON *found = NULL;
  for (const cJSON *item = object->child; item; item = item->next) {
    if (item->string && strcmp(item->string, name) == 0) found = item;
  }
  return found;
}

const char *chv_json_string(const cJSON *object, const char *name) {
  const cJSON *item = chv_json_get(object, name);
  return cJSON_IsString(item) ? item->valuestring : NULL;
}

void chv_json_wipe_and_delete(cJSON *object) {
  if (!object) return;
  for (cJSON *item = object->child; item; item = item->next) {
    if (cJSON_IsString(item)) sodium_memzero(item->valuestring, strlen(item->valuestring));
  }
  cJSON_Delete(object);
}
