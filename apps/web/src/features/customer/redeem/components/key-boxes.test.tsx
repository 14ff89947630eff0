import { screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/api-stub';
import { signInAsClient } from '@/testing/customer-fixtures';
import { boxes, openRedeem, redeem, typed } from '../testing/redeem-stub';

beforeEach(() => signInAsClient());
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('the key boxes', () => {
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

  it('accepts a key typed in any case and maps no look-alike character', async () => {
    const { user, sent } = await openRedeem(() =>
      jsonResponse(200, {
        message: 'Chave resgatada!',
        subscription_id: 'sub-1',
        loader: null,
        loader_unavailable: null,
      }),
    );
    await redeem(user, 'o0il1s5b8-abcdefghj');
    expect(sent.find((r) => r.url === '/api/client/redeem-key')?.body).toEqual({
      keyValue: 'O0IL1S5B8ABCDEFGHJ',
    });
  });
});
