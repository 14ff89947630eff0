#include "support.h"

#include <stdlib.h>
#include <time.h>

#include <cJSON.h>
#include <sodium.h>

int test_failures = 0;

const uint8_t TEST_SEED[32] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,
                               11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                               22, 23, 24, 25, 26, 27, 28, 29, 30, 31};
const uint8_t OTHER_SEED[32] = {255, 254, 253, 252, 251, 250, 249, 248, 247, 246, 245,
                                244, 243, 242, 241, 240, 239, 238, 237, 236, 235, 234,
                                233, 232, 231, 230, 229, 228, 227, 226, 225, 224};

const char *outcome_code(chaveiro_status status, chaveiro_error *error, char *buffer,
                         size_t size) {
  if (status == CHAVEIRO_OK) {
    snprintf(buffer, size, "OK");
  } else {
    snprintf(buffer, size, "%s", error ? chaveiro_error_code(error) : chaveiro_status_name(status));
  }
  chaveiro_error_free(error);
  return buffer;
}

chaveiro_error *E;
chaveiro_status E_status;

const char *code_of(chaveiro_status status, chaveiro_error *error) {
  static char code[64];
  return outcome_code(status, error, code, sizeof code);
}

int test_summary(const char *suite) {
  if (test_failures) {
    fprintf(stderr, "%s: %d check(s) failed\n", suite, test_failures);
    return 1;
  }
  printf("%s: all passed\n", suite);
  return 0;
}

void test_signer_init(test_signer *signer, const uint8_t seed[32]) {
  crypto_sign_seed_keypair(signer->public_key, signer->secret_key, seed);
  sodium_bin2base64(signer->public_key_base64, sizeof signer->public_key_base64,
                    signer->public_key, 32, sodium_base64_VARIANT_ORIGINAL);
  chv_key_id(signer->public_key, signer->key_id);
}

void test_sign(const test_signer *signer, const void *bytes, size_t len, char out[96]) {
  uint8_t signature[64];
  crypto_sign_detached(signature, NULL, bytes, len, signer->secret_key);
  sodium_bin2base64(out, 96, signature, sizeof signature, sodium_base64_VARIANT_ORIGINAL);
}

char *test_envelope(const test_signer *signer, const char *request, const char *data_json,
                    const char *nonce, const char *issued_at, const char *key_id) {
  size_t size = strlen(request) + strlen(data_json) + (nonce ? strlen(nonce) : 4) +
                strlen(issued_at) + 128;
  char *body = malloc(size);
  char quoted_nonce[128];
  if (nonce) {
    snprintf(quoted_nonce, sizeof quoted_nonce, "\"%s\"", nonce);
  } else {
    snprintf(quoted_nonce, sizeof quoted_nonce, "null");
  }
  snprintf(body, size, "{\"request\":\"%s\",\"data\":%s,\"nonce\":%s,\"issuedAt\":\"%s\","
           "\"keyId\":\"%s\"}",
           request, data_json, quoted_nonce, issued_at, key_id ? key_id : signer->key_id);
  return body;
}

void test_iso(int64_t ms, char out[32]) {
  time_t seconds = (time_t)(ms / 1000);
  struct tm tm;
#ifdef _WIN32
  gmtime_s(&tm, &seconds);
#else
  gmtime_r(&seconds, &tm);
#endif
  snprintf(out, 32, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1,
           tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, (int)(ms % 1000));
}

/* ---- scripted transport ----------------------------------------------------------------------- */

static void copy(char *out, size_t size, const char *text) {
  snprintf(out, size, "%s", text ? text : "");
}

static chv_http_outcome fake_send(chv_transport *self, const chv_http_request *request,
                                  chv_http_response *response, chv_cancel *cancel, char *detail,
                                  size_t detail_size) {
  fake_transport *fake = (fake_transport *)self;
  memset(response, 0, sizeof *response);
  fake_exchange exchange;
  memset(&exchange, 0, sizeof exchange);
  copy(exchange.method, sizeof exchange.method, request->method);
  copy(exchange.url, sizeof exchange.url, request->url);
  copy(exchange.bearer, sizeof exchange.bearer, request->bearer);
  if (request->body) {
    snprintf(exchange.body, sizeof exchange.body, "%.*s", (int)request->body_len, request->body);
    cJSON *json = cJSON_ParseWithLength(request->body, request->body_len);
    copy(exchange.nonce, sizeof exchange.nonce, chv_json_string(json, "nonce"));
    copy(exchange.session, sizeof exchange.session, chv_json_string(json, "session"));
    cJSON_Delete(json);
  } else {
    const char *query = strstr(request->url, "?nonce=");
    copy(exchange.nonce, sizeof exchange.nonce, query ? query + 7 : NULL);
  }
  chv_mutex_lock(&fake->mutex);
  fake->calls++;
  fake->last = exchange;
  chv_mutex_unlock(&fake->mutex);
  chv_http_outcome outcome = fake->handler(fake->user, &exchange, response, cancel);
  if (outcome == CHV_HTTP_OK && request->sink) {
    /* As a network delivers it: in pieces of uneven sizes, none aligned to a chunk. */
    chv_buf body = response->body;
    memset(&response->body, 0, sizeof response->body);
    size_t sizes[] = {1, 7, 111, 4096, 65553, 30000, 9999};
    size_t at = 0;
    for (size_t i = 0; at < body.len; i++) {
      size_t n = sizes[i % (sizeof sizes / sizeof sizes[0])];
      if (n > body.len - at) n = body.len - at;
      if (request->sink(request->sink_user, response, body.data + at, n) != 0) {
        outcome = CHV_HTTP_ABORTED;
        break;
      }
      at += n;
    }
    chv_buf_free(&body);
  } else if (outcome == CHV_HTTP_OK && response->body.len > request->max_body) {
    outcome = CHV_HTTP_TOO_LARGE;
  }
  if (outcome != CHV_HTTP_OK) snprintf(detail, detail_size, "scripted failure %d", outcome);
  if (outcome != CHV_HTTP_OK && outcome != CHV_HTTP_TOO_LARGE && outcome != CHV_HTTP_ABORTED) {
    chv_http_response_free(response);
  }
  return outcome;
}

static void fake_destroy(chv_transport *self) {
  fake_transport *fake = (fake_transport *)self;
  chv_mutex_destroy(&fake->mutex);
  free(fake);
}

fake_transport *fake_install(chaveiro_client *client, fake_handler handler, void *user) {
  fake_transport *fake = calloc(1, sizeof *fake);
  fake->base.send = fake_send;
  fake->base.destroy = fake_destroy;
  fake->handler = handler;
  fake->user = user;
  chv_mutex_init(&fake->mutex);
  chv_client_set_transport(client, &fake->base);
  return fake;
}

int fake_calls(fake_transport *fake) {
  chv_mutex_lock(&fake->mutex);
  int calls = fake->calls;
  chv_mutex_unlock(&fake->mutex);
  return calls;
}

void fake_respond_bytes(chv_http_response *response, int status, const void *body, size_t len,
                        const char *content_type) {
  response->status = status;
  chv_buf_append(&response->body, body, len);
  response->content_type = content_type ? chv_strdup(content_type) : NULL;
}

void fake_respond(chv_http_response *response, int status, const char *body,
                  const char *signature, const char *retry_after) {
  response->status = status;
  chv_buf_append(&response->body, body, strlen(body));
  response->signature = signature ? chv_strdup(signature) : NULL;
  response->retry_after = retry_after ? chv_strdup(retry_after) : NULL;
}
