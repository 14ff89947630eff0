import { messages, type Deposit } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubRoutes, type Routes, type SentRequest } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { aDashboard, signInAsClient } from '@/testing/customer-fixtures';
import { BalanceChip } from './balance-chip';
import { DepositDialog } from './deposit-dialog';

/** The header's balance chip and Depositar button, as the customer layout shows them. */
const routes: RouteObject[] = [
  {
    path: '/dashboard',
    element: (
      <div>
        <BalanceChip />
        <DepositDialog />
      </div>
    ),
  },
];

beforeEach(() => signInAsClient());
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

const PIX = { pix_key: 'pix@chaveiro.com.br', beneficiary: 'Chaveiro Tecnologia LTDA' };
const BR_CODE =
  '00020126410014br.gov.bcb.pix0119pix@chaveiro.com.br520400005303986540530.005802BR5913CHAVEIRO TECN6009SAO PAULO62120508K7M39QXA6304ABCD';
const manual = (amount: number, reference: string) => ({
  method: 'pix',
  ...PIX,
  amount,
  reference,
  pix_code: BR_CODE,
  expires_at: null,
  gateway: 'manual',
});

function aDeposit(overrides: Partial<Deposit> = {}): Deposit {
  return {
    id: 'dep-1',
    amount: 30,
    method: 'pix',
    reference: 'K7M39QXA',
    status: 'pending',
    reject_reason: null,
    created_at: '2030-01-10T12:00:00.000Z',
    decided_at: null,
    gateway: 'manual',
    expires_at: null,
    order_id: null,
    ...overrides,
  };
}

interface ServerState {
  pix?: boolean;
  deposits?: Deposit[];
  balance?: number;
  onCreate?: (body: { amount: number }) => void;
  instructions?: (amount: number, reference: string) => object;
}

/** The deposit API; `state` may change between calls (an admin approving meanwhile). */
function depositsApi(state: ServerState = {}): Routes {
  return {
    'GET /api/client/dashboard': () => aDashboard({ balance: state.balance ?? 0 }),
    'GET /api/deposits/availability': () => ({ pix: state.pix ?? true }),
    'POST /api/deposits': ({ body }) => {
      const { amount } = body as { amount: number };
      state.onCreate?.({ amount });
      const deposit = aDeposit({ id: 'dep-new', amount, reference: 'NEWREF22' });
      return jsonResponse(201, {
        message: messages.deposits.created,
        deposit,
        instructions:
          state.instructions?.(amount, deposit.reference) ?? manual(amount, deposit.reference),
      });
    },
    'GET /api/deposits': () => {
      const items = state.deposits ?? [];
      return { items, total: items.length, page: 1, pageSize: 5 };
    },
    'GET /api/deposits/dep-1': { deposit: aDeposit(), instructions: manual(30, 'K7M39QXA') },
  };
}

const creations = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'POST' && request.url === '/api/deposits');

async function openDialog() {
  renderRoutes(routes, '/dashboard');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^Depositar/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Depositar saldo' });
  return { user, dialog };
}

