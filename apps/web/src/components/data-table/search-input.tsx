import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

type SearchInputProps = Omit<ComponentProps<typeof Input>, 'type' | 'onChange' | 'value'> & {
  value: string;
  onValueChange: (value: string) => void;
  /** Accessible name and placeholder. */
  label: string;
};

/** A search box with a magnifier icon; the caller debounces the value it sends to the server. */
export function SearchInput({
  value,
  onValueChange,
  label,
  className,
  ...props
}: SearchInputProps) {
  return (
    <div className={cn('relative w-full sm:max-w-xs', className)}>
      <Search
        className="text-muted-foreground pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2"
        aria-hidden
      />
      <Input
        {...props}
        type="search"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        placeholder={label}
        aria-label={label}
        className="pl-8"
      />
    </div>
  );
}
