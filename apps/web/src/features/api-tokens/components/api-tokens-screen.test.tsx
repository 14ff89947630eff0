import {
  API_TOKEN_SCOPES,
  API_TOKEN_SCOPE_LABELS,
  apiTokenMessages,
  type ApiToken,
  type ApiTokensPage,
} from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { signInAsAdmin } from '@/testing/admin-fixtures';
import { jsonResponse, stubRoutes, type Routes } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { emulatePhone } from '@/testing/viewport';
import { AdminApiTokensScreen, ResellerApiTokensScreen } from './api-tokens-screen';

const storefront: ApiToken = {
  id: 'tok-1',
  name: 'Loja virtual',
  prefix: 'chv_live_Ab12Cd',
  scopes: ['products:read', 'keys:write'],
  status: 'active',
  createdAt: '2026-11-20T12:00:00.000Z',
  expiresAt: '2027-02-18T12:00:00.000Z',
  lastUsedAt: '2026-11-28T09:30:00.000Z',
  lastUsedIp: '203.0.113.7',
  revokedAt: null,
  revokedReason: null,
};
const oldBot: ApiToken = {
  ...storefront,
  id: 'tok-2',
  name: 'Bot antigo',
  prefix: 'chv_live_Zz99Yy',
  scopes: ['keys:read'],
  status: 'revoked',
  expiresAt: null,
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: '2026-11-25T12:00:00.000Z',
  revokedReason: 'owner',
};
/** Revoked by the end of its owner's security epoch: a password reset. */
const intrudersToken: ApiToken = {
  ...storefront,
  id: 'tok-4',
  name: 'Token do intruso',
  prefix: 'chv_live_Qq77Ww',
  status: 'revoked',
  revokedAt: '2026-11-26T12:00:00.000Z',
  revokedReason: 'password_reset',
};
const SECRET = `chv_live_${'x'.repeat(43)}`;

/** The server: lists the tokens, creates one (answering the secret once), revokes. */
function tokensApi(): Routes {
  let tokens = [storefront, oldBot, intrudersToken];
  return {
    'GET /api/api-tokens': () => {
      const page: ApiTokensPage = { items: tokens, total: tokens.length, page: 1, pageSize: 20 };
      return page;
    },
    'POST /api/api-tokens': ({ body }) => {
      const { name, scopes } = body as { name: string; scopes: ApiToken['scopes'] };
      const created: ApiToken = {
        ...storefront,
        id: 'tok-3',
        name,
        scopes,
        prefix: 'chv_live_xxxxxx',
        expiresAt: null,
        lastUsedAt: null,
        lastUsedIp: null,
      };
      tokens = [created, ...tokens];
      return jsonResponse(201, {
        message: apiTokenMessages.created,
        token: SECRET,
        apiToken: created,
      });
    },
    'DELETE /api/api-tokens/tok-1': () => {
      tokens = tokens.map((t) =>
        t.id === 'tok-1'
          ? { ...t, status: 'revoked', revokedAt: new Date().toISOString(), revokedReason: 'owner' }
          : t,
      );
      return { message: apiTokenMessages.revoked };
    },
  };
}

const renderAdmin = () =>
  renderRoutes(
    [{ path: '/admin/api-tokens', Component: AdminApiTokensScreen }],
    '/admin/api-tokens',
  );

