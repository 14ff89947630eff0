/*
 * Chaveiro loader SDK: the C ABI.
 *
 * A loader links this library to speak the Chaveiro loader protocol v1 (docs/loader-protocol.md):
 * authenticate this machine for a product, keep the session alive with heartbeats, and download
 * the product file. Every answer is checked against the server's Ed25519 signature with the
 * public key(s) the loader pins, bound to a fresh nonce and to the request, and must be fresh
 * (issuedAt within 5 minutes of the local clock) before any field of it is used.
 *
 * Conventions
 * - Every function that can fail returns a chaveiro_status; CHAVEIRO_OK is 0. The library never
 *   prints, exits or aborts (but for the restart chaveiro_self_update is asked to do).
 * - Text in and out is UTF-8 and NUL-terminated; binary data comes with an explicit length.
 * - Objects are opaque, created by the library and released with their own _free function
 *   (each accepts NULL). Strings returned by an accessor live as long as the object.
 * - `chaveiro_error **error` parameters are optional (NULL: no details). On failure, when not
 *   NULL, *error receives an error object the caller releases with chaveiro_error_free; on
 *   success it is set to NULL.
 * - Thread safety is stated per function. "Any thread" means the function may run concurrently
 *   with any other call on the same object unless stated otherwise.
 */
#ifndef CHAVEIRO_CHAVEIRO_H
#define CHAVEIRO_CHAVEIRO_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32) && !defined(CHAVEIRO_STATIC)
#  if defined(CHAVEIRO_BUILDING)
#    define CHAVEIRO_API __declspec(dllexport)
#  else
#    define CHAVEIRO_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__) && defined(CHAVEIRO_BUILDING)
#  define CHAVEIRO_API __attribute__((visibility("default")))
#else
#  define CHAVEIRO_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define CHAVEIRO_VERSION_MAJOR 0
#define CHAVEIRO_VERSION_MINOR 3
#define CHAVEIRO_VERSION_PATCH 0
#define CHAVEIRO_VERSION_STRING "0.3.0"
/** The loader protocol this library implements. */
#define CHAVEIRO_PROTOCOL_VERSION 1

/** Size of a buffer that holds any HWID chaveiro_hwid() writes, NUL included. */
#define CHAVEIRO_HWID_BUFFER_SIZE 129
/** Size of a buffer that holds a keyId (16 hex characters), NUL included. */
#define CHAVEIRO_KEY_ID_BUFFER_SIZE 17
/** chaveiro_heartbeat_wait() without a time limit. */
#define CHAVEIRO_WAIT_FOREVER UINT32_MAX

typedef enum chaveiro_status {
  CHAVEIRO_OK = 0,
  /** The server answered, the answer verified, and it is a refusal: see chaveiro_error_code
   * (the stable code the server signed, e.g. "HWID_MISMATCH") and chaveiro_error_message (the
   * server's pt-BR message for the user). */
  CHAVEIRO_E_REFUSED = 1,
  /** The answer cannot be trusted: MISSING_SIGNATURE, BAD_SIGNATURE, UNTRUSTED_KEY,
   * WRONG_REQUEST, WRONG_NONCE, STALE_ANSWER, MALFORMED_ANSWER or FILE_MISMATCH. Never
   * retried. */
  CHAVEIRO_E_VERIFICATION = 2,
  /** No usable answer: NETWORK_ERROR (refused, reset, DNS, cut off, or a gateway's unsigned
   * 500/502/503/504) or TIMEOUT. */
  CHAVEIRO_E_NETWORK = 3,
  /** NOT_AUTHENTICATED: a heartbeat or download before a successful chaveiro_auth. */
  CHAVEIRO_E_NOT_AUTHENTICATED = 4,
  /** A NULL or malformed argument (not UTF-8, a bad key, a HWID outside the pattern…). */
  CHAVEIRO_E_INVALID_ARGUMENT = 5,
  CHAVEIRO_E_NO_MEMORY = 6,
  CHAVEIRO_E_BUFFER_TOO_SMALL = 7,
  /** A file could not be written (chaveiro_file_save). */
  CHAVEIRO_E_IO = 8,
  /** Nothing to derive a value from (chaveiro_hwid without any machine identifier). */
  CHAVEIRO_E_UNAVAILABLE = 9,
  /** chaveiro_heartbeat_wait: the loop is still running when the time ran out. */
  CHAVEIRO_E_STILL_RUNNING = 10,
  /** An operating-system facility failed (a thread, the HTTP stack, the random source). */
  CHAVEIRO_E_INTERNAL = 11
} chaveiro_status;

