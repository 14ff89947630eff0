import { messages, type AdminDeposit, type PaymentSettings } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi, type SentRequest } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { DepositsScreen } from './deposits-screen';

const d = messages.deposits;

beforeEach(() => {
  localStorage.setItem(
    'authToken',
    fakeToken({ role: 'admin', username: 'admin', exp: epochSeconds(3600) }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

function aDeposit(overrides: Partial<AdminDeposit> = {}): AdminDeposit {
  return {
    id: 'dep-1',
    amount: 1234.5,
    method: 'pix',
    reference: 'K7M39QXA',
    status: 'pending',
    reject_reason: null,
    created_at: '2030-01-10T12:00:00.000Z',
    decided_at: null,
    user: { id: 'u-ana', username: 'ana', email: 'ana@exemplo.com' },
    decided_by: null,
    gateway: 'manual',
    expires_at: null,
    order_id: null,
    gateway_payment_id: null,
    gateway_status: null,
    payer: null,
    paid_at: null,
    refunded_at: null,
    uncovered_amount: null,
    flag: null,
    ...overrides,
  };
}

const unset = { configured: false, last4: null };

function settingsOf(overrides: Partial<PaymentSettings> = {}): PaymentSettings {
  return {
    mode: 'manual',
    pix_key: 'pix@chaveiro.com.br',
    pix_beneficiary: 'Chaveiro',
    pix_city: 'Curitiba',
    mercadopago_access_token: unset,
    mercadopago_webhook_secret: unset,
    webhook_url: 'https://loja.example/api/payments/mercadopago/webhook',
    ...overrides,
  };
}

const rejected = aDeposit({
  id: 'dep-2',
  amount: 8,
  reference: 'RECUS567',
  status: 'rejected',
  reject_reason: 'PIX não encontrado',
  decided_at: '2030-01-11T12:00:00.000Z',
  decided_by: 'chefe',
  user: { id: 'u-bia', username: 'bia', email: 'bia@exemplo.com' },
});

const page = (items: AdminDeposit[], total = items.length, pageNumber = 1) => ({
  items,
  total,
  page: pageNumber,
  pageSize: 20,
});

interface Server {
  rows?: AdminDeposit[];
  pix?: PaymentSettings;
  write?: (request: SentRequest) => Response;
}

function stubAdmin({ rows = [aDeposit()], pix, write }: Server = {}) {
  return stubApi((request) => {
    const { method, url } = request;
    if (method === 'GET' && url.startsWith('/api/admin/deposits?'))
      return jsonResponse(200, page(rows));
    if (method === 'GET' && url === '/api/admin/payment-settings') {
      return jsonResponse(200, pix ?? settingsOf());
    }
    return write?.(request) ?? jsonResponse(404, { message: 'not stubbed', code: 'NOT_FOUND' });
  });
}

const listReads = (sent: SentRequest[]) =>
  sent.filter(
    (request) => request.method === 'GET' && request.url.startsWith('/api/admin/deposits?'),
  );

async function renderScreen() {
  renderRoutes([{ path: '/admin/deposits', Component: DepositsScreen }], '/admin/deposits');
  await screen.findByRole('heading', { level: 1, name: 'Depósitos' });
  return userEvent.setup();
}

const rowOf = async (username: string) => {
  const row = (await screen.findByText(username)).closest('tr');
  if (!row) throw new Error(`no row for ${username}`);
  return row;
};

describe('/admin/deposits list', { timeout: 20_000 }, () => {
  it('starts on the pending deposits with user, amount, reference, date and status', async () => {
    const sent = stubAdmin();
    await renderScreen();
    const row = await rowOf('ana');
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('ana@exemplo.com');
    expect(cells[1]).toHaveTextContent(/^R\$ 1\.234,50$/);
    expect(cells[2]).toHaveTextContent(/^K7M39QXA$/);
    expect(cells[4]).toHaveTextContent(/^Pendente$/);
    expect(
      within(row).getByRole('button', { name: 'Aprovar depósito K7M39QXA' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pendentes' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(listReads(sent)[0]?.url).toBe('/api/admin/deposits?status=pending&page=1&pageSize=20');
  });

  it('filters by status and searches on the server', async () => {
    const sent = stubAdmin({ rows: [rejected] });
    const user = await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Recusados' }));
    await waitFor(() =>
      expect(listReads(sent).at(-1)?.url).toBe(
        '/api/admin/deposits?status=rejected&page=1&pageSize=20',
      ),
    );
    const row = await rowOf('bia');
    expect(within(row).getAllByText('Motivo: PIX não encontrado').length).toBeGreaterThan(0);
    expect(within(row).getAllByText(/por chefe em 11\/01\/2030/).length).toBeGreaterThan(0);
    expect(within(row).queryByRole('button', { name: /Aprovar/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Todos' }));
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por usuário ou referência' }),
      'k7m',
    );
    await waitFor(() =>
      expect(listReads(sent).at(-1)?.url).toBe(
        '/api/admin/deposits?status=all&q=k7m&page=1&pageSize=20',
      ),
    );
  });

  it('exports the filtered deposits as CSV and keeps the filter in the URL', async () => {
    const createObjectURL = vi.fn(() => 'blob:depositos');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const sent = stubAdmin({
      rows: [rejected],
      write: ({ url }) =>
        url.startsWith('/api/admin/deposits/export.csv')
          ? new Response('referencia\r\n', { headers: { 'Content-Type': 'text/csv' } })
          : jsonResponse(404, { message: 'not stubbed', code: 'NOT_FOUND' }),
    });
    const user = await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Recusados' }));
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() =>
      expect(sent.map((request) => request.url)).toContain(
        '/api/admin/deposits/export.csv?status=rejected',
      ),
    );
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('says when no deposit waits for approval', async () => {
    stubAdmin({ rows: [] });
    await renderScreen();
    expect(await screen.findByText('Nenhum depósito aguardando aprovação.')).toBeInTheDocument();
  });

  it('shows the load error', async () => {
    stubApi(() => jsonResponse(403, { message: 'Proibido', code: 'FORBIDDEN' }));
    await renderScreen();
    expect(await screen.findAllByText(messages.errors.loadFailed)).not.toHaveLength(0);
  });
});

describe('approve and reject', { timeout: 20_000 }, () => {
  it('approves after a confirmation, toasts and reads the list again', async () => {
    const sent = stubAdmin({
      write: ({ method, url }) =>
        method === 'POST' && url === '/api/admin/deposits/dep-1/approve'
          ? jsonResponse(200, {
              message: d.approved,
              deposit: aDeposit({ status: 'approved', decided_by: 'admin' }),
            })
          : jsonResponse(404, { message: 'not stubbed', code: 'NOT_FOUND' }),
    });
    const user = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Aprovar depósito K7M39QXA' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Aprovar depósito?' });
    expect(dialog).toHaveTextContent('R$ 1.234,50 serão creditados no saldo de ana');
    const readsBefore = listReads(sent).length;
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar e creditar' }));

    expect(await screen.findByText(d.approved)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/admin/deposits/dep-1/approve', body: undefined },
    ]);
    await waitFor(() => expect(listReads(sent).length).toBeGreaterThan(readsBefore));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('reports a deposit someone else already decided', async () => {
    stubAdmin({
      write: () =>
        jsonResponse(409, { message: d.alreadyApproved, code: 'DEPOSIT_ALREADY_DECIDED' }),
    });
    const user = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Aprovar depósito K7M39QXA' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Aprovar depósito?' });
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar e creditar' }));
    expect(await screen.findByText(d.alreadyApproved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('rejects with a required reason', async () => {
    const sent = stubAdmin({
      write: ({ method, url }) =>
        method === 'POST' && url === '/api/admin/deposits/dep-1/reject'
          ? jsonResponse(200, { message: d.rejected, deposit: aDeposit({ status: 'rejected' }) })
          : jsonResponse(404, { message: 'not stubbed', code: 'NOT_FOUND' }),
    });
    const user = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Recusar depósito K7M39QXA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recusar depósito' });
    await user.click(within(dialog).getByRole('button', { name: 'Recusar depósito' }));
    expect(await within(dialog).findByText(d.rejectReasonRequired)).toBeInTheDocument();

    await user.type(
      within(dialog).getByLabelText('Motivo da recusa'),
      'PIX não encontrado no extrato',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Recusar depósito' }));
    expect(await screen.findByText(d.rejected)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/admin/deposits/dep-1/reject',
        body: { reason: 'PIX não encontrado no extrato' },
      },
    ]);
  });
});

describe('PIX settings card', { timeout: 20_000 }, () => {
  it('says deposits are off without a key and saves a new key and beneficiary', async () => {
    const sent = stubAdmin({
      pix: settingsOf({ pix_key: '', pix_beneficiary: '', pix_city: '' }),
      write: ({ method, url, body }) =>
        method === 'PATCH' && url === '/api/admin/payment-settings'
          ? jsonResponse(200, {
              message: d.paymentSettingsSaved,
              ...settingsOf(),
              ...(body as object),
              mercadopago_access_token: unset,
              mercadopago_webhook_secret: unset,
            })
          : jsonResponse(404, { message: 'not stubbed', code: 'NOT_FOUND' }),
    });
    const user = await renderScreen();
    expect(await screen.findByText(/Depósitos desativados/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Chave PIX'), '123.456.789-00');
    await user.type(screen.getByLabelText('Nome do beneficiário'), 'Chaveiro LTDA');
    await user.type(screen.getByLabelText('Cidade do beneficiário'), 'Curitiba');
    await user.click(screen.getByRole('button', { name: 'Salvar pagamentos' }));
    expect(await screen.findByText(d.pixKeyInvalid)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Chave PIX'));
    await user.type(screen.getByLabelText('Chave PIX'), '529.982.247-25');
    await user.click(screen.getByRole('button', { name: 'Salvar pagamentos' }));
    expect(await screen.findByText(d.paymentSettingsSaved)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PATCH')).toEqual([
      {
        method: 'PATCH',
        url: '/api/admin/payment-settings',
        body: {
          mode: 'manual',
          pix_key: '52998224725',
          pix_beneficiary: 'Chaveiro LTDA',
          pix_city: 'Curitiba',
          mercadopago_access_token: '',
          mercadopago_webhook_secret: '',
        },
      },
    ]);
    expect(await screen.findByText('Depósitos ativos por PIX manual.')).toBeInTheDocument();
    expect(screen.getByLabelText('Chave PIX')).toHaveValue('52998224725');
  });

  it('shows the saved key', async () => {
    stubAdmin();
    await renderScreen();
    await waitFor(() =>
      expect(screen.getByLabelText('Chave PIX')).toHaveValue('pix@chaveiro.com.br'),
    );
    expect(screen.getByLabelText('Nome do beneficiário')).toHaveValue('Chaveiro');
  });
});

describe('Mercado Pago', { timeout: 20_000 }, () => {
  const configured = settingsOf({
    mode: 'mercadopago',
    mercadopago_access_token: { configured: true, last4: '4321' },
    mercadopago_webhook_secret: { configured: true, last4: 'a8e7' },
  });

  it('shows the credentials masked, keeps them when empty and clears one on request', async () => {
    const sent = stubAdmin({
      pix: configured,
      write: ({ method, url, body }) =>
        method === 'PATCH' && url === '/api/admin/payment-settings'
          ? jsonResponse(200, {
              message: d.paymentSettingsSaved,
              ...configured,
              ...(body as object),
              mercadopago_access_token: configured.mercadopago_access_token,
              mercadopago_webhook_secret: unset,
            })
          : jsonResponse(404, { message: 'not stubbed', code: 'NOT_FOUND' }),
    });
    const user = await renderScreen();
    expect(await screen.findByText(/Configurado ••••4321/)).toBeInTheDocument();
    expect(screen.getByText(/Configurado ••••a8e7/)).toBeInTheDocument();
    expect(screen.getByLabelText('Access token')).toHaveValue('');
    expect(screen.getByText(configured.webhook_url)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remover segredo do webhook' }));
    expect(screen.getByText('Será removido ao salvar.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar pagamentos' }));
    await screen.findByText(d.paymentSettingsSaved);
    expect(sent.filter((request) => request.method === 'PATCH')[0]?.body).toMatchObject({
      mode: 'mercadopago',
      mercadopago_access_token: '',
      mercadopago_webhook_secret: null,
    });
  });

  it('shows gateway details and flags, and cancels or refunds after a confirmation', async () => {
    const pendingCharge = aDeposit({
      id: 'dep-mp1',
      reference: 'MPCHARGE',
      gateway: 'mercadopago',
      gateway_payment_id: '1320000001',
      gateway_status: 'pending/pending_waiting_transfer',
      expires_at: '2030-01-10T12:30:00.000Z',
    });
    const mismatch = aDeposit({
      id: 'dep-mp2',
      reference: 'MISMATCH',
      gateway: 'mercadopago',
      gateway_payment_id: '1320000002',
      gateway_status: 'approved/accredited',
      payer: { email: 'pagador@banco.com', name: 'Comprador Teste' },
      flag: 'amount_mismatch',
      user: { id: 'u-bia', username: 'bia', email: 'bia@exemplo.com' },
    });
    const sent = stubAdmin({
      rows: [pendingCharge, mismatch],
      write: ({ method, url }) =>
        method === 'POST' && url === '/api/admin/deposits/dep-mp1/cancel'
          ? jsonResponse(200, {
              message: d.cancelled,
              deposit: { ...pendingCharge, status: 'cancelled' },
            })
          : jsonResponse(502, {
              message: d.gatewayActionFailed,
              code: 'PAYMENT_GATEWAY_UNAVAILABLE',
            }),
    });
    const user = await renderScreen();
    const charge = await rowOf('ana');
    expect(charge).toHaveTextContent('Mercado Pago #1320000001');
    expect(
      within(charge).queryByRole('button', { name: 'Aprovar depósito MPCHARGE' }),
    ).not.toBeInTheDocument();
    const flagged = await rowOf('bia');
    expect(flagged).toHaveTextContent('Valor divergente: não creditado');
    expect(flagged).toHaveTextContent('Pagador: Comprador Teste · pagador@banco.com');

    await user.click(
      within(charge).getByRole('button', { name: 'Cancelar cobrança do depósito MPCHARGE' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar cobrança' }));
    expect(await screen.findByText(d.cancelled)).toBeInTheDocument();

    await user.click(within(flagged).getByRole('button', { name: 'Estornar depósito MISMATCH' }));
    const refund = await screen.findByRole('alertdialog');
    await user.click(within(refund).getByRole('button', { name: 'Estornar' }));
    expect(await screen.findByText(d.gatewayActionFailed)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST').map((r) => r.url)).toEqual([
      '/api/admin/deposits/dep-mp1/cancel',
      '/api/admin/deposits/dep-mp2/refund',
    ]);
  });
});
