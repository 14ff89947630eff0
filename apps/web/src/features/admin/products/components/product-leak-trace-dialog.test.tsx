import { PROTECTION_LIMITS, protectionMessages as t } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageOf, products, signInAsAdminForEachTest } from '@/testing/admin-fixtures';
import { stubRoutes } from '@/testing/api-stub';
import { fakeXhr } from '@/testing/fake-xhr';
import { delivery, tracedTo } from '@/testing/protection-fixtures';
import { renderRoutes } from '@/testing/render-routes';
import { ProductLeakTraceDialog } from './product-leak-trace-dialog';

signInAsAdminForEachTest();

const product = products[0]!;
const maria = delivery();
const joao = delivery({
  id: 'del-2',
  user: { id: 'user-joao', username: 'joao' },
  username: 'joao',
  hwid: 'HWID-JOAO',
  ip: '198.51.100.7',
  protected: false,
  markKind: 'slot',
  downloadedAt: null,
  downloadIp: null,
  downloads: 0,
});

function open() {
  renderRoutes(
    [
      {
        path: '/admin/products',
        Component: () => <ProductLeakTraceDialog row={product} onClose={vi.fn()} />,
      },
      { path: '/admin/users/:id', Component: () => <p>Página do cliente</p> },
    ],
    '/admin/products',
  );
  return { user: userEvent.setup(), dialog: within(screen.getByRole('dialog')) };
}

/** The product's deliveries, filtered by the search the way the server does. */
function deliveriesApi() {
  return stubRoutes({
    'GET /api/deliveries': ({ query }) => {
      const q = query.get('q') ?? '';
      return pageOf(
        [maria, joao].filter((row) => row.username.includes(q)),
        10,
      );
    },
  });
}

const leaked = () => new File([new Uint8Array([0x4d, 0x5a, 1, 2, 3])], 'cheat.dll');

describe('Rastrear vazamento', { timeout: 20_000 }, () => {
  it("names the delivery's customer, machine, IP and times, with a link to the customer", async () => {
    deliveriesApi();
    const sent = fakeXhr(200, tracedTo(maria));
    const { user, dialog } = open();
    expect(dialog.getByRole('heading', { name: t.leakTitle(product.name) })).toBeVisible();
    const trace = dialog.getByRole('button', { name: t.leakSubmit });
    expect(trace).toBeDisabled();
    await user.upload(dialog.getByLabelText(t.leakFileLabel), leaked());
    await user.click(trace);

    const result = within(await dialog.findByTestId('leak-trace-result'));
    expect(result.getByRole('status')).toHaveTextContent('Cópia idêntica a uma entrega');
    expect(result.getByText(t.leakVerdictHints.identical)).toBeVisible();
    expect(result.getByRole('link', { name: 'maria_cliente' })).toHaveAttribute(
      'href',
      '/admin/users/user-maria',
    );
    expect(result.getByText('HWID-MARIA-0001')).toBeVisible();
    expect(result.getByText('203.0.113.45')).toBeVisible();
    expect(result.getByText(t.deliveryProtected)).toBeVisible();
    expect(result.getByText(t.markKinds.trailer)).toBeVisible();
    expect(result.getByText(/1 download$/)).toBeVisible();

    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/deliveries/trace' });
    expect(sent[0]!.form.get('productId')).toBe(product.id);
    expect((sent[0]!.form.get('leakedFile') as File).name).toBe('cheat.dll');

    await user.click(result.getByRole('link', { name: t.leakOpenCustomer }));
    expect(await screen.findByText('Página do cliente')).toBeVisible();
  });

  it('explains an altered mark that names nobody', async () => {
    deliveriesApi();
    fakeXhr(200, {
      verdict: 'altered',
      message: t.leakVerdicts.altered,
      delivery: null,
      sha256: 'c'.repeat(64),
      size: 5,
      marksFound: 1,
    });
    const { user, dialog } = open();
    await user.upload(dialog.getByLabelText(t.leakFileLabel), leaked());
    await user.click(dialog.getByRole('button', { name: t.leakSubmit }));
    const result = within(await dialog.findByTestId('leak-trace-result'));
    expect(result.getByRole('status')).toHaveTextContent(t.leakVerdicts.altered);
    expect(result.getByText(t.leakVerdictHints.altered)).toBeVisible();
    expect(result.getByText(/1 marca encontrada/)).toBeVisible();
    expect(result.queryByRole('link')).toBeNull();
  });

  it('explains a file with no mark', async () => {
    deliveriesApi();
    fakeXhr(200, {
      verdict: 'unmarked',
      message: t.leakVerdicts.unmarked,
      delivery: null,
      sha256: 'd'.repeat(64),
      size: 5,
      marksFound: 0,
    });
    const { user, dialog } = open();
    await user.upload(dialog.getByLabelText(t.leakFileLabel), leaked());
    await user.click(dialog.getByRole('button', { name: t.leakSubmit }));
    const result = within(await dialog.findByTestId('leak-trace-result'));
    expect(result.getByText(t.leakVerdictHints.unmarked)).toBeVisible();
    expect(result.getByText(/0 marcas encontradas/)).toBeVisible();
  });

  it('says when the copy belongs to another product', async () => {
    deliveriesApi();
    fakeXhr(200, tracedTo(delivery({ productId: 'prod-2', productName: 'CS Lite' })));
    const { user, dialog } = open();
    await user.upload(dialog.getByLabelText(t.leakFileLabel), leaked());
    await user.click(dialog.getByRole('button', { name: t.leakSubmit }));
    expect(await dialog.findByText(t.leakOtherProduct('CS Lite'))).toBeVisible();
  });

  it('refuses a file over the limit before sending it', async () => {
    deliveriesApi();
    const sent = fakeXhr(200, tracedTo(maria));
    const { user, dialog } = open();
    const huge = new File(['x'], 'huge.dll');
    Object.defineProperty(huge, 'size', { value: PROTECTION_LIMITS.leakedFileMaxBytes + 1 });
    await user.upload(dialog.getByLabelText(t.leakFileLabel), huge);
    expect(dialog.getByText(t.leakFileTooLarge)).toBeVisible();
    expect(dialog.getByRole('button', { name: t.leakSubmit })).toBeDisabled();
    expect(sent).toHaveLength(0);
  });

  it("lists the product's deliveries and searches them", async () => {
    const { sent } = deliveriesApi();
    const { user, dialog } = open();
    const list = within(dialog.getByRole('region', { name: t.deliveriesTitle }));
    expect(await list.findByText('HWID-JOAO')).toBeVisible();
    expect(list.getByText('HWID-MARIA-0001')).toBeVisible();
    expect(list.getByText(t.deliveryNotDownloaded)).toBeVisible();
    expect(list.getByText(t.deliveryPlain)).toBeVisible();
    expect(list.getByText('2 entregas')).toBeVisible();
    expect(sent[0]!.url).toContain(`productId=${product.id}`);

    await user.type(list.getByRole('searchbox', { name: t.deliveriesSearch }), 'joao');
    await waitFor(() => expect(list.queryByText('HWID-MARIA-0001')).toBeNull());
    expect(list.getByText('1 entrega')).toBeVisible();
    expect(sent.at(-1)!.url).toContain('q=joao');
  });
});
