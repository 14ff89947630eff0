/* The loader client: auth, heartbeat and download over verified answers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>
#include <sodium.h>

#include "client.h"
#include "offline.h"
#include "seal.h"

struct chaveiro_auth_result {
  char *username;
  char *product_id;
  char *product_name;
  char *subscription_id;
  char *subscription_expires_at;
  char *session_expires_at;
  double heartbeat_seconds;
  int has_file;
  char *file_name;
  char *file_sha256;
  uint64_t file_size;
  char *file_delivery;
  int file_protected;
  int offline;
  char *offline_expires_at;
};

struct chaveiro_file {
  chv_buf bytes;
  char *name;
  char sha256[65];
  char *delivery;
  int sealed;
};

/* ---- library -------------------------------------------------------------------------------- */

const char *chaveiro_version(void) { return CHAVEIRO_VERSION_STRING; }

uint32_t chaveiro_version_number(void) {
  return ((uint32_t)CHAVEIRO_VERSION_MAJOR << 16) | ((uint32_t)CHAVEIRO_VERSION_MINOR << 8) |
         (uint32_t)CHAVEIRO_VERSION_PATCH;
}

chaveiro_status chaveiro_global_init(void) {
  if (sodium_init() < 0) return CHAVEIRO_E_INTERNAL;
  return chv_transport_global_init() == 0 ? CHAVEIRO_OK : CHAVEIRO_E_INTERNAL;
}

void chaveiro_global_cleanup(void) { chv_transport_global_cleanup(); }

chaveiro_status chaveiro_key_id(const char *public_key_base64, char *buffer, size_t buffer_size) {
  if (!buffer) return CHAVEIRO_E_INVALID_ARGUMENT;
  if (buffer_size < CHAVEIRO_KEY_ID_BUFFER_SIZE) return CHAVEIRO_E_BUFFER_TOO_SMALL;
  chv_trusted_key key;
  if (chv_trusted_key_parse(public_key_base64, &key) != 0) return CHAVEIRO_E_INVALID_ARGUMENT;
  memcpy(buffer, key.key_id, CHAVEIRO_KEY_ID_BUFFER_SIZE);
  return CHAVEIRO_OK;
}

chaveiro_status chaveiro_verify_answer(const uint8_t *body, size_t body_length,
                                       const char *signature_header, const char *request,
                                       const char *nonce, int64_t now_ms,
                                       const char *const *public_keys, size_t public_key_count,
                                       chaveiro_error **error) {
  if ((!body && body_length) || !request || (!public_keys && public_key_count)) {
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_INVALID_ARGUMENT,
                                                  "body, request and public_keys are required"));
  }
  if (sodium_init() < 0) {
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_INTERNAL, "libsodium failed"));
  }
  chv_trusted_key *keys = calloc(public_key_count ? public_key_count : 1, sizeof *keys);
  if (!keys) return chv_error_give(error, chv_error_no_memory());
  for (size_t i = 0; i < public_key_count; i++) {
    if (chv_trusted_key_parse(public_keys[i], &keys[i]) != 0) {
      free(keys);
      return chv_error_give(error, chv_error_simple(CHAVEIRO_E_INVALID_ARGUMENT,
                                                    "public key %zu is not base64 of 32 bytes",
                                                    i));
    }
  }
  chv_expected expected = {request, nonce, now_ms};
  cJSON *root = NULL;
  chaveiro_status status = chv_verify_answer(body, body_length, signature_header, &expected, keys,
                                             public_key_count, &root, error);
  cJSON_Delete(root);
  free(keys);
  return status;
}

/* ---- client --------------------------------------------------------------------------------- */

static int valid_text(const char *text) {
  return text && chv_utf8_valid((const uint8_t *)text, strlen(text));
}

chaveiro_status chaveiro_client_new(const char *server_url, const char *product_id,
                                    chaveiro_client **out) {
  if (!out) return CHAVEIRO_E_INVALID_ARGUMENT;
  *out = NULL;
  if (!valid_text(server_url) || !valid_text(product_id) || !product_id[0]) {
    return CHAVEIRO_E_INVALID_ARGUMENT;
  }
  if (strncmp(server_url, "http://", 7) != 0 && strncmp(server_url, "https://", 8) != 0) {
    return CHAVEIRO_E_INVALID_ARGUMENT;
  }
  if (sodium_init() < 0) return CHAVEIRO_E_INTERNAL;
  chaveiro_client *client = calloc(1, sizeof *client);
  if (!client) return CHAVEIRO_E_NO_MEMORY;
  if (chv_mutex_init(&client->mutex) != 0) {
    free(client);
    return CHAVEIRO_E_INTERNAL;
  }
  client->refs = 1;
  size_t url_len = strlen(server_url);
  while (url_len > 0 && server_url[url_len - 1] == '/') url_len--;
  client->base_url = chv_strndup(server_url, url_len);
  client->product_id = chv_strdup(product_id);
  client->timeout_ms = 15000;
  client->download_timeout_ms = 300000;
  chv_retry_policy_default(&client->policy);
  client->transport = chv_transport_default_new();
  /* This run's session key pair: the download is sealed to it, so only this process opens it. */
  client->session_secret_key = sodium_malloc(crypto_box_SECRETKEYBYTES);
  if (client->session_secret_key) {
    crypto_box_keypair(client->session_public_key, client->session_secret_key);
    sodium_bin2base64(client->session_key_base64, sizeof client->session_key_base64,
                      client->session_public_key, sizeof client->session_public_key,
                      sodium_base64_VARIANT_ORIGINAL);
  }
  if (!client->base_url || !client->product_id || !client->transport ||
      !client->session_secret_key) {
    chaveiro_status status = client->transport ? CHAVEIRO_E_NO_MEMORY : CHAVEIRO_E_INTERNAL;
    chv_client_unref(client);
    return status;
  }
  *out = client;
  return CHAVEIRO_OK;
}

void chv_client_unref(chaveiro_client *client) {
  chv_mutex_lock(&client->mutex);
  int last = --client->refs == 0;
  chv_mutex_unlock(&client->mutex);
  if (!last) return;
  if (client->transport) client->transport->destroy(client->transport);
  chv_free_secret(client->session_token);
  free(client->file_name);
  free(client->file_delivery);
  free(client->hwid);
  chaveiro_error_free(client->ended);
  if (client->credentials) sodium_free(client->credentials);
  free(client->loader_version);
  free(client->loader_path);
  free(client->offline_path);
  if (client->session_secret_key) sodium_free(client->session_secret_key);
  free(client->keys);
  free(client->base_url);
  free(client->product_id);
  chv_mutex_destroy(&client->mutex);
  free(client);
}

void chaveiro_client_free(chaveiro_client *client) {
  if (!client) return;
  chv_loop_detach_all(client);
  chv_client_unref(client);
}

chaveiro_status chaveiro_client_add_trusted_key(chaveiro_client *client,
                                                const char *public_key_base64,
                                                const char *key_id) {
  if (!client) return CHAVEIRO_E_INVALID_ARGUMENT;
  chv_trusted_key key;
  if (chv_trusted_key_parse(public_key_base64, &key) != 0) return CHAVEIRO_E_INVALID_ARGUMENT;
  if (key_id && strcmp(key_id, key.key_id) != 0) return CHAVEIRO_E_INVALID_ARGUMENT;
  chv_trusted_key *keys = realloc(client->keys, (client->key_count + 1) * sizeof *keys);
  if (!keys) return CHAVEIRO_E_NO_MEMORY;
  keys[client->key_count++] = key;
  client->keys = keys;
  return CHAVEIRO_OK;
}

chaveiro_status chaveiro_client_set_timeouts(chaveiro_client *client, uint32_t request_ms,
                                             uint32_t download_ms) {
  if (!client) return CHAVEIRO_E_INVALID_ARGUMENT;
  if (request_ms) client->timeout_ms = request_ms;
  if (download_ms) client->download_timeout_ms = download_ms;
  return CHAVEIRO_OK;
}

chaveiro_status chaveiro_client_set_retry(chaveiro_client *client, uint32_t base_delay_ms,
                                          uint32_t max_delay_ms, uint32_t auth_attempts) {
  if (!client) return CHAVEIRO_E_INVALID_ARGUMENT;
  client->policy.base_delay_ms = base_delay_ms;
  client->policy.max_delay_ms = max_delay_ms;
  client->policy.auth_attempts = auth_attempts;
  return CHAVEIRO_OK;
}

