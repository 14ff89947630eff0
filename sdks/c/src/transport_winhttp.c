/* WinHTTP transport (Windows): part of the system, so a loader ships nothing more. One session
 * handle per client (WinHTTP pools its connections); a cancellation closes the request handle,
 * which makes the blocking call in flight return at once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transport.h"
#include "platform.h"

#include <winhttp.h>

typedef struct winhttp_transport {
  chv_transport base;
  HINTERNET session;
} winhttp_transport;


/* The value of a response header as ASCII (the two the SDK reads are ASCII), NULL when absent. */
static char *header(HINTERNET request, const wchar_t *name) {
  wchar_t value[256];
  DWORD size = sizeof value;
  if (!WinHttpQueryHeaders(request, WINHTTP_QUERY_CUSTOM, name, value, &size,
                           WINHTTP_NO_HEADER_INDEX)) {
    return NULL;
  }
  size_t len = size / sizeof(wchar_t);
  char *text = malloc(len + 1);
  if (!text) return NULL;
  for (size_t i = 0; i < len; i++) text[i] = value[i] < 0x80 ? (char)value[i] : '?';
  text[len] = '\0';
  return text;
}

/* The request a cancellation closes; `closed` is read after chv_cancel_disarm, under whose lock
 * the hook runs. */
typedef struct in_flight {
  HINTERNET request;
  int closed;
} in_flight;

static void close_request(void *arg) {
  in_flight *flight = arg;
  WinHttpCloseHandle(flight->request);
  flight->closed = 1;
}

static chv_http_outcome failure(DWORD code, const char *step, char *detail, size_t detail_size) {
  snprintf(detail, detail_size, "WinHTTP %s failed with error %lu", step, (unsigned long)code);
  if (code == ERROR_WINHTTP_TIMEOUT) return CHV_HTTP_TIMEOUT;
  if (code == ERROR_NOT_ENOUGH_MEMORY) return CHV_HTTP_NO_MEMORY;
  return CHV_HTTP_NETWORK;
}

