/* Shared by the library's modules; not installed. */
#ifndef CHAVEIRO_INTERNAL_H
#define CHAVEIRO_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "chaveiro/chaveiro.h"

#if defined(__MINGW32__)
/* C99 printf (%zu…) from mingw-w64's own stdio, not msvcrt's (__USE_MINGW_ANSI_STDIO). */
#  define CHV_PRINTF(fmt, args) __attribute__((format(gnu_printf, fmt, args)))
#elif defined(__GNUC__)
#  define CHV_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#  define CHV_PRINTF(fmt, args)
#endif

/* ---- errors (error.c) ---------------------------------------------------------------------- */

struct chaveiro_error {
  chaveiro_status status;
  char *code;
  char *message;
  char *detail;
  int http_status;
  int64_t retry_after_ms;
  /* A PRODUCT_UPDATING / PRODUCT_UNAVAILABLE refusal's signed `product` block; product_status
   * is NULL (and product_time_frozen -1) when the refusal has none. */
  char *product_status;
  char *product_note;
  char *product_since;
  int product_time_frozen;
  /* A LOADER_OUTDATED refusal's signed `loader` block; has_loader 0 when none. */
  int has_loader;
  char *loader_version;
  char *loader_sha256;
  char *loader_name;
  uint64_t loader_size;
  char *loader_update_token;
  char *loader_update_expires_at;
};

/** A new error; on out-of-memory the shared constant "NO_MEMORY" error (freeing it is a no-op). */
chaveiro_error *chv_error_new(chaveiro_status status, const char *code, const char *message,
                              const char *detail_format, ...) CHV_PRINTF(4, 5);

/** An error of a fixed kind with the SDK's own pt-BR message for `code`. */
chaveiro_error *chv_error_verification(const char *code, const char *detail_format, ...)
    CHV_PRINTF(2, 3);
chaveiro_error *chv_error_network(const char *code, const char *detail_format, ...)
    CHV_PRINTF(2, 3);
chaveiro_error *chv_error_simple(chaveiro_status status, const char *detail_format, ...)
    CHV_PRINTF(2, 3);
chaveiro_error *chv_error_no_memory(void);
/** An error of any status with the SDK's own pt-BR message for `code` (e.g. SESSION_ENDED, which
 * a signed security-event answer decided, so it is a refusal). */
chaveiro_error *chv_error_sdk(chaveiro_status status, const char *code, const char *detail_format,
                              ...) CHV_PRINTF(3, 4);

/** Records the answer's HTTP status and Retry-After (-1: none) on an error. */
void chv_error_set_http(chaveiro_error *err, int http_status, int64_t retry_after_ms);

/** Records a refusal's product block (`note` may be NULL). -1 when out of memory (the error is
 * left without a block). */
int chv_error_set_product(chaveiro_error *err, const char *status, const char *note,
                          int time_frozen, const char *since);

/** Records a refusal's loader block (`update_token`, `update_expires_at` may be NULL). -1 when
 * out of memory (the error is left without a block). */
int chv_error_set_loader(chaveiro_error *err, const char *version, const char *sha256,
                         const char *name, uint64_t size, const char *update_token,
                         const char *update_expires_at);

/** A copy of an error (the shared no-memory error when it cannot be made). */
chaveiro_error *chv_error_copy(const chaveiro_error *err);

/** Hands `err` to the caller's out-parameter, or frees it; returns its status. */
chaveiro_status chv_error_give(chaveiro_error **out, chaveiro_error *err);

/* ---- buffers, text, encodings (util.c) ------------------------------------------------------ */

/** A growable byte buffer, always NUL-terminated past `len` once anything was appended. */
typedef struct chv_buf {
  uint8_t *data;
  size_t len;
  size_t cap;
} chv_buf;

int chv_buf_reserve(chv_buf *buf, size_t total);
/** Room for exactly `total` bytes and the NUL, for a size known in advance (a 64 MB file): the
 * doubling of chv_buf_reserve would take up to twice that. */
int chv_buf_reserve_exact(chv_buf *buf, size_t total);
int chv_buf_append(chv_buf *buf, const void *bytes, size_t len);
void chv_buf_free(chv_buf *buf);

