/* Verification of one loader answer: the bytes first, only then the JSON. */
#include <string.h>

#include <cJSON.h>
#include <sodium.h>

#include "envelope.h"

int chv_trusted_key_parse(const char *public_key_base64, chv_trusted_key *out) {
  if (!public_key_base64) return -1;
  uint8_t raw[64];
  long len = chv_base64_decode(public_key_base64, strlen(public_key_base64), raw, sizeof raw);
  if (len != 32) return -1;
  memcpy(out->public_key, raw, 32);
  chv_key_id(out->public_key, out->key_id);
  return 0;
}

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* Unverified bytes, read only to tell "signed by a key we do not know" from "tampered". */
static int claims_untrusted_key(const uint8_t *body, size_t len, const chv_trusted_key *keys,
                                size_t key_count, char *claimed, size_t claimed_size) {
  cJSON *root = chv_json_parse(body, len);
  const char *key_id = chv_json_string(root, "keyId");
  int untrusted = 0;
  if (key_id) {
    untrusted = 1;
    for (size_t i = 0; i < key_count; i++) {
      if (strcmp(keys[i].key_id, key_id) == 0) untrusted = 0;
    }
    size_t n = strlen(key_id);
    if (n >= claimed_size) n = claimed_size - 1;
    memcpy(claimed, key_id, n);
    claimed[n] = '\0';
  }
  cJSON_Delete(root);
  return untrusted;
}

static int is_answer_data(const cJSON *data) {
  if (!cJSON_IsObject(data)) return 0;
  const cJSON *ok = chv_json_get(data, "ok");
  if (cJSON_IsTrue(ok)) return 1;
  return cJSON_IsFalse(ok) && chv_json_string(data, "code") && chv_json_string(data, "message");
}

chaveiro_status chv_verify_answer(const uint8_t *body, size_t body_len,
                                  const char *signature_header, const chv_expected *expected,
                                  const chv_trusted_key *keys, size_t key_count,
                                  cJSON **out_root, chaveiro_error **error) {
  chaveiro_error *err = NULL;
  cJSON *root = NULL;
  *out_root = NULL;
  if (!body) body = (const uint8_t *)"";

  /* 1. The signature over the exact bytes, with one of the trusted keys. */
  const char *start = signature_header ? signature_header : "";
  size_t header_len = strlen(start);
  while (header_len && is_space(*start)) start++, header_len--;
  while (header_len && is_space(start[header_len - 1])) header_len--;
  if (header_len == 0) {
    err = chv_error_verification("MISSING_SIGNATURE", "no X-Signature header");
    goto done;
  }
  uint8_t signature[96];
  if (chv_base64_decode(start, header_len, signature, sizeof signature) !=
      crypto_sign_BYTES) {
    err = chv_error_verification("BAD_SIGNATURE",
                                 "X-Signature is not a base64 Ed25519 signature");
    goto done;
  }
  const chv_trusted_key *signer = NULL;
  for (size_t i = 0; i < key_count && !signer; i++) {
    if (crypto_sign_verify_detached(signature, body, body_len, keys[i].public_key) == 0) {
      signer = &keys[i];
    }
  }
  if (!signer) {
    char claimed[40];
    if (claims_untrusted_key(body, body_len, keys, key_count, claimed, sizeof claimed)) {
      err = chv_error_verification("UNTRUSTED_KEY", "keyId %s is not trusted", claimed);
    } else {
      err = chv_error_verification("BAD_SIGNATURE",
                                   "the signature does not verify with any trusted key");
    }
    goto done;
  }

  /* 2. Only now the bytes are parsed: a UTF-8 JSON envelope. */
  root = chv_json_parse(body, body_len);
  const char *request = chv_json_string(root, "request");
  const cJSON *nonce = chv_json_get(root, "nonce");
  const char *issued_at = chv_json_string(root, "issuedAt");
  const char *key_id = chv_json_string(root, "keyId");
  if (!root || !cJSON_IsObject(root) || !request ||
      !(cJSON_IsString(nonce) || cJSON_IsNull(nonce)) || !issued_at || !key_id ||
      !is_answer_data(chv_json_get(root, "data"))) {
    err = chv_error_verification("MALFORMED_ANSWER", "the body is not a loader envelope");
    goto done;
  }
  if (strcmp(key_id, signer->key_id) != 0) {
    err = chv_error_verification("BAD_SIGNATURE", "signed by %s but names keyId %.32s",
                                 signer->key_id, key_id);
    goto done;
  }

  /* 3. The answer is to this call, */
  if (strcmp(request, expected->request) != 0) {
    err = chv_error_verification("WRONG_REQUEST", "answer to \"%.80s\", expected \"%s\"", request,
                                 expected->request);
    goto done;
  }
  /* 4. to this very request (an older answer carries an older nonce), */
  int nonce_matches = expected->nonce
                          ? cJSON_IsString(nonce) && strcmp(nonce->valuestring, expected->nonce) == 0
                          : cJSON_IsNull(nonce);
  if (!nonce_matches) {
    err = chv_error_verification("WRONG_NONCE",
                                 "the answer does not echo the nonce of this request");
    goto done;
  }
  /* 5. and fresh. */
  int64_t issued_ms;
  if (chv_parse_iso8601(issued_at, &issued_ms) != 0) {
    err = chv_error_verification("MALFORMED_ANSWER", "issuedAt is not a date");
    goto done;
  }
  /* issuedAt is within years 0 to 9999; a clock clamped to +-2^62 ms cannot overflow. */
  int64_t now = expected->now_ms;
  if (now > INT64_C(1) << 62) now = INT64_C(1) << 62;
  if (now < -(INT64_C(1) << 62)) now = -(INT64_C(1) << 62);
  int64_t skew = now - issued_ms;
  if (skew > CHV_MAX_CLOCK_SKEW_MS || skew < -CHV_MAX_CLOCK_SKEW_MS) {
    err = chv_error_verification("STALE_ANSWER", "issued at %.40s, client clock %lld ms off",
                                 issued_at, (long long)skew);
    goto done;
  }

done:
  if (err) {
    cJSON_Delete(root);
    return chv_error_give(error, err);
  }
  *out_root = root;
  if (error) *error = NULL;
  return CHAVEIRO_OK;
}
