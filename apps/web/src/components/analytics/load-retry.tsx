import { RotateCcw } from 'lucide-react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import { texts } from './texts';

/** A failed read: the spec's message and a button that asks again. */
export function LoadRetry({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="grid justify-items-start gap-3">
      <LoadErrorAlert error={error} />
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        <RotateCcw aria-hidden />
        {texts.retry}
      </Button>
    </div>
  );
}
