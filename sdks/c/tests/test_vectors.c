/* The shared vectors (packages/loader-sdk/test-vectors.json), checked as verify.test.ts does. */
#include <stdlib.h>

#include <cJSON.h>
#include <sodium.h>

#include "support.h"

extern const unsigned char test_vectors_json[];
extern const size_t test_vectors_json_len;

typedef struct vector {
  const char *name;
  const char *request;
  const char *nonce;
  const char *issued_at;
  const char *body;
  const char *body_base64;
  const char *signature;
  int64_t issued_ms;
} vector;

static cJSON *file;
static const char *public_key;
static const char *key_id;
static vector vectors[8];
static size_t vector_count;

static void load(void) {
  file = cJSON_ParseWithLength((const char *)test_vectors_json, test_vectors_json_len);
  public_key = chv_json_string(file, "publicKey");
  key_id = chv_json_string(file, "keyId");
  const cJSON *list = chv_json_get(file, "vectors");
  const cJSON *item;
  cJSON_ArrayForEach(item, list) {
    if (vector_count == sizeof vectors / sizeof vectors[0]) break;
    vector *v = &vectors[vector_count++];
    v->name = chv_json_string(item, "name");
    v->request = chv_json_string(item, "request");
    v->nonce = chv_json_string(item, "nonce");
    v->issued_at = chv_json_string(item, "issuedAt");
    v->body = chv_json_string(item, "body");
    v->body_base64 = chv_json_string(item, "bodyBase64");
    v->signature = chv_json_string(item, "signature");
    chv_parse_iso8601(v->issued_at, &v->issued_ms);
  }
}

static const char *verify(const uint8_t *body, size_t len, const char *signature,
                          const char *request, const char *nonce, int64_t now,
                          const char *const *keys, size_t key_count) {
  static char code[64];
  chaveiro_error *error = NULL;
  chaveiro_status status = chaveiro_verify_answer(body, len, signature, request, nonce, now,
                                                  keys, key_count, &error);
  return outcome_code(status, error, code, sizeof code);
}

static const char *verify_vector(const vector *v, const char *signature, const char *request,
                                 const char *nonce, int64_t shift_ms) {
  const char *keys[] = {public_key};
  return verify((const uint8_t *)v->body, strlen(v->body), signature, request, nonce,
                v->issued_ms + shift_ms, keys, 1);
}

static void test_the_file_is_the_published_one(void) {
  CHECK(file != NULL);
  CHECK_INT(vector_count, 4);
  CHECK_STR(chv_json_string(file, "algorithm"), "Ed25519");
  char derived[CHAVEIRO_KEY_ID_BUFFER_SIZE];
  CHECK_INT(chaveiro_key_id(public_key, derived, sizeof derived), CHAVEIRO_OK);
  CHECK_STR(derived, key_id);
  test_signer signer;
  test_signer_init(&signer, TEST_SEED);
  CHECK_STR(signer.public_key_base64, public_key);
  for (size_t i = 0; i < vector_count; i++) {
    uint8_t decoded[2048];
    size_t len = 0;
    CHECK(sodium_base642bin(decoded, sizeof decoded, vectors[i].body_base64,
                            strlen(vectors[i].body_base64), NULL, &len, NULL,
                            sodium_base64_VARIANT_ORIGINAL) == 0);
    CHECK(len == strlen(vectors[i].body) && memcmp(decoded, vectors[i].body, len) == 0);
  }
}

static void test_each_vector_is_accepted_with_its_envelope(void) {
  chv_trusted_key key;
  chv_trusted_key_parse(public_key, &key);
  for (size_t i = 0; i < vector_count; i++) {
    const vector *v = &vectors[i];
    CHECK_STR(verify_vector(v, v->signature, v->request, v->nonce, 0), "OK");
    chv_expected expected = {v->request, v->nonce, v->issued_ms};
    cJSON *root = NULL;
    CHECK_INT(chv_verify_answer((const uint8_t *)v->body, strlen(v->body), v->signature,
                                &expected, &key, 1, &root, NULL),
              CHAVEIRO_OK);
    cJSON *original = cJSON_Parse(v->body);
    CHECK(cJSON_Compare(root, original, 1));
    cJSON_Delete(original);
    cJSON_Delete(root);
  }
}

static void test_the_refusal_keeps_its_code_and_utf8_message(void) {
  chv_trusted_key key;
  chv_trusted_key_parse(public_key, &key);
  const vector *v = &vectors[1];
  chv_expected expected = {v->request, v->nonce, v->issued_ms};
  cJSON *root = NULL;
  CHECK_INT(chv_verify_answer((const uint8_t *)v->body, strlen(v->body), v->signature, &expected,
                              &key, 1, &root, NULL),
            CHAVEIRO_OK);
  const cJSON *data = chv_json_get(root, "data");
  CHECK(cJSON_IsFalse(chv_json_get(data, "ok")));
  CHECK_STR(chv_json_string(data, "code"), "HWID_MISMATCH");
  CHECK(strstr(chv_json_string(data, "message"), "n\xc3\xa3o est\xc3\xa1 vinculado") != NULL);
  cJSON_Delete(root);
}

