import { webhookMessages } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signInAsAdminForEachTest } from '@/testing/admin-fixtures';
import { stubRoutes } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { emulatePhone } from '@/testing/viewport';
import { PENDING_POLL_MS } from '../api/get-webhook-deliveries';
import {
  SECRET,
  failing,
  page,
  shop,
  stubWebhooksApi,
  webhookRoutes,
} from '../testing/webhooks-stub';

signInAsAdminForEachTest();

describe('/admin/webhooks/:id', () => {
  it('shows the delivery log, expands a row, filters and resends', async () => {
    const sent = stubWebhooksApi();
    const user = userEvent.setup();
    renderRoutes(webhookRoutes, '/admin/webhooks/wh-1');
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
    const sent = stubWebhooksApi();
    const user = userEvent.setup();
    const router = renderRoutes(webhookRoutes, '/admin/webhooks/wh-1');
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
    stubWebhooksApi();
    const user = userEvent.setup();
    renderRoutes(webhookRoutes, '/admin/webhooks/wh-1');
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
      const { sent } = stubRoutes({
        'GET /api/admin/webhooks': page([shop]),
        'GET /api/admin/webhooks/wh-1/deliveries': () => {
          const row = pending ? failing : { ...failing, status: 'succeeded', nextAttemptAt: null };
          return { items: [row], total: 1, page: 1, pageSize: 20 };
        },
      });
      const reads = () => sent.filter((r) => r.url.includes('/deliveries')).length;
      renderRoutes(webhookRoutes, '/admin/webhooks/wh-1');
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
    stubWebhooksApi();
    renderRoutes(webhookRoutes, '/admin/webhooks/nao-existe');
    expect(await screen.findByText(/Endpoint não encontrado/)).toBeInTheDocument();
  });
});
