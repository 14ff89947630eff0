import { afterEach, describe, expect, it } from 'vitest';
import { applyTheme, readStoredTheme, resolveTheme, storeTheme, THEME_STORAGE_KEY } from './theme';

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

  it('resolves an explicit choice as itself and system to light where nothing is known', () => {
    expect(resolveTheme('dark')).toBe('dark');
    expect(resolveTheme('light')).toBe('light');
    expect(resolveTheme('system')).toBe('light');
  });

  it('marks <html> with .dark only for the dark theme', () => {
    applyTheme('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    applyTheme('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