beforeEach(signInAsAdmin);
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('Tokens de API', () => {
  it('lists tokens with their scopes, status, expiry and last use', async () => {
    stubRoutes(tokensApi());
    renderAdmin();
    const row = (await screen.findByText('Loja virtual')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('chv_live_Ab12Cd…');
    expect(within(row).getByText('products:read')).toBeInTheDocument();
    expect(within(row).getByText('keys:write')).toBeInTheDocument();
    expect(within(row).getByText('Ativo')).toBeInTheDocument();
    expect(row).toHaveTextContent('IP 203.0.113.7');
    const revoked = screen.getByText('Bot antigo').closest('tr') as HTMLElement;
    expect(within(revoked).getByText('Revogado')).toBeInTheDocument();
    expect(revoked).toHaveTextContent(/Revogado em \d\d\/\d\d\/\d{4} \d\d:\d\d/);
    expect(revoked).toHaveTextContent('Nunca usado');
    expect(revoked).toHaveTextContent('Sem validade');
    expect(revoked).toHaveTextContent('Motivo: Revogado por você');
    expect(within(revoked).queryByRole('button', { name: /Revogar/ })).not.toBeInTheDocument();
    // Revoked with the account's security epoch: the reason says which end.
    const ended = screen.getByText('Token do intruso').closest('tr') as HTMLElement;
    expect(within(ended).getByText('Revogado')).toBeInTheDocument();
    expect(ended).toHaveTextContent('Motivo: Senha redefinida');
    expect(within(ended).queryByRole('button', { name: /Revogar/ })).not.toBeInTheDocument();
    expect(row).not.toHaveTextContent('Motivo:');
    // How to use it, and where the API is documented.
    expect(screen.getByText('Authorization: Bearer chv_live_…')).toBeInTheDocument();
    expect(
      screen.getByText(
        `curl -H "Authorization: Bearer chv_live_…" ${window.location.origin}/api/v1/products`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /documentação da API/ })).toHaveAttribute(
      'href',
      '/api/docs',
    );
  });

  it('creates a token, shows it once with a copy button, and forgets it on close', async () => {
    const { sent } = stubRoutes(tokensApi());
    const user = userEvent.setup();
    renderAdmin();
    await screen.findByText('Loja virtual');
    await user.click(screen.getByRole('button', { name: 'Criar token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar token' });

    // Nothing chosen: the contract's messages, and nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Criar token' }));
    expect(await within(dialog).findByText(apiTokenMessages.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(apiTokenMessages.scopesRequired)).toBeInTheDocument();
    expect(sent.some((r) => r.method === 'POST')).toBe(false);

    // Every admin scope is offered with its pt-BR label.
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(API_TOKEN_SCOPES.length);
    expect(
      within(dialog).getByLabelText(API_TOKEN_SCOPE_LABELS['products:write']),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Nome'), 'Bot do Discord');
    await user.click(within(dialog).getByLabelText(API_TOKEN_SCOPE_LABELS['keys:read']));
    await user.click(within(dialog).getByLabelText(API_TOKEN_SCOPE_LABELS['products:read']));
    await user.selectOptions(within(dialog).getByLabelText('Validade'), 'Sem validade');
    await user.click(within(dialog).getByRole('button', { name: 'Criar token' }));

    const shown = await screen.findByRole('dialog', { name: 'Token criado' });
    // The token field has the focus, its text selected, ready to copy.
    await waitFor(() => expect(within(shown).getByLabelText('Token')).toHaveFocus());
    expect(sent).toContainEqual({
      method: 'POST',
      url: '/api/api-tokens',
      // In the contract's order, whatever order they were ticked in.
      body: { name: 'Bot do Discord', scopes: ['products:read', 'keys:read'], expiresInDays: null },
    });
    expect(within(shown).getByText(apiTokenMessages.created)).toBeInTheDocument();
    expect(within(shown).getByLabelText('Token')).toHaveValue(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Copiar' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(shown).getByRole('button', { name: 'Já copiei, fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body).not.toHaveTextContent(SECRET);
    // Keyboard users land back where they started.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Criar token' })).toHaveFocus());
    expect(await screen.findByText('Bot do Discord')).toBeInTheDocument();
  });

  it('revokes a token after confirmation', async () => {
    const { sent } = stubRoutes(tokensApi());
    const user = userEvent.setup();
    renderAdmin();
    await screen.findByText('Loja virtual');
    await user.click(screen.getByRole('button', { name: 'Revogar o token Loja virtual' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revogar token?' });
    expect(confirm).toHaveTextContent('chv_live_Ab12Cd');
    await user.click(within(confirm).getByRole('button', { name: 'Revogar token' }));
    expect(await screen.findByText(apiTokenMessages.revoked)).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'DELETE',
      url: '/api/api-tokens/tok-1',
      body: undefined,
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Revogar o token Loja virtual' })).toBeNull(),
    );
  });

  it('offers a reseller only the scopes a reseller may grant', async () => {
    setToken(fakeToken({ role: 'reseller', username: 'rev', exp: epochSeconds(3600) }));
    stubRoutes(tokensApi());
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/reseller/dashboard/api-tokens', Component: ResellerApiTokensScreen }],
      '/reseller/dashboard/api-tokens',
    );
    await screen.findByText('Loja virtual');
    await user.click(screen.getByRole('button', { name: 'Criar token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar token' });
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes.map((box) => box.id)).toEqual([
      'api-token-scope-products-read',
      'api-token-scope-keys-read',
      'api-token-scope-keys-write',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Selecionar todas' }));
    for (const box of boxes) expect(box).toBeChecked();
  });

  it('shows each token as a card with its action on a phone', async () => {
    emulatePhone();
    stubRoutes(tokensApi());
    renderAdmin();
    const card = (await screen.findByText('Loja virtual')).closest('li') as HTMLElement;
    expect(
      within(card).getByRole('button', { name: 'Revogar o token Loja virtual' }),
    ).toBeVisible();
    expect(card).toHaveTextContent('IP 203.0.113.7');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
