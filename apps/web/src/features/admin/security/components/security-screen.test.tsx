import { labels, protectionMessages as t, type SecurityEvent } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pageOf, products, signInAsAdminForEachTest } from '@/testing/admin-fixtures';
import { stubRoutes } from '@/testing/api-stub';
import { securityEvent } from '@/testing/protection-fixtures';
import { renderRoutes } from '@/testing/render-routes';
import { SecurityScreen } from './security-screen';

signInAsAdminForEachTest();

/** A queue the server filters by status, product and kind, and resolves by id. */
function queueApi(events: SecurityEvent[]) {
  return stubRoutes({
    'GET /api/products': [...products, { ...products[0]!, id: 'prod-2', name: 'CS Lite' }],
    'GET /api/security-events': ({ query }) => {
      const status = query.get('status') ?? 'open';
      return pageOf(
        events.filter(
          (event) =>
            (status === 'all' || (status === 'open') === (event.resolvedAt === null)) &&
            (!query.get('productId') || event.product.id === query.get('productId')) &&
            (!query.get('kind') || event.kind === query.get('kind')),
        ),
      );
    },
    'POST /api/security-events/:id/resolve': ({ params }) => {
      const event = events.find((candidate) => candidate.id === params.id)!;
      event.resolvedAt = '2030-04-03T10:00:00.000Z';
      event.resolvedBy = 'admin';
      return { message: t.securityResolvedToast };
    },
  });
}

function render(path = '/admin/security') {
  const router = renderRoutes([{ path: '/admin/security', Component: SecurityScreen }], path);
  return { user: userEvent.setup(), router };
}

const debuggerEvent = securityEvent();
const unknownLoader = securityEvent({
  id: 'sec-2',
  kind: 'unknown_loader',
  action: 'refused',
  detail: null,
  product: { id: 'prod-2', name: 'CS Lite' },
  user: null,
  username: 'conta_apagada',
  ip: '198.51.100.9',
});

describe('the Segurança queue', { timeout: 20_000 }, () => {
  it('lists open events with customer, product, kind, detail, action, IP and time', async () => {
    queueApi([securityEvent(), unknownLoader]);
    render();
    expect(screen.getByRole('heading', { level: 1, name: t.securityTitle })).toBeVisible();
    const row = (await screen.findAllByText('x64dbg anexado', { selector: 'td *' }))[0]!.closest(
      'tr',
    )!;
    const cells = within(row);
    expect(cells.getByRole('link', { name: 'maria_cliente' })).toHaveAttribute(
      'href',
      '/admin/users/user-maria',
    );
    expect(cells.getByText('Valorant Pro')).toBeVisible();
    expect(cells.getByText(t.signals.debugger)).toBeVisible();
    expect(cells.getByText(t.eventActions.end_session)).toBeVisible();
    expect(cells.getByText('203.0.113.45')).toBeVisible();

    const other = screen.getByText(t.signals.unknown_loader, { selector: 'td *' }).closest('tr')!;
    expect(within(other).getByText('conta_apagada')).toBeVisible();
    expect(within(other).queryByRole('link', { name: 'conta_apagada' })).toBeNull();
    expect(within(other).getByText(t.eventActions.refused)).toBeVisible();
    expect(screen.getByText('2 eventos')).toBeVisible();
  });

  it('resolves an event: it leaves the open tab and shows under Resolvidos', async () => {
    const { sent } = queueApi([{ ...debuggerEvent }]);
    const { user } = render();
    await user.click(
      await screen.findByRole('button', {
        name: t.securityResolveOf(t.signals.debugger, 'maria_cliente'),
      }),
    );
    expect(await screen.findByText(t.securityResolvedToast)).toBeVisible();
    expect(await screen.findByText(t.securityEmpty)).toBeVisible();
    expect(
      sent.some((r) => r.method === 'POST' && r.url === '/api/security-events/sec-1/resolve'),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: t.securityResolved }));
    expect(await screen.findByText(/Resolvido por admin em/)).toBeVisible();
  });

  it('filters by product and kind, in the URL', async () => {
    const { sent } = queueApi([securityEvent(), unknownLoader]);
    const { user, router } = render();
    await screen.findAllByText('x64dbg anexado', { selector: 'td *' });
    await user.selectOptions(screen.getByLabelText(labels.productFilter.label), 'CS Lite');
    await waitFor(() =>
      expect(screen.queryAllByText('x64dbg anexado', { selector: 'td *' })).toHaveLength(0),
    );
    expect(screen.getByText(t.signals.unknown_loader, { selector: 'td *' })).toBeVisible();
    expect(router.state.location.search).toContain('product=prod-2');

    await user.selectOptions(screen.getByLabelText(t.securityKindFilter), t.signals.debugger);
    expect(await screen.findByText(t.securityNoMatch)).toBeVisible();
    expect(sent.at(-1)!.url).toContain('kind=debugger');
    expect(sent.at(-1)!.url).toContain('productId=prod-2');
  });
});
