import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { copyToClipboard } from '@/lib/copy-to-clipboard';
import { cn } from '@/lib/utils';
import { pixTexts as t } from './texts';

interface CopyFieldProps {
  label: string;
  /** What is shown. */
  value: string;
  /** What is copied, when it differs from what is shown (e.g. `25,50` for `R$ 25,50`). */
  copyValue?: string;
  /** Large monospaced text, for codes the payer retypes. */
  code?: boolean;
  /** Small monospaced text, for long strings only copied (the PIX copia e cola). */
  small?: boolean;
}

/** A labelled value with a copy button (PIX key, amount, reference). */
export function CopyField({
  label,
  value,
  copyValue,
  code = false,
  small = false,
}: CopyFieldProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (await copyToClipboard(copyValue ?? value, t.copied(label))) setCopied(true);
  };

  return (
    <div className="bg-muted/50 rounded-lg border py-2 pr-1.5 pl-3">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="flex items-center justify-between gap-3">
        <span
          className={cn(
            'min-w-0 font-medium break-all select-all',
            code ? 'font-mono text-lg tracking-widest' : 'text-sm',
            small && 'line-clamp-3 font-mono text-xs font-normal',
          )}
        >
          {value}
        </span>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="-my-1 shrink-0"
          aria-label={t.copy(label.toLowerCase())}
          onClick={() => void copy()}
        >
          {copied ? <Check className="text-emerald-600" aria-hidden /> : <Copy aria-hidden />}
        </Button>
      </dd>
    </div>
  );
}
