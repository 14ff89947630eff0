import { messages } from '@chaveiro/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render-routes';
import { signInAsClient } from '@/testing/customer-fixtures';
import { customerTestRoutes } from '@/testing/customer-routes';
import { aimbot, openShop, stubShop, wallhack } from '@/testing/shop-stub';

beforeEach(() => signInAsClient());
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('/dashboard/shop', { timeout: 20_000 }, () => {
  it('shows each product with its plans, the chosen plan price and what the user holds', async () => {
    stubShop();
    await openShop();
    const card = screen.getByRole('article', { name: 'Aimbot Pro' });
    const plans = within(card).getByRole('radiogroup', { name: 'Plano: Aimbot Pro' });
    expect(within(plans).getAllByRole('radio')).toHaveLength(3);
    // The longest plan is chosen first.
    expect(within(plans).getByRole('radio', { name: /Mensal/ })).toBeChecked();
    expect(within(card).getByText('por 30 dias').parentElement).toHaveTextContent(
      /^R\$ 49,90por 30 dias$/,
    );
    expect(within(card).getByText('R$ 1,66 por dia')).toBeInTheDocument();

    await userEvent.setup().click(within(plans).getByRole('radio', { name: /Diário/ }));
    expect(within(card).getByText('por 1 dia').parentElement).toHaveTextContent(
      /^R\$ 5,90por 1 dia$/,
    );
    expect(within(card).queryByText(/por dia$/)).not.toBeInTheDocument();

    const owned = screen.getByRole('article', { name: 'Wallhack' });
    expect(within(owned).getByText('Você já tem · até 10/01/2999')).toBeInTheDocument();
    expect(screen.getByText('R$ 60,00')).toBeInTheDocument();
  });

  it('shows a product that does not work now with its status, and why it cannot be bought', async () => {
    const sent = stubShop({
      products: [
        {
          ...aimbot,
          operational_status: 'updating',
          status_note: 'Previsão 48 h.',
          purchasable: false,
        },
        {
          ...wallhack,
          operational_status: 'unavailable',
          status_note: 'Servidores do jogo fora do ar.',
          purchasable: true,
        },
      ],
    });
    const { user } = await openShop();

    const down = within(screen.getByRole('article', { name: 'Aimbot Pro' }));
    expect(down.getByText('Em atualização')).toBeInTheDocument();
    const buy = down.getByRole('button', { name: 'Comprar Aimbot Pro' });
    expect(buy).toBeDisabled();
    expect(buy).toHaveAccessibleDescription(
      'Este produto está em atualização e não pode ser comprado agora. Previsão 48 h.',
    );
    await user.click(buy);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Sold while down: the status and the note, and the button stays on.
    const sold = within(screen.getByRole('article', { name: 'Wallhack' }));
    expect(sold.getByText('Indisponível')).toBeInTheDocument();
    expect(sold.getByText('Servidores do jogo fora do ar.')).toBeInTheDocument();
    await user.click(sold.getByRole('button', { name: 'Comprar Wallhack' }));
    expect(await screen.findByRole('dialog', { name: 'Confirmar compra' })).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('says when nothing is on sale', async () => {
    stubShop({ products: [] });
    renderRoutes(customerTestRoutes, '/dashboard/shop');
    expect(await screen.findByText('Nenhum produto à venda no momento.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Resgatar Produtos' })).toHaveAttribute(
      'href',
      '/dashboard/redeem',
    );
  });

  it('shows the load error with a retry', async () => {
    stubShop({ products: 'error' });
    renderRoutes(customerTestRoutes, '/dashboard/shop');
    expect(await screen.findByText(messages.errors.productsLoadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
