import type { KeyListItem } from '@chaveiro/contract';
import { UserLink } from '@/components/user-link';

/** The client who redeemed a key, linked to their page; a dash for an unused key. */
export function KeyClient({ row }: { row: KeyListItem }) {
  return row.client ? <UserLink id={row.clientId} username={row.client} /> : '—';
}
