import type { PublicStatus } from '@chaveiro/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { jsonResponse, stubRoutes } from '@/testing/api-stub';
import { StatusPage } from './status-page';

/** `count` São Paulo days ending 2026-01-15, all operational unless `bad` says otherwise. */
function days(count: number, bad: Record<string, PublicStatus['products'][number]['status']> = {}) {
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(2026, 0, 15 - (count - 1 - index))).toISOString().slice(0, 10);
    return { date, status: bad[date] ?? ('operational' as const) };
  });
}

const ALL_OPERATIONAL: PublicStatus = {
  generatedAt: '2026-01-15T12:00:00.000Z',
  products: [
    {
      id: 'p1',
      name: 'Alfa Spoofer',
      status: 'operational',
      note: null,
      since: '2025-12-01T15:00:00.000Z',
      days: days(90, { '2026-01-10': 'updating', '2026-01-12': 'unavailable' }),
    },
    {
      id: 'p2',
      name: 'Beta Cheat',
      status: 'operational',
      note: null,
      since: '2026-01-13T15:00:00.000Z',
      // Added three days ago: the earlier days have no data.
      days: days(3),
    },
  ],
};

const TWO_AFFECTED: PublicStatus = {
  generatedAt: '2026-01-15T12:00:30.000Z',
  products: [
    {
      ...ALL_OPERATIONAL.products[0]!,
      status: 'unavailable',
      note: 'Detectado após a atualização do jogo; previsão 48 h',
      since: '2026-01-15T10:00:00.000Z',
      days: days(90, { '2026-01-15': 'unavailable' }),
    },
    {
      ...ALL_OPERATIONAL.products[1]!,
      status: 'updating',
      since: '2026-01-15T11:00:00.000Z',
      days: days(3, { '2026-01-15': 'updating' }),
    },
  ],
};

