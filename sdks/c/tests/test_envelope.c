/* Envelope parsing edge cases, and the encodings underneath. Every body here is validly signed,
 * so what is checked is what happens after the signature: the parse and the field checks. */
#include <stdlib.h>

#include <cJSON.h>
#include <sodium.h>

#include "support.h"

static test_signer signer;
static const int64_t NOW = INT64_C(1795435200000); /* 2026-11-23T12:00:00.000Z */
#define ISSUED "2026-11-23T12:00:00.000Z"
#define AUTH "POST /api/loader/auth"
#define NONCE "nonce-for-the-envelope-tests"

/* Verifies `body` signed by the trusted test key, as an answer to AUTH with NONCE at NOW. */
static const char *check_bytes(const void *body, size_t len) {
  static char code[64];
  char signature[96];
  test_sign(&signer, body, len, signature);
  const char *keys[] = {signer.public_key_base64};
  chaveiro_error *error = NULL;
  chaveiro_status status = chaveiro_verify_answer(body, len, signature, AUTH, NONCE, NOW, keys,
                                                  1, &error);
  return outcome_code(status, error, code, sizeof code);
}

static const char *check(const char *body) { return check_bytes(body, strlen(body)); }

/* An envelope around `data` with the given request, nonce JSON and issuedAt. */
static char *envelope(const char *request, const char *data, const char *nonce_json,
                      const char *issued) {
  size_t size = strlen(data) + 512;
  char *body = malloc(size);
  snprintf(body, size,
           "{\"request\":\"%s\",\"data\":%s,\"nonce\":%s,\"issuedAt\":\"%s\",\"keyId\":\"%s\"}",
           request, data, nonce_json, issued, signer.key_id);
  return body;
}

static const char *check_data(const char *data) {
  static char code[64];
  char *body = envelope(AUTH, data, "\"" NONCE "\"", ISSUED);
  snprintf(code, sizeof code, "%s", check(body));
  free(body);
  return code;
}

static void test_a_well_formed_envelope_verifies(void) {
  CHECK_STR(check_data("{\"ok\":true}"), "OK");
  CHECK_STR(check_data("{\"ok\":false,\"code\":\"X\",\"message\":\"y\"}"), "OK");
  /* Fields the SDK does not know are signed too, and ignored. */
  CHECK_STR(check_data("{\"ok\":true,\"n\":1e999999,\"m\":-1e-999999,\"list\":[1,2,{}]}"), "OK");
}

static void test_bodies_that_are_not_envelopes_are_malformed(void) {
  const char *bodies[] = {
      "",
      "hello",
      "[]",
      "null",
      "\"text\"",
      "{}",
      "{\"request\":\"" AUTH "\"}",
  };
  for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
    CHECK_STR(check(bodies[i]), "MALFORMED_ANSWER");
  }
  /* Everything but the nonce, which must be written (null when the request had none). */
  char no_nonce[256];
  snprintf(no_nonce, sizeof no_nonce,
           "{\"request\":\"%s\",\"data\":{\"ok\":true},\"issuedAt\":\"%s\",\"keyId\":\"%s\"}", AUTH,
           ISSUED, signer.key_id);
  CHECK_STR(check(no_nonce), "MALFORMED_ANSWER");
  const char *datas[] = {"[]",
                         "null",
                         "{}",
                         "{\"ok\":\"true\"}",
                         "{\"ok\":1}",
                         "{\"ok\":false}",
                         "{\"ok\":false,\"code\":\"X\"}",
                         "{\"ok\":false,\"code\":1,\"message\":\"y\"}",
                         "{\"ok\":false,\"code\":\"X\",\"message\":null}"};
  for (size_t i = 0; i < sizeof datas / sizeof datas[0]; i++) {
    CHECK_STR(check_data(datas[i]), "MALFORMED_ANSWER");
  }
  char *body = envelope(AUTH, "{\"ok\":true}", "7", ISSUED);
  CHECK_STR(check(body), "MALFORMED_ANSWER");
  free(body);
  body = envelope("POST /api/loader/auth\",\"request\":1,\"x\":\"", "{\"ok\":true}",
                  "\"" NONCE "\"", ISSUED);
  CHECK_STR(check(body), "MALFORMED_ANSWER");
  free(body);
}

