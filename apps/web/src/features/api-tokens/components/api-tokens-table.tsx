import { API_TOKEN_SCOPE_LABELS, apiTokenMessages, type ApiToken } from '@chaveiro/contract';
import { Ban } from 'lucide-react';
import { RowCard, ScrollTable, type ListQuery } from '@/components/data-table/scroll-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { apiTokensTexts } from '../texts';
import { shownPrefix } from './api-token-format';
import { ApiTokenStatusBadge } from './api-token-status-badge';

const text = apiTokensTexts.list;
const COLUMNS = 7;

function Scopes({ token }: { token: ApiToken }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label={text.columns.scopes}>
      {token.scopes.map((scope) => (
        <li key={scope}>
          <Badge
            variant="secondary"
            className="font-mono text-[11px]"
            title={API_TOKEN_SCOPE_LABELS[scope]}
          >
            {scope}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

function LastUse({ token }: { token: ApiToken }) {
  if (!token.lastUsedAt) return <span className="text-muted-foreground">{text.neverUsed}</span>;
  return (
    <span className="grid">
      <span className="tabular-nums">{formatDateTime(token.lastUsedAt)}</span>
      {token.lastUsedIp ? (
        <span className="text-muted-foreground font-mono text-xs">
          {text.lastUsedIp(token.lastUsedIp)}
        </span>
      ) : null}
    </span>
  );
}

function Expiry({ token }: { token: ApiToken }) {
  return token.expiresAt ? (
    <span className="tabular-nums">{formatDateTime(token.expiresAt)}</span>
  ) : (
    <span className="text-muted-foreground">{text.never}</span>
  );
}

function Status({ token }: { token: ApiToken }) {
  return (
    <span className="inline-grid justify-items-start gap-1">
      <ApiTokenStatusBadge status={token.status} />
      {token.revokedAt ? (
        <span className="text-muted-foreground text-xs whitespace-nowrap">
          {text.revokedAt(formatDateTime(token.revokedAt))}
        </span>
      ) : null}
      {token.revokedReason ? (
        <span className="text-muted-foreground text-xs">
          {text.revokedReason(apiTokenMessages.revokedReasons[token.revokedReason])}
        </span>
      ) : null}
    </span>
  );
}

function RevokeButton({ token, onRevoke }: { token: ApiToken; onRevoke: (t: ApiToken) => void }) {
  if (token.status === 'revoked') return null;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={text.revokeOf(token.name)}
      className="text-destructive hover:text-destructive"
      onClick={() => onRevoke(token)}
    >
      <Ban aria-hidden />
      {text.revoke}
    </Button>
  );
}

interface ApiTokensTableProps {
  query: ListQuery<ApiToken>;
  onRevoke: (token: ApiToken) => void;
}

/** Nome e início, permissões, status, criado, expira, último uso, Revogar; cards on a phone. */
export function ApiTokensTable({ query, onRevoke }: ApiTokensTableProps) {
  return (
    <ScrollTable
      query={query}
      columns={COLUMNS}
      loadingText={text.loading}
      emptyText={text.empty}
      head={
        <>
          <TableHead>{text.columns.name}</TableHead>
          <TableHead>{text.columns.scopes}</TableHead>
          <TableHead>{text.columns.status}</TableHead>
          <TableHead className="hidden xl:table-cell">{text.columns.createdAt}</TableHead>
          <TableHead className="hidden md:table-cell">{text.columns.expiresAt}</TableHead>
          <TableHead className="hidden lg:table-cell">{text.columns.lastUsed}</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">{text.columns.actions}</span>
          </TableHead>
        </>
      }
      renderRow={(token) => (
        <TableRow
          key={token.id}
          className={cn(token.status !== 'active' && 'text-muted-foreground')}
        >
          <TableCell className="max-w-[14rem] align-top">
            <p className="truncate font-medium">{token.name}</p>
            <p className="text-muted-foreground font-mono text-xs">{shownPrefix(token.prefix)}</p>
            <p className="text-muted-foreground text-xs xl:hidden">
              {text.columns.createdAt}: {formatDateTime(token.createdAt)}
            </p>
          </TableCell>
          <TableCell className="max-w-[18rem] align-top whitespace-normal">
            <Scopes token={token} />
          </TableCell>
          <TableCell className="align-top">
            <Status token={token} />
          </TableCell>
          <TableCell className="hidden align-top tabular-nums xl:table-cell">
            {formatDateTime(token.createdAt)}
          </TableCell>
          <TableCell className="hidden align-top md:table-cell">
            <Expiry token={token} />
          </TableCell>
          <TableCell className="hidden align-top lg:table-cell">
            <LastUse token={token} />
          </TableCell>
          <TableCell className="text-right align-top">
            <RevokeButton token={token} onRevoke={onRevoke} />
          </TableCell>
        </TableRow>
      )}
      renderCard={(token) => (
        <RowCard
          key={token.id}
          title={
            <>
              <span className="min-w-0 truncate font-medium">{token.name}</span>
              <Status token={token} />
            </>
          }
          fields={[
            {
              label: text.columns.prefix,
              value: <span className="font-mono text-xs">{shownPrefix(token.prefix)}</span>,
            },
            { label: text.columns.scopes, value: <Scopes token={token} /> },
            { label: text.columns.createdAt, value: formatDateTime(token.createdAt) },
            { label: text.columns.expiresAt, value: <Expiry token={token} /> },
            { label: text.columns.lastUsed, value: <LastUse token={token} /> },
          ]}
          actions={
            token.status === 'revoked' ? undefined : (
              <RevokeButton token={token} onRevoke={onRevoke} />
            )
          }
        />
      )}
    />
  );
}
