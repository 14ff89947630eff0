import { Progress } from '@/components/ui/progress';
import { formatBytes } from './product-format';

/** Under the input: the picked file's name and size, or why it cannot be sent. */
export function PickedFile({
  id,
  file,
  tooLarge,
  tooLargeMessage,
}: {
  id?: string;
  file: File | null;
  tooLarge: boolean;
  tooLargeMessage: string;
}) {
  if (!file) return null;
  return (
    <p id={id} className={tooLarge ? 'text-destructive text-sm' : 'text-muted-foreground text-sm'}>
      {tooLarge ? tooLargeMessage : `${file.name} · ${formatBytes(file.size)}`}
    </p>
  );
}

/** The send's progress bar, named `label`; `withPercent` writes the figure under it too. */
export function UploadProgress({
  progress,
  label,
  withPercent = true,
}: {
  progress: number;
  label: string;
  withPercent?: boolean;
}) {
  const percent = Math.round(progress * 100);
  const bar = (
    <Progress
      value={percent}
      // The primitive keeps `value` for the bar only; screen readers need it too.
      aria-valuenow={percent}
      aria-valuetext={`${String(percent)}%`}
      aria-label={label}
    />
  );
  if (!withPercent) return bar;
  return (
    <div className="grid gap-1">
      {bar}
      <p className="text-muted-foreground text-right text-xs tabular-nums">{percent}%</p>
    </div>
  );
}
