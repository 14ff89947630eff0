import { messages } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import {
  aDeposit,
  unset,
  settingsOf,
  stubAdmin,
  renderScreen,
  rowOf,
} from '../testing/deposits-stub';

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

describe('PIX settings card', { timeout: 20_000 }, () => {
  it('says deposits are off without a key and saves a new key and beneficiary', async () => {
    const sent = stubAdmin({
      pix: settingsOf({ pix_key: '', pix_beneficiary: '', pix_city: '' }),
      routes: {
        'PATCH /api/admin/payment-settings': ({ body }) => ({
          message: d.paymentSettingsSaved,
          ...settingsOf(),
          ...(body as object),
          mercadopago_access_token: unset,
          mercadopago_webhook_secret: unset,
        }),
      },
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
      routes: {
        'PATCH /api/admin/payment-settings': ({ body }) => ({
          message: d.paymentSettingsSaved,
          ...configured,
          ...(body as object),
          mercadopago_access_token: configured.mercadopago_access_token,
          mercadopago_webhook_secret: unset,
        }),
      },
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
      routes: {
        'POST /api/admin/deposits/dep-mp1/cancel': {
          message: d.cancelled,
          deposit: { ...pendingCharge, status: 'cancelled' },
        },
        'POST /api/admin/deposits/dep-mp2/refund': () =>
          jsonResponse(502, {
            message: d.gatewayActionFailed,
            code: 'PAYMENT_GATEWAY_UNAVAILABLE',
          }),
      },
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
