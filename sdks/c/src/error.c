/* Error objects: a stable code, a pt-BR message for the user, an English detail for logs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Handed out when even the error cannot be allocated; never freed. */
static const chaveiro_error no_memory_error = {
    .status = CHAVEIRO_E_NO_MEMORY,
    .code = (char *)"NO_MEMORY",
    .message = (char *)"Memória insuficiente.",
    .detail = (char *)"out of memory",
    .http_status = 0,
    .retry_after_ms = -1,
    .product_time_frozen = -1,
    .has_loader = 0};

struct code_message {
  const char *code;
  const char *message;
};

/* The TypeScript SDK's messages (packages/loader-sdk/src/errors.ts), word for word. */
static const struct code_message sdk_messages[] = {
    {"MISSING_SIGNATURE", "A resposta do servidor não está assinada."},
    {"BAD_SIGNATURE", "A assinatura da resposta do servidor é inválida."},
    {"UNTRUSTED_KEY", "A resposta foi assinada por uma chave que este loader não reconhece."},
    {"WRONG_REQUEST", "A resposta do servidor não corresponde à requisição feita."},
    {"WRONG_NONCE",
     "A resposta do servidor não corresponde a esta requisição (possível repetição)."},
    {"STALE_ANSWER",
     "A resposta do servidor está fora do horário. Confira o relógio deste computador."},
    {"MALFORMED_ANSWER", "A resposta do servidor está em um formato inesperado."},
    {"FILE_MISMATCH", "O arquivo recebido não confere com o informado pelo servidor."},
    {"NETWORK_ERROR", "Não foi possível falar com o servidor."},
    {"TIMEOUT", "O servidor demorou demais para responder."},
    {"NOT_AUTHENTICATED", "Autentique-se antes de usar a sessão do loader."},
    {"DECRYPT_FAILED",
     "Não foi possível decifrar o arquivo recebido: ele não veio desta sessão ou foi alterado."},
    {"OFFLINE_EXPIRED",
     "O período permitido sem conexão terminou. Conecte-se à internet para continuar."},
    /* The server's own words for it (messages.loader), since the server decided it. */
    {"SESSION_ENDED", "Sua sessão foi encerrada por uma regra de segurança deste produto."},
};

static const char *sdk_message(const char *code) {
  for (size_t i = 0; i < sizeof sdk_messages / sizeof sdk_messages[0]; i++) {
    if (strcmp(sdk_messages[i].code, code) == 0) return sdk_messages[i].message;
  }
  return "Erro no loader.";
}

static chaveiro_error *error_newv(chaveiro_status status, const char *code, const char *message,
                                  const char *detail_format, va_list args) CHV_PRINTF(4, 0);

static chaveiro_error *error_newv(chaveiro_status status, const char *code, const char *message,
                                  const char *detail_format, va_list args) {
  chaveiro_error *err = calloc(1, sizeof *err);
  if (!err) return (chaveiro_error *)&no_memory_error;
  char detail[512];
  detail[0] = '\0';
  if (detail_format) vsnprintf(detail, sizeof detail, detail_format, args);
  err->status = status;
  err->code = chv_strdup(code);
  err->message = chv_strdup(message);
  err->detail = chv_strdup(detail);
  err->retry_after_ms = -1;
  err->product_time_frozen = -1;
  if (!err->code || !err->message || !err->detail) {
    chaveiro_error_free(err);
    return (chaveiro_error *)&no_memory_error;
  }
  return err;
}

chaveiro_error *chv_error_new(chaveiro_status status, const char *code, const char *message,
                              const char *detail_format, ...) {
  va_list args;
  va_start(args, detail_format);
  chaveiro_error *err = error_newv(status, code, message, detail_format, args);
  va_end(args);
  return err;
}

chaveiro_error *chv_error_verification(const char *code, const char *detail_format, ...) {
  va_list args;
  va_start(args, detail_format);
  chaveiro_error *err =
      error_newv(CHAVEIRO_E_VERIFICATION, code, sdk_message(code), detail_format, args);
  va_end(args);
  return err;
}

chaveiro_error *chv_error_network(const char *code, const char *detail_format, ...) {
  va_list args;
  va_start(args, detail_format);
  chaveiro_error *err =
      error_newv(CHAVEIRO_E_NETWORK, code, sdk_message(code), detail_format, args);
  va_end(args);
  return err;
}