typedef struct chaveiro_error chaveiro_error;
typedef struct chaveiro_client chaveiro_client;
typedef struct chaveiro_auth_result chaveiro_auth_result;
typedef struct chaveiro_heartbeat_result chaveiro_heartbeat_result;
typedef struct chaveiro_heartbeat_loop chaveiro_heartbeat_loop;
typedef struct chaveiro_file chaveiro_file;

/** What the server did about a reported security event (chaveiro_report_security_event). */
typedef enum chaveiro_security_action {
  /** Recorded; the session goes on. */
  CHAVEIRO_SECURITY_RECORD = 1,
  /** This machine's sessions were ended. */
  CHAVEIRO_SECURITY_END_SESSION = 2,
  /** The HWID was put on the product's blacklist (and the session ended). */
  CHAVEIRO_SECURITY_BLACKLIST_HWID = 3,
  /** The account was banned (every session ended). */
  CHAVEIRO_SECURITY_BAN_ACCOUNT = 4,
  /** A value this library does not know (a newer server): treated as an end of the session. */
  CHAVEIRO_SECURITY_OTHER = 5
} chaveiro_security_action;

/** chaveiro_self_update flags. */
#define CHAVEIRO_SELF_UPDATE_NO_RESTART 1u

/* ---------------------------------------------------------------------------------------------
 * Library
 * ------------------------------------------------------------------------------------------- */

/** "MAJOR.MINOR.PATCH" of the library actually loaded. Any thread. */
CHAVEIRO_API const char *chaveiro_version(void);

/** (MAJOR << 16) | (MINOR << 8) | PATCH of the library actually loaded. Any thread. */
CHAVEIRO_API uint32_t chaveiro_version_number(void);

/** A constant English name of a status ("CHAVEIRO_E_REFUSED"…). Any thread. */
CHAVEIRO_API const char *chaveiro_status_name(chaveiro_status status);

/**
 * Initialises the libraries underneath (libsodium; libcurl on Linux): the only global state of
 * the SDK. Call it once at program start, before other threads exist; calls are counted, each
 * paired with one chaveiro_global_cleanup. (Without it they initialise themselves on first use,
 * which libcurl does thread-safely only from 7.84 on.) NOT thread-safe.
 */
CHAVEIRO_API chaveiro_status chaveiro_global_init(void);

/** Undoes one chaveiro_global_init, after every client is freed. NOT thread-safe. */
CHAVEIRO_API void chaveiro_global_cleanup(void);

/* ---------------------------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------------------------- */

/** Any thread (not concurrently with another call on the same error). Accepts NULL. */
CHAVEIRO_API void chaveiro_error_free(chaveiro_error *error);

/** The kind of failure. Any thread. */
CHAVEIRO_API chaveiro_status chaveiro_error_status(const chaveiro_error *error);

/**
 * The stable code: for CHAVEIRO_E_REFUSED the refusal code exactly as the server signed it
 * (docs/loader-protocol.md, "Refusal codes"; a newer server may add codes); for verification
 * failures MISSING_SIGNATURE, BAD_SIGNATURE, UNTRUSTED_KEY, WRONG_REQUEST, WRONG_NONCE,
 * STALE_ANSWER, MALFORMED_ANSWER or FILE_MISMATCH; NETWORK_ERROR or TIMEOUT; NOT_AUTHENTICATED;
 * INVALID_ARGUMENT, NO_MEMORY, IO_ERROR, UNAVAILABLE or INTERNAL_ERROR. Any thread.
 */
CHAVEIRO_API const char *chaveiro_error_code(const chaveiro_error *error);

/** pt-BR text for the user: the server's own message for a refusal. Any thread. */
CHAVEIRO_API const char *chaveiro_error_message(const chaveiro_error *error);

/** Why, in English, for logs and bug reports (may be empty). Any thread. */
CHAVEIRO_API const char *chaveiro_error_detail(const chaveiro_error *error);

