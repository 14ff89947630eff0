import { WEBHOOK_LIMITS } from '@chaveiro/contract';
import { Plus } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount } from '@/lib/format';
import { useWebhooks } from '../api/get-webhooks';
import { webhooksTexts } from '../texts';
import { WebhookDialogsProvider } from './webhook-dialogs';
import { useWebhookDialogs } from './webhook-dialogs-context';
import { WebhookSignatureExplainer } from './webhook-signature-explainer';
import { WebhooksTable } from './webhooks-table';

const text = webhooksTexts;

function EndpointsCard() {
  const { setOpen } = useWebhookDialogs();
  const endpoints = useWebhooks();
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>{text.list.title}</CardTitle>
          <CardDescription>{text.list.description(WEBHOOK_LIMITS.endpointsMax)}</CardDescription>
        </div>
        <Button onClick={() => setOpen({ kind: 'create' })}>
          <Plus aria-hidden />
          {text.list.add}
        </Button>
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
        {endpoints.isError && !endpoints.data ? (
          <LoadErrorAlert error={endpoints.error} />
        ) : (
          <div>
            <WebhooksTable query={endpoints} />
            {/* Every endpoint fits on one page: the total, no page buttons. */}
            {endpoints.data ? (
              <p className="text-muted-foreground pt-3 text-sm">
                {formatCount(endpoints.data.total)} {text.list.noun(endpoints.data.total)}
              </p>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** `/admin/webhooks`: the endpoints that hear the platform's events, and how to verify them. */
export function WebhooksScreen() {
  return (
    <WebhookDialogsProvider>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <PageHeader title={text.title} subtitle={text.subtitle} />
        <EndpointsCard />
        <WebhookSignatureExplainer />
      </div>
    </WebhookDialogsProvider>
  );
}