static void test_text_after_the_value_is_malformed_but_whitespace_is_not(void) {
  char *body = envelope(AUTH, "{\"ok\":true}", "\"" NONCE "\"", ISSUED);
  size_t len = strlen(body);
  char *longer = malloc(len + 16);
  snprintf(longer, len + 16, "%s x", body);
  CHECK_STR(check(longer), "MALFORMED_ANSWER");
  snprintf(longer, len + 16, "%s{}", body);
  CHECK_STR(check(longer), "MALFORMED_ANSWER");
  snprintf(longer, len + 16, " \r\n%s\t\n ", body);
  CHECK_STR(check(longer), "OK");
  /* A UTF-8 byte-order mark is dropped by the decoder, as in the TypeScript SDK. */
  snprintf(longer, len + 16, "\xEF\xBB\xBF%s", body);
  CHECK_STR(check(longer), "OK");
  /* A NUL byte ends a C string but not the body: it must not hide what follows. */
  char *with_nul = malloc(len + 8);
  memcpy(with_nul, body, len);
  memcpy(with_nul + len, "\0junk", 5);
  CHECK_STR(check_bytes(with_nul, len + 5), "MALFORMED_ANSWER");
  free(with_nul);
  free(longer);
  free(body);
}

static void test_invalid_utf8_and_control_characters_are_malformed(void) {
  const char *messages[] = {
      "\xC0\xAF",         /* overlong "/" */
      "\xE0\x80\xAF",     /* overlong, three bytes */
      "\xED\xA0\x80",     /* a UTF-16 surrogate */
      "\xF4\x90\x80\x80", /* past U+10FFFF */
      "\x80",             /* a lone continuation byte */
      "\xC3",             /* cut short */
      "\xFF",
      "\x01",             /* a raw control character */
      "a\\u0000b",        /* an escaped NUL: a C string would end there */
  };
  for (size_t i = 0; i < sizeof messages / sizeof messages[0]; i++) {
    char data[128];
    snprintf(data, sizeof data, "{\"ok\":false,\"code\":\"X\",\"message\":\"%s\"}", messages[i]);
    CHECK_STR(check_data(data), "MALFORMED_ANSWER");
  }
  /* Well-formed pt-BR text, an escaped backslash before "u0000", and escapes are fine. */
  CHECK_STR(check_data("{\"ok\":false,\"code\":\"X\",\"message\":\"n\xC3\xA3o \xE2\x82\xAC "
                       "\xF0\x9F\x94\x91\"}"),
            "OK");
  CHECK_STR(check_data("{\"ok\":false,\"code\":\"X\",\"message\":\"a\\\\u0000b\"}"), "OK");
  CHECK_STR(check_data("{\"ok\":false,\"code\":\"X\",\"message\":\"\\u00e3\\n\\\"\"}"), "OK");
}

static void test_deep_nesting_is_refused_without_a_crash(void) {
  size_t depth = 100000;
  char *data = malloc(2 * depth + 32);
  size_t at = (size_t)sprintf(data, "{\"ok\":true,\"x\":");
  for (size_t i = 0; i < depth; i++) data[at++] = '[';
  for (size_t i = 0; i < depth; i++) data[at++] = ']';
  strcpy(data + at, "}");
  CHECK_STR(check_data(data), "MALFORMED_ANSWER");
  free(data);
}

static void test_a_repeated_member_counts_once_the_last_time_as_json_parse(void) {
  char *body = malloc(1024);
  snprintf(body, 1024,
           "{\"request\":\"POST /api/loader/heartbeat\",\"data\":{\"ok\":true},\"nonce\":\"%s\","
           "\"issuedAt\":\"%s\",\"keyId\":\"%s\",\"request\":\"%s\"}",
           NONCE, ISSUED, signer.key_id, AUTH);
  CHECK_STR(check(body), "OK");
  snprintf(body, 1024,
           "{\"request\":\"%s\",\"data\":{\"ok\":true},\"nonce\":\"%s\",\"issuedAt\":\"%s\","
           "\"keyId\":\"%s\",\"request\":\"POST /api/loader/heartbeat\"}",
           AUTH, NONCE, ISSUED, signer.key_id);
  CHECK_STR(check(body), "WRONG_REQUEST");
  free(body);
}

static void test_a_null_nonce_matches_only_a_null_expectation(void) {
  char *body = envelope(AUTH, "{\"ok\":true}", "null", ISSUED);
  char signature[96];
  test_sign(&signer, body, strlen(body), signature);
  const char *keys[] = {signer.public_key_base64};
  CHECK_INT(chaveiro_verify_answer((const uint8_t *)body, strlen(body), signature, AUTH, NULL, NOW,
                                   keys, 1, NULL),
            CHAVEIRO_OK);
  CHECK_STR(check(body), "WRONG_NONCE");
  free(body);
}

