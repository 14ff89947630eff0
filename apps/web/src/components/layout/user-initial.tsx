import { cn } from '@/lib/utils';

/** The first letter of the username in a circle: the avatar fallback of spec §2. */
export function UserInitial({ username, className }: { username: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'bg-primary/10 text-primary flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold uppercase',
        className,
      )}
    >
      {username.trim().charAt(0) || '?'}
    </span>
  );
}
