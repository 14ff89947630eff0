// Chaveiro loader SDK: the C++ front end, header-only over the C ABI (chaveiro.h).
//
// RAII owners for the client, the heartbeat loop and the downloaded file; std::string and
// std::vector in and out (UTF-8 text); C++17.
//
// Errors are exceptions, not expected-style results. Why:
// - The one thing a loader must never do is carry on after a refusal or an answer that failed
//   verification. An exception cannot be ignored by forgetting to look at a return value; an
//   unchecked result can. Code that prefers status codes has them already: the C API.
// - The classes mirror the TypeScript SDK's (LoaderRefusedError, LoaderVerificationError,
//   LoaderNetworkError), so the protocol documentation and the refusal table read the same in
//   both, and a loader's exit paths are one catch per class.
// - std::expected is C++23; this header stays C++17 for the compilers loaders are built with.
// - A failure costs a network round trip anyway; the cost of a throw does not matter.
// Inside the heartbeat loop nothing is thrown: the loop runs on the library's thread, and its
// events carry the error as a value. Build with exceptions on to use this header.
#ifndef CHAVEIRO_CHAVEIRO_HPP
#define CHAVEIRO_CHAVEIRO_HPP

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "chaveiro.h"

namespace chaveiro {

/// The product's status a PRODUCT_UPDATING or PRODUCT_UNAVAILABLE refusal signs with it.
struct product_status {
  /// "updating" or "unavailable" (a newer server may add values).
  std::string status;
  /// The seller's public note (pt-BR), when there is one.
  std::optional<std::string> note;
  /// Whether the subscription's time is frozen meanwhile (given back when the product returns).
  bool time_frozen = false;
  /// Since when, ISO-8601.
  std::string since;
};

/// The product's current loader, signed with a LOADER_OUTDATED refusal: what a self-update
/// installs (client::self_update).
struct loader_release {
  std::string version;
  /// Lower-case hex SHA-256 the update must match.
  std::string sha256;
  std::uint64_t size = 0;
  /// A name, not a path.
  std::string name;
  /// The update token (10 minutes); empty when the product has no loader file to update to.
  std::optional<std::string> update_token;
  std::optional<std::string> update_expires_at;
};

/// Any failure: `code()` is stable (the refusal code the server signed, or the SDK's own:
/// BAD_SIGNATURE, NETWORK_ERROR…), `what()` is the pt-BR message for the user.
class error : public std::runtime_error {
 public:
  error(chaveiro_status status, std::string code, const std::string &message, std::string detail,
        int http_status = 0, std::int64_t retry_after_ms = -1,
        std::optional<chaveiro::product_status> product = std::nullopt,
        std::optional<chaveiro::loader_release> loader = std::nullopt)
      : std::runtime_error(message),
        status_(status),
        code_(std::move(code)),
        detail_(std::move(detail)),
        http_status_(http_status),
        retry_after_ms_(retry_after_ms),
        product_(std::move(product)),
        loader_(std::move(loader)) {}

  chaveiro_status status() const noexcept { return status_; }
  const std::string &code() const noexcept { return code_; }
  /// Why, in English, for logs.
  const std::string &detail() const noexcept { return detail_; }
  /// The answer's HTTP status, 0 when there was none. Informative only.
  int http_status() const noexcept { return http_status_; }
  /// A refusal's Retry-After in ms, or -1.
  std::int64_t retry_after_ms() const noexcept { return retry_after_ms_; }
  /// PRODUCT_UPDATING and PRODUCT_UNAVAILABLE: the product's status and the seller's note.
  const std::optional<chaveiro::product_status> &product() const noexcept { return product_; }
  /// LOADER_OUTDATED: the product's current loader and the self-update's token.
  const std::optional<chaveiro::loader_release> &loader() const noexcept { return loader_; }

