import type { ActivityEntry } from '@chaveiro/contract';

export type ActivityTarget = NonNullable<ActivityEntry['target']>;

/** Where a target's own screen is, if it has one. */
export function targetHref(target: ActivityTarget): string | null {
  const label = target.label ?? target.id;
  switch (target.kind) {
    case 'user':
      return `/admin/users/${encodeURIComponent(target.id)}`;
    case 'key':
      return `/admin/keys?q=${encodeURIComponent(label)}`;
    case 'product':
      return '/admin/products';
    case 'ticket':
      return '/admin/support';
    case 'deposit':
      return '/admin/deposits';
    case 'bypass':
    case 'bypass-key':
      return '/admin/bypass';
    case 'setting':
    case 'settings':
      return '/admin/settings';
    default:
      return null;
  }
}

/** What a target is called on screen: its name, or what it was when it no longer exists. */
export function targetText(target: ActivityTarget): string {
  if (target.label) return target.label;
  const gone: Partial<Record<ActivityTarget['kind'], string>> = {
    user: 'Usuário excluído',
    key: 'Chave excluída',
    product: 'Produto excluído',
    ticket: 'Ticket excluído',
    deposit: 'Depósito',
    subscription: 'Assinatura removida',
    'bypass-key': 'Chave de API removida',
  };
  return gone[target.kind] ?? target.id;
}