chaveiro_status chaveiro_client_set_clock(chaveiro_client *client, chaveiro_clock_fn clock,
                                          void *user) {
  if (!client) return CHAVEIRO_E_INVALID_ARGUMENT;
  client->clock = clock;
  client->clock_user = user;
  return CHAVEIRO_OK;
}

chaveiro_status chaveiro_client_set_retry_callback(chaveiro_client *client,
                                                   chaveiro_retry_fn callback, void *user) {
  if (!client) return CHAVEIRO_E_INVALID_ARGUMENT;
  client->on_retry = callback;
  client->on_retry_user = user;
  return CHAVEIRO_OK;
}

static int valid_loader_version(const char *version) {
  size_t len = version ? strlen(version) : 0;
  if (len < 1 || len > 32) return 0;
  for (size_t i = 0; i < len; i++) {
    char c = version[i];
    if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
          c == '.' || c == '+' || c == '_' || c == '-')) {
      return 0;
    }
  }
  return 1;
}

chaveiro_status chaveiro_client_set_loader_version(chaveiro_client *client,
                                                   const char *version) {
  if (!client || (version && !valid_loader_version(version))) return CHAVEIRO_E_INVALID_ARGUMENT;
  char *copy = version ? chv_strdup(version) : NULL;
  if (version && !copy) return CHAVEIRO_E_NO_MEMORY;
  free(client->loader_version);
  client->loader_version = copy;
  return CHAVEIRO_OK;
}

chaveiro_status chaveiro_client_set_loader_path(chaveiro_client *client, const char *path) {
  if (!client || (path && (!valid_text(path) || !path[0]))) return CHAVEIRO_E_INVALID_ARGUMENT;
  char *copy = path ? chv_strdup(path) : NULL;
  if (path && !copy) return CHAVEIRO_E_NO_MEMORY;
  free(client->loader_path);
  client->loader_path = copy;
  chv_mutex_lock(&client->mutex);
  client->loader_hashed = 0;
  chv_mutex_unlock(&client->mutex);
  return CHAVEIRO_OK;
}

chaveiro_status chaveiro_client_set_offline_store(chaveiro_client *client, const char *path) {
  if (!client || (path && !valid_text(path))) return CHAVEIRO_E_INVALID_ARGUMENT;
  char *copy = path && path[0] ? chv_strdup(path) : NULL;
  if (path && path[0] && !copy) return CHAVEIRO_E_NO_MEMORY;
  free(client->offline_path);
  client->offline_path = copy;
  client->offline_disabled = path && !path[0];
  return CHAVEIRO_OK;
}

void chv_client_set_transport(chaveiro_client *client, chv_transport *transport) {
  if (client->transport) client->transport->destroy(client->transport);
  client->transport = transport;
}

void chv_client_set_random(chaveiro_client *client, chv_random_fn random, void *user) {
  client->policy.random = random;
  client->policy.random_user = user;
}

int64_t chv_client_now(chaveiro_client *client) {
  int64_t now = client->clock ? client->clock(client->clock_user) : chv_realtime_ms();
  const int64_t limit = INT64_C(1) << 62;
  return now > limit ? limit : now < -limit ? -limit : now;
}

/* ---- one signed call ------------------------------------------------------------------------ */

chaveiro_error *chv_transport_error(chv_http_outcome outcome, const char *request,
                                    const chv_http_response *response, const char *detail) {
  switch (outcome) {
    case CHV_HTTP_TIMEOUT:
      return chv_error_network("TIMEOUT", "%s: %s", request, detail);
    case CHV_HTTP_NO_MEMORY:
      return chv_error_no_memory();
    case CHV_HTTP_TOO_LARGE: {
      chaveiro_error *err =
          chv_is_gateway_status(response->status)
              ? chv_error_network("NETWORK_ERROR", "%s answered HTTP %d: %s", request,
                                  response->status, detail)
              : chv_error_verification("MALFORMED_ANSWER", "%s: %s", request, detail);
      chv_error_set_http(err, response->status, -1);
      return err;
    }
    default:
      return chv_error_network("NETWORK_ERROR", "%s: %s", request, detail);
  }
}

/**
 * A refusal's signed `product` block (PRODUCT_UPDATING, PRODUCT_UNAVAILABLE) kept on its error:
 * `status` a string, `note` a string or null, `timeFrozen` a boolean, `since` an ISO date. A
 * block of any other shape is left out, as a newer server's unknown field would be: the refusal
 * stands either way. -1 only when out of memory.
 */
static int keep_product(chaveiro_error *err, const cJSON *product) {
  if (!product || err->status != CHAVEIRO_E_REFUSED) return 0;
  const char *status = chv_json_string(product, "status");
  const cJSON *note = chv_json_get(product, "note");
  const cJSON *frozen = chv_json_get(product, "timeFrozen");
  const char *since = chv_json_string(product, "since");
  int64_t since_ms;
  if (!status || !status[0] || !(note == NULL || cJSON_IsNull(note) || cJSON_IsString(note)) ||
      !cJSON_IsBool(frozen) || !since || chv_parse_iso8601(since, &since_ms) != 0) {
    return 0;
  }
  return chv_error_set_product(err, status, cJSON_IsString(note) ? note->valuestring : NULL,
                               cJSON_IsTrue(frozen), since);
}

/**
 * A LOADER_OUTDATED refusal's signed `loader` block kept on its error: version, sha256 (64 hex),
 * size, name, and `update` as { token, expiresAt } or null. Another shape is left out (the
 * refusal stands; only the self-update is not offered). -1 only when out of memory.
 */
static int keep_loader(chaveiro_error *err, const cJSON *loader) {
  if (!loader || err->status != CHAVEIRO_E_REFUSED) return 0;
  const char *version = chv_json_string(loader, "version");
  const char *sha256 = chv_json_string(loader, "sha256");
  const char *name = chv_json_string(loader, "name");
  const cJSON *size = chv_json_get(loader, "size");
  const cJSON *update = chv_json_get(loader, "update");
  if (!version || !chv_is_hex64(sha256) || !name || !cJSON_IsNumber(size) ||
      !(size->valuedouble >= 0 && size->valuedouble < 9007199254740992.0) ||
      !(cJSON_IsNull(update) || cJSON_IsObject(update))) {
    return 0;
  }
  const char *token = cJSON_IsObject(update) ? chv_json_string(update, "token") : NULL;
  const char *expires = cJSON_IsObject(update) ? chv_json_string(update, "expiresAt") : NULL;
  if (cJSON_IsObject(update) && (!token || !token[0])) return 0;
  char lower[65];
  chv_hex64_lower(sha256, lower);
  return chv_error_set_loader(err, version, lower, name, (uint64_t)size->valuedouble, token,
                              expires);
}

/**
 * A verified envelope, its refusal as an error; an answer that does not verify is a
 * verification error, except with a gateway status: a load balancer's own error page (or a node
 * dying mid-answer) is no answer, so it is a network error and nothing in it counts.
 */
chaveiro_status chv_open_envelope(chaveiro_client *client, const chv_http_response *response,
                                  const char *request, const char *nonce, cJSON **out_root,
                                  chaveiro_error **error) {
  chv_expected expected = {request, nonce, chv_client_now(client)};
  chaveiro_error *err = NULL;
  cJSON *root = NULL;
  chv_verify_answer(response->body.data, response->body.len, response->signature, &expected,
                    client->keys, client->key_count, &root, &err);
  if (err) {
    if (chv_is_gateway_status(response->status) && err->status == CHAVEIRO_E_VERIFICATION) {
      chaveiro_error *network = chv_error_network(
          "NETWORK_ERROR", "%s answered HTTP %d without a valid signature (%s: %s)", request,
          response->status, err->code, err->detail);
      chaveiro_error_free(err);
      err = network;
    }
    chv_error_set_http(err, response->status, -1);
    return chv_error_give(error, err);
  }
  const cJSON *data = chv_json_get(root, "data");
  if (cJSON_IsFalse(chv_json_get(data, "ok"))) {
    err = chv_error_new(CHAVEIRO_E_REFUSED, chv_json_string(data, "code"),
                        chv_json_string(data, "message"), "%s refused (HTTP %d)", request,
                        response->status);
    chv_error_set_http(err, response->status, chv_retry_after_ms(response->retry_after));
    if (keep_product(err, chv_json_get(data, "product")) != 0 ||
        keep_loader(err, chv_json_get(data, "loader")) != 0) {
      chaveiro_error_free(err);
      err = chv_error_no_memory();
    }
    cJSON_Delete(root);
    /* The server's word on the licence ends its offline grace too, whichever call it answered
     * (auth, heartbeat, download, security event). */
    if (chv_is_licence_refusal(err->code)) chv_client_offline_forget(client);
    return chv_error_give(error, err);
  }
  *out_root = root;
  return CHAVEIRO_OK;
}