 private:
  chaveiro_status status_;
  std::string code_;
  std::string detail_;
  int http_status_;
  std::int64_t retry_after_ms_;
  std::optional<chaveiro::product_status> product_;
  std::optional<chaveiro::loader_release> loader_;
};

/// A verified refusal: show `what()` (the server's pt-BR message) and act on `code()`.
class refused_error : public error {
 public:
  using error::error;
  explicit refused_error(const error &e) : error(e) {}
};
/// The answer cannot be trusted (forged, replayed, stale, another request, a wrong file).
class verification_error : public error {
 public:
  using error::error;
  explicit verification_error(const error &e) : error(e) {}
};
/// No usable answer: the server could not be reached, or timed out.
class network_error : public error {
 public:
  using error::error;
  explicit network_error(const error &e) : error(e) {}
};
/// A misuse: an invalid argument, a call before auth, a file that cannot be written…
class usage_error : public error {
 public:
  using error::error;
  explicit usage_error(const error &e) : error(e) {}
};

namespace detail {

inline std::string text(const char *value) { return value ? std::string(value) : std::string(); }

inline const char *c_str_or_null(const std::optional<std::string> &value) {
  return value ? value->c_str() : nullptr;
}

/// The error as a value (for the heartbeat loop's events); frees nothing.
inline error to_error(chaveiro_status status, const chaveiro_error *e) {
  if (!e) {
    // Calls without an error object fail only on their arguments or the machine.
    switch (status) {
      case CHAVEIRO_E_INVALID_ARGUMENT:
      case CHAVEIRO_E_BUFFER_TOO_SMALL:
        return error(status, "INVALID_ARGUMENT", "Parâmetro inválido para o loader.",
                     chaveiro_status_name(status));
      case CHAVEIRO_E_UNAVAILABLE:
        return error(status, "UNAVAILABLE", "Não foi possível identificar este computador.",
                     chaveiro_status_name(status));
      default:
        return error(status, "INTERNAL_ERROR", "Erro interno do loader.",
                     chaveiro_status_name(status));
    }
  }
  std::optional<chaveiro::product_status> product;
  if (const char *status_text = chaveiro_error_product_status(e)) {
    const char *note = chaveiro_error_product_note(e);
    product = chaveiro::product_status{
        status_text, note ? std::optional<std::string>(note) : std::nullopt,
        chaveiro_error_product_time_frozen(e) == 1, text(chaveiro_error_product_since(e))};
  }
  std::optional<chaveiro::loader_release> loader;
  if (chaveiro_error_has_loader(e)) {
    const char *token = chaveiro_error_loader_update_token(e);
    const char *expires = chaveiro_error_loader_update_expires_at(e);
    loader = chaveiro::loader_release{
        text(chaveiro_error_loader_version(e)),
        text(chaveiro_error_loader_sha256(e)),
        chaveiro_error_loader_size(e),
        text(chaveiro_error_loader_name(e)),
        token ? std::optional<std::string>(token) : std::nullopt,
        expires ? std::optional<std::string>(expires) : std::nullopt};
  }
  return error(chaveiro_error_status(e), chaveiro_error_code(e), chaveiro_error_message(e),
               chaveiro_error_detail(e), chaveiro_error_http_status(e),
               chaveiro_error_retry_after_ms(e), std::move(product), std::move(loader));
}

/// Throws the class matching the status, after freeing the C error.
[[noreturn]] inline void raise(chaveiro_status status, chaveiro_error *e) {
  error value = to_error(status, e);
  chaveiro_error_free(e);
  switch (value.status()) {
    case CHAVEIRO_E_REFUSED:
      throw refused_error(value);
    case CHAVEIRO_E_VERIFICATION:
      throw verification_error(value);
    case CHAVEIRO_E_NETWORK:
      throw network_error(value);
    case CHAVEIRO_E_NO_MEMORY:
      throw std::bad_alloc();
    default:
      throw usage_error(value);
  }
}

/// Throws when `status` is a failure. The error goes by address so that it is read after the
/// call that fills it (in `check(f(&e), e)` the order of the two is unspecified).
inline void check(chaveiro_status status, chaveiro_error **e = nullptr) {
  if (status != CHAVEIRO_OK) raise(status, e ? *e : nullptr);
}

}  // namespace detail

/// "MAJOR.MINOR.PATCH" of the library loaded.
inline std::string version() { return chaveiro_version(); }

/// This machine's HWID for a product (see chaveiro_hwid: salted hashes, nothing raw).
inline std::string hwid(const std::string &product_id) {
  char buffer[CHAVEIRO_HWID_BUFFER_SIZE];
  detail::check(chaveiro_hwid(product_id.c_str(), buffer, sizeof buffer));
  return buffer;
}

/// The keyId of a pinned public key (base64 of the raw 32 bytes).
inline std::string key_id(const std::string &public_key_base64) {
  char buffer[CHAVEIRO_KEY_ID_BUFFER_SIZE];
  detail::check(chaveiro_key_id(public_key_base64.c_str(), buffer, sizeof buffer));
  return buffer;
}

/// chaveiro_global_init for the program's lifetime: create one at the start of main, before
/// any other thread exists.
class global {
 public:
  global() { detail::check(chaveiro_global_init()); }
  ~global() { chaveiro_global_cleanup(); }
  global(const global &) = delete;
  global &operator=(const global &) = delete;
};

struct file_info {
  std::string name;
  /// Lower-case hex SHA-256 the download must match (this delivery's marked copy).
  std::string sha256;
  std::uint64_t size = 0;
  /// This delivery's id (the mark in the copy), when the server names one.
  std::optional<std::string> delivery;
  /// The download comes sealed to this run's session key ("entrega protegida").
  bool protected_delivery = false;
};

struct auth_result {
  std::string username;
  std::string product_id;
  std::string product_name;
  std::string subscription_id;
  /// ISO-8601 times, as signed.
  std::string subscription_expires_at;
  std::string session_expires_at;
  double heartbeat_seconds = 0;
  /// Empty when the product has no file yet (and offline).
  std::optional<file_info> file;
  /// The server could not be reached and the stored offline licence stood in: no session, no
  /// file; show the user that the loader runs offline, until offline_expires_at.
  bool offline = false;
  /// Until when the offline licence holds (the one used, or the one the server just gave).
  std::optional<std::string> offline_expires_at;
};

struct heartbeat_result {
  std::string session_expires_at;
  /// When the subscription runs out.
  std::string expires_at;
  /// A CHAVEIRO_HEARTBEAT_OFFLINE event's result: running on the offline licence.
  bool offline = false;
  /// Until when the offline licence holds; empty when there is none.
  std::optional<std::string> offline_expires_at;
};

/// What a loader sends: the HWID and one of key, account (+ 2FA code), or both.
struct credentials {
  std::string hwid;
  std::optional<std::string> key;
  /// Username or e-mail, with `password` (and `totp` when the account uses 2FA).
  std::optional<std::string> identifier;
  std::optional<std::string> password;
  std::optional<std::string> totp;
};

/// The verified product file, in memory.
struct downloaded_file {
  /// A copy of the decrypted product that this library does not wipe (the chaveiro_file it
  /// came from is wiped when freed): overwrite it when done.
  std::vector<std::uint8_t> bytes;
  std::string name;
  std::string sha256;
  /// This delivery's id, when the server named one.
  std::optional<std::string> delivery;
  /// The bytes came sealed and were decrypted in memory.
  bool sealed = false;

