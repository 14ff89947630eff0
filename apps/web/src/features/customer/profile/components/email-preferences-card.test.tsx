import { messages } from '@chaveiro/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubRoutes } from '@/testing/api-stub';
import { aProfile, signInAsClient } from '@/testing/customer-fixtures';
import { customerTestRoutes } from '@/testing/customer-routes';
import { renderRoutes } from '@/testing/render-routes';
import { played, recordSounds } from '../testing/profile-stub';

beforeEach(() => {
  signInAsClient();
  recordSounds();
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

/** The server's preferences: a PUT stores the choice, later reads answer it. */
function preferencesApi(initial: boolean) {
  let productStatusMail = initial;
  return stubRoutes({
    'GET /api/profile': aProfile(),
    'GET /api/profile/sessions': { sessions: [] },
    'GET /api/notifications/preferences': () => ({ productStatusMail }),
    'PUT /api/notifications/preferences': ({ body }) => {
      productStatusMail = (body as { productStatusMail: boolean }).productStatusMail;
      return {
        message: messages.notifications.preferencesSaved(productStatusMail),
        productStatusMail,
      };
    },
  });
}

describe('Perfil › E-mails de status dos produtos', () => {
  it('shows the e-mails on and turns them off, saying so', async () => {
    const { sent, unmatched } = preferencesApi(true);
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    const toggle = await screen.findByRole('switch', { name: 'E-mails de status dos produtos' });
    expect(toggle).toBeChecked();

    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/notifications/preferences', body: { productStatusMail: false } },
    ]);
    expect(
      await screen.findByText(messages.notifications.preferencesSaved(false)),
    ).toBeInTheDocument();
    expect(played).toContain('/sounds/success.wav');
    expect(unmatched).toEqual([]);
  });

  it('turns them back on for a customer who had turned them off', async () => {
    preferencesApi(false);
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    const toggle = await screen.findByRole('switch', { name: 'E-mails de status dos produtos' });
    expect(toggle).not.toBeChecked();
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('explains a failed read and asks again', async () => {
    let fail = true;
    stubRoutes({
      'GET /api/profile': aProfile(),
      'GET /api/profile/sessions': { sessions: [] },
      'GET /api/notifications/preferences': () =>
        fail ? jsonResponse(403, { message: 'x', code: 'FORBIDDEN' }) : { productStatusMail: true },
    });
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    expect(
      await screen.findByText(
        'Não foi possível carregar suas preferências de e-mail.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    fail = false;
    await userEvent
      .setup()
      .click(screen.getAllByRole('button', { name: 'Tentar novamente' }).at(-1)!);
    expect(
      await screen.findByRole('switch', { name: 'E-mails de status dos produtos' }),
    ).toBeChecked();
  });
});
