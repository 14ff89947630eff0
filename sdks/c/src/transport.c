#include <stdlib.h>

#include "transport.h"

void chv_http_response_free(chv_http_response *response) {
  chv_buf_free(&response->body);
  free(response->signature);
  free(response->retry_after);
  free(response->content_type);
  response->signature = NULL;
  response->retry_after = NULL;
  response->content_type = NULL;
}