/** POST `path` with `body` plus a fresh nonce; the verified envelope back, a refusal an error. */
static chaveiro_status call(chaveiro_client *client, const char *path, cJSON *body,
                            chv_cancel *cancel, cJSON **out_root, chaveiro_error **error) {
  char nonce[32];
  chv_nonce(nonce);
  char request[64];
  snprintf(request, sizeof request, "POST %s", path);
  cJSON *old = cJSON_DetachItemFromObjectCaseSensitive(body, "nonce");
  cJSON_Delete(old);
  if (!cJSON_AddStringToObject(body, "nonce", nonce)) {
    return chv_error_give(error, chv_error_no_memory());
  }
  char *json = cJSON_PrintUnformatted(body);
  size_t url_len = strlen(client->base_url) + strlen(path) + 1;
  char *url = malloc(url_len);
  if (!json || !url) {
    free(url);
    cJSON_free(json);
    return chv_error_give(error, chv_error_no_memory());
  }
  snprintf(url, url_len, "%s%s", client->base_url, path);
  chv_http_request http = {"POST", url, NULL, json, strlen(json), client->timeout_ms,
                           CHV_MAX_ENVELOPE_BYTES, NULL, NULL};
  chv_http_response response;
  memset(&response, 0, sizeof response);
  char detail[256] = "";
  chv_http_outcome outcome =
      client->transport->send(client->transport, &http, &response, cancel, detail, sizeof detail);
  /* The body held the password or the session token. */
  sodium_memzero(json, strlen(json));
  cJSON_free(json);
  free(url);
  chaveiro_status status;
  if (outcome != CHV_HTTP_OK) {
    status = chv_error_give(error, chv_transport_error(outcome, request, &response, detail));
  } else {
    status = chv_open_envelope(client, &response, request, nonce, out_root, error);
  }
  chv_http_response_free(&response);
  return status;
}

/* ---- auth ----------------------------------------------------------------------------------- */

static int valid_hwid(const char *hwid) {
  size_t len = hwid ? strlen(hwid) : 0;
  if (len < 8 || len > 128) return 0;
  for (size_t i = 0; i < len; i++) {
    char c = hwid[i];
    int ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
             c == '.' || c == '_' || c == ':' || c == '-';
    if (!ok) return 0;
  }
  return 1;
}

static char *copy_or_null(const char *text) { return text ? chv_strdup(text) : NULL; }

void chaveiro_auth_result_free(chaveiro_auth_result *r) {
  if (!r) return;
  free(r->username);
  free(r->product_id);
  free(r->product_name);
  free(r->subscription_id);
  free(r->subscription_expires_at);
  free(r->session_expires_at);
  free(r->file_name);
  free(r->file_sha256);
  free(r->file_delivery);
  free(r->offline_expires_at);
  free(r);
}

/* ---- offline grace -------------------------------------------------------------------------- */

/* The store's path, or NULL when offline grace is off or there is no home folder. */
static char *offline_path(chaveiro_client *client) {
  if (client->offline_disabled) return NULL;
  return client->offline_path ? chv_strdup(client->offline_path)
                              : chv_offline_default_path(client->product_id);
}

int chv_is_licence_refusal(const char *code) {
  static const char *const codes[] = {
      "ACCOUNT_BANNED",   "HWID_BLACKLISTED",     "HWID_RESET",          "HWID_MISMATCH",
      "NO_SUBSCRIPTION",  "SUBSCRIPTION_EXPIRED", "SUBSCRIPTION_PAUSED", "PRODUCT_DISABLED",
      "PRODUCT_NOT_FOUND", "SESSION_ENDED",       "INVALID_KEY",         "KEY_WRONG_PRODUCT"};
  if (!code) return 0;
  for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
    if (strcmp(codes[i], code) == 0) return 1;
  }
  return 0;
}

static void keep_credentials(chaveiro_client *client, int keep, const char *key,
                             const char *identifier, const char *password);

void chv_client_offline_forget(chaveiro_client *client) {
  char *path = offline_path(client);
  if (path) chv_file_remove(path);
  free(path);
  /* No licence, no signing in again from the loop: the credentials go too. */
  keep_credentials(client, 0, NULL, NULL, NULL);
}

/* Verifies a token the server just signed (in an auth or heartbeat answer) and stores it;
 * its expiry back (caller frees), NULL when it does not verify or offline grace is off. */
static char *offline_keep(chaveiro_client *client, const char *hwid, const char *token,
                          int64_t now) {
  chv_offline_claims claims;
  char detail[128];
  if (!hwid || chv_offline_verify(token, client->keys, client->key_count, client->product_id,
                                  hwid, now, 0, &claims, detail, sizeof detail) != 0) {
    return NULL;
  }
  char *expires_at = chv_strdup(claims.expires_at);
  chv_offline_claims_free(&claims);
  char *path = offline_path(client);
  if (path) chv_offline_store_write(path, hwid, client->product_id, token, now);
  free(path);
  return expires_at;
}

/* The stored licence for `hwid`, checked at `now`: 0 with its claims, the latest time seen
 * moved forward in the store. */
static int offline_load(chaveiro_client *client, const char *hwid, int64_t now,
                        chv_offline_claims *claims) {
  char *path = offline_path(client);
  if (!path) return -1;
  char *token = NULL;
  int64_t last_seen = 0;
  int rc = -1;
  if (chv_offline_store_read(path, hwid, client->product_id, &token, &last_seen) == 0) {
    char detail[128];
    if (chv_offline_verify(token, client->keys, client->key_count, client->product_id, hwid,
                           now, last_seen, claims, detail, sizeof detail) == 0) {
      chv_offline_store_write(path, hwid, client->product_id, token,
                              now > last_seen ? now : last_seen);
      rc = 0;
    }
  }
  chv_free_secret(token);
  free(path);
  return rc;
}

int chv_client_offline_check(chaveiro_client *client, int64_t *expires_ms, char **expires_at) {
  chv_mutex_lock(&client->mutex);
  char *hwid = chv_strdup(client->hwid);
  chv_mutex_unlock(&client->mutex);
  if (!hwid) return 0;
  chv_offline_claims claims;
  int ok = offline_load(client, hwid, chv_client_now(client), &claims) == 0;
  free(hwid);
  if (!ok) return 0;
  *expires_ms = claims.expires_ms;
  *expires_at = chv_strdup(claims.expires_at);
  chv_offline_claims_free(&claims);
  return *expires_at != NULL;
}

/* ---- auth ----------------------------------------------------------------------------------- */

