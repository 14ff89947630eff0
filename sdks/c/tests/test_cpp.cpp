// The C++ front end over a scripted server: RAII, strings and vectors, and one exception class
// per kind of failure.
#include <atomic>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>

#include "chaveiro/chaveiro.hpp"

extern "C" {
#include "support.h"
}

namespace {

test_signer key;
int64_t now_ms = INT64_C(1795435200000);
// 0: success, 1: refusal, 2: network error, 3: tampered, 4: product being updated,
// 5: loader outdated; security events answer `action`
std::atomic<int> mode{0};
const char *action = "record";

int64_t fixed_clock(void *) { return now_ms; }

const char *request_of(const fake_exchange *x) {
  if (std::strstr(x->url, CHV_PATH_AUTH)) return "POST " CHV_PATH_AUTH;
  if (std::strstr(x->url, CHV_PATH_HEARTBEAT)) return "POST " CHV_PATH_HEARTBEAT;
  if (std::strstr(x->url, CHV_PATH_SECURITY_EVENT)) return "POST " CHV_PATH_SECURITY_EVENT;
  return "GET " CHV_PATH_DOWNLOAD;
}

chv_http_outcome handle(void *, const fake_exchange *x, chv_http_response *r, chv_cancel *) {
  if (mode == 2) return CHV_HTTP_NETWORK;
  if (std::strstr(x->url, CHV_PATH_DOWNLOAD)) {
    fake_respond(r, 200, "abc", nullptr, nullptr);
    return CHV_HTTP_OK;
  }
  char issued[32];
  test_iso(now_ms, issued);
  std::string data;
  if (mode == 1) {
    data = "{\"ok\":false,\"code\":\"SUBSCRIPTION_EXPIRED\",\"message\":\"Assinatura expirada.\"}";
  } else if (mode == 4) {
    data = "{\"ok\":false,\"code\":\"PRODUCT_UPDATING\",\"message\":\"Em atualiza\xC3\xA7\xC3\xA3o.\","
           "\"product\":{\"status\":\"updating\",\"note\":\"Volta amanh\xC3\xA3\",\"timeFrozen\":true,"
           "\"since\":\"2026-11-23T09:30:00.000Z\"}}";
  } else if (mode == 5) {
    data = "{\"ok\":false,\"code\":\"LOADER_OUTDATED\",\"message\":\"Atualize.\",\"loader\":{"
           "\"version\":\"2.4.0\",\"sha256\":"
           "\"BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD\",\"size\":3,"
           "\"name\":\"loader.exe\",\"update\":{\"token\":\"u1.t\",\"expiresAt\":"
           "\"2026-11-23T12:10:00.000Z\"}}}";
  } else if (std::strstr(x->url, CHV_PATH_SECURITY_EVENT)) {
    data = std::string("{\"ok\":true,\"action\":\"") + action + "\"}";
  } else if (std::strstr(x->url, CHV_PATH_AUTH)) {
    data = "{\"ok\":true,\"session\":\"s1\",\"sessionExpiresAt\":\"2026-11-23T12:15:00.000Z\","
           "\"heartbeatSeconds\":0.01,\"subscription\":{\"id\":\"sub\",\"product\":{\"id\":\"p\","
           "\"name\":\"Aim Pro\"},\"expiresAt\":\"2026-12-23T12:00:00.000Z\"},\"user\":{"
           "\"username\":\"ana\"},\"file\":{\"sha256\":"
           "\"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\",\"size\":3,"
           "\"name\":\"aim.dll\"}}";
  } else {
    data = "{\"ok\":true,\"session\":\"s2\",\"sessionExpiresAt\":\"2026-11-23T12:15:00.000Z\","
           "\"expiresAt\":\"2026-12-23T12:00:00.000Z\"}";
  }
  char *body = test_envelope(&key, request_of(x), data.c_str(), x->nonce, issued, nullptr);
  char signature[96];
  test_sign(&key, body, std::strlen(body), signature);
  if (mode == 3) body[10] ^= 1;
  fake_respond(r, mode == 1 || mode == 5 ? 403 : mode == 4 ? 503 : 200, body, signature, nullptr);
  std::free(body);
  return CHV_HTTP_OK;
}

chaveiro::client make_client() {
  chaveiro::client client("https://painel.exemplo.com", "p", {key.public_key_base64});
  chaveiro_client_set_clock(client.native(), fixed_clock, nullptr);
  fake_install(client.native(), handle, nullptr);
  return client;
}

// Holds the string, unlike CHECK_STR on a temporary's c_str().
#define CHECK_CODE(actual, expected)                                                         \
  do {                                                                                       \
    std::string a_ = (actual);                                                               \
    if (a_ != (expected)) {                                                                  \
      test_failures++;                                                                       \
      std::fprintf(stderr, "%s:%d: got %s, expected %s\n", __FILE__, __LINE__, a_.c_str(),   \
                   expected);                                                                \
    }                                                                                        \
  } while (0)

template <typename Error, typename Call>
std::string thrown(Call call) {
  try {
    call();
  } catch (const Error &e) {
    return e.code();
  } catch (const chaveiro::error &e) {
    return "wrong class: " + e.code();
  }
  return "nothing thrown";
}

void test_auth_download_and_a_loop_through_the_cpp_api() {
  chaveiro::client client = make_client();
  mode = 0;
  chaveiro::auth_result auth = client.auth_key("test-machine-0001", "KEY");
  CHECK(auth.username == "ana");
  CHECK(auth.product_name == "Aim Pro");
  CHECK(auth.file && auth.file->name == "aim.dll" && auth.file->size == 3);
  chaveiro::heartbeat_result beat = client.heartbeat();
  CHECK(beat.expires_at == "2026-12-23T12:00:00.000Z");
  chaveiro::downloaded_file file = client.download();
  CHECK(file.bytes == std::vector<std::uint8_t>({'a', 'b', 'c'}));
  CHECK(file.sha256 == auth.file->sha256);
  file.save("chaveiro-test-cpp.bin");
  std::remove("chaveiro-test-cpp.bin");

  int renewed = 0;
  chaveiro::heartbeat_loop loop = client.start_heartbeats([&](const chaveiro::heartbeat_event &e) {
    if (e.type == CHAVEIRO_HEARTBEAT_RENEWED && ++renewed == 3) e.stop_loop();
  });
  CHECK(loop.wait(5000));
  CHECK_INT(renewed, 3);
  // Moving the client keeps the session; the moved-from one is empty.
  chaveiro::client moved = std::move(client);
  CHECK(moved.heartbeat().session_expires_at == "2026-11-23T12:15:00.000Z");
}

void test_each_kind_of_failure_is_its_own_exception() {
  chaveiro::client client = make_client();
  client.set_retry(1, 10, 1);
  mode = 1;
  CHECK_CODE(thrown<chaveiro::refused_error>([&] { client.auth_key("test-machine-0001", "K"); }),
             "SUBSCRIPTION_EXPIRED");
  try {
    client.auth_key("test-machine-0001", "K");
  } catch (const chaveiro::refused_error &e) {
    CHECK_STR(e.what(), "Assinatura expirada.");
    CHECK_INT(e.http_status(), 403);
  }
  mode = 3;
  CHECK_CODE(thrown<chaveiro::verification_error>(
                 [&] { client.auth_account("test-machine-0001", "ana", "pw"); }),
             "BAD_SIGNATURE");
  mode = 2;
  CHECK_CODE(thrown<chaveiro::network_error>([&] { client.auth_key("test-machine-0001", "K"); }),
             "NETWORK_ERROR");
  CHECK_CODE(thrown<chaveiro::usage_error>([&] { client.heartbeat(); }), "NOT_AUTHENTICATED");
  CHECK_CODE(thrown<chaveiro::usage_error>([&] { client.auth_key("bad", "K"); }),
             "INVALID_ARGUMENT");
  CHECK_CODE(thrown<chaveiro::usage_error>(
                 [] { chaveiro::client bad("https://x", "p", {"not-a-key"}); }),
             "INVALID_ARGUMENT");
}

void test_a_product_status_refusal_exposes_the_status_and_note() {
  chaveiro::client client = make_client();
  client.set_retry(1, 10, 3);
  mode = 4;
  try {
    client.auth_key("test-machine-0001", "K");
    CHECK(false);
  } catch (const chaveiro::refused_error &e) {
    CHECK_CODE(e.code(), "PRODUCT_UPDATING");
    CHECK_INT(e.http_status(), 503);
    CHECK(e.product().has_value());
    if (e.product()) {
      CHECK(e.product()->status == "updating");
      CHECK(e.product()->note == std::optional<std::string>("Volta amanh\xC3\xA3"));
      CHECK(e.product()->time_frozen);
      CHECK(e.product()->since == "2026-11-23T09:30:00.000Z");
    }
  }
  mode = 1;
  try {
    client.auth_key("test-machine-0001", "K");
  } catch (const chaveiro::refused_error &e) {
    CHECK(!e.product().has_value());
  }

  // A running session hears it at its next heartbeat, as a value.
  mode = 0;
  client.auth_key("test-machine-0001", "KEY");
  mode = 4;
  std::optional<std::string> note;
  {
    chaveiro::heartbeat_loop loop = client.start_heartbeats([&](const chaveiro::heartbeat_event &e) {
      if (e.type == CHAVEIRO_HEARTBEAT_ENDED && e.failure->product()) note = e.failure->product()->note;
    });
    CHECK(loop.wait(5000));
  }
  CHECK(note == std::optional<std::string>("Volta amanh\xC3\xA3"));
}

void test_a_loop_reports_its_end_as_a_value() {
  chaveiro::client client = make_client();
  mode = 0;
  client.auth_key("test-machine-0001", "KEY");
  mode = 1;
  std::string ended;
  {
    chaveiro::heartbeat_loop loop = client.start_heartbeats([&](const chaveiro::heartbeat_event &e) {
      if (e.type == CHAVEIRO_HEARTBEAT_ENDED) ended = e.failure->code();
    });
    CHECK(loop.wait(5000));
  }
  CHECK_CODE(ended, "SUBSCRIPTION_EXPIRED");
  CHECK(!chaveiro::version().empty());
  CHECK(chaveiro::key_id(key.public_key_base64) == key.key_id);
}

void test_loader_outdated_security_events_and_offline_fields() {
  chaveiro::client client = make_client();
  client.set_loader_version("1.0.0");
  client.set_offline_store(std::string());
  mode = 5;
  std::optional<chaveiro::loader_release> loader;
  try {
    client.auth_key("test-machine-0001", "KEY");
  } catch (const chaveiro::refused_error &e) {
    CHECK_CODE(e.code(), "LOADER_OUTDATED");
    loader = e.loader();
  }
  CHECK(loader && loader->version == "2.4.0" && loader->size == 3 &&
        loader->name == "loader.exe" && loader->update_token == std::string("u1.t"));
  CHECK(loader && loader->sha256 == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  // A refusal without a loader block cannot be an update.
  chaveiro::error other(CHAVEIRO_E_REFUSED, "SUBSCRIPTION_EXPIRED", "x", "");
  CHECK_CODE(thrown<chaveiro::usage_error>([&] { client.self_update(other, false); }),
             "INVALID_ARGUMENT");

  mode = 0;
  chaveiro::auth_result auth = client.auth_key("test-machine-0001", "KEY");
  CHECK(!auth.offline && !auth.offline_expires_at && auth.file && !auth.file->protected_delivery);
  action = "record";
  CHECK(client.report_security_event("debugger") == CHAVEIRO_SECURITY_RECORD);
  action = "blacklist_hwid";
  CHECK(client.report_security_event("hooked_api", std::string("NtQueryInformationProcess")) ==
        CHAVEIRO_SECURITY_BLACKLIST_HWID);
  CHECK_CODE(thrown<chaveiro::refused_error>([&] { client.heartbeat(); }), "SESSION_ENDED");
  action = "record";
}

}  // namespace

int main() {
  chaveiro::global global;
  test_signer_init(&key, TEST_SEED);
  RUN(test_auth_download_and_a_loop_through_the_cpp_api);
  RUN(test_each_kind_of_failure_is_its_own_exception);
  RUN(test_a_product_status_refusal_exposes_the_status_and_note);
  RUN(test_a_loop_reports_its_end_as_a_value);
  RUN(test_loader_outdated_security_events_and_offline_fields);
  return test_summary("test_cpp");
}
