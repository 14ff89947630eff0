import { MoreHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

interface RowActionsMenuProps {
  /** The trigger's accessible name, naming the row: `Ações da chave …`. */
  label: string;
  /** The menu's width. */
  className?: string;
  /** The `DropdownMenuItem`s. */
  children: ReactNode;
}

/** A table row's "…" menu (non-modal, opening at the row's end). */
export function RowActionsMenu({ label, className = 'w-48', children }: RowActionsMenuProps) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label}>
          <MoreHorizontal />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className={className}>
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
