/* The offline licence token and its store. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>
#include <sodium.h>

#include "offline.h"

#define TOKEN_DOMAIN "chaveiro-offline-v1."
#define STORE_MAGIC "CHVOFF1"           /* and its NUL: 8 bytes */
#define STORE_DOMAIN "chaveiro-offline-store-v1"
#define MAX_TOKEN_BYTES 4096
#define MAX_STORE_BYTES 16384

void chv_offline_claims_free(chv_offline_claims *c) {
  if (!c) return;
  free(c->product_id);
  free(c->subscription_id);
  free(c->username);
  free(c->issued_at);
  free(c->expires_at);
  memset(c, 0, sizeof *c);
}

static int b64url_decode(const char *text, size_t len, uint8_t *out, size_t max, size_t *out_len) {
  for (size_t i = 0; i < len; i++) {
    char c = text[i];
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
          c == '-' || c == '_')) {
      return -1;
    }
  }
  return sodium_base642bin(out, max, text, len, NULL, out_len, NULL,
                           sodium_base64_VARIANT_URLSAFE_NO_PADDING);
}

int chv_offline_verify(const char *token, const chv_trusted_key *keys, size_t key_count,
                       const char *product_id, const char *hwid, int64_t now_ms,
                       int64_t last_seen_ms, chv_offline_claims *out, char *detail,
                       size_t detail_size) {
  memset(out, 0, sizeof *out);
#define REFUSE(...)                                                                             \
  do {                                                                                          \
    snprintf(detail, detail_size, __VA_ARGS__);                                                 \
    goto refused;                                                                               \
  } while (0)
  uint8_t *payload = NULL;
  uint8_t *signed_bytes = NULL;
  cJSON *json = NULL;
  size_t token_len = token ? strlen(token) : 0;
  if (token_len < 8 || token_len > MAX_TOKEN_BYTES || strncmp(token, "v1.", 3) != 0) {
    REFUSE("not a v1 offline token");
  }
  const char *payload_text = token + 3;
  const char *dot = strchr(payload_text, '.');
  if (!dot || strchr(dot + 1, '.')) REFUSE("not three parts");
  size_t payload_text_len = (size_t)(dot - payload_text);
  const char *sig_text = dot + 1;
  uint8_t signature[crypto_sign_BYTES];
  size_t sig_len = 0;
  if (b64url_decode(sig_text, strlen(sig_text), signature, sizeof signature, &sig_len) != 0 ||
      sig_len != sizeof signature) {
    REFUSE("the signature is not 64 bytes of base64url");
  }
  payload = malloc(payload_text_len + 1);
  size_t payload_len = 0;
  if (!payload || b64url_decode(payload_text, payload_text_len, payload, payload_text_len + 1,
                                &payload_len) != 0) {
    REFUSE("the payload is not base64url");
  }
  json = chv_json_parse(payload, payload_len);
  const char *key_id = chv_json_string(json, "keyId");
  const cJSON *version = chv_json_get(json, "v");
  if (!cJSON_IsObject(json) || !cJSON_IsNumber(version) || version->valuedouble != 1 ||
      !key_id) {
    REFUSE("the payload is not a v1 offline licence");
  }
  const chv_trusted_key *key = NULL;
  for (size_t i = 0; i < key_count; i++) {
    if (strcmp(keys[i].key_id, key_id) == 0) key = &keys[i];
  }
  if (!key) REFUSE("signed by key %.32s, which this loader does not pin", key_id);
  size_t signed_len = strlen(TOKEN_DOMAIN) + payload_text_len;
  signed_bytes = malloc(signed_len);
  if (!signed_bytes) REFUSE("out of memory");
  memcpy(signed_bytes, TOKEN_DOMAIN, strlen(TOKEN_DOMAIN));
  memcpy(signed_bytes + strlen(TOKEN_DOMAIN), payload_text, payload_text_len);
  if (crypto_sign_verify_detached(signature, signed_bytes, signed_len, key->public_key) != 0) {
    REFUSE("the signature does not verify");
  }
  const char *token_product = chv_json_string(json, "productId");
  const char *token_hwid = chv_json_string(json, "hwid");
  const char *issued_at = chv_json_string(json, "issuedAt");
  const char *expires_at = chv_json_string(json, "expiresAt");
  int64_t issued_ms = 0, expires_ms = 0;
  if (!token_product || !token_hwid || !issued_at || !expires_at ||
      chv_parse_iso8601(issued_at, &issued_ms) != 0 ||
      chv_parse_iso8601(expires_at, &expires_ms) != 0) {
    REFUSE("the payload lacks its fields");
  }
  if (strcmp(token_product, product_id) != 0) REFUSE("a licence for another product");
  char hwid_hash[65];
  chv_sha256_hex(hwid, strlen(hwid), hwid_hash);
  if (strlen(token_hwid) != 64 || sodium_memcmp(hwid_hash, token_hwid, 64) != 0) {
    /* The server writes lower-case hex; any other spelling is another machine all the same. */
    REFUSE("a licence for another machine");
  }
  if (now_ms < issued_ms - CHV_OFFLINE_SKEW_MS) REFUSE("issued in the future (clock behind)");
  if (now_ms >= expires_ms) REFUSE("the offline licence has lapsed");
  if (now_ms < last_seen_ms - CHV_OFFLINE_SKEW_MS) REFUSE("the clock was turned back");
  out->product_id = chv_strdup(token_product);
  out->subscription_id = chv_strdup(chv_json_string(json, "subscriptionId"));
  out->username = chv_strdup(chv_json_string(json, "username"));
  out->issued_at = chv_strdup(issued_at);
  out->expires_at = chv_strdup(expires_at);
  out->issued_ms = issued_ms;
  out->expires_ms = expires_ms;
  if (!out->product_id || !out->issued_at || !out->expires_at) {
    chv_offline_claims_free(out);
    REFUSE("out of memory");
  }
  free(payload);
  free(signed_bytes);
  cJSON_Delete(json);
  return 0;
refused:
  free(payload);
  free(signed_bytes);
  cJSON_Delete(json);
  return -1;
#undef REFUSE
}

