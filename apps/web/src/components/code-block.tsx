import { cn } from '@/lib/utils';

/** A monospaced sample to copy (a header, a command); `wrap` breaks long lines. */
export function CodeBlock({
  children,
  wrap = false,
  className,
}: {
  children: string;
  wrap?: boolean;
  className?: string;
}) {
  return (
    <pre
      // A sample that scrolls sideways must be reachable by keyboard (axe
      // scrollable-region-focusable); a wrapped one never scrolls.
      tabIndex={wrap ? undefined : 0}
      className={cn(
        'bg-muted/60 overflow-x-auto rounded-md border p-3 font-mono text-xs leading-relaxed',
        wrap && 'break-all whitespace-pre-wrap',
        className,
      )}
    >
      <code>{children}</code>
    </pre>
  );
}