  /// Writes the verified bytes (as downloaded, whatever `bytes` became since) to `path`, UTF-8
  /// also on Windows. Throws usage_error (IO_ERROR) when it cannot.
  void save(const std::string &path) const {
    chaveiro_error *e = nullptr;
    detail::check(chaveiro_file_save(handle_.get(), path.c_str(), &e), &e);
  }

 private:
  friend class client;
  std::shared_ptr<const chaveiro_file> handle_;
};

/// One event of the heartbeat loop, delivered on the loop's thread.
struct heartbeat_event {
  /// Stops the loop that sent this event: no event follows this one.
  void stop_loop() const noexcept { chaveiro_heartbeat_stop(loop); }

  chaveiro_heartbeat_loop *loop = nullptr;
  chaveiro_heartbeat_event type = CHAVEIRO_HEARTBEAT_ENDED;
  /// Set for CHAVEIRO_HEARTBEAT_RENEWED and CHAVEIRO_HEARTBEAT_OFFLINE (offline, its expiry).
  std::optional<heartbeat_result> result;
  /// Set for CHAVEIRO_HEARTBEAT_RETRYING and CHAVEIRO_HEARTBEAT_ENDED (and OFFLINE after a
  /// failure: the last one).
  std::optional<error> failure;
  std::uint32_t attempt = 0;
  std::uint32_t next_delay_ms = 0;
};

/// A running heartbeat loop; destroying it stops it (promptly) and waits for its thread.
class heartbeat_loop {
 public:
  heartbeat_loop() = default;
  heartbeat_loop(heartbeat_loop &&other) noexcept
      : loop_(std::exchange(other.loop_, nullptr)), handler_(std::move(other.handler_)) {}
  heartbeat_loop &operator=(heartbeat_loop &&other) noexcept {
    if (this != &other) {
      chaveiro_heartbeat_free(loop_);
      loop_ = std::exchange(other.loop_, nullptr);
      handler_ = std::move(other.handler_);
    }
    return *this;
  }
  heartbeat_loop(const heartbeat_loop &) = delete;
  heartbeat_loop &operator=(const heartbeat_loop &) = delete;
  // The loop goes first: its thread may still be calling the handler.
  ~heartbeat_loop() { chaveiro_heartbeat_free(loop_); }

