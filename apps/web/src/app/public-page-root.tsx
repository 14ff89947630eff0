import { StrictMode, type ComponentType } from 'react';
import { ThemeProvider } from '@/components/theme/theme-provider';

/** The tree of a public page: the same at build time and when hydrating, so the markup matches. */
export function PublicPageRoot({ Page }: { Page: ComponentType }) {
  return (
    <StrictMode>
      <ThemeProvider>
        <Page />
      </ThemeProvider>
    </StrictMode>
  );
}
