import { labels, messages } from '@chaveiro/contract';
import { TimerOff, X } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { forgetInactivitySignOut, wasSignedOutByInactivity } from '@/lib/session';

const t = labels.sessionExpired;

/** Spec §4's 'Sua sessão expirou por inatividade.', announced and kept until dismissed. */
export function SessionExpiredAlert() {
  const [shown, setShown] = useState(wasSignedOutByInactivity);
  if (!shown) return null;
  return (
    <Alert className="border-amber-500/40 bg-amber-500/5 pr-12">
      <TimerOff className="text-amber-600 dark:text-amber-400" aria-hidden />
      <AlertTitle>{t.title}</AlertTitle>
      <AlertDescription>
        <p>{messages.errors.sessionExpiredByInactivity}</p>
      </AlertDescription>
      <Button
        variant="ghost"
        size="icon"
        className="absolute top-1.5 right-1.5 size-8"
        aria-label={t.dismiss}
        onClick={() => {
          forgetInactivitySignOut();
          setShown(false);
        }}
      >
        <X />
      </Button>
    </Alert>
  );
}
