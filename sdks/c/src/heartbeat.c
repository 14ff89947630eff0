/* The heartbeat loop: its own thread, a cancellable wait, and the retry policy. */
#include <stdlib.h>
#include <string.h>

#include "client.h"

struct chaveiro_heartbeat_loop {
  chaveiro_client *client; /* one reference held */
  struct chaveiro_heartbeat_loop *next; /* in client->loops, while attached */
  int attached;

  chv_mutex mutex;
  chv_cond changed;
  int stop_requested;
  int woken; /* the session ended elsewhere (a security event): look at the client */
  int finished;
  int joined;
  chv_cancel cancel;
  chv_thread thread;

  chaveiro_heartbeat_fn callback;
  void *user;
  int immediate;
  int64_t interval_ms;
};

/* Waits `delay_ms` unless a stop comes first; 1 when stopped. */
static int wait_or_stop(chaveiro_heartbeat_loop *loop, int64_t delay_ms) {
  uint64_t deadline = chv_monotonic_ms() + (uint64_t)(delay_ms > 0 ? delay_ms : 0);
  chv_mutex_lock(&loop->mutex);
  while (!loop->stop_requested && !loop->woken) {
    uint64_t now = chv_monotonic_ms();
    if (now >= deadline) break;
    chv_cond_wait_ms(&loop->changed, &loop->mutex, deadline - now);
  }
  int stopped = loop->stop_requested;
  chv_mutex_unlock(&loop->mutex);
  return stopped;
}

static int stop_requested(chaveiro_heartbeat_loop *loop) {
  chv_mutex_lock(&loop->mutex);
  int stopped = loop->stop_requested;
  chv_mutex_unlock(&loop->mutex);
  return stopped;
}

static void emit(chaveiro_heartbeat_loop *loop, chaveiro_heartbeat_event event,
                 const chaveiro_heartbeat_result *result, const chaveiro_error *error,
                 uint32_t attempt, int64_t next_delay_ms) {
  if (loop->callback) {
    loop->callback(loop->user, loop, event, result, error, attempt,
                   next_delay_ms > UINT32_MAX ? UINT32_MAX : (uint32_t)next_delay_ms);
  }
}

/* The error a security event's answer ended the session with, or NULL. */
static chaveiro_error *ended_here(chaveiro_client *client) {
  chv_mutex_lock(&client->mutex);
  chaveiro_error *ended = client->ended ? chv_error_copy(client->ended) : NULL;
  chv_mutex_unlock(&client->mutex);
  return ended;
}

/* Offline status: while the stored licence holds, an OFFLINE event and the wait before the next
 * try (never past the licence's end); -1 when it has lapsed (or there is none). */
static int64_t offline_tick(chaveiro_heartbeat_loop *loop, const chaveiro_error *error,
                            uint32_t failures) {
  chaveiro_client *client = loop->client;
  int64_t expires_ms = 0;
  char *expires_at = NULL;
  if (!chv_client_offline_check(client, &expires_ms, &expires_at)) return -1;
  int64_t left = expires_ms - chv_client_now(client);
  int64_t next = loop->interval_ms < left ? loop->interval_ms : left;
  if (next < 1) next = 1;
  chaveiro_heartbeat_result result;
  memset(&result, 0, sizeof result);
  result.offline = 1;
  result.offline_expires_at = expires_at;
  emit(loop, CHAVEIRO_HEARTBEAT_OFFLINE, &result, error, failures, next);
  free(expires_at);
  return next;
}

static chaveiro_error *offline_expired(const chaveiro_error *last) {
  return chv_error_network("OFFLINE_EXPIRED", "the offline licence lapsed%s%s",
                           last ? " after " : "", last ? last->code : "");
}

