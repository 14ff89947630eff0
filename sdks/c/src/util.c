/* Buffers, text and encodings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "internal.h"

#ifdef _WIN32
#  define WIN32_LEAN_AND_MEAN
#  include <windows.h>
#else
#  include <time.h>
#endif

int chv_buf_reserve(chv_buf *buf, size_t total) {
  if (total == SIZE_MAX) return -1;
  if (total + 1 <= buf->cap) return 0;
  size_t cap = buf->cap ? buf->cap : 256;
  while (cap < total + 1) {
    if (cap > SIZE_MAX / 2) {
      cap = total + 1;
      break;
    }
    cap *= 2;
  }
  uint8_t *data = realloc(buf->data, cap);
  if (!data) return -1;
  buf->data = data;
  buf->cap = cap;
  return 0;
}

int chv_buf_reserve_exact(chv_buf *buf, size_t total) {
  if (total == SIZE_MAX) return -1;
  if (total + 1 <= buf->cap) return 0;
  uint8_t *data = realloc(buf->data, total + 1);
  if (!data) return -1;
  buf->data = data;
  buf->cap = total + 1;
  return 0;
}

int chv_buf_append(chv_buf *buf, const void *bytes, size_t len) {
  if (len > SIZE_MAX - 1 - buf->len) return -1;
  if (chv_buf_reserve(buf, buf->len + len) != 0) return -1;
  if (len) memcpy(buf->data + buf->len, bytes, len);
  buf->len += len;
  buf->data[buf->len] = '\0';
  return 0;
}

void chv_buf_free(chv_buf *buf) {
  free(buf->data);
  buf->data = NULL;
  buf->len = buf->cap = 0;
}

char *chv_strndup(const char *text, size_t len) {
  char *copy = malloc(len + 1);
  if (!copy) return NULL;
  memcpy(copy, text, len);
  copy[len] = '\0';
  return copy;
}

char *chv_strdup(const char *text) { return text ? chv_strndup(text, strlen(text)) : NULL; }

void chv_free_secret(char *text) {
  if (!text) return;
  sodium_memzero(text, strlen(text));
  free(text);
}

int chv_utf8_valid(const uint8_t *s, size_t len) {
  size_t i = 0;
  while (i < len) {
    uint8_t c = s[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    size_t extra;
    uint32_t cp;
    if (c >= 0xC2 && c <= 0xDF) {
      extra = 1;
      cp = c & 0x1Fu;
    } else if (c >= 0xE0 && c <= 0xEF) {
      extra = 2;
      cp = c & 0x0Fu;
    } else if (c >= 0xF0 && c <= 0xF4) {
      extra = 3;
      cp = c & 0x07u;
    } else {
      return 0;
    }
    if (len - i <= extra) return 0;
    for (size_t k = 1; k <= extra; k++) {
      uint8_t cc = s[i + k];
      if ((cc & 0xC0) != 0x80) return 0;
      cp = (cp << 6) | (cc & 0x3Fu);
    }
    if ((extra == 2 && cp < 0x800) || (extra == 3 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF)) {
      return 0;
    }
    i += extra + 1;
  }
  return 1;
}

static int is_base64_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
         c == '+' || c == '/';
}

long chv_base64_decode(const char *text, size_t len, uint8_t *out, size_t max) {
  /* The shape first (whole quads, padding only at the end), as the TypeScript SDK's pattern;
   * libsodium then decodes and also refuses non-zero bits hidden under the padding. */
  if (len % 4 != 0) return -1;
  size_t padding = 0;
  if (len >= 1 && text[len - 1] == '=') padding++;
  if (len >= 2 && text[len - 2] == '=') padding++;
  for (size_t i = 0; i < len - padding; i++) {
    if (!is_base64_char(text[i])) return -1;
  }
  size_t decoded_len = 0;
  if (len == 0) return 0;
  if (sodium_base642bin(out, max, text, len, NULL, &decoded_len, NULL,
                        sodium_base64_VARIANT_ORIGINAL) != 0) {
    return -1;
  }
  return (long)decoded_len;
}

void chv_hex(const uint8_t *bytes, size_t len, char *out) {
  static const char digits[] = "0123456789abcdef";
  for (size_t i = 0; i < len; i++) {
    out[2 * i] = digits[bytes[i] >> 4];
    out[2 * i + 1] = digits[bytes[i] & 0x0F];
  }
  out[2 * len] = '\0';
}

void chv_sha256_hex(const void *bytes, size_t len, char out[65]) {
  uint8_t digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, len ? (const uint8_t *)bytes : (const uint8_t *)"", len);
  chv_hex(digest, sizeof digest, out);
}

