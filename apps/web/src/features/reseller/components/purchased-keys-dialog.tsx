import { Copy, Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { copyKeys } from '../lib/copy-keys';
import { downloadPurchaseCsv } from '../lib/purchase-csv';
import { texts } from '../texts';

const t = texts.purchased;

export interface Purchase {
  message: string;
  keys: string[];
  product: string;
  plan: string;
}

/** The keys a purchase produced, with "Copiar todas" (one per line) and a CSV download. */
export function PurchasedKeysDialog({
  purchase,
  onClose,
}: {
  purchase: Purchase;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>
            {purchase.message} {t.hint}
          </DialogDescription>
        </DialogHeader>
        <ol
          aria-label={t.list}
          className="bg-muted/50 max-h-72 overflow-y-auto rounded-md border p-3 font-mono text-sm"
        >
          {purchase.keys.map((key) => (
            <li key={key} className="py-0.5 break-all select-all">
              {key}
            </li>
          ))}
        </ol>
        <DialogFooter className="gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {t.close}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => downloadPurchaseCsv(purchase.keys, purchase.product, purchase.plan)}
          >
            <Download aria-hidden /> {t.downloadCsv}
          </Button>
          <Button type="button" onClick={() => void copyKeys(purchase.keys)}>
            <Copy aria-hidden /> {t.copyAll}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
