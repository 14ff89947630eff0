import type { ResellerKeysPage } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime } from '@/lib/format';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi, type SentRequest } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import {
  aimPro,
  aResellerAnalytics,
  aStats,
  freeKey,
  signInAsReseller,
  usedKey,
  wallhack,
} from '../testing/reseller-fixtures';
import { ResellerDashboardScreen } from './reseller-dashboard-screen';

const routes = [{ path: '/reseller/dashboard', Component: ResellerDashboardScreen }];
const bought = ['KEYAAAAAAAAAAAAAA1', 'KEYAAAAAAAAAAAAAA2', 'KEYAAAAAAAAAAAAAA3'];

beforeEach(() => signInAsReseller());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toast.dismiss();
});

function page(items = [usedKey, freeKey], total = items.length): ResellerKeysPage {
  return { items, total, page: 1, pageSize: 20 };
}

/** The reseller API as the screen sees it; `overrides` answer chosen paths first. */
function stubReseller(
  overrides: Record<string, (request: SentRequest) => Response> = {},
  stats = aStats(),
) {
  return stubApi((request) => {
    const path = request.url.split('?')[0] ?? '';
    const override = overrides[`${request.method} ${path}`];
    if (override) return override(request);
    if (path === '/api/reseller/stats') return jsonResponse(200, stats);
    if (path === '/api/reseller/products') return jsonResponse(200, [aimPro, wallhack]);
    if (path === '/api/reseller/keys') return jsonResponse(200, page());
    if (path === '/api/reseller/analytics') return jsonResponse(200, aResellerAnalytics());
    return jsonResponse(404, { message: 'não simulado', code: 'NOT_FOUND' });
  });
}

/** jsdom's Blob has no arrayBuffer(); FileReader reads it. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsArrayBuffer(blob);
  });
}

/** A figure of the purchase summary, by its label. */
function summary(label: string) {
  const list = document.querySelector<HTMLElement>('dl[aria-label="Resumo da compra"]');
  return within(list!).getByText(label).nextElementSibling?.textContent;
}

async function chooseProduct(user: ReturnType<typeof userEvent.setup>, name = 'Aim Pro') {
  await user.selectOptions(await screen.findByLabelText('Produto'), name);
}

