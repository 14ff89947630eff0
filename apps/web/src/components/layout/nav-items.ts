import type { LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path (an index entry such as /dashboard). */
  end?: boolean;
}

/** The entry whose path holds the current location, for the page title in the header. */
export function findActiveItem(items: readonly NavItem[], pathname: string): NavItem | undefined {
  return items.find((item) =>
    item.end ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`),
  );
}
