import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

interface SettingSwitchProps {
  id: string;
  label: string;
  /** What turning it on does, read out with the switch. */
  hint: string;
  checked: boolean;
  /** The change is on its way: the switch waits for the answer. */
  pending: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** A labelled on/off setting with its explanation underneath. */
export function SettingSwitch({
  id,
  label,
  hint,
  checked,
  pending,
  onCheckedChange,
}: SettingSwitchProps) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id} className="leading-normal">
          {label}
        </Label>
        <p id={`${id}-hint`} className="text-muted-foreground text-sm">
          {hint}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={pending}
        aria-busy={pending || undefined}
        aria-describedby={`${id}-hint`}
        onCheckedChange={onCheckedChange}
        className="mt-0.5"
      />
    </div>
  );
}
