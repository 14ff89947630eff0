import { DEPOSIT_STATUS_FILTERS, LIMITS, type DepositStatusFilter } from '@chaveiro/contract';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { FilterToggleGroup } from '@/components/data-table/filter-toggle-group';
import { PagedListCard } from '@/components/data-table/paged-list-card';
import { useListParams } from '@/components/data-table/use-list-params';
import { PendingButton } from '@/components/form/pending-button';
import { useExportDeposits } from '../api/export-deposits';
import { useDeposits } from '../api/get-deposits';
import { depositsTexts } from '../texts';
import { DepositDialogs } from './deposit-dialogs';
import { DepositsDialogsContext, type OpenDepositDialog } from './deposits-dialogs-context';
import { DepositsTable } from './deposits-table';
import { PixSettingsCard } from './pix-settings-card';
import { PageHeader } from '@/components/layout/page-header';

const PAGE_SIZE = LIMITS.pageSizeDefault;
const text = depositsTexts;
const FILTERS: DepositStatusFilter[] = [
  'pending',
  'approved',
  'rejected',
  'cancelled',
  'expired',
  'refunded',
  'all',
];

function DepositsListCard() {
  const paged = useListParams({ filters: { status: 'pending' } });
  const { q, page } = paged;
  const status = (DEPOSIT_STATUS_FILTERS as readonly string[]).includes(paged.filters.status)
    ? (paged.filters.status as DepositStatusFilter)
    : 'pending';
  const deposits = useDeposits({ status, q: q || undefined, page, pageSize: PAGE_SIZE });
  const exportCsv = useExportDeposits();

  return (
    <PagedListCard
      title={text.list.title}
      description={text.list.description}
      headerClassName="gap-3"
      paged={paged}
      searchLabel={text.list.search}
      searchClassName="lg:w-80 lg:max-w-none"
      filter={{
        control: (
          <div className="flex flex-wrap items-center gap-2">
            <FilterToggleGroup
              label={text.filters.label}
              options={FILTERS}
              optionLabels={text.filters}
              value={status}
              onChange={(value) => paged.setFilter('status', value)}
              className="sm:flex-wrap"
            />
            <PendingButton
              variant="outline"
              pending={exportCsv.isPending}
              onClick={() => exportCsv.mutate({ status, q: q || undefined })}
            >
              {exportCsv.isPending ? null : <Download aria-hidden />}
              Exportar CSV
            </PendingButton>
          </div>
        ),
        className: 'flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between',
      }}
      query={deposits}
      noun={text.list.noun}
    >
      <DepositsTable query={deposits} emptyText={q ? text.list.noMatch : text.list.empty[status]} />
    </PagedListCard>
  );
}

/**
 * `/admin/deposits`: confirm or refuse manual PIX deposits, follow, cancel or refund Mercado Pago
 * charges, and the payment settings.
 */
export function DepositsScreen() {
  const [open, setOpen] = useState<OpenDepositDialog | null>(null);
  const dialogs = useMemo(() => ({ open, setOpen }), [open]);

  return (
    <DepositsDialogsContext value={dialogs}>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <PageHeader title={text.title} subtitle={text.subtitle} />
        <DepositsListCard />
        <PixSettingsCard />
      </div>
      <DepositDialogs />
    </DepositsDialogsContext>
  );
}
