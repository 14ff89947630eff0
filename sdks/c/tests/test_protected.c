/* Protected delivery (#42) against a scripted server: the sealed download opened in memory and
 * every way a container can be wrong, the loader report and the signed LOADER_OUTDATED block,
 * the self-update, security events, and the offline licence (token, store, fallbacks). The
 * containers and tokens are made here with libsodium exactly as docs/loader-protocol.md says. */
#include <stdlib.h>

#include <cJSON.h>
#include <sodium.h>

#include "offline.h"
#include "seal.h"
#include "support.h"

#ifndef _WIN32
#  include <sys/stat.h>
#endif

#define PRODUCT "prod_1"
#define HWID "test-machine-0001"
#define DELIVERY "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
/* Four chunks: three full ones and 3 392 bytes. */
#define FILE_SIZE ((size_t)200000)

typedef enum container_fault {
  FAULT_NONE,
  FAULT_FLIP,          /* one byte of the second chunk flipped */
  FAULT_OTHER_KEY,     /* the key sealed to another session key */
  FAULT_SHORT,         /* the last byte missing */
  FAULT_EXTRA,         /* one byte after the final chunk */
  FAULT_NO_FINAL,      /* the last chunk tagged MESSAGE */
  FAULT_EARLY_FINAL,   /* the first chunk tagged FINAL */
  FAULT_MAGIC,         /* CHVSEAL2 */
  FAULT_OTHER_FILE,    /* a valid container of other bytes of the same size */
  FAULT_PLAIN          /* the file in the clear */
} container_fault;

typedef struct scripted {
  test_signer key;
  int64_t now;
  uint8_t *file;
  char file_sha256[65];
  int protected_flag;
  container_fault fault;
  /* What the auth answer carries. */
  const char *offline_token; /* NULL: no offline key; "null": null */
  const char *refusal_data;  /* a signed refusal instead of a success */
  int network_down;
  /* Heartbeats and security events. */
  const char *beat_offline_token;
  const char *action;
  /* Signed refusals answering a security event, a download or an update instead. */
  const char *event_refusal;
  const char *download_refusal;
  const char *update_refusal;
  /* GET /api/loader/update serves these bytes. */
  const uint8_t *update_bytes;
  size_t update_len;
  /* Seen. */
  char auth_body[2048];
  char event_body[1024];
  char update_url[256];
  uint8_t session_key[32];
  int sessions;
} scripted;

static scripted S;
static chaveiro_client *client;
static char store_path[256];

static int64_t clock_of(void *user) {
  (void)user;
  return S.now;
}

static void hex_sha256(const uint8_t *bytes, size_t len, char out[65]) {
  uint8_t digest[32];
  crypto_hash_sha256(digest, bytes, len);
  chv_hex(digest, 32, out);
}

/* A CHVSEAL1 container of `plain` for `recipient`, with the fault asked for. */
static chv_buf seal(const uint8_t *plain, size_t len, const uint8_t recipient[32],
                    container_fault fault) {
  chv_buf out = {0};
  uint8_t key[crypto_secretstream_xchacha20poly1305_KEYBYTES];
  crypto_secretstream_xchacha20poly1305_keygen(key);
  chv_buf_append(&out, fault == FAULT_MAGIC ? "CHVSEAL2" : "CHVSEAL1", 8);
  uint8_t sealed[crypto_box_SEALBYTES + sizeof key];
  uint8_t other_pk[32], other_sk[32];
  crypto_box_keypair(other_pk, other_sk);
  crypto_box_seal(sealed, key, sizeof key, fault == FAULT_OTHER_KEY ? other_pk : recipient);
  chv_buf_append(&out, sealed, sizeof sealed);
  crypto_secretstream_xchacha20poly1305_state state;
  uint8_t header[crypto_secretstream_xchacha20poly1305_HEADERBYTES];
  crypto_secretstream_xchacha20poly1305_init_push(&state, header, key);
  chv_buf_append(&out, header, sizeof header);
  uint8_t *cipher = malloc(CHV_SEAL_CHUNK + crypto_secretstream_xchacha20poly1305_ABYTES);
  size_t at = 0;
  int index = 0;
  do {
    size_t n = len - at > CHV_SEAL_CHUNK ? CHV_SEAL_CHUNK : len - at;
    int last = at + n == len;
    unsigned char tag = last ? crypto_secretstream_xchacha20poly1305_TAG_FINAL
                             : crypto_secretstream_xchacha20poly1305_TAG_MESSAGE;
    if (fault == FAULT_NO_FINAL && last) tag = crypto_secretstream_xchacha20poly1305_TAG_MESSAGE;
    if (fault == FAULT_EARLY_FINAL && index == 0) tag = crypto_secretstream_xchacha20poly1305_TAG_FINAL;
    unsigned long long clen = 0;
    crypto_secretstream_xchacha20poly1305_push(&state, cipher, &clen, plain + at, n, NULL, 0, tag);
    if (fault == FAULT_FLIP && index == 1) cipher[100] ^= 0x01;
    chv_buf_append(&out, cipher, (size_t)clen);
    at += n;
    index++;
  } while (at < len);
  free(cipher);
  if (fault == FAULT_SHORT) out.len--;
  if (fault == FAULT_EXTRA) chv_buf_append(&out, "!", 1);
  return out;
}

static void signed_answer(chv_http_response *r, int status, const char *request,
                          const char *data, const char *nonce) {
  char issued[32];
  test_iso(S.now, issued);
  char *body = test_envelope(&S.key, request, data, nonce, issued, NULL);
  char signature[96];
  test_sign(&S.key, body, strlen(body), signature);
  fake_respond(r, status, body, signature, NULL);
  free(body);
}

