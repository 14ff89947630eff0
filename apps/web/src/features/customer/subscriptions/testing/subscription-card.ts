import { screen, within } from '@testing-library/react';

/** The subscription card of `name`, once shown, to query inside. */
export async function card(name: string) {
  return within(await screen.findByRole('article', { name }));
}
