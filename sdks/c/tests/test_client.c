/* The client against a scripted server: auth, retries, heartbeats and their loop, download. */
#include <stdlib.h>

#include <cJSON.h>
#include <sodium.h>

#include "support.h"

#if defined(__SANITIZE_ADDRESS__)
/* From the ASan runtime (sanitizer/allocator_interface.h, which GCC 12 does not install). */
size_t __sanitizer_get_current_allocated_bytes(void);
#endif

#define PRODUCT "prod_1"
#define HWID "test-machine-0001"
#define FILE_BYTES "the product file, 26 bytes"

typedef enum kind {
  AUTH_OK,       /* a signed success (auth, heartbeat: by the request) */
  AUTH_NO_FILE,  /* auth success naming no file */
  REFUSE,        /* a signed refusal: code, status, retry_after */
  REFUSE_DATA,   /* a signed refusal whose whole `data` JSON is in `code` */
  NETWORK,       /* no answer */
  TIMEOUT,
  GATEWAY,       /* an unsigned 502 page */
  UNSIGNED,      /* a success without X-Signature */
  TAMPERED,      /* a success with one byte flipped after signing */
  WRONG_NONCE,   /* a success echoing another nonce (a replay) */
  STALE,         /* a success issued 6 minutes ago */
  OTHER_KEY,     /* a success signed by a key the client does not trust */
  PREVIOUS_KEY,  /* a success signed by the pinned previous key */
  MALFORMED,     /* a signed success lacking its fields */
  FILE_OK,       /* the file's bytes */
  FILE_BAD,      /* other bytes of the same size */
  FILE_LONGER,   /* the bytes and one more */
  BLOCK          /* hold the call until it is cancelled */
} kind;

typedef struct action {
  kind kind;
  int status;
  const char *code;
  const char *retry_after;
} action;

typedef struct server {
  test_signer key;
  test_signer other;
  test_signer previous;
  chv_mutex mutex;
  chv_cond cond;
  action script[32];
  int length;
  int next;
  action fallback;
  int64_t now;
  double heartbeat_seconds;
  int64_t session_ttl_ms;
  int sessions_issued;
  char nonces[64][80];
  char sessions_seen[64][128];
  char bearers[8][128];
  int calls;
  int blocked;
} server;

static server S;
static chaveiro_client *client;
static fake_transport *fake;

static int64_t server_clock(void *user) {
  server *s = user;
  chv_mutex_lock(&s->mutex);
  int64_t now = s->now;
  chv_mutex_unlock(&s->mutex);
  return now;
}

static double always_top(void *user) {
  (void)user;
  return 1.0;
}

static void reset(const action *script, int length, action fallback) {
  chv_mutex_lock(&S.mutex);
  if (length > 0) memcpy(S.script, script, sizeof(action) * (size_t)length);
  S.length = length;
  S.next = 0;
  S.fallback = fallback;
  S.calls = 0;
  S.blocked = 0;
  chv_mutex_unlock(&S.mutex);
}

static void script(const action *actions, int length) {
  action none = {REFUSE, 500, "INTERNAL_ERROR", NULL};
  reset(actions, length, none);
}

static int calls(void) {
  chv_mutex_lock(&S.mutex);
  int n = S.calls;
  chv_mutex_unlock(&S.mutex);
  return n;
}

static const char *request_of(const fake_exchange *x) {
  if (strstr(x->url, CHV_PATH_AUTH)) return "POST " CHV_PATH_AUTH;
  if (strstr(x->url, CHV_PATH_HEARTBEAT)) return "POST " CHV_PATH_HEARTBEAT;
  return "GET " CHV_PATH_DOWNLOAD;
}

static void success_data(const fake_exchange *x, kind k, int64_t now, char *out, size_t size) {
  char expires[32], subscription_expires[32];
  test_iso(now + S.session_ttl_ms, expires);
  test_iso(now + INT64_C(30) * 86400000, subscription_expires);
  int token = ++S.sessions_issued;
  if (strstr(x->url, CHV_PATH_HEARTBEAT)) {
    snprintf(out, size,
             "{\"ok\":true,\"session\":\"token-%d\",\"sessionExpiresAt\":\"%s\",\"expiresAt\":\"%s\"}",
             token, expires, subscription_expires);
    return;
  }
  char sha[65];
  uint8_t digest[32];
  crypto_hash_sha256(digest, (const uint8_t *)FILE_BYTES, strlen(FILE_BYTES));
  chv_hex(digest, 32, sha);
  char file[160];
  if (k == AUTH_NO_FILE) {
    snprintf(file, sizeof file, "null");
  } else {
    snprintf(file, sizeof file, "{\"sha256\":\"%s\",\"size\":%zu,\"name\":\"aim.dll\"}", sha,
             strlen(FILE_BYTES));
  }
  snprintf(out, size,
           "{\"ok\":true,\"session\":\"token-%d\",\"sessionExpiresAt\":\"%s\",\"heartbeatSeconds\":%g,"
           "\"subscription\":{\"id\":\"sub_1\",\"product\":{\"id\":\"" PRODUCT
           "\",\"name\":\"Aim Pro\"},\"expiresAt\":\"%s\"},\"user\":{\"username\":\"ana\"},"
           "\"file\":%s}",
           token, expires, S.heartbeat_seconds, subscription_expires, file);
}

static void signed_answer(chv_http_response *r, const test_signer *signer, int status,
                          const char *request, const char *data, const char *nonce, int64_t at,
                          const char *retry_after, int flip) {
  char issued[32];
  test_iso(at, issued);
  char *body = test_envelope(signer, request, data, nonce[0] ? nonce : NULL, issued, NULL);
  char signature[96];
  test_sign(signer, body, strlen(body), signature);
  if (flip) body[strlen(body) / 2] ^= 0x01;
  fake_respond(r, status, body, signature, retry_after);
  free(body);
}

