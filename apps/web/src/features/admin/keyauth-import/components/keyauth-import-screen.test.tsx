import { defaultProtection, operationalStatus } from '@/testing/admin-fixtures';
import type { KeyAuthImportSummary } from '@chaveiro/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { keyAuthImportTexts as text } from '../texts';
import { KeyAuthImportScreen } from './keyauth-import-screen';

const routes = [{ path: '/admin/keyauth-import', Component: KeyAuthImportScreen }];

const products = [
  {
    id: 'p1',
    name: 'Aimbot Pro',
    description: '',
    status: 'active',
    plans: {},
    resellerPlans: {},
    file: null,
    loader: null,
    operational: operationalStatus,
    protection: defaultProtection,
    inUse: false,
  },
];

const summary: KeyAuthImportSummary = {
  message: 'Importação concluída: 2 usuários novos e 3 chaves novas.',
  users: { created: 2, existing: 1, skipped: 1 },
  keys: { created: 3, existing: 0, skipped: 0 },
  subscriptions: 2,
  machines: 2,
  problems: [
    {
      file: 'users',
      line: 14,
      message: 'usuário "MARCOS" não importado: já existe a conta "marcos"',
    },
  ],
  moreProblems: 0,
};

function signIn() {
  setToken(fakeToken({ role: 'admin', username: 'root', exp: epochSeconds(3600) }));
}

const usersJson = '[{"username":"joao","password":"$2y$10$x"}]';
const licensesJson = '[{"key":"ABC-DEF","expires":"86400","status":"Not Used"}]';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/admin/keyauth-import', () => {
  it('sends the chosen product and both files as text, then shows the summary and problems', async () => {
    signIn();
    const sent = stubApi((request) =>
      request.url.endsWith('/api/products')
        ? jsonResponse(200, products)
        : jsonResponse(200, summary),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/keyauth-import');

    await screen.findByRole('option', { name: 'Aimbot Pro' });
    await user.selectOptions(screen.getByLabelText(text.product), 'p1');
    await user.upload(
      screen.getByLabelText(text.usersFile),
      new File([usersJson], 'users.json', { type: 'application/json' }),
    );
    await user.upload(
      screen.getByLabelText(text.licensesFile),
      new File([licensesJson], 'licenses.json', { type: 'application/json' }),
    );
    await user.click(screen.getByRole('button', { name: text.submit }));

    expect(await screen.findByRole('status')).toHaveTextContent(summary.message);
    const posted = sent.find((request) => request.method === 'POST');
    expect(posted).toMatchObject({
      url: '/api/admin/keyauth-import',
      body: { productId: 'p1', users: usersJson, licenses: licensesJson },
    });
    const users = screen.getByRole('region', { name: text.users });
    expect(
      within(users)
        .getAllByRole('definition')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '1', '1']);
    expect(
      within(users)
        .getAllByRole('term')
        .map((cell) => cell.textContent),
    ).toEqual([text.created, text.existing, text.skipped]);
    const keys = screen.getByRole('region', { name: text.keys });
    expect(
      within(keys)
        .getAllByRole('definition')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '0', '0']);
    expect(screen.getByText(text.subscriptions(2), { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Usuários, linha 14')).toBeInTheDocument();
    expect(screen.getByText(summary.problems[0]?.message ?? '')).toBeInTheDocument();
  });

  it('asks for a product and a file before sending anything', async () => {
    signIn();
    const sent = stubApi(() => jsonResponse(200, products));
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/keyauth-import');
    await screen.findByRole('option', { name: 'Aimbot Pro' });
    await user.click(screen.getByRole('button', { name: text.submit }));
    expect(screen.getByText(text.productRequired)).toBeInTheDocument();
    expect(screen.getByText(text.filesRequired)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it("shows the server's refusal of a malformed file", async () => {
    signIn();
    const refusal =
      'O arquivo de licenças não foi importado: linha 7: status "Expirada" desconhecido (esperado "Not Used", "Used" ou "Banned"). Nada foi gravado.';
    stubApi((request) =>
      request.method === 'POST'
        ? jsonResponse(422, { message: refusal, code: 'KEYAUTH_FILE_INVALID' })
        : jsonResponse(200, products),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/admin/keyauth-import');
    await screen.findByRole('option', { name: 'Aimbot Pro' });
    await user.selectOptions(screen.getByLabelText(text.product), 'p1');
    await user.upload(
      screen.getByLabelText(text.licensesFile),
      new File([licensesJson], 'licenses.json', { type: 'application/json' }),
    );
    await user.click(screen.getByRole('button', { name: text.submit }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByText(text.resultTitle)).not.toBeInTheDocument();
  });
});