int chv_is_hex64(const char *text) {
  if (!text || strlen(text) != 64) return 0;
  for (size_t i = 0; i < 64; i++) {
    char c = text[i];
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) return 0;
  }
  return 1;
}

void chv_hex64_lower(const char *hex, char out[65]) {
  for (size_t i = 0; i < 64; i++) {
    char c = hex[i];
    out[i] = c >= 'A' && c <= 'F' ? (char)(c - 'A' + 'a') : c;
  }
  out[64] = '\0';
}

char *chv_with_suffix(const char *path, const char *suffix) {
  size_t len = strlen(path) + strlen(suffix) + 1;
  char *out = malloc(len);
  if (out) snprintf(out, len, "%s%s", path, suffix);
  return out;
}

void chv_nonce(char out[32]) {
  uint8_t random[16];
  randombytes_buf(random, sizeof random);
  sodium_bin2base64(out, 32, random, sizeof random, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
}

void chv_key_id(const uint8_t public_key[32], char out[CHAVEIRO_KEY_ID_BUFFER_SIZE]) {
  uint8_t digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, public_key, 32);
  chv_hex(digest, 8, out);
}

/* ---- time ----------------------------------------------------------------------------------- */

static int digits(const char **p, int count, int *out) {
  int value = 0;
  for (int i = 0; i < count; i++) {
    char c = (*p)[i];
    if (c < '0' || c > '9') return -1;
    value = value * 10 + (c - '0');
  }
  *p += count;
  *out = value;
  return 0;
}

/* Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
static int64_t days_from_civil(int64_t y, int m, int d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

static int days_in_month(int y, int m) {
  static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return m == 2 && leap ? 29 : days[m - 1];
}

int chv_parse_iso8601(const char *text, int64_t *out_ms) {
  if (!text) return -1;
  const char *p = text;
  int year, month, day, hour = 0, minute = 0, second = 0, millis = 0;
  if (digits(&p, 4, &year) || *p++ != '-' || digits(&p, 2, &month) || *p++ != '-' ||
      digits(&p, 2, &day)) {
    return -1;
  }
  if (month < 1 || month > 12 || day < 1 || day > days_in_month(year, month)) return -1;
  int64_t offset_minutes = 0;
  if (*p == 'T') {
    p++;
    if (digits(&p, 2, &hour) || *p++ != ':' || digits(&p, 2, &minute)) return -1;
    if (*p == ':') {
      p++;
      if (digits(&p, 2, &second)) return -1;
      if (*p == '.') {
        p++;
        int scale = 100, count = 0;
        while (*p >= '0' && *p <= '9') {
          if (count < 3) millis += (*p - '0') * scale;
          scale /= 10;
          count++;
          p++;
        }
        if (count == 0) return -1;
      }
    }
    if (hour > 24 || minute > 59 || second > 59 ||
        (hour == 24 && (minute || second || millis))) {
      return -1;
    }
    /* A time without a zone would be local time: the protocol always sends one. */
    if (*p == 'Z') {
      p++;
    } else if (*p == '+' || *p == '-') {
      int sign = *p++ == '-' ? -1 : 1, oh, om;
      if (digits(&p, 2, &oh) || *p++ != ':' || digits(&p, 2, &om) || oh > 23 || om > 59) {
        return -1;
      }
      offset_minutes = sign * (oh * 60 + om);
    } else {
      return -1;
    }
  }
  if (*p != '\0') return -1;
  int64_t days = days_from_civil(year, month, day);
  int64_t seconds = days * 86400 + hour * 3600 + minute * 60 + second - offset_minutes * 60;
  *out_ms = seconds * 1000 + millis;
  return 0;
}

int64_t chv_retry_after_ms(const char *header) {
  if (!header) return -1;
  while (*header == ' ' || *header == '\t') header++;
  int64_t seconds = 0;
  int count = 0;
  while (*header >= '0' && *header <= '9') {
    if (++count > 6) return -1;
    seconds = seconds * 10 + (*header++ - '0');
  }
  while (*header == ' ' || *header == '\t') header++;
  if (count == 0 || *header != '\0') return -1;
  return seconds * 1000;
}

int64_t chv_realtime_ms(void) {
#ifdef _WIN32
  FILETIME ft;
  GetSystemTimePreciseAsFileTime(&ft);
  uint64_t ticks = ((uint64_t)ft.dwHighDateTime << 32) | ft.dwLowDateTime;
  /* 100 ns ticks since 1601-01-01. */
  return (int64_t)(ticks / 10000u) - INT64_C(11644473600000);
#else
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
#endif
}
