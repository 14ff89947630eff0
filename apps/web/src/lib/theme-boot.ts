/**
 * Sets the stored or system theme before the first paint, as lib/theme.ts would (its storage
 * key and values; theme.test.ts runs both): vite.config.ts puts it inline in the <head> of every
 * HTML document, and the server's CSP allows it by its hash. Plain ES5, no imports: it runs
 * before any bundle, and vite.config.ts reads this file too.
 */
export const THEME_BOOT_SCRIPT = `
try {
  var theme = localStorage.getItem('chaveiro-theme');
  var dark = theme === 'dark' || (theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
} catch (error) {}
`;

/** The browser's own colours (address bar, overscroll) for each theme: the background token. */
export const THEME_COLORS = { light: '#ffffff', dark: '#09090b' } as const;
