import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { loaderFileMessages } from '@chaveiro/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { signInAsClient } from '@/testing/customer-fixtures';
import { customerTestRoutes } from '@/testing/customer-routes';
import { emulatePhone } from '@/testing/viewport';

beforeEach(() => signInAsClient());
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

const history = [
  {
    id: 'h1',
    key_value: 'AAAABBBBCCCCDDDDEE',
    product_name: 'Aimbot Pro',
    expires_at: '2030-05-10T15:00:00.000Z',
    subscription_status: 'active',
    redeemed_at: '2030-04-10T15:00:00.000Z',
  },
  {
    id: 'h2',
    key_value: 'ZZZZYYYYXXXXWWWWVV',
    product_name: 'Wallhack',
    expires_at: '2020-01-02T15:00:00.000Z',
    subscription_status: 'expired',
    redeemed_at: '2019-12-02T15:00:00.000Z',
  },
];

function boxes() {
  // By label: the result modal hides the page from the accessibility tree while it is open.
  return Array.from(document.querySelectorAll<HTMLInputElement>('input[aria-label^="Caractere "]'));
}

const typed = () =>
  boxes()
    .map((box) => box.value)
    .join('');

/** The redeem screen, the redeem call answering `answer`, once its key boxes are there. */
async function openRedeem(answer: () => Response = () => jsonResponse(500, {})) {
  const sent = stubApi(({ url }) =>
    url === '/api/client/redeem-key' ? answer() : jsonResponse(200, history),
  );
  renderRoutes(customerTestRoutes, '/dashboard/redeem');
  await screen.findByRole('group', { name: 'Chave de licença' });
  return { user: userEvent.setup(), all: boxes(), sent };
}

/** Pastes `key` into the first box and presses "Resgatar chave". */
async function redeem(user: ReturnType<typeof userEvent.setup>, key: string) {
  await user.click(boxes()[0]!);
  await user.paste(key);
  await user.click(screen.getByRole('button', { name: 'Resgatar chave' }));
}

