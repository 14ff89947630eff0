import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '@/lib/theme';
import { useTheme } from './theme-context';
import { ThemeProvider } from './theme-provider';

afterEach(() => {
  document.documentElement.className = '';
  window.localStorage.clear();
});

function Shown({ label }: { label: string }) {
  const { theme, setTheme } = useTheme();
  return (
    <button type="button" onClick={() => setTheme('dark')}>
      {label}: {theme}
    </button>
  );
}

it('keeps separate roots (the public pages islands) on the choice made under any of them', () => {
  window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
  render(
    <ThemeProvider>
      <Shown label="toggle" />
    </ThemeProvider>,
  );
  render(
    <ThemeProvider>
      <Shown label="toasts" />
    </ThemeProvider>,
  );
  expect(screen.getByText('toasts: light')).toBeInTheDocument();

  act(() => screen.getByText('toggle: light').click());

  expect(screen.getByText('toggle: dark')).toBeInTheDocument();
  expect(screen.getByText('toasts: dark')).toBeInTheDocument();
  expect(document.documentElement).toHaveClass('dark');
  expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
});
