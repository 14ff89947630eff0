import { accountMessages } from '@chaveiro/contract';
import { Copy, Download } from 'lucide-react';
import { toast } from 'sonner';
import { saveBlob } from '@/components/download/save-blob';
import { Button } from '@/components/ui/button';
import { texts as t } from '../texts';

/** The .txt a customer keeps: who the codes belong to, then one code per line. */
function recoveryCodesFile(username: string, codes: readonly string[]): string {
  return `${accountMessages.recoveryCodesFileHeader(username)}\n\n${codes.join('\n')}\n`;
}

/**
 * The 10 recovery codes, shown once (on enabling 2FA and on regenerating): download as .txt,
 * copy, and "Já guardei meus códigos" to close.
 */
export function RecoveryCodesPanel({
  codes,
  username,
  onDone,
}: {
  codes: readonly string[];
  username: string;
  onDone: () => void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(accountMessages.recoveryCodesCopied);
    } catch {
      toast.error(t.copyFailed);
    }
  };
  const download = () =>
    saveBlob(
      new Blob([recoveryCodesFile(username, codes)], { type: 'text/plain;charset=utf-8' }),
      accountMessages.recoveryCodesFileName,
    );

  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground text-sm">
        {accountMessages.recoveryCodesIntro}{' '}
        <strong className="text-foreground font-medium">
          {accountMessages.recoveryCodesShownOnce}
        </strong>
      </p>
      <ol
        aria-label={t.recoveryCodesList}
        data-testid="recovery-codes"
        className="bg-muted/50 grid grid-cols-2 gap-x-4 gap-y-1 rounded-md border p-3 text-center font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code} className="py-0.5 select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden /> {accountMessages.recoveryCodesDownload}
        </Button>
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden /> {accountMessages.recoveryCodesCopy}
        </Button>
      </div>
      <Button type="button" onClick={onDone}>
        {accountMessages.recoveryCodesSaved}
      </Button>
    </div>
  );
}