/** The fields the client relies on, as the TypeScript SDK's readAuth demands them. */
static chaveiro_status read_auth(const cJSON *data, chaveiro_auth_result **out,
                                 int64_t *session_expires_ms, chaveiro_error **error) {
  const char *session = chv_json_string(data, "session");
  const char *session_expires_at = chv_json_string(data, "sessionExpiresAt");
  const cJSON *heartbeat = chv_json_get(data, "heartbeatSeconds");
  const cJSON *subscription = chv_json_get(data, "subscription");
  const cJSON *product = chv_json_get(subscription, "product");
  const cJSON *user = chv_json_get(data, "user");
  const cJSON *file = chv_json_get(data, "file");
  const cJSON *delivery = chv_json_get(file, "delivery");
  const cJSON *is_protected = chv_json_get(file, "protected");
  const cJSON *offline = chv_json_get(data, "offline");
  const char *problem = NULL;
  if (!session || !session[0]) {
    problem = "auth: no session";
  } else if (!session_expires_at || chv_parse_iso8601(session_expires_at, session_expires_ms)) {
    problem = "auth: no sessionExpiresAt";
  } else if (!cJSON_IsNumber(heartbeat) || !(heartbeat->valuedouble > 0)) {
    problem = "auth: no heartbeatSeconds";
  } else if (!cJSON_IsObject(subscription) || !cJSON_IsObject(product) ||
             !cJSON_IsObject(user)) {
    problem = "auth: no subscription or user";
  } else if (!cJSON_IsNull(file) &&
             !(cJSON_IsObject(file) && chv_is_hex64(chv_json_string(file, "sha256")) &&
               cJSON_IsNumber(chv_json_get(file, "size")) && chv_json_string(file, "name"))) {
    problem = "auth: file is not { sha256, size, name } or null";
  } else if (cJSON_IsObject(file) && ((delivery && !cJSON_IsString(delivery)) ||
                                      (is_protected && !cJSON_IsBool(is_protected)))) {
    problem = "auth: file.delivery is not a string or file.protected not a boolean";
  } else if (offline && !cJSON_IsNull(offline) &&
             !(cJSON_IsObject(offline) && chv_json_string(offline, "token") &&
               chv_json_string(offline, "expiresAt"))) {
    problem = "auth: offline is not { token, expiresAt } or null";
  }
  if (problem) return chv_error_give(error, chv_error_verification("MALFORMED_ANSWER", "%s", problem));

  chaveiro_auth_result *r = calloc(1, sizeof *r);
  if (!r) return chv_error_give(error, chv_error_no_memory());
  r->username = copy_or_null(chv_json_string(user, "username"));
  r->product_id = copy_or_null(chv_json_string(product, "id"));
  r->product_name = copy_or_null(chv_json_string(product, "name"));
  r->subscription_id = copy_or_null(chv_json_string(subscription, "id"));
  r->subscription_expires_at = copy_or_null(chv_json_string(subscription, "expiresAt"));
  r->session_expires_at = chv_strdup(session_expires_at);
  r->heartbeat_seconds = heartbeat->valuedouble;
  int failed = !r->session_expires_at;
  if (cJSON_IsObject(file)) {
    double size = chv_json_get(file, "size")->valuedouble;
    r->has_file = 1;
    r->file_name = chv_strdup(chv_json_string(file, "name"));
    r->file_sha256 = chv_strdup(chv_json_string(file, "sha256"));
    r->file_size = size >= 0 && size < 18446744073709551616.0 ? (uint64_t)size : 0;
    r->file_delivery = cJSON_IsString(delivery) ? chv_strdup(delivery->valuestring) : NULL;
    r->file_protected = cJSON_IsTrue(is_protected);
    failed |= !r->file_name || !r->file_sha256 || (cJSON_IsString(delivery) && !r->file_delivery);
  }
  if (failed) {
    chaveiro_auth_result_free(r);
    return chv_error_give(error, chv_error_no_memory());
  }
  *out = r;
  return CHAVEIRO_OK;
}

/** Keeps the session (and the file the download must match) of a verified auth answer. */
static chaveiro_status keep_session(chaveiro_client *client, const cJSON *data, const char *hwid,
                                    int64_t session_expires_ms) {
  const char *token = chv_json_string(data, "session");
  const cJSON *file = chv_json_get(data, "file");
  const cJSON *delivery = chv_json_get(file, "delivery");
  char *token_copy = chv_strdup(token);
  char *name_copy = cJSON_IsObject(file) ? chv_strdup(chv_json_string(file, "name")) : NULL;
  char *delivery_copy = cJSON_IsString(delivery) ? chv_strdup(delivery->valuestring) : NULL;
  char *hwid_copy = chv_strdup(hwid);
  if (!token_copy || (cJSON_IsObject(file) && !name_copy) ||
      (cJSON_IsString(delivery) && !delivery_copy) || !hwid_copy) {
    chv_free_secret(token_copy);
    free(name_copy);
    free(delivery_copy);
    free(hwid_copy);
    return CHAVEIRO_E_NO_MEMORY;
  }
  double seconds = chv_json_get(data, "heartbeatSeconds")->valuedouble;
  /* A day at most: the interval is a wait, and a wait past the session's expiry is useless. */
  double interval = seconds * 1000.0 > 86400000.0 ? 86400000.0 : seconds * 1000.0;
  chv_mutex_lock(&client->mutex);
  chv_free_secret(client->session_token);
  free(client->file_name);
  free(client->file_delivery);
  free(client->hwid);
  chaveiro_error_free(client->ended);
  client->ended = NULL;
  client->offline_mode = 0;
  client->hwid = hwid_copy;
  client->has_session = 1;
  client->session_token = token_copy;
  client->session_expires_ms = session_expires_ms;
  client->heartbeat_interval_ms = interval < 1 ? 1 : (int64_t)interval;
  client->has_file = cJSON_IsObject(file);
  client->file_name = name_copy;
  client->file_delivery = delivery_copy;
  client->file_protected = cJSON_IsTrue(chv_json_get(file, "protected"));
  client->file_size = client->has_file ? chv_json_get(file, "size")->valuedouble : 0;
  client->file_sha256[0] = '\0';
  if (client->has_file) chv_hex64_lower(chv_json_string(file, "sha256"), client->file_sha256);
  chv_mutex_unlock(&client->mutex);
  return CHAVEIRO_OK;
}

static int add_optional(cJSON *body, const char *name, const char *value) {
  return !value || cJSON_AddStringToObject(body, name, value) != NULL;
}

/* A `<exe>.old` a self-update left behind (Windows cannot delete a running exe) is removed on
 * the way. */
const char *chv_client_loader_sha256(chaveiro_client *client) {
  chv_mutex_lock(&client->mutex);
  int hashed = client->loader_hashed;
  chv_mutex_unlock(&client->mutex);
  if (hashed) return client->loader_sha256[0] ? client->loader_sha256 : NULL;
  char *path = client->loader_path ? chv_strdup(client->loader_path) : chv_self_exe_path();
  char sha[65] = "";
  if (path && chv_file_sha256(path, sha) != 0) sha[0] = '\0';
  char *old = path ? chv_with_suffix(path, ".old") : NULL;
  if (old) chv_file_remove(old);
  free(old);
  free(path);
  chv_mutex_lock(&client->mutex);
  memcpy(client->loader_sha256, sha, sizeof sha);
  client->loader_hashed = 1;
  chv_mutex_unlock(&client->mutex);
  return sha[0] ? client->loader_sha256 : NULL;
}

/* An auth that could not reach the server, answered from the stored offline licence: the
 * result (no session, no file), or NULL when there is no valid licence for this machine. */
static chaveiro_auth_result *offline_auth(chaveiro_client *client, const char *hwid) {
  chv_offline_claims claims;
  if (offline_load(client, hwid, chv_client_now(client), &claims) != 0) return NULL;
  chaveiro_auth_result *r = calloc(1, sizeof *r);
  char *hwid_copy = chv_strdup(hwid);
  if (r) {
    r->offline = 1;
    r->username = copy_or_null(claims.username);
    r->product_id = copy_or_null(claims.product_id);
    r->subscription_id = copy_or_null(claims.subscription_id);
    r->offline_expires_at = copy_or_null(claims.expires_at);
  }
  chv_offline_claims_free(&claims);
  if (!r || !hwid_copy || !r->offline_expires_at) {
    chaveiro_auth_result_free(r);
    free(hwid_copy);
    return NULL;
  }
  chv_mutex_lock(&client->mutex);
  chv_free_secret(client->session_token);
  client->session_token = NULL;
  client->has_session = 0;
  client->has_file = 0;
  client->offline_mode = 1;
  chaveiro_error_free(client->ended);
  client->ended = NULL;
  free(client->hwid);
  client->hwid = hwid_copy;
  client->heartbeat_interval_ms = 30000;
  chv_mutex_unlock(&client->mutex);
  return r;
}

/* Keeps (or, with `keep` 0, wipes) the credentials the loop signs in again with while offline:
 * "k<key>\0i<identifier>\0p<password>\0", each present one only. */
static void keep_credentials(chaveiro_client *client, int keep, const char *key,
                             const char *identifier, const char *password) {
  char *blob = NULL;
  size_t size = 0;
  if (keep) {
    size = (key ? strlen(key) + 2 : 0) + (identifier ? strlen(identifier) + 2 : 0) +
           (password ? strlen(password) + 2 : 0) + 1;
    blob = sodium_malloc(size);
    if (blob) {
      char *p = blob;
      const char *parts[3] = {key, identifier, password};
      const char tags[3] = {'k', 'i', 'p'};
      for (int i = 0; i < 3; i++) {
        if (!parts[i]) continue;
        *p++ = tags[i];
        size_t n = strlen(parts[i]) + 1;
        memcpy(p, parts[i], n);
        p += n;
      }
      *p = '\0';
    }
  }
  chv_mutex_lock(&client->mutex);
  char *old = client->credentials;
  client->credentials = blob;
  client->credentials_size = blob ? size : 0;
  chv_mutex_unlock(&client->mutex);
  if (old) sodium_free(old);
}

