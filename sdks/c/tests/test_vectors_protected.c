/* The protected-delivery parts of the shared test vectors (packages/loader-sdk/test-vectors.json,
 * made by the TypeScript SDK): sealed containers, offline tokens and an offline store file. The
 * C SDK must open, accept and refuse exactly as the reference does. Sections the file does not
 * have yet are reported and skipped. */
#include <stdlib.h>

#include <cJSON.h>
#include <sodium.h>

#include "offline.h"
#include "seal.h"
#include "support.h"

extern const unsigned char test_vectors_json[];
extern const size_t test_vectors_json_len;

static cJSON *file;

static uint8_t *decode64(const char *text, size_t *len) {
  size_t max = strlen(text);
  uint8_t *out = malloc(max + 1);
  if (sodium_base642bin(out, max + 1, text, strlen(text), NULL, len, NULL,
                        sodium_base64_VARIANT_ORIGINAL) != 0) {
    free(out);
    return NULL;
  }
  return out;
}

/* Opens a container, fed in `step`-byte pieces: 0 and the plain SHA-256, or -1. */
static int open_container(const uint8_t *data, size_t len, size_t step, const uint8_t pk[32],
                          const uint8_t *sk, uint64_t plain_size, chv_buf *out, char sha[65]) {
  chv_unseal u;
  if (chv_unseal_init(&u, pk, sk, plain_size, out) != 0) return -1;
  int rc = 0;
  for (size_t at = 0; at < len && rc == 0; at += step) {
    rc = chv_unseal_feed(&u, data + at, len - at < step ? len - at : step);
  }
  if (rc == 0) rc = chv_unseal_finish(&u, sha);
  chv_unseal_free(&u);
  return rc;
}

static void test_sealed_containers_open_and_every_fault_is_refused(void) {
  const cJSON *sealed = chv_json_get(file, "sealedDelivery");
  if (!sealed) {
    printf("  (no sealedDelivery section yet)\n");
    return;
  }
  uint8_t seed[32], pk[32], sk[32];
  sodium_hex2bin(seed, 32, chv_json_string(sealed, "recipientSeedHex"), 64, NULL, NULL, NULL);
  crypto_box_seed_keypair(pk, sk, seed);
  size_t n = 0;
  uint8_t *published = decode64(chv_json_string(sealed, "recipientPublicKey"), &n);
  CHECK(published && n == 32 && memcmp(published, pk, 32) == 0);
  free(published);
  uint8_t other_pk[32], other_sk[32];
  crypto_box_keypair(other_pk, other_sk);
  const cJSON *c;
  cJSON_ArrayForEach(c, chv_json_get(sealed, "cases")) {
    size_t len = 0;
    uint8_t *container = decode64(chv_json_string(c, "containerBase64"), &len);
    uint64_t plain_size = (uint64_t)chv_json_get(c, "plainSize")->valuedouble;
    const char *expected_sha = chv_json_string(c, "plainSha256");
    CHECK(container != NULL);
    if (!container) continue;
    size_t steps[] = {len, 1, 4097};
    for (size_t i = 0; i < 3; i++) {
      chv_buf out = {0};
      char sha[65] = "";
      CHECK_INT(open_container(container, len, steps[i], pk, sk, plain_size, &out, sha), 0);
      CHECK_STR(sha, expected_sha);
      CHECK_INT(out.len, plain_size);
      const char *plain64 = chv_json_string(c, "plainBase64");
      if (plain64 && i == 0) {
        size_t plain_len = 0;
        uint8_t *plain = decode64(plain64, &plain_len);
        CHECK(plain && plain_len == out.len && memcmp(plain, out.data, plain_len) == 0);
        free(plain);
      } else if (i == 0) {
        int rule_ok = 1; /* byte i = i mod 251 */
        for (size_t k = 0; k < out.len; k++) rule_ok &= out.data[k] == (uint8_t)(k % 251);
        CHECK(rule_ok);
      }
      chv_buf_free(&out);
    }
    /* Any flipped byte (every one of a small container, a spread over a large one), cut short,
     * one byte more, another key pair: none opens to the signed bytes. */
    size_t stride = len < 4096 ? 1 : 61;
    int opened = 0;
    for (size_t at = 0; at < len; at += stride) {
      container[at] ^= 0x01;
      chv_buf out = {0};
      char sha[65] = "";
      if (open_container(container, len, len, pk, sk, plain_size, &out, sha) == 0 &&
          strcmp(sha, expected_sha) == 0) {
        opened++;
      }
      chv_buf_free(&out);
      container[at] ^= 0x01;
    }
    CHECK_INT(opened, 0);
    chv_buf out = {0};
    char sha[65];
    CHECK(open_container(container, len - 1, len, pk, sk, plain_size, &out, sha) != 0);
    chv_buf_free(&out);
    uint8_t *longer = malloc(len + 1);
    memcpy(longer, container, len);
    longer[len] = 0;
    CHECK(open_container(longer, len + 1, len + 1, pk, sk, plain_size, &out, sha) != 0);
    chv_buf_free(&out);
    free(longer);
    CHECK(open_container(container, len, len, other_pk, other_sk, plain_size, &out, sha) != 0);
    chv_buf_free(&out);
    free(container);
  }
}

