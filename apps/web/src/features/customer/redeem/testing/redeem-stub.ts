import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, stubApi } from '@/testing/api-stub';
import { customerTestRoutes } from '@/testing/customer-routes';
import { renderRoutes } from '@/testing/render-routes';

/** Two redeemed keys: one feeding an active subscription, one expired. */
export const history = [
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

/** The 18 key boxes. */
export function boxes() {
  // By label: the result modal hides the page from the accessibility tree while it is open.
  return Array.from(document.querySelectorAll<HTMLInputElement>('input[aria-label^="Caractere "]'));
}

/** What the boxes hold, in order. */
export const typed = () =>
  boxes()
    .map((box) => box.value)
    .join('');

/** The redeem screen, the redeem call answering `answer`, once its key boxes are there. */
export async function openRedeem(answer: () => Response = () => jsonResponse(500, {})) {
  const sent = stubApi(({ url }) =>
    url === '/api/client/redeem-key' ? answer() : jsonResponse(200, history),
  );
  renderRoutes(customerTestRoutes, '/dashboard/redeem');
  await screen.findByRole('group', { name: 'Chave de licença' });
  return { user: userEvent.setup(), all: boxes(), sent };
}

/** Pastes `key` into the first box and presses "Resgatar chave". */
export async function redeem(user: ReturnType<typeof userEvent.setup>, key: string) {
  await user.click(boxes()[0]!);
  await user.paste(key);
  await user.click(screen.getByRole('button', { name: 'Resgatar chave' }));
}
