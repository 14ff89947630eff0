import { messages } from '@chaveiro/contract';
import { AlertCircle } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { ApiError, CLIENT_ERROR_CODES } from '@/lib/api-client';

/** True when a read failed because there is no (valid) session rather than a broken API. */
function isNotAuthenticated(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === CLIENT_ERROR_CODES.notAuthenticated || error.status === 401)
  );
}

/** Spec §2 (admin dashboard): the two texts a failed read shows in place of its data. */
export function LoadErrorAlert({ error, className }: { error: unknown; className?: string }) {
  return (
    <Alert variant="destructive" className={className}>
      <AlertCircle aria-hidden />
      <AlertDescription>
        {isNotAuthenticated(error) ? messages.errors.notAuthenticated : messages.errors.loadFailed}
      </AlertDescription>
    </Alert>
  );
}
