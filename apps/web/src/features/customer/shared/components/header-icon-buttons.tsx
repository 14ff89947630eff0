import { Bell, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { texts } from '../lib/texts';

const t = texts.header;

export function ShopIconButton() {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" asChild>
          <Link to="/dashboard/shop" aria-label={t.shop}>
            <ShoppingBag />
          </Link>
        </Button>
      </TooltipTrigger>
      <TooltipContent>{t.shop}</TooltipContent>
    </Tooltip>
  );
}

/** Notifications are not produced yet; the popover says so instead of pretending. */
export function NotificationsButton() {
  return (
    <Popover>
      <Tooltip>
        <TooltipTrigger asChild>
          <PopoverTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={t.notifications}>
              <Bell />
            </Button>
          </PopoverTrigger>
        </TooltipTrigger>
        <TooltipContent>{t.notifications}</TooltipContent>
      </Tooltip>
      <PopoverContent align="end" className="w-64">
        <p className="text-sm font-medium">{t.noNotifications}</p>
        <p className="text-muted-foreground mt-1 text-xs">{t.noNotificationsHint}</p>
      </PopoverContent>
    </Popover>
  );
}
