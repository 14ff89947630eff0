#include <math.h>
#include <string.h>

#include <sodium.h>

#include "retry.h"

static double uniform(void *user) {
  (void)user;
  /* 53 random bits: every double in [0, 1) a draw can give. */
  uint64_t bits;
  randombytes_buf(&bits, sizeof bits);
  return (double)(bits >> 11) / 9007199254740992.0;
}

void chv_retry_policy_default(chv_retry_policy *policy) {
  policy->base_delay_ms = 500;
  policy->max_delay_ms = 30000;
  policy->auth_attempts = 3;
  policy->random = uniform;
  policy->random_user = NULL;
}

int chv_is_gateway_status(int s) { return s == 500 || s == 502 || s == 503 || s == 504; }

int chv_is_transient_refusal(const char *code) {
  static const char *const transient[] = {"RATE_LIMITED", "INTERNAL_ERROR", "CONFLICT",
                                          /* every attempt sends a fresh nonce, so a repeat can
                                           * only come from someone racing our request */
                                          "NONCE_REUSED"};
  for (size_t i = 0; i < sizeof transient / sizeof transient[0]; i++) {
    if (strcmp(code, transient[i]) == 0) return 1;
  }
  return 0;
}

int chv_is_transient(const chaveiro_error *error) {
  if (!error) return 0;
  if (error->status == CHAVEIRO_E_NETWORK) return 1;
  return error->status == CHAVEIRO_E_REFUSED && chv_is_transient_refusal(error->code);
}

int64_t chv_backoff_delay(uint32_t failures, const chv_retry_policy *policy, int64_t cap_ms) {
  double growth = failures == 0 ? 0.5 : ldexp(1.0, failures > 62 ? 62 : (int)failures - 1);
  double ceiling = (double)policy->base_delay_ms * growth;
  if ((double)cap_ms < ceiling) ceiling = (double)cap_ms;
  if ((double)policy->max_delay_ms < ceiling) ceiling = (double)policy->max_delay_ms;
  if (ceiling < 0) ceiling = 0;
  double share = policy->random(policy->random_user);
  if (!(share > 0)) share = 0; /* NaN too */
  if (share > 1) share = 1;
  return (int64_t)floor(share * ceiling + 0.5);
}

int64_t chv_heartbeat_retry_delay(uint32_t failures, const chv_retry_policy *policy,
                                  int64_t interval_ms, int64_t remaining_ms,
                                  int64_t not_before_ms) {
  int64_t latest = remaining_ms - policy->base_delay_ms;
  if (latest <= 0) return -1;
  int64_t delay = chv_backoff_delay(failures, policy, interval_ms);
  if (not_before_ms > delay) delay = not_before_ms;
  return delay < latest ? delay : latest;
}
