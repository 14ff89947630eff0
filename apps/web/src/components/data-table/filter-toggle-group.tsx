import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * A list's one-of-few filter as pressed buttons (status tabs): two columns on a phone, a row from
 * `sm` up. The pressed one is the list's current filter.
 */
export function FilterToggleGroup<T extends string>({
  label,
  options,
  optionLabels,
  value,
  onChange,
  className,
}: {
  /** The group's name, as screen readers announce it. */
  label: string;
  options: readonly T[];
  optionLabels: Readonly<Record<T, string>>;
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cn(
        'bg-muted grid w-full grid-cols-2 gap-1 rounded-lg p-1 sm:flex sm:w-auto',
        className,
      )}
    >
      {options.map((option) => (
        <Button
          key={option}
          type="button"
          size="sm"
          variant={value === option ? 'default' : 'ghost'}
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          {optionLabels[option]}
        </Button>
      ))}
    </div>
  );
}
