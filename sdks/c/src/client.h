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
#define CHV_PATH_UPDATE "/api/loader/update"
#define CHV_PATH_SECURITY_EVENT "/api/loader/security-event"

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

  /* Protected delivery: this client's X25519 key pair, made at creation and never stored; the
   * secret half in sodium_malloc'd memory (guarded, wiped when freed). */
  uint8_t session_public_key[32];
  uint8_t *session_secret_key;
  char session_key_base64[48];

  /* The loader report (configuration), and its hash once computed (under `mutex`). */
  char *loader_version;
  char *loader_path;
  int loader_hashed;
  char loader_sha256[65];

  /* Offline grace (configuration): the store's path, NULL for the default; disabled by "". */
  char *offline_path;
  int offline_disabled;

  /* The session, under `mutex`. */
  int has_session;
  char *session_token;
  int64_t session_expires_ms;
  int64_t heartbeat_interval_ms;
  int has_file;
  char file_sha256[65]; /* lower-case */
  double file_size;
  char *file_name;
  char *file_delivery;
  int file_protected;
  /* The HWID of the last auth (the offline store's key is bound to it). */
  char *hwid;
  /* Auth ran offline on a stored licence: no session; the loop checks the licence instead. */
  int offline_mode;
  /* A security event's answer ended the session here: heartbeats and downloads fail with this. */
  chaveiro_error *ended;
  /* The key, identifier and password of the last auth (never a 2FA code), kept only while an
   * offline licence may be in use, so that the loop can sign in again when the server is back:
   * in sodium_malloc'd memory, wiped when replaced or freed. Under `mutex`. */
  char *credentials;
  size_t credentials_size;

  /* Loops still attached, under `mutex`: freeing the client stops them. */
  struct chaveiro_heartbeat_loop *loops;
};

struct chaveiro_heartbeat_result {
  char *session_expires_at;
  char *expires_at;
  int offline;
  char *offline_expires_at;
};

/** The client's clock in epoch ms, clamped to +-2^62 so differences cannot overflow. */
int64_t chv_client_now(chaveiro_client *client);

/** Drops one reference; the last one frees the client. */
void chv_client_unref(chaveiro_client *client);

/** One heartbeat, cancellable by `cancel` (may be NULL). */
chaveiro_status chv_client_heartbeat(chaveiro_client *client, chv_cancel *cancel,
                                     chaveiro_heartbeat_result **out, chaveiro_error **error);

/** Turns a transport failure into the SDK's error. */
chaveiro_error *chv_transport_error(chv_http_outcome outcome, const char *request,
                                    const chv_http_response *response, const char *detail);

/** A file fetched with GET: the product (chaveiro_download) or the loader (the self-update). */
typedef struct chv_fetch {
  const char *url;
  const char *bearer;  /* Authorization: Bearer, or NULL */
  const char *request; /* "GET /api/loader/download": errors and the envelope's check */
  const char *nonce;   /* the one in the URL, echoed by a signed refusal */
  const char *signer;  /* who signed the size, for details: "the auth answer" */
  int has_expected;    /* 0: nothing was signed (the auth named no file) */
  const char *sha256;  /* the signed SHA-256, lower-case */
  double size;         /* the signed size */
  int plain_only;      /* the bytes come in the clear whatever their type (the loader) */
  int protected_expected; /* the auth answer signed a sealed copy: one in the clear is refused */
  /* Out, on success: the checked bytes (the caller frees them, wiped when secret), their
   * SHA-256 and whether they came sealed. */
  chv_buf bytes;
  char sha256_got[65];
  int sealed;
} chv_fetch;

/**
 * GETs `f->url` and reads the answer as it arrives: an unsigned 2xx is the file (opened when
 * sealed, hashed as it comes when in the clear), anything else a signed envelope (a refusal is
 * its error; a signed success is MALFORMED_ANSWER). The bytes must match the signed size and
 * SHA-256 (FILE_MISMATCH; DECRYPT_FAILED for a container that does not open).
 */
chaveiro_status chv_fetch_file(chaveiro_client *client, chv_fetch *f, chaveiro_error **error);

/** Verifies an answer; a refusal comes back as its error, a success as the parsed envelope. */
chaveiro_status chv_open_envelope(chaveiro_client *client, const chv_http_response *response,
                                  const char *request, const char *nonce,
                                  struct cJSON **out_root, chaveiro_error **error);

/**
 * The stored offline licence, checked now (the loop's offline status): 1 when it holds, with
 * its expiry (ms and ISO, caller frees) and the latest time seen moved forward; 0 when there
 * is none or it no longer holds.
 */
int chv_client_offline_check(chaveiro_client *client, int64_t *expires_ms, char **expires_at);

/**
 * While offline: one auth with the credentials kept from the last one (no 2FA code, no retry,
 * no offline fallback), cancellable. CHAVEIRO_E_UNAVAILABLE when none are kept. On success the
 * client has a new session and *out its answer as a heartbeat result.
 */
chaveiro_status chv_client_reauth(chaveiro_client *client, chv_cancel *cancel,
                                  chaveiro_heartbeat_result **out, chaveiro_error **error);

/** The running loader's SHA-256 as lower-case hex (or that of the file named by
 * chaveiro_client_set_loader_path), hashed once per client: the auth's loader report and the
 * self-update's check. NULL when it cannot be read. */
const char *chv_client_loader_sha256(chaveiro_client *client);

/** Forgets the stored offline licence (a signed refusal about the licence: a ban, an expiry). */
void chv_client_offline_forget(chaveiro_client *client);

/** Whether a signed refusal code is about the licence itself (it ends the offline grace too). */
int chv_is_licence_refusal(const char *code);

/* The loops' part of a session ended by a security event (heartbeat.c): each wakes to end. */
void chv_loops_wake(chaveiro_client *client);

/* For the tests: a scripted transport (the client owns it from then on) and the jitter. */
void chv_client_set_transport(chaveiro_client *client, chv_transport *transport);
void chv_client_set_random(chaveiro_client *client, chv_random_fn random, void *user);

/* The heartbeat loop's part of chaveiro_client_free (heartbeat.c). */
void chv_loop_detach_all(chaveiro_client *client);

#endif
