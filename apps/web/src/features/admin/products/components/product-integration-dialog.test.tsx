import { defaultProtection, operationalStatus } from '@/testing/admin-fixtures';
import {
  loaderIntegrationMessages as t,
  type LoaderPublicKey,
  type Product,
} from '@chaveiro/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { setToken } from '@/lib/session';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { renderRoutes } from '@/testing/render-routes';
import { ProductIntegrationDialog } from './product-integration-dialog';

const product: Product = {
  id: '0196f3a8-7c1e-7e55-9a43-5f2c8b1d0e7a',
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
};

const CURRENT = 'A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg=';
const PREVIOUS = 'uvxxvq06xeS2PpyCFu5xo0quxlci7tvKcotOmzzM45Y=';
const VALID_UNTIL = '2026-12-07T12:00:00.000Z';

function keys(previous: LoaderPublicKey['previous'] = []): LoaderPublicKey {
  return {
    keyId: '56475aa75463474c',
    publicKey: CURRENT,
    pem: '-----BEGIN PUBLIC KEY-----\n…\n-----END PUBLIC KEY-----\n',
    previous,
  };
}

const rotated = keys([
  {
    keyId: 'a1b2c3d4e5f60718',
    publicKey: PREVIOUS,
    retiredAt: '2026-11-30T12:00:00.000Z',
    validUntil: VALID_UNTIL,
  },
]);

function open() {
  const onClose = vi.fn();
  renderRoutes(
    [
      {
        path: '/admin/products',
        Component: () => <ProductIntegrationDialog row={product} onClose={onClose} />,
      },
    ],
    '/admin/products',
  );
  return { user: userEvent.setup(), dialog: within(screen.getByRole('dialog')), onClose };
}

/** The code of the tab shown. */
function code(): string {
  return (
    within(screen.getByRole('dialog')).getByRole('tabpanel').querySelector('code')?.textContent ??
    ''
  );
}

beforeEach(() => {
  setToken(fakeToken({ role: 'admin', username: 'root', exp: epochSeconds(3600) }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('the "Integrar loader" dialog', () => {
  it("shows this site's address, the product id and the signing key, each with a copy button", async () => {
    const sent = stubApi(() => jsonResponse(200, keys()));
    const { user, dialog } = open();
    expect(dialog.getByRole('heading', { name: t.title('Aimbot Pro') })).toBeInTheDocument();
    expect(await dialog.findByText(CURRENT)).toBeInTheDocument();
    expect(sent).toContainEqual({ method: 'GET', url: '/api/loader/public-key', body: undefined });
    for (const [label, value] of [
      [t.serverUrl, window.location.origin],
      [t.productId, product.id],
      [t.currentKey('56475aa75463474c'), CURRENT],
    ] as const) {
      expect(dialog.getByText(value)).toBeInTheDocument();
      await user.click(dialog.getByRole('button', { name: `Copiar ${label}` }));
      expect(await navigator.clipboard.readText()).toBe(value);
    }
    expect(await screen.findByText(`${t.serverUrl} copiado.`)).toBeInTheDocument();
  });

  it('fills the C++, C# and TypeScript snippets with the address, the product and the key', async () => {
    stubApi(() => jsonResponse(200, keys()));
    const { user, dialog } = open();
    await dialog.findByRole('tab', { name: 'C++' });
    const origin = window.location.origin;
    expect(code()).toContain(`chaveiro::client client("${origin}", "${product.id}", {`);
    expect(code()).toContain(`"${CURRENT}",  // chave pública atual`);
    expect(code()).toContain(`chaveiro::hwid("${product.id}")`);

    await user.click(dialog.getByRole('tab', { name: 'C#' }));
    expect(code()).toContain(`new ChaveiroClient("${origin}", "${product.id}", new[]`);
    expect(code()).toContain(`"${CURRENT}", // chave pública atual`);

    await user.click(dialog.getByRole('tab', { name: 'TypeScript' }));
    expect(code()).toContain(`serverUrl: '${origin}',`);
    expect(code()).toContain(`productId: '${product.id}',`);
    expect(code()).toContain(`{ keyId: '56475aa75463474c', publicKey: '${CURRENT}' },`);

    await user.click(dialog.getByRole('button', { name: t.copySnippet }));
    expect(await navigator.clipboard.readText()).toBe(code());
    expect(await screen.findByText(t.snippetCopied)).toBeInTheDocument();
  });

  it('during a rotation pins the previous key too, saying until when it is accepted', async () => {
    stubApi(() => jsonResponse(200, rotated));
    const { dialog } = open();
    const label = t.previousKey('a1b2c3d4e5f60718', formatDateTime(VALID_UNTIL));
    expect(await dialog.findByText(label)).toBeInTheDocument();
    expect(dialog.getByText(PREVIOUS)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: `Copiar ${label}` })).toBeInTheDocument();
    const cpp = code();
    expect(cpp.indexOf(CURRENT)).toBeLessThan(cpp.indexOf(PREVIOUS));
    expect(cpp).toContain(`"${PREVIOUS}",  // chave anterior, aceita até 07/12/2026`);
  });

  it('links the SDK reference in a new tab, as the KeyAuth page links the API', async () => {
    stubApi(() => jsonResponse(200, keys()));
    const { dialog } = open();
    const link = await dialog.findByRole('link', { name: new RegExp(`^${t.docs}`) });
    expect(link).toHaveAttribute('href', '/docs/sdk.md');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('keeps the address and the product id when the key cannot be loaded, and offers no snippet', async () => {
    stubApi(() => jsonResponse(404, { message: 'Rota não encontrada.', code: 'NOT_FOUND' }));
    const { dialog } = open();
    expect(dialog.getByText(t.loadingKeys)).toBeInTheDocument();
    expect(await dialog.findByRole('alert')).toBeInTheDocument();
    expect(dialog.getByText(product.id)).toBeInTheDocument();
    expect(dialog.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('closes with Fechar', async () => {
    stubApi(() => jsonResponse(200, keys()));
    const { user, dialog, onClose } = open();
    // The footer's, first in the document: the corner's X is named "Fechar" too.
    await user.click(dialog.getAllByRole('button', { name: t.close })[0]!);
    expect(onClose).toHaveBeenCalled();
  });
});
