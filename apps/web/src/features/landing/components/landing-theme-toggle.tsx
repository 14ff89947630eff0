import { Moon, Sun } from 'lucide-react';
import { useTheme } from '@/components/theme/theme-context';
import { buttonVariants } from '@/components/ui/button-variants';

/**
 * One button that flips between light and dark. The app's menu toggle needs Radix, which the
 * landing leaves out of its first load.
 */
export function LandingThemeToggle() {
  const { resolvedTheme, setTheme } = useTheme();
  const next = resolvedTheme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={() => setTheme(next)}
      aria-label="Alterar tema"
      title={next === 'dark' ? 'Usar tema escuro' : 'Usar tema claro'}
      className={buttonVariants({ variant: 'ghost', size: 'icon' })}
    >
      {resolvedTheme === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
    </button>
  );
}
