/* libFuzzer target: every byte a server (or whoever sits between it and the loader) can send,
 * through what reads it. No crash, no sanitizer report, no leak is the assertion.
 *
 * Input: one flags byte, then up to three segments separated by "\n#\n": the answers to the
 * auth, the heartbeat and the download. In a segment, "@R" stands for the request line and "@N"
 * for the nonce the client sent, so a mutated answer still reaches the checks past the nonce
 * (tests/fuzz_seeds.py writes the test vectors that way).
 *
 *   1. The raw input (NUL bytes and all) through chaveiro_verify_answer, signed by the trusted
 *      key (the parser and field checks run on it) and signed wrongly (only the unverified
 *      peek at keyId runs), and through the JSON reader itself.
 *      Also through the sealed-delivery reader (CHVSEAL1, opened with a fixed key pair) and the
 *      offline licence check (as a token).
 *   2. A client whose transport answers with the segments, signed by the trusted key, another
 *      key or not at all, under an HTTP status the flags pick: auth, then a heartbeat and the
 *      download when the auth succeeded. No retry waits (one attempt, 1 ms backoff).
 */
#include <stdlib.h>

#include <cJSON.h>
#include <sodium.h>

#include "offline.h"
#include "seal.h"
#include "support.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* 2026-11-23T12:04:30Z: within 5 minutes of every test vector's issuedAt. */
static const int64_t NOW = INT64_C(1795435470000);
static test_signer trusted;
static test_signer other;

typedef struct segment {
  const uint8_t *bytes;
  size_t len;
} segment;

typedef struct script {
  segment answers[3];
  int statuses[3];
  int signing; /* 0 trusted key, 1 another key, 2 no X-Signature */
} script;

static int64_t fixed_clock(void *user) {
  (void)user;
  return NOW;
}

static void append_replaced(chv_buf *out, const segment *in, const char *request,
                            const char *nonce) {
  for (size_t i = 0; i < in->len; i++) {
    if (in->bytes[i] == '@' && i + 1 < in->len && in->bytes[i + 1] == 'R') {
      chv_buf_append(out, request, strlen(request));
      i++;
    } else if (in->bytes[i] == '@' && i + 1 < in->len && in->bytes[i + 1] == 'N') {
      chv_buf_append(out, nonce, strlen(nonce));
      i++;
    } else {
      chv_buf_append(out, &in->bytes[i], 1);
    }
  }
}

static chv_http_outcome answer(void *user, const fake_exchange *exchange,
                               chv_http_response *response, chv_cancel *cancel) {
  (void)cancel;
  const script *s = user;
  int which = strstr(exchange->url, "/auth") ? 0 : strstr(exchange->url, "/heartbeat") ? 1 : 2;
  const char *request = which == 0   ? "POST /api/loader/auth"
                        : which == 1 ? "POST /api/loader/heartbeat"
                                     : "GET /api/loader/download";
  response->status = s->statuses[which];
  append_replaced(&response->body, &s->answers[which], request, exchange->nonce);
  if (s->signing < 2) {
    char signature[96];
    const void *body = response->body.data ? (const void *)response->body.data : "";
    test_sign(s->signing == 0 ? &trusted : &other, body, response->body.len, signature);
    response->signature = chv_strdup(signature);
  }
  return CHV_HTTP_OK;
}

static void raw_checks(const uint8_t *body, size_t len) {
  const char *keys[] = {trusted.public_key_base64};
  char signature[96];
  chaveiro_error *error = NULL;
  test_sign(&trusted, body, len, signature);
  chaveiro_verify_answer(body, len, signature, "POST /api/loader/auth", "vector-nonce-auth-0001",
                         NOW, keys, 1, &error);
  chaveiro_error_free(error);
  error = NULL;
  test_sign(&other, body, len, signature);
  chaveiro_verify_answer(body, len, signature, "POST /api/loader/heartbeat", NULL, NOW, keys, 1,
                         &error);
  chaveiro_error_free(error);
  cJSON_Delete(chv_json_parse(body, len));

  static uint8_t pk[32], sk[32];
  static int keyed;
  if (!keyed) {
    uint8_t seed[32];
    memset(seed, 0x40, sizeof seed);
    crypto_box_seed_keypair(pk, sk, seed);
    keyed = 1;
  }
  chv_buf out = {0};
  chv_unseal u;
  if (chv_unseal_init(&u, pk, sk, len > 200000 ? 200000 : len, &out) == 0) {
    char sha[65];
    if (chv_unseal_feed(&u, body, len) == 0) chv_unseal_finish(&u, sha);
    chv_unseal_free(&u);
  }
  chv_buf_free(&out);

  char *token = chv_strndup((const char *)body, len);
  chv_trusted_key key;
  chv_offline_claims claims;
  char detail[128];
  if (token && chv_trusted_key_parse(trusted.public_key_base64, &key) == 0 &&
      chv_offline_verify(token, &key, 1, "prod_example", "VECTOR-HWID-0001", NOW, 0, &claims,
                         detail, sizeof detail) == 0) {
    chv_offline_claims_free(&claims);
  }
  free(token);
}