describe('redeem screen', () => {
  it('advances as characters are typed, ignores dashes and moves with the arrows', async () => {
    const { user, all } = await openRedeem();
    expect(all).toHaveLength(18);

    await user.click(all[0]!);
    await user.keyboard('a-b');
    expect(typed()).toBe('AB');
    expect(all[2]).toHaveFocus();

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(all[0]).toHaveFocus();
    // The caret never goes past the first empty box.
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(all[2]).toHaveFocus();
  });

  it('ignores a dash or a space typed into a filled box', async () => {
    const { user, all } = await openRedeem();
    await user.click(all[0]!);
    await user.keyboard('abc');

    await user.click(all[1]!);
    await user.keyboard('-');
    await user.keyboard(' ');
    expect(typed()).toBe('ABC');
    expect(all[1]).toHaveValue('B');
    expect(all[1]).toHaveFocus();
  });

  it('fills the first empty box whichever box is clicked, leaving no gaps', async () => {
    const { user, all } = await openRedeem();

    await user.click(all[9]!);
    expect(all[0]).toHaveFocus();
    await user.keyboard('x');
    await user.click(all[12]!);
    await user.keyboard('yz');
    expect(all.map((box) => box.value)).toEqual(['X', 'Y', 'Z', ...Array<string>(15).fill('')]);
    expect(all[3]).toHaveFocus();

    // A filled box is overwritten in place.
    await user.click(all[1]!);
    await user.keyboard('q');
    expect(typed()).toBe('XQZ');
    expect(all[2]).toHaveFocus();
  });

  it('deletes one character per Backspace', async () => {
    const { user, all } = await openRedeem();
    await user.click(all[0]!);
    await user.keyboard('abcdefghijklmnopqr');
    expect(typed()).toBe('ABCDEFGHIJKLMNOPQR');
    expect(all[17]).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(typed()).toBe('ABCDEFGHIJKLMNOPQ');
    await user.keyboard('{Backspace}');
    expect(typed()).toBe('ABCDEFGHIJKLMNOP');
    expect(all[16]).toHaveFocus();
    await user.keyboard('{Backspace}{Backspace}');
    expect(typed()).toBe('ABCDEFGHIJKLMN');
    expect(all[14]).toHaveFocus();

    // In a filled box Backspace deletes that box's character and the rest closes the gap.
    await user.click(all[0]!);
    await user.keyboard('{Backspace}');
    expect(typed()).toBe('BCDEFGHIJKLMN');
    expect(all[0]).toHaveValue('B');
  });

  it('keeps one box in the Tab order, so Tab leaves the key', async () => {
    const { user, all } = await openRedeem();
    await user.click(all[0]!);
    await user.keyboard('abc');
    expect(all.filter((box) => box.tabIndex === 0)).toEqual([all[3]]);
    await user.tab();
    expect(all.some((box) => box === document.activeElement)).toBe(false);
  });

  it('cleans a pasted key and enables the button only when all 18 boxes are filled', async () => {
    const { user } = await openRedeem();
    const button = screen.getByRole('button', { name: 'Resgatar chave' });
    expect(button).toBeDisabled();

    await user.click(boxes()[0]!);
    await user.paste('abcd-efgh-1234');
    expect(typed()).toBe('ABCDEFGH1234');
    expect(button).toBeDisabled();

    await user.click(boxes()[0]!);
    await user.paste('abcd-efgh-1234-5678-xyz');
    expect(typed()).toBe('ABCDEFGH12345678XY');
    expect(button).toBeEnabled();
  });

  it("shows 'Sucesso!' with the server message, clears the boxes and refreshes the history", async () => {
    const message = 'Chave resgatada! Aimbot Pro ativo até 10/05/2030.';
    const { user, sent } = await openRedeem(() =>
      jsonResponse(200, { message, subscription_id: 'sub-1', loader: null }),
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
      jsonResponse(200, { message: 'Chave resgatada!', subscription_id: 'sub-1', loader: null }),
    );
    await redeem(user, 'ABCDEFGH12345678XY');
    const dialog = await screen.findByRole('dialog');

    await user.click(within(dialog).getAllByRole('button', { name: 'Fechar' })[0]!);
    await waitFor(() => expect(boxes()[0]).toHaveFocus());
  });

  it('accepts a key typed in any case and maps no look-alike character', async () => {
    const { user, sent } = await openRedeem(() =>
      jsonResponse(200, { message: 'Chave resgatada!', subscription_id: 'sub-1', loader: null }),
    );
    await redeem(user, 'o0il1s5b8-abcdefghj');
    expect(sent.find((r) => r.url === '/api/client/redeem-key')?.body).toEqual({
      keyValue: 'O0IL1S5B8ABCDEFGHJ',
    });
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
      jsonResponse(200, { message: 'Chave resgatada!', subscription_id: 'sub-9', loader }),
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

  it('still shows the guide, saying the loader is not published yet, when the product has none', async () => {
    const { user } = await openRedeem(() =>
      jsonResponse(200, { message: 'Chave resgatada!', subscription_id: 'sub-1', loader: null }),
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

  it('lists the key history and counts active against total licences', async () => {
    await openRedeem();
    const row = (await screen.findByText('AAAABBBBCCCCDDDDEE')).closest('tr')!;
    expect(within(row).getByText('Aimbot Pro')).toBeInTheDocument();
    expect(within(row).getByText('10/05/2030')).toBeInTheDocument();
    expect(within(row).getByText('Ativo')).toBeInTheDocument();
    const expired = screen.getByText('ZZZZYYYYXXXXWWWWVV').closest('tr')!;
    expect(within(expired).getByText('Expirado')).toBeInTheDocument();
    expect(screen.getByText('Licenças ativas').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('Total de licenças').nextSibling).toHaveTextContent('2');
  });
});

describe('redeem history on a phone', () => {
  it('lists each key as a card with its product, expiry and status, and no table', async () => {
    emulatePhone();
    stubApi(() => jsonResponse(200, history));
    renderRoutes(customerTestRoutes, '/dashboard/redeem');
    const card = (await screen.findByText('AAAABBBBCCCCDDDDEE')).closest('li') as HTMLElement;
    expect(within(card).getByText('Aimbot Pro')).toBeInTheDocument();
    expect(within(card).getByText('Ativo')).toBeInTheDocument();
    const expired = screen.getByText('ZZZZYYYYXXXXWWWWVV').closest('li') as HTMLElement;
    expect(within(expired).getByText('Expirado')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
