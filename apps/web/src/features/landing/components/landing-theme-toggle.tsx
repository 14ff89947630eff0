import { Moon, Sun } from 'lucide-react';
import { useTheme } from '@/components/theme/theme-context';
import { buttonVariants } from '@/components/ui/button-variants';

/**
 * One button that flips between light and dark. The app's menu toggle needs Radix, which the
 * landing leaves out of its first load. Its markup does not depend on the theme (CSS shows the
 * icon), so the prerendered HTML hydrates whatever theme the visitor stored.
 */
export function LandingThemeToggle() {
  const { resolvedTheme, setTheme } = useTheme();
  return (
    <button
      type="button"
      onClick={() => setTheme(resolvedTheme === 'dark' ? 'light' : 'dark')}
      aria-label="Alterar tema"
      title="Alterar tema"
      className={buttonVariants({ variant: 'ghost', size: 'icon' })}
    >
      <Moon aria-hidden className="dark:hidden" />
      <Sun aria-hidden className="hidden dark:block" />
    </button>
  );
}
