import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '@chaveiro/contract';
import { CheckGroup } from '@/components/form/check-group';
import { CheckOption } from '@/components/form/check-option';
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
    <CheckGroup
      id="webhook-events"
      label={text.events}
      selectAllLabel={text.selectAll}
      allChosen={allChosen}
      onSelectAll={(all) => onChange(all ? [...WEBHOOK_EVENT_TYPES] : [])}
      error={error}
    >
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
    </CheckGroup>
  );
}
