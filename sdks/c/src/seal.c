/* Opening CHVSEAL1: "CHVSEAL1" | crypto_box_seal(K, sessionKey) | secretstream header |
 * 64 KiB plain chunks, each pushed with TAG_MESSAGE but the last (TAG_FINAL). No length
 * prefixes: the signed auth answer gives the plain size, so every chunk's length is known. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "seal.h"

#define ABYTES crypto_secretstream_xchacha20poly1305_ABYTES

static int fail(chv_unseal *u, const char *why) {
  snprintf(u->detail, sizeof u->detail, "%s", why);
  return -1;
}

int chv_unseal_init(chv_unseal *u, const uint8_t public_key[32], const uint8_t *secret_key,
                    uint64_t plain_size, chv_buf *out) {
  memset(u, 0, sizeof *u);
  u->public_key = public_key;
  u->secret_key = secret_key;
  u->plain_size = plain_size;
  u->out = out;
  crypto_hash_sha256_init(&u->sha);
  u->chunk = malloc(CHV_SEAL_CHUNK + ABYTES);
  if (!u->chunk) return -1;
  if (plain_size > (uint64_t)(SIZE_MAX / 2) ||
      chv_buf_reserve_exact(out, (size_t)plain_size) != 0) {
    free(u->chunk);
    u->chunk = NULL;
    return -1;
  }
  return 0;
}

/* The plain length of the chunk being gathered, and whether it is the last. A plain size of 0
 * is one empty final chunk. */
static size_t current_plain(const chv_unseal *u, int *last) {
  uint64_t remaining = u->plain_size - u->plain_done;
  *last = remaining <= CHV_SEAL_CHUNK;
  return *last ? (size_t)remaining : CHV_SEAL_CHUNK;
}

static int open_head(chv_unseal *u) {
  if (memcmp(u->head, CHV_SEAL_MAGIC, 8) != 0) return fail(u, "not a CHVSEAL1 container");
  uint8_t key[crypto_secretstream_xchacha20poly1305_KEYBYTES];
  if (crypto_box_seal_open(key, u->head + 8,
                           crypto_box_SEALBYTES + crypto_secretstream_xchacha20poly1305_KEYBYTES,
                           u->public_key, u->secret_key) != 0) {
    return fail(u, "the key is not sealed to this session's key");
  }
  int rc = crypto_secretstream_xchacha20poly1305_init_pull(
      &u->stream, u->head + 8 + crypto_box_SEALBYTES + sizeof key, key);
  sodium_memzero(key, sizeof key);
  if (rc != 0) return fail(u, "bad secretstream header");
  u->stage = 1;
  return 0;
}

static int open_chunk(chv_unseal *u, size_t plain_len, int last) {
  unsigned long long got = 0;
  unsigned char tag = 0;
  uint8_t *dest = u->out->data + u->out->len;
  if (crypto_secretstream_xchacha20poly1305_pull(&u->stream, dest, &got, &tag, u->chunk,
                                                 u->chunk_len, NULL, 0) != 0) {
    return fail(u, "a chunk failed authentication");
  }
  const char *problem = NULL;
  if (got != plain_len) {
    problem = "a chunk of the wrong length";
  } else if (last != (tag == crypto_secretstream_xchacha20poly1305_TAG_FINAL)) {
    problem = last ? "the last chunk is not marked final" : "a final mark before the end";
  } else if (tag != crypto_secretstream_xchacha20poly1305_TAG_FINAL &&
             tag != crypto_secretstream_xchacha20poly1305_TAG_MESSAGE) {
    problem = "an unexpected chunk tag";
  }
  if (problem) {
    /* Opened past the output's length: wiped here, since the output is wiped up to its length
     * only. */
    sodium_memzero(dest, (size_t)got);
    return fail(u, problem);
  }
  crypto_hash_sha256_update(&u->sha, dest, plain_len);
  u->out->len += plain_len;
  u->out->data[u->out->len] = '\0';
  u->plain_done += plain_len;
  u->chunk_len = 0;
  if (last) u->stage = 2;
  return 0;
}

int chv_unseal_feed(chv_unseal *u, const uint8_t *data, size_t len) {
  while (len > 0) {
    if (u->stage == 2) return fail(u, "bytes after the final chunk");
    if (u->stage == 0) {
      size_t take = CHV_SEAL_HEAD_BYTES - u->head_len;
      if (take > len) take = len;
      memcpy(u->head + u->head_len, data, take);
      u->head_len += take;
      data += take;
      len -= take;
      if (u->head_len == CHV_SEAL_HEAD_BYTES && open_head(u) != 0) return -1;
      continue;
    }
    int last;
    size_t want = current_plain(u, &last) + ABYTES;
    size_t take = want - u->chunk_len;
    if (take > len) take = len;
    memcpy(u->chunk + u->chunk_len, data, take);
    u->chunk_len += take;
    data += take;
    len -= take;
    if (u->chunk_len == want && open_chunk(u, want - ABYTES, last) != 0) return -1;
  }
  return 0;
}

int chv_unseal_finish(chv_unseal *u, char sha256_hex[65]) {
  if (u->stage != 2) return fail(u, "the container ends early");
  uint8_t digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256_final(&u->sha, digest);
  chv_hex(digest, sizeof digest, sha256_hex);
  return 0;
}

void chv_unseal_free(chv_unseal *u) {
  sodium_memzero(&u->stream, sizeof u->stream);
  if (u->chunk) {
    sodium_memzero(u->chunk, CHV_SEAL_CHUNK + ABYTES);
    free(u->chunk);
  }
  u->chunk = NULL;
}