static void run(void *arg) {
  chaveiro_heartbeat_loop *loop = arg;
  chaveiro_client *client = loop->client;
  /* The starter holds the lock until the thread handle is stored. */
  chv_mutex_lock(&loop->mutex);
  chv_mutex_unlock(&loop->mutex);

  chv_mutex_lock(&client->mutex);
  int offline = client->offline_mode && !client->has_session;
  chv_mutex_unlock(&client->mutex);
  /* Auth ran offline: no session yet. The server is tried (a new sign-in) at the retry
   * policy's largest wait, 30 s by default. */
  if (offline) {
    int64_t cap = client->policy.max_delay_ms;
    loop->interval_ms = cap > 0 && cap < 30000 ? cap : 30000;
  }
  int64_t delay = loop->immediate ? 0 : loop->interval_ms;
  uint32_t failures = 0;
  for (;;) {
    if (wait_or_stop(loop, delay)) break;
    chv_mutex_lock(&loop->mutex);
    loop->woken = 0;
    chv_mutex_unlock(&loop->mutex);
    chaveiro_error *ended = ended_here(client);
    if (ended) {
      emit(loop, CHAVEIRO_HEARTBEAT_ENDED, NULL, ended, failures, 0);
      chaveiro_error_free(ended);
      break;
    }
    chaveiro_heartbeat_result *result = NULL;
    chaveiro_error *error = NULL;
    if (offline) {
      /* On the offline licence: sign in again with the kept credentials (the session, if any,
       * expired meanwhile). Without them, a session is still tried; with neither, only the
       * licence is watched. */
      chv_client_reauth(client, &loop->cancel, &result, &error);
      if (error && error->status == CHAVEIRO_E_UNAVAILABLE) {
        chv_mutex_lock(&client->mutex);
        int has_session = client->has_session;
        chv_mutex_unlock(&client->mutex);
        if (has_session) {
          chaveiro_error_free(error);
          error = NULL;
          chv_client_heartbeat(client, &loop->cancel, &result, &error);
        }
      }
    } else {
      chv_client_heartbeat(client, &loop->cancel, &result, &error);
    }
    if (stop_requested(loop)) {
      chaveiro_heartbeat_result_free(result);
      chaveiro_error_free(error);
      break;
    }
    if ((ended = ended_here(client)) != NULL) {
      chaveiro_heartbeat_result_free(result);
      chaveiro_error_free(error);
      emit(loop, CHAVEIRO_HEARTBEAT_ENDED, NULL, ended, failures, 0);
      chaveiro_error_free(ended);
      break;
    }
    if (!error) {
      if (offline) {
        /* Online again: the new session's interval from now on. */
        chv_mutex_lock(&client->mutex);
        loop->interval_ms = client->heartbeat_interval_ms;
        chv_mutex_unlock(&client->mutex);
      }
      failures = 0;
      offline = 0;
      emit(loop, CHAVEIRO_HEARTBEAT_RENEWED, result, NULL, 0, 0);
      chaveiro_heartbeat_result_free(result);
      delay = loop->interval_ms;
      continue;
    }
    int no_credentials = offline && error->status == CHAVEIRO_E_UNAVAILABLE;
    if (no_credentials || chv_is_transient(error)) {
      failures++;
      if (!offline) {
        /* Past its expiry the server has forgotten the session; retrying cannot revive it. */
        int64_t now = chv_client_now(client);
        chv_mutex_lock(&client->mutex);
        int64_t remaining = client->session_expires_ms - now;
        chv_mutex_unlock(&client->mutex);
        int64_t next = chv_heartbeat_retry_delay(
            failures, &client->policy, loop->interval_ms, remaining,
            error->status == CHAVEIRO_E_REFUSED ? error->retry_after_ms : -1);
        if (next >= 0) {
          emit(loop, CHAVEIRO_HEARTBEAT_RETRYING, NULL, error, failures, next);
          chaveiro_error_free(error);
          delay = next;
          continue;
        }
      }
      /* The retries ran out (or the loop is offline already): a valid offline licence keeps
       * the product running, and the server is tried again every interval. */
      if (no_credentials || error->status == CHAVEIRO_E_NETWORK) {
        int64_t next = offline_tick(loop, no_credentials ? NULL : error, failures);
        if (next >= 0) {
          offline = 1;
          chaveiro_error_free(error);
          delay = next;
          continue;
        }
        if (offline) {
          chaveiro_error *expired = offline_expired(no_credentials ? NULL : error);
          chaveiro_error_free(error);
          error = expired;
        }
      }
    }
    emit(loop, CHAVEIRO_HEARTBEAT_ENDED, NULL, error, failures, 0);
    chaveiro_error_free(error);
    break;
  }

  chv_mutex_lock(&loop->mutex);
  loop->finished = 1;
  chv_cond_broadcast(&loop->changed);
  chv_mutex_unlock(&loop->mutex);
}

chaveiro_status chaveiro_heartbeat_start(chaveiro_client *client, int immediate,
                                         chaveiro_heartbeat_fn callback, void *user,
                                         chaveiro_heartbeat_loop **out, chaveiro_error **error) {
  if (error) *error = NULL;
  if (!client || !out) {
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_INVALID_ARGUMENT,
                                                  "client and out are required"));
  }
  *out = NULL;
  chv_mutex_lock(&client->mutex);
  int has_session = client->has_session || client->offline_mode;
  int64_t interval = client->heartbeat_interval_ms;
  chv_mutex_unlock(&client->mutex);
  if (!has_session) {
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_NOT_AUTHENTICATED, "no session"));
  }

  chaveiro_heartbeat_loop *loop = calloc(1, sizeof *loop);
  if (!loop) return chv_error_give(error, chv_error_no_memory());
  if (chv_mutex_init(&loop->mutex) != 0) {
    free(loop);
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_INTERNAL, "mutex"));
  }
  if (chv_cond_init(&loop->changed) != 0) {
    chv_mutex_destroy(&loop->mutex);
    free(loop);
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_INTERNAL, "condition variable"));
  }
  if (chv_cancel_init(&loop->cancel) != 0) {
    chv_cond_destroy(&loop->changed);
    chv_mutex_destroy(&loop->mutex);
    free(loop);
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_INTERNAL, "mutex"));
  }
  loop->client = client;
  loop->callback = callback;
  loop->user = user;
  loop->immediate = immediate;
  loop->interval_ms = interval;

  chv_mutex_lock(&client->mutex);
  client->refs++;
  loop->next = client->loops;
  client->loops = loop;
  loop->attached = 1;
  chv_mutex_unlock(&client->mutex);

  chv_mutex_lock(&loop->mutex);
  int rc = chv_thread_start(&loop->thread, run, loop);
  chv_mutex_unlock(&loop->mutex);
  if (rc != 0) {
    loop->finished = 1;
    loop->joined = 1;
    chaveiro_heartbeat_free(loop);
    return chv_error_give(error, chv_error_simple(CHAVEIRO_E_INTERNAL, "thread"));
  }
  *out = loop;
  return CHAVEIRO_OK;
}

