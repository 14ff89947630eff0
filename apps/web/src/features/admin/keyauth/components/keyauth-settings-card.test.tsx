import { keyAuthAppMessages as messages } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInAsAdminForEachTest } from '@/testing/admin-fixtures';
import {
  NEW_SECRET,
  PUBLIC_KEY,
  SECRET,
  configured,
  openPage,
  stubKeyAuthApi,
  writes,
} from '../testing/keyauth-stub';

signInAsAdminForEachTest();

describe('/admin/products/:id/keyauth: the compatibility settings', () => {
  it('switches compatibility on for a new product and shows what to paste, each value copyable', async () => {
    const { sent } = stubKeyAuthApi();
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
    const { sent } = stubKeyAuthApi();
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
    const { sent } = stubKeyAuthApi({ settings: configured });
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
    const { sent } = stubKeyAuthApi({ settings: configured });
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
});
