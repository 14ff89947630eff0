import { CircleCheck, CircleX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { texts as t } from '../texts';

export interface RedeemResult {
  ok: boolean;
  message: string;
}

/** Spec §2: 'Sucesso!' or 'Erro!' with the server's message. */
export function RedeemResultDialog({
  result,
  onClose,
}: {
  result: RedeemResult | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={result !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-sm">
        {result ? (
          <>
            <DialogHeader className="items-center text-center sm:text-center">
              {result.ok ? (
                <CircleCheck className="size-12 text-emerald-500" aria-hidden />
              ) : (
                <CircleX className="text-destructive size-12" aria-hidden />
              )}
              <DialogTitle>{result.ok ? t.success : t.error}</DialogTitle>
              <DialogDescription>{result.message}</DialogDescription>
            </DialogHeader>
            <DialogFooter className="sm:justify-center">
              <Button onClick={onClose}>{t.close}</Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
