import { toast } from 'sonner';

const copyFailed = 'Não foi possível copiar. Selecione o texto e copie manualmente.';

/** Copies `value`, confirming with a toast (`copied`) or saying how to copy by hand. */
export async function copyToClipboard(value: string, copied: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    toast.success(copied);
    return true;
  } catch {
    toast.error(copyFailed);
    return false;
  }
}