static void test_offline_tokens_are_accepted_and_refused_as_the_reference_does(void) {
  const cJSON *tokens = chv_json_get(file, "offlineTokens");
  if (!tokens) {
    printf("  (no offlineTokens section yet)\n");
    return;
  }
  chv_trusted_key key;
  CHECK_INT(chv_trusted_key_parse(chv_json_string(file, "publicKey"), &key), 0);
  const char *product = chv_json_string(tokens, "productId");
  const char *hwid = chv_json_string(tokens, "hwid");
  int64_t now = 0;
  CHECK_INT(chv_parse_iso8601(chv_json_string(tokens, "now"), &now), 0);
  const cJSON *c;
  cJSON_ArrayForEach(c, chv_json_get(tokens, "cases")) {
    const cJSON *seen = chv_json_get(c, "lastSeen");
    int64_t last_seen = cJSON_IsNumber(seen) ? (int64_t)seen->valuedouble : 0;
    chv_offline_claims claims;
    char detail[128] = "";
    int rc = chv_offline_verify(chv_json_string(c, "token"), &key, 1, product, hwid, now,
                                last_seen, &claims, detail, sizeof detail);
    int accept = strcmp(chv_json_string(c, "expect"), "accept") == 0;
    if ((rc == 0) != accept) {
      fprintf(stderr, "  %s: %s\n", chv_json_string(c, "name"), rc == 0 ? "accepted" : detail);
      test_failures++;
    }
    if (rc == 0) chv_offline_claims_free(&claims);
  }
}

static void test_the_offline_store_file_opens_with_the_machine_bound_key(void) {
  const cJSON *store = chv_json_get(file, "offlineStore");
  if (!store) {
    printf("  (no offlineStore section yet)\n");
    return;
  }
  size_t len = 0;
  uint8_t *bytes = decode64(chv_json_string(store, "fileBase64"), &len);
  char path[64];
  snprintf(path, sizeof path, "chaveiro-vector-store-%u.lic", (unsigned)randombytes_random());
  FILE *f = fopen(path, "wb");
  fwrite(bytes, 1, len, f);
  fclose(f);
  free(bytes);
  const char *hwid = chv_json_string(store, "hwid");
  const char *product = chv_json_string(store, "productId");
  char *token = NULL;
  int64_t seen = 0;
  CHECK_INT(chv_offline_store_read(path, hwid, product, &token, &seen), 0);
  cJSON *record = cJSON_Parse(chv_json_string(store, "recordJson"));
  CHECK_STR(token, chv_json_string(record, "token"));
  CHECK(seen == (int64_t)chv_json_get(record, "lastSeen")->valuedouble);
  chv_free_secret(token);
  cJSON_Delete(record);
  /* Another machine or product: the key differs, the file does not open. */
  CHECK_INT(chv_offline_store_read(path, "VECTOR-HWID-0002", product, &token, &seen), -1);
  CHECK_INT(chv_offline_store_read(path, hwid, "prod_other", &token, &seen), -1);
  remove(path);
}

int main(void) {
  if (sodium_init() < 0) return 1;
  file = cJSON_ParseWithLength((const char *)test_vectors_json, test_vectors_json_len);
  if (!file) return 1;
  RUN(test_sealed_containers_open_and_every_fault_is_refused);
  RUN(test_offline_tokens_are_accepted_and_refused_as_the_reference_does);
  RUN(test_the_offline_store_file_opens_with_the_machine_bound_key);
  cJSON_Delete(file);
  return test_summary("test_vectors_protected");
}