/** The HTTP status of the answer, 0 when there was none. Informative only. Any thread. */
CHAVEIRO_API int chaveiro_error_http_status(const chaveiro_error *error);

/** A refusal's Retry-After in milliseconds (unsigned header: it only ever delays), or -1. */
CHAVEIRO_API int64_t chaveiro_error_retry_after_ms(const chaveiro_error *error);

/*
 * The product's status, signed with a PRODUCT_UPDATING or PRODUCT_UNAVAILABLE refusal: the
 * seller is updating the product, or it is down (e.g. detected after a game update). Show the
 * message and the note, stop the product, and let the user try again later: these refusals are
 * final, never retried by the SDK (docs/sdk.md, "Refusal codes"). Any other error has no
 * product status. Strings live as long as the error. Any thread.
 */

/** "updating" or "unavailable" as signed (a newer server may add values); NULL when the error
 * carries no product status. */
CHAVEIRO_API const char *chaveiro_error_product_status(const chaveiro_error *error);

/** The seller's public note about it (pt-BR, e.g. "previsão 48 h"); NULL when none. */
CHAVEIRO_API const char *chaveiro_error_product_note(const chaveiro_error *error);

/** 1 when the subscription's time is frozen meanwhile (given back when the product returns),
 * 0 when it keeps running, -1 when the error carries no product status. */
CHAVEIRO_API int chaveiro_error_product_time_frozen(const chaveiro_error *error);

/** Since when the product has this status, ISO-8601; NULL when none. */
CHAVEIRO_API const char *chaveiro_error_product_since(const chaveiro_error *error);

/*
 * The product's current loader, signed with a LOADER_OUTDATED refusal: this loader's version is
 * older than the product's minimum. Offer chaveiro_self_update when an update token is there.
 * Any other error has none. Strings live as long as the error. Any thread.
 */

/** 1 when the error carries the signed `loader` block, 0 when not. */
CHAVEIRO_API int chaveiro_error_has_loader(const chaveiro_error *error);
/** The current loader's version ("2.4.0"); NULL when none. */
CHAVEIRO_API const char *chaveiro_error_loader_version(const chaveiro_error *error);
/** Its SHA-256, 64 lower-case hex characters; NULL when none. */
CHAVEIRO_API const char *chaveiro_error_loader_sha256(const chaveiro_error *error);
/** Its file name as signed (a name, not a path); NULL when none. */
CHAVEIRO_API const char *chaveiro_error_loader_name(const chaveiro_error *error);
/** Its size in bytes; 0 when none. */
CHAVEIRO_API uint64_t chaveiro_error_loader_size(const chaveiro_error *error);
/** The update token (10 minutes) for GET /api/loader/update; NULL when the product has no
 * loader file to update to. */
CHAVEIRO_API const char *chaveiro_error_loader_update_token(const chaveiro_error *error);
/** When the update token runs out, ISO-8601; NULL when none. */
CHAVEIRO_API const char *chaveiro_error_loader_update_expires_at(const chaveiro_error *error);

/* ---------------------------------------------------------------------------------------------
 * Keys
 * ------------------------------------------------------------------------------------------- */

/**
 * Writes the keyId of a public key (base64 of the raw 32-byte Ed25519 key): the first 16 hex
 * characters of its SHA-256. `buffer_size` must be at least CHAVEIRO_KEY_ID_BUFFER_SIZE.
 * Any thread.
 */
CHAVEIRO_API chaveiro_status chaveiro_key_id(const char *public_key_base64, char *buffer,
                                             size_t buffer_size);

/* ---------------------------------------------------------------------------------------------
 * Client
 * ------------------------------------------------------------------------------------------- */

/** Returns the client's clock in milliseconds since 1970-01-01T00:00:00Z. */
typedef int64_t (*chaveiro_clock_fn)(void *user);

/** Called before each retry of a failed auth attempt, on the thread that called chaveiro_auth;
 * `attempt` counts the failures so far (1 for the first). `error` lives during the call. */
typedef void (*chaveiro_retry_fn)(void *user, const chaveiro_error *error, uint32_t attempt,
                                  uint32_t next_delay_ms);

/**
 * Creates a client for `server_url` (e.g. "https://painel.exemplo.com"; http or https) and
 * `product_id`. Add the pinned key(s) with chaveiro_client_add_trusted_key before any call.
 * Any thread.
 */
