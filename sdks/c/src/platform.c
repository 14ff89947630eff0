#include <stdlib.h>

#include "platform.h"

#ifdef _WIN32

#  include <process.h>

wchar_t *chv_widen(const char *text) {
  int len = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, text, -1, NULL, 0);
  if (len <= 0) return NULL;
  wchar_t *wide = malloc((size_t)len * sizeof *wide);
  if (wide && MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, text, -1, wide, len) <= 0) {
    free(wide);
    return NULL;
  }
  return wide;
}

int chv_mutex_init(chv_mutex *mutex) {
  InitializeSRWLock(mutex);
  return 0;
}
void chv_mutex_destroy(chv_mutex *mutex) { (void)mutex; }
void chv_mutex_lock(chv_mutex *mutex) { AcquireSRWLockExclusive(mutex); }
void chv_mutex_unlock(chv_mutex *mutex) { ReleaseSRWLockExclusive(mutex); }

int chv_cond_init(chv_cond *cond) {
  InitializeConditionVariable(cond);
  return 0;
}
void chv_cond_destroy(chv_cond *cond) { (void)cond; }
void chv_cond_broadcast(chv_cond *cond) { WakeAllConditionVariable(cond); }
void chv_cond_wait_ms(chv_cond *cond, chv_mutex *mutex, uint64_t timeout_ms) {
  DWORD ms = timeout_ms >= INFINITE ? INFINITE : (DWORD)timeout_ms;
  SleepConditionVariableSRW(cond, mutex, ms, 0);
}

uint64_t chv_monotonic_ms(void) { return GetTickCount64(); }
void chv_sleep_ms(uint64_t ms) { Sleep(ms >= INFINITE ? INFINITE - 1 : (DWORD)ms); }

struct thread_start {
  void (*run)(void *);
  void *arg;
};

static unsigned __stdcall thread_main(void *p) {
  struct thread_start start = *(struct thread_start *)p;
  free(p);
  start.run(start.arg);
  return 0;
}

int chv_thread_start(chv_thread *thread, void (*run)(void *), void *arg) {
  struct thread_start *start = malloc(sizeof *start);
  if (!start) return -1;
  start->run = run;
  start->arg = arg;
  unsigned id = 0;
  uintptr_t handle = _beginthreadex(NULL, 0, thread_main, start, 0, &id);
  if (handle == 0) {
    free(start);
    return -1;
  }
  thread->handle = (HANDLE)handle;
  thread->id = id;
  return 0;
}

void chv_thread_join(chv_thread *thread) {
  WaitForSingleObject(thread->handle, INFINITE);
  CloseHandle(thread->handle);
  thread->handle = NULL;
}

int chv_thread_is_current(const chv_thread *thread) { return GetCurrentThreadId() == thread->id; }

#else

#  include <errno.h>
#  include <signal.h>
#  include <time.h>

int chv_mutex_init(chv_mutex *mutex) { return pthread_mutex_init(mutex, NULL) == 0 ? 0 : -1; }
void chv_mutex_destroy(chv_mutex *mutex) { pthread_mutex_destroy(mutex); }
void chv_mutex_lock(chv_mutex *mutex) { pthread_mutex_lock(mutex); }
void chv_mutex_unlock(chv_mutex *mutex) { pthread_mutex_unlock(mutex); }

int chv_cond_init(chv_cond *cond) {
  pthread_condattr_t attr;
  if (pthread_condattr_init(&attr) != 0) return -1;
  int rc = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
  if (rc == 0) rc = pthread_cond_init(cond, &attr);
  pthread_condattr_destroy(&attr);
  return rc == 0 ? 0 : -1;
}
void chv_cond_destroy(chv_cond *cond) { pthread_cond_destroy(cond); }
void chv_cond_broadcast(chv_cond *cond) { pthread_cond_broadcast(cond); }

void chv_cond_wait_ms(chv_cond *cond, chv_mutex *mutex, uint64_t timeout_ms) {
  if (timeout_ms == UINT64_MAX) {
    pthread_cond_wait(cond, mutex);
    return;
  }
  struct timespec deadline;
  clock_gettime(CLOCK_MONOTONIC, &deadline);
  if (timeout_ms > UINT64_C(1) << 40) timeout_ms = UINT64_C(1) << 40;
  deadline.tv_sec += (time_t)(timeout_ms / 1000);
  deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
  if (deadline.tv_nsec >= 1000000000L) {
    deadline.tv_sec++;
    deadline.tv_nsec -= 1000000000L;
  }
  pthread_cond_timedwait(cond, mutex, &deadline);
}

uint64_t chv_monotonic_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

void chv_sleep_ms(uint64_t ms) {
  struct timespec ts = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

struct thread_start {
  void (*run)(void *);
  void *arg;
};

static void *thread_main(void *p) {
  struct thread_start start = *(struct thread_start *)p;
  free(p);
  start.run(start.arg);
  return NULL;
}

int chv_thread_start(chv_thread *thread, void (*run)(void *), void *arg) {
  struct thread_start *start = malloc(sizeof *start);
  if (!start) return -1;
  start->run = run;
  start->arg = arg;
  /* A write to a peer that closed its side must fail the call, not kill the process; the new
   * thread inherits this mask. */
  sigset_t pipe_only, previous;
  sigemptyset(&pipe_only);
  sigaddset(&pipe_only, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_only, &previous);
  int rc = pthread_create(&thread->handle, NULL, thread_main, start);
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
  if (rc != 0) {
    free(start);
    return -1;
  }
  return 0;
}

void chv_thread_join(chv_thread *thread) { pthread_join(thread->handle, NULL); }

int chv_thread_is_current(const chv_thread *thread) {
  return pthread_equal(pthread_self(), thread->handle);
}

#endif

int chv_cancel_init(chv_cancel *cancel) {
  cancel->cancelled = 0;
  cancel->hook = NULL;
  cancel->hook_arg = NULL;
  return chv_mutex_init(&cancel->mutex);
}

void chv_cancel_destroy(chv_cancel *cancel) { chv_mutex_destroy(&cancel->mutex); }

void chv_cancel_set(chv_cancel *cancel) {
  chv_mutex_lock(&cancel->mutex);
  cancel->cancelled = 1;
  if (cancel->hook) cancel->hook(cancel->hook_arg);
  chv_mutex_unlock(&cancel->mutex);
}

int chv_cancel_is_set(chv_cancel *cancel) {
  chv_mutex_lock(&cancel->mutex);
  int cancelled = cancel->cancelled;
  chv_mutex_unlock(&cancel->mutex);
  return cancelled;
}

int chv_cancel_arm(chv_cancel *cancel, void (*hook)(void *), void *arg) {
  chv_mutex_lock(&cancel->mutex);
  int cancelled = cancel->cancelled;
  if (!cancelled) {
    cancel->hook = hook;
    cancel->hook_arg = arg;
  }
  chv_mutex_unlock(&cancel->mutex);
  return cancelled ? -1 : 0;
}

void chv_cancel_disarm(chv_cancel *cancel) {
  chv_mutex_lock(&cancel->mutex);
  cancel->hook = NULL;
  cancel->hook_arg = NULL;
  chv_mutex_unlock(&cancel->mutex);
}
