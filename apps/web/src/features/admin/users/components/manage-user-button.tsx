import type { UserListItem } from '@chaveiro/contract';
import { Settings2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Opens 'Gerenciar Usuário' for the row (the table's last column, the phone card's action). */
export function ManageUserButton({
  row,
  onManage,
}: {
  row: UserListItem;
  onManage: (row: UserListItem) => void;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => onManage(row)}
      aria-label={`Gerenciar ${row.user}`}
    >
      <Settings2 aria-hidden />
      Gerenciar
    </Button>
  );
}