CHAVEIRO_API chaveiro_status chaveiro_client_new(const char *server_url, const char *product_id,
                                                 chaveiro_client **out);

/**
 * Frees the client. Heartbeat loops still running are asked to stop (their in-flight call is
 * cancelled) and keep what they need until each is freed with chaveiro_heartbeat_free. No call
 * on this client may be running or start after it. Accepts NULL.
 */
CHAVEIRO_API void chaveiro_client_free(chaveiro_client *client);

/**
 * Trusts answers signed with this public key: base64 of the raw 32-byte Ed25519 key, as
 * GET /api/loader/public-key lists it. Add the current key and, during a rotation, the
 * `previous` ones. When `key_id` is not NULL it must be the key's own keyId: a pinning mistake
 * fails here (CHAVEIRO_E_INVALID_ARGUMENT), not later as a forged answer.
 * Configuration: call before any network call on the client, from one thread.
 */
CHAVEIRO_API chaveiro_status chaveiro_client_add_trusted_key(chaveiro_client *client,
                                                             const char *public_key_base64,
                                                             const char *key_id);

/** Per-call timeouts in ms: auth and heartbeat (default 15 000), download (default 300 000).
 * 0 keeps the current value. Configuration: before any network call, from one thread. */
CHAVEIRO_API chaveiro_status chaveiro_client_set_timeouts(chaveiro_client *client,
                                                          uint32_t request_ms,
                                                          uint32_t download_ms);

/**
 * Retry policy (docs/loader-protocol.md, "Client behaviour"): `base_delay_ms` is the ceiling of
 * the first wait (default 500), doubling per failure up to `max_delay_ms` (default 30 000; the
 * heartbeat loop also caps it at heartbeatSeconds); `auth_attempts` is the number of auth
 * attempts in all (default 3; 1 for none; an auth carrying a 2FA code is never retried).
 * Configuration: before any network call, from one thread.
 */
CHAVEIRO_API chaveiro_status chaveiro_client_set_retry(chaveiro_client *client,
                                                       uint32_t base_delay_ms,
                                                       uint32_t max_delay_ms,
                                                       uint32_t auth_attempts);

/** The clock the freshness check and the session's expiry use (default: the system clock).
 * `clock` may be NULL to restore it. It is called from any thread that makes a call,
 * heartbeat loops included. Configuration: before any network call, from one thread. */
CHAVEIRO_API chaveiro_status chaveiro_client_set_clock(chaveiro_client *client,
                                                       chaveiro_clock_fn clock, void *user);

/** Reports each auth retry (NULL: none). Configuration: before any network call. */
CHAVEIRO_API chaveiro_status chaveiro_client_set_retry_callback(chaveiro_client *client,
                                                                chaveiro_retry_fn callback,
                                                                void *user);

/**
 * The loader's version as the seller compiled it in (1 to 32 of [0-9A-Za-z.+_-], e.g. "2.4.0").
 * Once set, each auth reports `loader: { sha256, version }`: the SHA-256 of the running
 * executable (GetModuleFileNameW on Windows, /proc/self/exe on Linux; see
 * chaveiro_client_set_loader_path), computed once per client. Without it no loader report is
 * sent (a product with a minimum version then answers LOADER_OUTDATED). Configuration.
 */
CHAVEIRO_API chaveiro_status chaveiro_client_set_loader_version(chaveiro_client *client,
                                                                const char *version);

/**
 * The loader file to hash and to replace on a self-update (UTF-8), instead of the running
 * executable: for a loader run by an interpreter (C# on Mono: the .exe, not mono). NULL
 * restores the default. Configuration.
 */
CHAVEIRO_API chaveiro_status chaveiro_client_set_loader_path(chaveiro_client *client,
                                                             const char *path);

/**
 * Where the offline licence token is kept (docs/sdk.md, "Offline grace"): a file, encrypted with
 * a key bound to this machine's HWID and the product. NULL: the default
 * (%LOCALAPPDATA%\Chaveiro\<productId>.lic on Windows, $XDG_DATA_HOME/chaveiro/<productId>.lic
 * or ~/.local/share/chaveiro/<productId>.lic elsewhere); "" turns offline grace off for this
 * client (nothing stored, no offline fallback). Configuration.
 */
