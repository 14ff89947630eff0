import { messages } from '@chaveiro/contract';
import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/session';
import { epochSeconds, fakeToken } from '@/testing/fake-token';
import { stubSettingsApi, renderScreen } from '../testing/settings-stub';

beforeEach(() => {
  setToken(fakeToken({ role: 'admin', username: 'root', exp: epochSeconds(3600) }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('/admin/settings: reseller discount', { timeout: 20_000 }, () => {
  it('saves the global reseller discount, showing what a plan then costs resellers', async () => {
    const sent = stubSettingsApi();
    const user = await renderScreen();
    const field = await screen.findByLabelText('Desconto global de revenda (%)');
    await waitFor(() => expect(field).toHaveValue(0));
    await user.clear(field);
    await user.type(field, '12.5');
    // R$ 49,90 less 12,5 % is 43,6625: rounded to R$ 43,66, as the server does.
    expect(
      screen.getByText(
        'Exemplo: um plano de R$ 49,90 sai por R$ 43,66 para revendedores (arredondado ao centavo).',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar desconto' }));
    expect(await screen.findByText(messages.resellerPricing.discountSaved)).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'PUT',
      url: '/api/settings/reseller-pricing',
      body: { discountPercent: 12.5 },
    });

    await user.clear(field);
    await user.type(field, '95');
    await user.click(screen.getByRole('button', { name: 'Salvar desconto' }));
    expect(await screen.findByText(messages.resellerPricing.discountInvalid)).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });
});
