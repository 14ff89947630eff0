import { ANALYTICS_LIMITS } from '@chaveiro/contract';
import { addDays, format, parseISO } from 'date-fns';
import { CalendarRange } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatDay } from '@/lib/format';
import { cn } from '@/lib/utils';
import { rangeError, today, type Period } from './period';
import { texts } from './texts';

const t = texts.period;

interface PeriodPickerProps {
  period: Period;
  onChange: (period: Period) => void;
  /** The range the server answered (shown as dates, and the custom form's starting values). */
  range?: { from: string; to: string } | undefined;
  className?: string;
}

/** 7 / 30 / 90 dias or Personalizado (two dates, checked with the contract's messages). */
export function PeriodPicker({ period, onChange, range, className }: PeriodPickerProps) {
  const [customOpen, setCustomOpen] = useState(period.kind === 'custom');
  const showCustom = customOpen || period.kind === 'custom';
  return (
    <div className={cn('grid gap-3', className)}>
      <div className="flex flex-wrap items-center gap-2">
        <div
          role="group"
          aria-label={t.label}
          className="bg-muted flex w-fit max-w-full flex-wrap rounded-lg p-1"
        >
          {ANALYTICS_LIMITS.presets.map((days) => {
            const pressed = !showCustom && period.kind === 'preset' && period.days === days;
            return (
              <Button
                key={days}
                type="button"
                size="sm"
                variant={pressed ? 'default' : 'ghost'}
                aria-pressed={pressed}
                onClick={() => {
                  setCustomOpen(false);
                  onChange({ kind: 'preset', days });
                }}
              >
                {t.preset(days)}
              </Button>
            );
          })}
          <Button
            type="button"
            size="sm"
            variant={showCustom ? 'default' : 'ghost'}
            aria-pressed={showCustom}
            aria-expanded={showCustom}
            onClick={() => setCustomOpen(true)}
          >
            <CalendarRange aria-hidden className="max-sm:hidden" />
            {t.custom}
          </Button>
        </div>
        {range && (
          <p className="text-muted-foreground text-sm tabular-nums">
            {t.range(formatDay(range.from), formatDay(range.to))}
          </p>
        )}
      </div>
      {showCustom && (
        <CustomRangeForm
          // A new range from the URL (Back, a link) refills the form.
          key={period.kind === 'custom' ? `${period.from}:${period.to}` : 'preset'}
          initial={period.kind === 'custom' ? period : (range ?? defaultRange())}
          onApply={(from, to) => onChange({ kind: 'custom', from, to })}
        />
      )}
    </div>
  );
}

function defaultRange() {
  const to = today();
  const from = format(addDays(parseISO(to), 1 - ANALYTICS_LIMITS.defaultDays), 'yyyy-MM-dd');
  return { from, to };
}

function CustomRangeForm({
  initial,
  onApply,
}: {
  initial: { from: string; to: string };
  onApply: (from: string, to: string) => void;
}) {
  const id = useId();
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = rangeError(from, to);
    setError(problem);
    if (problem === null) onApply(from, to);
  };
  const errorId = `${id}-error`;
  const invalid = error !== null;
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-from`}>{t.from}</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={from}
          max={today()}
          onChange={(event) => setFrom(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          className="w-40"
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-to`}>{t.to}</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={to}
          max={today()}
          onChange={(event) => setTo(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          className="w-40"
        />
      </div>
      <Button type="submit" size="sm" className="h-9">
        {t.apply}
      </Button>
      {invalid && (
        <p id={errorId} role="alert" className="text-destructive basis-full text-sm">
          {error}
        </p>
      )}
    </form>
  );
}