CHAVEIRO_API chaveiro_status chaveiro_client_set_offline_store(chaveiro_client *client,
                                                               const char *path);

/* ---------------------------------------------------------------------------------------------
 * Authentication
 * ------------------------------------------------------------------------------------------- */

/**
 * POST /api/loader/auth. `hwid` (8 to 128 of [A-Za-z0-9._:-], see chaveiro_hwid) is required;
 * the credentials are one of:
 *   - `key` alone (a key already redeemed, from a machine already bound);
 *   - `identifier` (username or e-mail) and `password`, with `totp` when the account uses 2FA
 *     (the authenticator's 6 digits or a recovery code);
 *   - `key` with `identifier` and `password` (and `totp`): an unused key is first redeemed into
 *     that account.
 * Unused ones are NULL. On success the client keeps the session (and the signed file hash for
 * chaveiro_download), and *out (optional) receives what the server signed.
 * A transient failure is retried up to auth_attempts in all, each with a new nonce, except when
 * `totp` is set (single-use) or on RATE_LIMITED. Returns CHAVEIRO_E_REFUSED,
 * CHAVEIRO_E_VERIFICATION or CHAVEIRO_E_NETWORK with details in *error.
 * Any thread; blocks for the network.
 */
CHAVEIRO_API chaveiro_status chaveiro_auth(chaveiro_client *client, const char *hwid,
                                           const char *key, const char *identifier,
                                           const char *password, const char *totp,
                                           chaveiro_auth_result **out, chaveiro_error **error);

/* The auth answer's fields (strings as signed; NULL when the server sent none). Any thread. */
CHAVEIRO_API void chaveiro_auth_result_free(chaveiro_auth_result *result);
CHAVEIRO_API const char *chaveiro_auth_result_username(const chaveiro_auth_result *result);
CHAVEIRO_API const char *chaveiro_auth_result_product_id(const chaveiro_auth_result *result);
CHAVEIRO_API const char *chaveiro_auth_result_product_name(const chaveiro_auth_result *result);
CHAVEIRO_API const char *chaveiro_auth_result_subscription_id(const chaveiro_auth_result *result);
/** When the subscription runs out, ISO-8601. */
CHAVEIRO_API const char *
chaveiro_auth_result_subscription_expires_at(const chaveiro_auth_result *result);
/** When the session token runs out unless renewed by a heartbeat, ISO-8601. */
CHAVEIRO_API const char *
chaveiro_auth_result_session_expires_at(const chaveiro_auth_result *result);
CHAVEIRO_API double chaveiro_auth_result_heartbeat_seconds(const chaveiro_auth_result *result);
/** 1 when the product has a file to download, 0 when not. */
CHAVEIRO_API int chaveiro_auth_result_has_file(const chaveiro_auth_result *result);
CHAVEIRO_API const char *chaveiro_auth_result_file_name(const chaveiro_auth_result *result);
/** The signed SHA-256 of the file, 64 hex characters. */
CHAVEIRO_API const char *chaveiro_auth_result_file_sha256(const chaveiro_auth_result *result);
CHAVEIRO_API uint64_t chaveiro_auth_result_file_size(const chaveiro_auth_result *result);
/** This delivery's id (a UUID: the mark the server wrote in the copy); NULL when none. */
CHAVEIRO_API const char *chaveiro_auth_result_file_delivery(const chaveiro_auth_result *result);
/** 1 when the download is sealed to this client's session key ("entrega protegida"). */
CHAVEIRO_API int chaveiro_auth_result_file_protected(const chaveiro_auth_result *result);
/**
 * 1 when the server could not be reached and a stored offline licence token was accepted
 * instead (docs/sdk.md, "Offline grace"): no session, no file; the username, product id and
 * subscription come from the token and chaveiro_auth_result_offline_expires_at says until when.
 * Show the user that the loader runs offline. 0 for an online auth.
 */
CHAVEIRO_API int chaveiro_auth_result_offline(const chaveiro_auth_result *result);
/** Until when the offline licence holds, ISO-8601: the token used (offline) or the one the
 * server just gave (online); NULL when there is none (the product allows no offline grace). */
CHAVEIRO_API const char *
chaveiro_auth_result_offline_expires_at(const chaveiro_auth_result *result);

