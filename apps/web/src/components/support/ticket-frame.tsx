import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { supportTexts } from './texts';

/** The link above an open ticket back to the list it was opened from. */
export function TicketBackLink({ to }: { to: string }) {
  return (
    <Button variant="ghost" size="sm" asChild className="justify-self-start">
      <Link to={to}>
        <ArrowLeft aria-hidden />
        {supportTexts.back}
      </Link>
    </Button>
  );
}

/**
 * What stands in for a ticket while it loads (`error` null) or when it cannot be read: "not
 * found" for a 404 (another user's or a deleted ticket), the load error otherwise.
 */
export function TicketPlaceholder({ backTo, error }: { backTo: string; error: Error | null }) {
  if (!error) {
    return (
      <div className="grid gap-4" aria-busy="true" aria-label={supportTexts.ticketLoading}>
        <TicketBackLink to={backTo} />
        <Skeleton className="h-72 rounded-xl" />
      </div>
    );
  }
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div className="grid gap-4">
      <TicketBackLink to={backTo} />
      {missing ? (
        <Alert variant="destructive">
          <AlertDescription>{supportTexts.ticketNotFound}</AlertDescription>
        </Alert>
      ) : (
        <LoadErrorAlert error={error} />
      )}
    </div>
  );
}
