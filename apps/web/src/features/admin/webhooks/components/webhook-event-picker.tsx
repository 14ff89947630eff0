import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '@chaveiro/contract';
import { CheckOption } from '@/components/form/check-option';
import { Button } from '@/components/ui/button';
import { webhooksTexts } from '../texts';

const text = webhooksTexts.form;

interface WebhookEventPickerProps {
  value: readonly WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
  error?: string | undefined;
}

/** The events an endpoint hears, grouped by what they are about, with "Selecionar todos". */
export function WebhookEventPicker({ value, onChange, error }: WebhookEventPickerProps) {
  const chosen = new Set<WebhookEventType>(value);
  const allChosen = WEBHOOK_EVENT_TYPES.every((type) => chosen.has(type));
  // Kept in the contract's order, whatever order they were ticked in.
  const toggle = (type: WebhookEventType, on: boolean) =>
    onChange(WEBHOOK_EVENT_TYPES.filter((t) => (t === type ? on : chosen.has(t))));

  return (
    <div
      role="group"
      aria-labelledby="webhook-events-label"
      aria-describedby={error ? 'webhook-events-error' : undefined}
      className="grid gap-2"
    >
      <div className="flex items-center justify-between gap-2">
        <span id="webhook-events-label" className="text-sm leading-none font-medium">
          {text.events}
        </span>
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto px-0"
          aria-pressed={allChosen}
          onClick={() => onChange(allChosen ? [] : [...WEBHOOK_EVENT_TYPES])}
        >
          {text.selectAll}
        </Button>
      </div>
      <div className="grid gap-3 rounded-md border p-2 sm:grid-cols-2">
        {webhooksTexts.eventGroups.map((group) => (
          <fieldset key={group.title} className="grid content-start gap-0.5">
            <legend className="text-muted-foreground mb-1 px-2 text-xs font-semibold tracking-wide uppercase">
              {group.title}
            </legend>
            {group.events.map((type) => (
              <CheckOption
                key={type}
                id={`webhook-event-${type.replace(/[._]/g, '-')}`}
                checked={chosen.has(type)}
                onCheckedChange={(on) => toggle(type, on)}
                label={WEBHOOK_EVENT_LABELS[type]}
                detail={type}
              />
            ))}
          </fieldset>
        ))}
      </div>
      {error ? (
        <p id="webhook-events-error" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