static chv_http_outcome handle(void *user, const fake_exchange *x, chv_http_response *r,
                               chv_cancel *cancel) {
  (void)user;
  (void)cancel;
  if (S.network_down) return CHV_HTTP_NETWORK;
  char data[4096];
  if (strstr(x->url, CHV_PATH_AUTH)) {
    snprintf(S.auth_body, sizeof S.auth_body, "%s", x->body);
    cJSON *body = cJSON_Parse(x->body);
    const char *key = chv_json_string(body, "sessionKey");
    size_t key_len = 0;
    memset(S.session_key, 0, 32);
    if (key) sodium_base642bin(S.session_key, 32, key, strlen(key), NULL, &key_len, NULL,
                               sodium_base64_VARIANT_ORIGINAL);
    cJSON_Delete(body);
    if (S.refusal_data) {
      signed_answer(r, 403, "POST " CHV_PATH_AUTH, S.refusal_data, x->nonce);
      return CHV_HTTP_OK;
    }
    char expires[32], offline[2048] = "";
    test_iso(S.now + 15 * 60000, expires);
    if (S.offline_token && strcmp(S.offline_token, "null") == 0) {
      snprintf(offline, sizeof offline, ",\"offline\":null");
    } else if (S.offline_token) {
      snprintf(offline, sizeof offline,
               ",\"offline\":{\"token\":\"%s\",\"expiresAt\":\"2026-11-30T00:00:00.000Z\"}",
               S.offline_token);
    }
    snprintf(data, sizeof data,
             "{\"ok\":true,\"session\":\"token-%d\",\"sessionExpiresAt\":\"%s\","
             "\"heartbeatSeconds\":0.05,\"subscription\":{\"id\":\"sub_1\",\"product\":{\"id\":\""
             PRODUCT "\",\"name\":\"Aim Pro\"},\"expiresAt\":\"2026-12-23T12:00:00.000Z\"},"
             "\"user\":{\"username\":\"ana\"},\"file\":{\"sha256\":\"%s\",\"size\":%zu,"
             "\"name\":\"aim.dll\",\"delivery\":\"" DELIVERY "\",\"protected\":%s}%s}",
             ++S.sessions, expires, S.file_sha256, FILE_SIZE, S.protected_flag ? "true" : "false",
             offline);
    signed_answer(r, 200, "POST " CHV_PATH_AUTH, data, x->nonce);
    return CHV_HTTP_OK;
  }
  if (strstr(x->url, CHV_PATH_HEARTBEAT)) {
    char expires[32], offline[2048] = "";
    test_iso(S.now + 15 * 60000, expires);
    if (S.beat_offline_token) {
      snprintf(offline, sizeof offline,
               ",\"offline\":{\"token\":\"%s\",\"expiresAt\":\"2026-11-30T00:00:00.000Z\"}",
               S.beat_offline_token);
    }
    snprintf(data, sizeof data,
             "{\"ok\":true,\"session\":\"token-%d\",\"sessionExpiresAt\":\"%s\","
             "\"expiresAt\":\"2026-12-23T12:00:00.000Z\"%s}",
             ++S.sessions, expires, offline);
    signed_answer(r, 200, "POST " CHV_PATH_HEARTBEAT, data, x->nonce);
    return CHV_HTTP_OK;
  }
  if (strstr(x->url, CHV_PATH_SECURITY_EVENT)) {
    snprintf(S.event_body, sizeof S.event_body, "%s", x->body);
    if (S.event_refusal) {
      signed_answer(r, 403, "POST " CHV_PATH_SECURITY_EVENT, S.event_refusal, x->nonce);
      return CHV_HTTP_OK;
    }
    snprintf(data, sizeof data, "{\"ok\":true,\"action\":\"%s\"}", S.action);
    signed_answer(r, 200, "POST " CHV_PATH_SECURITY_EVENT, data, x->nonce);
    return CHV_HTTP_OK;
  }
  if (strstr(x->url, CHV_PATH_UPDATE)) {
    snprintf(S.update_url, sizeof S.update_url, "%s", x->url);
    if (S.update_refusal) {
      const char *nonce = strstr(x->url, "&nonce=");
      signed_answer(r, 401, "GET " CHV_PATH_UPDATE, S.update_refusal, nonce ? nonce + 7 : NULL);
      return CHV_HTTP_OK;
    }
    fake_respond_bytes(r, 200, S.update_bytes, S.update_len, "application/octet-stream");
    return CHV_HTTP_OK;
  }
  /* The download. */
  if (S.download_refusal) {
    signed_answer(r, 401, "GET " CHV_PATH_DOWNLOAD, S.download_refusal, x->nonce);
    return CHV_HTTP_OK;
  }
  if (S.fault == FAULT_PLAIN) {
    fake_respond_bytes(r, 200, S.file, FILE_SIZE, "application/octet-stream");
    return CHV_HTTP_OK;
  }
  uint8_t *plain = S.file;
  uint8_t *other = NULL;
  if (S.fault == FAULT_OTHER_FILE) {
    other = malloc(FILE_SIZE);
    memcpy(other, S.file, FILE_SIZE);
    other[FILE_SIZE / 2] ^= 0x40;
    plain = other;
  }
  chv_buf container = seal(plain, FILE_SIZE, S.session_key, S.fault);
  fake_respond_bytes(r, 200, container.data, container.len, "application/vnd.chaveiro.sealed");
  chv_buf_free(&container);
  free(other);
  return CHV_HTTP_OK;
}

static void fresh_client(void) {
  chaveiro_client_free(client);
  CHECK_INT(chaveiro_client_new("https://painel.exemplo.com", PRODUCT, &client), CHAVEIRO_OK);
  CHECK_INT(chaveiro_client_add_trusted_key(client, S.key.public_key_base64, NULL), CHAVEIRO_OK);
  chaveiro_client_set_clock(client, clock_of, NULL);
  chaveiro_client_set_retry(client, 2, 10, 2);
  chaveiro_client_set_offline_store(client, store_path);
  fake_install(client, handle, NULL);
  S.fault = FAULT_NONE;
  S.protected_flag = 1;
  S.offline_token = NULL;
  S.beat_offline_token = NULL;
  S.refusal_data = NULL;
  S.event_refusal = NULL;
  S.download_refusal = NULL;
  S.update_refusal = NULL;
  S.network_down = 0;
  S.action = "record";
}

static chaveiro_status auth(chaveiro_auth_result **out, chaveiro_error **error) {
  return chaveiro_auth(client, HWID, "ABCDEFGHJK23456789", NULL, NULL, NULL, out, error);
}

/* ---- sealed delivery ------------------------------------------------------------------------ */

static void test_auth_sends_a_fresh_session_key_and_reads_the_delivery(void) {
  fresh_client();
  chaveiro_auth_result *result = NULL;
  CHECK_INT(auth(&result, NULL), CHAVEIRO_OK);
  cJSON *body = cJSON_Parse(S.auth_body);
  const char *key = chv_json_string(body, "sessionKey");
  CHECK(key && strlen(key) == 44 && key[43] == '=');
  /* No version set: no loader report. */
  CHECK(chv_json_get(body, "loader") == NULL);
  char first[64];
  snprintf(first, sizeof first, "%s", key ? key : "");
  cJSON_Delete(body);
  CHECK_STR(chaveiro_auth_result_file_delivery(result), DELIVERY);
  CHECK_INT(chaveiro_auth_result_file_protected(result), 1);
  CHECK_INT(chaveiro_auth_result_offline(result), 0);
  CHECK(chaveiro_auth_result_offline_expires_at(result) == NULL);
  chaveiro_auth_result_free(result);
  /* Another client (another run): another key pair. */
  fresh_client();
  CHECK_INT(auth(NULL, NULL), CHAVEIRO_OK);
  body = cJSON_Parse(S.auth_body);
  CHECK(strcmp(first, chv_json_string(body, "sessionKey")) != 0);
  cJSON_Delete(body);
}

