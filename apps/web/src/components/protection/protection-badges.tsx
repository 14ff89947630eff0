import {
  protectionMessages as t,
  type Delivery,
  type SecurityEvent,
  type SecurityEventAction,
} from '@chaveiro/contract';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** What was done, from a plain record (neutral) to a ban (red). */
const ACTION_TONES: Record<SecurityEventAction, string> = {
  record: '',
  end_session: 'border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  blacklist_hwid: 'border-red-500/40 bg-red-500/10 text-red-700 dark:text-red-400',
  ban_account: 'border-red-500/40 bg-red-500/10 text-red-700 dark:text-red-400',
  refused: 'border-red-500/40 bg-red-500/10 text-red-700 dark:text-red-400',
};

/** The action a security event triggered ("Sessão encerrada", "Conta banida"…). */
export function SecurityActionBadge({ action }: { action: SecurityEvent['action'] }) {
  return (
    <Badge variant="outline" className={cn(ACTION_TONES[action])}>
      {t.eventActions[action]}
    </Badge>
  );
}

/** Whether a copy went out sealed to the loader's session or in the clear. */
export function DeliveryProtectionBadge({ delivery }: { delivery: Pick<Delivery, 'protected'> }) {
  return delivery.protected ? (
    <Badge
      variant="outline"
      className="border-emerald-500/30 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400"
    >
      <ShieldCheck aria-hidden />
      {t.deliveryProtected}
    </Badge>
  ) : (
    <Badge
      variant="outline"
      className="border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300"
    >
      <ShieldAlert aria-hidden />
      {t.deliveryPlain}
    </Badge>
  );
}

/** A machine's HWID: monospaced, cut to a table cell (whole on hover) or wrapped on a card. */
export function HwidText({
  hwid,
  wrap = false,
  className,
}: {
  hwid: string;
  wrap?: boolean;
  className?: string;
}) {
  return (
    <span
      title={hwid}
      className={cn('block font-mono text-xs', wrap ? 'break-all' : 'truncate', className)}
    >
      {hwid}
    </span>
  );
}
