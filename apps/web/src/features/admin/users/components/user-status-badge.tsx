import type { UserListItem } from '@chaveiro/contract';
import { Badge } from '@/components/ui/badge';

export function UserStatusBadge({ status }: { status: UserListItem['status'] }) {
  return status === 'banned' ? (
    <Badge variant="destructive">Banido</Badge>
  ) : (
    <Badge
      variant="outline"
      className="border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-400"
    >
      Ativo
    </Badge>
  );
}
