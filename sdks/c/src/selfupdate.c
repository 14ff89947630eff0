/* chaveiro_self_update: after a signed LOADER_OUTDATED, the product's current loader fetched
 * with the refusal's update token, checked against the refusal's signed hash and size, swapped
 * in place of the running executable, and restarted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "client.h"
#include "platform.h"

#ifdef _WIN32
#  define WIN32_LEAN_AND_MEAN
#  include <windows.h>
#else
#  include <sys/stat.h>
#  include <unistd.h>
#endif

/* The loader's largest accepted size: a loader is an executable of a few MB. */
#define MAX_LOADER_BYTES ((uint64_t)256 << 20)

static char *url_encode(const char *text) {
  size_t len = strlen(text);
  char *out = malloc(3 * len + 1);
  if (!out) return NULL;
  static const char hex[] = "0123456789ABCDEF";
  char *p = out;
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)text[i];
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
        c == '_' || c == '.' || c == '~') {
      *p++ = (char)c;
    } else {
      *p++ = '%';
      *p++ = hex[c >> 4];
      *p++ = hex[c & 15];
    }
  }
  *p = '\0';
  return out;
}


/* Moves `fresh` over `exe`. Windows cannot replace a running executable but can rename it:
 * exe → exe.old, fresh → exe (and back when the second step fails). */
static int swap_in(const char *exe, const char *fresh, char *detail, size_t detail_size) {
#ifdef _WIN32
  char *old = chv_with_suffix(exe, ".old");
  wchar_t *exe_w = chv_widen(exe), *fresh_w = chv_widen(fresh), *old_w = old ? chv_widen(old) : NULL;
  int rc = -1;
  if (exe_w && fresh_w && old_w) {
    DeleteFileW(old_w);
    if (!MoveFileExW(exe_w, old_w, MOVEFILE_REPLACE_EXISTING)) {
      snprintf(detail, detail_size, "cannot rename the running loader (error %lu)",
               (unsigned long)GetLastError());
    } else if (!MoveFileExW(fresh_w, exe_w, MOVEFILE_REPLACE_EXISTING)) {
      unsigned long move_error = (unsigned long)GetLastError();
      if (MoveFileExW(old_w, exe_w, MOVEFILE_REPLACE_EXISTING)) {
        snprintf(detail, detail_size, "cannot move the new loader in (error %lu)", move_error);
      } else {
        /* Neither loader is at its path now: say where the old one is. */
        snprintf(detail, detail_size,
                 "cannot move the new loader in (error %lu), nor the old one back (error %lu): "
                 "it is %.200s",
                 move_error, (unsigned long)GetLastError(), old);
      }
    } else {
      rc = 0;
    }
  }
  free(old);
  free(exe_w);
  free(fresh_w);
  free(old_w);
  return rc;
#else
  if (rename(fresh, exe) != 0) {
    snprintf(detail, detail_size, "cannot move the new loader over %.200s", exe);
    return -1;
  }
  return 0;
#endif
}

/* Starts the new loader with this process's command line. POSIX: execv, which returns only on
 * failure. Windows: a new process, then this one exits. */
static void restart(const char *exe, char *detail, size_t detail_size) {
#ifdef _WIN32
  wchar_t *exe_w = chv_widen(exe);
  const wchar_t *line = GetCommandLineW();
  size_t line_len = wcslen(line) + 1;
  wchar_t *copy = malloc(line_len * sizeof *copy);
  if (exe_w && copy) {
    memcpy(copy, line, line_len * sizeof *copy);
    STARTUPINFOW startup;
    PROCESS_INFORMATION process;
    memset(&startup, 0, sizeof startup);
    startup.cb = sizeof startup;
    if (CreateProcessW(exe_w, copy, NULL, NULL, TRUE, 0, NULL, NULL, &startup, &process)) {
      CloseHandle(process.hThread);
      /* Wait for the new loader: whoever started this one (a shortcut, a script, a test) sees
       * the outcome of the updated run, its exit code included. */
      WaitForSingleObject(process.hProcess, INFINITE);
      DWORD code = 1;
      GetExitCodeProcess(process.hProcess, &code);
      CloseHandle(process.hProcess);
      ExitProcess(code);
    }
    snprintf(detail, detail_size, "cannot start the new loader (error %lu)",
             (unsigned long)GetLastError());
  }
  free(exe_w);
  free(copy);
#else
  /* argv from /proc/self/cmdline: NUL-separated. */
  chv_buf line = {0};
  if (chv_file_read("/proc/self/cmdline", &line, (size_t)1 << 20) == 0 && line.len > 0) {
    size_t count = 0;
    for (size_t i = 0; i < line.len; i++) count += line.data[i] == '\0';
    if (line.data[line.len - 1] != '\0') count++;
    char **argv = calloc(count + 1, sizeof *argv);
    if (argv) {
      size_t n = 0;
      for (size_t i = 0; i < line.len && n < count; n++) {
        argv[n] = (char *)line.data + i;
        i += strlen(argv[n]) + 1;
      }
      execv(exe, argv);
      free(argv);
    }
  }
  chv_buf_free(&line);
  snprintf(detail, detail_size, "cannot start the new loader %.200s", exe);
#endif
}