static chaveiro_status auth_impl(chaveiro_client *client, const char *hwid, const char *key,
                                 const char *identifier, const char *password, const char *totp,
                                 uint32_t attempts, chv_cancel *cancel, int allow_offline,
                                 chaveiro_auth_result **out, chaveiro_error **error);

chaveiro_status chaveiro_auth(chaveiro_client *client, const char *hwid, const char *key,
                              const char *identifier, const char *password, const char *totp,
                              chaveiro_auth_result **out, chaveiro_error **error) {
  if (out) *out = NULL;
  if (error) *error = NULL;
  if (!client) {
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_INVALID_ARGUMENT, "no client"));
  }
  /* Binding this HWID again and redeeming a key into the same account again are no-ops on the
   * server, so a retry is safe; a TOTP step or recovery code is spent by the first attempt that
   * reached a node, so a retry could only be refused as a wrong code. */
  uint32_t attempts = totp ? 1 : client->policy.auth_attempts ? client->policy.auth_attempts : 1;
  chaveiro_auth_result *result = NULL;
  chaveiro_status status =
      auth_impl(client, hwid, key, identifier, password, totp, attempts, NULL, 1, &result, error);
  /* While an offline licence may stand in, the loop needs these to sign in again when the
   * server is back (a 2FA code is single-use and never kept). */
  if (status == CHAVEIRO_OK) {
    keep_credentials(client, result->offline || result->offline_expires_at != NULL, key,
                     identifier, password);
  }
  if (status == CHAVEIRO_OK && out) {
    *out = result;
  } else {
    chaveiro_auth_result_free(result);
  }
  return status;
}

chaveiro_status chv_client_reauth(chaveiro_client *client, chv_cancel *cancel,
                                  chaveiro_heartbeat_result **out, chaveiro_error **error) {
  *out = NULL;
  chv_mutex_lock(&client->mutex);
  char *blob = NULL;
  if (client->credentials && client->hwid) {
    blob = sodium_malloc(client->credentials_size + strlen(client->hwid) + 1);
    if (blob) {
      memcpy(blob, client->credentials, client->credentials_size);
      strcpy(blob + client->credentials_size, client->hwid);
    }
  }
  size_t size = client->credentials_size;
  chv_mutex_unlock(&client->mutex);
  if (!blob) {
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_UNAVAILABLE, "no credentials kept"));
  }
  const char *key = NULL, *identifier = NULL, *password = NULL;
  for (char *p = blob; *p; p += strlen(p) + 1) {
    if (*p == 'k') key = p + 1;
    if (*p == 'i') identifier = p + 1;
    if (*p == 'p') password = p + 1;
  }
  chaveiro_auth_result *result = NULL;
  chaveiro_status status = auth_impl(client, blob + size, key, identifier, password, NULL, 1,
                                     cancel, 0, &result, error);
  sodium_free(blob);
  if (status != CHAVEIRO_OK) return status;
  chaveiro_heartbeat_result *beat = calloc(1, sizeof *beat);
  if (beat) {
    beat->session_expires_at = chv_strdup(result->session_expires_at);
    beat->expires_at = chv_strdup(result->subscription_expires_at);
    beat->offline_expires_at = copy_or_null(result->offline_expires_at);
  }
  chaveiro_auth_result_free(result);
  if (!beat || !beat->session_expires_at || !beat->expires_at) {
    chaveiro_heartbeat_result_free(beat);
    return chv_error_give(error, chv_error_no_memory());
  }
  *out = beat;
  return CHAVEIRO_OK;
}

static chaveiro_status auth_impl(chaveiro_client *client, const char *hwid, const char *key,
                                 const char *identifier, const char *password, const char *totp,
                                 uint32_t attempts, chv_cancel *cancel, int allow_offline,
                                 chaveiro_auth_result **out, chaveiro_error **error) {
  const char *problem = NULL;
  if (!valid_hwid(hwid)) {
    problem = "hwid must be 8 to 128 characters of [A-Za-z0-9._:-]";
  } else if (!key && !identifier) {
    problem = "a key, an identifier and password, or both";
  } else if (identifier && !password) {
    problem = "an identifier needs its password";
  } else if (!identifier && (password || totp)) {
    problem = "password and totp go with an identifier";
  } else if ((key && !valid_text(key)) || (identifier && !valid_text(identifier)) ||
             (password && !valid_text(password)) || (totp && !valid_text(totp))) {
    problem = "credentials must be UTF-8";
  } else if (client->key_count == 0) {
    problem = "no trusted key: pin the server's public key (chaveiro_client_add_trusted_key)";
  }
  if (problem) {
    return chv_error_give(error,
                          chv_error_simple(CHAVEIRO_E_INVALID_ARGUMENT, "%s", problem));
  }

  cJSON *body = cJSON_CreateObject();
  int built = body && cJSON_AddStringToObject(body, "productId", client->product_id) &&
              cJSON_AddStringToObject(body, "hwid", hwid) && add_optional(body, "key", key) &&
              add_optional(body, "identifier", identifier) &&
              add_optional(body, "password", password) && add_optional(body, "totp", totp) &&
              cJSON_AddStringToObject(body, "sessionKey", client->session_key_base64);
  /* The loader report, when the seller set a version: the hash of what is actually running. */
  const char *loader_hash =
      built && client->loader_version ? chv_client_loader_sha256(client) : NULL;
  if (built && loader_hash) {
    cJSON *loader = cJSON_AddObjectToObject(body, "loader");
    built = loader && cJSON_AddStringToObject(loader, "sha256", loader_hash) &&
            cJSON_AddStringToObject(loader, "version", client->loader_version);
  }
  if (!built) {
    chv_json_wipe_and_delete(body);
    return chv_error_give(error, chv_error_no_memory());
  }

  cJSON *root = NULL;
  chaveiro_error *err = NULL;
  for (uint32_t failures = 0;;) {
    if (call(client, CHV_PATH_AUTH, body, cancel, &root, &err) == CHAVEIRO_OK) break;
    failures++;
    /* Auth rate limits count over minutes: a retry within seconds would only spend more. */
    int limited = err->status == CHAVEIRO_E_REFUSED && strcmp(err->code, "RATE_LIMITED") == 0;
    if (failures >= attempts || limited || !chv_is_transient(err)) break;
    int64_t delay = chv_backoff_delay(failures, &client->policy, client->policy.max_delay_ms);
    if (client->on_retry) client->on_retry(client->on_retry_user, err, failures, (uint32_t)delay);
    chaveiro_error_free(err);
    err = NULL;
    chv_sleep_ms((uint64_t)delay);
  }
  chv_json_wipe_and_delete(body);
  if (err) {
    /* No server to ask: a stored offline licence for this machine stands in, until it lapses. */
    if (allow_offline && err->status == CHAVEIRO_E_NETWORK) {
      chaveiro_auth_result *offline = offline_auth(client, hwid);
      if (offline) {
        chaveiro_error_free(err);
        *out = offline;
        return CHAVEIRO_OK;
      }
    }
    return chv_error_give(error, err);
  }

  const cJSON *data = chv_json_get(root, "data");
  chaveiro_auth_result *result = NULL;
  int64_t session_expires_ms = 0;
  chaveiro_status status = read_auth(data, &result, &session_expires_ms, error);
  if (status == CHAVEIRO_OK &&
      keep_session(client, data, hwid, session_expires_ms) != CHAVEIRO_OK) {
    chaveiro_auth_result_free(result);
    result = NULL;
    status = chv_error_give(error, chv_error_no_memory());
  }
  if (status == CHAVEIRO_OK) {
    const cJSON *offline = chv_json_get(data, "offline");
    if (cJSON_IsObject(offline)) {
      result->offline_expires_at = offline_keep(client, hwid, chv_json_string(offline, "token"),
                                                chv_client_now(client));
    } else if (cJSON_IsNull(offline)) {
      /* The product allows no offline grace (any more): a stored licence goes. */
      chv_client_offline_forget(client);
    }
  }
  cJSON_Delete(root);
  if (status == CHAVEIRO_OK) {
    *out = result;
  } else {
    chaveiro_auth_result_free(result);
  }
  return status;
}