describe('reseller dashboard', { timeout: 20_000 }, () => {
  it('shows the balance and the four statistics as cards', async () => {
    stubReseller();
    renderRoutes(routes, '/reseller/dashboard');
    const card = (title: string) => screen.getByRole('group', { name: title });
    expect(await within(card('Saldo disponível')).findByText('R$ 50,00')).toBeInTheDocument();
    expect(within(card('Chaves compradas')).getByText('1.234')).toBeInTheDocument();
    expect(within(card('Resgatadas')).getByText('1.000')).toBeInTheDocument();
    expect(within(card('Disponíveis')).getByText('230')).toBeInTheDocument();
    expect(within(card('Gasto este mês')).getByText('R$ 321,90')).toBeInTheDocument();
  });

  it('shows the margins the server computed against retail', async () => {
    stubReseller();
    renderRoutes(routes, '/reseller/dashboard');
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
    renderRoutes(routes, '/reseller/dashboard');
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
    renderRoutes(routes, '/reseller/dashboard');
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
    renderRoutes(routes, '/reseller/dashboard');
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
    renderRoutes(routes, '/reseller/dashboard');
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
    renderRoutes(routes, '/reseller/dashboard');
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
    renderRoutes(routes, '/reseller/dashboard');
    const user = userEvent.setup();
    await chooseProduct(user);
    await user.click(screen.getByRole('button', { name: 'Comprar chaves' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar compra' }));
    expect(await screen.findByText('Saldo insuficiente.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('lists the keys with who redeemed them and when', async () => {
    stubReseller();
    renderRoutes(routes, '/reseller/dashboard');
    const redeemedAt = formatDateTime(usedKey.redeemedAt!);
    const used = (await screen.findByText(usedKey.key)).closest('tr')!;
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent);
    expect(cells(used)).toEqual([
      'Aim Pro',
      '30 dias',
      'Resgatada',
      'joana',
      redeemedAt,
      formatDateTime(usedKey.createdAt),
    ]);
    // Phones hide those columns; the key cell repeats what matters in a second line.
    expect(within(used).getByText(`Resgatada por joana em ${redeemedAt}`)).toBeInTheDocument();
    const free = screen.getByText(freeKey.key).closest('tr')!;
    expect(cells(free)).toEqual([
      'Wallhack Elite',
      '1 dia',
      'Disponível',
      '—',
      '—',
      formatDateTime(freeKey.createdAt),
    ]);
    expect(screen.getByText('2 chaves')).toBeInTheDocument();
  });

  it('searches, filters by status and pages on the server', async () => {
    const sent = stubReseller({
      'GET /api/reseller/keys': () => jsonResponse(200, page([usedKey, freeKey], 45)),
    });
    renderRoutes(routes, '/reseller/dashboard');
    const user = userEvent.setup();
    await screen.findByText(usedKey.key);
    const keyCalls = () =>
      sent.filter((request) => request.url.startsWith('/api/reseller/keys')).map((r) => r.url);

    await user.type(screen.getByLabelText('Buscar por chave ou cliente'), 'joana');
    await waitFor(() =>
      expect(keyCalls()).toContain('/api/reseller/keys?q=joana&page=1&pageSize=20'),
    );
    await user.selectOptions(screen.getByLabelText('Filtrar por status'), 'used');
    await waitFor(() =>
      expect(keyCalls()).toContain('/api/reseller/keys?q=joana&status=used&page=1&pageSize=20'),
    );
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() =>
      expect(keyCalls()).toContain('/api/reseller/keys?q=joana&status=used&page=2&pageSize=20'),
    );
  });

  it('copies one key', async () => {
    stubReseller();
    renderRoutes(routes, '/reseller/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Copiar a chave ${freeKey.key}` }));
    expect(await navigator.clipboard.readText()).toBe(freeKey.key);
    expect(await screen.findByText('Chave copiada!')).toBeInTheDocument();
  });

  it("copies only the page's available keys and says how many", async () => {
    const another = { ...freeKey, id: 'key-3', key: 'MMMMNNNNPPPPQQQQRR' };
    const banned = {
      ...freeKey,
      id: 'key-4',
      key: 'BBBBNNNNPPPPQQQQRR',
      status: 'banned' as const,
    };
    const expired = {
      ...freeKey,
      id: 'key-5',
      key: 'EEEENNNNPPPPQQQQRR',
      status: 'expired' as const,
    };
    stubReseller({
      'GET /api/reseller/keys': () =>
        jsonResponse(200, page([usedKey, freeKey, banned, another, expired])),
    });
    renderRoutes(routes, '/reseller/dashboard');
    const user = userEvent.setup();
    await screen.findByRole('button', { name: `Copiar a chave ${another.key}` });

    await user.click(screen.getByRole('button', { name: 'Copiar chaves disponíveis' }));
    expect(await navigator.clipboard.readText()).toBe(`${freeKey.key}\n${another.key}`);
    expect(await screen.findByText('2 chaves disponíveis copiadas!')).toBeInTheDocument();
  });

  it('offers no page copy when none of its keys is available', async () => {
    stubReseller({ 'GET /api/reseller/keys': () => jsonResponse(200, page([usedKey])) });
    renderRoutes(routes, '/reseller/dashboard');
    await screen.findByRole('button', { name: `Copiar a chave ${usedKey.key}` });
    expect(screen.getByRole('button', { name: 'Copiar chaves disponíveis' })).toBeDisabled();
  });

  it('exports the CSV of the current filter with the session', async () => {
    const sent = stubReseller({
      'GET /api/reseller/keys/export': () =>
        new Response('\uFEFFChave\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="minhas-chaves.csv"; filename*=UTF-8''minhas-chaves.csv`,
          },
        }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoutes(routes, '/reseller/dashboard');
    const user = userEvent.setup();
    await screen.findByText(usedKey.key);
    await user.selectOptions(screen.getByLabelText('Filtrar por status'), 'active');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(click.mock.contexts[0]).toMatchObject({ download: 'minhas-chaves.csv' });
    expect(sent.map((request) => request.url)).toContain('/api/reseller/keys/export?status=active');
  });

  it('says when there are no keys or products yet', async () => {
    stubReseller({
      'GET /api/reseller/keys': () => jsonResponse(200, page([])),
      'GET /api/reseller/products': () => jsonResponse(200, []),
    });
    renderRoutes(routes, '/reseller/dashboard');
    expect(await screen.findByText('Nenhuma chave encontrada.')).toBeInTheDocument();
    expect(screen.getByText('Compre chaves acima para começar a vender.')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum produto à venda no momento.')).toBeInTheDocument();
  });
});
