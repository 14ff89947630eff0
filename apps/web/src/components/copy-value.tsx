import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { copyToClipboard } from '@/lib/copy-to-clipboard';

const text = {
  copy: (label: string) => `Copiar ${label}`,
  copied: (label: string) => `${label} copiado.`,
};

/** One value to paste elsewhere (a loader's settings): its label, the value, a copy button. */
export function CopyValue({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <div className="bg-muted/40 grid min-w-0 gap-0.5 rounded-md border py-1.5 pr-1 pl-3">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="flex min-w-0 items-center justify-between gap-2">
        <span className="min-w-0 font-mono text-sm break-all select-all">{value}</span>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="-my-1 shrink-0"
          aria-label={text.copy(label)}
          onClick={() => void copyToClipboard(value, text.copied(label)).then(setCopied)}
        >
          {copied ? <Check className="text-emerald-600" aria-hidden /> : <Copy aria-hidden />}
        </Button>
      </dd>
    </div>
  );
}
