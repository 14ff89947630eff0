import { Gift } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PendingButton } from '@/components/form/pending-button';
import { Card, CardContent } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { playSound } from '@/lib/sounds';
import { useRedeemKey } from '../api/redeem-key';
import { texts as t } from '../texts';
import { KEY_LENGTH } from '../lib/key';
import { KeyBoxes } from './key-boxes';
import { RedeemHistory } from './redeem-history';
import { RedeemResultDialog, type RedeemResult } from './redeem-result-dialog';
import { PageHeader } from '@/components/layout/page-header';

/** /dashboard/redeem (spec §2). */
export function RedeemScreen() {
  const [key, setKey] = useState('');
  const [result, setResult] = useState<RedeemResult | null>(null);
  const redeem = useRedeemKey();
  const complete = key.length === KEY_LENGTH;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    redeem.mutate(key, {
      onSuccess: (answer) => {
        setKey('');
        setResult({
          ok: true,
          message: answer.message,
          redeemed: {
            subscriptionId: answer.subscription_id,
            loader: answer.loader,
            loaderUnavailable: answer.loader_unavailable,
          },
        });
        playSound('success');
      },
      onError: (error) => {
        setResult({ ok: false, message: errorMessage(error) });
        playSound('error');
      },
    });
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <Card>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <KeyBoxes value={key} onChange={setKey} disabled={redeem.isPending} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-muted-foreground text-sm tabular-nums" aria-live="polite">
                {t.filled(key.length, KEY_LENGTH)}
              </p>
              <PendingButton type="submit" pending={redeem.isPending} disabled={!complete}>
                {redeem.isPending ? null : <Gift aria-hidden />}
                {t.redeem}
              </PendingButton>
            </div>
          </form>
        </CardContent>
      </Card>
      <RedeemHistory />
      <RedeemResultDialog result={result} onClose={() => setResult(null)} />
    </div>
  );
}
