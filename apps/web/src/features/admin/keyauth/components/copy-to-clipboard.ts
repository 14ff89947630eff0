import { toast } from 'sonner';
import { keyAuthTexts } from '../texts';

/** Copies `text`, confirming with a toast (`copied`) or saying how to copy by hand. */
export async function copyToClipboard(text: string, copied: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copied);
    return true;
  } catch {
    toast.error(keyAuthTexts.values.copyFailed);
    return false;
  }
}
