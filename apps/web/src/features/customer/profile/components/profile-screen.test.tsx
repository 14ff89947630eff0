import { messages } from '@chaveiro/contract';
import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { aProfile, signInAsClient } from '@/testing/customer-fixtures';
import { customerTestRoutes } from '@/testing/customer-routes';
import { openSection, played, recordSounds, stubProfile } from '../testing/profile-stub';

beforeEach(() => {
  signInAsClient();
  recordSounds();
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('profile screen', () => {
  it('shows the username, the e-mail and a pending e-mail change', async () => {
    stubProfile(undefined, aProfile({ pending_email: 'nova@exemplo.com' }));
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    expect(await screen.findByText('ana@exemplo.com')).toBeInTheDocument();
    expect(screen.getByText(/Aguardando confirmação de nova@exemplo.com/)).toBeInTheDocument();
  });

  it('opens "Adicionar e-mail" for an account without one (made by a KeyAuth loader)', async () => {
    stubProfile(undefined, aProfile({ email: null }));
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    expect(await screen.findByText('Sem e-mail')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar e-mail' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByLabelText('Novo e-mail')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Alterar e-mail' })).not.toBeInTheDocument();
  });

  it('offers the 4 avatar presets and selects one', async () => {
    const sent = stubProfile(() => jsonResponse(200, { message: messages.profile.avatarUpdated }));
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    const user = await openSection('Trocar avatar');
    const sheet = await screen.findByRole('dialog');
    const options = within(sheet).getAllByRole('button', { name: /^Avatar \d$/ });
    expect(options).toHaveLength(4);
    await user.click(options[2]!);
    expect(await screen.findByText(messages.profile.avatarUpdated)).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({
      avatarUrl: '/api/avatars/shapes.svg?seed=ana',
    });
  });

  it('uploads an own PNG picture from the avatar sheet', async () => {
    const uploaded = aProfile({ avatar_url: `/api/files/${'a'.repeat(64)}` });
    const sent = stubProfile(() => jsonResponse(200, uploaded));
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    const user = await openSection('Trocar avatar');
    const picker = await screen.findByLabelText('Enviar imagem (PNG ou JPEG, até 2 MB)');
    expect(picker).toHaveAttribute('accept', 'image/png,image/jpeg');
    await user.upload(
      picker,
      new File([new Uint8Array([0x89, 0x50])], 'eu.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('Avatar atualizado com sucesso!')).toBeInTheDocument();
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.url).toContain('/api/profile/avatar/upload');
    expect(played).toContain('/sounds/success.wav');
  });

  it('explains a load failure', async () => {
    stubApi(() => jsonResponse(403, { message: 'x', code: 'FORBIDDEN' }));
    renderRoutes(customerTestRoutes, '/dashboard/profile');
    expect(await screen.findByText(messages.errors.profileLoadFailed)).toBeInTheDocument();
  });
});
