/* chaveiro_file_save: the only place the SDK writes to disk, and only when asked. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "platform.h"

static FILE *open_for_writing(const char *path) {
#ifdef _WIN32
  wchar_t *wide = chv_widen(path);
  if (!wide) return NULL;
  FILE *f = _wfopen(wide, L"wb");
  free(wide);
  return f;
#else
  return fopen(path, "wb");
#endif
}

chaveiro_status chaveiro_file_save(const chaveiro_file *file, const char *path,
                                   chaveiro_error **error) {
  if (error) *error = NULL;
  if (!file || !path || !path[0] || !chv_utf8_valid((const uint8_t *)path, strlen(path))) {
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_INVALID_ARGUMENT,
                                                  "file and a UTF-8 path are required"));
  }
  FILE *f = open_for_writing(path);
  if (!f) {
    return chv_error_give(error,
                          chv_error_simple(CHAVEIRO_E_IO, "cannot open %.200s for writing", path));
  }
  size_t size = chaveiro_file_size(file);
  size_t written = size ? fwrite(chaveiro_file_data(file), 1, size, f) : 0;
  int closed = fclose(f);
  if (written != size || closed != 0) {
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_IO, "cannot write %.200s", path));
  }
  return CHAVEIRO_OK;
}