static void test_issued_at_may_be_five_minutes_either_side(void) {
  for (size_t i = 0; i < vector_count; i++) {
    const vector *v = &vectors[i];
    CHECK_STR(verify_vector(v, v->signature, v->request, v->nonce, 300000), "OK");
    CHECK_STR(verify_vector(v, v->signature, v->request, v->nonce, -300000), "OK");
    CHECK_STR(verify_vector(v, v->signature, v->request, v->nonce, 300001), "STALE_ANSWER");
    CHECK_STR(verify_vector(v, v->signature, v->request, v->nonce, -300001), "STALE_ANSWER");
    CHECK_STR(verify_vector(v, v->signature, v->request, v->nonce, INT64_C(86400000)),
              "STALE_ANSWER");
  }
}

/* Where the keyId's value lies in a body: a flip there names another (untrusted) key. */
static void key_id_span(const char *body, size_t *from, size_t *to) {
  const char *at = strstr(body, "\"keyId\":\"") + strlen("\"keyId\":\"");
  *from = (size_t)(at - body);
  *to = *from + 16;
}

static void test_any_flipped_byte_of_the_body_is_rejected(void) {
  for (size_t i = 0; i < vector_count; i++) {
    const vector *v = &vectors[i];
    size_t len = strlen(v->body), from, to;
    key_id_span(v->body, &from, &to);
    uint8_t *tampered = malloc(len);
    const char *keys[] = {public_key};
    int wrong = 0;
    for (size_t at = 0; at < len; at++) {
      memcpy(tampered, v->body, len);
      tampered[at] ^= 0x01;
      const char *code = verify(tampered, len, v->signature, v->request, v->nonce, v->issued_ms,
                                keys, 1);
      const char *expected = at >= from && at < to ? "UNTRUSTED_KEY" : "BAD_SIGNATURE";
      if (strcmp(code, expected) != 0) {
        wrong++;
        fprintf(stderr, "%s: byte %zu flipped gives %s, expected %s\n", v->name, at, code,
                expected);
      }
    }
    CHECK_INT(wrong, 0);
    free(tampered);
  }
}

static void test_any_flipped_byte_of_the_signature_is_rejected(void) {
  for (size_t i = 0; i < vector_count; i++) {
    const vector *v = &vectors[i];
    uint8_t signature[64];
    size_t len = 0;
    sodium_base642bin(signature, sizeof signature, v->signature, strlen(v->signature), NULL, &len,
                      NULL, sodium_base64_VARIANT_ORIGINAL);
    CHECK_INT(len, 64);
    int wrong = 0;
    for (size_t at = 0; at < 64; at++) {
      for (int bit = 0; bit < 8; bit++) {
        uint8_t tampered[64];
        memcpy(tampered, signature, 64);
        tampered[at] ^= (uint8_t)(1u << bit);
        char encoded[96];
        sodium_bin2base64(encoded, sizeof encoded, tampered, 64, sodium_base64_VARIANT_ORIGINAL);
        wrong += strcmp(verify_vector(v, encoded, v->request, v->nonce, 0), "BAD_SIGNATURE") != 0;
      }
    }
    CHECK_INT(wrong, 0);
  }
}

static void test_a_malformed_signature_header_is_rejected(void) {
  const vector *v = &vectors[0];
  char truncated[48], garbage[128], trailing[128];
  snprintf(truncated, sizeof truncated, "%.40s", v->signature);
  snprintf(garbage, sizeof garbage, "%.*s!!!!", (int)strlen(v->signature) - 4, v->signature);
  snprintf(trailing, sizeof trailing, "%sAAAA", v->signature);
  const char *bad[] = {truncated, garbage, trailing, vectors[2].signature, "x", "===="};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    CHECK_STR(verify_vector(v, bad[i], v->request, v->nonce, 0), "BAD_SIGNATURE");
  }
  /* Surrounding whitespace is not part of a header value. */
  char padded[128];
  snprintf(padded, sizeof padded, "  %s \t", v->signature);
  CHECK_STR(verify_vector(v, padded, v->request, v->nonce, 0), "OK");
}

