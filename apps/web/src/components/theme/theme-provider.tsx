import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  applyTheme,
  chosenTheme,
  storeTheme,
  subscribeToChosenTheme,
  subscribeToSystemTheme,
  systemTheme,
} from '@/lib/theme';
import { ThemeContext, type ThemeState } from './theme-context';

/**
 * The theme of one React root. The choice lives in lib/theme.ts, so several roots (the public
 * pages' islands) stay in step: a choice made under one provider reaches all of them.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  // Both start from the browser's real values, also while hydrating a prerendered page: the
  // server rendered with neither, so nothing it rendered may depend on them (see
  // LandingThemeToggle), and the theme applied below is the visitor's from the first effect.
  const theme = useSyncExternalStore(subscribeToChosenTheme, chosenTheme, chosenTheme);
  const [system, setSystem] = useState(systemTheme);
  const resolvedTheme = theme === 'system' ? system : theme;

  useEffect(() => subscribeToSystemTheme(() => setSystem(systemTheme())), []);

  useEffect(() => {
    applyTheme(resolvedTheme);
  }, [resolvedTheme]);

  const value = useMemo<ThemeState>(
    () => ({ theme, resolvedTheme, setTheme: storeTheme }),
    [theme, resolvedTheme],
  );
  return <ThemeContext value={value}>{children}</ThemeContext>;
}
