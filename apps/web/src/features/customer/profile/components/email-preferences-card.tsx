import { Skeleton } from '@/components/ui/skeleton';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { RetryAlert } from '@/components/retry-alert';
import { playSound } from '@/lib/sounds';
import { toast } from 'sonner';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../api/notification-preferences';
import { texts as t } from '../texts';

const SWITCH_ID = 'product-status-mail';

/** Perfil › E-mails: the product status e-mails, on unless turned off here or by their link. */
export function EmailPreferencesCard() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">{t.emailsTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {preferences.isError ? (
          <RetryAlert
            message={t.preferencesLoadFailed}
            retryLabel={t.retry}
            onRetry={() => void preferences.refetch()}
          />
        ) : null}
        {preferences.isPending ? <Skeleton className="h-12 rounded-lg" /> : null}
        {preferences.data ? (
          <div className="flex items-start justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor={SWITCH_ID} className="leading-normal">
                {t.statusMail}
              </Label>
              <p id={`${SWITCH_ID}-hint`} className="text-muted-foreground text-sm">
                {t.statusMailHint}
              </p>
            </div>
            <Switch
              id={SWITCH_ID}
              checked={preferences.data.productStatusMail}
              disabled={update.isPending}
              aria-busy={update.isPending || undefined}
              aria-describedby={`${SWITCH_ID}-hint`}
              onCheckedChange={(productStatusMail) =>
                update.mutate(
                  { productStatusMail },
                  {
                    onSuccess: (answer) => {
                      toast.success(answer.message);
                      playSound('success');
                    },
                    onError: () => playSound('error'),
                  },
                )
              }
              className="mt-0.5"
            />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
