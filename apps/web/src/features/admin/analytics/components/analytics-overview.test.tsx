import { analyticsMessages, messages } from '@chaveiro/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi, stubRoutes, type Routes } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { signInAsAdminForEachTest } from '@/testing/admin-fixtures';
import { aDay, sevenDays } from '../testing/analytics-fixtures';
import { AnalyticsOverview } from './analytics-overview';
import { AnalyticsPeriodBar } from './analytics-period-bar';

signInAsAdminForEachTest();

function Screen() {
  return (
    <>
      <AnalyticsPeriodBar />
      <AnalyticsOverview />
    </>
  );
}

const routes = [{ path: '/admin/dashboard', Component: Screen }];

const analyticsApi: Routes = { 'GET /api/analytics': sevenDays() };

/** The distinct analytics requests (StrictMode mounts twice, so a first read may repeat). */
const analyticsUrls = (sent: { url: string }[]) => [
  ...new Set(sent.map((request) => request.url).filter((url) => url.startsWith('/api/analytics?'))),
];

const chart = (title: string) => screen.getByRole('region', { name: title });

describe('admin analytics', { timeout: 20_000 }, () => {
  it('keeps the period in the URL and asks the API for it', async () => {
    const user = userEvent.setup();
    const { sent } = stubRoutes(analyticsApi);
    const router = renderRoutes(routes, '/admin/dashboard');

    expect(await screen.findByText('12/11/2026 a 18/11/2026')).toBeInTheDocument();
    expect(analyticsUrls(sent)).toEqual(['/api/analytics?period=30']);
    expect(screen.getByRole('button', { name: '30 dias' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: '7 dias' }));
    expect(router.state.location.search).toBe('?periodo=7');
    await waitFor(() => expect(analyticsUrls(sent)).toContain('/api/analytics?period=7'));
    expect(screen.getByRole('button', { name: '7 dias' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Personalizado' }));
    const from = screen.getByLabelText('De');
    const to = screen.getByLabelText('Até');
    fireEvent.change(from, { target: { value: '2026-11-10' } });
    fireEvent.change(to, { target: { value: '2026-11-01' } });
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(screen.getByRole('alert')).toHaveTextContent(analyticsMessages.fromAfterTo);
    expect(router.state.location.search).toBe('?periodo=7');

    fireEvent.change(from, { target: { value: '2025-01-01' } });
    fireEvent.change(to, { target: { value: '2026-11-01' } });
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(screen.getByRole('alert')).toHaveTextContent(analyticsMessages.rangeTooLong);

    fireEvent.change(from, { target: { value: '2999-01-01' } });
    fireEvent.change(to, { target: { value: '2999-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(screen.getByRole('alert')).toHaveTextContent(analyticsMessages.futureTo);

    fireEvent.change(from, { target: { value: '2026-11-01' } });
    fireEvent.change(to, { target: { value: '2026-11-01' } });
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(router.state.location.search).toBe('?de=2026-11-01&ate=2026-11-01');
    await waitFor(() =>
      expect(analyticsUrls(sent)).toContain('/api/analytics?from=2026-11-01&to=2026-11-01'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens on the period a link carries', async () => {
    const { sent } = stubRoutes(analyticsApi);
    renderRoutes(routes, '/admin/dashboard?de=2026-10-01&ate=2026-10-31');
    await screen.findByText('12/11/2026 a 18/11/2026');
    expect(analyticsUrls(sent)).toEqual(['/api/analytics?from=2026-10-01&to=2026-10-31']);
    expect(screen.getByLabelText('De')).toHaveValue('2026-10-01');
    expect(screen.getByLabelText('Até')).toHaveValue('2026-10-31');
  });

  it("shows the period's totals with their change against the previous period", async () => {
    stubRoutes(analyticsApi);
    renderRoutes(routes, '/admin/dashboard');
    const card = (title: string) => screen.getByRole('group', { name: title });

    const deposits = within(await screen.findByRole('group', { name: 'Receita de depósitos' }));
    expect(await deposits.findByText('R$ 200,00')).toBeInTheDocument();
    expect(deposits.getByText('4 depósitos aprovados')).toBeInTheDocument();
    expect(deposits.getByText('+25%')).toBeInTheDocument();
    expect(deposits.getByText('vs. período anterior')).toBeInTheDocument();

    const sales = within(card('Vendas'));
    expect(sales.getByText('R$ 89,90')).toBeInTheDocument();
    expect(sales.getByText('2 vendas')).toBeInTheDocument();
    expect(sales.getByText('-10,1%').closest('p')).toHaveAttribute('data-change', 'down');

    expect(within(card('Novos cadastros')).getByText('sem dados anteriores')).toBeInTheDocument();
    expect(within(card('Resgates')).getByText('sem variação')).toBeInTheDocument();
    const peak = within(card('Pico online'));
    expect(peak.getByText('16')).toBeInTheDocument();
    expect(peak.getByText('Média de 4,5 por minuto')).toBeInTheDocument();
    expect(peak.getByText('+33,3%')).toBeInTheDocument();

    // Time given back: more of it is bad news (the products were down longer).
    const givenBack = within(card('Tempo devolvido'));
    expect(givenBack.getByText('2 d 4 h')).toBeInTheDocument();
    expect(givenBack.getByText('+116,7%').closest('p')).toHaveAttribute('data-change', 'up');
    expect(givenBack.getByText('+116,7%').closest('p')).toHaveClass('text-red-700');
  });

  it('shows each chart as a table of the same numbers on request', async () => {
    const user = userEvent.setup();
    stubRoutes(analyticsApi);
    renderRoutes(routes, '/admin/dashboard');

    const revenue = within(await screen.findByRole('region', { name: 'Receita por dia' }));
    expect(revenue.queryByRole('table')).not.toBeInTheDocument();
    await user.click(revenue.getByRole('button', { name: 'Ver tabela' }));
    const table = revenue.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Dia', 'Depósitos', 'Vendas']);
    const row = within(table).getByRole('rowheader', { name: '14/11/2026' }).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['R$ 150,00', 'R$ 89,90']);
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    await user.click(revenue.getByRole('button', { name: 'Ver gráfico' }));
    expect(revenue.queryByRole('table')).not.toBeInTheDocument();

    const products = within(chart('Vendas por produto'));
    await user.click(products.getByRole('button', { name: 'Ver tabela' }));
    const aim = products.getByRole('rowheader', { name: 'Aim Pro' }).closest('tr')!;
    expect(
      within(aim)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['R$ 89,90', '2', '5', '2 d 4 h']);
    expect(
      within(products.getByRole('table'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Produto', 'Receita', 'Vendas', 'Resgates', 'Tempo devolvido']);
    // A product that gave nothing back reads as a dash.
    const wall = products.getByRole('rowheader', { name: 'Wallhack Elite' }).closest('tr')!;
    expect(within(wall).getAllByRole('cell').at(-1)).toHaveTextContent('—');

    // Days never sampled read as a dash, not as zero.
    const active = within(chart('Assinaturas ativas'));
    await user.click(active.getByRole('button', { name: 'Ver tabela' }));
    expect(active.getByRole('rowheader', { name: '18/11/2026' }).closest('tr')).toHaveTextContent(
      '106',
    );
  });

  it('reads the highlighted day out as the arrows move across a chart', async () => {
    const user = userEvent.setup();
    stubRoutes(analyticsApi);
    renderRoutes(routes, '/admin/dashboard');

    const revenue = within(await screen.findByRole('region', { name: 'Receita por dia' }));
    const surface = revenue.getByRole('group', { name: 'Receita por dia: gráfico' });
    expect(surface).toHaveAttribute('tabindex', '0');
    expect(surface).toHaveAccessibleDescription('Use as setas para percorrer os valores.');
    const live = revenue.getByText((_, element) => element?.getAttribute('aria-live') === 'polite');

    surface.focus();
    await user.keyboard('{ArrowRight}');
    expect(live).toHaveTextContent('12/11/2026: Depósitos R$ 0,00, Vendas R$ 0,00');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(live).toHaveTextContent('14/11/2026: Depósitos R$ 150,00, Vendas R$ 89,90');
    await user.keyboard('{End}');
    expect(live).toHaveTextContent('18/11/2026: Depósitos R$ 50,00, Vendas R$ 0,00');
    await user.keyboard('{Escape}');
    expect(live).toHaveTextContent('');
  });

  it('says when a period has nothing to chart', async () => {
    stubRoutes({
      'GET /api/analytics': sevenDays({
        series: [aDay('2026-11-18')],
        products: [],
        recentOnline: [],
      }),
    });
    renderRoutes(routes, '/admin/dashboard');
    expect(
      await within(await screen.findByRole('region', { name: 'Receita por dia' })).findByText(
        'Sem dados no período',
      ),
    ).toBeInTheDocument();
    expect(
      within(chart('Vendas por produto')).getByText('Sem dados no período'),
    ).toBeInTheDocument();
  });

  it("says why the server refused a range, in the contract's words", async () => {
    stubApi(() =>
      jsonResponse(400, { message: analyticsMessages.futureTo, code: 'VALIDATION_ERROR' }),
    );
    renderRoutes(routes, '/admin/dashboard?de=2026-11-01&ate=2026-11-02');
    expect(await screen.findByText(analyticsMessages.futureTo)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('offers to try again when the analytics fail to load', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubApi(() =>
      fail
        ? jsonResponse(403, { message: 'Proibido', code: 'FORBIDDEN' })
        : jsonResponse(200, sevenDays()),
    );
    renderRoutes(routes, '/admin/dashboard');
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    expect(screen.getByText(messages.errors.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('group', { name: 'Receita de depósitos' })).toHaveTextContent(
      'R$ 200,00',
    );
  });
});
