/* The signed envelope (docs/loader-protocol.md, "The signed envelope"). */
#ifndef CHAVEIRO_ENVELOPE_H
#define CHAVEIRO_ENVELOPE_H

#include "internal.h"

/** How far issuedAt may be from the client's clock, either way. */
#define CHV_MAX_CLOCK_SKEW_MS INT64_C(300000)

typedef struct chv_trusted_key {
  char key_id[CHAVEIRO_KEY_ID_BUFFER_SIZE];
  uint8_t public_key[32];
} chv_trusted_key;

/** What the answer must echo: the call made, the nonce sent (NULL: null), the client's clock. */
typedef struct chv_expected {
  const char *request;
  const char *nonce;
  int64_t now_ms;
} chv_expected;

/** Decodes a pinned key and derives its keyId; -1 when it is not base64 of 32 bytes. */
int chv_trusted_key_parse(const char *public_key_base64, chv_trusted_key *out);

/**
 * Verifies one answer, in the TypeScript SDK's order (src/verify.ts): signature over the exact
 * bytes with a trusted key, then the parse, the keyId, request, nonce and issuedAt. On success
 * *out_root is the parsed envelope (its "data" is an object whose "ok" is true, or false with a
 * string code and message), to be freed with cJSON_Delete; otherwise a verification error.
 */
chaveiro_status chv_verify_answer(const uint8_t *body, size_t body_len,
                                  const char *signature_header, const chv_expected *expected,
                                  const chv_trusted_key *keys, size_t key_count,
                                  struct cJSON **out_root, chaveiro_error **error);

#endif
