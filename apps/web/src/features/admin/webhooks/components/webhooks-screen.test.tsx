import {
  WEBHOOK_EVENT_TYPES,
  webhookMessages,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signInAsAdminForEachTest } from '@/testing/admin-fixtures';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { emulatePhone } from '@/testing/viewport';
import { PENDING_POLL_MS } from '../api/get-webhook-deliveries';
import { WebhookEndpointScreen } from './webhook-endpoint-screen';
import { WebhooksScreen } from './webhooks-screen';

signInAsAdminForEachTest();

const shop: WebhookEndpoint = {
  id: 'wh-1',
  url: 'https://loja.exemplo.com/hooks/chaveiro',
  description: 'Loja virtual',
  events: ['key.redeemed', 'purchase.completed', 'deposit.paid', 'user.registered'],
  enabled: true,
  format: 'json',
  createdAt: '2026-11-20T12:00:00.000Z',
  lastDelivery: { status: 'failed', at: '2026-11-28T10:00:00.000Z' },
};
const discord: WebhookEndpoint = {
  ...shop,
  id: 'wh-2',
  url: 'https://discord.com/api/webhooks/123/abc',
  description: '',
  events: ['key.redeemed'],
  format: 'discord',
  lastDelivery: null,
};
const SECRET = `whsec_${'s'.repeat(32)}`;

const delivered: WebhookDelivery = {
  id: 'dl-1',
  eventId: 'ev-1',
  eventType: 'key.redeemed',
  status: 'succeeded',
  attempts: 1,
  createdAt: '2026-11-28T10:00:00.000Z',
  lastAttemptAt: '2026-11-28T10:00:01.000Z',
  nextAttemptAt: null,
  responseStatus: 200,
  durationMs: 42,
  responseExcerpt: '{"ok":true}',
  error: null,
};
const failing: WebhookDelivery = {
  ...delivered,
  id: 'dl-2',
  eventId: 'ev-2',
  eventType: 'deposit.paid',
  status: 'pending',
  attempts: 3,
  nextAttemptAt: '2026-11-28T10:05:00.000Z',
  responseStatus: 500,
  durationMs: 120,
  responseExcerpt: null,
  error: 'O receptor respondeu 500.',
};

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 50 });

/** The server: endpoints with create, update, secret, test and delete; one endpoint's log. */
function stubServer() {
  let endpoints = [shop, discord];
  return stubApi(({ method, url, body }) => {
    if (method === 'GET' && url.startsWith('/api/admin/webhooks?')) {
      return jsonResponse(200, page(endpoints));
    }
    if (
      method === 'POST' &&
      url === '/api/admin/webhooks' &&
      JSON.stringify(body).includes('10.0.0.')
    ) {
      return jsonResponse(422, {
        message: webhookMessages.urlNotAllowed,
        code: 'WEBHOOK_URL_NOT_ALLOWED',
      });
    }
    if (method === 'POST' && url === '/api/admin/webhooks') {
      const created: WebhookEndpoint = {
        ...shop,
        ...(body as Partial<WebhookEndpoint>),
        id: 'wh-3',
        lastDelivery: null,
      };
      endpoints = [...endpoints, created];
      return jsonResponse(201, {
        message: webhookMessages.created,
        secret: SECRET,
        endpoint: created,
      });
    }
    if (method === 'PATCH' && url === '/api/admin/webhooks/wh-1') {
      endpoints = endpoints.map((e) =>
        e.id === 'wh-1' ? { ...e, ...(body as Partial<WebhookEndpoint>) } : e,
      );
      return jsonResponse(200, { message: webhookMessages.updated, endpoint: endpoints[0] });
    }
    if (method === 'POST' && url === '/api/admin/webhooks/wh-1/secret') {
      return jsonResponse(200, {
        message: webhookMessages.secretRolled,
        secret: SECRET,
        endpoint: shop,
      });
    }
    if (method === 'POST' && url === '/api/admin/webhooks/wh-1/test') {
      return jsonResponse(202, { message: webhookMessages.testSent });
    }
    if (method === 'DELETE' && url === '/api/admin/webhooks/wh-1') {
      endpoints = endpoints.filter((e) => e.id !== 'wh-1');
      return jsonResponse(200, { message: webhookMessages.deleted });
    }
    if (method === 'GET' && url.startsWith('/api/admin/webhooks/wh-1/deliveries')) {
      const status = new URL(url, 'http://x').searchParams.get('status');
      const rows = [failing, delivered].filter((d) => !status || d.status === status);
      return jsonResponse(200, { items: rows, total: rows.length, page: 1, pageSize: 20 });
    }
    if (method === 'POST' && url === '/api/admin/webhooks/deliveries/dl-1/resend') {
      return jsonResponse(202, { message: webhookMessages.resent });
    }
    return jsonResponse(404, { message: 'not stubbed', code: 'NOT_FOUND' });
  });
}

