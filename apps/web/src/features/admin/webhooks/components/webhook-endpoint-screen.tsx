import type { WebhookEndpoint } from '@chaveiro/contract';
import { ArrowLeft, KeyRound, Pencil, Send, Trash2 } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { PendingButton } from '@/components/form/pending-button';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { formatDateTime } from '@/lib/format';
import { useWebhooks } from '../api/get-webhooks';
import { webhooksTexts } from '../texts';
import { useSendTest } from './use-send-test';
import { WebhookEnabledSwitch } from './webhook-actions';
import { WebhookDeliveriesCard } from './webhook-deliveries-card';
import { WebhookDialogsProvider } from './webhook-dialogs';
import { useWebhookDialogs } from './webhook-dialogs-context';
import { DiscordBadge, WebhookEventsBadges } from './webhook-events-badges';
import { WebhookLastDelivery } from './webhook-last-delivery';
import { WebhookSignatureExplainer } from './webhook-signature-explainer';

const text = webhooksTexts;

function EndpointSummary({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { setOpen } = useWebhookDialogs();
  const test = useSendTest();
  return (
    <Card className="min-w-0">
      <CardContent className="grid min-w-0 gap-4">
        <div className="grid min-w-0 gap-1">
          <h1 className="font-mono text-lg font-semibold break-all">{endpoint.url}</h1>
          {endpoint.description ? (
            <p className="text-muted-foreground text-sm break-words">{endpoint.description}</p>
          ) : null}
          <div className="text-muted-foreground flex flex-wrap items-center gap-2 text-xs">
            <span>{text.endpoint.createdAt(formatDateTime(endpoint.createdAt))}</span>
            {endpoint.format === 'discord' ? <DiscordBadge /> : null}
            <WebhookLastDelivery endpoint={endpoint} />
          </div>
        </div>
        <div className="flex items-center gap-2">
          <WebhookEnabledSwitch endpoint={endpoint} id="webhook-enabled" />
          <Label htmlFor="webhook-enabled">{text.endpoint.enabled}</Label>
        </div>
        <div className="grid gap-1">
          <span className="text-sm font-medium">{text.endpoint.events}</span>
          <WebhookEventsBadges endpoint={endpoint} />
        </div>
        <div className="flex flex-wrap gap-2">
          <PendingButton
            variant="outline"
            pending={test.pending}
            onClick={() => test.send(endpoint)}
          >
            {test.pending ? null : <Send aria-hidden />}
            {text.actions.test}
          </PendingButton>
          <Button variant="outline" onClick={() => setOpen({ kind: 'edit', endpoint })}>
            <Pencil aria-hidden />
            {text.actions.edit}
          </Button>
          <Button variant="outline" onClick={() => setOpen({ kind: 'roll', endpoint })}>
            <KeyRound aria-hidden />
            {text.actions.rollSecret}
          </Button>
          <Button
            variant="outline"
            className="text-destructive hover:text-destructive"
            onClick={() => setOpen({ kind: 'delete', endpoint })}
          >
            <Trash2 aria-hidden />
            {text.actions.delete}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function EndpointPage({ id }: { id: string }) {
  const endpoints = useWebhooks();
  const endpoint = endpoints.data?.items.find((item) => item.id === id);
  let body;
  if (endpoint) {
    body = (
      <>
        <EndpointSummary endpoint={endpoint} />
        <WebhookDeliveriesCard endpoint={endpoint} />
        <WebhookSignatureExplainer />
      </>
    );
  } else if (endpoints.isError && !endpoints.data) {
    body = <LoadErrorAlert error={endpoints.error} />;
  } else if (endpoints.isPending) {
    body = <p className="text-muted-foreground text-sm">{text.endpoint.loading}</p>;
  } else {
    body = (
      <Alert>
        <AlertDescription>{text.endpoint.notFound}</AlertDescription>
      </Alert>
    );
  }
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Button asChild variant="ghost" size="sm" className="w-fit">
        <Link to="/admin/webhooks">
          <ArrowLeft aria-hidden />
          {text.endpoint.back}
        </Link>
      </Button>
      {body}
    </div>
  );
}

/** `/admin/webhooks/:id`: one endpoint, its actions and its delivery log. */
export function WebhookEndpointScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <WebhookDialogsProvider onDeleted={() => void navigate('/admin/webhooks')}>
      <EndpointPage id={id} />
    </WebhookDialogsProvider>
  );
}