  /// Stops the loop; returns once no handler call is running or will run. From the handler
  /// itself it only asks. Thread-safe.
  void stop() noexcept { chaveiro_heartbeat_stop(loop_); }

  /// Waits until the loop is over (ended or stopped): true, or false after `timeout_ms`. Not
  /// from the handler.
  bool wait(std::uint32_t timeout_ms = CHAVEIRO_WAIT_FOREVER) {
    chaveiro_status status = chaveiro_heartbeat_wait(loop_, timeout_ms);
    if (status == CHAVEIRO_E_STILL_RUNNING) return false;
    detail::check(status);
    return true;
  }

  chaveiro_heartbeat_loop *native() const noexcept { return loop_; }

 private:
  friend class client;
  using handler = std::function<void(const heartbeat_event &)>;
  chaveiro_heartbeat_loop *loop_ = nullptr;
  std::unique_ptr<handler> handler_;
};

/// A loader client for one server and one product. Thread-safe once configured (see the C
/// API); movable, not copyable.
class client {
 public:
  /// `trusted_keys`: the pinned public key(s), base64 of the raw 32 bytes (current first, then
  /// the `previous` ones during a rotation).
  client(const std::string &server_url, const std::string &product_id,
         const std::vector<std::string> &trusted_keys) {
    detail::check(chaveiro_client_new(server_url.c_str(), product_id.c_str(), &client_));
    for (const std::string &key : trusted_keys) {
      chaveiro_status status = chaveiro_client_add_trusted_key(client_, key.c_str(), nullptr);
      if (status != CHAVEIRO_OK) {
        chaveiro_client_free(client_);
        detail::raise(status, nullptr);
      }
    }
  }
  client(client &&other) noexcept
      : client_(std::exchange(other.client_, nullptr)),
        on_retry_(std::move(other.on_retry_)) {}
  client &operator=(client &&other) noexcept {
    if (this != &other) {
      chaveiro_client_free(client_);
      client_ = std::exchange(other.client_, nullptr);
      on_retry_ = std::move(other.on_retry_);
    }
    return *this;
  }
  client(const client &) = delete;
  client &operator=(const client &) = delete;
  ~client() { chaveiro_client_free(client_); }

  /// Per-call timeouts in ms (0 keeps the current one): auth and heartbeat, download.
  void set_timeouts(std::uint32_t request_ms, std::uint32_t download_ms) {
    detail::check(chaveiro_client_set_timeouts(client_, request_ms, download_ms));
  }

  /// Retry policy: first wait ceiling, largest wait, auth attempts in all.
  void set_retry(std::uint32_t base_delay_ms, std::uint32_t max_delay_ms,
                 std::uint32_t auth_attempts) {
    detail::check(chaveiro_client_set_retry(client_, base_delay_ms, max_delay_ms, auth_attempts));
  }

  /// Called before each auth retry (on the thread calling auth): the failure, the failures so
  /// far, the wait before the next attempt.
  void on_auth_retry(std::function<void(const error &, std::uint32_t, std::uint32_t)> handler) {
    on_retry_ = std::make_unique<retry_handler>(std::move(handler));
    detail::check(chaveiro_client_set_retry_callback(client_, &client::retry_trampoline,
                                                     on_retry_.get()));
  }

  /// The loader's version as compiled in ("2.4.0"): each auth then reports it with the SHA-256
  /// of the running executable. Configuration.
  void set_loader_version(const std::string &version) {
    detail::check(chaveiro_client_set_loader_version(client_, version.c_str()));
  }

  /// The file to hash and replace instead of the running executable. Configuration.
  void set_loader_path(const std::string &path) {
    detail::check(chaveiro_client_set_loader_path(client_, path.c_str()));
  }

