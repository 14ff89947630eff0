/* Small file helpers over UTF-8 paths: the offline licence store, the loader's own hash and its
 * self-update. Windows takes wide paths (the ANSI functions would read UTF-8 in the local code
 * page). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "internal.h"
#include "platform.h"

#ifdef _WIN32
#  define WIN32_LEAN_AND_MEAN
#  include <windows.h>
#else
#  include <errno.h>
#  include <fcntl.h>
#  include <sys/stat.h>
#  include <unistd.h>
#endif


static FILE *open_file(const char *path, const char *mode) {
#ifdef _WIN32
  wchar_t *wide = chv_widen(path);
  wchar_t wmode[8];
  size_t i = 0;
  for (; mode[i] && i < 7; i++) wmode[i] = (wchar_t)mode[i];
  wmode[i] = 0;
  FILE *f = wide ? _wfopen(wide, wmode) : NULL;
  free(wide);
  return f;
#else
  return fopen(path, mode);
#endif
}

int chv_file_read(const char *path, chv_buf *out, size_t max) {
  FILE *f = open_file(path, "rb");
  if (!f) return -1;
  uint8_t chunk[16384];
  size_t n;
  int rc = 0;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    if (out->len + n > max || chv_buf_append(out, chunk, n) != 0) {
      rc = -1;
      break;
    }
  }
  if (ferror(f)) rc = -1;
  fclose(f);
  sodium_memzero(chunk, sizeof chunk);
  if (rc == 0 && !out->data && chv_buf_reserve(out, 0) != 0) rc = -1;
  return rc;
}

int chv_file_sha256(const char *path, char out[65]) {
  FILE *f = open_file(path, "rb");
  if (!f) return -1;
  crypto_hash_sha256_state state;
  crypto_hash_sha256_init(&state);
  uint8_t chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) crypto_hash_sha256_update(&state, chunk, n);
  int failed = ferror(f);
  fclose(f);
  if (failed) return -1;
  uint8_t digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256_final(&state, digest);
  chv_hex(digest, sizeof digest, out);
  return 0;
}

int chv_file_remove(const char *path) {
#ifdef _WIN32
  wchar_t *wide = chv_widen(path);
  int ok = wide && DeleteFileW(wide);
  free(wide);
  return ok ? 0 : -1;
#else
  return unlink(path) == 0 ? 0 : -1;
#endif
}

int chv_file_write_atomic(const char *path, const void *data, size_t len, unsigned mode) {
  /* A name of its own per write: two threads writing the same file never share a temp file. */
  size_t tmp_len = strlen(path) + sizeof ".12345678.tmp";
  char *tmp = malloc(tmp_len);
  if (!tmp) return -1;
  snprintf(tmp, tmp_len, "%s.%08x.tmp", path, (unsigned)randombytes_random());
  int rc = -1;
  /* The temporary file is always a new one: a file or link someone planted under its name is
   * never opened (and never followed to another file). */
#ifdef _WIN32
  (void)mode;
  wchar_t *from = chv_widen(tmp), *to = chv_widen(path);
  HANDLE file = from && to ? CreateFileW(from, GENERIC_WRITE, 0, NULL, CREATE_NEW,
                                         FILE_ATTRIBUTE_NORMAL, NULL)
                           : INVALID_HANDLE_VALUE;
  if (file != INVALID_HANDLE_VALUE) {
    const uint8_t *p = data;
    size_t left = len;
    while (left > 0) {
      DWORD chunk = left > 0x40000000 ? 0x40000000 : (DWORD)left;
      DWORD written = 0;
      if (!WriteFile(file, p, chunk, &written, NULL) || written == 0) break;
      p += written;
      left -= written;
    }
    int closed = CloseHandle(file);
    if (left == 0 && closed &&
        MoveFileExW(from, to, MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)) {
      rc = 0;
    }
    if (rc != 0) DeleteFileW(from);
  }
  free(from);
  free(to);
#else
  int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                mode ? (mode_t)mode : 0600);
  if (fd >= 0) {
    /* The umask would narrow the mode asked for: an executable must stay executable. */
    if (mode) fchmod(fd, (mode_t)mode);
    const uint8_t *p = data;
    size_t left = len;
    while (left > 0) {
      ssize_t n = write(fd, p, left);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      p += n;
      left -= (size_t)n;
    }
    int synced = left == 0 && fsync(fd) == 0;
    if (close(fd) == 0 && synced && rename(tmp, path) == 0) rc = 0;
    if (rc != 0) unlink(tmp);
  }
#endif
  free(tmp);
  return rc;
}

int chv_mkdirs_for(const char *path) {
  char *dir = chv_strdup(path);
  if (!dir) return -1;
  char *slash = NULL;
  for (char *p = dir; *p; p++) {
    if (*p == '/' || *p == '\\') slash = p;
  }
  if (!slash) {
    free(dir);
    return 0;
  }
  *slash = '\0';
  int rc = 0;
  for (char *p = dir + 1; rc == 0; p++) {
    char c = *p;
    if (c != '\0' && c != '/' && c != '\\') continue;
    *p = '\0';
    /* "C:" is a drive, not a folder to make. */
    if (!(p - dir == 2 && dir[1] == ':')) {
#ifdef _WIN32
      wchar_t *wide = chv_widen(dir);
      if (!wide || (!CreateDirectoryW(wide, NULL) && GetLastError() != ERROR_ALREADY_EXISTS))
        rc = -1;
      free(wide);
#else
      if (mkdir(dir, 0700) != 0 && errno != EEXIST) rc = -1;
#endif
    }
    *p = c;
    if (c == '\0') break;
  }
  free(dir);
  return rc;
}

char *chv_self_exe_path(void) {
#ifdef _WIN32
  DWORD cap = MAX_PATH;
  for (int i = 0; i < 6; i++, cap *= 4) {
    wchar_t *wide = malloc(cap * sizeof *wide);
    if (!wide) return NULL;
    DWORD n = GetModuleFileNameW(NULL, wide, cap);
    if (n == 0) {
      free(wide);
      return NULL;
    }
    if (n < cap) {
      int len = WideCharToMultiByte(CP_UTF8, 0, wide, -1, NULL, 0, NULL, NULL);
      char *text = len > 0 ? malloc((size_t)len) : NULL;
      if (text) WideCharToMultiByte(CP_UTF8, 0, wide, -1, text, len, NULL, NULL);
      free(wide);
      return text;
    }
    free(wide);
  }
  return NULL;
#else
  size_t cap = 256;
  for (int i = 0; i < 8; i++, cap *= 2) {
    char *text = malloc(cap);
    if (!text) return NULL;
    ssize_t n = readlink("/proc/self/exe", text, cap);
    if (n < 0) {
      free(text);
      return NULL;
    }
    if ((size_t)n < cap) {
      text[n] = '\0';
      return text;
    }
    free(text);
  }
  return NULL;
#endif
}
