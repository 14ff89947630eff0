/* libcurl transport (Linux). Each request runs on a multi handle so that a cancellation wakes
 * its wait at once (curl_multi_wakeup) instead of at the next progress tick. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "transport.h"

#define IDLE_CONNECTIONS 4

/* An easy handle with the multi handle that owns its connection cache, kept between requests
 * so that heartbeats reuse one connection (and one TLS session). */
typedef struct conn {
  CURLM *multi;
  CURL *easy;
} conn;

typedef struct curl_transport {
  chv_transport base;
  chv_mutex mutex;
  conn idle[IDLE_CONNECTIONS];
  size_t idle_count;
} curl_transport;

typedef struct transfer {
  const chv_http_request *request;
  chv_http_response *response;
  int too_large;
  int no_memory;
  int aborted;
} transfer;

static void conn_close(conn *c) {
  if (c->easy) curl_easy_cleanup(c->easy);
  if (c->multi) curl_multi_cleanup(c->multi);
  c->easy = NULL;
  c->multi = NULL;
}

static int conn_take(curl_transport *t, conn *out) {
  chv_mutex_lock(&t->mutex);
  if (t->idle_count > 0) {
    *out = t->idle[--t->idle_count];
    chv_mutex_unlock(&t->mutex);
    curl_easy_reset(out->easy);
    return 0;
  }
  chv_mutex_unlock(&t->mutex);
  out->multi = curl_multi_init();
  out->easy = curl_easy_init();
  if (!out->multi || !out->easy) {
    conn_close(out);
    return -1;
  }
  return 0;
}

static void conn_give_back(curl_transport *t, conn *c) {
  chv_mutex_lock(&t->mutex);
  if (t->idle_count < IDLE_CONNECTIONS) {
    t->idle[t->idle_count++] = *c;
    c->easy = NULL;
    c->multi = NULL;
  }
  chv_mutex_unlock(&t->mutex);
  conn_close(c);
}

static size_t on_body(char *data, size_t size, size_t count, void *user) {
  transfer *x = user;
  size_t len = size * count;
  if (x->request->sink) {
    if (x->request->sink(x->request->sink_user, x->response, (const uint8_t *)data, len) != 0) {
      x->aborted = 1;
      return 0;
    }
    return len;
  }
  if (len > x->request->max_body || x->response->body.len > x->request->max_body - len) {
    x->too_large = 1;
    return 0;
  }
  if (chv_buf_append(&x->response->body, data, len) != 0) {
    x->no_memory = 1;
    return 0;
  }
  return len;
}

/* The value of header `name` in `line`, trimmed, or NULL. */
static char *header_value(const char *line, size_t len, const char *name) {
  size_t name_len = strlen(name);
  if (len <= name_len || line[name_len] != ':') return NULL;
  for (size_t i = 0; i < name_len; i++) {
    char c = line[i];
    if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
    if (c != name[i]) return NULL;
  }
  const char *value = line + name_len + 1;
  const char *end = line + len;
  while (value < end && (*value == ' ' || *value == '\t')) value++;
  while (end > value && (end[-1] == '\r' || end[-1] == '\n' || end[-1] == ' ' || end[-1] == '\t'))
    end--;
  return chv_strndup(value, (size_t)(end - value));
}

static size_t on_header(char *data, size_t size, size_t count, void *user) {
  transfer *x = user;
  size_t len = size * count;
  chv_http_response *r = x->response;
  /* A new status line (after a redirect or a 100 Continue): only the last answer counts. */
  if (len >= 5 && memcmp(data, "HTTP/", 5) == 0) {
    free(r->signature);
    free(r->retry_after);
    free(r->content_type);
    r->signature = NULL;
    r->retry_after = NULL;
    r->content_type = NULL;
    /* The status as soon as it is known: a sink reads it with the first bytes. */
    int major, minor, code;
    if (sscanf(data, "HTTP/%d.%d %d", &major, &minor, &code) == 3 ||
        sscanf(data, "HTTP/%d %d", &major, &code) == 2) {
      r->status = code;
    }
    return len;
  }
  char *value;
  if ((value = header_value(data, len, "x-signature")) != NULL) {
    free(r->signature);
    r->signature = value;
  } else if ((value = header_value(data, len, "retry-after")) != NULL) {
    free(r->retry_after);
    r->retry_after = value;
  } else if ((value = header_value(data, len, "content-type")) != NULL) {
    free(r->content_type);
    r->content_type = value;
  }
  return len;
}

static void wake(void *multi) { curl_multi_wakeup(multi); }