/* ---------------------------------------------------------------------------------------------
 * Heartbeats
 * ------------------------------------------------------------------------------------------- */

/**
 * One POST /api/loader/heartbeat; the client replaces its session token with the one answered.
 * *out is optional. No retry: the loop below retries. Any thread; blocks for the network.
 */
CHAVEIRO_API chaveiro_status chaveiro_heartbeat(chaveiro_client *client,
                                                chaveiro_heartbeat_result **out,
                                                chaveiro_error **error);

CHAVEIRO_API void chaveiro_heartbeat_result_free(chaveiro_heartbeat_result *result);
/** When the (possibly renewed) session token runs out, ISO-8601. Any thread. */
CHAVEIRO_API const char *
chaveiro_heartbeat_result_session_expires_at(const chaveiro_heartbeat_result *result);
/** When the subscription runs out, ISO-8601. Any thread. */
CHAVEIRO_API const char *
chaveiro_heartbeat_result_expires_at(const chaveiro_heartbeat_result *result);
/** 1 for a CHAVEIRO_HEARTBEAT_OFFLINE event's result (no session fields), 0 otherwise. */
CHAVEIRO_API int chaveiro_heartbeat_result_offline(const chaveiro_heartbeat_result *result);
/** Until when the offline licence holds, ISO-8601: the stored token's (offline) or a fresh
 * token's the heartbeat answered (online); NULL when none. Any thread. */
CHAVEIRO_API const char *
chaveiro_heartbeat_result_offline_expires_at(const chaveiro_heartbeat_result *result);

typedef enum chaveiro_heartbeat_event {
  /** A heartbeat succeeded: `result` is set. The next one follows after heartbeatSeconds. */
  CHAVEIRO_HEARTBEAT_RENEWED = 1,
  /** A transient failure (`error`): the heartbeat is sent again after `next_delay_ms`, with a
   * new nonce; `attempt` counts the failures in a row (1 for the first). */
  CHAVEIRO_HEARTBEAT_RETRYING = 2,
  /** The session is over (`error`: a final refusal, an answer that failed verification, or
   * failures past the session's expiry). The last event of a loop. */
  CHAVEIRO_HEARTBEAT_ENDED = 3,
  /** The server cannot be reached past the session's retries, or auth ran offline, and the
   * stored offline licence is valid: the product keeps running (`result`: offline, its
   * expiresAt; `error`: the last network failure). After `next_delay_ms` the loop signs in
   * again with the last auth's credentials (never a 2FA code); a RENEWED event means online
   * again with a new session. It ends with OFFLINE_EXPIRED when the licence lapses. */
  CHAVEIRO_HEARTBEAT_OFFLINE = 4
} chaveiro_heartbeat_event;

/**
 * Heartbeat loop callback, called on the loop's own thread, one call at a time. `result` and
 * `error` live during the call only. It may call chaveiro_heartbeat_stop(loop) (no further
 * callback follows) and the result and error accessors; it must not call
 * chaveiro_heartbeat_wait or chaveiro_heartbeat_free on its own loop.
 */
typedef void (*chaveiro_heartbeat_fn)(void *user, chaveiro_heartbeat_loop *loop,
                                      chaveiro_heartbeat_event event,
                                      const chaveiro_heartbeat_result *result,
                                      const chaveiro_error *error, uint32_t attempt,
                                      uint32_t next_delay_ms);

/**
 * Starts a thread that sends a heartbeat at once (`immediate` non-zero) or after
 * heartbeatSeconds, then every heartbeatSeconds, until chaveiro_heartbeat_stop or the session
 * ends. Transient failures are retried with exponential backoff and full jitter (capped at
 * heartbeatSeconds, at least a RATE_LIMITED answer's Retry-After) while the session is valid.
 * Requires a successful chaveiro_auth. Any thread.
 */
CHAVEIRO_API chaveiro_status chaveiro_heartbeat_start(chaveiro_client *client, int immediate,
                                                      chaveiro_heartbeat_fn callback,
                                                      void *user, chaveiro_heartbeat_loop **out,
                                                      chaveiro_error **error);

/**
 * Stops the loop: the wait is interrupted and a call in flight is cancelled; returns once the
 * thread has finished, so no callback runs after it returns. From the loop's own callback it
 * only asks (the thread finishes after the callback returns). Idempotent. Any thread.
 */
