import type { ReactNode } from 'react';
import { TableCell, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

interface TableMessageRowProps {
  colSpan: number;
  children: ReactNode;
  tone?: 'muted' | 'error';
}

/** One full-width row for the loading, empty and failure states of a table. */
export function TableMessageRow({ colSpan, children, tone = 'muted' }: TableMessageRowProps) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell
        colSpan={colSpan}
        role={tone === 'error' ? 'alert' : undefined}
        className={cn(
          'h-24 text-center whitespace-normal',
          tone === 'error' ? 'text-destructive' : 'text-muted-foreground',
        )}
      >
        {children}
      </TableCell>
    </TableRow>
  );
}