static void test_issued_at_must_be_an_iso_date_with_a_zone(void) {
  const char *bad[] = {"yesterday", "", "2026-11-23T12:00:00", "2026-13-01T00:00:00Z",
                       "2026-02-29T00:00:00Z", "2026-11-23T12:00:00.Z", "2026-11-23 12:00:00Z"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char *body = envelope(AUTH, "{\"ok\":true}", "\"" NONCE "\"", bad[i]);
    CHECK_STR(check(body), "MALFORMED_ANSWER");
    free(body);
  }
  const char *good[] = {"2026-11-23T12:00:00.000Z", "2026-11-23T13:00:00+01:00",
                        "2026-11-23T09:00:00.000-03:00", "2026-11-23T12:04:59.999999Z"};
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
    char *body = envelope(AUTH, "{\"ok\":true}", "\"" NONCE "\"", good[i]);
    CHECK_STR(check(body), "OK");
    free(body);
  }
  char *body = envelope(AUTH, "{\"ok\":true}", "\"" NONCE "\"", "2026-11-23T12:05:00.001Z");
  CHECK_STR(check(body), "STALE_ANSWER");
  free(body);
}

static void test_a_key_naming_another_key_id_is_a_bad_signature(void) {
  char body[512];
  snprintf(body, sizeof body,
           "{\"request\":\"%s\",\"data\":{\"ok\":true},\"nonce\":\"%s\",\"issuedAt\":\"%s\","
           "\"keyId\":\"0000000000000000\"}",
           AUTH, NONCE, ISSUED);
  CHECK_STR(check(body), "BAD_SIGNATURE");
}

static void test_iso8601_parsing(void) {
  int64_t ms = 0;
  CHECK_INT(chv_parse_iso8601("1970-01-01T00:00:00.000Z", &ms), 0);
  CHECK_INT(ms, 0);
  CHECK_INT(chv_parse_iso8601("2026-11-23T12:00:00.000Z", &ms), 0);
  CHECK_INT(ms, NOW);
  CHECK_INT(chv_parse_iso8601("2024-02-29T23:59:59.5Z", &ms), 0);
  CHECK_INT(ms, INT64_C(1709251199500));
  CHECK_INT(chv_parse_iso8601("1969-12-31T23:59:59.000Z", &ms), 0);
  CHECK_INT(ms, -1000);
  CHECK_INT(chv_parse_iso8601("2026-11-23", &ms), 0);
  CHECK_INT(ms, NOW - 12 * 3600 * 1000);
  CHECK_INT(chv_parse_iso8601("2026-11-23T24:00:00Z", &ms), 0);
  CHECK_INT(chv_parse_iso8601("2026-11-23T24:00:01Z", &ms), -1);
  CHECK_INT(chv_parse_iso8601("2026-11-23T12:00Z", &ms), 0);
  CHECK_INT(chv_parse_iso8601("+2026-11-23T12:00:00Z", &ms), -1);
  CHECK_INT(chv_parse_iso8601("2026-11-23T12:00:00Zjunk", &ms), -1);
  CHECK_INT(chv_parse_iso8601("2026-11-23T12:00:00+0100", &ms), -1);
  CHECK_INT(chv_parse_iso8601(NULL, &ms), -1);
}

static void test_base64_is_strict(void) {
  uint8_t out[8];
  CHECK_INT(chv_base64_decode("AA==", 4, out, sizeof out), 1);
  CHECK_INT(chv_base64_decode("AAA=", 4, out, sizeof out), 2);
  CHECK_INT(chv_base64_decode("AAAA", 4, out, sizeof out), 3);
  CHECK_INT(chv_base64_decode("", 0, out, sizeof out), 0);
  CHECK_INT(chv_base64_decode("AA", 2, out, sizeof out), -1);      /* padding is required */
  CHECK_INT(chv_base64_decode("A===", 4, out, sizeof out), -1);
  CHECK_INT(chv_base64_decode("AA=A", 4, out, sizeof out), -1);
  CHECK_INT(chv_base64_decode("AA-_", 4, out, sizeof out), -1);    /* base64url is another code */
  CHECK_INT(chv_base64_decode("AA\nA", 4, out, sizeof out), -1);
  CHECK_INT(chv_base64_decode("AB==", 4, out, sizeof out), -1);    /* bits under the padding */
  CHECK_INT(chv_base64_decode("AAAAAAAAAAAA", 12, out, 8), -1);    /* longer than the buffer */
}

