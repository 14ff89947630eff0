import { Loader2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';

type PendingButtonProps = ComponentProps<typeof Button> & {
  /** While true the button is disabled and shows a spinner in front of its label. */
  pending: boolean;
};

/** A button for actions that call the API: disabled with a spinner while the call runs. */
export function PendingButton({ pending, disabled, children, ...props }: PendingButtonProps) {
  return (
    <Button {...props} disabled={pending || disabled} aria-busy={pending || undefined}>
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
      {children}
    </Button>
  );
}