static chv_http_outcome handle(void *user, const fake_exchange *x, chv_http_response *r,
                               chv_cancel *cancel) {
  (void)user;
  chv_mutex_lock(&S.mutex);
  action a = S.next < S.length ? S.script[S.next++] : S.fallback;
  int n = S.calls++;
  if (n < 64) {
    snprintf(S.nonces[n], sizeof S.nonces[n], "%s", x->nonce);
    snprintf(S.sessions_seen[n], sizeof S.sessions_seen[n], "%s", x->session);
  }
  if (n < 8) snprintf(S.bearers[n], sizeof S.bearers[n], "%s", x->bearer);
  int64_t now = S.now;
  char data[1024];
  if (a.kind == AUTH_OK || a.kind == AUTH_NO_FILE || a.kind == UNSIGNED || a.kind == TAMPERED ||
      a.kind == WRONG_NONCE || a.kind == STALE || a.kind == OTHER_KEY || a.kind == PREVIOUS_KEY) {
    success_data(x, a.kind, now, data, sizeof data);
  }
  chv_mutex_unlock(&S.mutex);

  const char *request = request_of(x);
  switch (a.kind) {
    case AUTH_OK:
    case AUTH_NO_FILE:
      signed_answer(r, &S.key, 200, request, data, x->nonce, now, NULL, 0);
      return CHV_HTTP_OK;
    case REFUSE: {
      char refusal[256];
      snprintf(refusal, sizeof refusal,
               "{\"ok\":false,\"code\":\"%s\",\"message\":\"Recusado: %s n\xC3\xA3o.\"}", a.code,
               a.code);
      signed_answer(r, &S.key, a.status, request, refusal, x->nonce, now, a.retry_after, 0);
      return CHV_HTTP_OK;
    }
    case REFUSE_DATA:
      signed_answer(r, &S.key, a.status, request, a.code, x->nonce, now, a.retry_after, 0);
      return CHV_HTTP_OK;
    case NETWORK:
      return CHV_HTTP_NETWORK;
    case TIMEOUT:
      return CHV_HTTP_TIMEOUT;
    case GATEWAY:
      fake_respond(r, 502, "<html>502 Bad Gateway</html>", NULL, NULL);
      return CHV_HTTP_OK;
    case UNSIGNED: {
      char issued[32];
      test_iso(now, issued);
      char *body = test_envelope(&S.key, request, data, x->nonce, issued, NULL);
      fake_respond(r, 200, body, NULL, NULL);
      free(body);
      return CHV_HTTP_OK;
    }
    case TAMPERED:
      signed_answer(r, &S.key, 200, request, data, x->nonce, now, NULL, 1);
      return CHV_HTTP_OK;
    case WRONG_NONCE:
      signed_answer(r, &S.key, 200, request, data, "an-earlier-nonce-0001", now, NULL, 0);
      return CHV_HTTP_OK;
    case STALE:
      signed_answer(r, &S.key, 200, request, data, x->nonce, now - 360000, NULL, 0);
      return CHV_HTTP_OK;
    case OTHER_KEY:
      signed_answer(r, &S.other, 200, request, data, x->nonce, now, NULL, 0);
      return CHV_HTTP_OK;
    case PREVIOUS_KEY:
      signed_answer(r, &S.previous, 200, request, data, x->nonce, now, NULL, 0);
      return CHV_HTTP_OK;
    case MALFORMED:
      signed_answer(r, &S.key, 200, request, "{\"ok\":true}", x->nonce, now, NULL, 0);
      return CHV_HTTP_OK;
    case FILE_OK:
      fake_respond(r, 200, FILE_BYTES, NULL, NULL);
      return CHV_HTTP_OK;
    case FILE_BAD: {
      char bytes[] = FILE_BYTES;
      bytes[3] ^= 0x20;
      fake_respond(r, 200, bytes, NULL, NULL);
      return CHV_HTTP_OK;
    }
    case FILE_LONGER:
      fake_respond(r, 200, FILE_BYTES "!", NULL, NULL);
      return CHV_HTTP_OK;
    case BLOCK:
      chv_mutex_lock(&S.mutex);
      S.blocked++;
      chv_cond_broadcast(&S.cond);
      chv_mutex_unlock(&S.mutex);
      while (!cancel || !chv_cancel_is_set(cancel)) chv_sleep_ms(2);
      return CHV_HTTP_CANCELLED;
  }
  return CHV_HTTP_NETWORK;
}

/* A fresh client pinned to the server's key, with the server's clock and no real waits
 * beyond a few milliseconds. */
static void fresh_client(void) {
  chaveiro_client_free(client);
  CHECK_INT(chaveiro_client_new("https://painel.exemplo.com/", PRODUCT, &client), CHAVEIRO_OK);
  CHECK_INT(chaveiro_client_add_trusted_key(client, S.key.public_key_base64, S.key.key_id),
            CHAVEIRO_OK);
  chaveiro_client_set_clock(client, server_clock, &S);
  chaveiro_client_set_retry(client, 4, 1000, 3);
  chv_client_set_random(client, always_top, NULL);
  fake = fake_install(client, handle, NULL);
  S.heartbeat_seconds = 30;
  S.session_ttl_ms = 15 * 60000;
}

static chaveiro_status auth_key(chaveiro_auth_result **out, chaveiro_error **error) {
  return chaveiro_auth(client, HWID, "ABCDEFGHJK23456789", NULL, NULL, NULL, out, error);
}

static int retries_seen;
static void count_retry(void *user, const chaveiro_error *error, uint32_t attempt,
                        uint32_t delay) {
  (void)user;
  (void)error;
  (void)attempt;
  (void)delay;
  retries_seen++;
}

static void authenticated(void) {
  action ok[] = {{AUTH_OK, 0, NULL, NULL}};
  script(ok, 1);
  CHECK_STR(CODE(auth_key(NULL, &E)), "OK");
}

/* ---- auth ----------------------------------------------------------------------------------- */

static void test_auth_by_key_keeps_the_session_and_returns_what_was_signed(void) {
  fresh_client();
  action ok[] = {{AUTH_OK, 0, NULL, NULL}};
  script(ok, 1);
  chaveiro_auth_result *result = NULL;
  chaveiro_error *error = NULL;
  CHECK_INT(auth_key(&result, &error), CHAVEIRO_OK);
  CHECK(error == NULL);
  CHECK_STR(chaveiro_auth_result_username(result), "ana");
  CHECK_STR(chaveiro_auth_result_product_id(result), PRODUCT);
  CHECK_STR(chaveiro_auth_result_product_name(result), "Aim Pro");
  CHECK_STR(chaveiro_auth_result_subscription_id(result), "sub_1");
  CHECK(chaveiro_auth_result_heartbeat_seconds(result) == 30);
  CHECK_INT(chaveiro_auth_result_has_file(result), 1);
  CHECK_STR(chaveiro_auth_result_file_name(result), "aim.dll");
  CHECK_INT(chaveiro_auth_result_file_size(result), strlen(FILE_BYTES));
  CHECK_INT(strlen(chaveiro_auth_result_file_sha256(result)), 64);
  CHECK(chaveiro_auth_result_session_expires_at(result) != NULL);
  chaveiro_auth_result_free(result);

  /* The request: the fields given, a fresh 22-character base64url nonce, nothing else. */
  cJSON *body = cJSON_Parse(fake->last.body);
  CHECK_STR(fake->last.method, "POST");
  CHECK_STR(fake->last.url, "https://painel.exemplo.com/api/loader/auth");
  CHECK_STR(chv_json_string(body, "productId"), PRODUCT);
  CHECK_STR(chv_json_string(body, "hwid"), HWID);
  CHECK_STR(chv_json_string(body, "key"), "ABCDEFGHJK23456789");
  CHECK(chv_json_get(body, "identifier") == NULL && chv_json_get(body, "password") == NULL &&
        chv_json_get(body, "totp") == NULL);
  const char *nonce = chv_json_string(body, "nonce");
  CHECK(nonce && strlen(nonce) == 22 && strspn(nonce, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop"
                                                      "qrstuvwxyz0123456789_-") == 22);
  cJSON_Delete(body);
}

