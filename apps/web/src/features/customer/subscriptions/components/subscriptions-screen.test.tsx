import { messages } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { aDashboard, aSubscription, signInAsClient } from '@/testing/customer-fixtures';
import { customerTestRoutes } from '@/testing/customer-routes';
import { formatDateTime } from '@/lib/format';
import { card } from '../testing/subscription-card';

beforeEach(() => {
  signInAsClient();
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('Minhas Assinaturas', () => {
  it('shows every field of a subscription that never connected', async () => {
    const sub = aSubscription();
    stubApi(() => jsonResponse(200, aDashboard({ subscriptions: [sub] })));
    renderRoutes(customerTestRoutes, '/dashboard');
    const c = await card('Aimbot Pro');
    expect(c.getByText('Ativa')).toBeInTheDocument();
    expect(c.getByText('Offline')).toBeInTheDocument();
    expect(c.getByText(formatDateTime(sub.expires_at))).toBeInTheDocument();
    expect(c.getByText('12 dias')).toBeInTheDocument();
    expect(c.getByText('Nenhum')).toBeInTheDocument();
    expect(c.getByText('Nunca')).toBeInTheDocument();
    expect(c.getByText('Créditos de pausa').nextSibling).toHaveTextContent('3');
    expect(c.getByRole('button', { name: 'Resetar HWID' })).toBeDisabled();
  });

  it("shows the subscription's time online over 30 days with a bar per day", async () => {
    const usage = Array.from({ length: 30 }, (_, index) => ({
      day: `2026-11-${String(index + 1).padStart(2, '0')}`,
      minutes: index === 17 ? 120 : index === 29 ? 630 : 0,
    }));
    stubApi(() =>
      jsonResponse(
        200,
        aDashboard({
          subscriptions: [aSubscription({ online_minutes_30d: 750, usage_days: usage })],
        }),
      ),
    );
    renderRoutes(customerTestRoutes, '/dashboard');
    const c = await card('Aimbot Pro');
    const usageBlock = within(c.getByTestId('usage'));
    expect(usageBlock.getByText('Tempo online (30 dias):').parentElement).toHaveTextContent(
      'Tempo online (30 dias): 12 h 30 min',
    );
    expect(usageBlock.getAllByTitle(/^\d\d\/11: /)).toHaveLength(30);
    expect(usageBlock.getByTitle('18/11: 2 h')).toBeInTheDocument();
    expect(usageBlock.getByTitle('30/11: 10 h 30 min')).toBeInTheDocument();
    expect(
      usageBlock.getByText(
        'Uso diário nos últimos 30 dias: online em 2 de 30 dias; maior uso em 30/11 (10 h 30 min).',
      ),
    ).toHaveClass('sr-only');
  });

  it('says a subscription was not used in 30 days', async () => {
    const usage = Array.from({ length: 30 }, (_, index) => ({
      day: `2026-11-${String(index + 1).padStart(2, '0')}`,
      minutes: 0,
    }));
    stubApi(() =>
      jsonResponse(200, aDashboard({ subscriptions: [aSubscription({ usage_days: usage })] })),
    );
    renderRoutes(customerTestRoutes, '/dashboard');
    const c = await card('Aimbot Pro');
    expect(c.getByTestId('usage')).toHaveTextContent('Tempo online (30 dias): 0 min');
    expect(c.getByText('Sem uso nos últimos 30 dias.')).toBeInTheDocument();
  });

  it('shows an online, bound, expired and paused subscription', async () => {
    stubApi(() =>
      jsonResponse(
        200,
        aDashboard({
          subscriptions: [
            aSubscription({
              subscription_status: 'paused',
              is_online: true,
              hwid: 'HWID-ABC-123',
              last_seen_at: new Date(Date.now() - 5 * 60_000).toISOString(),
              is_expired: true,
              days_remaining: 0,
              hwid_reset_credits: 2,
            }),
          ],
        }),
      ),
    );
    renderRoutes(customerTestRoutes, '/dashboard');
    const c = await card('Aimbot Pro');
    expect(c.getByText('Pausada')).toBeInTheDocument();
    expect(c.getByText('Online')).toBeInTheDocument();
    expect(c.getByText('Expirado')).toBeInTheDocument();
    expect(c.getByText('HWID-ABC-123')).toBeInTheDocument();
    expect(c.getByText('há 5 minutos')).toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Reativar' })).toBeEnabled();
    expect(c.getByRole('button', { name: 'Resetar HWID' })).toBeEnabled();
  });

  it('shows the XP from the server and what the next rank still needs, and lists every rank', async () => {
    stubApi(() =>
      jsonResponse(
        200,
        aDashboard({
          xp: 1250,
          rank: {
            rank: 'Prata',
            xp: 1250,
            next: { rank: 'Ouro', xp: 1500, remaining: 250 },
            progress: 75,
          },
        }),
      ),
    );
    renderRoutes(customerTestRoutes, '/dashboard');
    expect(await screen.findByText('Faltam 250 XP para Ouro')).toBeInTheDocument();
    expect(screen.getByText('1.250 XP')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Ver níveis' }));
    const sheet = await screen.findByRole('dialog');
    const items = within(sheet).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Bronze',
      'Prata',
      'Ouro',
      'Platina',
      'Diamante',
      'Mestre',
    ]);
    expect(within(sheet).getByText('A partir de 10.000 XP')).toBeInTheDocument();
    expect(items[1]).toHaveAttribute('aria-current', 'true');
  });

  it('shows the empty state with the store button and a way to redeem a key', async () => {
    stubApi(() => jsonResponse(200, aDashboard({ subscriptions: [] })));
    renderRoutes(customerTestRoutes, '/dashboard');
    expect(await screen.findByText('Nenhuma assinatura ativa')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para a Loja' })).toHaveAttribute(
      'href',
      '/dashboard/shop',
    );
    expect(screen.getByRole('link', { name: 'Resgatar chave' })).toHaveAttribute(
      'href',
      '/dashboard/redeem',
    );
  });

  it('outlines the subscription a shop purchase just created or extended', async () => {
    stubApi(() =>
      jsonResponse(
        200,
        aDashboard({
          subscriptions: [
            aSubscription(),
            aSubscription({ subscription_id: 'sub-2', product_name: 'Wallhack' }),
          ],
        }),
      ),
    );
    const router = renderRoutes(customerTestRoutes, '/dashboard/redeem');
    await router.navigate('/dashboard', { state: { highlightSubscription: 'sub-2' } });
    const bought = await screen.findByRole('article', { name: 'Wallhack' });
    expect(bought).toHaveAttribute('aria-current', 'true');
    expect(bought).toHaveAttribute('data-highlighted', 'true');
    expect(screen.getByRole('article', { name: 'Aimbot Pro' })).not.toHaveAttribute('aria-current');
  });

  it('warns when the product server is offline', async () => {
    stubApi(() => jsonResponse(200, aDashboard({ server_status: 'offline' })));
    renderRoutes(customerTestRoutes, '/dashboard');
    expect(await screen.findByText(/servidor dos produtos está offline/)).toBeInTheDocument();
  });

  it('explains a load failure', async () => {
    stubApi(() => jsonResponse(403, { message: 'x', code: 'FORBIDDEN' }));
    renderRoutes(customerTestRoutes, '/dashboard');
    await waitFor(() =>
      expect(screen.getByText(messages.errors.subscriptionsLoadFailed)).toBeInTheDocument(),
    );
  });
});
