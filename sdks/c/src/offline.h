/* Offline grace (docs/loader-protocol.md, "Offline grace"): the signed licence token and its
 * machine-bound store. */
#ifndef CHAVEIRO_OFFLINE_H
#define CHAVEIRO_OFFLINE_H

#include "envelope.h"

/** issuedAt may be this far in the future, and the clock this far behind the latest time seen. */
#define CHV_OFFLINE_SKEW_MS INT64_C(300000)

typedef struct chv_offline_claims {
  char *product_id;
  char *subscription_id;
  char *username;
  char *issued_at;
  char *expires_at;
  int64_t issued_ms;
  int64_t expires_ms;
} chv_offline_claims;

void chv_offline_claims_free(chv_offline_claims *claims);

/**
 * Checks a token `v1.<payload b64url>.<sig b64url>`: Ed25519 over
 * "chaveiro-offline-v1.<payload b64url>" with the trusted key its keyId names; productId is
 * `product_id`; hwid is sha256(`hwid`) in hex; issuedAt - 5 min <= now < expiresAt; now no more
 * than 5 min before `last_seen_ms` (a clock rolled back). 0 and the claims, or -1 and `detail`.
 */
int chv_offline_verify(const char *token, const chv_trusted_key *keys, size_t key_count,
                       const char *product_id, const char *hwid, int64_t now_ms,
                       int64_t last_seen_ms, chv_offline_claims *out, char *detail,
                       size_t detail_size);

/** The default store path for a product (caller frees), NULL when there is no home folder. */
char *chv_offline_default_path(const char *product_id);

/** Writes `CHVOFF1\0` | nonce | secretbox({"token","lastSeen"}) with the machine-bound key. */
int chv_offline_store_write(const char *path, const char *hwid, const char *product_id,
                            const char *token, int64_t last_seen_ms);

/** Reads and opens the store; 0 with the token (caller frees with chv_free_secret) and the
 * latest time seen, -1 when there is none or it does not open (another machine or product). */
int chv_offline_store_read(const char *path, const char *hwid, const char *product_id,
                           char **token, int64_t *last_seen_ms);

#endif