static void test_a_sealed_download_opens_in_memory_to_the_signed_bytes(void) {
  fresh_client();
  CHECK_INT(auth(NULL, NULL), CHAVEIRO_OK);
  chaveiro_file *file = NULL;
  chaveiro_error *error = NULL;
  CHECK_INT(chaveiro_download(client, &file, &error), CHAVEIRO_OK);
  if (error) fprintf(stderr, "  %s: %s\n", chaveiro_error_code(error), chaveiro_error_detail(error));
  chaveiro_error_free(error);
  CHECK_INT(chaveiro_file_size(file), FILE_SIZE);
  CHECK(file && memcmp(chaveiro_file_data(file), S.file, FILE_SIZE) == 0);
  CHECK_STR(chaveiro_file_sha256(file), S.file_sha256);
  CHECK_STR(chaveiro_file_delivery(file), DELIVERY);
  CHECK_INT(chaveiro_file_was_sealed(file), 1);
  chaveiro_file_free(file);
}

static void test_every_wrong_container_is_refused(void) {
  struct {
    container_fault fault;
    const char *code;
  } cases[] = {{FAULT_FLIP, "DECRYPT_FAILED"},        {FAULT_OTHER_KEY, "DECRYPT_FAILED"},
               {FAULT_SHORT, "DECRYPT_FAILED"},       {FAULT_EXTRA, "DECRYPT_FAILED"},
               {FAULT_NO_FINAL, "DECRYPT_FAILED"},    {FAULT_EARLY_FINAL, "DECRYPT_FAILED"},
               {FAULT_MAGIC, "DECRYPT_FAILED"},       {FAULT_OTHER_FILE, "FILE_MISMATCH"},
               {FAULT_PLAIN, "DECRYPT_FAILED"}};
  fresh_client();
  CHECK_INT(auth(NULL, NULL), CHAVEIRO_OK);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    S.fault = cases[i].fault;
    chaveiro_file *file = NULL;
    chaveiro_error *error = NULL;
    chaveiro_status status = chaveiro_download(client, &file, &error);
    CHECK_INT(status, CHAVEIRO_E_VERIFICATION);
    CHECK(file == NULL);
    if (strcmp(chaveiro_error_code(error), cases[i].code) != 0) {
      fprintf(stderr, "  fault %d: %s (%s)\n", (int)cases[i].fault, chaveiro_error_code(error),
              chaveiro_error_detail(error));
      test_failures++;
    }
    chaveiro_error_free(error);
  }
}

static void test_a_plain_file_is_accepted_when_the_product_is_not_protected(void) {
  fresh_client();
  S.protected_flag = 0;
  CHECK_INT(auth(NULL, NULL), CHAVEIRO_OK);
  S.fault = FAULT_PLAIN;
  chaveiro_file *file = NULL;
  CHECK_INT(chaveiro_download(client, &file, NULL), CHAVEIRO_OK);
  CHECK_INT(chaveiro_file_was_sealed(file), 0);
  CHECK(file && memcmp(chaveiro_file_data(file), S.file, FILE_SIZE) == 0);
  chaveiro_file_free(file);
  /* A sealed answer is opened whatever the flag said. */
  S.fault = FAULT_NONE;
  CHECK_INT(chaveiro_download(client, &file, NULL), CHAVEIRO_OK);
  CHECK_INT(chaveiro_file_was_sealed(file), 1);
  chaveiro_file_free(file);
}

static void test_the_unsealer_takes_any_split_and_an_empty_file(void) {
  uint8_t pk[32];
  uint8_t *sk = sodium_malloc(32);
  crypto_box_keypair(pk, sk);
  size_t sizes[] = {0, 1, CHV_SEAL_CHUNK - 1, CHV_SEAL_CHUNK, CHV_SEAL_CHUNK + 1,
                    2 * CHV_SEAL_CHUNK};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    chv_buf container = seal(S.file, sizes[i], pk, FAULT_NONE);
    chv_buf out = {0};
    chv_unseal u;
    CHECK_INT(chv_unseal_init(&u, pk, sk, sizes[i], &out), 0);
    /* Room for exactly the signed size (and the NUL), not a doubling past it. */
    CHECK_INT(out.cap, sizes[i] + 1);
    /* One byte at a time. */
    int rc = 0;
    for (size_t at = 0; at < container.len && rc == 0; at++) {
      rc = chv_unseal_feed(&u, container.data + at, 1);
    }
    char sha[65], expected[65];
    CHECK_INT(rc, 0);
    CHECK_INT(chv_unseal_finish(&u, sha), 0);
    hex_sha256(S.file, sizes[i], expected);
    CHECK_STR(sha, expected);
    CHECK_INT(out.len, sizes[i]);
    chv_unseal_free(&u);
    chv_buf_free(&out);
    chv_buf_free(&container);
  }
  sodium_free(sk);
}

/* ---- loader report, LOADER_OUTDATED, self-update -------------------------------------------- */

static void test_auth_reports_the_loader_hash_and_version(void) {
  fresh_client();
  CHECK_INT(chaveiro_client_set_loader_version(client, "bad version"), CHAVEIRO_E_INVALID_ARGUMENT);
  CHECK_INT(chaveiro_client_set_loader_version(client, "2.4.0+build_7"), CHAVEIRO_OK);
  const char *path = "chaveiro-test-loader.bin";
  FILE *f = fopen(path, "wb");
  fputs("a loader executable", f);
  fclose(f);
  CHECK_INT(chaveiro_client_set_loader_path(client, path), CHAVEIRO_OK);
  CHECK_INT(auth(NULL, NULL), CHAVEIRO_OK);
  cJSON *body = cJSON_Parse(S.auth_body);
  const cJSON *loader = chv_json_get(body, "loader");
  char expected[65];
  hex_sha256((const uint8_t *)"a loader executable", 19, expected);
  CHECK_STR(chv_json_string(loader, "sha256"), expected);
  CHECK_STR(chv_json_string(loader, "version"), "2.4.0+build_7");
  cJSON_Delete(body);
  remove(path);
  /* Without a path: the running executable (this test). */
  fresh_client();
  chaveiro_client_set_loader_version(client, "1.0.0");
  CHECK_INT(auth(NULL, NULL), CHAVEIRO_OK);
  body = cJSON_Parse(S.auth_body);
  char *self = chv_self_exe_path();
  char own[65] = "";
  if (self) chv_file_sha256(self, own);
  free(self);
  CHECK_STR(chv_json_string(chv_json_get(body, "loader"), "sha256"), own);
  cJSON_Delete(body);
}

