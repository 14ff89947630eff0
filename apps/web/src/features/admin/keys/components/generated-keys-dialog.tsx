import { plural } from '@chaveiro/contract';
import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

interface GeneratedKeysDialogProps {
  keys: string[];
  message: string;
  onClose: () => void;
}

/** The keys a generation produced, with "copiar todas" (one key per line). */
export function GeneratedKeysDialog({ keys, message, onClose }: GeneratedKeysDialogProps) {
  const copyAll = async () => {
    try {
      await navigator.clipboard.writeText(keys.join('\n'));
      toast.success(`${plural(keys.length, 'chave copiada', 'chaves copiadas')}!`);
    } catch {
      toast.error('Não foi possível copiar. Selecione as chaves e copie manualmente.');
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Chaves geradas</DialogTitle>
          <DialogDescription>{message}</DialogDescription>
        </DialogHeader>
        <ol
          aria-label="Chaves geradas"
          className="bg-muted/50 max-h-72 overflow-y-auto rounded-md border p-3 font-mono text-sm"
        >
          {keys.map((key) => (
            <li key={key} className="py-0.5 select-all">
              {key}
            </li>
          ))}
        </ol>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Fechar
          </Button>
          <Button type="button" onClick={() => void copyAll()}>
            <Copy aria-hidden /> Copiar todas
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
