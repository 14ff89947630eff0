import type { LucideIcon } from 'lucide-react';

/** A count shown beside an entry (e.g. work waiting there), with its sentence for screen readers. */
export interface NavBadge {
  count: number;
  /** e.g. '3 depósitos aguardando aprovação'. */
  label: string;
}

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path (an index entry such as /dashboard). */
  end?: boolean;
  badge?: NavBadge | undefined;
}

/** The entry whose path holds the current location, for the page title in the header. */
export function findActiveItem(items: readonly NavItem[], pathname: string): NavItem | undefined {
  return items.find((item) =>
    item.end ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`),
  );
}