static const uint8_t NEW_LOADER[] = "the loader, version 2.4.0";

static chaveiro_error *outdated_refusal(const char *sha, size_t size, int with_update) {
  char data[1024];
  snprintf(data, sizeof data,
           "{\"ok\":false,\"code\":\"LOADER_OUTDATED\",\"message\":\"Atualize o loader.\","
           "\"loader\":{\"version\":\"2.4.0\",\"sha256\":\"%s\",\"size\":%zu,"
           "\"name\":\"loader.exe\",\"update\":%s}}",
           sha, size,
           with_update ? "{\"token\":\"u1.abc/def+ghi\",\"expiresAt\":\"2026-11-23T12:10:00.000Z\"}"
                       : "null");
  S.refusal_data = data;
  chaveiro_error *error = NULL;
  CHECK_INT(auth(NULL, &error), CHAVEIRO_E_REFUSED);
  S.refusal_data = NULL;
  return error;
}

static void test_loader_outdated_carries_the_signed_loader_and_self_updates(void) {
  fresh_client();
  char sha[65];
  hex_sha256(NEW_LOADER, sizeof NEW_LOADER - 1, sha);
  chaveiro_error *refusal = outdated_refusal(sha, sizeof NEW_LOADER - 1, 1);
  CHECK_STR(chaveiro_error_code(refusal), "LOADER_OUTDATED");
  CHECK_INT(chaveiro_error_has_loader(refusal), 1);
  CHECK_STR(chaveiro_error_loader_version(refusal), "2.4.0");
  CHECK_STR(chaveiro_error_loader_sha256(refusal), sha);
  CHECK_STR(chaveiro_error_loader_name(refusal), "loader.exe");
  CHECK_INT(chaveiro_error_loader_size(refusal), sizeof NEW_LOADER - 1);
  CHECK_STR(chaveiro_error_loader_update_token(refusal), "u1.abc/def+ghi");
  CHECK_STR(chaveiro_error_loader_update_expires_at(refusal), "2026-11-23T12:10:00.000Z");

  const char *path = "chaveiro-test-old-loader.bin";
  FILE *f = fopen(path, "wb");
  fputs("the loader, version 1.0.0", f);
  fclose(f);
#ifndef _WIN32
  chmod(path, 06750);
#endif
  chaveiro_client_set_loader_path(client, path);
  char old_sha[65];
  hex_sha256((const uint8_t *)"the loader, version 1.0.0", 25, old_sha);
  char now[65] = "";

  /* Bytes that are not the signed ones are not written. */
  static const uint8_t forged[] = "the loader, version 6.6.6";
  S.update_bytes = forged;
  S.update_len = sizeof forged - 1;
  CHECK_STR(CODE(chaveiro_self_update(client, refusal, CHAVEIRO_SELF_UPDATE_NO_RESTART, &E)),
            "FILE_MISMATCH");
  chv_file_sha256(path, now);
  CHECK_STR(now, old_sha);
  /* Nor more bytes than signed (the signed ones and one more). */
  static const uint8_t longer[] = "the loader, version 2.4.0!";
  S.update_bytes = longer;
  S.update_len = sizeof longer - 1;
  CHECK_STR(CODE(chaveiro_self_update(client, refusal, CHAVEIRO_SELF_UPDATE_NO_RESTART, &E)),
            "FILE_MISMATCH");
  /* A signed refusal of the update (an expired token) is that refusal. */
  S.update_refusal = "{\"ok\":false,\"code\":\"SESSION_INVALID\",\"message\":\"Expirou.\"}";
  CHECK_STR(CODE(chaveiro_self_update(client, refusal, CHAVEIRO_SELF_UPDATE_NO_RESTART, &E)),
            "SESSION_INVALID");
  CHECK_INT(E_status, CHAVEIRO_E_REFUSED);
  S.update_refusal = NULL;
  chv_file_sha256(path, now);
  CHECK_STR(now, old_sha);

  S.update_bytes = NEW_LOADER;
  S.update_len = sizeof NEW_LOADER - 1;
  chaveiro_error *error = NULL;
  CHECK_INT(chaveiro_self_update(client, refusal, CHAVEIRO_SELF_UPDATE_NO_RESTART, &error),
            CHAVEIRO_OK);
  if (error) fprintf(stderr, "  %s\n", chaveiro_error_detail(error));
  chaveiro_error_free(error);
  CHECK(strstr(S.update_url, "/api/loader/update?token=u1.abc%2Fdef%2Bghi&nonce=") != NULL);
  chv_file_sha256(path, now);
  CHECK_STR(now, sha);
#ifdef _WIN32
  /* The running exe was renamed aside, the new one moved in. */
  char old[65] = "";
  char old_path[128];
  snprintf(old_path, sizeof old_path, "%s.old", path);
  chv_file_sha256(old_path, old);
  CHECK_STR(old, old_sha);
  remove(old_path);
#else
  struct stat info;
  CHECK(stat(path, &info) == 0 && (info.st_mode & 0777) == 0750);
  /* The permissions pass on; setuid and setgid do not. */
  CHECK((info.st_mode & 07000) == 0);
#endif

  /* The refusal now names the loader running (a published loader still below the minimum):
   * nothing is fetched or swapped, since a restart would be refused and update again forever. */
  S.update_url[0] = '\0';
  error = NULL;
  CHECK_INT(chaveiro_self_update(client, refusal, CHAVEIRO_SELF_UPDATE_NO_RESTART, &error),
            CHAVEIRO_E_INVALID_ARGUMENT);
  CHECK(error && strstr(chaveiro_error_detail(error), "already the current loader") != NULL);
  chaveiro_error_free(error);
  /* The same with the values one by one (the C++ and C# front ends), in either case. */
  char upper[65];
  for (size_t i = 0; i < sizeof upper; i++) {
    upper[i] = sha[i] >= 'a' && sha[i] <= 'f' ? (char)(sha[i] - 'a' + 'A') : sha[i];
  }
  error = NULL;
  CHECK_INT(chaveiro_self_update_to(client, "u1.abc", upper, sizeof NEW_LOADER - 1,
                                    CHAVEIRO_SELF_UPDATE_NO_RESTART, &error),
            CHAVEIRO_E_INVALID_ARGUMENT);
  CHECK(error && strstr(chaveiro_error_detail(error), "already the current loader") != NULL);
  chaveiro_error_free(error);
  CHECK_STR(S.update_url, "");
  chv_file_sha256(path, now);
  CHECK_STR(now, sha);
  remove(path);
  chaveiro_error_free(refusal);

  /* No update token (the product has no loader file), or any other error: nothing to do. */
  refusal = outdated_refusal(sha, 10, 0);
  CHECK_INT(chaveiro_error_has_loader(refusal), 1);
  CHECK(chaveiro_error_loader_update_token(refusal) == NULL);
  CHECK_INT(chaveiro_self_update(client, refusal, CHAVEIRO_SELF_UPDATE_NO_RESTART, NULL),
            CHAVEIRO_E_INVALID_ARGUMENT);
  chaveiro_error_free(refusal);
  /* A block of another shape is left out; the refusal stands. */
  refusal = outdated_refusal("not-a-hash", 10, 1);
  CHECK_INT(chaveiro_error_has_loader(refusal), 0);
  chaveiro_error_free(refusal);
}

