import { TICKET_STATUSES, type TicketStatus } from '@chaveiro/contract';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { supportTexts as t } from './texts';

/** The status filter of a ticket list; '' is every status. */
export function TicketStatusSelect({
  id,
  value,
  onValueChange,
}: {
  id: string;
  value: TicketStatus | '';
  onValueChange: (value: TicketStatus | '') => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="text-muted-foreground shrink-0">
        {t.statusFilter}
      </Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value as TicketStatus | '')}
      >
        <NativeSelectOption value="">{t.statusAll}</NativeSelectOption>
        {TICKET_STATUSES.map((status) => (
          <NativeSelectOption key={status} value={status}>
            {t.statusFilterOptions[status]}
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </div>
  );
}
