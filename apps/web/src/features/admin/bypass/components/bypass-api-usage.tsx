import { cn } from '@/lib/utils';
import { bypassTexts } from '../texts';
import { checkCurlCommand } from './bypass-check-command';

const text = bypassTexts.usage;

const SAMPLE_ANSWER = '{"active":true,"remaining_hours":23.5,"paused":false}';

/** The call the external service makes, so an integrator can copy it. */
export function BypassApiUsage() {
  return (
    <section aria-labelledby="bypass-usage-title" className="grid min-w-0 gap-2">
      <h3 id="bypass-usage-title" className="text-sm font-medium">
        {text.title}
      </h3>
      <CodeBlock>{checkCurlCommand(text.keyPlaceholder)}</CodeBlock>
      <p className="text-muted-foreground text-sm">{text.description(text.uidPlaceholder)}</p>
      <CodeBlock>{SAMPLE_ANSWER}</CodeBlock>
      <p className="text-muted-foreground text-sm">{text.invalidKey}</p>
    </section>
  );
}

/** Monospaced sample; `wrap` breaks long lines (a one-time key must be readable whole). */
export function CodeBlock({ children, wrap = false }: { children: string; wrap?: boolean }) {
  return (
    <pre
      className={cn(
        'bg-muted/60 overflow-x-auto rounded-md border p-3 font-mono text-xs leading-relaxed',
        wrap && 'break-all whitespace-pre-wrap',
      )}
    >
      <code>{children}</code>
    </pre>
  );
}