const routes = [
  { path: '/admin/webhooks', Component: WebhooksScreen },
  { path: '/admin/webhooks/:id', Component: WebhookEndpointScreen },
];

describe('/admin/webhooks', () => {
  it('lists endpoints with their events, format, switch and last delivery', async () => {
    stubServer();
    renderRoutes(routes, '/admin/webhooks');
    const row = (await screen.findByText(shop.url)).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Loja virtual');
    expect(row).toHaveTextContent('4 eventos');
    expect(within(row).getByText('Chave resgatada')).toBeInTheDocument();
    expect(within(row).getByText('+1')).toBeInTheDocument();
    expect(within(row).getByText('Falhou')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: `Endpoint ${shop.url} ativo` })).toBeChecked();
    const other = screen.getByText(discord.url).closest('tr') as HTMLElement;
    expect(within(other).getByText('Discord')).toBeInTheDocument();
    expect(other).toHaveTextContent('Nenhuma entrega ainda');
    expect(screen.getByText('2 endpoints')).toBeInTheDocument();
  });

  it('adds an endpoint with grouped events and shows its signing secret once', async () => {
    const sent = stubServer();
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/webhooks');
    await screen.findByText(shop.url);
    await user.click(screen.getByRole('button', { name: 'Adicionar endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar endpoint' }));
    expect(await within(dialog).findByText(webhookMessages.urlRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(webhookMessages.eventsRequired)).toBeInTheDocument();

    expect(within(dialog).getByRole('group', { name: 'Vendas e pagamentos' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Selecionar todos' }));
    for (const box of within(dialog).getAllByRole('checkbox')) expect(box).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Usuário banido' }));
    await user.type(within(dialog).getByLabelText('URL'), 'https://erp.exemplo.com/in');
    await user.type(within(dialog).getByLabelText('Descrição (opcional)'), 'ERP');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar endpoint' }));

    const secret = await screen.findByRole('dialog', { name: 'Endpoint criado' });
    expect(sent).toContainEqual({
      method: 'POST',
      url: '/api/admin/webhooks',
      body: {
        url: 'https://erp.exemplo.com/in',
        description: 'ERP',
        events: WEBHOOK_EVENT_TYPES.filter((type) => type !== 'user.banned'),
      },
    });
    expect(within(secret).getByLabelText('Segredo de assinatura')).toHaveValue(SECRET);
    await user.click(within(secret).getByRole('button', { name: 'Copiar' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await user.click(within(secret).getByRole('button', { name: 'Já guardei, fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('marks the URL the server refuses as internal, and keeps the dialog open', async () => {
    stubServer();
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/webhooks');
    await screen.findByText(shop.url);
    await user.click(screen.getByRole('button', { name: 'Adicionar endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar endpoint' });
    await user.type(within(dialog).getByLabelText('URL'), 'http://10.0.0.5/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Chave resgatada' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar endpoint' }));
    const field = within(dialog).getByLabelText('URL');
    await waitFor(() => expect(field).toHaveAccessibleDescription(webhookMessages.urlNotAllowed));
    expect(field).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Adicionar endpoint' })).toBeInTheDocument();
  });

  it('switches an endpoint off, edits it and sends a test from its menu', async () => {
    const sent = stubServer();
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/webhooks');
    await screen.findByText(shop.url);
    await user.click(screen.getByRole('switch', { name: `Endpoint ${shop.url} ativo` }));
    expect(await screen.findByText(webhookMessages.updated)).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'PATCH',
      url: '/api/admin/webhooks/wh-1',
      body: { enabled: false },
    });

    await user.click(screen.getByRole('button', { name: `Ações do endpoint ${shop.url}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Enviar teste' }));
    expect(await screen.findByText(webhookMessages.testSent)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Ações do endpoint ${shop.url}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar endpoint' });
    expect(within(dialog).getByLabelText('URL')).toHaveValue(shop.url);
    expect(within(dialog).getByRole('checkbox', { name: 'Chave resgatada' })).toBeChecked();
    await user.clear(within(dialog).getByLabelText('Descrição (opcional)'));
    await user.type(within(dialog).getByLabelText('Descrição (opcional)'), 'Loja nova');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'PATCH',
        url: '/api/admin/webhooks/wh-1',
        body: { url: shop.url, description: 'Loja nova', events: shop.events },
      }),
    );
  });

  it('shows each endpoint as a card on a phone', async () => {
    emulatePhone();
    stubServer();
    renderRoutes(routes, '/admin/webhooks');
    const card = (await screen.findByText(shop.url)).closest('li') as HTMLElement;
    expect(within(card).getByRole('switch')).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: `Ações do endpoint ${shop.url}` }),
    ).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('/admin/webhooks/:id', () => {
  it('shows the delivery log, expands a row, filters and resends', async () => {
    const sent = stubServer();
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/webhooks/wh-1');
    expect(await screen.findByRole('heading', { name: shop.url })).toBeInTheDocument();
    const row = (await screen.findByText('Chave resgatada', { selector: 'td span' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('Entregue')).toBeInTheDocument();
    expect(row).toHaveTextContent('200');
    expect(row).toHaveTextContent('42 ms');
    const retrying = screen
      .getByText('Depósito pago', { selector: 'td span' })
      .closest('tr') as HTMLElement;
    expect(within(retrying).getByText('Pendente')).toBeInTheDocument();
    expect(within(retrying).queryByRole('button', { name: /Reenviar/ })).toBeNull();

    const expand = within(retrying).getByRole('button', {
      name: /Detalhes da entrega de Depósito pago/,
    });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    expect(expand).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('O receptor respondeu 500.')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: /Reenviar Chave resgatada/ }));
    expect(await screen.findByText(webhookMessages.resent)).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'POST',
      url: '/api/admin/webhooks/deliveries/dl-1/resend',
      body: undefined,
    });

    await user.click(screen.getByRole('button', { name: 'Entregues' }));
    await waitFor(() =>
      expect(
        sent.some((r) => r.url.includes('/deliveries?') && r.url.includes('status=succeeded')),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(screen.queryByText('Depósito pago', { selector: 'td span' })).toBeNull(),
    );
  });

  it('rolls the secret after confirmation and deletes the endpoint, going back to the list', async () => {
    const sent = stubServer();
    const user = userEvent.setup();
    const router = renderRoutes(routes, '/admin/webhooks/wh-1');
    await screen.findByRole('heading', { name: shop.url });

    await user.click(screen.getByRole('button', { name: 'Gerar novo segredo' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Gerar novo segredo?' });
    await user.click(within(confirm).getByRole('button', { name: 'Gerar novo segredo' }));
    const secret = await screen.findByRole('dialog', { name: 'Novo segredo de assinatura' });
    expect(within(secret).getByLabelText('Segredo de assinatura')).toHaveValue(SECRET);
    await user.click(within(secret).getByRole('button', { name: 'Já guardei, fechar' }));

    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    const remove = await screen.findByRole('alertdialog', { name: 'Excluir endpoint?' });
    await user.click(within(remove).getByRole('button', { name: 'Excluir endpoint' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/webhooks'));
    expect(sent).toContainEqual({
      method: 'DELETE',
      url: '/api/admin/webhooks/wh-1',
      body: undefined,
    });
    expect(await screen.findByText(webhookMessages.deleted)).toBeInTheDocument();
  });

  it('shows each delivery as a card with its details and resend on a phone', async () => {
    emulatePhone();
    stubServer();
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/webhooks/wh-1');
    const card = (await screen.findByText('Pendente')).closest('li') as HTMLElement;
    expect(card).toHaveTextContent('Depósito pago');
    expect(card).toHaveTextContent('Próxima tentativa');
    await user.click(
      within(card).getByRole('button', { name: /^Detalhes da entrega de Depósito pago/ }),
    );
    expect(within(card).getByText('O receptor respondeu 500.')).toBeInTheDocument();
    const done = screen.getByText('Entregue').closest('li') as HTMLElement;
    expect(within(done).getByRole('button', { name: /^Reenviar Chave resgatada/ })).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('reads the log again every few seconds while a delivery is pending, and stops after', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let pending = true;
      const sent = stubApi(({ method, url }) => {
        if (method === 'GET' && url.startsWith('/api/admin/webhooks?')) {
          return jsonResponse(200, page([shop]));
        }
        if (method === 'GET' && url.startsWith('/api/admin/webhooks/wh-1/deliveries')) {
          const row = pending ? failing : { ...failing, status: 'succeeded', nextAttemptAt: null };
          return jsonResponse(200, { items: [row], total: 1, page: 1, pageSize: 20 });
        }
        return jsonResponse(404, { message: 'not stubbed', code: 'NOT_FOUND' });
      });
      const reads = () => sent.filter((r) => r.url.includes('/deliveries')).length;
      renderRoutes(routes, '/admin/webhooks/wh-1');
      await screen.findByText('Pendente');
      const first = reads();
      await vi.advanceTimersByTimeAsync(PENDING_POLL_MS);
      await waitFor(() => expect(reads()).toBe(first + 1));
      pending = false;
      await vi.advanceTimersByTimeAsync(PENDING_POLL_MS);
      expect(await screen.findByText('Entregue')).toBeInTheDocument();
      const settled = reads();
      await vi.advanceTimersByTimeAsync(PENDING_POLL_MS * 3);
      expect(reads()).toBe(settled);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when the endpoint does not exist', async () => {
    stubServer();
    renderRoutes(routes, '/admin/webhooks/nao-existe');
    expect(await screen.findByText(/Endpoint não encontrado/)).toBeInTheDocument();
  });
});