chaveiro_status chaveiro_self_update(chaveiro_client *client, const chaveiro_error *refusal,
                                     unsigned flags, chaveiro_error **error) {
  if (error) *error = NULL;
  if (!client || !refusal || refusal->status != CHAVEIRO_E_REFUSED || !refusal->has_loader ||
      !refusal->loader_update_token) {
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_INVALID_ARGUMENT,
                                                  "a LOADER_OUTDATED refusal with an update "
                                                  "token is required"));
  }
  return chaveiro_self_update_to(client, refusal->loader_update_token, refusal->loader_sha256,
                                 refusal->loader_size, flags, error);
}

chaveiro_status chaveiro_self_update_to(chaveiro_client *client, const char *update_token,
                                        const char *sha256, uint64_t size, unsigned flags,
                                        chaveiro_error **error) {
  if (error) *error = NULL;
  if (!client || !update_token || !update_token[0] || !chv_is_hex64(sha256)) {
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_INVALID_ARGUMENT,
                                                  "the refusal's update token, sha256 (64 hex "
                                                  "digits) and size are required"));
  }
  char expected[65];
  chv_hex64_lower(sha256, expected);
  if (size > MAX_LOADER_BYTES) {
    return chv_error_give(error, chv_error_verification("FILE_MISMATCH",
                                                        "a loader of %llu bytes",
                                                        (unsigned long long)size));
  }
  /* The refusal names the loader already running: the server published a loader still below
   * the product's minimum version. Swapping it in would change nothing, and a restart with the
   * same command line would be refused again and update again, forever. */
  const char *own = chv_client_loader_sha256(client);
  if (own && strcmp(own, expected) == 0) {
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_INVALID_ARGUMENT,
                                                  "the offered loader (sha256 %s) is already "
                                                  "the current loader; its version is still "
                                                  "below the product's minimum",
                                                  expected));
  }
  char *exe = client->loader_path ? chv_strdup(client->loader_path) : chv_self_exe_path();
  if (!exe) {
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_IO, "the loader's path is unknown"));
  }
  char nonce[32];
  chv_nonce(nonce);
  char *token = url_encode(update_token);
  size_t url_len = strlen(client->base_url) + sizeof CHV_PATH_UPDATE + (token ? strlen(token) : 0) +
                   64;
  char *url = malloc(url_len);
  if (!token || !url) {
    free(exe);
    chv_free_secret(token);
    free(url);
    return chv_error_give(error, chv_error_no_memory());
  }
  snprintf(url, url_len, "%s%s?token=%s&nonce=%s", client->base_url, CHV_PATH_UPDATE, token,
           nonce);
  /* The download's reader, the bytes in the clear: checked against the refusal's signed hash
   * and size as they arrive (the token in the URL is this request's only credential). */
  chv_fetch fetch;
  memset(&fetch, 0, sizeof fetch);
  fetch.url = url;
  fetch.request = "GET " CHV_PATH_UPDATE;
  fetch.nonce = nonce;
  fetch.signer = "the refusal";
  fetch.has_expected = 1;
  fetch.sha256 = expected;
  fetch.size = (double)size;
  fetch.plain_only = 1;
  chaveiro_status status = chv_fetch_file(client, &fetch, error);
  sodium_memzero(url, strlen(url));
  free(url);
  chv_free_secret(token);
  char detail[512] = "";
  if (status == CHAVEIRO_OK) {
    char *fresh = chv_with_suffix(exe, ".new");
    unsigned mode = 0755;
#ifndef _WIN32
    struct stat info;
    /* The permissions only: a setuid or setgid bit never passes to downloaded bytes. */
    if (stat(exe, &info) == 0) mode = (unsigned)(info.st_mode & 0777);
#endif
    if (!fresh) {
      status = chv_error_give(error, chv_error_no_memory());
    } else if (chv_file_write_atomic(fresh, fetch.bytes.data, fetch.bytes.len, mode) != 0) {
      status = chv_error_give(error, chv_error_simple(CHAVEIRO_E_IO, "cannot write %.200s",
                                                      fresh));
    } else if (swap_in(exe, fresh, detail, sizeof detail) != 0) {
      chv_file_remove(fresh);
      status = chv_error_give(error, chv_error_simple(CHAVEIRO_E_IO, "%s", detail));
    } else {
      /* The new file is the loader now: the next auth hashes it again. */
      chv_mutex_lock(&client->mutex);
      client->loader_hashed = 0;
      chv_mutex_unlock(&client->mutex);
      if (!(flags & CHAVEIRO_SELF_UPDATE_NO_RESTART)) {
        restart(exe, detail, sizeof detail);
        status = chv_error_give(error, chv_error_simple(CHAVEIRO_E_INTERNAL, "%s", detail));
      }
    }
    free(fresh);
  }
  chv_buf_free(&fetch.bytes);
  free(exe);
  return status;
}