static void test_auth_by_account_with_a_code_and_by_key_with_account(void) {
  fresh_client();
  action ok[] = {{AUTH_OK, 0, NULL, NULL}, {AUTH_OK, 0, NULL, NULL}};
  script(ok, 2);
  CHECK_STR(CODE(chaveiro_auth(client, HWID, NULL, "ana", "s3nh\xC3\xA1", "123456", NULL, &E)),
            "OK");
  cJSON *body = cJSON_Parse(fake->last.body);
  CHECK_STR(chv_json_string(body, "identifier"), "ana");
  CHECK_STR(chv_json_string(body, "password"), "s3nh\xC3\xA1");
  CHECK_STR(chv_json_string(body, "totp"), "123456");
  CHECK(chv_json_get(body, "key") == NULL);
  cJSON_Delete(body);
  CHECK_STR(CODE(chaveiro_auth(client, HWID, "KEY-1", "ana@exemplo.com", "pw", NULL, NULL,
                                  &E)),
            "OK");
  body = cJSON_Parse(fake->last.body);
  CHECK_STR(chv_json_string(body, "key"), "KEY-1");
  CHECK_STR(chv_json_string(body, "identifier"), "ana@exemplo.com");
  CHECK(chv_json_get(body, "totp") == NULL);
  cJSON_Delete(body);
}

static void test_bad_arguments_are_refused_before_any_call(void) {
  fresh_client();
  script(NULL, 0);
  CHECK_STR(CODE(chaveiro_auth(client, "short", "K", NULL, NULL, NULL, NULL, &E)),
            "INVALID_ARGUMENT");
  chaveiro_error *error = NULL;
  CHECK_INT(chaveiro_auth(client, "bad hwid with spaces", "K", NULL, NULL, NULL, NULL, &error),
            CHAVEIRO_E_INVALID_ARGUMENT);
  CHECK_STR(chaveiro_error_code(error), "INVALID_ARGUMENT");
  chaveiro_error_free(error);
  const char *long_hwid = "a123456789a123456789a123456789a123456789a123456789a123456789a12345678"
                          "9a123456789a123456789a123456789a123456789a123456789a123456789";
  CHECK_INT(chaveiro_auth(client, long_hwid, "K", NULL, NULL, NULL, NULL, NULL),
            CHAVEIRO_E_INVALID_ARGUMENT);
  CHECK_INT(chaveiro_auth(client, HWID, NULL, NULL, NULL, NULL, NULL, NULL),
            CHAVEIRO_E_INVALID_ARGUMENT);
  CHECK_INT(chaveiro_auth(client, HWID, NULL, "ana", NULL, NULL, NULL, NULL),
            CHAVEIRO_E_INVALID_ARGUMENT);
  CHECK_INT(chaveiro_auth(client, HWID, "K", NULL, "pw", NULL, NULL, NULL),
            CHAVEIRO_E_INVALID_ARGUMENT);
  CHECK_INT(chaveiro_auth(client, HWID, "K", NULL, NULL, "123456", NULL, NULL),
            CHAVEIRO_E_INVALID_ARGUMENT);
  CHECK_INT(chaveiro_auth(client, HWID, NULL, "ana", "\xFF\xFE", NULL, NULL, NULL),
            CHAVEIRO_E_INVALID_ARGUMENT);
  CHECK_INT(calls(), 0);

  chaveiro_client *unpinned = NULL;
  CHECK_INT(chaveiro_client_new("http://127.0.0.1:1", PRODUCT, &unpinned), CHAVEIRO_OK);
  CHECK_INT(chaveiro_auth(unpinned, HWID, "K", NULL, NULL, NULL, NULL, NULL),
            CHAVEIRO_E_INVALID_ARGUMENT);
  chaveiro_client_free(unpinned);
  chaveiro_client *c = NULL;
  CHECK_INT(chaveiro_client_new("ftp://x", PRODUCT, &c), CHAVEIRO_E_INVALID_ARGUMENT);
  CHECK_INT(chaveiro_client_new("https://x", "", &c), CHAVEIRO_E_INVALID_ARGUMENT);
  CHECK_INT(chaveiro_client_new(NULL, PRODUCT, &c), CHAVEIRO_E_INVALID_ARGUMENT);
  CHECK(c == NULL);
}

static void test_a_signed_refusal_carries_its_code_and_pt_br_message_and_is_final(void) {
  fresh_client();
  action refusal[] = {{REFUSE, 403, "HWID_MISMATCH", NULL}};
  script(refusal, 1);
  chaveiro_error *error = NULL;
  chaveiro_auth_result *result = NULL;
  CHECK_INT(auth_key(&result, &error), CHAVEIRO_E_REFUSED);
  CHECK(result == NULL);
  CHECK_INT(chaveiro_error_status(error), CHAVEIRO_E_REFUSED);
  CHECK_STR(chaveiro_error_code(error), "HWID_MISMATCH");
  CHECK_STR(chaveiro_error_message(error), "Recusado: HWID_MISMATCH n\xC3\xA3o.");
  CHECK_INT(chaveiro_error_http_status(error), 403);
  CHECK_INT(chaveiro_error_retry_after_ms(error), -1);
  chaveiro_error_free(error);
  CHECK_INT(calls(), 1);
  /* No session was kept. */
  CHECK_STR(CODE(chaveiro_heartbeat(client, NULL, &E)),
            "NOT_AUTHENTICATED");

  const char *final_codes[] = {"MAINTENANCE", "SERVER_OFFLINE", "INVALID_KEY", "ACCOUNT_BANNED"};
  for (size_t i = 0; i < 4; i++) {
    action one[] = {{REFUSE, 503, final_codes[i], NULL}};
    script(one, 1);
    CHECK_STR(CODE(auth_key(NULL, &E)), final_codes[i]);
    CHECK_INT(calls(), 1);
  }
}

#define PRODUCT_UPDATING_DATA                                                                   \
  "{\"ok\":false,\"code\":\"PRODUCT_UPDATING\",\"message\":\"Este produto est\xC3\xA1 em "        \
  "atualiza\xC3\xA7\xC3\xA3o.\",\"product\":{\"status\":\"updating\",\"note\":\"Previs\xC3\xA3o: 48 "  \
  "h\",\"timeFrozen\":true,\"since\":\"2026-11-23T09:30:00.000Z\"}}"

