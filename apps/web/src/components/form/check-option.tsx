import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface CheckOptionProps {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** What ticking it means, e.g. a scope's pt-BR description. */
  label: ReactNode;
  /** A second line, e.g. the scope's technical name. */
  detail?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** A native tick box with its label beside it, the whole row clickable (permission and event lists). */
export function CheckOption({
  id,
  checked,
  onCheckedChange,
  label,
  detail,
  disabled,
  className,
}: CheckOptionProps) {
  return (
    <label
      htmlFor={id}
      className={cn(
        'hover:bg-accent/50 flex cursor-pointer items-start gap-3 rounded-md px-2 py-1.5 text-sm',
        disabled && 'cursor-not-allowed opacity-60',
        className,
      )}
    >
      <input
        id={id}
        type="checkbox"
        className="accent-primary mt-0.5 size-4 shrink-0 cursor-pointer"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-labelledby={`${id}-label`}
        aria-describedby={detail ? `${id}-detail` : undefined}
      />
      <span className="grid min-w-0 gap-0.5">
        <span id={`${id}-label`} className="leading-snug">
          {label}
        </span>
        {detail ? (
          <span id={`${id}-detail`} className="text-muted-foreground font-mono text-xs">
            {detail}
          </span>
        ) : null}
      </span>
    </label>
  );
}
