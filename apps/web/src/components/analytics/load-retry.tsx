import { AlertCircle, RotateCcw } from 'lucide-react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { texts } from './texts';

/**
 * A failed read and a button that asks again. A refused range (400) says why in the server's
 * words (the contract's pt-BR messages); anything else shows the spec's message.
 */
export function LoadRetry({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="grid justify-items-start gap-3">
      {error instanceof ApiError && error.status === 400 ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden />
          <AlertDescription>{error.message}</AlertDescription>
        </Alert>
      ) : (
        <LoadErrorAlert error={error} />
      )}
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        <RotateCcw aria-hidden />
        {texts.retry}
      </Button>
    </div>
  );
}