char *chv_offline_default_path(const char *product_id) {
  /* The product id as a file name: anything but [A-Za-z0-9._-] becomes '_'. */
  size_t id_len = strlen(product_id);
  char *name = malloc(id_len + 8);
  if (!name) return NULL;
  for (size_t i = 0; i < id_len; i++) {
    char c = product_id[i];
    int ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
             c == '-' || c == '_' || (c == '.' && i > 0);
    name[i] = ok ? c : '_';
  }
  memcpy(name + id_len, ".lic", 5);
  const char *base = NULL;
  const char *middle = NULL;
#ifdef _WIN32
  base = getenv("LOCALAPPDATA");
  middle = "\\Chaveiro\\";
#else
  const char *xdg = getenv("XDG_DATA_HOME");
  if (xdg && xdg[0] == '/') {
    base = xdg;
    middle = "/chaveiro/";
  } else {
    base = getenv("HOME");
    middle = "/.local/share/chaveiro/";
  }
#endif
  char *path = NULL;
  if (base && base[0]) {
    size_t len = strlen(base) + strlen(middle) + strlen(name) + 1;
    path = malloc(len);
    if (path) snprintf(path, len, "%s%s%s", base, middle, name);
  }
  free(name);
  return path;
}

static void store_key(const char *hwid, const char *product_id,
                      uint8_t key[crypto_secretbox_KEYBYTES]) {
  crypto_generichash_state state;
  crypto_generichash_init(&state, NULL, 0, crypto_secretbox_KEYBYTES);
  crypto_generichash_update(&state, (const uint8_t *)STORE_DOMAIN, strlen(STORE_DOMAIN));
  crypto_generichash_update(&state, (const uint8_t *)hwid, strlen(hwid));
  crypto_generichash_update(&state, (const uint8_t *)"", 1);
  crypto_generichash_update(&state, (const uint8_t *)product_id, strlen(product_id));
  crypto_generichash_final(&state, key, crypto_secretbox_KEYBYTES);
}

int chv_offline_store_write(const char *path, const char *hwid, const char *product_id,
                            const char *token, int64_t last_seen_ms) {
  cJSON *json = cJSON_CreateObject();
  if (!json || !cJSON_AddStringToObject(json, "token", token) ||
      !cJSON_AddNumberToObject(json, "lastSeen", (double)last_seen_ms)) {
    chv_json_wipe_and_delete(json);
    return -1;
  }
  char *plain = cJSON_PrintUnformatted(json);
  /* Its copy of the token goes as the read path's does: wiped. */
  chv_json_wipe_and_delete(json);
  if (!plain) return -1;
  size_t plain_len = strlen(plain);
  size_t total = 8 + crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES + plain_len;
  uint8_t *file = malloc(total);
  int rc = -1;
  if (file) {
    uint8_t key[crypto_secretbox_KEYBYTES];
    store_key(hwid, product_id, key);
    memcpy(file, STORE_MAGIC, 8); /* with its NUL */
    randombytes_buf(file + 8, crypto_secretbox_NONCEBYTES);
    crypto_secretbox_easy(file + 8 + crypto_secretbox_NONCEBYTES, (const uint8_t *)plain,
                          plain_len, file + 8, key);
    sodium_memzero(key, sizeof key);
    if (chv_mkdirs_for(path) == 0 && chv_file_write_atomic(path, file, total, 0600) == 0) rc = 0;
    free(file);
  }
  sodium_memzero(plain, plain_len);
  cJSON_free(plain);
  return rc;
}

int chv_offline_store_read(const char *path, const char *hwid, const char *product_id,
                           char **token, int64_t *last_seen_ms) {
  *token = NULL;
  chv_buf file = {0};
  if (chv_file_read(path, &file, MAX_STORE_BYTES) != 0) {
    chv_buf_free(&file);
    return -1;
  }
  size_t head = 8 + crypto_secretbox_NONCEBYTES;
  int rc = -1;
  if (file.len > head + crypto_secretbox_MACBYTES && memcmp(file.data, STORE_MAGIC, 8) == 0) {
    size_t plain_len = file.len - head - crypto_secretbox_MACBYTES;
    uint8_t *plain = malloc(plain_len + 1);
    uint8_t key[crypto_secretbox_KEYBYTES];
    store_key(hwid, product_id, key);
    if (plain && crypto_secretbox_open_easy(plain, file.data + head, file.len - head,
                                            file.data + 8, key) == 0) {
      cJSON *json = chv_json_parse(plain, plain_len);
      const char *text = chv_json_string(json, "token");
      const cJSON *seen = chv_json_get(json, "lastSeen");
      if (text && cJSON_IsNumber(seen)) {
        *token = chv_strdup(text);
        *last_seen_ms = (int64_t)seen->valuedouble;
        rc = *token ? 0 : -1;
      }
      chv_json_wipe_and_delete(json);
      sodium_memzero(plain, plain_len);
    }
    sodium_memzero(key, sizeof key);
    free(plain);
  }
  chv_buf_free(&file);
  return rc;
}