#define AUTH_GETTER(name, field)                                                                 \
  const char *chaveiro_auth_result_##name(const chaveiro_auth_result *result) {                 \
    return result ? result->field : NULL;                                                        \
  }
AUTH_GETTER(username, username)
AUTH_GETTER(product_id, product_id)
AUTH_GETTER(product_name, product_name)
AUTH_GETTER(subscription_id, subscription_id)
AUTH_GETTER(subscription_expires_at, subscription_expires_at)
AUTH_GETTER(session_expires_at, session_expires_at)
AUTH_GETTER(file_name, file_name)
AUTH_GETTER(file_sha256, file_sha256)
AUTH_GETTER(file_delivery, file_delivery)
AUTH_GETTER(offline_expires_at, offline_expires_at)

double chaveiro_auth_result_heartbeat_seconds(const chaveiro_auth_result *result) {
  return result ? result->heartbeat_seconds : 0;
}

int chaveiro_auth_result_has_file(const chaveiro_auth_result *result) {
  return result ? result->has_file : 0;
}

uint64_t chaveiro_auth_result_file_size(const chaveiro_auth_result *result) {
  return result ? result->file_size : 0;
}

int chaveiro_auth_result_file_protected(const chaveiro_auth_result *result) {
  return result ? result->file_protected : 0;
}

int chaveiro_auth_result_offline(const chaveiro_auth_result *result) {
  return result ? result->offline : 0;
}

/* ---- heartbeat ------------------------------------------------------------------------------ */

void chaveiro_heartbeat_result_free(chaveiro_heartbeat_result *result) {
  if (!result) return;
  free(result->session_expires_at);
  free(result->expires_at);
  free(result->offline_expires_at);
  free(result);
}

const char *chaveiro_heartbeat_result_session_expires_at(const chaveiro_heartbeat_result *r) {
  return r ? r->session_expires_at : NULL;
}

const char *chaveiro_heartbeat_result_expires_at(const chaveiro_heartbeat_result *r) {
  return r ? r->expires_at : NULL;
}

int chaveiro_heartbeat_result_offline(const chaveiro_heartbeat_result *r) {
  return r ? r->offline : 0;
}

const char *chaveiro_heartbeat_result_offline_expires_at(const chaveiro_heartbeat_result *r) {
  return r ? r->offline_expires_at : NULL;
}

/* The session's token for a call, or an error: none yet (NOT_AUTHENTICATED), or ended here by a
 * security event's answer (SESSION_ENDED). */
static chaveiro_status session_for_call(chaveiro_client *client, char **token,
                                        chaveiro_error **error) {
  *token = NULL;
  chv_mutex_lock(&client->mutex);
  chaveiro_error *ended = client->ended ? chv_error_copy(client->ended) : NULL;
  int had_session = client->has_session;
  if (!ended && had_session) *token = chv_strdup(client->session_token);
  chv_mutex_unlock(&client->mutex);
  if (ended) return chv_error_give(error, ended);
  if (!had_session) {
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_NOT_AUTHENTICATED, "no session"));
  }
  if (!*token) return chv_error_give(error, chv_error_no_memory());
  return CHAVEIRO_OK;
}

chaveiro_status chv_client_heartbeat(chaveiro_client *client, chv_cancel *cancel,
                                     chaveiro_heartbeat_result **out, chaveiro_error **error) {
  char *token = NULL;
  chaveiro_status status = session_for_call(client, &token, error);
  if (status != CHAVEIRO_OK) return status;
  cJSON *body = cJSON_CreateObject();
  if (!body || !cJSON_AddStringToObject(body, "session", token)) {
    chv_free_secret(token);
    chv_json_wipe_and_delete(body);
    return chv_error_give(error, chv_error_no_memory());
  }
  chv_free_secret(token);
  cJSON *root = NULL;
  status = call(client, CHV_PATH_HEARTBEAT, body, cancel, &root, error);
  chv_json_wipe_and_delete(body);
  if (status != CHAVEIRO_OK) return status;

  const cJSON *data = chv_json_get(root, "data");
  const char *session = chv_json_string(data, "session");
  const char *session_expires_at = chv_json_string(data, "sessionExpiresAt");
  const char *expires_at = chv_json_string(data, "expiresAt");
  const cJSON *offline = chv_json_get(data, "offline");
  int64_t session_expires_ms = 0;
  if (!session || !session[0]) {
    status = chv_error_give(error,
                            chv_error_verification("MALFORMED_ANSWER", "heartbeat: no session"));
  } else if (!session_expires_at || !expires_at ||
             chv_parse_iso8601(session_expires_at, &session_expires_ms) != 0) {
    status = chv_error_give(error, chv_error_verification(
                                       "MALFORMED_ANSWER",
                                       "heartbeat: no sessionExpiresAt or expiresAt"));
  } else if (offline && !cJSON_IsNull(offline) &&
             !(cJSON_IsObject(offline) && chv_json_string(offline, "token"))) {
    status = chv_error_give(error, chv_error_verification(
                                       "MALFORMED_ANSWER", "heartbeat: offline is not { token }"));
  }
  chaveiro_heartbeat_result *result = NULL;
  char *new_token = NULL;
  if (status == CHAVEIRO_OK) {
    result = calloc(1, sizeof *result);
    new_token = chv_strdup(session);
    if (result) {
      result->session_expires_at = chv_strdup(session_expires_at);
      result->expires_at = chv_strdup(expires_at);
    }
    if (!result || !new_token || !result->session_expires_at || !result->expires_at) {
      chaveiro_heartbeat_result_free(result);
      chv_free_secret(new_token);
      result = NULL;
      status = chv_error_give(error, chv_error_no_memory());
    }
  }
  /* A renewal may carry a fresh offline licence: the latest one received is kept. */
  if (status == CHAVEIRO_OK && cJSON_IsObject(offline)) {
    chv_mutex_lock(&client->mutex);
    char *hwid = chv_strdup(client->hwid);
    chv_mutex_unlock(&client->mutex);
    result->offline_expires_at =
        offline_keep(client, hwid, chv_json_string(offline, "token"), chv_client_now(client));
    free(hwid);
  }
  cJSON_Delete(root);
  if (status != CHAVEIRO_OK) return status;

  /* The session token is replaced by the one answered (renewed after half its lifetime). */
  chv_mutex_lock(&client->mutex);
  chv_free_secret(client->session_token);
  client->session_token = new_token;
  client->session_expires_ms = session_expires_ms;
  chv_mutex_unlock(&client->mutex);
  if (out) {
    *out = result;
  } else {
    chaveiro_heartbeat_result_free(result);
  }
  return CHAVEIRO_OK;
}

chaveiro_status chaveiro_heartbeat(chaveiro_client *client, chaveiro_heartbeat_result **out,
                                   chaveiro_error **error) {
  if (out) *out = NULL;
  if (error) *error = NULL;
  if (!client) {
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_INVALID_ARGUMENT, "no client"));
  }
  return chv_client_heartbeat(client, NULL, out, error);
}

/* ---- security events ------------------------------------------------------------------------ */

static chaveiro_security_action parse_action(const char *action) {
  if (!action) return CHAVEIRO_SECURITY_OTHER;
  if (strcmp(action, "record") == 0) return CHAVEIRO_SECURITY_RECORD;
  if (strcmp(action, "end_session") == 0) return CHAVEIRO_SECURITY_END_SESSION;
  if (strcmp(action, "blacklist_hwid") == 0) return CHAVEIRO_SECURITY_BLACKLIST_HWID;
  if (strcmp(action, "ban_account") == 0) return CHAVEIRO_SECURITY_BAN_ACCOUNT;
  return CHAVEIRO_SECURITY_OTHER;
}

/* The server's limit on a security event's detail, after trimming: 200 characters as
 * JavaScript counts them (UTF-16 code units). */
#define SECURITY_DETAIL_MAX 200

/* One code point of valid UTF-8 (valid_text checked it): its value and its length in bytes. */
static size_t utf8_next(const char *text, uint32_t *cp) {
  const uint8_t *s = (const uint8_t *)text;
  if (s[0] < 0x80) {
    *cp = s[0];
    return 1;
  }
  size_t extra = s[0] >= 0xF0 ? 3 : s[0] >= 0xE0 ? 2 : 1;
  uint32_t value = s[0] & (0x3Fu >> extra);
  for (size_t k = 1; k <= extra; k++) value = (value << 6) | (s[k] & 0x3Fu);
  *cp = value;
  return extra + 1;
}

