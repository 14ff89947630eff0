import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

interface RetryAlertProps {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}

/** A customer screen's failed read: what failed and a button that asks again. */
export function RetryAlert({ message, retryLabel, onRetry }: RetryAlertProps) {
  return (
    <Alert variant="destructive">
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
        <span>{message}</span>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {retryLabel}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
