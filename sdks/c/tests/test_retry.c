/* The retry policy, as retry.test.ts checks it. */
#include "support.h"

static double fixed_random(void *user) { return *(double *)user; }

static chv_retry_policy policy_with(double *share) {
  chv_retry_policy policy;
  chv_retry_policy_default(&policy);
  policy.random = fixed_random;
  policy.random_user = share;
  return policy;
}

static const char *const REFUSAL_CODES[] = {
    "INVALID_REQUEST", "NONCE_REUSED", "CONFLICT", "RATE_LIMITED", "SERVER_OFFLINE",
    "MAINTENANCE", "INVALID_CREDENTIALS", "TWO_FACTOR_REQUIRED", "INVALID_TWO_FACTOR",
    "INVALID_KEY", "KEY_NOT_REDEEMED", "KEY_ALREADY_USED", "KEY_WRONG_PRODUCT", "ACCOUNT_BANNED",
    "EMAIL_NOT_VERIFIED", "PRODUCT_NOT_FOUND", "PRODUCT_DISABLED", "PRODUCT_UPDATING",
    "PRODUCT_UNAVAILABLE", "NO_SUBSCRIPTION",
    "SUBSCRIPTION_PAUSED", "SUBSCRIPTION_EXPIRED", "HWID_MISMATCH", "ACCOUNT_LOGIN_REQUIRED",
    "HWID_BLACKLISTED", "SESSION_INVALID", "HWID_RESET", "NO_FILE", "INTERNAL_ERROR"};

static void test_only_no_answer_and_signed_not_now_refusals_are_transient(void) {
  chaveiro_error *e = chv_error_network("NETWORK_ERROR", "reset");
  CHECK(chv_is_transient(e));
  chaveiro_error_free(e);
  e = chv_error_network("TIMEOUT", "slow");
  CHECK(chv_is_transient(e));
  chaveiro_error_free(e);
  char transient[256] = "";
  for (size_t i = 0; i < sizeof REFUSAL_CODES / sizeof REFUSAL_CODES[0]; i++) {
    e = chv_error_new(CHAVEIRO_E_REFUSED, REFUSAL_CODES[i], "x", NULL);
    if (chv_is_transient(e)) {
      strcat(transient, REFUSAL_CODES[i]);
      strcat(transient, " ");
    }
    chaveiro_error_free(e);
  }
  CHECK_STR(transient, "NONCE_REUSED CONFLICT RATE_LIMITED INTERNAL_ERROR ");
}

static void test_a_failed_verification_or_usage_error_is_never_transient(void) {
  const char *codes[] = {"MISSING_SIGNATURE", "BAD_SIGNATURE", "UNTRUSTED_KEY", "WRONG_REQUEST",
                         "WRONG_NONCE", "STALE_ANSWER", "MALFORMED_ANSWER", "FILE_MISMATCH"};
  for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
    chaveiro_error *e = chv_error_verification(codes[i], "x");
    CHECK(!chv_is_transient(e));
    chaveiro_error_free(e);
  }
  chaveiro_error *e = chv_error_simple(CHAVEIRO_E_NOT_AUTHENTICATED, "x");
  CHECK(!chv_is_transient(e));
  chaveiro_error_free(e);
  /* A verification error is not a network error because of its code's name. */
  e = chv_error_new(CHAVEIRO_E_VERIFICATION, "NETWORK_ERROR", "x", NULL);
  CHECK(!chv_is_transient(e));
  chaveiro_error_free(e);
  CHECK(!chv_is_transient(NULL));
}

static void test_the_ceiling_doubles_per_failure_up_to_the_cap(void) {
  double one = 1;
  chv_retry_policy policy = policy_with(&one);
  const int64_t expected[] = {500, 1000, 2000, 4000, 8000, 16000, 30000, 30000};
  for (uint32_t n = 1; n <= 8; n++) {
    CHECK_INT(chv_backoff_delay(n, &policy, policy.max_delay_ms), expected[n - 1]);
  }
  CHECK_INT(chv_backoff_delay(3, &policy, 1500), 1500);
  CHECK_INT(chv_backoff_delay(1000, &policy, policy.max_delay_ms), 30000);
  CHECK_INT(chv_backoff_delay(UINT32_MAX, &policy, policy.max_delay_ms), 30000);
}

static void test_the_wait_is_drawn_below_the_ceiling_full_jitter(void) {
  double share = 0.25;
  chv_retry_policy policy = policy_with(&share);
  CHECK_INT(chv_backoff_delay(3, &policy, policy.max_delay_ms), 500);
  share = 0;
  CHECK_INT(chv_backoff_delay(3, &policy, policy.max_delay_ms), 0);
  /* A random source outside [0, 1] cannot push a wait past its ceiling or below zero. */
  share = 7;
  CHECK_INT(chv_backoff_delay(1, &policy, policy.max_delay_ms), 500);
  share = -1;
  CHECK_INT(chv_backoff_delay(1, &policy, policy.max_delay_ms), 0);
  /* The default source stays within the ceiling and is not constant. */
  chv_retry_policy real;
  chv_retry_policy_default(&real);
  int64_t low = INT64_MAX, high = -1;
  for (int i = 0; i < 200; i++) {
    int64_t d = chv_backoff_delay(4, &real, real.max_delay_ms);
    low = d < low ? d : low;
    high = d > high ? d : high;
  }
  CHECK(low >= 0 && high <= 4000 && high > low);
}

static void test_a_heartbeat_retry_lands_before_the_session_expires_or_gives_up(void) {
  double one = 1;
  chv_retry_policy policy = policy_with(&one);
  CHECK_INT(chv_heartbeat_retry_delay(4, &policy, 30000, 60000, -1), 4000);
  CHECK_INT(chv_heartbeat_retry_delay(4, &policy, 30000, 3000, -1), 2500);
  CHECK_INT(chv_heartbeat_retry_delay(1, &policy, 30000, 60000, 45000), 45000);
  CHECK_INT(chv_heartbeat_retry_delay(1, &policy, 30000, 20000, 45000), 19500);
  CHECK_INT(chv_heartbeat_retry_delay(1, &policy, 30000, 500, -1), -1);
  CHECK_INT(chv_heartbeat_retry_delay(1, &policy, 30000, -1, -1), -1);
  /* Capped by the heartbeat interval. */
  CHECK_INT(chv_heartbeat_retry_delay(10, &policy, 5000, 600000, -1), 5000);
}

static void test_gateway_statuses(void) {
  CHECK(chv_is_gateway_status(500) && chv_is_gateway_status(502) && chv_is_gateway_status(503) &&
        chv_is_gateway_status(504));
  CHECK(!chv_is_gateway_status(501) && !chv_is_gateway_status(429) &&
        !chv_is_gateway_status(404) && !chv_is_gateway_status(200));
}

int main(void) {
  RUN(test_only_no_answer_and_signed_not_now_refusals_are_transient);
  RUN(test_a_failed_verification_or_usage_error_is_never_transient);
  RUN(test_the_ceiling_doubles_per_failure_up_to_the_cap);
  RUN(test_the_wait_is_drawn_below_the_ceiling_full_jitter);
  RUN(test_a_heartbeat_retry_lands_before_the_session_expires_or_gives_up);
  RUN(test_gateway_statuses);
  return test_summary("test_retry");
}