CHAVEIRO_API void chaveiro_heartbeat_stop(chaveiro_heartbeat_loop *loop);

/**
 * Waits until the loop is over (ended on its own or stopped): CHAVEIRO_OK, or
 * CHAVEIRO_E_STILL_RUNNING after `timeout_ms` (CHAVEIRO_WAIT_FOREVER: no limit). Any thread but
 * the loop's own (CHAVEIRO_E_INVALID_ARGUMENT there).
 */
CHAVEIRO_API chaveiro_status chaveiro_heartbeat_wait(chaveiro_heartbeat_loop *loop,
                                                     uint32_t timeout_ms);

/** Stops the loop (as chaveiro_heartbeat_stop) and frees it. Not from its own callback, and not
 * concurrently with another call on the same loop. Accepts NULL. */
CHAVEIRO_API void chaveiro_heartbeat_free(chaveiro_heartbeat_loop *loop);

/* ---------------------------------------------------------------------------------------------
 * Download
 * ------------------------------------------------------------------------------------------- */

/**
 * GET /api/loader/download into memory (the session goes in an Authorization header, not the
 * URL). The bytes are accepted only when their size and SHA-256 match the signed auth answer
 * (FILE_MISMATCH otherwise); a refusal is a signed envelope like any other. Nothing is written
 * to disk: see chaveiro_file_save. Not retried. Any thread; blocks for the network.
 */
CHAVEIRO_API chaveiro_status chaveiro_download(chaveiro_client *client, chaveiro_file **out,
                                               chaveiro_error **error);

/* The verified file. Any thread. */
CHAVEIRO_API void chaveiro_file_free(chaveiro_file *file);
CHAVEIRO_API const uint8_t *chaveiro_file_data(const chaveiro_file *file);
CHAVEIRO_API size_t chaveiro_file_size(const chaveiro_file *file);
/** The file's name as the auth answer signed it (a name, not a path: do not trust it as one). */
CHAVEIRO_API const char *chaveiro_file_name(const chaveiro_file *file);
/** Lower-case hex SHA-256 of the bytes. */
CHAVEIRO_API const char *chaveiro_file_sha256(const chaveiro_file *file);

/** Writes the bytes to `path` (UTF-8; created or replaced). Any thread. */
CHAVEIRO_API chaveiro_status chaveiro_file_save(const chaveiro_file *file, const char *path,
                                                chaveiro_error **error);
/** The delivery id the server signed for this copy (a UUID), NULL when it named none. */
CHAVEIRO_API const char *chaveiro_file_delivery(const chaveiro_file *file);
/** 1 when the bytes came sealed (CHVSEAL1) and were decrypted in memory, 0 when in the clear. */
CHAVEIRO_API int chaveiro_file_was_sealed(const chaveiro_file *file);

/* ---------------------------------------------------------------------------------------------
 * Loader self-update
 * ------------------------------------------------------------------------------------------- */

/**
 * Replaces this loader with the product's current one after a LOADER_OUTDATED refusal:
 * GET /api/loader/update with the refusal's signed update token; the bytes are accepted only
 * when their size and SHA-256 match the refusal's signed `loader` block (FILE_MISMATCH
 * otherwise). They are written to `<exe>.new`, then swapped in (Windows: the running exe is
 * renamed `<exe>.old` and the new one moved in; elsewhere a rename over it), then the loader
 * restarts with the same command line (Windows: CreateProcessW, then this process waits for the
 * new loader and exits with its exit code; elsewhere execv, which cannot start a .NET .exe, so
 * a C# loader on Mono passes CHAVEIRO_SELF_UPDATE_NO_RESTART): on success this call does not
 * return. With CHAVEIRO_SELF_UPDATE_NO_RESTART it
 * returns CHAVEIRO_OK after the swap; the caller restarts. `refusal` must carry an update token
 * (CHAVEIRO_E_INVALID_ARGUMENT otherwise). When the signed SHA-256 is the running loader's own
 * (the product's published loader is itself below the minimum version) nothing is fetched or
 * swapped: CHAVEIRO_E_INVALID_ARGUMENT, since a restart would only be refused and update again.
 * Any thread; blocks for the network.
 */