static chv_http_outcome winhttp_send(chv_transport *self, const chv_http_request *req,
                                     chv_http_response *response, chv_cancel *cancel,
                                     char *detail, size_t detail_size) {
  winhttp_transport *t = (winhttp_transport *)self;
  memset(response, 0, sizeof *response);
  if (detail_size) detail[0] = '\0';
  chv_http_outcome outcome = CHV_HTTP_NO_MEMORY;
  HINTERNET connection = NULL, request = NULL;
  int armed = 0;
  in_flight flight = {NULL, 0};
  wchar_t *url = chv_widen(req->url);
  wchar_t *headers = NULL;
  wchar_t host[256], path[2048];
  if (!url) goto done;

  URL_COMPONENTS parts;
  memset(&parts, 0, sizeof parts);
  parts.dwStructSize = sizeof parts;
  parts.lpszHostName = host;
  parts.dwHostNameLength = sizeof host / sizeof host[0];
  parts.lpszUrlPath = path;
  parts.dwUrlPathLength = sizeof path / sizeof path[0];
  wchar_t extra[1024];
  parts.lpszExtraInfo = extra;
  parts.dwExtraInfoLength = sizeof extra / sizeof extra[0];
  if (!WinHttpCrackUrl(url, 0, 0, &parts)) {
    outcome = failure(GetLastError(), "URL parsing", detail, detail_size);
    goto done;
  }
  size_t path_len = wcslen(path);
  if (path_len + wcslen(extra) + 1 > sizeof path / sizeof path[0]) goto done;
  wcscat(path, extra); /* the query string */

  int is_post = strcmp(req->method, "POST") == 0;
  char *narrow = malloc((req->bearer ? strlen(req->bearer) : 0) + 128);
  if (!narrow) goto done;
  sprintf(narrow, "%s%s%s%s",
          is_post ? "Content-Type: application/json\r\nAccept: application/json\r\n" : "",
          req->bearer ? "Authorization: Bearer " : "", req->bearer ? req->bearer : "",
          req->bearer ? "\r\n" : "");
  headers = chv_widen(narrow);
  free(narrow);
  if (!headers) goto done;

  connection = WinHttpConnect(t->session, host, parts.nPort, 0);
  if (!connection) {
    outcome = failure(GetLastError(), "connect", detail, detail_size);
    goto done;
  }
  request = WinHttpOpenRequest(connection, is_post ? L"POST" : L"GET", path, NULL,
                               WINHTTP_NO_REFERER, WINHTTP_DEFAULT_ACCEPT_TYPES,
                               parts.nScheme == INTERNET_SCHEME_HTTPS ? WINHTTP_FLAG_SECURE : 0);
  if (!request) {
    outcome = failure(GetLastError(), "open", detail, detail_size);
    goto done;
  }
  /* WinHTTP times each step; the whole call is also bounded below, between reads. */
  int ms = req->timeout_ms > INT32_MAX ? INT32_MAX : (int)req->timeout_ms;
  WinHttpSetTimeouts(request, ms, ms, ms, ms);
  DWORD decompression = WINHTTP_DECOMPRESSION_FLAG_ALL;
  WinHttpSetOption(request, WINHTTP_OPTION_DECOMPRESSION, &decompression, sizeof decompression);
  flight.request = request;
  if (cancel) {
    if (chv_cancel_arm(cancel, close_request, &flight) != 0) {
      outcome = CHV_HTTP_CANCELLED;
      goto done;
    }
    armed = 1;
  }
  uint64_t deadline = chv_monotonic_ms() + req->timeout_ms;

  DWORD body_len = is_post ? (DWORD)req->body_len : 0;
  if (!WinHttpSendRequest(request, headers, (DWORD)-1L,
                          is_post ? (LPVOID)req->body : WINHTTP_NO_REQUEST_DATA, body_len,
                          body_len, 0) ||
      !WinHttpReceiveResponse(request, NULL)) {
    outcome = failure(GetLastError(), "request", detail, detail_size);
    goto done;
  }
  DWORD status = 0, size = sizeof status;
  WinHttpQueryHeaders(request, WINHTTP_QUERY_STATUS_CODE | WINHTTP_QUERY_FLAG_NUMBER,
                      WINHTTP_HEADER_NAME_BY_INDEX, &status, &size, WINHTTP_NO_HEADER_INDEX);
  response->status = (int)status;
  response->signature = header(request, L"X-Signature");
  response->retry_after = header(request, L"Retry-After");
  response->content_type = header(request, L"Content-Type");

  for (;;) {
    DWORD available = 0;
    if (!WinHttpQueryDataAvailable(request, &available)) {
      outcome = failure(GetLastError(), "read", detail, detail_size);
      goto done;
    }
    if (available == 0) break;
    if (req->sink) {
      uint8_t chunk[16384];
      DWORD want = available < sizeof chunk ? available : (DWORD)sizeof chunk;
      DWORD got = 0;
      if (!WinHttpReadData(request, chunk, want, &got)) {
        outcome = failure(GetLastError(), "read", detail, detail_size);
        goto done;
      }
      if (got > 0 && req->sink(req->sink_user, response, chunk, got) != 0) {
        snprintf(detail, detail_size, "stopped by the reader");
        outcome = CHV_HTTP_ABORTED;
        goto done;
      }
      if (chv_monotonic_ms() > deadline) {
        snprintf(detail, detail_size, "no complete answer within %lu ms",
                 (unsigned long)req->timeout_ms);
        outcome = CHV_HTTP_TIMEOUT;
        goto done;
      }
      continue;
    }
    if (available > req->max_body || response->body.len > req->max_body - available) {
      snprintf(detail, detail_size, "the answer is larger than %zu bytes", req->max_body);
      outcome = CHV_HTTP_TOO_LARGE;
      goto done;
    }
    if (chv_buf_reserve(&response->body, response->body.len + available) != 0) {
      outcome = CHV_HTTP_NO_MEMORY;
      goto done;
    }
    DWORD read = 0;
    if (!WinHttpReadData(request, response->body.data + response->body.len, available, &read)) {
      outcome = failure(GetLastError(), "read", detail, detail_size);
      goto done;
    }
    response->body.len += read;
    response->body.data[response->body.len] = '\0';
    if (chv_monotonic_ms() > deadline) {
      snprintf(detail, detail_size, "no complete answer within %lu ms",
               (unsigned long)req->timeout_ms);
      outcome = CHV_HTTP_TIMEOUT;
      goto done;
    }
  }
  if (!response->body.data && chv_buf_reserve(&response->body, 0) != 0) {
    outcome = CHV_HTTP_NO_MEMORY;
    goto done;
  }
  outcome = CHV_HTTP_OK;

done:
  if (armed) chv_cancel_disarm(cancel);
  if (cancel && chv_cancel_is_set(cancel)) {
    snprintf(detail, detail_size, "cancelled");
    outcome = CHV_HTTP_CANCELLED;
  }
  /* Unless the cancellation closed it already. */
  if (request && !flight.closed) WinHttpCloseHandle(request);
  if (connection) WinHttpCloseHandle(connection);
  free(headers);
  free(url);
  if (outcome != CHV_HTTP_OK && outcome != CHV_HTTP_TOO_LARGE && outcome != CHV_HTTP_ABORTED) {
    chv_http_response_free(response);
  }
  return outcome;
}

static void winhttp_destroy(chv_transport *self) {
  winhttp_transport *t = (winhttp_transport *)self;
  WinHttpCloseHandle(t->session);
  free(t);
}

chv_transport *chv_transport_default_new(void) {
  winhttp_transport *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  t->session = WinHttpOpen(L"chaveiro-c/" CHAVEIRO_VERSION_STRING, WINHTTP_ACCESS_TYPE_DEFAULT_PROXY,
                           WINHTTP_NO_PROXY_NAME, WINHTTP_NO_PROXY_BYPASS, 0);
  if (!t->session) {
    free(t);
    return NULL;
  }
  t->base.send = winhttp_send;
  t->base.destroy = winhttp_destroy;
  return &t->base;
}

int chv_transport_global_init(void) { return 0; }

void chv_transport_global_cleanup(void) {}
