import {
  LIMITS,
  loaderFileFieldsSchema,
  loaderFileMessages as t,
  type Product,
} from '@chaveiro/contract';
import { FileUp, Trash2 } from 'lucide-react';
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
import { Textarea } from '@/components/ui/textarea';
import { formatDateTimeAt } from '@/lib/format';
import { useRemoveLoader } from '../api/remove-loader';
import { useUploadLoader } from '../api/upload-loader';
import { InlineConfirm } from './inline-confirm';
import { PickedFile, UploadProgress } from './file-picker';
import { formatBytes } from './product-format';
import { ProductLoaderReleases } from './product-loader-releases';
import { useFilePicker } from './use-file-picker';

/**
 * The loader file of a product (the executable customers download and run): the current one
 * (version, size, time, downloads, notes, remove) and a form to send a new version with its
 * release notes, with a progress bar.
 */
export function ProductLoaderDialog({ row, onClose }: { row: Product; onClose: () => void }) {
  const upload = useUploadLoader();
  const remove = useRemoveLoader();
  const picker = useFilePicker(LIMITS.loaderMaxBytes, () => upload.reset());
  const { file, tooLarge } = picker;
  const [version, setVersion] = useState('');
  const [notes, setNotes] = useState('');
  const [current, setCurrent] = useState(row.loader);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const fields = loaderFileFieldsSchema.safeParse({ version, notes });
  const fieldError = version.trim() === '' ? null : (fields.error?.issues[0]?.message ?? null);
  const busy = upload.isPending || remove.isPending;

  const send = () => {
    if (!file || !fields.success) return;
    picker.setProgress(0);
    upload.mutate(
      { id: row.id, file, ...fields.data, onProgress: picker.setProgress },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          setCurrent(response.loader);
          picker.clear();
          setVersion('');
          setNotes('');
        },
      },
    );
  };

  const removeCurrent = () => {
    remove.mutate(
      { id: row.id },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          setCurrent(null);
          setConfirmRemove(false);
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t.dialogTitle(row.name)}</DialogTitle>
          <DialogDescription>{t.dialogDescription}</DialogDescription>
        </DialogHeader>

        <section aria-label="Loader atual" className="bg-muted/40 grid gap-2 rounded-md border p-3">
          {current ? (
            <>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0 text-sm">
                  <p className="truncate font-medium" data-testid="loader-name">
                    {current.name} · {t.downloadVersion(current.version)}
                  </p>
                  <p className="text-muted-foreground">
                    {formatBytes(current.size)} · enviado em {formatDateTimeAt(current.uploadedAt)}{' '}
                    · {t.downloadsCount(current.downloads)}
                  </p>
                </div>
                {confirmRemove ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={busy}
                    onClick={() => setConfirmRemove(true)}
                  >
                    <Trash2 aria-hidden />
                    {t.remove}
                  </Button>
                )}
              </div>
              {current.notes ? (
                <p className="text-muted-foreground text-sm whitespace-pre-line">{current.notes}</p>
              ) : null}
              {confirmRemove ? (
                <InlineConfirm
                  message={t.removeConfirm}
                  confirmLabel={t.remove}
                  cancelLabel="Cancelar"
                  pending={remove.isPending}
                  onConfirm={removeCurrent}
                  onCancel={() => setConfirmRemove(false)}
                />
              ) : null}
            </>
          ) : (
            <p className="text-muted-foreground text-sm">{t.none}</p>
          )}
        </section>

        <ProductLoaderReleases productId={row.id} />

        <div className="grid gap-3">
          <div className="grid gap-2">
            <Label htmlFor="product-loader-file">{t.fileLabel}</Label>
            <Input
              {...picker.inputProps}
              id="product-loader-file"
              accept=".exe,application/x-msdownload,application/vnd.microsoft.portable-executable,application/octet-stream"
              disabled={busy}
              aria-invalid={tooLarge}
            />
            <PickedFile file={file} tooLarge={tooLarge} tooLargeMessage={t.fileTooLarge} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="product-loader-version">{t.versionLabel}</Label>
            <Input
              id="product-loader-version"
              value={version}
              placeholder={t.versionPlaceholder}
              maxLength={LIMITS.loaderVersionMax + 8}
              disabled={busy}
              aria-invalid={fieldError !== null}
              onChange={(event) => setVersion(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="product-loader-notes">{t.notesLabel}</Label>
            <Textarea
              id="product-loader-notes"
              value={notes}
              rows={3}
              disabled={busy}
              onChange={(event) => setNotes(event.target.value)}
            />
          </div>
          {fieldError ? <p className="text-destructive text-sm">{fieldError}</p> : null}
          {upload.isPending || upload.isSuccess ? (
            <UploadProgress progress={picker.progress} label="Progresso do envio" />
          ) : null}
        </div>

        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            Fechar
          </Button>
          <PendingButton
            pending={upload.isPending}
            disabled={!file || tooLarge || !fields.success || remove.isPending}
            onClick={send}
          >
            {upload.isPending ? null : <FileUp aria-hidden />}
            {t.send}
          </PendingButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