/* What JavaScript's String.prototype.trim removes (the server trims the detail with it):
 * White_Space and the line terminators. */
static int is_js_space(uint32_t cp) {
  return (cp >= 0x09 && cp <= 0x0D) || cp == 0x20 || cp == 0xA0 || cp == 0x1680 ||
         (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F ||
         cp == 0x205F || cp == 0x3000 || cp == 0xFEFF;
}

/* The detail as the TypeScript SDK sends it (detail.trim().slice(0, 200)): trimmed, then cut
 * to SECURITY_DETAIL_MAX UTF-16 code units on a character boundary, so that a long detail is
 * shortened instead of refused as INVALID_REQUEST. *start and *len select it in `detail`; a
 * length of 0 means no detail. */
static void security_detail(const char *detail, const char **start, size_t *len) {
  uint32_t cp;
  while (*detail) {
    size_t n = utf8_next(detail, &cp);
    if (!is_js_space(cp)) break;
    detail += n;
  }
  size_t end = 0; /* after the last character that is not a space */
  size_t cut = 0; /* after the last character within the limit */
  size_t units = 0;
  int within = 1;
  for (size_t at = 0, n = 0; detail[at]; at += n) {
    n = utf8_next(detail + at, &cp);
    units += cp > 0xFFFF ? 2 : 1;
    within = within && units <= SECURITY_DETAIL_MAX;
    if (within) cut = at + n;
    if (!is_js_space(cp)) end = at + n;
  }
  *start = detail;
  *len = cut < end ? cut : end;
}

chaveiro_status chaveiro_report_security_event(chaveiro_client *client, const char *kind,
                                               const char *detail,
                                               chaveiro_security_action *action,
                                               chaveiro_error **error) {
  if (error) *error = NULL;
  if (action) *action = CHAVEIRO_SECURITY_RECORD;
  if (!client || !kind ||
      (strcmp(kind, "debugger") != 0 && strcmp(kind, "hooked_api") != 0 &&
       strcmp(kind, "self_check_failed") != 0) ||
      (detail && !valid_text(detail))) {
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_INVALID_ARGUMENT,
                                                  "kind is debugger, hooked_api or "
                                                  "self_check_failed; detail UTF-8"));
  }
  char *sent_detail = NULL;
  if (detail) {
    const char *start;
    size_t len;
    security_detail(detail, &start, &len);
    if (len && !(sent_detail = chv_strndup(start, len))) {
      return chv_error_give(error, chv_error_no_memory());
    }
  }
  char *token = NULL;
  chaveiro_status status = session_for_call(client, &token, error);
  if (status != CHAVEIRO_OK) {
    free(sent_detail);
    return status;
  }
  cJSON *body = cJSON_CreateObject();
  int built = body && cJSON_AddStringToObject(body, "session", token) &&
              cJSON_AddStringToObject(body, "kind", kind) &&
              add_optional(body, "detail", sent_detail);
  free(sent_detail);
  if (!built) {
    chv_free_secret(token);
    chv_json_wipe_and_delete(body);
    return chv_error_give(error, chv_error_no_memory());
  }
  chv_free_secret(token);
  cJSON *root = NULL;
  status = call(client, CHV_PATH_SECURITY_EVENT, body, NULL, &root, error);
  chv_json_wipe_and_delete(body);
  if (status != CHAVEIRO_OK) return status;
  const cJSON *data = chv_json_get(root, "data");
  const char *answered = chv_json_string(data, "action");
  if (!answered) {
    cJSON_Delete(root);
    return chv_error_give(error, chv_error_verification("MALFORMED_ANSWER",
                                                        "security-event: no action"));
  }
  chaveiro_security_action result = parse_action(answered);
  if (result != CHAVEIRO_SECURITY_RECORD) {
    /* The product's rule ended this machine's session: it ends here at once, not at the next
     * heartbeat, and the offline grace with it. */
    chaveiro_error *ended = chv_error_sdk(CHAVEIRO_E_REFUSED, "SESSION_ENDED",
                                          "security event %s answered %s", kind, answered);
    chv_mutex_lock(&client->mutex);
    chaveiro_error_free(client->ended);
    client->ended = ended;
    chv_mutex_unlock(&client->mutex);
    chv_client_offline_forget(client);
    chv_loops_wake(client);
  }
  cJSON_Delete(root);
  if (action) *action = result;
  return CHAVEIRO_OK;
}

/* ---- download ------------------------------------------------------------------------------- */

enum download_mode { UNDECIDED = 0, SEALED, PLAIN, ENVELOPE };
enum download_failure { NONE = 0, DECRYPT, TOO_LONG, ENVELOPE_TOO_LARGE, OUT_OF_MEMORY, CLEAR };

typedef struct download_sink {
  enum download_mode mode;
  enum download_failure failure;
  int plain_only;
  int protected_expected;
  uint64_t expected_size;
  chaveiro_client *client;
  chv_unseal unseal;
  int unseal_ready;
  crypto_hash_sha256_state plain_sha; /* PLAIN: hashed as the bytes arrive */
  chv_buf plain;
} download_sink;

static int is_sealed_type(const char *content_type) {
  static const char sealed[] = "application/vnd.chaveiro.sealed";
  if (!content_type) return 0;
  size_t n = sizeof sealed - 1;
  for (size_t i = 0; i < n; i++) {
    char c = content_type[i];
    if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
    if (c != sealed[i]) return 0;
  }
  return content_type[n] == '\0' || content_type[n] == ';' || content_type[n] == ' ';
}

/* What the body is, from the status and headers: file bytes are unsigned 2xx answers (sealed
 * or in the clear); anything else must be a signed envelope. */
static int decide(download_sink *d, const chv_http_response *r) {
  int is_file = r->status >= 200 && r->status <= 299 && !r->signature;
  if (!is_file) {
    d->mode = ENVELOPE;
  } else if (!d->plain_only && is_sealed_type(r->content_type)) {
    d->mode = SEALED;
    if (chv_unseal_init(&d->unseal, d->client->session_public_key,
                        d->client->session_secret_key, d->expected_size, &d->plain) != 0) {
      d->failure = OUT_OF_MEMORY;
      return -1;
    }
    d->unseal_ready = 1;
  } else {
    d->mode = PLAIN;
    /* The auth answer signed that this copy comes sealed: in the clear it is not that copy. */
    if (d->protected_expected) {
      d->failure = CLEAR;
      return -1;
    }
    /* The signed size, exactly: growing by doubling would take up to twice the file. */
    if (d->expected_size > (uint64_t)(SIZE_MAX / 2) ||
        chv_buf_reserve_exact(&d->plain, (size_t)d->expected_size) != 0) {
      d->failure = OUT_OF_MEMORY;
      return -1;
    }
    crypto_hash_sha256_init(&d->plain_sha);
  }
  return 0;
}

static int on_download_body(void *user, chv_http_response *r, const uint8_t *data, size_t len) {
  download_sink *d = user;
  if (d->mode == UNDECIDED && decide(d, r) != 0) return -1;
  switch (d->mode) {
    case SEALED:
      if (chv_unseal_feed(&d->unseal, data, len) != 0) {
        d->failure = DECRYPT;
        return -1;
      }
      return 0;
    case PLAIN:
      if ((double)(d->plain.len + len) > (double)d->expected_size) {
        d->failure = TOO_LONG;
        return -1;
      }
      if (chv_buf_append(&d->plain, data, len) != 0) {
        d->failure = OUT_OF_MEMORY;
        return -1;
      }
      crypto_hash_sha256_update(&d->plain_sha, data, len);
      return 0;
    default:
      if (r->body.len + len > CHV_MAX_ENVELOPE_BYTES) {
        d->failure = ENVELOPE_TOO_LARGE;
        return -1;
      }
      if (chv_buf_append(&r->body, data, len) != 0) {
        d->failure = OUT_OF_MEMORY;
        return -1;
      }
      return 0;
  }
}

/* Wipes the bytes written (and the NUL after them), then frees: nothing lies past them, and
 * zeroing the whole capacity would touch pages never used. */
static void wipe_buf(chv_buf *buf) {
  if (buf->data) sodium_memzero(buf->data, buf->len + 1);
  chv_buf_free(buf);
}