static void client_checks(script *s, int account) {
  chaveiro_client *client = NULL;
  if (chaveiro_client_new("http://fuzz.invalid", "prod_example", &client) != CHAVEIRO_OK) abort();
  chaveiro_client_add_trusted_key(client, trusted.public_key_base64, NULL);
  chaveiro_client_set_clock(client, fixed_clock, NULL);
  chaveiro_client_set_retry(client, 1, 1, 1);
  /* No offline store: an input that signs a licence would write a file per run. */
  chaveiro_client_set_offline_store(client, "");
  fake_install(client, answer, s);

  chaveiro_auth_result *auth = NULL;
  chaveiro_error *error = NULL;
  chaveiro_status status =
      account ? chaveiro_auth(client, "fuzz-machine-0001", NULL, "ana", "senha", "123456", &auth,
                              &error)
              : chaveiro_auth(client, "fuzz-machine-0001", "ABCDEFGHJK23456789", NULL, NULL,
                              NULL, &auth, &error);
  if (status == CHAVEIRO_OK) {
    /* Read every field, as a loader would show them. */
    size_t sum = 0;
    const char *fields[] = {chaveiro_auth_result_username(auth),
                            chaveiro_auth_result_product_id(auth),
                            chaveiro_auth_result_product_name(auth),
                            chaveiro_auth_result_subscription_id(auth),
                            chaveiro_auth_result_file_name(auth),
                            chaveiro_auth_result_file_sha256(auth)};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
      sum += fields[i] ? strlen(fields[i]) : 0;
    }
    sum += (size_t)chaveiro_auth_result_file_size(auth);
    (void)sum;
    /* Any positive number, infinity included (1e999): a loader must not cast it blindly. */
    if (!(chaveiro_auth_result_heartbeat_seconds(auth) > 0)) abort();

    chaveiro_heartbeat_result *beat = NULL;
    chaveiro_error_free(error);
    error = NULL;
    chaveiro_heartbeat(client, &beat, &error);
    chaveiro_heartbeat_result_free(beat);
    chaveiro_error_free(error);
    error = NULL;
    chaveiro_file *file = NULL;
    if (chaveiro_download(client, &file, &error) == CHAVEIRO_OK) {
      if (chaveiro_file_size(file) && !chaveiro_file_data(file)) abort();
    }
    chaveiro_file_free(file);
  } else if (error) {
    /* A refusal's code and message are shown to the user: they must be strings. */
    if (!chaveiro_error_code(error) || !chaveiro_error_message(error)) abort();
  }
  chaveiro_error_free(error);
  chaveiro_auth_result_free(auth);
  chaveiro_client_free(client);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  if (chaveiro_global_init() != CHAVEIRO_OK) abort();
  test_signer_init(&trusted, TEST_SEED);
  test_signer_init(&other, OTHER_SEED);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  uint8_t flags = data[0];
  data++;
  size--;
  raw_checks(data, size);

  static const int statuses[8] = {200, 401, 403, 409, 429, 500, 503, 200};
  script s;
  memset(&s, 0, sizeof s);
  /* Two separators at most: the last segment runs to the end. */
  size_t start = 0;
  int count = 0;
  for (size_t i = 0; i + 3 <= size && count < 2; i++) {
    if (memcmp(data + i, "\n#\n", 3) == 0) {
      s.answers[count].bytes = data + start;
      s.answers[count].len = i - start;
      count++;
      start = i + 3;
      i += 2;
    }
  }
  s.answers[count].bytes = data + start;
  s.answers[count].len = size - start;
  for (int i = count + 1; i < 3; i++) s.answers[i] = s.answers[count];
  s.statuses[0] = statuses[flags & 7];
  s.statuses[1] = flags & 0x20 ? 503 : 200;
  s.statuses[2] = flags & 0x80 ? 404 : 200;
  s.signing = (flags >> 3) & 3;
  if (s.signing == 3) s.signing = 0;
  client_checks(&s, flags & 0x40);
  return 0;
}
