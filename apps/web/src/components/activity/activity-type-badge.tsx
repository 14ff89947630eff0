import { ACTIVITY_TYPE_LABELS, type ActivityType } from '@chaveiro/contract';
import { Badge } from '@/components/ui/badge';

/** Types an admin should notice at a glance (refusals, bans, deletions, money going back). */
const ALERTS = new Set<ActivityType>([
  'loader.refused',
  'user.banned',
  'user.deleted',
  'key.banned',
  'key.deleted',
  'deposit.refunded',
  'deposit.amount_mismatch',
  'order.failed',
  'mass.users_deleted',
  'mass.users_banned',
  'mass.keys_banned',
  'mass.keys_deleted',
  'user.login_new_ip',
]);

/** An activity line's typed action, in pt-BR. */
export function ActivityTypeBadge({ type }: { type: ActivityType }) {
  return (
    <Badge variant={ALERTS.has(type) ? 'destructive' : 'secondary'} title={type}>
      {ACTIVITY_TYPE_LABELS[type]}
    </Badge>
  );
}
