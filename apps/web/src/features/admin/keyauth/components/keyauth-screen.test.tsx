import {
  KEYAUTH_NOT_CONFIGURED,
  keyAuthAppMessages as messages,
  type HwidBlacklistEntry,
  type KeyAuthSettings,
  type Product,
  type ProductVariable,
} from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { products, signInAsAdminForEachTest } from '@/testing/admin-fixtures';
import { jsonResponse, stubApi, type SentRequest } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { KeyAuthScreen } from './keyauth-screen';

signInAsAdminForEachTest();

const product: Product = { ...(products[0] as Product), id: 'prod-1', name: 'Valorant Pro' };
const PUBLIC_KEY = '906780e22eddd9d1ce45731cb6bb82931f0275485daa8b895afa4cdb7712514f';
const SECRET = 'ba7647a079482fb9c255a5fdac7c55cbc78e7359e15b7b63547a2e3bd54f0980';
const NEW_SECRET = 'c'.repeat(64);

const configured: KeyAuthSettings = {
  enabled: true,
  name: 'ValorantLoader',
  ownerId: 'bwZIiRx8PJ',
  secret: SECRET,
  version: '1.0',
  downloadUrl: null,
  apiUrl: 'https://painel.exemplo.com/api/1.3/',
  apiUrlLegacy: 'https://painel.exemplo.com/api/1.2/',
  publicKey: PUBLIC_KEY,
  updatedAt: '2026-11-28T12:00:00.000Z',
};

const motd: ProductVariable = {
  name: 'motd',
  value: 'Bem-vindo!',
  updatedAt: '2026-11-28T12:00:00.000Z',
};
const banned: HwidBlacklistEntry = {
  hwid: 'S-1-5-21-3623811015-3361044348-30300820-1013',
  reason: 'Chargeback',
  userId: null,
  username: null,
  createdAt: '2026-11-28T15:30:00.000Z',
};
const bannedByLoader: HwidBlacklistEntry = {
  hwid: 'machine-guid-0042',
  reason: '',
  userId: 'user-joana',
  username: 'joana',
  createdAt: '2026-11-28T16:00:00.000Z',
};

interface ServerState {
  settings: KeyAuthSettings | null;
  variables: ProductVariable[];
  blacklist: HwidBlacklistEntry[];
}

/** The server of one product: its KeyAuth settings, variables and blacklist, as they change. */
function stubServer(initial: Partial<ServerState> = {}) {
  const state: ServerState = { settings: null, variables: [], blacklist: [], ...initial };
  const sent = stubApi(({ method, url, body }: SentRequest) => {
    const path = url.split('?')[0];
    if (method === 'GET' && path === '/api/products') return jsonResponse(200, [product]);
    if (path === '/api/products/prod-1/keyauth') {
      if (method === 'GET') {
        return state.settings
          ? jsonResponse(200, state.settings)
          : jsonResponse(404, { message: messages.notConfigured, code: KEYAUTH_NOT_CONFIGURED });
      }
      const input = body as Record<string, unknown>;
      if (input.name === 'Ocupado') {
        return jsonResponse(409, { message: messages.appTaken, code: 'KEYAUTH_APP_TAKEN' });
      }
      state.settings = {
        ...configured,
        enabled: input.enabled as boolean,
        name: input.name as string,
        version: input.version as string,
        downloadUrl: (input.downloadUrl as string | null | undefined) ?? null,
        ownerId: (input.ownerId as string | undefined) ?? state.settings?.ownerId ?? 'GenOwner01',
        updatedAt: new Date().toISOString(),
      };
      return jsonResponse(200, { message: messages.saved, ...state.settings });
    }
    if (method === 'POST' && path === '/api/products/prod-1/keyauth/secret' && state.settings) {
      state.settings = { ...state.settings, secret: NEW_SECRET, updatedAt: '2026-11-29T00:00:00Z' };
      return jsonResponse(200, { message: messages.secretRotated, ...state.settings });
    }
    if (method === 'GET' && path === '/api/products/prod-1/variables') {
      return jsonResponse(200, { items: state.variables, limit: 100 });
    }
    const variable = /^\/api\/products\/prod-1\/variables\/(.+)$/.exec(path ?? '');
    if (variable?.[1]) {
      const name = decodeURIComponent(variable[1]);
      if (method === 'DELETE') {
        state.variables = state.variables.filter((v) => v.name !== name);
        return jsonResponse(200, { message: messages.variableDeleted });
      }
      const saved = { name, value: (body as { value: string }).value, updatedAt: motd.updatedAt };
      const existed = state.variables.some((v) => v.name === name);
      state.variables = [...state.variables.filter((v) => v.name !== name), saved];
      return jsonResponse(existed ? 200 : 201, {
        message: existed ? messages.variableSaved : messages.variableCreated,
        variable: saved,
      });
    }
    if (path === '/api/products/prod-1/hwid-blacklist') {
      if (method === 'GET') {
        return jsonResponse(200, {
          items: state.blacklist,
          total: state.blacklist.length,
          page: 1,
          pageSize: 20,
        });
      }
      const { hwid, reason } = body as { hwid: string; reason: string };
      const entry = {
        hwid,
        reason,
        userId: null,
        username: null,
        createdAt: '2026-11-29T10:00:00.000Z',
      };
      state.blacklist = [entry, ...state.blacklist];
      return jsonResponse(201, { message: messages.hwidBlocked, entry });
    }
    const blocked = /^\/api\/products\/prod-1\/hwid-blacklist\/(.+)$/.exec(path ?? '');
    if (method === 'DELETE' && blocked?.[1]) {
      const hwid = decodeURIComponent(blocked[1]);
      state.blacklist = state.blacklist.filter((e) => e.hwid !== hwid);
      return jsonResponse(200, { message: messages.hwidUnblocked });
    }
    return jsonResponse(404, { message: 'not stubbed', code: 'NOT_FOUND' });
  });
  return { sent, state };
}

