/* A tiny thread, mutex and condition-variable layer over pthreads and Win32. */
#ifndef CHAVEIRO_PLATFORM_H
#define CHAVEIRO_PLATFORM_H

#include <stdint.h>

#ifdef _WIN32
#  ifndef WIN32_LEAN_AND_MEAN
#    define WIN32_LEAN_AND_MEAN
#  endif
#  include <windows.h>
typedef SRWLOCK chv_mutex;
typedef CONDITION_VARIABLE chv_cond;
typedef struct chv_thread {
  HANDLE handle;
  DWORD id;
} chv_thread;
/* A malloc'd UTF-16 copy of UTF-8 `text` for the wide Win32 APIs (the ANSI ones would read it
   in the local code page); NULL when it is not valid UTF-8 or memory runs out. */
wchar_t *chv_widen(const char *text);
#else
#  include <pthread.h>
typedef pthread_mutex_t chv_mutex;
typedef pthread_cond_t chv_cond;
typedef struct chv_thread {
  pthread_t handle;
} chv_thread;
#endif

int chv_mutex_init(chv_mutex *mutex);
void chv_mutex_destroy(chv_mutex *mutex);
void chv_mutex_lock(chv_mutex *mutex);
void chv_mutex_unlock(chv_mutex *mutex);

/** Timed waits use a monotonic clock, so a change of the wall clock neither shortens nor
 * stretches them. */
int chv_cond_init(chv_cond *cond);
void chv_cond_destroy(chv_cond *cond);
void chv_cond_broadcast(chv_cond *cond);
/** Waits up to `timeout_ms` (UINT64_MAX: no limit); may wake early, callers re-check. */
void chv_cond_wait_ms(chv_cond *cond, chv_mutex *mutex, uint64_t timeout_ms);

/** Milliseconds on a monotonic clock. */
uint64_t chv_monotonic_ms(void);
void chv_sleep_ms(uint64_t ms);

/** Starts `run(arg)` on a new thread (SIGPIPE blocked there on POSIX). 0 on success. */
int chv_thread_start(chv_thread *thread, void (*run)(void *arg), void *arg);
void chv_thread_join(chv_thread *thread);
int chv_thread_is_current(const chv_thread *thread);

/**
 * A cancellation flag for one call in flight: a transport registers a hook that interrupts
 * its blocking wait (curl_multi_wakeup, WinHttpCloseHandle), run under the token's lock.
 */
typedef struct chv_cancel {
  chv_mutex mutex;
  int cancelled;
  void (*hook)(void *arg);
  void *hook_arg;
} chv_cancel;

int chv_cancel_init(chv_cancel *cancel);
void chv_cancel_destroy(chv_cancel *cancel);
void chv_cancel_set(chv_cancel *cancel);
int chv_cancel_is_set(chv_cancel *cancel);
/** Registers the hook; 0 when registered, -1 when the token is already cancelled. */
int chv_cancel_arm(chv_cancel *cancel, void (*hook)(void *arg), void *arg);
/** Removes the hook: once it returns, the hook is not running and will not run. */
void chv_cancel_disarm(chv_cancel *cancel);

#endif