CHAVEIRO_API chaveiro_status chaveiro_self_update(chaveiro_client *client,
                                                  const chaveiro_error *refusal, unsigned flags,
                                                  chaveiro_error **error);

/**
 * chaveiro_self_update with the refusal's fields passed one by one (the C++ and C# front ends
 * keep the error's values, not the C object): `update_token`, `sha256` and `size` exactly as
 * chaveiro_error_loader_update_token, _sha256 and _size gave them. Any thread.
 */
CHAVEIRO_API chaveiro_status chaveiro_self_update_to(chaveiro_client *client,
                                                     const char *update_token,
                                                     const char *sha256, uint64_t size,
                                                     unsigned flags, chaveiro_error **error);

/* ---------------------------------------------------------------------------------------------
 * Security events
 * ------------------------------------------------------------------------------------------- */

/**
 * POST /api/loader/security-event on the current session: `kind` is "debugger", "hooked_api"
 * or "self_check_failed"; `detail` (optional, UTF-8) is for the seller: trimmed and cut to the
 * server's 200 characters (UTF-16 code units, as JavaScript counts) on a character boundary,
 * as the TypeScript SDK does, and left out when blank. The signed answer says what the
 * product's rules did (*action, optional). When that is anything but CHAVEIRO_SECURITY_RECORD,
 * the session ends here too: later heartbeats and downloads fail with SESSION_ENDED, and
 * running heartbeat loops end with it. RATE_LIMITED past 6 per 10 minutes. Not retried. Any
 * thread; blocks for the network.
 */
CHAVEIRO_API chaveiro_status chaveiro_report_security_event(chaveiro_client *client,
                                                            const char *kind, const char *detail,
                                                            chaveiro_security_action *action,
                                                            chaveiro_error **error);

/* ---------------------------------------------------------------------------------------------
 * Verification, for tools and ports
 * ------------------------------------------------------------------------------------------- */

/**
 * The whole check the client applies to each answer (docs/loader-protocol.md, "The signed
 * envelope"), in this order: the X-Signature header is present, base64 and verifies over the
 * exact `body` bytes with one of `public_keys` (base64 raw Ed25519 keys; their keyIds are
 * derived); only then is the body parsed: a UTF-8 JSON envelope whose keyId names that same
 * key; `request` is exactly the call made ("POST /api/loader/auth"); `nonce` echoes the one sent
 * (NULL: the answer's nonce must be null); issuedAt is at most 5 minutes from `now_ms`.
 * A signed refusal verifies too: it returns CHAVEIRO_OK. Any thread.
 */
CHAVEIRO_API chaveiro_status chaveiro_verify_answer(const uint8_t *body, size_t body_length,
                                                    const char *signature_header,
                                                    const char *request, const char *nonce,
                                                    int64_t now_ms,
                                                    const char *const *public_keys,
                                                    size_t public_key_count,
                                                    chaveiro_error **error);

/* ---------------------------------------------------------------------------------------------
 * Hardware id
 * ------------------------------------------------------------------------------------------- */

/**
 * Writes this machine's HWID for `product_id` into `buffer` (at least
 * CHAVEIRO_HWID_BUFFER_SIZE bytes; NUL-terminated; matches [A-Za-z0-9._:-]{8,128}). Each
 * identifier read is hashed (SHA-256) with the product id as salt before it leaves this
 * function, so no raw identifier is ever sent and two products see unrelated ids.
 * Windows: MachineGuid (registry), the SMBIOS system UUID and the system volume's serial.
 * Linux: /etc/machine-id (or /var/lib/dbus/machine-id) and the world-readable DMI identity
 * (/sys/class/dmi/id: sys_vendor, product_name, board_vendor, board_name); the root-only DMI
 * product_uuid is used only when no machine-id exists, since mixing it in would give one id
 * with sudo and another without. Stable across reboots and network changes (no MAC address,
 * no hostname). CHAVEIRO_E_UNAVAILABLE when no machine identifier is readable. Any thread.
 */
CHAVEIRO_API chaveiro_status chaveiro_hwid(const char *product_id, char *buffer,
                                           size_t buffer_size);

#ifdef __cplusplus
}
#endif

#endif /* CHAVEIRO_CHAVEIRO_H */