  /// Where the offline licence is kept: a path, std::nullopt for the default, "" for none (no
  /// offline grace on this client). Configuration.
  void set_offline_store(const std::optional<std::string> &path) {
    detail::check(chaveiro_client_set_offline_store(client_, detail::c_str_or_null(path)));
  }

  /// After a LOADER_OUTDATED refusal with an update token (`refusal.loader()->update_token`):
  /// downloads the product's current loader, checks it against the signed hash and size,
  /// swaps it in and, with `restart`, starts it with the same command line (this call then
  /// does not return). Without `restart` it returns after the swap. When the refusal names the
  /// loader already running, usage_error (INVALID_ARGUMENT) instead of a restart loop.
  void self_update(const error &refusal, bool restart = true) {
    if (!refusal.loader() || !refusal.loader()->update_token) {
      throw usage_error(CHAVEIRO_E_INVALID_ARGUMENT, "INVALID_ARGUMENT",
                        "Parâmetro inválido para o loader.",
                        "a LOADER_OUTDATED refusal with an update token is required");
    }
    const loader_release &loader = *refusal.loader();
    chaveiro_error *e = nullptr;
    detail::check(chaveiro_self_update_to(client_, loader.update_token->c_str(),
                                          loader.sha256.c_str(), loader.size,
                                          restart ? 0u : CHAVEIRO_SELF_UPDATE_NO_RESTART, &e),
                  &e);
  }

  /// Reports a signal seen in this process ("debugger", "hooked_api", "self_check_failed") on
  /// the session; what the product's rule did comes back. Anything but
  /// CHAVEIRO_SECURITY_RECORD ends the session here too (heartbeat loops end SESSION_ENDED).
  chaveiro_security_action report_security_event(const std::string &kind,
                                                 const std::optional<std::string> &detail_text =
                                                     std::nullopt) {
    chaveiro_security_action action = CHAVEIRO_SECURITY_RECORD;
    chaveiro_error *e = nullptr;
    detail::check(chaveiro_report_security_event(client_, kind.c_str(),
                                                 detail::c_str_or_null(detail_text), &action, &e),
                  &e);
    return action;
  }

  auth_result auth(const credentials &with) {
    chaveiro_auth_result *raw = nullptr;
    chaveiro_error *e = nullptr;
    chaveiro_status status = chaveiro_auth(
        client_, with.hwid.c_str(), detail::c_str_or_null(with.key),
        detail::c_str_or_null(with.identifier), detail::c_str_or_null(with.password),
        detail::c_str_or_null(with.totp), &raw, &e);
    detail::check(status, &e);
    std::unique_ptr<chaveiro_auth_result, decltype(&chaveiro_auth_result_free)> owned(
        raw, &chaveiro_auth_result_free);
    auth_result result;
    result.username = detail::text(chaveiro_auth_result_username(raw));
    result.product_id = detail::text(chaveiro_auth_result_product_id(raw));
    result.product_name = detail::text(chaveiro_auth_result_product_name(raw));
    result.subscription_id = detail::text(chaveiro_auth_result_subscription_id(raw));
    result.subscription_expires_at =
        detail::text(chaveiro_auth_result_subscription_expires_at(raw));
    result.session_expires_at = detail::text(chaveiro_auth_result_session_expires_at(raw));
    result.heartbeat_seconds = chaveiro_auth_result_heartbeat_seconds(raw);
    if (chaveiro_auth_result_has_file(raw)) {
      const char *delivery = chaveiro_auth_result_file_delivery(raw);
      result.file = file_info{detail::text(chaveiro_auth_result_file_name(raw)),
                              detail::text(chaveiro_auth_result_file_sha256(raw)),
                              chaveiro_auth_result_file_size(raw),
                              delivery ? std::optional<std::string>(delivery) : std::nullopt,
                              chaveiro_auth_result_file_protected(raw) == 1};
    }
    result.offline = chaveiro_auth_result_offline(raw) == 1;
    if (const char *until = chaveiro_auth_result_offline_expires_at(raw)) {
      result.offline_expires_at = until;
    }
    return result;
  }

  /// A key alone (already redeemed, from a machine already bound).
  auth_result auth_key(const std::string &hwid, const std::string &key) {
    return auth(credentials{hwid, key, std::nullopt, std::nullopt, std::nullopt});
  }

