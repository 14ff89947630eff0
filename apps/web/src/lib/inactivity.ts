/** The user actions that count as activity (spec §4). */
export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'touchstart',
  'scroll',
] as const;

export interface InactivityTimerOptions {
  timeoutMs: number;
  onIdle: () => void;
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

/**
 * Calls `onIdle` once after `timeoutMs` without an activity event on `target`; each event
 * restarts the countdown. Returns a function that stops the timer and removes the listeners.
 */
export function startInactivityTimer({
  timeoutMs,
  onIdle,
  target = window,
}: InactivityTimerOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const fire = () => {
    stop();
    onIdle();
  };
  const restart = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(fire, timeoutMs);
  };
  // Scroll does not bubble, so listen in the capture phase to see scrolls of inner panes too.
  const listenerOptions: AddEventListenerOptions = { capture: true, passive: true };

  function stop() {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    for (const name of ACTIVITY_EVENTS) {
      target.removeEventListener(name, restart, listenerOptions);
    }
  }

  for (const name of ACTIVITY_EVENTS) {
    target.addEventListener(name, restart, listenerOptions);
  }
  restart();
  return stop;
}
