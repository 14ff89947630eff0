import { StrictMode, type ComponentType } from 'react';
import { ThemeProvider } from '@/components/theme/theme-provider';
import type { IslandProps } from '../islands';

/**
 * An island's tree: the same when the build renders it and when the browser hydrates it. Each
 * island has the theme, as the whole page had (the toggle sets it, the newsletter's toasts read
 * it); the providers share the visitor's choice (lib/theme.ts).
 */
export function IslandRoot({
  Component,
  props,
}: {
  Component: ComponentType<IslandProps>;
  props: IslandProps;
}) {
  return (
    <StrictMode>
      <ThemeProvider>
        <Component {...props} />
      </ThemeProvider>
    </StrictMode>
  );
}