function renderPage() {
  render(
    <ThemeProvider>
      <StatusPage />
    </ThemeProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const productCard = (name: string) =>
  screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;

describe('the /status page', () => {
  it('shows a skeleton, then every product with its status and a 90-day bar', async () => {
    const api = stubRoutes({ 'GET /api/status': ALL_OPERATIONAL });
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Status dos produtos' })).toBeVisible();
    expect(
      screen.getByText('Carregando o status dos produtos…').closest('[role="status"]'),
    ).not.toBeNull();

    expect(await screen.findByText('Todos os sistemas operacionais')).toBeVisible();
    expect(api.sent.map((request) => request.url)).toEqual(['/api/status']);
    expect(api.unmatched).toEqual([]);
    expect(screen.getByText(/^Atualizado às \d\d:\d\d$/)).toBeVisible();

    const alfa = productCard('Alfa Spoofer');
    expect(within(alfa).getByText('Operacional')).toBeVisible();
    expect(within(alfa).getByText(/^desde 01\/12\/2025 às \d\d:\d\d$/)).toBeVisible();
    const bar = within(alfa).getByRole('list', { name: /Histórico dos últimos dias de Alfa/ });
    const cells = within(bar).getAllByRole('listitem');
    expect(cells).toHaveLength(90);
    expect(cells[0]).toHaveTextContent('18/10/2025: Operacional');
    expect(cells.at(-1)).toHaveTextContent('15/01/2026: Operacional');
    expect(within(bar).getByText('10/01/2026: Em atualização')).toBeInTheDocument();
    expect(cells.find((cell) => cell.title === '12/01/2026: Indisponível')).toBeDefined();
    expect(within(alfa).getByText('2 dias com ocorrências')).toBeVisible();

    // A product added three days ago: the days before it are drawn, with no data.
    const beta = productCard('Beta Cheat');
    const betaCells = within(beta).getAllByRole('listitem');
    expect(betaCells).toHaveLength(90);
    expect(betaCells[86]).toHaveTextContent('12/01/2026: Sem dados');
    expect(betaCells[87]).toHaveTextContent('13/01/2026: Operacional');
    expect(within(beta).getByText('Sem ocorrências')).toBeVisible();
  });

  it('writes the day a visitor points at under the bar, where phones show no tooltip', async () => {
    stubRoutes({ 'GET /api/status': ALL_OPERATIONAL });
    renderPage();
    await screen.findByText('Todos os sistemas operacionais');
    const alfa = productCard('Alfa Spoofer');
    const cell = within(alfa)
      .getAllByRole('listitem')
      .find((item) => item.title === '12/01/2026: Indisponível');
    await userEvent.setup().hover(cell!);
    expect(within(alfa).getAllByText('12/01/2026: Indisponível')).toHaveLength(2);
    expect(within(alfa).queryByText('2 dias com ocorrências')).toBeNull();
  });

  it('draws the last 30 days on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.startsWith('(max-width'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    stubRoutes({ 'GET /api/status': ALL_OPERATIONAL });
    renderPage();
    await screen.findByText('Todos os sistemas operacionais');
    const alfa = productCard('Alfa Spoofer');
    const cells = within(alfa).getAllByRole('listitem');
    expect(cells).toHaveLength(30);
    expect(cells[0]).toHaveTextContent('17/12/2025: Operacional');
    expect(within(alfa).getByText('30 dias atrás')).toBeVisible();
    expect(within(alfa).getByText('2 dias com ocorrências')).toBeVisible();
  });

  it('says how many products are affected, with their notes', async () => {
    stubRoutes({ 'GET /api/status': TWO_AFFECTED });
    renderPage();

    expect(await screen.findByText('2 produtos afetados no momento')).toBeVisible();
    expect(screen.getByText('1 indisponível · 1 em atualização')).toBeVisible();
    const alfa = productCard('Alfa Spoofer');
    expect(within(alfa).getByText('Indisponível')).toBeVisible();
    expect(
      within(alfa).getByText('Detectado após a atualização do jogo; previsão 48 h'),
    ).toBeVisible();
    expect(within(productCard('Beta Cheat')).getByText('Em atualização')).toBeVisible();
  });

  it('says so when nothing is on sale', async () => {
    stubRoutes({ 'GET /api/status': { generatedAt: '2026-01-15T12:00:00.000Z', products: [] } });
    renderPage();
    expect(await screen.findByText('Nenhum produto à venda no momento.')).toBeVisible();
    expect(screen.queryByRole('heading', { level: 2, name: 'Produtos' })).toBeNull();
  });

  it('explains a failed load in Portuguese and loads again on request', async () => {
    let failing = true;
    stubRoutes({
      'GET /api/status': () =>
        failing ? jsonResponse(503, { message: 'Fora do ar', code: 'X' }) : ALL_OPERATIONAL,
    });
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Não foi possível carregar o status dos produtos. Verifique sua conexão e tente novamente.',
    );
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Todos os sistemas operacionais')).toBeVisible();
  });

  it('takes an answer it cannot read for a failed load', async () => {
    stubRoutes({
      'GET /api/status': { generatedAt: '2026-01-15T12:00:00.000Z', products: [{ id: 'p1' }] },
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar o status dos produtos.',
    );
  });

  it('asks again every 30 s, and keeps what it showed when a refresh fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: PublicStatus | Response = ALL_OPERATIONAL;
    const api = stubRoutes({ 'GET /api/status': () => answer });
    renderPage();
    await screen.findByText('Todos os sistemas operacionais');

    answer = TWO_AFFECTED;
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(screen.getByText('2 produtos afetados no momento')).toBeVisible());
    expect(api.sent).toHaveLength(2);

    answer = jsonResponse(503, { message: 'Fora do ar', code: 'X' });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() =>
      expect(screen.getByText(/^Não foi possível atualizar agora\./)).toBeVisible(),
    );
    expect(screen.getByText('2 produtos afetados no momento')).toBeVisible();
    expect(api.sent).toHaveLength(3);
  });
});
