import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const COPIED = 'Copiado para a área de transferência.';
const COPY_FAILED = 'Não foi possível copiar. Selecione o texto e copie manualmente.';

interface OneTimeSecretDialogProps {
  title: string;
  /** e.g. the token's name or the endpoint's URL. */
  description: ReactNode;
  /** The server's message: the secret will not be shown again. */
  warning: string;
  /** The field's label, e.g. "Token". */
  label: string;
  secret: string;
  copyLabel: string;
  closeLabel: string;
  /** What to do with the secret (a header sample, a verification hint). */
  children?: ReactNode;
  /** Closing drops the secret: the caller forgets it. */
  onClose: () => void;
}

/**
 * A secret the server answers once (an API token, a webhook signing secret): the warning, the
 * value selected on focus, and a copy button. Nothing keeps it once the dialog closes.
 */
export function OneTimeSecretDialog({
  title,
  description,
  warning,
  label,
  secret,
  copyLabel,
  closeLabel,
  children,
  onClose,
}: OneTimeSecretDialogProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success(COPIED);
    } catch {
      toast.error(COPY_FAILED);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="break-all">{description}</DialogDescription>
        </DialogHeader>
        <Alert>
          <TriangleAlert aria-hidden />
          <AlertDescription>{warning}</AlertDescription>
        </Alert>
        <div className="grid min-w-0 gap-2">
          <Label htmlFor="one-time-secret">{label}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="one-time-secret"
              readOnly
              value={secret}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-xs"
              spellCheck={false}
            />
            <Button type="button" onClick={() => void copy()}>
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copyLabel}
            </Button>
          </div>
        </div>
        {children}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {closeLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
