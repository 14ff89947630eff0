import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/api-stub';
import { renderRoutes } from '@/testing/render-routes';
import { signInAsReseller } from '../testing/reseller-fixtures';
import { page, resellerRoutes, stubReseller } from '../testing/reseller-stub';

beforeEach(() => signInAsReseller());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toast.dismiss();
});

describe('reseller dashboard', { timeout: 20_000 }, () => {
  it('shows the balance and the four statistics as cards', async () => {
    stubReseller();
    renderRoutes(resellerRoutes, '/reseller/dashboard');
    const card = (title: string) => screen.getByRole('group', { name: title });
    expect(await within(card('Saldo disponível')).findByText('R$ 50,00')).toBeInTheDocument();
    expect(within(card('Chaves compradas')).getByText('1.234')).toBeInTheDocument();
    expect(within(card('Resgatadas')).getByText('1.000')).toBeInTheDocument();
    expect(within(card('Disponíveis')).getByText('230')).toBeInTheDocument();
    expect(within(card('Gasto este mês')).getByText('R$ 321,90')).toBeInTheDocument();
  });

  it('says when there are no keys or products yet', async () => {
    stubReseller({
      'GET /api/reseller/keys': () => jsonResponse(200, page([])),
      'GET /api/reseller/products': () => jsonResponse(200, []),
    });
    renderRoutes(resellerRoutes, '/reseller/dashboard');
    expect(await screen.findByText('Nenhuma chave encontrada.')).toBeInTheDocument();
    expect(screen.getByText('Compre chaves acima para começar a vender.')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum produto à venda no momento.')).toBeInTheDocument();
  });
});
