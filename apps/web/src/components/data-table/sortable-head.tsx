import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TableHead } from '@/components/ui/table';
import { cn } from '@/lib/utils';

interface SortableHeadProps {
  label: string;
  /** The sort field this column orders by, e.g. `balance`. */
  field: string;
  /** The list's sort in force, `field:dir` (from useListParams). */
  sort: string;
  onSort: (sort: string) => void;
  /** The direction of the first click (dates and money read best newest/highest first). */
  firstDir?: 'asc' | 'desc';
  className?: string;
}

/**
 * A column header that sorts the list: a button that orders by its field, then flips the
 * direction; `aria-sort` tells assistive technology which column orders the rows.
 */
export function SortableHead({
  label,
  field,
  sort,
  onSort,
  firstDir = 'asc',
  className,
}: SortableHeadProps) {
  const [current, dir] = sort.split(':');
  const active = current === field;
  const next = active ? (dir === 'asc' ? 'desc' : 'asc') : firstDir;
  const Icon = !active ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHead
      className={className}
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className={cn('-ml-2 h-8 px-2', active && 'text-foreground')}
        onClick={() => onSort(`${field}:${next}`)}
        aria-label={`Ordenar por ${label.toLowerCase()} (${next === 'asc' ? 'crescente' : 'decrescente'})`}
      >
        {label}
        <Icon aria-hidden className={cn('size-3.5', !active && 'opacity-50')} />
      </Button>
    </TableHead>
  );
}
