import { TIMING } from '@chaveiro/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { createQueryClient } from '@/lib/query-client';

/**
 * One cache for the whole tab. A 401 clears the token (see createQueryClient) and the section
 * guard, which watches the token, then sends the visitor to /auth.
 */
const queryClient = createQueryClient();

/**
 * The application's contexts (spec §9): data cache, tooltips after 700 ms, toasts bottom-right
 * with 3 visible for 4000 ms. The theme provider sits above the router (main.tsx) because the
 * landing needs it too; these wrap every route but the landing page (router.tsx), which keeps
 * TanStack Query, Radix and sonner out of the first load of `/`.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={TIMING.tooltipDelayMs}>
        {children}
        <Toaster
          position="bottom-right"
          visibleToasts={TIMING.toastVisible}
          duration={TIMING.toastDurationMs}
          richColors
        />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
