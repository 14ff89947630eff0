import {
  API_TOKEN_SCOPES,
  LIMITS,
  RESELLER_API_TOKEN_SCOPES,
  type ApiToken,
  type ApiTokenScope,
  type CreateApiTokenResponse,
} from '@chaveiro/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { ListPagination } from '@/components/data-table/data-table-pagination';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/layout/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { OneTimeSecretDialog } from '@/components/one-time-secret-dialog';
import { CodeBlock } from '@/components/code-block';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useApiTokens } from '../api/get-api-tokens';
import { apiTokensTexts } from '../texts';
import { ApiTokensExplainer } from './api-tokens-explainer';
import { ApiTokensTable } from './api-tokens-table';
import { CreateApiTokenDialog } from './create-api-token-dialog';
import { RevokeApiTokenDialog } from './revoke-api-token-dialog';

const text = apiTokensTexts;
const PAGE_SIZE = LIMITS.pageSizeDefault;

/** Which dialog is open (shadcn-admin's dialog state): one at a time. */
type OpenDialog =
  | { kind: 'create' }
  | { kind: 'created'; response: CreateApiTokenResponse }
  | { kind: 'revoke'; token: ApiToken };

/** "Tokens de API": the signed-in account's tokens, creating one (shown once) and revoking. */
function ApiTokensScreen({ scopes }: { scopes: readonly ApiTokenScope[] }) {
  const { page, setPage } = useListParams();
  const tokens = useApiTokens({ page, pageSize: PAGE_SIZE });
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const close = () => setOpen(null);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={text.title} subtitle={text.subtitle} />
      <Card className="min-w-0">
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle>{text.list.title}</CardTitle>
            <CardDescription>{text.list.description}</CardDescription>
          </div>
          <Button onClick={() => setOpen({ kind: 'create' })}>
            <Plus aria-hidden />
            {text.list.create}
          </Button>
        </CardHeader>
        <CardContent className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
          {tokens.isError && !tokens.data ? (
            <LoadErrorAlert error={tokens.error} />
          ) : (
            <div>
              <ApiTokensTable
                query={tokens}
                onRevoke={(token) => setOpen({ kind: 'revoke', token })}
              />
              <ListPagination data={tokens.data} onPageChange={setPage} noun={text.list.noun} />
            </div>
          )}
        </CardContent>
      </Card>
      <ApiTokensExplainer />
      {open?.kind === 'create' ? (
        <CreateApiTokenDialog
          scopes={scopes}
          onClose={close}
          onCreated={(response) => setOpen({ kind: 'created', response })}
        />
      ) : null}
      {open?.kind === 'created' ? (
        <OneTimeSecretDialog
          title={text.created.title}
          description={open.response.apiToken.name}
          warning={open.response.message}
          label={text.created.label}
          secret={open.response.token}
          copyLabel={text.created.copy}
          closeLabel={text.created.close}
          onClose={close}
        >
          <div className="grid min-w-0 gap-2 text-sm">
            <p className="text-muted-foreground">{text.created.usage}</p>
            <CodeBlock wrap>{`Authorization: Bearer ${open.response.token}`}</CodeBlock>
          </div>
        </OneTimeSecretDialog>
      ) : null}
      {open?.kind === 'revoke' ? (
        <RevokeApiTokenDialog key={open.token.id} token={open.token} onClose={close} />
      ) : null}
    </div>
  );
}

/** `/admin/api-tokens`: every scope. */
export function AdminApiTokensScreen() {
  return <ApiTokensScreen scopes={API_TOKEN_SCOPES} />;
}

/** `/reseller/dashboard/api-tokens`: a reseller grants only its keys and the catalogue. */
export function ResellerApiTokensScreen() {
  return <ApiTokensScreen scopes={RESELLER_API_TOKEN_SCOPES} />;
}
