import type { PublicStatus } from '@chaveiro/contract';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { getPublicStatus } from './api/get-public-status';
import { STATUS_POLL_MS } from './status-content';

export type PublicStatusState =
  | { kind: 'loading' }
  | { kind: 'error' }
  /** `stale`: the last refresh failed, so this is what the previous one answered. */
  | { kind: 'ready'; status: PublicStatus; stale: boolean };

/**
 * The status page's data: asked for once the page runs, then every STATUS_POLL_MS while the tab
 * is visible, and at once when it becomes visible again after that long. A failed first load is
 * an error (with `retry`); a failed refresh keeps what was shown and marks it stale.
 */
export function usePublicStatus(): { state: PublicStatusState; retry: () => void } {
  const [state, setState] = useState<PublicStatusState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    let askedAt = 0;
    let asking = false;

    async function refresh() {
      if (asking) return;
      asking = true;
      askedAt = Date.now();
      try {
        const status = await getPublicStatus(controller.signal);
        // A transition renders the list in slices that yield to the browser, rather than in
        // one long task while the page is still loading.
        startTransition(() => setState({ kind: 'ready', status, stale: false }));
      } catch {
        if (controller.signal.aborted) return;
        setState((current) =>
          current.kind === 'ready' ? { ...current, stale: true } : { kind: 'error' },
        );
      } finally {
        asking = false;
      }
    }

    const visible = () => document.visibilityState === 'visible';
    const timer = window.setInterval(() => {
      if (visible()) void refresh();
    }, STATUS_POLL_MS);
    const onVisibilityChange = () => {
      if (visible() && Date.now() - askedAt >= STATUS_POLL_MS) void refresh();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    void refresh();
    return () => {
      controller.abort();
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  return { state, retry };
}
