import { messages, type DeadDeliveriesPage } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInAsAdminForEachTest } from '@/testing/admin-fixtures';
import { stubRoutes, type Routes } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { emulatePhone } from '@/testing/viewport';
import { OutboxScreen } from './outbox-screen';

signInAsAdminForEachTest();

const mailer = {
  eventId: 'ev-1',
  handler: 'purchase-mail',
  type: 'purchase.completed',
  occurredAt: '2026-11-20T15:00:00.000Z',
  attempts: 8,
  lastError: 'SMTP recusou a conexão',
};
const notices = { ...mailer, eventId: 'ev-2', handler: 'reseller-notice', lastError: null };

/** The server: page 1 holds both deliveries (and more on page 2); a requeue empties the list. */
function outboxApi(): Routes {
  let dead = [mailer, notices];
  return {
    'GET /api/admin/outbox/dead': ({ query }) => {
      const page: DeadDeliveriesPage =
        query.get('page') === '2'
          ? { items: [], page: 2, hasMore: false }
          : { items: dead, page: 1, hasMore: true };
      return page;
    },
    'POST /api/admin/outbox/dead/requeue': ({ body }) => {
      const { eventId } = body as { eventId: string };
      dead = dead.filter((row) => row.eventId !== eventId);
      return { message: messages.adminConsole.deliveryRequeued };
    },
  };
}

describe('/admin/outbox', { timeout: 20_000 }, () => {
  it('lists dead deliveries and reprocesses one, which leaves the list', async () => {
    const { sent, unmatched } = stubRoutes(outboxApi());
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/outbox', Component: OutboxScreen }], '/admin/outbox');
    const row = (await screen.findByText('purchase-mail')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('purchase.completed');
    expect(row).toHaveTextContent('SMTP recusou a conexão');
    expect(screen.getByText('Sem mensagem de erro.')).toBeInTheDocument();

    await user.click(
      within(row).getByRole('button', {
        name: 'Reprocessar purchase.completed para purchase-mail',
      }),
    );
    expect(await screen.findByText(messages.adminConsole.deliveryRequeued)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('purchase-mail')).not.toBeInTheDocument());
    expect(sent).toContainEqual({
      method: 'POST',
      url: '/api/admin/outbox/dead/requeue',
      body: { eventId: 'ev-1', handler: 'purchase-mail' },
    });

    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(await screen.findByText('Nenhuma entrega com falha. Tudo em dia!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
    expect(unmatched).toEqual([]);
  });

  it('shows each delivery as a card with its action on a phone', async () => {
    emulatePhone();
    stubRoutes(outboxApi());
    renderRoutes([{ path: '/admin/outbox', Component: OutboxScreen }], '/admin/outbox');
    const card = (await screen.findByText('purchase-mail')).closest('li') as HTMLElement;
    expect(
      within(card).getByRole('button', { name: /Reprocessar purchase.completed/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
