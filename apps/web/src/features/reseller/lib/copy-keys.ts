import { toast } from 'sonner';
import { texts } from '../texts';

const t = texts.copy;

const copiedKeys = (count: number) => (count === 1 ? t.copiedOne : t.copiedMany(count));

/**
 * Copies keys one per line and says how many in a toast (or how to copy by hand if it failed);
 * `describe` words the count for what was copied.
 */
export async function copyKeys(
  keys: readonly string[],
  describe: (count: number) => string = copiedKeys,
): Promise<void> {
  if (keys.length === 0) {
    toast.info(t.nothing);
    return;
  }
  try {
    await navigator.clipboard.writeText(keys.join('\n'));
    toast.success(describe(keys.length));
  } catch {
    toast.error(t.failed);
  }
}
