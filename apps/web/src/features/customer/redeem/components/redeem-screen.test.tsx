import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { loaderFileMessages } from '@chaveiro/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/api-stub';
import { signInAsClient } from '@/testing/customer-fixtures';
import { boxes, openRedeem, redeem, typed } from '../testing/redeem-stub';

beforeEach(() => signInAsClient());
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('redeem screen', () => {
  it("shows 'Sucesso!' with the server message, clears the boxes and refreshes the history", async () => {
    const message = 'Chave resgatada! Aimbot Pro ativo até 10/05/2030.';
    const { user, sent } = await openRedeem(() =>
      jsonResponse(200, {
        message,
        subscription_id: 'sub-1',
        loader: null,
        loader_unavailable: null,
      }),
    );
    await redeem(user, 'abcd-efgh-1234-5678-xy');

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Sucesso!' })).toBeInTheDocument();
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(typed()).toBe('');
    expect(sent.find((r) => r.url === '/api/client/redeem-key')?.body).toEqual({
      keyValue: 'ABCDEFGH12345678XY',
    });
    // The history is fetched again after the redeem.
    await waitFor(() =>
      expect(sent.map((r) => r.url).lastIndexOf('/api/client/redeem-history')).toBeGreaterThan(
        sent.findIndex((r) => r.url === '/api/client/redeem-key'),
      ),
    );
  });

  it('puts the focus back on the cleared key when the result is closed', async () => {
    const { user } = await openRedeem(() =>
      jsonResponse(200, {
        message: 'Chave resgatada!',
        subscription_id: 'sub-1',
        loader: null,
        loader_unavailable: null,
      }),
    );
    await redeem(user, 'ABCDEFGH12345678XY');
    const dialog = await screen.findByRole('dialog');

    await user.click(within(dialog).getAllByRole('button', { name: 'Fechar' })[0]!);
    await waitFor(() => expect(boxes()[0]).toHaveFocus());
  });

  it("offers 'Baixar loader' with the first-run guide after a redeem and saves the file", async () => {
    const loader = {
      name: 'Chaveiro Loader.exe',
      version: '2.4.1',
      size: 1536,
      notes: 'Inicia mais rápido.',
      uploaded_at: '2030-04-01T12:00:00.000Z',
    };
    const exe = new Uint8Array([0x4d, 0x5a, 1, 2, 3]);
    const { user } = await openRedeem(() =>
      jsonResponse(200, {
        message: 'Chave resgatada!',
        subscription_id: 'sub-9',
        loader,
        loader_unavailable: null,
      }),
    );
    const answerRedeem = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation((input, init) =>
      input === '/api/client/subscriptions/sub-9/loader'
        ? Promise.resolve(
            new Response(exe, {
              status: 200,
              headers: {
                'Content-Type': 'application/octet-stream',
                'Content-Disposition': `attachment; filename="Chaveiro Loader-2.4.1.exe"`,
              },
            }),
          )
        : answerRedeem(input, init),
    );
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:loader';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    await redeem(user, 'ABCDEFGH12345678XY');
    const dialog = await screen.findByRole('dialog');
    const guide = within(within(dialog).getByRole('region', { name: 'Primeiros passos' }));
    expect(guide.getByRole('heading', { name: 'Primeiros passos' })).toBeInTheDocument();
    for (const step of loaderFileMessages.guideSteps) {
      expect(guide.getByText(step)).toBeInTheDocument();
    }
    expect(guide.getByTestId('loader-meta')).toHaveTextContent('Versão 2.4.1 · 1,5 KB');
    expect(guide.getByText('Inicia mais rápido.')).toBeInTheDocument();

    await user.click(guide.getByRole('button', { name: 'Baixar loader' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(click.mock.contexts[0]).toMatchObject({ download: 'Chaveiro Loader-2.4.1.exe' });
    expect(new Uint8Array(await blobs[0]!.arrayBuffer())).toEqual(exe);
    click.mockRestore();
  });

  it('says why the loader cannot be downloaded yet when the product is down', async () => {
    const reason =
      'Este produto está em atualização: o loader poderá ser baixado quando ele voltar.';
    const message =
      'Chave resgatada! Aimbot Pro: 30 d que começam a contar quando o produto voltar a funcionar.';
    const { user, sent } = await openRedeem(() =>
      jsonResponse(200, {
        message,
        subscription_id: 'sub-7',
        loader: {
          name: 'Loader.exe',
          version: '1.0',
          size: 1024,
          notes: '',
          uploaded_at: '2030-04-01T12:00:00.000Z',
        },
        loader_unavailable: reason,
      }),
    );
    await redeem(user, 'ABCDEFGH12345678XY');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    const download = within(dialog).getByRole('button', { name: 'Baixar loader' });
    expect(download).toBeDisabled();
    await user.hover(download.parentElement!);
    expect(await screen.findAllByText(reason)).not.toHaveLength(0);
    expect(sent.some((r) => r.url.endsWith('/loader'))).toBe(false);
  });

  it('still shows the guide, saying the loader is not published yet, when the product has none', async () => {
    const { user } = await openRedeem(() =>
      jsonResponse(200, {
        message: 'Chave resgatada!',
        subscription_id: 'sub-1',
        loader: null,
        loader_unavailable: null,
      }),
    );
    await redeem(user, 'ABCDEFGH12345678XY');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(loaderFileMessages.guideNoLoader)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Baixar loader' })).toBeNull();
    expect(within(dialog).getByText(loaderFileMessages.guideSteps[2])).toBeInTheDocument();
  });

  it("shows 'Erro!' with the server message and no toast", async () => {
    const { user } = await openRedeem(() =>
      jsonResponse(404, { message: 'Chave inválida ou já utilizada.', code: 'X' }),
    );
    await redeem(user, 'ABCDEFGH12345678XY');

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Erro!' })).toBeInTheDocument();
    expect(screen.getAllByText('Chave inválida ou já utilizada.')).toHaveLength(1);
    expect(typed()).toBe('ABCDEFGH12345678XY');
  });
});
