import { toast } from 'sonner';
import { texts } from '../texts';

const t = texts.copy;

/** Copies keys one per line and says so in a toast (or how to copy by hand if it failed). */
export async function copyKeys(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) {
    toast.info(t.nothing);
    return;
  }
  try {
    await navigator.clipboard.writeText(keys.join('\n'));
    toast.success(keys.length === 1 ? t.copiedOne : t.copiedMany(keys.length));
  } catch {
    toast.error(t.failed);
  }
}
