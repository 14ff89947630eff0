/* HTTP underneath the client: libcurl on Linux, WinHTTP on Windows, a fake in the tests. */
#ifndef CHAVEIRO_TRANSPORT_H
#define CHAVEIRO_TRANSPORT_H

#include "internal.h"
#include "platform.h"

typedef struct chv_http_response chv_http_response;

typedef struct chv_http_request {
  const char *method; /* "GET" or "POST" */
  const char *url;
  const char *bearer; /* Authorization: Bearer …, or NULL */
  const char *body;   /* POST: JSON, sent with Content-Type and Accept application/json */
  size_t body_len;
  uint32_t timeout_ms;
  /** The body may not exceed this: the transfer stops with CHV_HTTP_TOO_LARGE. */
  size_t max_body;
  /** When set, the body goes to `sink` as it arrives (the status and headers are known by
   * then) instead of into response->body, and max_body does not apply: 0 goes on, -1 stops
   * the transfer with CHV_HTTP_ABORTED. */
  int (*sink)(void *user, chv_http_response *response, const uint8_t *data, size_t len);
  void *sink_user;
} chv_http_request;

struct chv_http_response {
  int status;
  chv_buf body;
  char *signature;    /* X-Signature, NULL when absent */
  char *retry_after;  /* Retry-After, NULL when absent */
  char *content_type; /* Content-Type, NULL when absent */
};

typedef enum chv_http_outcome {
  CHV_HTTP_OK = 0,      /* an answer, whatever its status */
  CHV_HTTP_NETWORK,     /* refused, reset, DNS, TLS, cut off */
  CHV_HTTP_TIMEOUT,
  CHV_HTTP_TOO_LARGE,   /* status and headers are set */
  CHV_HTTP_CANCELLED,
  CHV_HTTP_NO_MEMORY,
  CHV_HTTP_ABORTED      /* the sink stopped it; status and headers are set */
} chv_http_outcome;

typedef struct chv_transport chv_transport;

struct chv_transport {
  /**
   * One request; may run on several threads at once. `cancel` (may be NULL) interrupts it
   * promptly. `detail` receives a short English reason for anything but CHV_HTTP_OK.
   */
  chv_http_outcome (*send)(chv_transport *self, const chv_http_request *request,
                           chv_http_response *response, chv_cancel *cancel, char *detail,
                           size_t detail_size);
  void (*destroy)(chv_transport *self);
};

/** libcurl or WinHTTP; NULL when the HTTP stack cannot be set up. */
chv_transport *chv_transport_default_new(void);

/** Library-wide set-up of the HTTP stack (chaveiro_global_init). */
int chv_transport_global_init(void);
void chv_transport_global_cleanup(void);

void chv_http_response_free(chv_http_response *response);

#endif
