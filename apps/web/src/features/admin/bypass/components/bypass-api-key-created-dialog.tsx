import type { CreateBypassApiKeyResponse } from '@chaveiro/contract';
import { Copy, TriangleAlert } from 'lucide-react';
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
import { bypassTexts } from '../texts';
import { CodeBlock } from './bypass-api-usage';
import { checkCurlCommand } from './bypass-check-command';

const text = bypassTexts.createdKey;

/** The new key, shown this once (the server keeps only its hash), with a copy button. */
export function BypassApiKeyCreatedDialog({
  created,
  onClose,
}: {
  created: CreateBypassApiKeyResponse;
  onClose: () => void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      toast.success(text.copied);
    } catch {
      toast.error(text.copyFailed);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{created.name}</DialogDescription>
        </DialogHeader>
        <Alert>
          <TriangleAlert aria-hidden />
          <AlertDescription>{created.message}</AlertDescription>
        </Alert>
        <div className="grid min-w-0 gap-2">
          <Label htmlFor="bypass-created-key">{text.label}</Label>
          <div className="flex gap-2">
            <Input
              id="bypass-created-key"
              readOnly
              value={created.key}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-xs"
            />
            <Button type="button" onClick={() => void copy()}>
              <Copy aria-hidden /> {text.copy}
            </Button>
          </div>
        </div>
        <div className="min-w-0">
          <CodeBlock wrap>{checkCurlCommand(created.key)}</CodeBlock>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {text.close}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
