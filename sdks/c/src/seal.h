/* The sealed delivery container, CHVSEAL1 (docs/loader-protocol.md, "Protected delivery"),
 * opened as its bytes arrive. */
#ifndef CHAVEIRO_SEAL_H
#define CHAVEIRO_SEAL_H

#include <sodium.h>

#include "internal.h"

#define CHV_SEAL_MAGIC "CHVSEAL1"
#define CHV_SEAL_CHUNK ((size_t)65536)
#define CHV_SEAL_HEAD_BYTES                                                                     \
  (8 + crypto_box_SEALBYTES + crypto_secretstream_xchacha20poly1305_KEYBYTES +                  \
   crypto_secretstream_xchacha20poly1305_HEADERBYTES)

typedef struct chv_unseal {
  int stage; /* 0 the head, 1 the chunks, 2 done after TAG_FINAL */
  uint8_t head[CHV_SEAL_HEAD_BYTES];
  size_t head_len;
  crypto_secretstream_xchacha20poly1305_state stream;
  uint8_t *chunk; /* one ciphertext chunk being gathered */
  size_t chunk_len;
  uint64_t plain_size;
  uint64_t plain_done;
  chv_buf *out;
  crypto_hash_sha256_state sha;
  const uint8_t *public_key;
  const uint8_t *secret_key;
  char detail[160];
} chv_unseal;

/** Prepares to open a container of `plain_size` plain bytes (the signed auth's file.size)
 * sealed to the key pair, writing the plain bytes to `out`. -1 when out of memory. */
int chv_unseal_init(chv_unseal *u, const uint8_t public_key[32], const uint8_t *secret_key,
                    uint64_t plain_size, chv_buf *out);
/** The next bytes of the body; -1 (and `detail`) when the container cannot be right. */
int chv_unseal_feed(chv_unseal *u, const uint8_t *data, size_t len);
/** After the last byte: 0 when the final chunk was opened, and the plain SHA-256 (hex). */
int chv_unseal_finish(chv_unseal *u, char sha256_hex[65]);
/** Wipes the stream state and frees the chunk buffer (the output stays). */
void chv_unseal_free(chv_unseal *u);

#endif