static void test_a_product_status_refusal_carries_its_signed_status_and_note(void) {
  fresh_client();
  retries_seen = 0;
  chaveiro_client_set_retry_callback(client, count_retry, NULL);
  action updating[] = {{REFUSE_DATA, 503, PRODUCT_UPDATING_DATA, NULL}};
  script(updating, 1);
  chaveiro_error *error = NULL;
  CHECK_INT(auth_key(NULL, &error), CHAVEIRO_E_REFUSED);
  CHECK_STR(chaveiro_error_code(error), "PRODUCT_UPDATING");
  CHECK_STR(chaveiro_error_message(error), "Este produto est\xC3\xA1 em atualiza\xC3\xA7\xC3\xA3o.");
  CHECK_INT(chaveiro_error_http_status(error), 503);
  CHECK_STR(chaveiro_error_product_status(error), "updating");
  CHECK_STR(chaveiro_error_product_note(error), "Previs\xC3\xA3o: 48 h");
  CHECK_INT(chaveiro_error_product_time_frozen(error), 1);
  CHECK_STR(chaveiro_error_product_since(error), "2026-11-23T09:30:00.000Z");
  chaveiro_error_free(error);
  /* A signed 503 the seller switched on: final, not retried like a lost node's 503. */
  CHECK_INT(calls(), 1);
  CHECK_INT(retries_seen, 0);

  /* No note, time running. */
  action unavailable[] = {
      {REFUSE_DATA, 503,
       "{\"ok\":false,\"code\":\"PRODUCT_UNAVAILABLE\",\"message\":\"Indispon\xC3\xADvel.\","
       "\"product\":{\"status\":\"unavailable\",\"note\":null,\"timeFrozen\":false,"
       "\"since\":\"2026-11-23T09:30:00.000Z\"}}",
       NULL}};
  script(unavailable, 1);
  error = NULL;
  CHECK_INT(auth_key(NULL, &error), CHAVEIRO_E_REFUSED);
  CHECK_STR(chaveiro_error_code(error), "PRODUCT_UNAVAILABLE");
  CHECK_STR(chaveiro_error_product_status(error), "unavailable");
  CHECK(chaveiro_error_product_note(error) == NULL);
  CHECK_INT(chaveiro_error_product_time_frozen(error), 0);
  chaveiro_error_free(error);
  CHECK_INT(calls(), 1);

  /* A block of another shape is left out; the signed refusal stands. */
  const char *malformed[] = {
      "{\"ok\":false,\"code\":\"PRODUCT_UPDATING\",\"message\":\"m\",\"product\":"
      "{\"status\":\"updating\",\"note\":null,\"timeFrozen\":\"yes\",\"since\":\"2026-11-23T09:30:00Z\"}}",
      "{\"ok\":false,\"code\":\"PRODUCT_UPDATING\",\"message\":\"m\",\"product\":"
      "{\"status\":\"updating\",\"note\":7,\"timeFrozen\":true,\"since\":\"2026-11-23T09:30:00Z\"}}",
      "{\"ok\":false,\"code\":\"PRODUCT_UPDATING\",\"message\":\"m\",\"product\":"
      "{\"status\":\"updating\",\"timeFrozen\":true,\"since\":\"ontem\"}}",
      "{\"ok\":false,\"code\":\"PRODUCT_UPDATING\",\"message\":\"m\",\"product\":\"updating\"}"};
  for (size_t i = 0; i < sizeof malformed / sizeof malformed[0]; i++) {
    action one[] = {{REFUSE_DATA, 503, malformed[i], NULL}};
    script(one, 1);
    error = NULL;
    CHECK_INT(auth_key(NULL, &error), CHAVEIRO_E_REFUSED);
    CHECK_STR(chaveiro_error_code(error), "PRODUCT_UPDATING");
    CHECK(chaveiro_error_product_status(error) == NULL);
    CHECK(chaveiro_error_product_note(error) == NULL);
    CHECK(chaveiro_error_product_since(error) == NULL);
    CHECK_INT(chaveiro_error_product_time_frozen(error), -1);
    chaveiro_error_free(error);
  }

  /* Other errors carry none. */
  action other[] = {{REFUSE, 403, "HWID_MISMATCH", NULL}};
  script(other, 1);
  error = NULL;
  CHECK_INT(auth_key(NULL, &error), CHAVEIRO_E_REFUSED);
  CHECK(chaveiro_error_product_status(error) == NULL);
  CHECK_INT(chaveiro_error_product_time_frozen(error), -1);
  chaveiro_error_free(error);
  CHECK(chaveiro_error_product_status(NULL) == NULL);
  CHECK(chaveiro_error_product_note(NULL) == NULL);
  CHECK(chaveiro_error_product_since(NULL) == NULL);
  CHECK_INT(chaveiro_error_product_time_frozen(NULL), -1);
  chaveiro_client_set_retry_callback(client, NULL, NULL);
}

typedef struct retries {
  int count;
  uint32_t attempts[8];
  uint32_t delays[8];
  char codes[8][32];
} retries;

static void on_retry(void *user, const chaveiro_error *error, uint32_t attempt, uint32_t delay) {
  retries *r = user;
  if (r->count < 8) {
    r->attempts[r->count] = attempt;
    r->delays[r->count] = delay;
    snprintf(r->codes[r->count], sizeof r->codes[0], "%s", chaveiro_error_code(error));
  }
  r->count++;
}

static void test_auth_retries_transient_failures_with_new_nonces(void) {
  fresh_client();
  retries r;
  memset(&r, 0, sizeof r);
  chaveiro_client_set_retry_callback(client, on_retry, &r);
  action flaky[] = {{NETWORK, 0, NULL, NULL}, {GATEWAY, 0, NULL, NULL}, {AUTH_OK, 0, NULL, NULL}};
  script(flaky, 3);
  CHECK_STR(CODE(auth_key(NULL, &E)), "OK");
  CHECK_INT(calls(), 3);
  CHECK_INT(r.count, 2);
  CHECK_INT(r.attempts[0], 1);
  CHECK_INT(r.attempts[1], 2);
  CHECK_INT(r.delays[0], 4);
  CHECK_INT(r.delays[1], 8);
  CHECK_STR(r.codes[0], "NETWORK_ERROR");
  CHECK_STR(r.codes[1], "NETWORK_ERROR");
  CHECK(strcmp(S.nonces[0], S.nonces[1]) != 0 && strcmp(S.nonces[1], S.nonces[2]) != 0);

  /* "Not now" refusals are retried too. */
  action not_now[] = {{REFUSE, 500, "INTERNAL_ERROR", NULL},
                      {REFUSE, 409, "CONFLICT", NULL},
                      {AUTH_OK, 0, NULL, NULL}};
  script(not_now, 3);
  CHECK_STR(CODE(auth_key(NULL, &E)), "OK");
  CHECK_INT(calls(), 3);
}

static void test_auth_gives_up_after_its_attempts_with_the_last_error(void) {
  fresh_client();
  action down[] = {{NETWORK, 0, NULL, NULL}, {GATEWAY, 0, NULL, NULL}, {TIMEOUT, 0, NULL, NULL}};
  script(down, 3);
  chaveiro_error *error = NULL;
  CHECK_INT(auth_key(NULL, &error), CHAVEIRO_E_NETWORK);
  CHECK_STR(chaveiro_error_code(error), "TIMEOUT");
  CHECK_STR(chaveiro_error_message(error), "O servidor demorou demais para responder.");
  chaveiro_error_free(error);
  CHECK_INT(calls(), 3);
  chaveiro_client_set_retry(client, 4, 1000, 1);
  script(down, 3);
  CHECK_STR(CODE(auth_key(NULL, &E)), "NETWORK_ERROR");
  CHECK_INT(calls(), 1);
}

