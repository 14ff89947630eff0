import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { aimPro, aStats, signInAsReseller, wallhack } from '../testing/reseller-fixtures';
import {
  bought,
  bytesOf,
  chooseProduct,
  resellerRoutes,
  stubReseller,
  summary,
} from '../testing/reseller-stub';

beforeEach(() => signInAsReseller());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toast.dismiss();
});

describe('reseller dashboard: buying keys', { timeout: 20_000 }, () => {
  it('shows the margins the server computed against retail', async () => {
    stubReseller();
    renderRoutes(resellerRoutes, '/reseller/dashboard');
    const margins = await screen.findByRole('region', { name: 'Sua margem de revenda' });
    const card = (title: string) => within(margins).getByRole('group', { name: title });
    expect(await within(card('Total investido')).findByText('R$ 4.321,50')).toBeInTheDocument();
    expect(within(card('Valor de varejo')).getByText('R$ 6.000,00')).toBeInTheDocument();
    expect(within(card('Margem potencial')).getByText('R$ 1.678,50')).toBeInTheDocument();
    expect(within(card('Margem realizada')).getByText('R$ 1.200,25')).toBeInTheDocument();
  });

  it('buys keys after a confirmation showing the total and the balance left', async () => {
    const sent = stubReseller({
      'POST /api/reseller/keys': () =>
        jsonResponse(201, {
          message: '3 chaves compradas com sucesso!',
          keys: bought,
          total: 37.5,
          balance: 12.5,
          unitPrice: 12.5,
          retailUnitPrice: 20,
        }),
    });
    renderRoutes(resellerRoutes, '/reseller/dashboard');
    const user = userEvent.setup();
    await chooseProduct(user);

    const plan = screen.getByLabelText('Plano');
    expect(
      within(plan)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Semanal · 7 dias · R$ 4,00 por chave', 'Mensal · 30 dias · R$ 12,50 por chave']);
    await user.selectOptions(plan, 'monthly');
    const quantity = screen.getByLabelText('Quantidade');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await waitFor(() => expect(summary('Total')).toBe('R$ 37,50'));
    expect(summary('Seu preço')).toBe('R$ 12,50');
    expect(summary('Preço de varejo')).toBe('R$ 20,00');
    expect(summary('Sua margem por chave')).toBe('R$ 7,50 (37,5%)');
    expect(summary('Margem total')).toBe('R$ 22,50');
    expect(summary('Saldo atual')).toBe('R$ 50,00');
    expect(summary('Saldo após a compra')).toBe('R$ 12,50');

    await user.click(screen.getByRole('button', { name: 'Comprar chaves' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirmar compra' });
    expect(
      within(confirm).getByText(
        'Você vai comprar 3 chaves de Aim Pro (Mensal) por R$ 37,50. Seu saldo após a compra: R$ 12,50.',
      ),
    ).toBeInTheDocument();
    const statsCalls = () => sent.filter((request) => request.url === '/api/reseller/stats');
    const statsBefore = statsCalls().length;
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar compra' }));

    const result = await screen.findByRole('dialog', { name: 'Chaves compradas' });
    expect(
      within(within(result).getByRole('list', { name: 'Chaves compradas' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(bought);
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      productId: aimPro.id,
      durationType: 'monthly',
      quantity: 3,
    });
    // The statistics and the list are fetched again after the purchase.
    await waitFor(() => expect(statsCalls().length).toBeGreaterThan(statsBefore));

    await user.click(within(result).getByRole('button', { name: 'Copiar todas' }));
    expect(await navigator.clipboard.readText()).toBe(bought.join('\n'));
    expect(await screen.findByText('3 chaves copiadas!')).toBeInTheDocument();
  });

  it('offers the plan the product has and downloads the purchased keys as a CSV', async () => {
    const sent = stubReseller({
      'POST /api/reseller/keys': () =>
        jsonResponse(201, {
          message: 'ok',
          keys: bought.slice(0, 1),
          total: 0.1,
          balance: 49.9,
          unitPrice: 0.1,
          retailUnitPrice: 0.1,
        }),
    });
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:compra';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoutes(resellerRoutes, '/reseller/dashboard');
    const user = userEvent.setup();
    await chooseProduct(user, 'Wallhack Elite');
    // Wallhack has no monthly plan: its only plan, daily, is chosen.
    await waitFor(() => expect(screen.getByLabelText('Plano')).toHaveValue('daily'));
    expect(summary('Seu preço')).toBe('R$ 0,10');
    expect(summary('Sua margem por chave')).toBe('R$ 0,00 (0%)');
    await user.click(screen.getByRole('button', { name: 'Comprar chaves' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar compra' }));
    const result = await screen.findByRole('dialog', { name: 'Chaves compradas' });
    await user.click(within(result).getByRole('button', { name: 'Baixar CSV' }));

    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      productId: wallhack.id,
      durationType: 'daily',
      quantity: 1,
    });
    expect(click).toHaveBeenCalledTimes(1);
    expect(click.mock.contexts[0]).toMatchObject({ download: 'chaves-wallhack-elite.csv' });
    const bytes = await bytesOf(blobs[0]!);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      `Chave;Produto;Plano\r\n${bought[0]!};Wallhack Elite;Diário\r\n`,
    );
  });

  it('disables the purchase when the balance does not cover it', async () => {
    const sent = stubReseller({}, aStats({ balance: 10 }));
    renderRoutes(resellerRoutes, '/reseller/dashboard');
    const user = userEvent.setup();
    await chooseProduct(user);
    await user.selectOptions(screen.getByLabelText('Plano'), 'monthly');
    await waitFor(() => expect(summary('Saldo após a compra')).toBe('-R$ 2,50'));
    expect(screen.getByRole('status')).toHaveTextContent('Saldo insuficiente para esta compra.');
    expect(screen.getByRole('button', { name: 'Comprar chaves' })).toBeDisabled();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
  });

  it('checks the quantity with the contract message', async () => {
    const sent = stubReseller({}, aStats({ balance: 100_000 }));
    renderRoutes(resellerRoutes, '/reseller/dashboard');
    const user = userEvent.setup();
    await chooseProduct(user);
    const quantity = screen.getByLabelText('Quantidade');
    await user.clear(quantity);
    await user.type(quantity, '501');
    await user.click(screen.getByRole('button', { name: 'Comprar chaves' }));
    expect(
      await screen.findByText('A quantidade deve ser um número inteiro entre 1 e 500.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
  });

  it('asks for a product before buying', async () => {
    stubReseller();
    renderRoutes(resellerRoutes, '/reseller/dashboard');
    const user = userEvent.setup();
    await screen.findByLabelText('Produto');
    await waitFor(() => expect(summary('Saldo atual')).toBe('R$ 50,00'));
    await user.click(screen.getByRole('button', { name: 'Comprar chaves' }));
    expect(await screen.findByText('Selecione um produto.')).toBeInTheDocument();
  });

  it('shows the server’s reason in a toast when the purchase is refused', async () => {
    stubReseller({
      'POST /api/reseller/keys': () =>
        jsonResponse(409, { message: 'Saldo insuficiente.', code: 'INSUFFICIENT_BALANCE' }),
    });
    renderRoutes(resellerRoutes, '/reseller/dashboard');
    const user = userEvent.setup();
    await chooseProduct(user);
    await user.click(screen.getByRole('button', { name: 'Comprar chaves' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar compra' }));
    expect(await screen.findByText('Saldo insuficiente.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