/* ---- security events ------------------------------------------------------------------------ */

typedef struct loop_events {
  chv_mutex mutex;
  int renewed;
  int offline;
  char ended[64];
  char offline_until[40];
} loop_events;

static void on_event(void *user, chaveiro_heartbeat_loop *loop, chaveiro_heartbeat_event event,
                     const chaveiro_heartbeat_result *result, const chaveiro_error *error,
                     uint32_t attempt, uint32_t next_delay_ms) {
  (void)loop;
  (void)attempt;
  (void)next_delay_ms;
  loop_events *e = user;
  chv_mutex_lock(&e->mutex);
  if (event == CHAVEIRO_HEARTBEAT_RENEWED) e->renewed++;
  if (event == CHAVEIRO_HEARTBEAT_OFFLINE) {
    e->offline++;
    snprintf(e->offline_until, sizeof e->offline_until, "%s",
             chaveiro_heartbeat_result_offline_expires_at(result));
  }
  if (event == CHAVEIRO_HEARTBEAT_ENDED) {
    snprintf(e->ended, sizeof e->ended, "%s", chaveiro_error_code(error));
  }
  chv_mutex_unlock(&e->mutex);
}

static int renewed_count(loop_events *e) {
  chv_mutex_lock(&e->mutex);
  int n = e->renewed;
  chv_mutex_unlock(&e->mutex);
  return n;
}

static int offline_count(loop_events *e) {
  chv_mutex_lock(&e->mutex);
  int n = e->offline;
  chv_mutex_unlock(&e->mutex);
  return n;
}

static void test_a_security_event_that_ends_the_session_ends_the_loop(void) {
  fresh_client();
  chaveiro_security_action action = CHAVEIRO_SECURITY_OTHER;
  CHECK_STR(CODE(chaveiro_report_security_event(client, "debugger", NULL, &action, &E)),
            "NOT_AUTHENTICATED");
  CHECK_INT(chaveiro_report_security_event(client, "rootkit", NULL, &action, NULL),
            CHAVEIRO_E_INVALID_ARGUMENT);
  CHECK_INT(auth(NULL, NULL), CHAVEIRO_OK);
  CHECK_INT(chaveiro_report_security_event(client, "hooked_api", "IsDebuggerPresent", &action,
                                           NULL),
            CHAVEIRO_OK);
  CHECK_INT(action, CHAVEIRO_SECURITY_RECORD);
  cJSON *body = cJSON_Parse(S.event_body);
  CHECK_STR(chv_json_string(body, "kind"), "hooked_api");
  CHECK_STR(chv_json_string(body, "detail"), "IsDebuggerPresent");
  char expected_session[32];
  snprintf(expected_session, sizeof expected_session, "token-%d", S.sessions);
  CHECK_STR(chv_json_string(body, "session"), expected_session);
  CHECK(chv_json_string(body, "nonce") != NULL);
  cJSON_Delete(body);

  /* The detail goes as the server takes it: trimmed, then cut to 200 characters as JavaScript
   * counts them (UTF-16 code units: an emoji is two) on a character boundary; blank, it is
   * left out. A long one is shortened, not refused. */
  static const char emoji[] = "\xF0\x9F\x98\x80"; /* U+1F600: 4 bytes, 2 units */
  char emojis[1100] = " \t\xE3\x80\x80";          /* U+3000 is a space to JavaScript */
  char emojis_sent[1100] = "";
  for (int i = 0; i < 250; i++) strcat(emojis, emoji);
  for (int i = 0; i < 100; i++) strcat(emojis_sent, emoji);
  strcat(emojis, " \n");
  /* 199 units, then an emoji that does not fit: it is not split. */
  char letters[300], letters_sent[300];
  memset(letters_sent, 'a', 199);
  letters_sent[199] = '\0';
  strcpy(letters, letters_sent);
  strcat(letters, emoji);
  strcat(letters, "b");
  struct {
    const char *given;
    const char *sent; /* NULL: no detail */
  } details[] = {{emojis, emojis_sent},
                 {letters, letters_sent},
                 {"  x64dbg\xC2\xA0", "x64dbg"},
                 {" \t\r\n\xE2\x80\xA8 ", NULL}};
  for (size_t i = 0; i < sizeof details / sizeof details[0]; i++) {
    CHECK_INT(chaveiro_report_security_event(client, "debugger", details[i].given, &action, NULL),
              CHAVEIRO_OK);
    body = cJSON_Parse(S.event_body);
    if (details[i].sent) {
      CHECK_STR(chv_json_string(body, "detail"), details[i].sent);
    } else {
      CHECK(chv_json_get(body, "detail") == NULL);
    }
    cJSON_Delete(body);
  }
  CHECK_INT(chaveiro_report_security_event(client, "debugger", "\xC3\x28", &action, NULL),
            CHAVEIRO_E_INVALID_ARGUMENT);

  loop_events e;
  memset(&e, 0, sizeof e);
  chv_mutex_init(&e.mutex);
  chaveiro_heartbeat_loop *loop = NULL;
  CHECK_INT(chaveiro_heartbeat_start(client, 1, on_event, &e, &loop, NULL), CHAVEIRO_OK);
  for (int i = 0; i < 400 && renewed_count(&e) < 2; i++) chv_sleep_ms(5);
  S.action = "end_session";
  CHECK_INT(chaveiro_report_security_event(client, "debugger", NULL, &action, NULL), CHAVEIRO_OK);
  CHECK_INT(action, CHAVEIRO_SECURITY_END_SESSION);
  CHECK_INT(chaveiro_heartbeat_wait(loop, 5000), CHAVEIRO_OK);
  CHECK_STR(e.ended, "SESSION_ENDED");
  chaveiro_heartbeat_free(loop);
  chv_mutex_destroy(&e.mutex);
  chaveiro_error *error = NULL;
  CHECK_INT(chaveiro_heartbeat(client, NULL, &error), CHAVEIRO_E_REFUSED);
  CHECK_STR(chaveiro_error_code(error), "SESSION_ENDED");
  chaveiro_error_free(error);
  chaveiro_file *file = NULL;
  CHECK_STR(CODE(chaveiro_download(client, &file, &E)), "SESSION_ENDED");
  /* A new auth starts a new session. */
  CHECK_INT(auth(NULL, NULL), CHAVEIRO_OK);
  CHECK_INT(chaveiro_heartbeat(client, NULL, NULL), CHAVEIRO_OK);
  S.action = "ban_account";
  CHECK_INT(chaveiro_report_security_event(client, "self_check_failed", NULL, &action, NULL),
            CHAVEIRO_OK);
  CHECK_INT(action, CHAVEIRO_SECURITY_BAN_ACCOUNT);
  CHECK_STR(CODE(chaveiro_heartbeat(client, NULL, &E)), "SESSION_ENDED");
}