static void test_auth_does_not_retry_a_rate_limit_or_a_single_use_code(void) {
  fresh_client();
  action limited[] = {{REFUSE, 429, "RATE_LIMITED", "30"}, {AUTH_OK, 0, NULL, NULL}};
  script(limited, 2);
  chaveiro_error *error = NULL;
  CHECK_INT(auth_key(NULL, &error), CHAVEIRO_E_REFUSED);
  CHECK_STR(chaveiro_error_code(error), "RATE_LIMITED");
  CHECK_INT(chaveiro_error_retry_after_ms(error), 30000);
  chaveiro_error_free(error);
  CHECK_INT(calls(), 1);
  action lost[] = {{NETWORK, 0, NULL, NULL}, {AUTH_OK, 0, NULL, NULL}};
  script(lost, 2);
  CHECK_STR(CODE(chaveiro_auth(client, HWID, NULL, "ana", "pw", "123456", NULL, &E)),
            "NETWORK_ERROR");
  CHECK_INT(calls(), 1);
}

static void test_an_answer_that_fails_verification_is_never_retried(void) {
  fresh_client();
  struct {
    kind kind;
    const char *code;
  } cases[] = {{TAMPERED, "BAD_SIGNATURE"},  {UNSIGNED, "MISSING_SIGNATURE"},
               {WRONG_NONCE, "WRONG_NONCE"}, {STALE, "STALE_ANSWER"},
               {OTHER_KEY, "UNTRUSTED_KEY"}, {MALFORMED, "MALFORMED_ANSWER"}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    action bad[] = {{cases[i].kind, 0, NULL, NULL}, {AUTH_OK, 0, NULL, NULL}};
    script(bad, 2);
    chaveiro_error *error = NULL;
    CHECK_INT(auth_key(NULL, &error), CHAVEIRO_E_VERIFICATION);
    CHECK_STR(chaveiro_error_code(error), cases[i].code);
    chaveiro_error_free(error);
    CHECK_INT(calls(), 1);
  }
  CHECK_STR(CODE(chaveiro_heartbeat(client, NULL, &E)),
            "NOT_AUTHENTICATED");
}

static void test_a_gateway_page_is_no_answer_but_another_unsigned_status_is_untrusted(void) {
  fresh_client();
  chaveiro_client_set_retry(client, 4, 1000, 1);
  action gateway[] = {{GATEWAY, 0, NULL, NULL}};
  script(gateway, 1);
  chaveiro_error *error = NULL;
  CHECK_INT(auth_key(NULL, &error), CHAVEIRO_E_NETWORK);
  CHECK_STR(chaveiro_error_code(error), "NETWORK_ERROR");
  CHECK_INT(chaveiro_error_http_status(error), 502);
  CHECK(strstr(chaveiro_error_detail(error), "MISSING_SIGNATURE") != NULL);
  chaveiro_error_free(error);
}

static void test_answers_signed_by_a_pinned_previous_key_verify(void) {
  fresh_client();
  action previous[] = {{PREVIOUS_KEY, 0, NULL, NULL}};
  script(previous, 1);
  CHECK_STR(CODE(auth_key(NULL, &E)), "UNTRUSTED_KEY");
  CHECK_INT(chaveiro_client_add_trusted_key(client, S.previous.public_key_base64, NULL),
            CHAVEIRO_OK);
  script(previous, 1);
  CHECK_STR(CODE(auth_key(NULL, &E)), "OK");
  /* A pinning mistake fails at once. */
  CHECK_INT(chaveiro_client_add_trusted_key(client, S.key.public_key_base64, "0000000000000000"),
            CHAVEIRO_E_INVALID_ARGUMENT);
  CHECK_INT(chaveiro_client_add_trusted_key(client, "bm90IGEga2V5", NULL),
            CHAVEIRO_E_INVALID_ARGUMENT);
  CHECK_INT(chaveiro_client_add_trusted_key(client, NULL, NULL), CHAVEIRO_E_INVALID_ARGUMENT);
}

/* ---- heartbeat ------------------------------------------------------------------------------ */

static void test_a_heartbeat_replaces_the_session_token(void) {
  fresh_client();
  CHECK_STR(CODE(chaveiro_heartbeat(client, NULL, &E)),
            "NOT_AUTHENTICATED");
  S.sessions_issued = 0;
  authenticated(); /* token-1 */
  action beats[] = {{AUTH_OK, 0, NULL, NULL}, {AUTH_OK, 0, NULL, NULL}};
  script(beats, 2);
  chaveiro_heartbeat_result *result = NULL;
  CHECK_INT(chaveiro_heartbeat(client, &result, NULL), CHAVEIRO_OK);
  CHECK(chaveiro_heartbeat_result_session_expires_at(result) != NULL);
  CHECK(chaveiro_heartbeat_result_expires_at(result) != NULL);
  chaveiro_heartbeat_result_free(result);
  CHECK_INT(chaveiro_heartbeat(client, NULL, NULL), CHAVEIRO_OK);
  CHECK_STR(S.sessions_seen[0], "token-1");
  CHECK_STR(S.sessions_seen[1], "token-2");
  CHECK_STR(fake->last.url, "https://painel.exemplo.com/api/loader/heartbeat");
  action malformed[] = {{MALFORMED, 0, NULL, NULL}};
  script(malformed, 1);
  CHECK_STR(CODE(chaveiro_heartbeat(client, NULL, &E)), "MALFORMED_ANSWER");
  /* A single heartbeat is not retried: the loop is. */
  action lost[] = {{NETWORK, 0, NULL, NULL}};
  script(lost, 1);
  CHECK_STR(CODE(chaveiro_heartbeat(client, NULL, &E)), "NETWORK_ERROR");
  CHECK_INT(calls(), 1);
}

typedef struct events {
  chv_mutex mutex;
  chv_cond cond;
  int renewed;
  int retrying;
  int ended;
  uint32_t attempts[16];
  uint32_t delays[16];
  char last_code[32];
  char last_note[64]; /* the last error's product note, "" when none */
  int stop_after_renewals; /* stop the loop from its callback after this many, 0: never */
  chaveiro_heartbeat_loop *loop;
} events;

