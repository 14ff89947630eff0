import { TIMING } from '@chaveiro/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_EVENTS, startInactivityTimer } from './inactivity';

describe('startInactivityTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const start = (onIdle: () => void) =>
    startInactivityTimer({ timeoutMs: TIMING.inactivityTimeoutMs, onIdle });

  it('fires once after 420000 ms without activity', () => {
    const onIdle = vi.fn();
    const stop = start(onIdle);
    vi.advanceTimersByTime(419_999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(TIMING.inactivityTimeoutMs * 2);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it.each(ACTIVITY_EVENTS)('restarts the countdown on %s', (eventName) => {
    const onIdle = vi.fn();
    const stop = start(onIdle);
    vi.advanceTimersByTime(400_000);
    window.dispatchEvent(new Event(eventName));
    vi.advanceTimersByTime(400_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(20_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('sees scrolling inside an element, which does not bubble to window', () => {
    const onIdle = vi.fn();
    const stop = start(onIdle);
    const pane = document.body.appendChild(document.createElement('div'));
    vi.advanceTimersByTime(400_000);
    pane.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(400_000);
    expect(onIdle).not.toHaveBeenCalled();
    stop();
    pane.remove();
  });

  it('does nothing after cleanup', () => {
    const onIdle = vi.fn();
    const stop = start(onIdle);
    stop();
    window.dispatchEvent(new Event('mousemove'));
    vi.advanceTimersByTime(TIMING.inactivityTimeoutMs * 2);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
