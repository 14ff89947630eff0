import { keyAuthAppMessages as messages } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInAsAdminForEachTest } from '@/testing/admin-fixtures';
import { renderRoutes } from '@/testing/render-routes';
import {
  PUBLIC_KEY,
  SECRET,
  banned,
  bannedByLoader,
  configured,
  motd,
  keyAuthRoutes,
  openPage,
  stubKeyAuthApi,
  writes,
} from '../testing/keyauth-stub';

signInAsAdminForEachTest();

describe('/admin/products/:id/keyauth', () => {
  it('fills the C++, C# and Python snippets with the values to change', async () => {
    stubKeyAuthApi({ settings: configured });
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
    const { sent, state } = stubKeyAuthApi({ settings: configured, variables: [motd] });
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
    const { sent } = stubKeyAuthApi({ blacklist: [bannedByLoader, banned] });
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
    stubKeyAuthApi();
    renderRoutes(keyAuthRoutes, '/admin/products/nao-existe/keyauth');
    expect(
      await screen.findByText('Produto não encontrado. Ele pode ter sido excluído.'),
    ).toBeInTheDocument();
  });
});
