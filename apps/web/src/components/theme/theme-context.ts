import { createContext, useContext } from 'react';
import type { ResolvedTheme, Theme } from '@/lib/theme';

export interface ThemeState {
  /** The stored choice: light, dark or follow the system. */
  theme: Theme;
  /** What is on screen now. */
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
}

export const ThemeContext = createContext<ThemeState | null>(null);

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme must be used inside <ThemeProvider>.');
  return state;
}
