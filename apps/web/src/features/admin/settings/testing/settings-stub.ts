import { messages, type Settings } from '@chaveiro/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { stubRoutes, type SentRequest } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { SettingsScreen } from '../components/settings-screen';

const text = messages.settings;

/** A server that keeps the settings it is sent, answering like the real one. */
export function stubSettingsApi(initial: Partial<Settings> = {}) {
  const settings: Settings = {
    server_status: 'online',
    maintenance_mode: 'off',
    pause_all_users: 'off',
    ...initial,
  };
  const pricing = { discountPercent: 0 };
  return stubRoutes({
    'GET /api/settings': settings,
    'GET /api/settings/reseller-pricing': pricing,
    'PUT /api/settings/reseller-pricing': ({ body }) => {
      Object.assign(pricing, body);
      return { message: messages.resellerPricing.discountSaved, ...pricing };
    },
    'PATCH /api/settings': ({ body }) => {
      const { key, value } = body as { key: keyof Settings; value: string };
      Object.assign(settings, { [key]: value });
      const message =
        key === 'pause_all_users'
          ? value === 'on'
            ? text.allPaused(3)
            : text.allResumed(3)
          : text.updated;
      return { message, ...settings };
    },
    'POST /api/admin-actions/reset-all-hwids': { message: text.hwidsReset(4), count: 4 },
    'POST /api/admin-actions/delete-all-users': { message: text.usersDeleted(7), count: 7 },
  }).sent;
}

export const settingsReads = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'GET' && request.url === '/api/settings').length;
export const posts = (sent: SentRequest[]) => sent.filter((request) => request.method === 'POST');

/** Confirms the open global-switch confirmation, checking what it says will happen. */
export async function confirmIn(
  user: ReturnType<typeof userEvent.setup>,
  title: string,
  confirm: string,
  says?: RegExp,
) {
  const dialog = await screen.findByRole('alertdialog', { name: title });
  if (says) expect(dialog).toHaveAccessibleDescription(says);
  await user.click(within(dialog).getByRole('button', { name: confirm }));
}

/** /admin/settings, once its controls are there. */
export async function renderScreen() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/admin/settings', Component: SettingsScreen }], '/admin/settings');
  await screen.findByRole('radiogroup', { name: 'Status do servidor' });
  return user;
}