chaveiro_status chv_fetch_file(chaveiro_client *client, chv_fetch *f, chaveiro_error **error) {
  memset(&f->bytes, 0, sizeof f->bytes);
  f->sha256_got[0] = '\0';
  f->sealed = 0;
  download_sink sink;
  memset(&sink, 0, sizeof sink);
  sink.client = client;
  sink.plain_only = f->plain_only;
  sink.protected_expected = f->has_expected && f->protected_expected;
  sink.expected_size = f->has_expected && f->size >= 0 && f->size < 18446744073709551616.0
                           ? (uint64_t)f->size
                           : 0;
  /* The body is read as it arrives: a sealed file is opened chunk by chunk, never held
   * encrypted in full, and a file in the clear is hashed on the way. */
  chv_http_request http = {"GET", f->url, f->bearer, NULL, 0, client->download_timeout_ms,
                           CHV_MAX_ENVELOPE_BYTES, on_download_body, &sink};
  chv_http_response response;
  memset(&response, 0, sizeof response);
  char detail[256] = "";
  chv_http_outcome outcome =
      client->transport->send(client->transport, &http, &response, NULL, detail, sizeof detail);
  if (outcome == CHV_HTTP_OK && sink.mode == UNDECIDED) {
    /* No body came through the sink: an empty one, or a transport that buffers (the fuzzer's).
     * Whatever it buffered goes through the same reader. */
    chv_buf buffered = response.body;
    memset(&response.body, 0, sizeof response.body);
    if (decide(&sink, &response) != 0 ||
        (buffered.len > 0 &&
         on_download_body(&sink, &response, buffered.data, buffered.len) != 0)) {
      outcome = CHV_HTTP_ABORTED;
    }
    chv_buf_free(&buffered);
  }

  chaveiro_status status = CHAVEIRO_OK;
  char sha[65] = "";
  if (outcome == CHV_HTTP_ABORTED) {
    switch (sink.failure) {
      case DECRYPT:
        status = chv_error_give(error, chv_error_verification("DECRYPT_FAILED", "%s",
                                                              sink.unseal.detail));
        break;
      case CLEAR:
        status = chv_error_give(error, chv_error_verification(
                                           "DECRYPT_FAILED",
                                           "the auth answer signed a sealed copy; this came in "
                                           "the clear"));
        break;
      case TOO_LONG:
        status = chv_error_give(error, chv_error_verification(
                                           "FILE_MISMATCH", "more than the %.0f bytes %s signed",
                                           f->size, f->signer));
        break;
      case ENVELOPE_TOO_LARGE:
        status = chv_error_give(error, chv_transport_error(CHV_HTTP_TOO_LARGE, f->request,
                                                           &response, "the answer is too large"));
        break;
      default:
        status = chv_error_give(error, chv_error_no_memory());
        break;
    }
  } else if (outcome != CHV_HTTP_OK) {
    status = chv_error_give(error, chv_transport_error(outcome, f->request, &response, detail));
  } else if (sink.mode == ENVELOPE) {
    /* Refusals are signed envelopes; file bytes are not, and are trusted through the signed
     * hash. */
    cJSON *root = NULL;
    status = chv_open_envelope(client, &response, f->request, f->nonce, &root, error);
    if (status == CHAVEIRO_OK) {
      cJSON_Delete(root);
      status = chv_error_give(error, chv_error_verification(
                                         "MALFORMED_ANSWER", "a signed success instead of a file"));
    }
  } else if (!f->has_expected) {
    status = chv_error_give(error, chv_error_verification(
                                       "FILE_MISMATCH", "auth named no file; authenticate again"));
  } else if (sink.mode == SEALED && chv_unseal_finish(&sink.unseal, sha) != 0) {
    status = chv_error_give(error, chv_error_verification("DECRYPT_FAILED", "%s",
                                                          sink.unseal.detail));
  } else {
    if (sink.mode == PLAIN) {
      uint8_t digest[crypto_hash_sha256_BYTES];
      crypto_hash_sha256_final(&sink.plain_sha, digest);
      chv_hex(digest, sizeof digest, sha);
    }
    if (strcmp(sha, f->sha256) != 0 || (double)sink.plain.len != f->size) {
      status = chv_error_give(
          error, chv_error_verification(
                     "FILE_MISMATCH", "got %zu bytes with sha256 %s, expected %.0f bytes with %s",
                     sink.plain.len, sha, f->size, f->sha256));
    } else if (!sink.plain.data && chv_buf_reserve(&sink.plain, 0) != 0) {
      status = chv_error_give(error, chv_error_no_memory());
    } else {
      f->bytes = sink.plain;
      memset(&sink.plain, 0, sizeof sink.plain);
      memcpy(f->sha256_got, sha, sizeof sha);
      f->sealed = sink.mode == SEALED;
    }
  }
  if (sink.unseal_ready) chv_unseal_free(&sink.unseal);
  sodium_memzero(&sink.plain_sha, sizeof sink.plain_sha);
  wipe_buf(&sink.plain);
  chv_http_response_free(&response);
  return status;
}

chaveiro_status chaveiro_download(chaveiro_client *client, chaveiro_file **out,
                                  chaveiro_error **error) {
  if (out) *out = NULL;
  if (error) *error = NULL;
  if (!client || !out) {
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_INVALID_ARGUMENT,
                                                  "client and out are required"));
  }
  char *token = NULL;
  chaveiro_status status = session_for_call(client, &token, error);
  if (status != CHAVEIRO_OK) return status;
  chv_mutex_lock(&client->mutex);
  int has_file = client->has_file;
  double expected_size = client->file_size;
  char expected_sha[65];
  memcpy(expected_sha, client->file_sha256, sizeof expected_sha);
  char *name = has_file ? chv_strdup(client->file_name) : NULL;
  char *delivery = has_file && client->file_delivery ? chv_strdup(client->file_delivery) : NULL;
  int protected_expected = client->file_protected;
  chv_mutex_unlock(&client->mutex);

  char nonce[32];
  chv_nonce(nonce);
  size_t url_len = strlen(client->base_url) + sizeof CHV_PATH_DOWNLOAD + sizeof "?nonce=" + 32;
  char *url = malloc(url_len);
  chaveiro_file *file = calloc(1, sizeof *file);
  if (!url || !file || (has_file && !name)) {
    chv_free_secret(token);
    free(url);
    free(file);
    free(name);
    free(delivery);
    return chv_error_give(error, chv_error_no_memory());
  }
  snprintf(url, url_len, "%s%s?nonce=%s", client->base_url, CHV_PATH_DOWNLOAD, nonce);
  /* The bearer header keeps the session token out of URLs and access logs. */
  chv_fetch fetch;
  memset(&fetch, 0, sizeof fetch);
  fetch.url = url;
  fetch.bearer = token;
  fetch.request = "GET " CHV_PATH_DOWNLOAD;
  fetch.nonce = nonce;
  fetch.signer = "the auth answer";
  fetch.has_expected = has_file;
  fetch.sha256 = expected_sha;
  fetch.size = expected_size;
  fetch.protected_expected = protected_expected;
  status = chv_fetch_file(client, &fetch, error);
  chv_free_secret(token);
  free(url);
  if (status == CHAVEIRO_OK) {
    file->bytes = fetch.bytes;
    file->name = name;
    file->delivery = delivery;
    file->sealed = fetch.sealed;
    memcpy(file->sha256, fetch.sha256_got, sizeof file->sha256);
    *out = file;
  } else {
    free(file);
    free(name);
    free(delivery);
  }
  return status;
}

void chaveiro_file_free(chaveiro_file *file) {
  if (!file) return;
  /* The plain product: wiped, not just released. */
  wipe_buf(&file->bytes);
  free(file->name);
  free(file->delivery);
  free(file);
}

const uint8_t *chaveiro_file_data(const chaveiro_file *file) {
  if (!file) return NULL;
  return file->bytes.data ? file->bytes.data : (const uint8_t *)"";
}

size_t chaveiro_file_size(const chaveiro_file *file) { return file ? file->bytes.len : 0; }

const char *chaveiro_file_name(const chaveiro_file *file) { return file ? file->name : NULL; }

const char *chaveiro_file_sha256(const chaveiro_file *file) { return file ? file->sha256 : NULL; }

const char *chaveiro_file_delivery(const chaveiro_file *file) {
  return file ? file->delivery : NULL;
}

int chaveiro_file_was_sealed(const chaveiro_file *file) { return file ? file->sealed : 0; }