static void on_beat(void *user, chaveiro_heartbeat_loop *self, chaveiro_heartbeat_event event,
                    const chaveiro_heartbeat_result *result, const chaveiro_error *error,
                    uint32_t attempt, uint32_t delay) {
  events *e = user;
  chv_mutex_lock(&e->mutex);
  if (event == CHAVEIRO_HEARTBEAT_RENEWED) {
    CHECK(result != NULL && error == NULL);
    e->renewed++;
  } else if (event == CHAVEIRO_HEARTBEAT_RETRYING) {
    CHECK(result == NULL && error != NULL);
    if (e->retrying < 16) {
      e->attempts[e->retrying] = attempt;
      e->delays[e->retrying] = delay;
    }
    e->retrying++;
  } else {
    e->ended++;
  }
  if (error) {
    snprintf(e->last_code, sizeof e->last_code, "%s", chaveiro_error_code(error));
    const char *note = chaveiro_error_product_note(error);
    snprintf(e->last_note, sizeof e->last_note, "%s", note ? note : "");
  }
  int stop = e->stop_after_renewals && e->renewed == e->stop_after_renewals;
  CHECK(e->loop == NULL || e->loop == self);
  chv_cond_broadcast(&e->cond);
  chv_mutex_unlock(&e->mutex);
  if (stop) chaveiro_heartbeat_stop(self);
}

static void events_init(events *e) {
  memset(e, 0, sizeof *e);
  chv_mutex_init(&e->mutex);
  chv_cond_init(&e->cond);
}

static void events_destroy(events *e) {
  chv_cond_destroy(&e->cond);
  chv_mutex_destroy(&e->mutex);
}

/* Waits (5 s at most) until `renewed` renewals or an end. */
static void await(events *e, int renewed) {
  uint64_t deadline = chv_monotonic_ms() + 5000;
  chv_mutex_lock(&e->mutex);
  while (e->renewed < renewed && !e->ended && chv_monotonic_ms() < deadline) {
    chv_cond_wait_ms(&e->cond, &e->mutex, 50);
  }
  chv_mutex_unlock(&e->mutex);
}

static chaveiro_heartbeat_loop *start_loop(events *e) {
  chaveiro_heartbeat_loop *loop = NULL;
  chaveiro_error *error = NULL;
  chv_mutex_lock(&e->mutex);
  CHECK_INT(chaveiro_heartbeat_start(client, 1, on_beat, e, &loop, &error), CHAVEIRO_OK);
  e->loop = loop;
  chv_mutex_unlock(&e->mutex);
  CHECK(error == NULL);
  return loop;
}

static void test_the_loop_beats_every_interval_until_stopped(void) {
  fresh_client();
  events e;
  events_init(&e);
  chaveiro_heartbeat_loop *loop = NULL;
  CHECK_STR(CODE(chaveiro_heartbeat_start(client, 1, on_beat, &e, &loop, &E)),
            "NOT_AUTHENTICATED");
  S.heartbeat_seconds = 0.02;
  authenticated();
  action beat[] = {{AUTH_OK, 0, NULL, NULL}};
  reset(beat, 0, beat[0]);
  uint64_t started = chv_monotonic_ms();
  loop = start_loop(&e);
  await(&e, 4);
  uint64_t elapsed = chv_monotonic_ms() - started;
  chaveiro_heartbeat_stop(loop);
  int after_stop = calls();
  CHECK(e.renewed >= 4);
  CHECK(elapsed >= 60); /* immediate, then three 20 ms intervals */
  CHECK_INT(e.retrying + e.ended, 0);
  chv_sleep_ms(60);
  CHECK_INT(calls(), after_stop);
  CHECK_INT(chaveiro_heartbeat_wait(loop, 0), CHAVEIRO_OK);
  chaveiro_heartbeat_free(loop);
  events_destroy(&e);
}

static void test_the_loop_retries_transient_failures_with_backoff_then_resumes(void) {
  fresh_client();
  S.heartbeat_seconds = 0.05;
  authenticated();
  events e;
  events_init(&e);
  e.stop_after_renewals = 2;
  action flaky[] = {{NETWORK, 0, NULL, NULL},
                    {GATEWAY, 0, NULL, NULL},
                    {REFUSE, 409, "NONCE_REUSED", NULL},
                    {AUTH_OK, 0, NULL, NULL},
                    {TIMEOUT, 0, NULL, NULL},
                    {AUTH_OK, 0, NULL, NULL}};
  script(flaky, 6);
  chaveiro_heartbeat_loop *loop = start_loop(&e);
  CHECK_INT(chaveiro_heartbeat_wait(loop, 5000), CHAVEIRO_OK);
  CHECK_INT(e.renewed, 2);
  CHECK_INT(e.retrying, 4);
  /* 4 ms, 8 ms, 16 ms ceilings (random = 1), then back to the bottom after a success. */
  CHECK_INT(e.attempts[0], 1);
  CHECK_INT(e.attempts[1], 2);
  CHECK_INT(e.attempts[2], 3);
  CHECK_INT(e.attempts[3], 1);
  CHECK_INT(e.delays[0], 4);
  CHECK_INT(e.delays[1], 8);
  CHECK_INT(e.delays[2], 16);
  CHECK_INT(e.delays[3], 4);
  CHECK_INT(e.ended, 0);
  for (int i = 1; i < 6; i++) CHECK(strcmp(S.nonces[i - 1], S.nonces[i]) != 0);
  /* The same session token on every retry. */
  CHECK_STR(S.sessions_seen[0], S.sessions_seen[3]);
  chaveiro_heartbeat_free(loop);
  events_destroy(&e);
}

static void test_the_loop_waits_at_least_a_rate_limits_retry_after(void) {
  fresh_client();
  S.heartbeat_seconds = 0.05;
  authenticated();
  events e;
  events_init(&e);
  e.stop_after_renewals = 1;
  action limited[] = {{REFUSE, 429, "RATE_LIMITED", "1"}, {AUTH_OK, 0, NULL, NULL}};
  script(limited, 2);
  uint64_t started = chv_monotonic_ms();
  chaveiro_heartbeat_loop *loop = start_loop(&e);
  CHECK_INT(chaveiro_heartbeat_wait(loop, 5000), CHAVEIRO_OK);
  CHECK_INT(e.retrying, 1);
  CHECK_INT(e.delays[0], 1000);
  CHECK(chv_monotonic_ms() - started >= 1000);
  CHECK_INT(e.renewed, 1);
  chaveiro_heartbeat_free(loop);
  events_destroy(&e);
}

