import { defaultProtection, operationalStatus } from '@/testing/admin-fixtures';
import { LIMITS, loaderFileMessages as t, type Product } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { jsonResponse, stubApi } from '@/testing/api-stub';
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

/** A stand-in XMLHttpRequest answering every upload with `status` and `body`. */
function fakeXhr(status: number, body: unknown) {
  const sent: { method: string; url: string; form: FormData }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload = { onprogress: null as ((event: ProgressEvent) => void) | null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(form: FormData) {
      sent.push({ method: this.method, url: this.url, form });
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
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
    const sent = stubApi(() => jsonResponse(200, { message: t.removed }));
    const { user, dialog } = open(product({ loader }));
    await user.click(dialog.getByRole('button', { name: t.remove }));
    expect(sent).toHaveLength(0);
    const confirm = within(dialog.getByRole('alert'));
    expect(confirm.getByText(t.removeConfirm)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: t.remove }));
    await waitFor(() => expect(dialog.getByText(t.none)).toBeInTheDocument());
    expect(sent).toEqual([{ method: 'DELETE', url: '/api/products/p1/loader', body: undefined }]);
  });
});