chaveiro_error *chv_error_simple(chaveiro_status status, const char *detail_format, ...) {
  const char *code;
  const char *message;
  switch (status) {
    case CHAVEIRO_E_NOT_AUTHENTICATED:
      code = "NOT_AUTHENTICATED";
      message = sdk_message(code);
      break;
    case CHAVEIRO_E_INVALID_ARGUMENT:
      code = "INVALID_ARGUMENT";
      message = "Parâmetro inválido para o loader.";
      break;
    case CHAVEIRO_E_NO_MEMORY:
      return (chaveiro_error *)&no_memory_error;
    case CHAVEIRO_E_IO:
      code = "IO_ERROR";
      message = "Não foi possível gravar o arquivo.";
      break;
    case CHAVEIRO_E_UNAVAILABLE:
      code = "UNAVAILABLE";
      message = "Não foi possível identificar este computador.";
      break;
    default:
      code = "INTERNAL_ERROR";
      message = "Erro interno do loader.";
      break;
  }
  va_list args;
  va_start(args, detail_format);
  chaveiro_error *err = error_newv(status, code, message, detail_format, args);
  va_end(args);
  return err;
}

chaveiro_error *chv_error_sdk(chaveiro_status status, const char *code, const char *detail_format,
                              ...) {
  va_list args;
  va_start(args, detail_format);
  chaveiro_error *err = error_newv(status, code, sdk_message(code), detail_format, args);
  va_end(args);
  return err;
}

chaveiro_error *chv_error_no_memory(void) { return (chaveiro_error *)&no_memory_error; }

void chv_error_set_http(chaveiro_error *err, int http_status, int64_t retry_after_ms) {
  if (!err || err == &no_memory_error) return;
  err->http_status = http_status;
  err->retry_after_ms = retry_after_ms;
}

int chv_error_set_product(chaveiro_error *err, const char *status, const char *note,
                          int time_frozen, const char *since) {
  if (!err || err == &no_memory_error || !status || !since) return -1;
  char *status_copy = chv_strdup(status);
  char *note_copy = note ? chv_strdup(note) : NULL;
  char *since_copy = chv_strdup(since);
  if (!status_copy || (note && !note_copy) || !since_copy) {
    free(status_copy);
    free(note_copy);
    free(since_copy);
    return -1;
  }
  free(err->product_status);
  free(err->product_note);
  free(err->product_since);
  err->product_status = status_copy;
  err->product_note = note_copy;
  err->product_since = since_copy;
  err->product_time_frozen = time_frozen ? 1 : 0;
  return 0;
}

int chv_error_set_loader(chaveiro_error *err, const char *version, const char *sha256,
                         const char *name, uint64_t size, const char *update_token,
                         const char *update_expires_at) {
  if (!err || err == &no_memory_error || !version || !sha256 || !name) return -1;
  char *v = chv_strdup(version), *h = chv_strdup(sha256), *n = chv_strdup(name);
  char *t = update_token ? chv_strdup(update_token) : NULL;
  char *e = update_expires_at ? chv_strdup(update_expires_at) : NULL;
  if (!v || !h || !n || (update_token && !t) || (update_expires_at && !e)) {
    free(v);
    free(h);
    free(n);
    chv_free_secret(t);
    free(e);
    return -1;
  }
  err->has_loader = 1;
  err->loader_version = v;
  err->loader_sha256 = h;
  err->loader_name = n;
  err->loader_size = size;
  err->loader_update_token = t;
  err->loader_update_expires_at = e;
  return 0;
}

chaveiro_error *chv_error_copy(const chaveiro_error *src) {
  if (!src || src == &no_memory_error) return chv_error_no_memory();
  chaveiro_error *err = chv_error_new(src->status, src->code, src->message, "%s", src->detail);
  if (err == &no_memory_error) return err;
  err->http_status = src->http_status;
  err->retry_after_ms = src->retry_after_ms;
  if ((src->product_status && chv_error_set_product(err, src->product_status, src->product_note,
                                                    src->product_time_frozen,
                                                    src->product_since) != 0) ||
      (src->has_loader &&
       chv_error_set_loader(err, src->loader_version, src->loader_sha256, src->loader_name,
                            src->loader_size, src->loader_update_token,
                            src->loader_update_expires_at) != 0)) {
    chaveiro_error_free(err);
    return chv_error_no_memory();
  }
  return err;
}