static void test_the_loop_ends_on_a_final_refusal_or_an_untrusted_answer(void) {
  struct {
    action action;
    const char *code;
  } cases[] = {{{REFUSE, 401, "SESSION_INVALID", NULL}, "SESSION_INVALID"},
               {{REFUSE, 401, "HWID_RESET", NULL}, "HWID_RESET"},
               {{REFUSE, 503, "MAINTENANCE", NULL}, "MAINTENANCE"},
               {{REFUSE_DATA, 503, PRODUCT_UPDATING_DATA, NULL}, "PRODUCT_UPDATING"},
               {{TAMPERED, 0, NULL, NULL}, "BAD_SIGNATURE"},
               {{WRONG_NONCE, 0, NULL, NULL}, "WRONG_NONCE"},
               {{OTHER_KEY, 0, NULL, NULL}, "UNTRUSTED_KEY"}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    fresh_client();
    S.heartbeat_seconds = 0.01;
    authenticated();
    events e;
    events_init(&e);
    action then[] = {{AUTH_OK, 0, NULL, NULL}, cases[i].action};
    reset(then, 2, then[0]);
    chaveiro_heartbeat_loop *loop = start_loop(&e);
    CHECK_INT(chaveiro_heartbeat_wait(loop, 5000), CHAVEIRO_OK);
    CHECK_INT(e.renewed, 1);
    CHECK_INT(e.ended, 1);
    CHECK_INT(e.retrying, 0);
    CHECK_STR(e.last_code, cases[i].code);
    /* A running session learns the product's status, with the note, at its next heartbeat. */
    CHECK_STR(e.last_note, cases[i].action.kind == REFUSE_DATA ? "Previs\xC3\xA3o: 48 h" : "");
    CHECK_INT(calls(), 2);
    chaveiro_heartbeat_free(loop);
    events_destroy(&e);
  }
}

static void test_the_loop_ends_when_the_outage_outlasts_the_session(void) {
  fresh_client();
  S.heartbeat_seconds = 30;
  S.session_ttl_ms = 40; /* the session runs out 40 ms after auth, by the server's clock */
  authenticated();
  events e;
  events_init(&e);
  action down[] = {{NETWORK, 0, NULL, NULL}};
  reset(down, 0, down[0]);
  chaveiro_heartbeat_loop *loop = start_loop(&e);
  /* Time passes on the client's clock while the server is unreachable. */
  for (int i = 0; i < 100; i++) {
    chv_sleep_ms(2);
    chv_mutex_lock(&S.mutex);
    S.now += 2;
    chv_mutex_unlock(&S.mutex);
  }
  CHECK_INT(chaveiro_heartbeat_wait(loop, 5000), CHAVEIRO_OK);
  CHECK_INT(e.ended, 1);
  CHECK(e.retrying >= 1);
  CHECK_STR(e.last_code, "NETWORK_ERROR");
  chaveiro_heartbeat_free(loop);
  events_destroy(&e);
}

static void test_stop_cancels_a_call_in_flight_and_returns_promptly(void) {
  fresh_client();
  authenticated();
  events e;
  events_init(&e);
  action block[] = {{BLOCK, 0, NULL, NULL}};
  reset(block, 0, block[0]);
  chaveiro_heartbeat_loop *loop = start_loop(&e);
  uint64_t deadline = chv_monotonic_ms() + 5000;
  chv_mutex_lock(&S.mutex);
  while (!S.blocked && chv_monotonic_ms() < deadline) chv_cond_wait_ms(&S.cond, &S.mutex, 20);
  chv_mutex_unlock(&S.mutex);
  CHECK_INT(chaveiro_heartbeat_wait(loop, 20), CHAVEIRO_E_STILL_RUNNING);
  uint64_t started = chv_monotonic_ms();
  chaveiro_heartbeat_stop(loop);
  CHECK(chv_monotonic_ms() - started < 500);
  CHECK_INT(e.renewed + e.retrying + e.ended, 0);
  chaveiro_heartbeat_stop(loop); /* idempotent */
  chaveiro_heartbeat_free(loop);
  events_destroy(&e);

  /* A stop during the wait between heartbeats returns at once too. */
  fresh_client();
  authenticated();
  events_init(&e);
  action beat[] = {{AUTH_OK, 0, NULL, NULL}};
  reset(beat, 0, beat[0]);
  loop = start_loop(&e);
  await(&e, 1);
  started = chv_monotonic_ms();
  chaveiro_heartbeat_free(loop);
  CHECK(chv_monotonic_ms() - started < 500);
  events_destroy(&e);
}

static void test_freeing_the_client_stops_its_loops(void) {
  fresh_client();
  S.heartbeat_seconds = 0.01;
  authenticated();
  events e;
  events_init(&e);
  action beat[] = {{AUTH_OK, 0, NULL, NULL}};
  reset(beat, 0, beat[0]);
  chaveiro_heartbeat_loop *loop = start_loop(&e);
  await(&e, 2);
  chaveiro_client_free(client);
  client = NULL;
  CHECK_INT(chaveiro_heartbeat_wait(loop, 2000), CHAVEIRO_OK);
  chaveiro_heartbeat_free(loop);
  events_destroy(&e);
}

/* ---- download ------------------------------------------------------------------------------- */

static void test_the_download_is_checked_against_the_signed_hash(void) {
  fresh_client();
  chaveiro_file *file = NULL;
  CHECK_STR(CODE(chaveiro_download(client, &file, &E)),
            "NOT_AUTHENTICATED");
  S.sessions_issued = 0;
  authenticated();
  action ok[] = {{FILE_OK, 0, NULL, NULL}};
  script(ok, 1);
  chaveiro_error *error = NULL;
  CHECK_INT(chaveiro_download(client, &file, &error), CHAVEIRO_OK);
  CHECK_INT(chaveiro_file_size(file), strlen(FILE_BYTES));
  CHECK(memcmp(chaveiro_file_data(file), FILE_BYTES, strlen(FILE_BYTES)) == 0);
  CHECK_STR(chaveiro_file_name(file), "aim.dll");
  CHECK_INT(strlen(chaveiro_file_sha256(file)), 64);
  /* The session goes in the header; the URL carries only the nonce. */
  CHECK_STR(fake->last.method, "GET");
  CHECK_STR(S.bearers[0], "token-1");
  CHECK(strstr(fake->last.url, "https://painel.exemplo.com/api/loader/download?nonce=") ==
        fake->last.url);
  CHECK(strstr(fake->last.url, "token") == NULL);

  /* Saved only when asked. */
  const char *path = "chaveiro-test-download.bin";
  CHECK_INT(chaveiro_file_save(file, path, NULL), CHAVEIRO_OK);
  FILE *f = fopen(path, "rb");
  char back[64] = "";
  size_t n = f ? fread(back, 1, sizeof back, f) : 0;
  if (f) fclose(f);
  remove(path);
  CHECK_INT(n, strlen(FILE_BYTES));
  CHECK(memcmp(back, FILE_BYTES, n) == 0);
  CHECK_INT(chaveiro_file_save(file, "no-such-dir/x/y.bin", NULL), CHAVEIRO_E_IO);
  chaveiro_file_free(file);

  struct {
    action action;
    chaveiro_status status;
    const char *code;
  } cases[] = {{{FILE_BAD, 0, NULL, NULL}, CHAVEIRO_E_VERIFICATION, "FILE_MISMATCH"},
               {{FILE_LONGER, 0, NULL, NULL}, CHAVEIRO_E_VERIFICATION, "FILE_MISMATCH"},
               {{REFUSE, 404, "NO_FILE", NULL}, CHAVEIRO_E_REFUSED, "NO_FILE"},
               {{REFUSE, 401, "SESSION_INVALID", NULL}, CHAVEIRO_E_REFUSED, "SESSION_INVALID"},
               {{AUTH_OK, 0, NULL, NULL}, CHAVEIRO_E_VERIFICATION, "MALFORMED_ANSWER"},
               {{TAMPERED, 0, NULL, NULL}, CHAVEIRO_E_VERIFICATION, "BAD_SIGNATURE"},
               {{WRONG_NONCE, 0, NULL, NULL}, CHAVEIRO_E_VERIFICATION, "WRONG_NONCE"},
               {{GATEWAY, 0, NULL, NULL}, CHAVEIRO_E_NETWORK, "NETWORK_ERROR"},
               {{NETWORK, 0, NULL, NULL}, CHAVEIRO_E_NETWORK, "NETWORK_ERROR"}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    script(&cases[i].action, 1);
    file = NULL;
    error = NULL;
    CHECK_INT(chaveiro_download(client, &file, &error), cases[i].status);
    CHECK(file == NULL);
    CHECK_STR(chaveiro_error_code(error), cases[i].code);
    chaveiro_error_free(error);
    CHECK_INT(calls(), 1); /* never retried */
  }
}

