export const THEME_STORAGE_KEY = 'chaveiro-theme';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export type ResolvedTheme = Exclude<Theme, 'system'>;

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function readStoredTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return THEMES.find((theme) => theme === stored) ?? 'system';
  } catch {
    return 'system';
  }
}

export function storeTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
    unstoredTheme = null;
  } catch {
    // Without storage the choice lasts for this page only.
    unstoredTheme = theme;
  }
  for (const listener of themeListeners) listener();
}

/** The choice storage refused, kept for this page. */
let unstoredTheme: Theme | null = null;
/**
 * Every React root of the page that shows the theme: the public pages hydrate each island as a
 * root of its own, and a choice made in one (the toggle) must reach the others (the toasts).
 */
const themeListeners = new Set<() => void>();

/** The visitor's choice as storeTheme last set it (the stored one, else this page's). */
export function chosenTheme(): Theme {
  return unstoredTheme ?? readStoredTheme();
}

/** Calls `listener` after every storeTheme, in this document. */
export function subscribeToChosenTheme(listener: () => void): () => void {
  themeListeners.add(listener);
  return () => themeListeners.delete(listener);
}

function darkMedia(): MediaQueryList | null {
  // No window when the public pages are prerendered at build time.
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY)
    : null;
}

export function systemTheme(): ResolvedTheme {
  return darkMedia()?.matches ? 'dark' : 'light';
}

/** Calls `listener` when the operating system switches between light and dark. */
export function subscribeToSystemTheme(listener: () => void): () => void {
  const media = darkMedia();
  media?.addEventListener('change', listener);
  return () => media?.removeEventListener('change', listener);
}

/**
 * Sets `.dark` on <html>. The same rule runs before the first paint (theme-boot.ts, inline in
 * every HTML document), so a stored or system dark theme never flashes light; this keeps it in
 * step with later choices.
 */
export function applyTheme(resolved: ResolvedTheme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
}
