import { messages } from '@chaveiro/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { signInAsAdmin } from '@/testing/admin-fixtures';
import { MetricCards } from './metric-cards';

afterEach(() => {
  vi.unstubAllGlobals();
});

const routes = [{ path: '/', Component: MetricCards }];

describe('dashboard metric cards', { timeout: 20_000 }, () => {
  it('shows each figure under its spec title and subtitle, and polls for new ones', async () => {
    signInAsAdmin();
    let online = 3;
    const sent = stubApi(() =>
      jsonResponse(200, {
        onlineUsers: online,
        activeUsers: 1250,
        bannedUsers: 7,
        expiredSubscriptions: 42,
      }),
    );
    renderRoutes(routes, '/');

    const card = (title: string) => screen.getByRole('group', { name: title });
    expect(await within(card('Usuários Online')).findByText('3')).toBeInTheDocument();
    expect(within(card('Usuários Online')).getByText('Logados no cheat agora')).toBeInTheDocument();
    expect(within(card('Usuários Ativos')).getByText('1.250')).toBeInTheDocument();
    expect(within(card('Usuários Ativos')).getByText('Com produto ativo')).toBeInTheDocument();
    expect(within(card('Usuários Banidos')).getByText('7')).toBeInTheDocument();
    expect(
      within(card('Usuários Banidos')).getByText('Banidos permanentemente'),
    ).toBeInTheDocument();
    expect(within(card('Assinaturas Expiradas')).getByText('42')).toBeInTheDocument();
    expect(
      within(card('Assinaturas Expiradas')).getByText('Expiraram nos últimos 30 dias'),
    ).toBeInTheDocument();
    expect(sent[0]?.url).toBe('/api/dashboard/metrics');

    online = 4;
    expect(await within(card('Usuários Online')).findByText('4')).toBeInTheDocument();
  });

  it('asks to log in when there is no session', async () => {
    const sent = stubApi(() => jsonResponse(200, {}));
    renderRoutes(routes, '/');
    expect(await screen.findByText(messages.errors.notAuthenticated)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('reports a failing API with the spec message', async () => {
    signInAsAdmin();
    stubApi(() => jsonResponse(403, { message: 'Proibido', code: 'FORBIDDEN' }));
    renderRoutes(routes, '/');
    expect(await screen.findByText(messages.errors.loadFailed)).toBeInTheDocument();
  });
});
