import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { keyAuthTexts } from '../texts';
import { copyToClipboard } from './copy-to-clipboard';

const text = keyAuthTexts.values;

/** One value the seller pastes into the loader: its label, the value, a copy button. */
export function CopyValue({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <div className="bg-muted/40 flex min-w-0 items-center gap-2 rounded-md border py-1.5 pr-1 pl-3">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <dt className="text-muted-foreground text-xs">{label}</dt>
        <dd className="font-mono text-sm break-all select-all">{value}</dd>
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="shrink-0"
        aria-label={text.copy(label)}
        onClick={() => void copyToClipboard(value, text.copied(label)).then(setCopied)}
      >
        {copied ? <Check className="text-emerald-600" aria-hidden /> : <Copy aria-hidden />}
      </Button>
    </div>
  );
}
