import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime } from '@/lib/format';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { freeKey, signInAsReseller, usedKey } from '../testing/reseller-fixtures';
import { page, resellerRoutes, stubReseller } from '../testing/reseller-stub';

beforeEach(() => signInAsReseller());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toast.dismiss();
});

describe('reseller dashboard: the keys', { timeout: 20_000 }, () => {
  it('lists the keys with who redeemed them and when', async () => {
    stubReseller();
    renderRoutes(resellerRoutes, '/reseller/dashboard');
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
    renderRoutes(resellerRoutes, '/reseller/dashboard');
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
    renderRoutes(resellerRoutes, '/reseller/dashboard');
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
    renderRoutes(resellerRoutes, '/reseller/dashboard');
    const user = userEvent.setup();
    await screen.findByRole('button', { name: `Copiar a chave ${another.key}` });

    await user.click(screen.getByRole('button', { name: 'Copiar chaves disponíveis' }));
    expect(await navigator.clipboard.readText()).toBe(`${freeKey.key}\n${another.key}`);
    expect(await screen.findByText('2 chaves disponíveis copiadas!')).toBeInTheDocument();
  });

  it('offers no page copy when none of its keys is available', async () => {
    stubReseller({ 'GET /api/reseller/keys': () => jsonResponse(200, page([usedKey])) });
    renderRoutes(resellerRoutes, '/reseller/dashboard');
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
    renderRoutes(resellerRoutes, '/reseller/dashboard');
    const user = userEvent.setup();
    await screen.findByText(usedKey.key);
    await user.selectOptions(screen.getByLabelText('Filtrar por status'), 'active');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(click.mock.contexts[0]).toMatchObject({ download: 'minhas-chaves.csv' });
    expect(sent.map((request) => request.url)).toContain('/api/reseller/keys/export?status=active');
  });
});
