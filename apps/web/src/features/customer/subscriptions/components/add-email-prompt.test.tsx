import type { Profile } from '@chaveiro/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { addEmailTexts } from '../add-email-texts';
import { AddEmailPrompt } from './add-email-prompt';

const routes = [
  { path: '/dashboard', Component: AddEmailPrompt },
  { path: '/dashboard/profile', Component: () => <h1>Perfil</h1> },
];

const profile: Profile = {
  username: 'joaosilva',
  email: null,
  avatar_url: null,
  is_two_factor_enabled: false,
  recovery_codes_remaining: 0,
  pending_email: null,
  avatar_presets: [],
};

function show(answer: Profile) {
  setToken(fakeToken({ role: 'client', username: 'joaosilva', exp: epochSeconds(3600) }));
  stubApi(() => jsonResponse(200, answer));
  renderRoutes(routes, '/dashboard');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the dashboard prompt to add an e-mail', () => {
  it('asks an account without e-mail to add one on its profile', async () => {
    show(profile);
    expect(await screen.findByText(addEmailTexts.title)).toBeInTheDocument();
    expect(screen.getByText(addEmailTexts.body)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: addEmailTexts.action });
    expect(link).toHaveAttribute('href', '/dashboard/profile');
  });

  it('says where the confirmation link went while an address waits for it', async () => {
    show({ ...profile, pending_email: 'joao@example.com' });
    expect(await screen.findByText(addEmailTexts.pending('joao@example.com'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: addEmailTexts.pendingAction })).toBeInTheDocument();
  });

  it('stays away from an account that has an e-mail', async () => {
    const sent: unknown[] = [];
    setToken(fakeToken({ role: 'client', username: 'maria', exp: epochSeconds(3600) }));
    stubApi((request) => {
      sent.push(request);
      return jsonResponse(200, { ...profile, email: 'maria@example.com' });
    });
    renderRoutes(routes, '/dashboard');
    // StrictMode mounts twice: wait for the answers, then for React to render them.
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(addEmailTexts.title)).not.toBeInTheDocument();
  });
});
