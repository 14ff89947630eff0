/* A small test harness: checks, a signer like the server's, a scripted transport. */
#ifndef CHAVEIRO_TEST_SUPPORT_H
#define CHAVEIRO_TEST_SUPPORT_H

#include <stdio.h>
#include <string.h>

#include "client.h"

extern int test_failures;

#define CHECK(cond)                                                                             \
  do {                                                                                          \
    if (!(cond)) {                                                                              \
      test_failures++;                                                                          \
      fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);                  \
    }                                                                                           \
  } while (0)

#define CHECK_STR(actual, expected)                                                             \
  do {                                                                                          \
    const char *a_ = (actual), *e_ = (expected);                                                \
    if (!a_ || strcmp(a_, e_) != 0) {                                                           \
      test_failures++;                                                                          \
      fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__, __LINE__, #actual,    \
              a_ ? a_ : "(null)", e_);                                                          \
    }                                                                                           \
  } while (0)

#define CHECK_INT(actual, expected)                                                             \
  do {                                                                                          \
    long long a_ = (long long)(actual), e_ = (long long)(expected);                             \
    if (a_ != e_) {                                                                             \
      test_failures++;                                                                          \
      fprintf(stderr, "%s:%d: %s is %lld, expected %lld\n", __FILE__, __LINE__, #actual, a_,   \
              e_);                                                                              \
    }                                                                                           \
  } while (0)

/* A failed call's code, or "OK"; frees the error. */
const char *outcome_code(chaveiro_status status, chaveiro_error *error, char *buffer,
                         size_t size);

/* outcome_code into a buffer of its own (valid until the next call). */
const char *code_of(chaveiro_status status, chaveiro_error *error);

/* The stable code of a call given &E as its error parameter, or "OK" (the comma operator reads
 * E after the call); E_status keeps the call's status. */
extern chaveiro_error *E;
extern chaveiro_status E_status;
#define CODE(call) (E = NULL, E_status = (call), code_of(E_status, E))

#define RUN(test)                                                                               \
  do {                                                                                          \
    int before_ = test_failures;                                                                \
    test();                                                                                     \
    printf("%s %s\n", test_failures == before_ ? "ok  " : "FAIL", #test);                       \
  } while (0)

int test_summary(const char *suite);

/* ---- signing, as the server does ------------------------------------------------------------ */

/** Bytes 0x00…0x1f: the public test seed of packages/loader-sdk/test-vectors.json. */
extern const uint8_t TEST_SEED[32];
/** A second key the client does not trust (bytes 0xff…0xe0). */
extern const uint8_t OTHER_SEED[32];

typedef struct test_signer {
  uint8_t secret_key[64];
  uint8_t public_key[32];
  char public_key_base64[48];
  char key_id[17];
} test_signer;

void test_signer_init(test_signer *signer, const uint8_t seed[32]);
/** Base64 Ed25519 signature of `len` bytes. */
void test_sign(const test_signer *signer, const void *bytes, size_t len, char out[96]);
/** The envelope JSON in the server's field order; `nonce` NULL writes null; `key_id` NULL uses
 * the signer's. Caller frees. */
char *test_envelope(const test_signer *signer, const char *request, const char *data_json,
                    const char *nonce, const char *issued_at, const char *key_id);

/** An ISO-8601 UTC string of epoch ms. */
void test_iso(int64_t ms, char out[32]);

/* ---- scripted transport ----------------------------------------------------------------------- */

typedef struct fake_exchange {
  char method[8];
  char url[256];
  char bearer[128];
  char nonce[80]; /* from the JSON body or the query string */
  char session[128];
  char body[1024];
} fake_exchange;

/**
 * Answers one request. Return CHV_HTTP_OK after filling `response` (use fake_respond), or a
 * failure outcome. `cancel` is the call's token (NULL when not cancellable).
 */
typedef chv_http_outcome (*fake_handler)(void *user, const fake_exchange *exchange,
                                         chv_http_response *response, chv_cancel *cancel);

typedef struct fake_transport {
  chv_transport base;
  fake_handler handler;
  void *user;
  chv_mutex mutex;
  int calls;
  fake_exchange last;
} fake_transport;

/** Installs a scripted transport on the client (the client owns it) and returns it. */
fake_transport *fake_install(chaveiro_client *client, fake_handler handler, void *user);
int fake_calls(fake_transport *fake);

/** Fills a response: status, body, X-Signature (NULL: none) and Retry-After (NULL: none). */
void fake_respond(chv_http_response *response, int status, const char *body,
                  const char *signature, const char *retry_after);

/** Fills a response with unsigned bytes (a file) and its Content-Type (NULL: none). */
void fake_respond_bytes(chv_http_response *response, int status, const void *body, size_t len,
                        const char *content_type);

#endif