/* Asks the loop to stop: wakes its wait and cancels its call in flight. */
static void request_stop(chaveiro_heartbeat_loop *loop) {
  chv_mutex_lock(&loop->mutex);
  loop->stop_requested = 1;
  chv_cond_broadcast(&loop->changed);
  chv_mutex_unlock(&loop->mutex);
  chv_cancel_set(&loop->cancel);
}

void chaveiro_heartbeat_stop(chaveiro_heartbeat_loop *loop) {
  if (!loop) return;
  request_stop(loop);
  if (chv_thread_is_current(&loop->thread)) return;
  chv_mutex_lock(&loop->mutex);
  int join = !loop->joined;
  loop->joined = 1;
  /* Another thread joins it: wait for the end of its last callback all the same. */
  while (!join && !loop->finished) chv_cond_wait_ms(&loop->changed, &loop->mutex, UINT64_MAX);
  chv_mutex_unlock(&loop->mutex);
  if (join) chv_thread_join(&loop->thread);
}

chaveiro_status chaveiro_heartbeat_wait(chaveiro_heartbeat_loop *loop, uint32_t timeout_ms) {
  if (!loop || chv_thread_is_current(&loop->thread)) return CHAVEIRO_E_INVALID_ARGUMENT;
  uint64_t deadline = timeout_ms == CHAVEIRO_WAIT_FOREVER ? UINT64_MAX
                                                          : chv_monotonic_ms() + timeout_ms;
  chv_mutex_lock(&loop->mutex);
  while (!loop->finished) {
    uint64_t now = chv_monotonic_ms();
    if (deadline != UINT64_MAX && now >= deadline) break;
    chv_cond_wait_ms(&loop->changed, &loop->mutex,
                     deadline == UINT64_MAX ? UINT64_MAX : deadline - now);
  }
  int finished = loop->finished;
  chv_mutex_unlock(&loop->mutex);
  return finished ? CHAVEIRO_OK : CHAVEIRO_E_STILL_RUNNING;
}

static void detach(chaveiro_heartbeat_loop *loop) {
  chaveiro_client *client = loop->client;
  chv_mutex_lock(&client->mutex);
  if (loop->attached) {
    for (chaveiro_heartbeat_loop **p = &client->loops; *p; p = &(*p)->next) {
      if (*p == loop) {
        *p = loop->next;
        break;
      }
    }
    loop->attached = 0;
  }
  chv_mutex_unlock(&client->mutex);
}

void chv_loop_detach_all(chaveiro_client *client) {
  /* Each loop keeps its reference to the client until chaveiro_heartbeat_free. Lock order:
   * client, then loop (nothing takes them the other way round). */
  chv_mutex_lock(&client->mutex);
  for (chaveiro_heartbeat_loop *loop = client->loops; loop; loop = loop->next) {
    loop->attached = 0;
    request_stop(loop);
  }
  client->loops = NULL;
  chv_mutex_unlock(&client->mutex);
}

void chv_loops_wake(chaveiro_client *client) {
  /* Lock order: client, then loop. */
  chv_mutex_lock(&client->mutex);
  for (chaveiro_heartbeat_loop *loop = client->loops; loop; loop = loop->next) {
    chv_mutex_lock(&loop->mutex);
    loop->woken = 1;
    chv_cond_broadcast(&loop->changed);
    chv_mutex_unlock(&loop->mutex);
  }
  chv_mutex_unlock(&client->mutex);
}

void chaveiro_heartbeat_free(chaveiro_heartbeat_loop *loop) {
  if (!loop) return;
  chaveiro_heartbeat_stop(loop);
  detach(loop);
  chv_client_unref(loop->client);
  chv_cancel_destroy(&loop->cancel);
  chv_cond_destroy(&loop->changed);
  chv_mutex_destroy(&loop->mutex);
  free(loop);
}