chaveiro_status chv_error_give(chaveiro_error **out, chaveiro_error *err) {
  chaveiro_status status = err ? err->status : CHAVEIRO_OK;
  if (out) {
    *out = err;
  } else {
    chaveiro_error_free(err);
  }
  return status;
}

void chaveiro_error_free(chaveiro_error *error) {
  if (!error || error == &no_memory_error) return;
  free(error->code);
  free(error->message);
  free(error->detail);
  free(error->product_status);
  free(error->product_note);
  free(error->product_since);
  free(error->loader_version);
  free(error->loader_sha256);
  free(error->loader_name);
  chv_free_secret(error->loader_update_token);
  free(error->loader_update_expires_at);
  free(error);
}

chaveiro_status chaveiro_error_status(const chaveiro_error *error) {
  return error ? error->status : CHAVEIRO_E_INVALID_ARGUMENT;
}

const char *chaveiro_error_code(const chaveiro_error *error) { return error ? error->code : ""; }

const char *chaveiro_error_message(const chaveiro_error *error) {
  return error ? error->message : "";
}

const char *chaveiro_error_detail(const chaveiro_error *error) {
  return error ? error->detail : "";
}

int chaveiro_error_http_status(const chaveiro_error *error) {
  return error ? error->http_status : 0;
}

int64_t chaveiro_error_retry_after_ms(const chaveiro_error *error) {
  return error ? error->retry_after_ms : -1;
}

const char *chaveiro_error_product_status(const chaveiro_error *error) {
  return error ? error->product_status : NULL;
}

const char *chaveiro_error_product_note(const chaveiro_error *error) {
  return error ? error->product_note : NULL;
}

int chaveiro_error_product_time_frozen(const chaveiro_error *error) {
  return error ? error->product_time_frozen : -1;
}

const char *chaveiro_error_product_since(const chaveiro_error *error) {
  return error ? error->product_since : NULL;
}

int chaveiro_error_has_loader(const chaveiro_error *error) {
  return error ? error->has_loader : 0;
}
const char *chaveiro_error_loader_version(const chaveiro_error *error) {
  return error ? error->loader_version : NULL;
}
const char *chaveiro_error_loader_sha256(const chaveiro_error *error) {
  return error ? error->loader_sha256 : NULL;
}
const char *chaveiro_error_loader_name(const chaveiro_error *error) {
  return error ? error->loader_name : NULL;
}
uint64_t chaveiro_error_loader_size(const chaveiro_error *error) {
  return error ? error->loader_size : 0;
}
const char *chaveiro_error_loader_update_token(const chaveiro_error *error) {
  return error ? error->loader_update_token : NULL;
}
const char *chaveiro_error_loader_update_expires_at(const chaveiro_error *error) {
  return error ? error->loader_update_expires_at : NULL;
}

const char *chaveiro_status_name(chaveiro_status status) {
  switch (status) {
    case CHAVEIRO_OK: return "CHAVEIRO_OK";
    case CHAVEIRO_E_REFUSED: return "CHAVEIRO_E_REFUSED";
    case CHAVEIRO_E_VERIFICATION: return "CHAVEIRO_E_VERIFICATION";
    case CHAVEIRO_E_NETWORK: return "CHAVEIRO_E_NETWORK";
    case CHAVEIRO_E_NOT_AUTHENTICATED: return "CHAVEIRO_E_NOT_AUTHENTICATED";
    case CHAVEIRO_E_INVALID_ARGUMENT: return "CHAVEIRO_E_INVALID_ARGUMENT";
    case CHAVEIRO_E_NO_MEMORY: return "CHAVEIRO_E_NO_MEMORY";
    case CHAVEIRO_E_BUFFER_TOO_SMALL: return "CHAVEIRO_E_BUFFER_TOO_SMALL";
    case CHAVEIRO_E_IO: return "CHAVEIRO_E_IO";
    case CHAVEIRO_E_UNAVAILABLE: return "CHAVEIRO_E_UNAVAILABLE";
    case CHAVEIRO_E_STILL_RUNNING: return "CHAVEIRO_E_STILL_RUNNING";
    case CHAVEIRO_E_INTERNAL: return "CHAVEIRO_E_INTERNAL";
  }
  return "CHAVEIRO_E_UNKNOWN";
}
