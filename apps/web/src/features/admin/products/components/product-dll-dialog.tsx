import { LIMITS, type Product } from '@chaveiro/contract';
import { Download, FileUp } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { PendingButton } from '@/components/form/pending-button';
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
import { useDownloadDll } from '../api/download-dll';
import { useUploadDll } from '../api/upload-dll';
import { PickedFile, UploadProgress } from './file-picker';
import { formatBytes } from './product-format';
import { useFilePicker } from './use-file-picker';
import { formatDateTimeAt } from '@/lib/format';

/** Upload DLL: the current file (name, size, time, download) and a picker with a progress bar. */
export function ProductDllDialog({ row, onClose }: { row: Product; onClose: () => void }) {
  const upload = useUploadDll();
  const download = useDownloadDll();
  const picker = useFilePicker(LIMITS.dllMaxBytes, () => upload.reset());
  const { file, tooLarge } = picker;
  const [current, setCurrent] = useState(row.file);

  const send = () => {
    if (!file) return;
    picker.setProgress(0);
    upload.mutate(
      { id: row.id, file, onProgress: picker.setProgress },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          setCurrent(response.file);
          picker.clear();
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !upload.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>DLL de {row.name}</DialogTitle>
          <DialogDescription>
            Envie o arquivo que o loader entrega aos clientes (até {formatBytes(LIMITS.dllMaxBytes)}
            ).
          </DialogDescription>
        </DialogHeader>

        <section
          aria-label="Arquivo atual"
          className="bg-muted/40 grid gap-2 rounded-md border p-3"
        >
          {current ? (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0 text-sm">
                <p className="truncate font-medium" data-testid="dll-name">
                  {current.name}
                </p>
                <p className="text-muted-foreground">
                  {formatBytes(current.size)} · enviado em {formatDateTimeAt(current.uploadedAt)}
                </p>
              </div>
              <PendingButton
                variant="outline"
                size="sm"
                pending={download.isPending}
                onClick={() => download.mutate({ id: row.id, fileName: current.name })}
              >
                {download.isPending ? null : <Download aria-hidden />}
                Baixar
              </PendingButton>
            </div>
          ) : (
            <p className="text-muted-foreground text-sm">Nenhuma DLL enviada ainda.</p>
          )}
        </section>

        <div className="grid gap-2">
          <Label htmlFor="product-dll-file">Novo arquivo</Label>
          <Input
            {...picker.inputProps}
            id="product-dll-file"
            accept=".dll,application/x-msdownload,application/octet-stream"
            disabled={upload.isPending}
            aria-invalid={tooLarge}
          />
          <PickedFile
            file={file}
            tooLarge={tooLarge}
            tooLargeMessage="A DLL deve ter no máximo 64 MB."
          />
          {upload.isPending || upload.isSuccess ? (
            <UploadProgress progress={picker.progress} label="Progresso do envio" />
          ) : null}
        </div>

        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={upload.isPending}>
            Fechar
          </Button>
          <PendingButton pending={upload.isPending} disabled={!file || tooLarge} onClick={send}>
            {upload.isPending ? null : <FileUp aria-hidden />}
            Enviar DLL
          </PendingButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