describe('Depositar', { timeout: 20_000 }, () => {
  it('opens a PIX deposit for a pt-BR amount and shows the instructions to copy', async () => {
    const { sent } = stubRoutes(depositsApi());
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByRole('radio', { name: /PIX/ })).toBeChecked();
    const submit = within(dialog).getByRole('button', { name: 'Gerar PIX' });
    await waitFor(() => expect(submit).toBeEnabled());

    await user.type(within(dialog).getByLabelText('Valor do depósito'), '1.025,5');
    await user.click(submit);

    const paying = await screen.findByRole('dialog', { name: 'Pague com PIX' });
    expect(creations(sent)).toEqual([
      { method: 'POST', url: '/api/deposits', body: { amount: 1025.5 } },
    ]);
    expect(within(paying).getByText(PIX.pix_key)).toBeInTheDocument();
    expect(within(paying).getByText(PIX.beneficiary)).toBeInTheDocument();
    expect(within(paying).getAllByText('R$ 1.025,50')).toHaveLength(2);
    expect(within(paying).getByText('NEWREF22')).toBeInTheDocument();
    expect(await within(paying).findByRole('img', { name: 'QR code do PIX' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/) as string,
    );
    await user.click(within(paying).getByRole('button', { name: 'Copiar pix copia e cola' }));
    expect(await navigator.clipboard.readText()).toBe(BR_CODE);

    await user.click(within(paying).getByRole('button', { name: 'Copiar código de referência' }));
    expect(await navigator.clipboard.readText()).toBe('NEWREF22');
    await user.click(within(paying).getByRole('button', { name: 'Copiar valor' }));
    expect(await navigator.clipboard.readText()).toBe('1.025,50');
    expect(await screen.findByText('Valor copiado!')).toBeInTheDocument();
  });

  it.each([
    ['4,99', messages.deposits.amountMin],
    ['10000,01', messages.deposits.amountMax],
    ['5,001', messages.deposits.amountInvalid],
    ['abc', messages.deposits.amountInvalid],
  ])('refuses %j before calling the server', async (typed, message) => {
    const { sent } = stubRoutes(depositsApi());
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Valor do depósito'), typed);
    await user.click(within(dialog).getByRole('button', { name: 'Gerar PIX' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(creations(sent)).toEqual([]);
  });

  it('fills the amount from a suggested value', async () => {
    const { sent } = stubRoutes(depositsApi());
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'R$ 50' }));
    expect(within(dialog).getByLabelText('Valor do depósito')).toHaveValue('50,00');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Gerar PIX' })).toBeEnabled(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Gerar PIX' }));
    await screen.findByRole('dialog', { name: 'Pague com PIX' });
    expect(creations(sent)[0]?.body).toEqual({ amount: 50 });
  });

  it('says deposits are unavailable while the admin has not set a PIX key', async () => {
    stubRoutes(depositsApi({ pix: false }));
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText(messages.deposits.pixNotConfigured)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Depósitos indisponíveis' })).toBeDisabled();
  });

  it('lists the recent deposits with their status and shows a pending one again', async () => {
    stubRoutes(
      depositsApi({
        deposits: [
          aDeposit(),
          aDeposit({ id: 'dep-2', amount: 15, reference: 'APROV234', status: 'approved' }),
          aDeposit({
            id: 'dep-3',
            amount: 8,
            reference: 'RECUS567',
            status: 'rejected',
            reject_reason: 'Pagamento não encontrado',
          }),
        ],
      }),
    );
    const { user, dialog } = await openDialog();
    const list = await within(dialog).findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/R\$ 30,00Pendente.*K7M39QXA.*Ver instruções/) as string,
      expect.stringMatching(/R\$ 15,00Aprovado.*APROV234/) as string,
      expect.stringMatching(
        /R\$ 8,00Recusado.*RECUS567.*Motivo: Pagamento não encontrado/,
      ) as string,
    ]);

    await user.click(
      within(dialog).getByRole('button', { name: 'Ver instruções do depósito K7M39QXA' }),
    );
    const paying = await screen.findByRole('dialog', { name: 'Pague com PIX' });
    expect(await within(paying).findByText('K7M39QXA')).toBeInTheDocument();
    await user.click(within(paying).getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('dialog', { name: 'Depositar saldo' })).toBeInTheDocument();
  });

  it('reads the balance again once a pending deposit is approved', async () => {
    const state: ServerState = { deposits: [aDeposit()], balance: 0 };
    state.onCreate = () => {
      // Meanwhile the admin approved the first deposit.
      state.deposits = [aDeposit({ status: 'approved' })];
      state.balance = 30;
    };
    stubRoutes(depositsApi(state));
    const { user, dialog } = await openDialog();
    expect(await screen.findByText('R$ 0,00')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Valor do depósito'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar PIX' }));
    expect(await screen.findByText('R$ 30,00')).toBeInTheDocument();
  });

  it('shows a Mercado Pago charge with its expiry and turns to "Pagamento confirmado" once paid', async () => {
    const expiresAt = new Date(Date.now() + 29 * 60_000 + 30_000).toISOString();
    const state: ServerState = {
      instructions: (amount, reference) => ({
        method: 'pix',
        pix_key: '',
        beneficiary: '',
        amount,
        reference,
        pix_code: 'MP-COPIA-E-COLA',
        expires_at: expiresAt,
        gateway: 'mercadopago',
      }),
    };
    state.onCreate = ({ amount }) => {
      state.deposits = [aDeposit({ id: 'dep-new', amount, reference: 'NEWREF22' })];
    };
    stubRoutes(depositsApi(state));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Valor do depósito'), '40');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar PIX' }));
    const paying = await screen.findByRole('dialog', { name: 'Pague com PIX' });
    expect(within(paying).getByText('MP-COPIA-E-COLA')).toBeInTheDocument();
    expect(within(paying).getByText(/^29:\d\d$/)).toBeInTheDocument();
    expect(within(paying).queryByText('Chave PIX')).not.toBeInTheDocument();

    // The gateway confirms it: the watch reads the deposits again and the dialog says so.
    state.deposits = [
      aDeposit({ id: 'dep-new', amount: 40, reference: 'NEWREF22', status: 'approved' }),
    ];
    expect(
      await within(paying).findByText('Pagamento confirmado', undefined, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(within(paying).getByText('R$ 40,00 foram creditados no seu saldo.')).toBeInTheDocument();
  });
});
