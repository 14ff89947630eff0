import { WEBHOOK_EVENT_TYPES, webhookMessages } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInAsAdminForEachTest } from '@/testing/admin-fixtures';
import { renderRoutes } from '@/testing/render-routes';
import { emulatePhone } from '@/testing/viewport';
import { SECRET, discord, shop, stubWebhooksApi, webhookRoutes } from '../testing/webhooks-stub';

signInAsAdminForEachTest();

describe('/admin/webhooks', () => {
  it('lists endpoints with their events, format, switch and last delivery', async () => {
    stubWebhooksApi();
    renderRoutes(webhookRoutes, '/admin/webhooks');
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
    const sent = stubWebhooksApi();
    const user = userEvent.setup();
    renderRoutes(webhookRoutes, '/admin/webhooks');
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
    stubWebhooksApi();
    const user = userEvent.setup();
    renderRoutes(webhookRoutes, '/admin/webhooks');
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
    const sent = stubWebhooksApi();
    const user = userEvent.setup();
    renderRoutes(webhookRoutes, '/admin/webhooks');
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
    stubWebhooksApi();
    renderRoutes(webhookRoutes, '/admin/webhooks');
    const card = (await screen.findByText(shop.url)).closest('li') as HTMLElement;
    expect(within(card).getByRole('switch')).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: `Ações do endpoint ${shop.url}` }),
    ).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