/* ---- offline grace -------------------------------------------------------------------------- */

static char *make_token(const test_signer *signer, const char *product, const char *hwid,
                        int64_t issued, int64_t expires) {
  char hwid_hash[65], issued_at[32], expires_at[32];
  hex_sha256((const uint8_t *)hwid, strlen(hwid), hwid_hash);
  test_iso(issued, issued_at);
  test_iso(expires, expires_at);
  char payload[1024];
  snprintf(payload, sizeof payload,
           "{\"v\":1,\"keyId\":\"%s\",\"productId\":\"%s\",\"subscriptionId\":\"sub_1\","
           "\"hwid\":\"%s\",\"username\":\"ana\",\"issuedAt\":\"%s\",\"expiresAt\":\"%s\"}",
           signer->key_id, product, hwid_hash, issued_at, expires_at);
  char payload64[2048];
  sodium_bin2base64(payload64, sizeof payload64, (const uint8_t *)payload, strlen(payload),
                    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  char to_sign[2200];
  snprintf(to_sign, sizeof to_sign, "chaveiro-offline-v1.%s", payload64);
  uint8_t signature[64];
  crypto_sign_detached(signature, NULL, (const uint8_t *)to_sign, strlen(to_sign),
                       signer->secret_key);
  char signature64[100];
  sodium_bin2base64(signature64, sizeof signature64, signature, 64,
                    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  size_t len = strlen(payload64) + strlen(signature64) + 8;
  char *token = malloc(len);
  snprintf(token, len, "v1.%s.%s", payload64, signature64);
  return token;
}

static void test_the_offline_token_is_checked_field_by_field(void) {
  test_signer other;
  test_signer_init(&other, OTHER_SEED);
  chv_trusted_key key;
  CHECK_INT(chv_trusted_key_parse(S.key.public_key_base64, &key), 0);
  const int64_t hour = 3600000;
  int64_t now = S.now;
  struct {
    const test_signer *signer;
    const char *product;
    const char *hwid;
    int64_t issued, expires, last_seen;
    int ok;
  } cases[] = {
      {&S.key, PRODUCT, HWID, now - hour, now + hour, 0, 1},
      {&S.key, PRODUCT, HWID, now + 4 * 60000, now + hour, 0, 1}, /* issued 4 min ahead */
      {&S.key, PRODUCT, HWID, now + 6 * 60000, now + hour, 0, 0}, /* 6 min ahead */
      {&S.key, PRODUCT, HWID, now - 2 * hour, now, 0, 0},         /* lapsed right now */
      {&S.key, "prod_2", HWID, now - hour, now + hour, 0, 0},     /* another product */
      {&S.key, PRODUCT, "other-machine-01", now - hour, now + hour, 0, 0},
      {&other, PRODUCT, HWID, now - hour, now + hour, 0, 0},      /* a key not pinned */
      {&S.key, PRODUCT, HWID, now - hour, now + hour, now + 4 * 60000, 1},
      {&S.key, PRODUCT, HWID, now - hour, now + hour, now + 6 * 60000, 0}, /* clock rolled back */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char *token = make_token(cases[i].signer, cases[i].product, cases[i].hwid, cases[i].issued,
                             cases[i].expires);
    chv_offline_claims claims;
    char detail[128] = "";
    int rc = chv_offline_verify(token, &key, 1, PRODUCT, HWID, now, cases[i].last_seen, &claims,
                                detail, sizeof detail);
    if ((rc == 0) != cases[i].ok) {
      fprintf(stderr, "  case %zu: %s\n", i, rc == 0 ? "accepted" : detail);
      test_failures++;
    }
    if (rc == 0) {
      CHECK_STR(claims.username, "ana");
      CHECK_STR(claims.subscription_id, "sub_1");
      chv_offline_claims_free(&claims);
    }
    /* Any byte flipped breaks it. */
    if (cases[i].ok) {
      size_t len = strlen(token);
      char *copy = malloc(len + 1);
      for (size_t at = 3; at < len; at += 7) {
        memcpy(copy, token, len + 1);
        if (copy[at] == '.') continue;
        copy[at] = copy[at] == 'A' ? 'B' : 'A';
        CHECK(chv_offline_verify(copy, &key, 1, PRODUCT, HWID, now, 0, &claims, detail,
                                 sizeof detail) != 0);
      }
      free(copy);
    }
    free(token);
  }
}

static void test_the_store_is_bound_to_the_machine_and_product(void) {
  remove(store_path);
  CHECK_INT(chv_offline_store_write(store_path, HWID, PRODUCT, "v1.token.sig", 1234), 0);
  char *token = NULL;
  int64_t seen = 0;
  CHECK_INT(chv_offline_store_read(store_path, HWID, PRODUCT, &token, &seen), 0);
  CHECK_STR(token, "v1.token.sig");
  CHECK_INT(seen, 1234);
  chv_free_secret(token);
  CHECK_INT(chv_offline_store_read(store_path, "other-machine-01", PRODUCT, &token, &seen), -1);
  CHECK_INT(chv_offline_store_read(store_path, HWID, "prod_2", &token, &seen), -1);
  /* The file holds no token in the clear and starts with its magic. */
  chv_buf file = {0};
  CHECK_INT(chv_file_read(store_path, &file, 65536), 0);
  CHECK(file.len > 8 && memcmp(file.data, "CHVOFF1\0", 8) == 0);
  int clear = 0;
  for (size_t i = 0; i + 8 < file.len; i++) clear |= memcmp(file.data + i, "v1.token", 8) == 0;
  CHECK(!clear);
  chv_buf_free(&file);
  remove(store_path);
  char *path = chv_offline_default_path("prod/../x");
  CHECK(path != NULL && strstr(path, "prod_.._x.lic") != NULL);
  free(path);
}

static void test_auth_falls_back_to_the_stored_licence_until_it_lapses(void) {
  remove(store_path);
  const int64_t hour = 3600000;
  fresh_client();
  char *token = make_token(&S.key, PRODUCT, HWID, S.now - 60000, S.now + 2 * hour);
  S.offline_token = token;
  chaveiro_auth_result *result = NULL;
  CHECK_INT(auth(&result, NULL), CHAVEIRO_OK);
  CHECK(chaveiro_auth_result_offline_expires_at(result) != NULL);
  chaveiro_auth_result_free(result);

  /* The server unreachable: the next run starts offline. */
  fresh_client();
  S.network_down = 1;
  CHECK_INT(auth(&result, NULL), CHAVEIRO_OK);
  CHECK_INT(chaveiro_auth_result_offline(result), 1);
  CHECK_STR(chaveiro_auth_result_username(result), "ana");
  CHECK_STR(chaveiro_auth_result_product_id(result), PRODUCT);
  CHECK_INT(chaveiro_auth_result_has_file(result), 0);
  char expires[32];
  test_iso(S.now + 2 * hour, expires);
  CHECK_STR(chaveiro_auth_result_offline_expires_at(result), expires);
  chaveiro_auth_result_free(result);
  chaveiro_file *file = NULL;
  CHECK_STR(CODE(chaveiro_download(client, &file, &E)), "NOT_AUTHENTICATED");
  /* Another machine's HWID: nothing stands in. */
  CHECK_STR(CODE(chaveiro_auth(client, "other-machine-01", "K", NULL, NULL, NULL, NULL, &E)),
            "NETWORK_ERROR");

  /* The loop watches the licence and ends when it lapses. */
  CHECK_INT(auth(NULL, NULL), CHAVEIRO_OK);
  loop_events e;
  memset(&e, 0, sizeof e);
  chv_mutex_init(&e.mutex);
  chaveiro_heartbeat_loop *loop = NULL;
  CHECK_INT(chaveiro_heartbeat_start(client, 1, on_event, &e, &loop, NULL), CHAVEIRO_OK);
  for (int i = 0; i < 400 && offline_count(&e) == 0; i++) chv_sleep_ms(5);
  CHECK_STR(e.offline_until, expires);
  S.now += 2 * hour; /* the licence lapses: the loop's next check (within 30 s) ends it */
  chaveiro_heartbeat_stop(loop);
  chaveiro_heartbeat_free(loop);
  chv_mutex_destroy(&e.mutex);
  CHECK_STR(CODE(auth(NULL, &E)), "NETWORK_ERROR");
  S.now -= 2 * hour;

  /* A clock turned back past the latest time seen is refused. */
  S.now -= 10 * 60000;
  CHECK_STR(CODE(auth(NULL, &E)), "NETWORK_ERROR");
  S.now += 10 * 60000;
  CHECK_STR(CODE(auth(NULL, &E)), "OK");

  /* Back online, a licence refusal ends the grace: nothing stands in afterwards. */
  S.network_down = 0;
  S.refusal_data = "{\"ok\":false,\"code\":\"ACCOUNT_BANNED\",\"message\":\"Conta banida.\"}";
  CHECK_STR(CODE(auth(NULL, &E)), "ACCOUNT_BANNED");
  S.refusal_data = NULL;
  S.network_down = 1;
  CHECK_STR(CODE(auth(NULL, &E)), "NETWORK_ERROR");
  S.network_down = 0;
  free(token);

  /* "offline": null (the product no longer allows it) forgets the stored licence too. */
  token = make_token(&S.key, PRODUCT, HWID, S.now - 60000, S.now + 2 * hour);
  S.offline_token = token;
  CHECK_INT(auth(NULL, NULL), CHAVEIRO_OK);
  S.offline_token = "null";
  CHECK_INT(auth(NULL, NULL), CHAVEIRO_OK);
  S.network_down = 1;
  CHECK_STR(CODE(auth(NULL, &E)), "NETWORK_ERROR");
  S.network_down = 0;
  S.offline_token = NULL;
  free(token);
  /* Offline grace off for a client: nothing stored. */
  remove(store_path);
  fresh_client();
  chaveiro_client_set_offline_store(client, "");
  token = make_token(&S.key, PRODUCT, HWID, S.now - 60000, S.now + 2 * hour);
  S.offline_token = token;
  CHECK_INT(auth(NULL, NULL), CHAVEIRO_OK);
  FILE *f = fopen(store_path, "rb");
  CHECK(f == NULL);
  if (f) fclose(f);
  S.offline_token = NULL;
  free(token);
}

static int stored_licence_exists(void) {
  FILE *f = fopen(store_path, "rb");
  if (f) fclose(f);
  return f != NULL;
}

static void test_a_licence_refusal_to_any_call_forgets_the_stored_licence(void) {
  remove(store_path);
  const int64_t hour = 3600000;
  char *token = make_token(&S.key, PRODUCT, HWID, S.now - 60000, S.now + hour);
  struct {
    const char **answer;
    const char *data;
    const char *code;
  } cases[] = {
      {&S.download_refusal,
       "{\"ok\":false,\"code\":\"SESSION_ENDED\",\"message\":\"Sess\u00e3o encerrada.\"}",
       "SESSION_ENDED"},
      {&S.event_refusal, "{\"ok\":false,\"code\":\"ACCOUNT_BANNED\",\"message\":\"Conta banida.\"}",
       "ACCOUNT_BANNED"},
      /* A refusal that says nothing about the licence leaves it. */
      {&S.download_refusal,
       "{\"ok\":false,\"code\":\"RATE_LIMITED\",\"message\":\"Muitas tentativas.\"}",
       "RATE_LIMITED"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    fresh_client();
    S.offline_token = token;
    CHECK_INT(auth(NULL, NULL), CHAVEIRO_OK);
    CHECK(stored_licence_exists());
    *cases[i].answer = cases[i].data;
    chaveiro_file *file = NULL;
    const char *code = cases[i].answer == &S.download_refusal
                           ? CODE(chaveiro_download(client, &file, &E))
                           : CODE(chaveiro_report_security_event(client, "debugger", NULL, NULL,
                                                                 &E));
    CHECK_STR(code, cases[i].code);
    CHECK_INT(E_status, CHAVEIRO_E_REFUSED);
    CHECK_INT(stored_licence_exists(), i == 2);
    *cases[i].answer = NULL;
  }
  S.offline_token = NULL;
  free(token);
  remove(store_path);
}

static void test_an_offline_start_signs_in_again_when_the_server_is_back(void) {
  remove(store_path);
  const int64_t hour = 3600000;
  fresh_client();
  char *token = make_token(&S.key, PRODUCT, HWID, S.now - 60000, S.now + hour);
  S.offline_token = token;
  CHECK_INT(auth(NULL, NULL), CHAVEIRO_OK);
  fresh_client();
  S.offline_token = token;
  S.network_down = 1;
  chaveiro_auth_result *result = NULL;
  CHECK_INT(auth(&result, NULL), CHAVEIRO_OK);
  CHECK_INT(chaveiro_auth_result_offline(result), 1);
  chaveiro_auth_result_free(result);
  loop_events e;
  memset(&e, 0, sizeof e);
  chv_mutex_init(&e.mutex);
  chaveiro_heartbeat_loop *loop = NULL;
  CHECK_INT(chaveiro_heartbeat_start(client, 1, on_event, &e, &loop, NULL), CHAVEIRO_OK);
  for (int i = 0; i < 400 && offline_count(&e) < 2; i++) chv_sleep_ms(5);
  CHECK(offline_count(&e) >= 2);
  /* The server is back: the loop signs in with the same key (no 2FA code is ever kept), is
   * online, and the file can be fetched again. */
  S.auth_body[0] = '\0';
  S.network_down = 0;
  for (int i = 0; i < 400 && renewed_count(&e) < 2; i++) chv_sleep_ms(5);
  CHECK(renewed_count(&e) >= 2);
  cJSON *body = cJSON_Parse(S.auth_body);
  CHECK_STR(chv_json_string(body, "key"), "ABCDEFGHJK23456789");
  CHECK(chv_json_get(body, "totp") == NULL);
  cJSON_Delete(body);
  chaveiro_heartbeat_stop(loop);
  chaveiro_heartbeat_free(loop);
  chv_mutex_destroy(&e.mutex);
  CHECK_STR(e.ended, "");
  chaveiro_file *file = NULL;
  CHECK_INT(chaveiro_download(client, &file, NULL), CHAVEIRO_OK);
  chaveiro_file_free(file);
  S.offline_token = NULL;
  free(token);
  remove(store_path);
}

static void test_the_loop_goes_offline_when_its_retries_run_out_and_comes_back(void) {
  remove(store_path);
  const int64_t hour = 3600000;
  fresh_client();
  char *token = make_token(&S.key, PRODUCT, HWID, S.now - 60000, S.now + hour);
  S.offline_token = token;
  CHECK_INT(auth(NULL, NULL), CHAVEIRO_OK);
  /* A renewal carries a fresher licence: kept. */
  char *fresher = make_token(&S.key, PRODUCT, HWID, S.now, S.now + 3 * hour);
  S.beat_offline_token = fresher;
  chaveiro_heartbeat_result *beat = NULL;
  CHECK_INT(chaveiro_heartbeat(client, &beat, NULL), CHAVEIRO_OK);
  char later[32];
  test_iso(S.now + 3 * hour, later);
  CHECK_STR(chaveiro_heartbeat_result_offline_expires_at(beat), later);
  chaveiro_heartbeat_result_free(beat);
  S.beat_offline_token = NULL;

  loop_events e;
  memset(&e, 0, sizeof e);
  chv_mutex_init(&e.mutex);
  chaveiro_heartbeat_loop *loop = NULL;
  CHECK_INT(chaveiro_heartbeat_start(client, 1, on_event, &e, &loop, NULL), CHAVEIRO_OK);
  for (int i = 0; i < 400 && renewed_count(&e) < 1; i++) chv_sleep_ms(5);
  /* The session's retries run out at once: its expiry is passed on the client's clock. */
  S.network_down = 1;
  S.now += 16 * 60000;
  for (int i = 0; i < 400 && offline_count(&e) < 2; i++) chv_sleep_ms(5);
  CHECK(offline_count(&e) >= 2);
  CHECK_STR(e.offline_until, later);
  CHECK_STR(e.ended, "");
  /* Back: the next heartbeat renews (the fake server takes any token) and the loop is online. */
  int before = renewed_count(&e);
  S.network_down = 0;
  for (int i = 0; i < 400 && renewed_count(&e) == before; i++) chv_sleep_ms(5);
  CHECK(renewed_count(&e) > before);
  /* Down again, offline again, until the licence lapses: OFFLINE_EXPIRED ends it. */
  int offline_before = offline_count(&e);
  S.network_down = 1;
  S.now += 16 * 60000;
  for (int i = 0; i < 400 && offline_count(&e) <= offline_before; i++) chv_sleep_ms(5);
  CHECK(offline_count(&e) > offline_before);
  S.now += 3 * hour;
  CHECK_INT(chaveiro_heartbeat_wait(loop, 5000), CHAVEIRO_OK);
  CHECK_STR(e.ended, "OFFLINE_EXPIRED");
  chaveiro_heartbeat_free(loop);
  chv_mutex_destroy(&e.mutex);
  S.now -= 3 * hour + 32 * 60000;
  S.network_down = 0;
  S.offline_token = NULL;
  free(token);
  free(fresher);
  remove(store_path);
}

int main(void) {
  if (chaveiro_global_init() != CHAVEIRO_OK) return 1;
  test_signer_init(&S.key, TEST_SEED);
  S.now = INT64_C(1795435200000);
  S.file = malloc(FILE_SIZE);
  for (size_t i = 0; i < FILE_SIZE; i++) S.file[i] = (uint8_t)(i * 7 + i / 251);
  hex_sha256(S.file, FILE_SIZE, S.file_sha256);
  snprintf(store_path, sizeof store_path, "chaveiro-test-store-%u.lic",
           (unsigned)randombytes_random());

  RUN(test_auth_sends_a_fresh_session_key_and_reads_the_delivery);
  RUN(test_a_sealed_download_opens_in_memory_to_the_signed_bytes);
  RUN(test_every_wrong_container_is_refused);
  RUN(test_a_plain_file_is_accepted_when_the_product_is_not_protected);
  RUN(test_the_unsealer_takes_any_split_and_an_empty_file);
  RUN(test_auth_reports_the_loader_hash_and_version);
  RUN(test_loader_outdated_carries_the_signed_loader_and_self_updates);
  RUN(test_a_security_event_that_ends_the_session_ends_the_loop);
  RUN(test_the_offline_token_is_checked_field_by_field);
  RUN(test_the_store_is_bound_to_the_machine_and_product);
  RUN(test_auth_falls_back_to_the_stored_licence_until_it_lapses);
  RUN(test_the_loop_goes_offline_when_its_retries_run_out_and_comes_back);
  RUN(test_an_offline_start_signs_in_again_when_the_server_is_back);
  RUN(test_a_licence_refusal_to_any_call_forgets_the_stored_licence);
  chaveiro_client_free(client);
  remove(store_path);
  free(S.file);
  chaveiro_global_cleanup();
  return test_summary("test_protected");
}
