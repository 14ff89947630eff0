import type { Notification } from '@chaveiro/contract';
import { Bell, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { formatRelative } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { notificationTexts as t } from '../texts';

/** Only paths of this web app are followed (the server writes them; never another origin). */
const isAppPath = (link: string | null): link is string =>
  link !== null && link.startsWith('/') && !link.startsWith('//');

function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  const unread = !notification.read;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(notification)}
        className={cn(
          'hover:bg-accent focus-visible:bg-accent grid w-full grid-cols-[0.5rem_minmax(0,1fr)] gap-x-2 px-4 py-3 text-left outline-none',
          unread && 'bg-primary/5',
        )}
      >
        <span
          className={cn('mt-1.5 size-2 rounded-full', unread ? 'bg-primary' : 'bg-transparent')}
        >
          {unread ? <span className="sr-only">{t.unread}</span> : null}
        </span>
        <span className="grid min-w-0 gap-0.5">
          <span className={cn('text-sm', unread ? 'font-semibold' : 'font-medium')}>
            {notification.title}
          </span>
          <span className="text-muted-foreground line-clamp-2 text-sm break-words">
            {notification.body}
          </span>
          <time dateTime={notification.created_at} className="text-muted-foreground text-xs">
            {formatRelative(notification.created_at)}
          </time>
        </span>
      </button>
    </li>
  );
}

/**
 * The header bell: unread badge, the newest notifications in a popover; clicking one marks it
 * read and opens its link. Polls every 30 s and when the window regains focus.
 */
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const data = notifications.data;
  const unread = data?.unreadCount ?? 0;
  const label = unread > 0 ? t.bellUnread(unread) : t.bell;

  const openNotification = (notification: Notification) => {
    if (!notification.read) markRead.mutate({ ids: [notification.id] });
    setOpen(false);
    if (isAppPath(notification.link)) void navigate(notification.link);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <Tooltip>
        <TooltipTrigger asChild>
          <PopoverTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={label} className="relative">
              <Bell />
              {unread > 0 ? (
                <span
                  aria-hidden
                  className="bg-destructive absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full px-1 text-[10px] leading-none font-semibold text-white tabular-nums"
                >
                  {unread > 9 ? '9+' : unread}
                </span>
              ) : null}
            </Button>
          </PopoverTrigger>
        </TooltipTrigger>
        <TooltipContent>{t.bell}</TooltipContent>
      </Tooltip>
      <PopoverContent align="end" className="w-[min(24rem,calc(100vw-1rem))] p-0">
        <div className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
          <h2 className="text-sm font-semibold">{t.title}</h2>
          <Button
            variant="ghost"
            size="sm"
            className="h-8 px-2 text-xs"
            disabled={unread === 0}
            onClick={() => markRead.mutate({ all: true })}
          >
            <CheckCheck aria-hidden />
            {t.markAll}
          </Button>
        </div>
        {notifications.isPending ? (
          <p className="text-muted-foreground px-4 py-6 text-center text-sm">{t.loading}</p>
        ) : notifications.isError && !data ? (
          <p className="text-destructive px-4 py-6 text-center text-sm">{t.error}</p>
        ) : data && data.items.length > 0 ? (
          <>
            <ul className="max-h-[min(24rem,60svh)] divide-y overflow-y-auto">
              {data.items.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  onOpen={openNotification}
                />
              ))}
            </ul>
            {data.total > data.items.length ? (
              <p className="text-muted-foreground border-t px-4 py-2 text-center text-xs">
                {t.more(data.items.length)}
              </p>
            ) : null}
          </>
        ) : (
          <div className="px-4 py-6 text-center">
            <p className="text-sm font-medium">{t.empty}</p>
            <p className="text-muted-foreground mt-1 text-xs">{t.emptyHint}</p>
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
}
