import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface CheckGroupProps {
  /** Prefix of the label's and the error's ids. */
  id: string;
  label: ReactNode;
  selectAllLabel: ReactNode;
  /** Every option ticked: the button then clears them all. */
  allChosen: boolean;
  onSelectAll: (all: boolean) => void;
  error?: string | undefined;
  className?: string;
  /** The CheckOption rows. */
  children: ReactNode;
}

/**
 * A labelled group of tick boxes with a "Selecionar todos" button and its error under it (a
 * token's permissions, an endpoint's events): the group is named by its label for screen readers.
 */
export function CheckGroup({
  id,
  label,
  selectAllLabel,
  allChosen,
  onSelectAll,
  error,
  className,
  children,
}: CheckGroupProps) {
  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={error ? `${id}-error` : undefined}
      className={cn('grid gap-2', className)}
    >
      <div className="flex items-center justify-between gap-2">
        <span id={`${id}-label`} className="text-sm leading-none font-medium">
          {label}
        </span>
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto px-0"
          aria-pressed={allChosen}
          onClick={() => onSelectAll(!allChosen)}
        >
          {selectAllLabel}
        </Button>
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