static void test_utf8_validation(void) {
  CHECK(chv_utf8_valid((const uint8_t *)"", 0));
  CHECK(chv_utf8_valid((const uint8_t *)"a\xC3\xA3\xE2\x82\xAC\xF0\x9F\x94\x91", 10));
  CHECK(!chv_utf8_valid((const uint8_t *)"\xC1\xBF", 2));
  CHECK(!chv_utf8_valid((const uint8_t *)"\xF0\x8F\xBF\xBF", 4));
  CHECK(!chv_utf8_valid((const uint8_t *)"\xEF\xBF", 2));
  CHECK(chv_utf8_valid((const uint8_t *)"\xEF\xBF\xBF", 3));
  CHECK(chv_utf8_valid((const uint8_t *)"\xF4\x8F\xBF\xBF", 4));
}

static void test_retry_after_parsing(void) {
  CHECK_INT(chv_retry_after_ms("30"), 30000);
  CHECK_INT(chv_retry_after_ms(" 7 "), 7000);
  CHECK_INT(chv_retry_after_ms("999999"), INT64_C(999999000));
  CHECK_INT(chv_retry_after_ms("1000000"), -1);
  CHECK_INT(chv_retry_after_ms("1.5"), -1);
  CHECK_INT(chv_retry_after_ms("Wed, 21 Oct 2026 07:28:00 GMT"), -1);
  CHECK_INT(chv_retry_after_ms(""), -1);
  CHECK_INT(chv_retry_after_ms(NULL), -1);
}

/* A bounded fuzz run: mutations of a valid envelope, each signed, so that the parser and the
 * field checks see them. No crash and no sanitizer report is the assertion. */
static void test_mutated_envelopes_never_crash(void) {
  static const char *fragments[] = {"{", "}", "[", "]", "\"", "\\", "\\u", "\\u0000", "\\ud800",
                                    ":", ",", "null", "true", "1e999", "-", "\xC3", "\xFF", " ",
                                    "\x00", "9999999999999999999999"};
  char *base = envelope(AUTH,
                        "{\"ok\":false,\"code\":\"HWID_MISMATCH\",\"message\":\"n\xC3\xA3o\"}",
                        "\"" NONCE "\"", ISSUED);
  size_t base_len = strlen(base);
  uint32_t seed = 12345;
  uint8_t *buffer = malloc(base_len * 2 + 64);
  int accepted = 0;
  for (int round = 0; round < 3000; round++) {
    memcpy(buffer, base, base_len);
    size_t len = base_len;
    int edits = 1 + (int)(seed % 4);
    for (int e = 0; e < edits; e++) {
      seed = seed * 1103515245u + 12345u;
      size_t at = (seed >> 8) % (len ? len : 1);
      seed = seed * 1103515245u + 12345u;
      switch (seed % 4) {
        case 0: buffer[at] ^= (uint8_t)(1u << ((seed >> 16) % 8)); break;
        case 1: buffer[at] = (uint8_t)(seed >> 16); break;
        case 2: memmove(buffer + at, buffer + at + 1, len - at - 1), len--; break;
        default: {
          const char *f = fragments[(seed >> 16) % (sizeof fragments / sizeof fragments[0])];
          size_t flen = f[0] ? strlen(f) : 1;
          if (len + flen < base_len * 2 + 64) {
            memmove(buffer + at + flen, buffer + at, len - at);
            memcpy(buffer + at, f, flen);
            len += flen;
          }
        }
      }
    }
    accepted += strcmp(check_bytes(buffer, len), "OK") == 0;
  }
  free(buffer);
  free(base);
  printf("  fuzz: 3000 mutated envelopes, %d still valid\n", accepted);
}

int main(void) {
  if (sodium_init() < 0) return 1;
  test_signer_init(&signer, TEST_SEED);
  RUN(test_a_well_formed_envelope_verifies);
  RUN(test_bodies_that_are_not_envelopes_are_malformed);
  RUN(test_text_after_the_value_is_malformed_but_whitespace_is_not);
  RUN(test_invalid_utf8_and_control_characters_are_malformed);
  RUN(test_deep_nesting_is_refused_without_a_crash);
  RUN(test_a_repeated_member_counts_once_the_last_time_as_json_parse);
  RUN(test_a_null_nonce_matches_only_a_null_expectation);
  RUN(test_issued_at_must_be_an_iso_date_with_a_zone);
  RUN(test_a_key_naming_another_key_id_is_a_bad_signature);
  RUN(test_iso8601_parsing);
  RUN(test_base64_is_strict);
  RUN(test_utf8_validation);
  RUN(test_retry_after_parsing);
  RUN(test_mutated_envelopes_never_crash);
  return test_summary("test_envelope");
}
