import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { signInAsClient } from '@/testing/customer-fixtures';
import { customerTestRoutes } from '@/testing/customer-routes';
import { renderRoutes } from '@/testing/render-routes';
import { emulatePhone } from '@/testing/viewport';
import { history, openRedeem } from '../testing/redeem-stub';

beforeEach(() => signInAsClient());
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('redeem history', () => {
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