  /// An account (username or e-mail), with the 2FA code when the account uses it.
  auth_result auth_account(const std::string &hwid, const std::string &identifier,
                           const std::string &password,
                           const std::optional<std::string> &totp = std::nullopt) {
    return auth(credentials{hwid, std::nullopt, identifier, password, totp});
  }

  /// One heartbeat; the client keeps the renewed session token.
  heartbeat_result heartbeat() {
    chaveiro_heartbeat_result *raw = nullptr;
    chaveiro_error *e = nullptr;
    detail::check(chaveiro_heartbeat(client_, &raw, &e), &e);
    heartbeat_result result = convert(raw);
    chaveiro_heartbeat_result_free(raw);
    return result;
  }

  /// Heartbeats on their own thread until the loop is stopped (or destroyed) or the session
  /// ends (a CHAVEIRO_HEARTBEAT_ENDED event). The handler runs on that thread; what it throws
  /// is dropped (it cannot cross into the C library).
  heartbeat_loop start_heartbeats(std::function<void(const heartbeat_event &)> on_event,
                                  bool immediate = true) {
    heartbeat_loop loop;
    loop.handler_ = std::make_unique<heartbeat_loop::handler>(std::move(on_event));
    chaveiro_error *e = nullptr;
    detail::check(chaveiro_heartbeat_start(client_, immediate ? 1 : 0, &client::beat_trampoline,
                                           loop.handler_.get(), &loop.loop_, &e),
                  &e);
    return loop;
  }

  /// The product file in memory, its size and SHA-256 checked against the signed auth answer.
  downloaded_file download() {
    chaveiro_file *raw = nullptr;
    chaveiro_error *e = nullptr;
    detail::check(chaveiro_download(client_, &raw, &e), &e);
    downloaded_file file;
    file.handle_ = std::shared_ptr<const chaveiro_file>(
        raw, [](const chaveiro_file *f) { chaveiro_file_free(const_cast<chaveiro_file *>(f)); });
    const std::uint8_t *data = chaveiro_file_data(raw);
    file.bytes.assign(data, data + chaveiro_file_size(raw));
    file.name = detail::text(chaveiro_file_name(raw));
    file.sha256 = detail::text(chaveiro_file_sha256(raw));
    if (const char *delivery = chaveiro_file_delivery(raw)) file.delivery = delivery;
    file.sealed = chaveiro_file_was_sealed(raw) == 1;
    return file;
  }

  chaveiro_client *native() const noexcept { return client_; }

 private:
  using retry_handler = std::function<void(const error &, std::uint32_t, std::uint32_t)>;

  static heartbeat_result convert(const chaveiro_heartbeat_result *raw) {
    heartbeat_result result{detail::text(chaveiro_heartbeat_result_session_expires_at(raw)),
                            detail::text(chaveiro_heartbeat_result_expires_at(raw)),
                            chaveiro_heartbeat_result_offline(raw) == 1, std::nullopt};
    if (const char *until = chaveiro_heartbeat_result_offline_expires_at(raw)) {
      result.offline_expires_at = until;
    }
    return result;
  }

  static void retry_trampoline(void *user, const chaveiro_error *e, std::uint32_t attempt,
                               std::uint32_t next_delay_ms) {
    try {
      (*static_cast<retry_handler *>(user))(detail::to_error(CHAVEIRO_E_NETWORK, e), attempt,
                                            next_delay_ms);
    } catch (...) {
      // Nothing may unwind into the C library.
    }
  }

  static void beat_trampoline(void *user, chaveiro_heartbeat_loop *loop,
                              chaveiro_heartbeat_event type,
                              const chaveiro_heartbeat_result *result, const chaveiro_error *e,
                              std::uint32_t attempt, std::uint32_t next_delay_ms) {
    try {
      heartbeat_event event;
      event.loop = loop;
      event.type = type;
      if (result) event.result = convert(result);
      if (e) event.failure = detail::to_error(chaveiro_error_status(e), e);
      event.attempt = attempt;
      event.next_delay_ms = next_delay_ms;
      (*static_cast<heartbeat_loop::handler *>(user))(event);
    } catch (...) {
      // Nothing may unwind into the C library's thread.
    }
  }

  chaveiro_client *client_ = nullptr;
  std::unique_ptr<retry_handler> on_retry_;
};

}  // namespace chaveiro

#endif  // CHAVEIRO_CHAVEIRO_HPP
