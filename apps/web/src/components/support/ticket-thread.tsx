import type { TicketThreadMessage } from '@chaveiro/contract';
import { Headset } from 'lucide-react';
import { cn } from '@/lib/utils';
import { supportTexts as t } from './texts';
import { formatDateTime } from '@/lib/format';

/**
 * Who reads the thread: the customer sees their own messages on the right and staff as the
 * support team; staff see their side on the right with each writer's name.
 */
export type ThreadViewer = 'customer' | 'staff';

function authorLabel(message: TicketThreadMessage, viewer: ThreadViewer): string {
  if (viewer === 'customer') return message.from_staff ? t.supportTeam : t.you;
  if (message.from_staff) return `${message.author ?? t.supportTeam} ${t.staffSuffix}`;
  return message.author ?? t.deletedAccount;
}

/** A ticket's messages, oldest first, as chat bubbles. */
export function TicketThread({
  messages,
  viewer,
}: {
  messages: TicketThreadMessage[];
  viewer: ThreadViewer;
}) {
  return (
    <ol aria-label={t.threadLabel} className="grid gap-4">
      {messages.map((message) => {
        const mine = viewer === 'customer' ? !message.from_staff : message.from_staff;
        return (
          <li key={message.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
            <article
              className={cn(
                'grid max-w-[min(36rem,90%)] gap-1.5 rounded-2xl px-4 py-3 text-sm shadow-xs',
                mine
                  ? 'bg-primary text-primary-foreground rounded-br-sm'
                  : 'bg-background text-foreground rounded-bl-sm border',
              )}
            >
              <header
                className={cn(
                  'flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs',
                  mine ? 'text-primary-foreground/85' : 'text-muted-foreground',
                )}
              >
                {message.from_staff ? <Headset className="size-3.5" aria-hidden /> : null}
                <span className="font-semibold">{authorLabel(message, viewer)}</span>
                <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
              </header>
              <p className="break-words whitespace-pre-wrap">{message.body}</p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
