/* One retry policy (docs/loader-protocol.md, "Client behaviour: failures and retries"). */
#ifndef CHAVEIRO_RETRY_H
#define CHAVEIRO_RETRY_H

#include "internal.h"

/** A number in [0, 1] per wait: the jitter. Values outside are clamped. */
typedef double (*chv_random_fn)(void *user);

typedef struct chv_retry_policy {
  int64_t base_delay_ms;  /* 500 */
  int64_t max_delay_ms;   /* 30 000 */
  uint32_t auth_attempts; /* 3 */
  chv_random_fn random;   /* uniform from libsodium */
  void *random_user;
} chv_retry_policy;

void chv_retry_policy_default(chv_retry_policy *policy);

/** Statuses a load balancer or a dying node answers on its own: 500, 502, 503, 504. */
int chv_is_gateway_status(int http_status);

/**
 * Signed refusals that say "not now": RATE_LIMITED, INTERNAL_ERROR, CONFLICT, NONCE_REUSED.
 * Not the signed 503s (SERVER_OFFLINE, MAINTENANCE, PRODUCT_UPDATING, PRODUCT_UNAVAILABLE): a
 * person switched those on and they last minutes to days, so retrying within seconds would only
 * keep a stopped product waiting; the loader shows them and the user tries again later.
 */
int chv_is_transient_refusal(const char *code);

/** A failure worth trying again: no usable answer, or a signed "not now". */
int chv_is_transient(const chaveiro_error *error);

/**
 * The wait after `failures` failures in a row: uniformly in
 * [0, min(cap, max_delay, base * 2^(failures - 1))] (exponential backoff, full jitter).
 */
int64_t chv_backoff_delay(uint32_t failures, const chv_retry_policy *policy, int64_t cap_ms);

/**
 * The wait before retrying a heartbeat, or -1 when the session would be over by then: the next
 * attempt must leave base_delay to land before `remaining_ms` runs out. `not_before_ms` (a rate
 * limit's Retry-After, -1 for none) lengthens the wait, never past that point.
 */
int64_t chv_heartbeat_retry_delay(uint32_t failures, const chv_retry_policy *policy,
                                  int64_t interval_ms, int64_t remaining_ms,
                                  int64_t not_before_ms);

#endif
