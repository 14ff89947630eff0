import { loaderFileMessages, messages } from '@chaveiro/contract';
import { screen, within } from '@testing-library/react';
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

describe("a subscription card's actions", () => {
  it('disables Pausar without pause credits and says why in a tooltip', async () => {
    stubApi(() =>
      jsonResponse(200, aDashboard({ subscriptions: [aSubscription({ pause_credits: 0 })] })),
    );
    renderRoutes(customerTestRoutes, '/dashboard');
    const c = await card('Aimbot Pro');
    const pause = c.getByRole('button', { name: 'Pausar' });
    expect(pause).toBeDisabled();
    await userEvent.setup().hover(pause.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(messages.errors.noPauseCredits);
  });

  it("offers 'Baixar loader' with version, size, notes and the folded first-run guide", async () => {
    const loader = {
      name: 'Loader.exe',
      version: '3.0',
      size: 3 * 1024 * 1024,
      notes: 'Novo instalador.',
      uploaded_at: '2030-04-01T12:00:00.000Z',
    };
    const sent = stubApi(({ url }) =>
      url === '/api/client/subscriptions/sub-1/loader'
        ? jsonResponse(409, { message: 'Reative a assinatura para baixar o loader.', code: 'X' })
        : jsonResponse(200, aDashboard({ subscriptions: [aSubscription({ loader })] })),
    );
    renderRoutes(customerTestRoutes, '/dashboard');
    const c = await card('Aimbot Pro');
    expect(c.getByTestId('loader-meta')).toHaveTextContent('Versão 3.0 · 3 MB');
    expect(c.getByText('Novidades desta versão')).toBeInTheDocument();
    expect(c.getByText('Primeiros passos').closest('details')).not.toHaveAttribute('open');
    expect(c.getByText(loaderFileMessages.guideSteps[3])).toBeInTheDocument();

    // A refusal (e.g. paused meanwhile) reaches the customer as the server's message.
    await userEvent.setup().click(c.getByRole('button', { name: 'Baixar loader' }));
    expect(
      await screen.findByText('Reative a assinatura para baixar o loader.'),
    ).toBeInTheDocument();
    expect(sent.some((r) => r.url === '/api/client/subscriptions/sub-1/loader')).toBe(true);
  });

  it('disables Baixar loader on a paused subscription and says why; shows nothing without a loader', async () => {
    const loader = {
      name: 'Loader.exe',
      version: '3.0',
      size: 10,
      notes: '',
      uploaded_at: '2030-04-01T12:00:00.000Z',
    };
    stubApi(() =>
      jsonResponse(
        200,
        aDashboard({
          subscriptions: [
            aSubscription({ subscription_status: 'paused', loader }),
            aSubscription({ subscription_id: 'sub-2', product_name: 'Radar', loader: null }),
          ],
        }),
      ),
    );
    renderRoutes(customerTestRoutes, '/dashboard');
    const paused = await card('Aimbot Pro');
    const button = paused.getByRole('button', { name: 'Baixar loader' });
    expect(button).toBeDisabled();
    expect(paused.queryByText('Novidades desta versão')).toBeNull();
    await userEvent.setup().hover(button.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      loaderFileMessages.subscriptionPaused,
    );
    const bare = await card('Radar');
    expect(bare.queryByRole('button', { name: 'Baixar loader' })).toBeNull();
    expect(bare.queryByText('Primeiros passos')).toBeNull();
  });

  it('asks before pausing, saying it spends one of the remaining pause credits', async () => {
    const sent = stubApi(({ method }) =>
      method === 'PATCH'
        ? jsonResponse(200, { message: messages.client.paused })
        : jsonResponse(200, aDashboard()),
    );
    renderRoutes(customerTestRoutes, '/dashboard');
    const user = userEvent.setup();
    const c = await card('Aimbot Pro');
    await user.click(c.getByRole('button', { name: 'Pausar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pausar assinatura?' });
    expect(dialog).toHaveTextContent(
      'O tempo restante de Aimbot Pro fica congelado até você reativar. Isso usa 1 dos seus 3 créditos de pausa.',
    );
    expect(sent.some((r) => r.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Pausar' }));
    expect(await screen.findByText(messages.client.paused)).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PATCH')).toMatchObject({
      url: '/api/client/subscriptions/sub-1/status',
      body: { status: 'paused' },
    });
  });

  it("shows a paused card's frozen remaining time instead of its moving expiry", async () => {
    const sub = aSubscription({ subscription_status: 'paused', days_remaining: 12 });
    stubApi(() => jsonResponse(200, aDashboard({ subscriptions: [sub] })));
    renderRoutes(customerTestRoutes, '/dashboard');
    const c = await card('Aimbot Pro');
    expect(c.getByText('Expira em').nextSibling).toHaveTextContent('Pausada — restam 12 dias');
    expect(c.queryByText(formatDateTime(sub.expires_at))).not.toBeInTheDocument();
  });

  it('lists bound machines and releases one after saying whether it is free or costs a credit', async () => {
    const machine = (id: string, hwid: string, free: boolean) => ({
      id,
      hwid,
      bound_at: new Date(Date.now() - 60 * 60_000).toISOString(),
      last_seen_at: new Date().toISOString(),
      is_online: true,
      free_release: free,
    });
    const sent = stubApi(({ method }) =>
      method === 'DELETE'
        ? jsonResponse(200, { message: messages.client.machineReleasedFree })
        : jsonResponse(
            200,
            aDashboard({
              subscriptions: [
                aSubscription({
                  hwid: 'PC-NOVO, PC-ANTIGO',
                  hwid_reset_credits: 2,
                  machines: [machine('m-1', 'PC-NOVO', true), machine('m-2', 'PC-ANTIGO', false)],
                }),
              ],
            }),
          ),
    );
    renderRoutes(customerTestRoutes, '/dashboard');
    const user = userEvent.setup();
    const c = await card('Aimbot Pro');
    const list = within(c.getByRole('region', { name: 'Computadores vinculados' }));
    expect(list.getAllByText('Vinculado há cerca de 1 hora')).toHaveLength(2);

    await user.click(list.getByRole('button', { name: 'Liberar PC-ANTIGO' }));
    const paid = await screen.findByRole('alertdialog', { name: 'Liberar este computador?' });
    expect(paid).toHaveTextContent('Isso usa 1 dos seus 2 créditos de reset.');
    await user.click(within(paid).getByRole('button', { name: 'Cancelar' }));

    await user.click(list.getByRole('button', { name: 'Liberar PC-NOVO' }));
    const free = await screen.findByRole('alertdialog', { name: 'Liberar este computador?' });
    expect(free).toHaveTextContent('sem custo');
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(free).getByRole('button', { name: 'Liberar' }));
    expect(await screen.findByText(messages.client.machineReleasedFree)).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'DELETE')).toMatchObject({
      url: '/api/client/subscriptions/sub-1/machines/m-1',
    });
  });

  it('resets the HWID only after confirmation', async () => {
    const sent = stubApi(({ method }) =>
      method === 'PATCH'
        ? jsonResponse(200, { message: messages.client.hwidReset })
        : jsonResponse(200, aDashboard({ subscriptions: [aSubscription({ hwid: 'PC-1' })] })),
    );
    renderRoutes(customerTestRoutes, '/dashboard');
    const user = userEvent.setup();
    const c = await card('Aimbot Pro');
    await user.click(c.getByRole('button', { name: 'Resetar HWID' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(sent.some((r) => r.method === 'PATCH')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Resetar' }));
    expect(await screen.findByText(messages.client.hwidReset)).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PATCH')).toMatchObject({
      url: '/api/client/user/reset-hwid',
      body: { subscriptionId: 'sub-1' },
    });
  });
});

describe('a subscription card while its product is down or after it returned', () => {
  const NOTE = 'Detectado após a atualização do jogo; previsão 48 h';
  const SINCE = '2030-05-01T15:00:00.000Z';
  const frozenSub = aSubscription({
    subscription_status: 'paused',
    frozen_by_product: true,
    days_remaining: 12,
    loader: { name: 'Loader.exe', version: '3.0', size: 10, notes: '', uploaded_at: SINCE },
    product_status: { status: 'updating', note: NOTE, time_frozen: true, since: SINCE },
  });

  it('shows the status, the note and that the time is frozen, in the colour of the status', async () => {
    stubApi(() => jsonResponse(200, aDashboard({ subscriptions: [frozenSub] })));
    renderRoutes(customerTestRoutes, '/dashboard');
    const c = await card('Aimbot Pro');

    const banner = c.getByRole('note', { name: 'Produto em atualização' });
    expect(banner).toHaveTextContent(NOTE);
    expect(banner).toHaveTextContent(`Desde ${formatDateTime(SINCE)}.`);
    expect(banner).toHaveTextContent(
      'O tempo está congelado e volta a contar quando o produto voltar.',
    );
    expect(banner.className).toMatch(/amber/);
    expect(c.getByText('Congelada')).toBeInTheDocument();
    expect(c.getByText('Expira em').nextSibling).toHaveTextContent('Congelada — restam 12 dias');
  });

  it('offers Pausar (the pause outlasts the freeze) and no Reativar; the loader says why it waits', async () => {
    const sent = stubApi(({ method }) =>
      method === 'PATCH'
        ? jsonResponse(200, { message: messages.client.paused })
        : jsonResponse(200, aDashboard({ subscriptions: [frozenSub] })),
    );
    renderRoutes(customerTestRoutes, '/dashboard');
    const user = userEvent.setup();
    const c = await card('Aimbot Pro');
    expect(c.queryByRole('button', { name: 'Reativar' })).toBeNull();

    const download = c.getByRole('button', { name: 'Baixar loader' });
    expect(download).toBeDisabled();
    await user.hover(download.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Este produto está em atualização: o loader poderá ser baixado quando ele voltar.',
    );

    await user.click(c.getByRole('button', { name: 'Pausar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pausar assinatura?' });
    expect(dialog).toHaveTextContent(
      'O tempo de Aimbot Pro já está congelado enquanto o produto não volta. Pausando agora, ela continua pausada quando o produto voltar, até você reativar. Isso usa 1 dos seus 3 créditos de pausa.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Pausar' }));
    expect(await screen.findByText(messages.client.paused)).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PATCH')).toMatchObject({
      url: '/api/client/subscriptions/sub-1/status',
      body: { status: 'paused' },
    });
  });

  it('says the time keeps running when the seller did not freeze it, in red for an unavailable product', async () => {
    const sub = aSubscription({
      product_status: { status: 'unavailable', note: null, time_frozen: false, since: SINCE },
    });
    stubApi(() => jsonResponse(200, aDashboard({ subscriptions: [sub] })));
    renderRoutes(customerTestRoutes, '/dashboard');
    const c = await card('Aimbot Pro');
    const banner = c.getByRole('note', { name: 'Produto indisponível' });
    expect(banner).toHaveTextContent('O tempo da assinatura continua contando.');
    expect(banner).not.toHaveTextContent('congelado');
    expect(banner.className).toMatch(/red/);
    expect(c.getByText('Ativa')).toBeInTheDocument();
  });

  it('shows "+2 d 4 h devolvidos" after a freeze, with when, and no banner once the product works', async () => {
    const at = '2030-05-03T19:00:00.000Z';
    const sub = aSubscription({ given_back: { ms: (2 * 24 + 4) * 3_600_000 + 59_000, at } });
    stubApi(() =>
      jsonResponse(
        200,
        aDashboard({
          subscriptions: [sub, aSubscription({ subscription_id: 'sub-2', product_name: 'Radar' })],
        }),
      ),
    );
    renderRoutes(customerTestRoutes, '/dashboard');
    const c = await card('Aimbot Pro');
    const givenBack = c.getByTestId('given-back');
    expect(givenBack).toHaveTextContent('+2 d 4 h devolvidos');
    expect(givenBack).toHaveAttribute(
      'title',
      `Tempo devolvido em ${formatDateTime(at)}, pelo período em que o produto ficou parado.`,
    );
    expect(c.queryByRole('note')).toBeNull();
    expect((await card('Radar')).queryByTestId('given-back')).toBeNull();
  });
});