const routes = [{ path: '/admin/products/:id/keyauth', Component: KeyAuthScreen }];
const openPage = () => renderRoutes(routes, '/admin/products/prod-1/keyauth');
const writes = (sent: SentRequest[]) => sent.filter((request) => request.method !== 'GET');

describe('/admin/products/:id/keyauth', () => {
  it('switches compatibility on for a new product and shows what to paste, each value copyable', async () => {
    const { sent } = stubServer();
    const user = userEvent.setup();
    openPage();
    expect(
      await screen.findByRole('heading', { name: 'Compatibilidade KeyAuth: Valorant Pro' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/Ainda não configurado/)).toBeInTheDocument();
    expect(screen.getByLabelText('Nome do app')).toHaveValue('Valorant Pro');
    expect(screen.getByRole('switch', { name: 'Ativar compatibilidade KeyAuth' })).toBeChecked();
    await user.clear(screen.getByLabelText('Nome do app'));
    await user.type(screen.getByLabelText('Nome do app'), 'ValorantLoader');
    await user.type(
      screen.getByLabelText('Link de download (opcional)'),
      'https://loja.exemplo.com/loader.exe',
    );
    await user.click(screen.getByRole('button', { name: 'Salvar e gerar credenciais' }));

    expect(await screen.findByText(messages.saved)).toBeInTheDocument();
    expect(writes(sent)).toEqual([
      {
        method: 'PUT',
        url: '/api/products/prod-1/keyauth',
        body: {
          enabled: true,
          name: 'ValorantLoader',
          version: '1.0',
          downloadUrl: 'https://loja.exemplo.com/loader.exe',
        },
      },
    ]);
    const values = await screen.findByRole('heading', { name: 'Valores para o loader' });
    const card = values.closest('[data-slot="card"]') as HTMLElement;
    for (const [label, value] of [
      ['URL da API (1.3)', configured.apiUrl],
      ['URL da API (1.2)', configured.apiUrlLegacy],
      ['Owner ID', 'GenOwner01'],
      ['Nome', 'ValorantLoader'],
      ['Secret', SECRET],
      ['Versão', '1.0'],
      ['Chave pública (hex)', PUBLIC_KEY],
    ]) {
      expect(within(card).getByText(value as string)).toBeInTheDocument();
      await user.click(within(card).getByRole('button', { name: `Copiar ${label as string}` }));
      expect(await navigator.clipboard.readText()).toBe(value);
    }
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeInTheDocument();
  });

  it('says what is wrong with the fields, in pt-BR, without calling the server', async () => {
    const { sent } = stubServer();
    const user = userEvent.setup();
    openPage();
    const name = await screen.findByLabelText('Nome do app');
    await user.clear(name);
    await user.clear(screen.getByLabelText('Versão'));
    await user.type(screen.getByLabelText('Versão'), '1 0');
    await user.type(screen.getByLabelText('Link de download (opcional)'), 'ftp://x');
    await user.click(screen.getByText(/Avançado/));
    await user.type(screen.getByLabelText('Owner ID'), 'curto');
    await user.type(screen.getByLabelText('Secret'), 'XYZ');
    await user.click(screen.getByRole('button', { name: 'Salvar e gerar credenciais' }));

    expect(await screen.findByText(messages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.versionInvalid)).toBeInTheDocument();
    expect(screen.getByText(messages.downloadUrlInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('Owner ID')).toHaveAccessibleDescription(messages.ownerIdInvalid);
    expect(screen.getByLabelText('Secret')).toHaveAccessibleDescription(messages.secretInvalid);
    expect(writes(sent)).toEqual([]);
  });

  it('keeps an Owner ID and secret typed under Avançado, and marks the name the server says is taken', async () => {
    const { sent } = stubServer({ settings: configured });
    const user = userEvent.setup();
    openPage();
    const name = await screen.findByLabelText('Nome do app');
    expect(name).toHaveValue('ValorantLoader');
    await user.clear(name);
    await user.type(name, 'Ocupado');
    await user.click(screen.getByText(/Avançado/));
    await user.type(screen.getByLabelText('Owner ID'), 'j9Gj0FTemM');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Nome do app')).toHaveAccessibleDescription(messages.appTaken),
    );
    expect(writes(sent)[0]?.body).toEqual({
      enabled: true,
      name: 'Ocupado',
      version: '1.0',
      downloadUrl: null,
      ownerId: 'j9Gj0FTemM',
    });
  });

  it('generates a new secret only after confirming, shows it and keeps unsaved edits', async () => {
    const { sent } = stubServer({ settings: configured });
    const user = userEvent.setup();
    openPage();
    await screen.findByText(SECRET);
    await user.clear(screen.getByLabelText('Versão'));
    await user.type(screen.getByLabelText('Versão'), '2.0-beta');
    await user.click(screen.getByRole('button', { name: 'Gerar novo secret' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Gerar novo secret?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(writes(sent)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Gerar novo secret' }));
    const again = await screen.findByRole('alertdialog', { name: 'Gerar novo secret?' });
    await user.click(within(again).getByRole('button', { name: 'Gerar novo secret' }));
    expect(await screen.findByText(NEW_SECRET)).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Versão')).toHaveValue('2.0-beta');
    expect(writes(sent)).toEqual([
      { method: 'POST', url: '/api/products/prod-1/keyauth/secret', body: undefined },
    ]);
  });

  it('fills the C++, C# and Python snippets with the values to change', async () => {
    stubServer({ settings: configured });
    const user = userEvent.setup();
    openPage();
    const snippets = (await screen.findByRole('heading', { name: 'Trechos prontos' })).closest(
      '[data-slot="card"]',
    ) as HTMLElement;
    const code = () => within(snippets).getByRole('tabpanel').querySelector('code')?.textContent;
    expect(code()).toContain(`std::string API_PUBLIC_KEY = "${PUBLIC_KEY}";`);
    expect(code()).toContain(`skCrypt("${configured.apiUrl}")`);
    expect(code()).toContain('skCrypt("bwZIiRx8PJ")');
    await user.click(within(snippets).getByRole('tab', { name: 'C#' }));
    expect(code()).toContain(`secret: "${SECRET}"`);
    expect(code()).toContain(`UploadValues("${configured.apiUrlLegacy}", post_data)`);
    await user.click(within(snippets).getByRole('tab', { name: 'Python' }));
    expect(code()).toContain('ownerid = "bwZIiRx8PJ"');
    expect(code()).toContain(`"${PUBLIC_KEY}"`);
    await user.click(within(snippets).getByRole('button', { name: 'Copiar trecho' }));
    expect(await navigator.clipboard.readText()).toBe(code());
  });

  it('adds, edits and deletes variables, validating the name', async () => {
    const { sent, state } = stubServer({ settings: configured, variables: [motd] });
    const user = userEvent.setup();
    openPage();
    expect(await screen.findByText('Bem-vindo!')).toBeInTheDocument();
    expect(screen.getByText('1 de 100 variáveis')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Adicionar variável' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar variável' });
    await user.type(within(dialog).getByLabelText('Nome'), 'com espaço');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar variável' }));
    expect(await within(dialog).findByText(messages.variableNameInvalid)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Nome'));
    await user.type(within(dialog).getByLabelText('Nome'), 'discord.invite');
    await user.type(within(dialog).getByLabelText('Valor'), 'https://discord.gg/x');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar variável' }));
    expect(await screen.findByText(messages.variableCreated)).toBeInTheDocument();
    expect(await screen.findByText('https://discord.gg/x')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Editar a variável motd' }));
    const edit = await screen.findByRole('dialog', { name: 'Editar variável' });
    expect(within(edit).getByLabelText('Nome')).toHaveAttribute('readonly');
    await user.clear(within(edit).getByLabelText('Valor'));
    await user.type(within(edit).getByLabelText('Valor'), 'Nova versão');
    await user.click(within(edit).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nova versão')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Excluir a variável motd' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir variável?' });
    await user.click(within(confirm).getByRole('button', { name: 'Excluir variável' }));
    await waitFor(() => expect(screen.queryByText('Nova versão')).not.toBeInTheDocument());
    expect(state.variables.map((v) => v.name)).toEqual(['discord.invite']);
    expect(writes(sent).map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT /api/products/prod-1/variables/discord.invite',
      'PUT /api/products/prod-1/variables/motd',
      'DELETE /api/products/prod-1/variables/motd',
    ]);
  });

  it('blocks a HWID with a reason and unblocks it after confirming', async () => {
    const { sent } = stubServer({ blacklist: [bannedByLoader, banned] });
    const user = userEvent.setup();
    openPage();
    const row = (await screen.findByText(banned.hwid)).closest('li') as HTMLElement;
    expect(row).toHaveTextContent('Chargeback');
    expect(row).toHaveTextContent('Bloqueado em 28/11/2026');
    const byLoader = screen.getByText(bannedByLoader.hwid).closest('li') as HTMLElement;
    expect(byLoader).toHaveTextContent('Banido pelo loader');
    expect(within(byLoader).getByRole('link', { name: 'joana' })).toHaveAttribute(
      'href',
      '/admin/users/user-joana',
    );

    await user.click(screen.getByRole('button', { name: 'Bloquear HWID' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear HWID' });
    await user.type(within(dialog).getByLabelText('HWID'), 'máquina-ação');
    await user.click(within(dialog).getByRole('button', { name: 'Bloquear HWID' }));
    expect(await within(dialog).findByText(messages.hwidInvalid)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('HWID'));
    await user.type(within(dialog).getByLabelText('HWID'), 'AB:CD:EF:01:23:45');
    await user.type(within(dialog).getByLabelText('Motivo (opcional)'), 'Conta compartilhada');
    await user.click(within(dialog).getByRole('button', { name: 'Bloquear HWID' }));
    expect(await screen.findByText(messages.hwidBlocked)).toBeInTheDocument();
    expect(await screen.findByText('AB:CD:EF:01:23:45')).toBeInTheDocument();
    expect(screen.getByText('3 HWIDs bloqueados')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Desbloquear AB:CD:EF:01:23:45' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Desbloquear HWID?' });
    await user.click(within(confirm).getByRole('button', { name: 'Desbloquear' }));
    await waitFor(() => expect(screen.queryByText('AB:CD:EF:01:23:45')).not.toBeInTheDocument());
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        url: '/api/products/prod-1/hwid-blacklist',
        body: { hwid: 'AB:CD:EF:01:23:45', reason: 'Conta compartilhada' },
      },
      {
        method: 'DELETE',
        url: `/api/products/prod-1/hwid-blacklist/${encodeURIComponent('AB:CD:EF:01:23:45')}`,
        body: undefined,
      },
    ]);
  });

  it('says so when the product does not exist', async () => {
    stubServer();
    renderRoutes(routes, '/admin/products/nao-existe/keyauth');
    expect(
      await screen.findByText('Produto não encontrado. Ele pode ter sido excluído.'),
    ).toBeInTheDocument();
  });
});
