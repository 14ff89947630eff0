import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  applyTheme,
  readStoredTheme,
  storeTheme,
  subscribeToSystemTheme,
  systemTheme,
  type Theme,
} from '@/lib/theme';
import { ThemeContext, type ThemeState } from './theme-context';

export function ThemeProvider({ children }: { children: ReactNode }) {
  // Both start from the browser's real values, also while hydrating a prerendered page: the
  // server rendered with neither, so nothing it rendered may depend on them (see
  // LandingThemeToggle), and the theme applied below is the visitor's from the first effect.
  const [theme, setThemeState] = useState<Theme>(readStoredTheme);
  const [system, setSystem] = useState(systemTheme);
  const resolvedTheme = theme === 'system' ? system : theme;

  useEffect(() => subscribeToSystemTheme(() => setSystem(systemTheme())), []);

  useEffect(() => {
    applyTheme(resolvedTheme);
  }, [resolvedTheme]);

  const setTheme = useCallback((next: Theme) => {
    storeTheme(next);
    setThemeState(next);
  }, []);

  const value = useMemo<ThemeState>(
    () => ({ theme, resolvedTheme, setTheme }),
    [theme, resolvedTheme, setTheme],
  );
  return <ThemeContext value={value}>{children}</ThemeContext>;
}
