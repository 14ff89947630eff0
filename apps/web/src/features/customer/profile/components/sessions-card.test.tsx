import { accountMessages, type ActiveSession } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubRoutes, type Routes } from '@/testing/api-stub';
import { aProfile, signInAsClient } from '@/testing/customer-fixtures';
import { customerTestRoutes } from '@/testing/customer-routes';
import { renderRoutes } from '@/testing/render-routes';

beforeEach(() => signInAsClient());
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

function aSession(overrides: Partial<ActiveSession> = {}): ActiveSession {
  return {
    id: 'sess-here',
    device: 'Chrome no Windows',
    ip: '203.0.113.7',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastSeenAt: new Date().toISOString(),
    current: true,
    ...overrides,
  };
}

const PHONE = aSession({
  id: 'sess-phone',
  device: 'Safari no iPhone',
  ip: '198.51.100.4',
  current: false,
});
const LAPTOP = aSession({
  id: 'sess-laptop',
  device: 'Firefox no Linux',
  ip: '198.51.100.9',
  current: false,
});

/** The account's sessions as the server keeps them: ending one removes it from the list. */
function sessionsApi(initial: ActiveSession[]): Routes {
  let sessions = initial;
  return {
    'GET /api/profile': aProfile(),
    'GET /api/profile/sessions': () => ({ sessions }),
    'GET /api/notifications/preferences': { productStatusMail: true },
    'DELETE /api/profile/sessions/:id': ({ params }) => {
      sessions = sessions.filter((session) => session.id !== params.id);
      return { message: accountMessages.sessionEnded };
    },
    'POST /api/profile/sessions/end-others': () => {
      const ended = sessions.filter((session) => !session.current).length;
      sessions = sessions.filter((session) => session.current);
      return { message: accountMessages.othersEnded(ended), ended };
    },
  };
}

async function sessionsCard() {
  const list = await screen.findByRole('list', { name: accountMessages.sessionsTitle });
  return list;
}

describe('Sessões ativas', () => {
  it('lists device, IP and times, marks this session and offers no "Encerrar" for it', async () => {
    stubRoutes(sessionsApi([aSession(), PHONE]));
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    const list = await sessionsCard();
    const [here, phone] = within(list).getAllByRole('listitem');
    expect(within(here!).getByText('Chrome no Windows')).toBeInTheDocument();
    expect(within(here!).getByText(accountMessages.thisSession)).toBeInTheDocument();
    expect(within(here!).getByText(/203\.0\.113\.7/)).toBeInTheDocument();
    expect(within(here!).getByText(/Entrou em 20\/11\/2026/)).toBeInTheDocument();
    expect(within(here!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(phone!).getByText('Safari no iPhone')).toBeInTheDocument();
    expect(within(phone!).getByRole('button', { name: 'Encerrar Safari no iPhone' })).toBeEnabled();
  });

  it('ends one other session after a confirmation', async () => {
    const { sent } = stubRoutes(sessionsApi([aSession(), PHONE, LAPTOP]));
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    const user = userEvent.setup();
    await sessionsCard();
    await user.click(screen.getByRole('button', { name: 'Encerrar Safari no iPhone' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/Safari no iPhone · IP 198\.51\.100\.4/)).toBeInTheDocument();

    // Cancelling sends nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(sent.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Encerrar Safari no iPhone' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Encerrar' }),
    );
    expect(await screen.findByText(accountMessages.sessionEnded)).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      '/api/profile/sessions/sess-phone',
    ]);
    await waitFor(() => expect(screen.queryByText('Safari no iPhone')).not.toBeInTheDocument());
    expect(screen.getByText('Firefox no Linux')).toBeInTheDocument();
  });

  it('ends all the other sessions after a confirmation, and then says there are none', async () => {
    const { sent } = stubRoutes(sessionsApi([aSession(), PHONE, LAPTOP]));
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    const user = userEvent.setup();
    await sessionsCard();
    await user.click(screen.getByRole('button', { name: accountMessages.endOthers }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(accountMessages.endOthersConfirm)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: accountMessages.endOthers }));

    expect(await screen.findByText(accountMessages.othersEnded(2))).toBeInTheDocument();
    expect(sent.filter((r) => r.url === '/api/profile/sessions/end-others')).toHaveLength(1);
    expect(await screen.findByText(accountMessages.noOtherSessions)).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: accountMessages.endOthers }),
    ).not.toBeInTheDocument();
  });

  it('explains a failed list and asks again', async () => {
    let fail = true;
    stubRoutes({
      'GET /api/profile': aProfile(),
      'GET /api/profile/sessions': () =>
        fail ? jsonResponse(403, { message: 'x', code: 'FORBIDDEN' }) : { sessions: [aSession()] },
      'GET /api/notifications/preferences': { productStatusMail: true },
    });
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    const user = userEvent.setup();
    expect(
      await screen.findByText(
        'Não foi possível carregar as sessões ativas.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText(accountMessages.thisSession)).toBeInTheDocument();
  });
});