static chv_http_outcome curl_send(chv_transport *self, const chv_http_request *request,
                                  chv_http_response *response, chv_cancel *cancel, char *detail,
                                  size_t detail_size) {
  curl_transport *t = (curl_transport *)self;
  memset(response, 0, sizeof *response);
  if (detail_size) detail[0] = '\0';
  conn c;
  if (conn_take(t, &c) != 0) {
    snprintf(detail, detail_size, "libcurl could not create a handle");
    return CHV_HTTP_NO_MEMORY;
  }
  transfer x = {request, response, 0, 0, 0};
  char error_buffer[CURL_ERROR_SIZE];
  error_buffer[0] = '\0';
  struct curl_slist *headers = NULL;
  char *bearer = NULL;
  chv_http_outcome outcome = CHV_HTTP_NO_MEMORY;

  if (request->bearer) {
    size_t n = strlen(request->bearer) + sizeof "Authorization: Bearer ";
    bearer = malloc(n);
    if (!bearer) goto done;
    snprintf(bearer, n, "Authorization: Bearer %s", request->bearer);
  }
  struct curl_slist *next;
  if (strcmp(request->method, "POST") == 0) {
    if (!(next = curl_slist_append(headers, "Content-Type: application/json"))) goto done;
    headers = next;
    if (!(next = curl_slist_append(headers, "Accept: application/json"))) goto done;
    headers = next;
  }
  if (bearer) {
    if (!(next = curl_slist_append(headers, bearer))) goto done;
    headers = next;
  }
  /* No "Expect: 100-continue" round trip for a small JSON body. */
  if (!(next = curl_slist_append(headers, "Expect:"))) goto done;
  headers = next;

  CURL *e = c.easy;
  curl_easy_setopt(e, CURLOPT_URL, request->url);
  curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(e, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(e, CURLOPT_MAXREDIRS, 5L);
  curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, (long)request->timeout_ms);
  curl_easy_setopt(e, CURLOPT_ACCEPT_ENCODING, "");
  curl_easy_setopt(e, CURLOPT_USERAGENT, "chaveiro-c/" CHAVEIRO_VERSION_STRING);
  curl_easy_setopt(e, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(e, CURLOPT_WRITEDATA, &x);
  curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(e, CURLOPT_HEADERDATA, &x);
  curl_easy_setopt(e, CURLOPT_ERRORBUFFER, error_buffer);
  if (strcmp(request->method, "POST") == 0) {
    curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_len);
    curl_easy_setopt(e, CURLOPT_POSTFIELDS, request->body);
  } else {
    curl_easy_setopt(e, CURLOPT_HTTPGET, 1L);
  }

  if (curl_multi_add_handle(c.multi, e) != CURLM_OK) goto done;
  int cancelled = cancel && chv_cancel_arm(cancel, wake, c.multi) != 0;
  int running = 1;
  while (!cancelled && running) {
    if (curl_multi_perform(c.multi, &running) != CURLM_OK) break;
    if (running) curl_multi_poll(c.multi, NULL, 0, 1000, NULL);
    cancelled = cancel && chv_cancel_is_set(cancel);
  }
  if (cancel) chv_cancel_disarm(cancel);

  CURLcode result = CURLE_RECV_ERROR;
  CURLMsg *message;
  int left;
  while ((message = curl_multi_info_read(c.multi, &left)) != NULL) {
    if (message->msg == CURLMSG_DONE) result = message->data.result;
  }
  long status = 0;
  curl_easy_getinfo(e, CURLINFO_RESPONSE_CODE, &status);
  response->status = (int)status;
  curl_multi_remove_handle(c.multi, e);

  if (cancelled) {
    snprintf(detail, detail_size, "cancelled");
    outcome = CHV_HTTP_CANCELLED;
  } else if (x.aborted) {
    snprintf(detail, detail_size, "stopped by the reader");
    outcome = CHV_HTTP_ABORTED;
  } else if (x.too_large) {
    snprintf(detail, detail_size, "the answer is larger than %zu bytes", request->max_body);
    outcome = CHV_HTTP_TOO_LARGE;
  } else if (x.no_memory || result == CURLE_OUT_OF_MEMORY) {
    snprintf(detail, detail_size, "out of memory");
    outcome = CHV_HTTP_NO_MEMORY;
  } else if (result == CURLE_OK) {
    outcome = CHV_HTTP_OK;
  } else {
    snprintf(detail, detail_size, "%s%s%s", curl_easy_strerror(result),
             error_buffer[0] ? ": " : "", error_buffer);
    outcome = result == CURLE_OPERATION_TIMEDOUT ? CHV_HTTP_TIMEOUT : CHV_HTTP_NETWORK;
  }

done:
  if (outcome == CHV_HTTP_NO_MEMORY && !detail[0]) snprintf(detail, detail_size, "out of memory");
  curl_slist_free_all(headers);
  free(bearer);
  /* The error buffer lives on this stack frame: the handle must forget it. */
  curl_easy_setopt(c.easy, CURLOPT_ERRORBUFFER, NULL);
  conn_give_back(t, &c);
  if (outcome != CHV_HTTP_OK && outcome != CHV_HTTP_TOO_LARGE && outcome != CHV_HTTP_ABORTED) {
    chv_http_response_free(response);
  }
  return outcome;
}

static void curl_destroy(chv_transport *self) {
  curl_transport *t = (curl_transport *)self;
  for (size_t i = 0; i < t->idle_count; i++) conn_close(&t->idle[i]);
  chv_mutex_destroy(&t->mutex);
  free(t);
}

chv_transport *chv_transport_default_new(void) {
  curl_transport *t = calloc(1, sizeof *t);
  if (!t) return NULL;
  if (chv_mutex_init(&t->mutex) != 0) {
    free(t);
    return NULL;
  }
  t->base.send = curl_send;
  t->base.destroy = curl_destroy;
  return &t->base;
}

int chv_transport_global_init(void) {
  return curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK ? 0 : -1;
}

void chv_transport_global_cleanup(void) { curl_global_cleanup(); }
