import { TIMING } from '@chaveiro/contract';
import { Toaster } from '@/components/ui/sonner';

/** The app's toast settings (spec §9), loaded with sonner only when the newsletter needs it. */
export function NewsletterToaster() {
  return (
    <Toaster
      position="bottom-right"
      visibleToasts={TIMING.toastVisible}
      duration={TIMING.toastDurationMs}
      richColors
    />
  );
}
