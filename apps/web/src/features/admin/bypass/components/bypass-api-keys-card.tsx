import type { BypassApiKey } from '@chaveiro/contract';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { ListPagination } from '@/components/data-table/data-table-pagination';
import { StateTableBody } from '@/components/data-table/state-table-body';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { useBypassApiKeys } from '../api/get-bypass-api-keys';
import { bypassTexts } from '../texts';
import { BypassApiKeyRevokeDialog } from './bypass-api-key-revoke-dialog';
import { BypassApiUsage } from './bypass-api-usage';
import { formatDateTime } from '@/lib/format';
import { CreateBypassApiKeyForm } from './create-bypass-api-key-form';

const text = bypassTexts.apiKeys;
const PAGE_SIZE = 10;
const COLUMNS = 5;

/** The keys the external service uses for `GET /api/bypass/check/{uid}`, and how to call it. */
export function BypassApiKeysCard() {
  const [page, setPage] = useState(1);
  const [revoking, setRevoking] = useState<BypassApiKey | null>(null);
  const apiKeys = useBypassApiKeys(page, PAGE_SIZE);
  const rows = apiKeys.data?.items ?? [];

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{text.title}</CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
        <CreateBypassApiKeyForm />
        {apiKeys.isError && !apiKeys.data ? (
          <LoadErrorAlert error={apiKeys.error} />
        ) : (
          <div>
            <div className="rounded-md border">
              <Table
                className={cn('transition-opacity', apiKeys.isPlaceholderData && 'opacity-60')}
              >
                <TableHeader>
                  <TableRow>
                    <TableHead>{text.columns.name}</TableHead>
                    <TableHead>{text.columns.prefix}</TableHead>
                    <TableHead>{text.columns.createdAt}</TableHead>
                    <TableHead>{text.columns.state}</TableHead>
                    <TableHead className="w-12">
                      <span className="sr-only">{bypassTexts.list.columns.actions}</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <StateTableBody
                  columns={COLUMNS}
                  rows={rows}
                  isLoading={apiKeys.isPending}
                  loadingText={text.loading}
                  emptyText={text.empty}
                  renderRow={(apiKey) => (
                    <ApiKeyRow key={apiKey.id} apiKey={apiKey} onRevoke={setRevoking} />
                  )}
                />
              </Table>
            </div>
            <ListPagination data={apiKeys.data} onPageChange={setPage} noun={text.noun} />
          </div>
        )}
        <Separator />
        <BypassApiUsage />
      </CardContent>
      {revoking ? (
        <BypassApiKeyRevokeDialog
          key={revoking.id}
          apiKey={revoking}
          onClose={() => setRevoking(null)}
        />
      ) : null}
    </Card>
  );
}

function ApiKeyRow({
  apiKey,
  onRevoke,
}: {
  apiKey: BypassApiKey;
  onRevoke: (apiKey: BypassApiKey) => void;
}) {
  const revoked = apiKey.revoked_at !== null;
  return (
    <TableRow className={cn(revoked && 'text-muted-foreground')}>
      <TableCell className="font-medium">{apiKey.name}</TableCell>
      <TableCell className="font-mono text-xs">{apiKey.prefix}…</TableCell>
      <TableCell className="tabular-nums">{formatDateTime(apiKey.created_at)}</TableCell>
      <TableCell>
        {apiKey.revoked_at === null ? (
          <Badge
            variant="outline"
            className="border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300"
          >
            {text.active}
          </Badge>
        ) : (
          <Badge
            variant="outline"
            className="text-muted-foreground"
            title={text.revokedAt(formatDateTime(apiKey.revoked_at))}
          >
            {text.revoked}
          </Badge>
        )}
      </TableCell>
      <TableCell className="text-right">
        {revoked ? null : (
          <Button
            variant="ghost"
            size="icon"
            aria-label={text.revoke(apiKey.name, apiKey.prefix)}
            title={text.revoke(apiKey.name, apiKey.prefix)}
            className="text-destructive hover:text-destructive"
            onClick={() => onRevoke(apiKey)}
          >
            <Ban />
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}
