import { defaultProtection, operationalStatus } from '@/testing/admin-fixtures';
import {
  LIMITS,
  loaderFileMessages as t,
  protectionMessages as p,
  type LoaderRelease,
  type Product,
} from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { stubRoutes, type Routes } from '@/testing/api-stub';
import { fakeXhr } from '@/testing/fake-xhr';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { ProductLoaderDialog } from './product-loader-dialog';

const loader = {
  sha256: 'a'.repeat(64),
  name: 'Loader.exe',
  size: 2048,
  version: '1.0.0',
  notes: 'Primeira versão.',
  uploadedAt: '2030-04-01T12:00:00.000Z',
  downloads: 12,
};

function product(overrides: Partial<Product> = {}): Product {
  return {
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
    ...overrides,
  };
}

function open(row: Product) {
  const onClose = vi.fn();
  renderRoutes(
    [
      {
        path: '/admin/products',
        Component: () => <ProductLoaderDialog row={row} onClose={onClose} />,
      },
    ],
    '/admin/products',
  );
  return { user: userEvent.setup(), dialog: within(screen.getByRole('dialog')) };
}

const releases: LoaderRelease[] = [
  {
    id: 'r2',
    version: '1.0.0',
    sha256: 'a'.repeat(64),
    name: 'Loader.exe',
    size: 2048,
    uploadedAt: '2030-04-01T12:00:00.000Z',
    current: true,
  },
  {
    id: 'r1',
    version: '0.9.1',
    sha256: '0123456789abcdef'.repeat(4),
    name: 'Loader.exe',
    size: 1900,
    uploadedAt: '2030-03-01T12:00:00.000Z',
    current: false,
  },
];

/** The published versions (none unless a test says), and whatever else a test adds. */
function stubBackend(routes: Routes = {}, items: LoaderRelease[] = []) {
  return stubRoutes({ 'GET /api/products/:id/loader-releases': { items }, ...routes });
}

beforeEach(() => {
  setToken(fakeToken({ role: 'admin', username: 'root', exp: epochSeconds(3600) }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('the loader file dialog', () => {
  it('shows the current loader with version, size, downloads and notes', () => {
    const { dialog } = open(product({ loader }));
    expect(dialog.getByRole('heading', { name: 'Loader de Aimbot Pro' })).toBeInTheDocument();
    expect(dialog.getByTestId('loader-name')).toHaveTextContent('Loader.exe · Versão 1.0.0');
    expect(dialog.getByText(/2 KB · enviado em .* · 12 downloads/)).toBeInTheDocument();
    expect(dialog.getByText('Primeira versão.')).toBeInTheDocument();
  });

  it('sends the file with its version and notes, then shows the new loader', async () => {
    const uploaded = { ...loader, version: '2.0', notes: 'Mais rápido.', downloads: 0 };
    stubBackend();
    const sent = fakeXhr(200, { message: t.uploaded, loader: uploaded });
    const { user, dialog } = open(product());
    expect(dialog.getByText(t.none)).toBeInTheDocument();
    const send = dialog.getByRole('button', { name: t.send });
    expect(send).toBeDisabled();

    const exe = new File([new Uint8Array([0x4d, 0x5a])], 'Loader.exe');
    await user.upload(dialog.getByLabelText(t.fileLabel), exe);
    expect(send).toBeDisabled();
    await user.type(dialog.getByLabelText(t.versionLabel), 'v'.repeat(LIMITS.loaderVersionMax + 1));
    expect(dialog.getByText(t.versionTooLong)).toBeInTheDocument();
    expect(send).toBeDisabled();
    await user.clear(dialog.getByLabelText(t.versionLabel));
    await user.type(dialog.getByLabelText(t.versionLabel), ' 2.0 ');
    await user.type(dialog.getByLabelText(t.notesLabel), 'Mais rápido.');
    await user.click(send);

    expect(await dialog.findByText('Mais rápido.')).toBeInTheDocument();
    expect(dialog.getByTestId('loader-name')).toHaveTextContent('Versão 2.0');
    expect(await screen.findByText(t.uploaded)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/products/p1/loader' });
    expect(sent[0]!.form.get('version')).toBe('2.0');
    expect(sent[0]!.form.get('notes')).toBe('Mais rápido.');
    expect((sent[0]!.form.get('loaderFile') as File).name).toBe('Loader.exe');
  });

  it("shows the server's refusal of a file that is not a program and keeps the form", async () => {
    stubBackend();
    fakeXhr(422, { message: t.fileInvalid, code: 'INVALID_FILE' });
    const { user, dialog } = open(product());
    await user.upload(dialog.getByLabelText(t.fileLabel), new File(['texto'], 'leia-me.exe'));
    await user.type(dialog.getByLabelText(t.versionLabel), '1.0');
    await user.click(dialog.getByRole('button', { name: t.send }));
    expect(await screen.findByText(t.fileInvalid)).toBeInTheDocument();
    expect(dialog.getByText(t.none)).toBeInTheDocument();
    expect(dialog.getByLabelText(t.versionLabel)).toHaveValue('1.0');
  });

  it('removes the loader only after confirmation', async () => {
    const { sent } = stubBackend({ 'DELETE /api/products/:id/loader': { message: t.removed } });
    const writes = () => sent.filter((request) => request.method !== 'GET');
    const { user, dialog } = open(product({ loader }));
    await user.click(dialog.getByRole('button', { name: t.remove }));
    expect(writes()).toHaveLength(0);
    const confirm = within(dialog.getByRole('alert'));
    expect(confirm.getByText(t.removeConfirm)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: t.remove }));
    await waitFor(() => expect(dialog.getByText(t.none)).toBeInTheDocument());
    expect(writes()).toEqual([
      { method: 'DELETE', url: '/api/products/p1/loader', body: undefined },
    ]);
  });

  it('lists the published versions with a short hash and marks the current one', async () => {
    stubBackend({}, releases);
    const { dialog } = open(product({ loader }));
    const list = within(dialog.getByRole('region', { name: p.releasesTitle }));
    const items = await list.findAllByTestId('loader-release');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(p.releaseVersion('1.0.0'));
    expect(items[0]).toHaveTextContent(p.releaseCurrent);
    expect(within(items[0]!).getByText('a'.repeat(12))).toHaveAttribute('title', 'a'.repeat(64));
    expect(items[1]).toHaveTextContent(p.releaseVersion('0.9.1'));
    expect(items[1]).not.toHaveTextContent(p.releaseCurrent);
  });

  it('says when no version is published', async () => {
    stubBackend();
    const { dialog } = open(product());
    expect(await dialog.findByText(p.releasesEmpty)).toBeInTheDocument();
  });

  it('removes a version only after confirmation, then lists the rest', async () => {
    let items = releases;
    const { sent } = stubRoutes({
      'GET /api/products/:id/loader-releases': () => ({ items }),
      'DELETE /api/products/:id/loader-releases/:releaseId': ({ params }) => {
        items = items.filter((release) => release.id !== params.releaseId);
        return { message: p.releaseRemoved };
      },
    });
    const { user, dialog } = open(product({ loader }));
    await user.click(await dialog.findByRole('button', { name: p.releaseRemoveOf('0.9.1') }));
    const confirm = within(dialog.getByRole('alert'));
    expect(confirm.getByText(p.releaseRemoveConfirm('0.9.1'))).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'DELETE')).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: p.releaseRemove }));
    expect(await screen.findByText(p.releaseRemoved)).toBeInTheDocument();
    await waitFor(() => expect(dialog.getAllByTestId('loader-release')).toHaveLength(1));
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/api/products/p1/loader-releases/r1', body: undefined },
    ]);
  });
});