static void test_a_download_when_auth_named_no_file_is_a_mismatch(void) {
  fresh_client();
  action no_file[] = {{AUTH_NO_FILE, 0, NULL, NULL}, {FILE_OK, 0, NULL, NULL}};
  script(no_file, 2);
  chaveiro_auth_result *result = NULL;
  CHECK_INT(auth_key(&result, NULL), CHAVEIRO_OK);
  CHECK_INT(chaveiro_auth_result_has_file(result), 0);
  CHECK(chaveiro_auth_result_file_name(result) == NULL);
  chaveiro_auth_result_free(result);
  chaveiro_file *file = NULL;
  CHECK_STR(CODE(chaveiro_download(client, &file, &E)), "FILE_MISMATCH");
}

static void test_the_download_uses_the_renewed_token(void) {
  fresh_client();
  S.sessions_issued = 0;
  authenticated();
  action beat[] = {{AUTH_OK, 0, NULL, NULL}, {FILE_OK, 0, NULL, NULL}};
  script(beat, 2);
  CHECK_INT(chaveiro_heartbeat(client, NULL, NULL), CHAVEIRO_OK);
  chaveiro_file *file = NULL;
  CHECK_INT(chaveiro_download(client, &file, NULL), CHAVEIRO_OK);
  CHECK_STR(S.bearers[1], "token-2");
  chaveiro_file_free(file);
}

/* DESIGN.md: no allocation grows per heartbeat. Measured where ASan counts live bytes. */
static void test_heartbeats_do_not_grow_memory(void) {
#if defined(__SANITIZE_ADDRESS__)
  fresh_client();
  authenticated();
  action beat[] = {{AUTH_OK, 0, NULL, NULL}};
  reset(beat, 0, beat[0]);
  for (int i = 0; i < 50; i++) CHECK_INT(chaveiro_heartbeat(client, NULL, NULL), CHAVEIRO_OK);
  size_t after_50 = __sanitizer_get_current_allocated_bytes();
  for (int i = 0; i < 500; i++) CHECK_INT(chaveiro_heartbeat(client, NULL, NULL), CHAVEIRO_OK);
  size_t after_550 = __sanitizer_get_current_allocated_bytes();
  /* The token's text may grow by a digit ("token-99" → "token-100"): a few bytes, not per beat. */
  CHECK(after_550 <= after_50 + 64);
#else
  printf("  (needs the AddressSanitizer build)\n");
#endif
}

static void test_version_and_status_names(void) {
  CHECK_STR(chaveiro_version(), CHAVEIRO_VERSION_STRING);
  CHECK_INT(chaveiro_version_number(), (CHAVEIRO_VERSION_MAJOR << 16) |
                                           (CHAVEIRO_VERSION_MINOR << 8) | CHAVEIRO_VERSION_PATCH);
  CHECK_STR(chaveiro_status_name(CHAVEIRO_E_REFUSED), "CHAVEIRO_E_REFUSED");
  CHECK_STR(chaveiro_status_name((chaveiro_status)99), "CHAVEIRO_E_UNKNOWN");
  CHECK_STR(chaveiro_error_code(NULL), "");
  chaveiro_error_free(NULL);
  chaveiro_client_free(NULL);
  chaveiro_heartbeat_free(NULL);
  chaveiro_file_free(NULL);
  chaveiro_auth_result_free(NULL);
}

int main(void) {
  if (chaveiro_global_init() != CHAVEIRO_OK) return 1;
  chv_mutex_init(&S.mutex);
  chv_cond_init(&S.cond);
  test_signer_init(&S.key, TEST_SEED);
  test_signer_init(&S.other, OTHER_SEED);
  uint8_t previous_seed[32];
  memset(previous_seed, 7, sizeof previous_seed);
  test_signer_init(&S.previous, previous_seed);
  S.now = INT64_C(1795435200000);

  RUN(test_auth_by_key_keeps_the_session_and_returns_what_was_signed);
  RUN(test_auth_by_account_with_a_code_and_by_key_with_account);
  RUN(test_bad_arguments_are_refused_before_any_call);
  RUN(test_a_signed_refusal_carries_its_code_and_pt_br_message_and_is_final);
  RUN(test_a_product_status_refusal_carries_its_signed_status_and_note);
  RUN(test_auth_retries_transient_failures_with_new_nonces);
  RUN(test_auth_gives_up_after_its_attempts_with_the_last_error);
  RUN(test_auth_does_not_retry_a_rate_limit_or_a_single_use_code);
  RUN(test_an_answer_that_fails_verification_is_never_retried);
  RUN(test_a_gateway_page_is_no_answer_but_another_unsigned_status_is_untrusted);
  RUN(test_answers_signed_by_a_pinned_previous_key_verify);
  RUN(test_a_heartbeat_replaces_the_session_token);
  RUN(test_the_loop_beats_every_interval_until_stopped);
  RUN(test_the_loop_retries_transient_failures_with_backoff_then_resumes);
  RUN(test_the_loop_waits_at_least_a_rate_limits_retry_after);
  RUN(test_the_loop_ends_on_a_final_refusal_or_an_untrusted_answer);
  RUN(test_the_loop_ends_when_the_outage_outlasts_the_session);
  RUN(test_stop_cancels_a_call_in_flight_and_returns_promptly);
  RUN(test_freeing_the_client_stops_its_loops);
  RUN(test_the_download_is_checked_against_the_signed_hash);
  RUN(test_a_download_when_auth_named_no_file_is_a_mismatch);
  RUN(test_the_download_uses_the_renewed_token);
  RUN(test_heartbeats_do_not_grow_memory);
  RUN(test_version_and_status_names);
  chaveiro_client_free(client);
  chv_cond_destroy(&S.cond);
  chv_mutex_destroy(&S.mutex);
  chaveiro_global_cleanup();
  return test_summary("test_client");
}
