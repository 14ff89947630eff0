import { messages } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { signInAsAdmin } from '@/testing/admin-fixtures';
import { AdminProfileBlock } from './admin-profile-block';

beforeEach(signInAsAdmin);

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

const routes = [{ path: '/', element: <AdminProfileBlock fallbackUsername="admin" /> }];

describe('admin profile dialog', { timeout: 20_000 }, () => {
  it('saves, closes, toasts the server message and shows the new profile', async () => {
    let profile = { username: 'admin', avatar_url: null as string | null };
    const sent = stubApi(({ method }) => {
      if (method === 'PATCH') {
        profile = { username: 'chefe', avatar_url: '/api/files/abc' };
        return jsonResponse(200, { message: messages.admin.profileUpdated, ...profile });
      }
      return jsonResponse(200, profile);
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/');

    await user.click(await screen.findByRole('button', { name: /Personalizar perfil de admin/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Personalizar Perfil' });
    const username = within(dialog).getByLabelText('Username');
    expect(username).toHaveValue('admin');
    expect(within(dialog).getByLabelText('Avatar')).toHaveAttribute('accept', 'image/*');

    await user.clear(username);
    await user.type(username, 'chefe');
    await user.upload(
      within(dialog).getByLabelText('Avatar'),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'eu.png', { type: 'image/png' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(messages.admin.profileUpdated)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Personalizar Perfil' })).not.toBeInTheDocument(),
    );
    expect(
      await screen.findByRole('button', { name: /Personalizar perfil de chefe/ }),
    ).toBeVisible();
    const patch = sent.find((request) => request.method === 'PATCH');
    expect(patch?.url).toBe('/api/admin/profile');
  });

  it('keeps the dialog open and shows the error when saving fails', async () => {
    stubApi(({ method }) =>
      method === 'PATCH'
        ? jsonResponse(409, { message: messages.auth.usernameTaken, code: 'USERNAME_TAKEN' })
        : jsonResponse(200, { username: 'admin', avatar_url: null }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/');

    await user.click(await screen.findByRole('button', { name: /Personalizar perfil de admin/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Personalizar Perfil' });
    await user.clear(within(dialog).getByLabelText('Username'));
    await user.type(within(dialog).getByLabelText('Username'), 'joana');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(messages.auth.usernameTaken)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Personalizar Perfil' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeEnabled();
  });
});
