import { vi } from 'vitest';
import { PHONE_QUERY } from '@/hooks/use-media-query';

/**
 * Makes the page a phone (below 640 px) for `useIsPhone`: jsdom has no layout, so the phone
 * media query is answered as matching. Undo with `vi.unstubAllGlobals()`.
 */
export function emulatePhone(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === PHONE_QUERY,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}