char *chv_strdup(const char *text);
char *chv_strndup(const char *text, size_t len);
/** Frees a string that held a secret (a session token) after wiping it. */
void chv_free_secret(char *text);

/** 1 when the bytes are well-formed UTF-8 (no overlongs, surrogates or code points > 10FFFF). */
int chv_utf8_valid(const uint8_t *bytes, size_t len);

/**
 * Strict standard base64 with padding, the shape `^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|
 * [A-Za-z0-9+/]{3}=)?$`; writes at most `max` bytes. Returns the decoded length, or -1.
 */
long chv_base64_decode(const char *text, size_t text_len, uint8_t *out, size_t max);

void chv_hex(const uint8_t *bytes, size_t len, char *out /* 2 * len + 1 */);
/** SHA-256 of `len` bytes as lower-case hex (`bytes` may be NULL when `len` is 0). */
void chv_sha256_hex(const void *bytes, size_t len, char out[65]);
/** 1 when `text` is 64 hex digits, either case (a SHA-256 as a server or a caller wrote it). */
int chv_is_hex64(const char *text);
/** A chv_is_hex64 text in lower case, the spelling every comparison uses. */
void chv_hex64_lower(const char *hex, char out[65]);

/** `path` with `suffix` appended ("loader.exe" + ".old"); caller frees, NULL when out of
 * memory. */
char *chv_with_suffix(const char *path, const char *suffix);

/** A fresh nonce: 16 random bytes as base64url without padding (22 characters). */
void chv_nonce(char out[32]);

/** SHA-256 of the raw key, 16 hex characters. */
void chv_key_id(const uint8_t public_key[32], char out[CHAVEIRO_KEY_ID_BUFFER_SIZE]);

/** Parses an ISO-8601 date-time (YYYY-MM-DD[THH:MM[:SS[.fff]](Z|+HH:MM|-HH:MM)]) to epoch ms.
 * Returns 0 on success, -1 when it is not such a date. */
int chv_parse_iso8601(const char *text, int64_t *out_ms);

/** `Retry-After` in whole seconds (1 to 6 digits, surrounding spaces allowed) to ms, or -1. */
int64_t chv_retry_after_ms(const char *header);

/* ---- JSON (json.c) -------------------------------------------------------------------------- */

struct cJSON;

/**
 * Parses exact JSON text: well-formed UTF-8 (a leading BOM is skipped, as a UTF-8 decoder does),
 * no control characters outside JSON whitespace, no \u0000 (C strings end there), nothing after
 * the value. NULL when the text is not that.
 */
struct cJSON *chv_json_parse(const uint8_t *bytes, size_t len);

/** The member `name` of an object, the last one when repeated (as JSON.parse keeps); NULL when
 * `object` is not an object or lacks it. */
const struct cJSON *chv_json_get(const struct cJSON *object, const char *name);
/** The member's string, or NULL when missing or not a string. */
const char *chv_json_string(const struct cJSON *object, const char *name);
/** Wipes the string members of an object (a password, a session or offline token), then frees
 * it; NULL is a no-op. */
void chv_json_wipe_and_delete(struct cJSON *object);

/* ---- files (fileio.c): UTF-8 paths, wide on Windows ------------------------------------------ */

/** The whole file into `out` (at most `max` bytes); 0, or -1 when it cannot be read. */
int chv_file_read(const char *path, chv_buf *out, size_t max);
/** Writes `path` through a temporary file beside it and a rename, so a reader never sees half a file; `mode`
 * (POSIX permissions, 0 for 0600) applies to the new file. 0, or -1. */
int chv_file_write_atomic(const char *path, const void *data, size_t len, unsigned mode);
int chv_file_remove(const char *path);
/** Creates the folders of `path`'s parent, as mkdir -p. 0, or -1. */
int chv_mkdirs_for(const char *path);
/** SHA-256 of a file, streamed, as lower-case hex; 0, or -1 when it cannot be read. */
int chv_file_sha256(const char *path, char out[65]);
/** This process's executable, UTF-8 (caller frees); NULL when unknown. */
char *chv_self_exe_path(void);

/* ---- clocks --------------------------------------------------------------------------------- */

int64_t chv_realtime_ms(void);

#endif
