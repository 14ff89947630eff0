import { messages } from '@chaveiro/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import {
  aDeposit,
  rejected,
  stubAdmin,
  listReads,
  renderScreen,
  rowOf,
} from '../testing/deposits-stub';

const d = messages.deposits;

beforeEach(() => {
  localStorage.setItem(
    'authToken',
    fakeToken({ role: 'admin', username: 'admin', exp: epochSeconds(3600) }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('/admin/deposits list', { timeout: 20_000 }, () => {
  it('starts on the pending deposits with user, amount, reference, date and status', async () => {
    const sent = stubAdmin();
    await renderScreen();
    const row = await rowOf('ana');
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('ana@exemplo.com');
    expect(cells[1]).toHaveTextContent(/^R\$ 1\.234,50$/);
    expect(cells[2]).toHaveTextContent(/^K7M39QXA$/);
    expect(cells[4]).toHaveTextContent(/^Pendente$/);
    expect(
      within(row).getByRole('button', { name: 'Aprovar depósito K7M39QXA' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pendentes' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(listReads(sent)[0]?.url).toBe('/api/admin/deposits?status=pending&page=1&pageSize=20');
  });

  it('filters by status and searches on the server', async () => {
    const sent = stubAdmin({ rows: [rejected] });
    const user = await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Recusados' }));
    await waitFor(() =>
      expect(listReads(sent).at(-1)?.url).toBe(
        '/api/admin/deposits?status=rejected&page=1&pageSize=20',
      ),
    );
    const row = await rowOf('bia');
    expect(within(row).getAllByText('Motivo: PIX não encontrado').length).toBeGreaterThan(0);
    expect(within(row).getAllByText(/por chefe em 11\/01\/2030/).length).toBeGreaterThan(0);
    expect(within(row).queryByRole('button', { name: /Aprovar/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Todos' }));
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por usuário ou referência' }),
      'k7m',
    );
    await waitFor(() =>
      expect(listReads(sent).at(-1)?.url).toBe(
        '/api/admin/deposits?status=all&q=k7m&page=1&pageSize=20',
      ),
    );
  });

  it('exports the filtered deposits as CSV and keeps the filter in the URL', async () => {
    const createObjectURL = vi.fn(() => 'blob:depositos');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const sent = stubAdmin({
      rows: [rejected],
      routes: {
        'GET /api/admin/deposits/export.csv': () =>
          new Response('referencia\r\n', { headers: { 'Content-Type': 'text/csv' } }),
      },
    });
    const user = await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Recusados' }));
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() =>
      expect(sent.map((request) => request.url)).toContain(
        '/api/admin/deposits/export.csv?status=rejected',
      ),
    );
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('says when no deposit waits for approval', async () => {
    stubAdmin({ rows: [] });
    await renderScreen();
    expect(await screen.findByText('Nenhum depósito aguardando aprovação.')).toBeInTheDocument();
  });

  it('shows the load error', async () => {
    stubApi(() => jsonResponse(403, { message: 'Proibido', code: 'FORBIDDEN' }));
    await renderScreen();
    expect(await screen.findAllByText(messages.errors.loadFailed)).not.toHaveLength(0);
  });
});

describe('approve and reject', { timeout: 20_000 }, () => {
  it('approves after a confirmation, toasts and reads the list again', async () => {
    const sent = stubAdmin({
      routes: {
        'POST /api/admin/deposits/dep-1/approve': {
          message: d.approved,
          deposit: aDeposit({ status: 'approved', decided_by: 'admin' }),
        },
      },
    });
    const user = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Aprovar depósito K7M39QXA' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Aprovar depósito?' });
    expect(dialog).toHaveTextContent('R$ 1.234,50 serão creditados no saldo de ana');
    const readsBefore = listReads(sent).length;
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar e creditar' }));

    expect(await screen.findByText(d.approved)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/admin/deposits/dep-1/approve', body: undefined },
    ]);
    await waitFor(() => expect(listReads(sent).length).toBeGreaterThan(readsBefore));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('reports a deposit someone else already decided', async () => {
    stubAdmin({
      routes: {
        'POST /api/admin/deposits/dep-1/approve': () =>
          jsonResponse(409, { message: d.alreadyApproved, code: 'DEPOSIT_ALREADY_DECIDED' }),
      },
    });
    const user = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Aprovar depósito K7M39QXA' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Aprovar depósito?' });
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar e creditar' }));
    expect(await screen.findByText(d.alreadyApproved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('rejects with a required reason', async () => {
    const sent = stubAdmin({
      routes: {
        'POST /api/admin/deposits/dep-1/reject': {
          message: d.rejected,
          deposit: aDeposit({ status: 'rejected' }),
        },
      },
    });
    const user = await renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Recusar depósito K7M39QXA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recusar depósito' });
    await user.click(within(dialog).getByRole('button', { name: 'Recusar depósito' }));
    expect(await within(dialog).findByText(d.rejectReasonRequired)).toBeInTheDocument();

    await user.type(
      within(dialog).getByLabelText('Motivo da recusa'),
      'PIX não encontrado no extrato',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Recusar depósito' }));
    expect(await screen.findByText(d.rejected)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/admin/deposits/dep-1/reject',
        body: { reason: 'PIX não encontrado no extrato' },
      },
    ]);
  });
});
