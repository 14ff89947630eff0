/* The client's insides, shared with the heartbeat loop and the tests. */
#ifndef CHAVEIRO_CLIENT_H
#define CHAVEIRO_CLIENT_H

#include "envelope.h"
#include "platform.h"
#include "retry.h"
#include "transport.h"

#define CHV_PATH_AUTH "/api/loader/auth"
#define CHV_PATH_HEARTBEAT "/api/loader/heartbeat"
#define CHV_PATH_DOWNLOAD "/api/loader/download"

/** An envelope is a few hundred bytes; anything past this is not one. */
#define CHV_MAX_ENVELOPE_BYTES ((size_t)1 << 20)

struct chaveiro_client {
  chv_mutex mutex;
  /* The caller's reference and one per heartbeat loop: the client lives until the last goes. */
  int refs;
  int freed;

  char *base_url; /* without trailing slashes */
  char *product_id;
  chv_trusted_key *keys;
  size_t key_count;
  uint32_t timeout_ms;
  uint32_t download_timeout_ms;
  chv_retry_policy policy;
  chaveiro_clock_fn clock;
  void *clock_user;
  chaveiro_retry_fn on_retry;
  void *on_retry_user;
  chv_transport *transport;

  /* The session, under `mutex`. */
  int has_session;
  char *session_token;
  int64_t session_expires_ms;
  int64_t heartbeat_interval_ms;
  int has_file;
  char file_sha256[65]; /* lower-case */
  double file_size;
  char *file_name;

  /* Loops still attached, under `mutex`: freeing the client stops them. */
  struct chaveiro_heartbeat_loop *loops;
};

struct chaveiro_heartbeat_result {
  char *session_expires_at;
  char *expires_at;
};

/** The client's clock in epoch ms, clamped to +-2^62 so differences cannot overflow. */
int64_t chv_client_now(chaveiro_client *client);

/** Drops one reference; the last one frees the client. */
void chv_client_unref(chaveiro_client *client);

/** One heartbeat, cancellable by `cancel` (may be NULL). */
chaveiro_status chv_client_heartbeat(chaveiro_client *client, chv_cancel *cancel,
                                     chaveiro_heartbeat_result **out, chaveiro_error **error);

/* For the tests: a scripted transport (the client owns it from then on) and the jitter. */
void chv_client_set_transport(chaveiro_client *client, chv_transport *transport);
void chv_client_set_random(chaveiro_client *client, chv_random_fn random, void *user);

/* The heartbeat loop's part of chaveiro_client_free (heartbeat.c). */
void chv_loop_detach_all(chaveiro_client *client);

#endif