static void test_a_missing_signature_is_rejected(void) {
  for (size_t i = 0; i < vector_count; i++) {
    const vector *v = &vectors[i];
    CHECK_STR(verify_vector(v, NULL, v->request, v->nonce, 0), "MISSING_SIGNATURE");
    CHECK_STR(verify_vector(v, "", v->request, v->nonce, 0), "MISSING_SIGNATURE");
    CHECK_STR(verify_vector(v, "  ", v->request, v->nonce, 0), "MISSING_SIGNATURE");
  }
}

static void test_another_nonce_or_request_is_rejected(void) {
  for (size_t i = 0; i < vector_count; i++) {
    const vector *v = &vectors[i];
    CHECK_STR(verify_vector(v, v->signature, v->request, "a-different-nonce-0001", 0),
              "WRONG_NONCE");
    CHECK_STR(verify_vector(v, v->signature, v->request, NULL, 0), "WRONG_NONCE");
    /* A replay: the genuine answer to an earlier request, a minute later. */
    const char *other_nonce = vectors[(i + 1) % vector_count].nonce;
    CHECK_STR(verify_vector(v, v->signature, v->request, other_nonce, 60000), "WRONG_NONCE");
    const char *other = strcmp(v->request, "POST /api/loader/auth") == 0
                            ? "POST /api/loader/heartbeat"
                            : "POST /api/loader/auth";
    CHECK_STR(verify_vector(v, v->signature, other, v->nonce, 0), "WRONG_REQUEST");
    char with_query[96];
    snprintf(with_query, sizeof with_query, "%s?x=1", v->request);
    CHECK_STR(verify_vector(v, v->signature, with_query, v->nonce, 0), "WRONG_REQUEST");
  }
}

static void test_an_untrusted_key_is_rejected_and_a_previous_one_accepted(void) {
  test_signer other;
  test_signer_init(&other, OTHER_SEED);
  const char *only_other[] = {other.public_key_base64};
  const char *rotation[] = {other.public_key_base64, public_key};
  for (size_t i = 0; i < vector_count; i++) {
    const vector *v = &vectors[i];
    const uint8_t *body = (const uint8_t *)v->body;
    size_t len = strlen(v->body);
    CHECK_STR(verify(body, len, v->signature, v->request, v->nonce, v->issued_ms, only_other, 1),
              "UNTRUSTED_KEY");
    CHECK_STR(verify(body, len, v->signature, v->request, v->nonce, v->issued_ms, NULL, 0),
              "UNTRUSTED_KEY");
    /* During a rotation the client pins the new key and the previous one: both verify. */
    CHECK_STR(verify(body, len, v->signature, v->request, v->nonce, v->issued_ms, rotation, 2),
              "OK");
  }
}

static void test_an_answer_signed_by_another_key_is_rejected(void) {
  test_signer other;
  test_signer_init(&other, OTHER_SEED);
  const vector *v = &vectors[2];
  const cJSON *parsed = cJSON_Parse(v->body);
  char *data = cJSON_PrintUnformatted(chv_json_get(parsed, "data"));
  const char *keys[] = {public_key};
  /* Signed by a stranger under its own keyId: UNTRUSTED_KEY. */
  char *forged = test_envelope(&other, v->request, data, v->nonce, v->issued_at, NULL);
  char signature[96];
  test_sign(&other, forged, strlen(forged), signature);
  CHECK_STR(verify((const uint8_t *)forged, strlen(forged), signature, v->request, v->nonce,
                   v->issued_ms, keys, 1),
            "UNTRUSTED_KEY");
  free(forged);
  /* Signed by a stranger claiming the trusted keyId: BAD_SIGNATURE. */
  forged = test_envelope(&other, v->request, data, v->nonce, v->issued_at, key_id);
  test_sign(&other, forged, strlen(forged), signature);
  CHECK_STR(verify((const uint8_t *)forged, strlen(forged), signature, v->request, v->nonce,
                   v->issued_ms, keys, 1),
            "BAD_SIGNATURE");
  free(forged);
  cJSON_free(data);
  cJSON_Delete((cJSON *)parsed);
}

int main(void) {
  if (sodium_init() < 0) return 1;
  load();
  RUN(test_the_file_is_the_published_one);
  RUN(test_each_vector_is_accepted_with_its_envelope);
  RUN(test_the_refusal_keeps_its_code_and_utf8_message);
  RUN(test_issued_at_may_be_five_minutes_either_side);
  RUN(test_any_flipped_byte_of_the_body_is_rejected);
  RUN(test_any_flipped_byte_of_the_signature_is_rejected);
  RUN(test_a_malformed_signature_header_is_rejected);
  RUN(test_a_missing_signature_is_rejected);
  RUN(test_another_nonce_or_request_is_rejected);
  RUN(test_an_untrusted_key_is_rejected_and_a_previous_one_accepted);
  RUN(test_an_answer_signed_by_another_key_is_rejected);
  cJSON_Delete(file);
  return test_summary("test_vectors");
}
