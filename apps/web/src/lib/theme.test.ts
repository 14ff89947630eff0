import { runInThisContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, readStoredTheme, storeTheme, THEME_STORAGE_KEY } from './theme';
import { THEME_BOOT_SCRIPT } from './theme-boot';

afterEach(() => {
  document.documentElement.className = '';
});

describe('theme', () => {
  it('follows the system until the user picks light or dark', () => {
    expect(readStoredTheme()).toBe('system');
    storeTheme('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(readStoredTheme()).toBe('dark');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'neon');
    expect(readStoredTheme()).toBe('system');
  });

  it('sets the stored or else the system theme before the first paint, as the app reads it', () => {
    const root = document.documentElement;
    for (const [stored, systemDark, dark] of [
      [null, false, false],
      [null, true, true],
      ['system', true, true],
      ['dark', false, true],
      ['light', true, false],
      ['neon', true, true],
    ] as const) {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query === '(prefers-color-scheme: dark)' && systemDark,
      }));
      if (stored) window.localStorage.setItem(THEME_STORAGE_KEY, stored);
      else window.localStorage.removeItem(THEME_STORAGE_KEY);
      runInThisContext(THEME_BOOT_SCRIPT);
      expect(root.classList.contains('dark'), `${stored} / system dark ${systemDark}`).toBe(dark);
      expect(root.style.colorScheme).toBe(dark ? 'dark' : 'light');
      // The app reads the same choice the script applied.
      expect(readStoredTheme()).toBe(stored === 'dark' || stored === 'light' ? stored : 'system');
    }
    vi.unstubAllGlobals();
  });

  it('marks <html> with .dark only for the dark theme', () => {
    applyTheme('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    applyTheme('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
