import { KeyRound } from 'lucide-react';

/** Logo and name. Plain class strings (no cn) keep tailwind-merge out of the landing's bundle. */
export function Brand({ caption }: { caption?: string }) {
  return (
    <span className="flex items-center gap-2.5">
      <span className="bg-primary text-primary-foreground flex size-8 items-center justify-center rounded-lg shadow-sm">
        <KeyRound className="size-4" aria-hidden />
      </span>
      <span className="flex flex-col leading-tight">
        <span className="text-base font-semibold tracking-tight">Chaveiro</span>
        {caption ? <span className="text-muted-foreground text-xs">{caption}</span> : null}
      </span>
    </span>
  );
}
