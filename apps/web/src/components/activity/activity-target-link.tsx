import type { ActivityEntry } from '@chaveiro/contract';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';
import { targetHref, targetText } from './activity-target';

/** An activity line's target, linked to its screen when it has one and still exists. */
export function ActivityTargetLink({
  target,
  className,
}: {
  target: ActivityEntry['target'];
  className?: string;
}) {
  if (!target) return <span className="text-muted-foreground">—</span>;
  const text = targetText(target);
  const href = target.label === null && target.kind !== 'deposit' ? null : targetHref(target);
  if (!href) return <span className={cn('break-words', className)}>{text}</span>;
  return (
    <Link
      to={href}
      className={cn(
        'break-words underline-offset-4 hover:underline',
        target.kind === 'key' && 'font-mono text-xs',
        className,
      )}
    >
      {text}
    </Link>
  );
}
