import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False in HTML rendered at build time and while the browser hydrates it, true once React runs
 * the page (and from the start in the client-rendered app): for controls that only work with
 * their JavaScript, such as a form that must not submit natively.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
