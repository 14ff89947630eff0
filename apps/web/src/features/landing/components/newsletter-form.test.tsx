import { messages, newsletterMessages } from '@chaveiro/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { setToken } from '@/lib/session';
import { NewsletterForm } from './newsletter-form';

type FetchArgs = [input: string, init: RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function renderForm() {
  render(
    <ThemeProvider>
      <NewsletterForm />
    </ThemeProvider>,
  );
  return {
    user: userEvent.setup(),
    input: screen.getByLabelText('Receba novidades e ofertas'),
    button: screen.getByRole('button', { name: 'Inscrever' }),
  };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('newsletter form', () => {
  it('shows the spec message for an invalid address and sends nothing', async () => {
    const { user, input, button } = renderForm();

    await user.type(input, 'nao-e-email');
    await user.click(button);

    expect(await screen.findByText(messages.validation.emailInvalid)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('subscribes without a session, then confirms inline and with a toast', async () => {
    fetchMock.mockResolvedValue(json(200, { message: newsletterMessages.subscribed }));
    const { user, input, button } = renderForm();

    await user.type(input, '  Leitora@Example.com ');
    await user.click(button);

    // Once in the status line under the field, once in the toast.
    await waitFor(() => expect(screen.getAllByText(newsletterMessages.subscribed)).toHaveLength(2));
    expect(input).toHaveValue('');
    expect(input).not.toHaveAttribute('aria-invalid');
    const [url, init] = fetchMock.mock.lastCall ?? [];
    expect(url).toBe('/api/newsletter');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({ email: 'leitora@example.com' });
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('does not send a stored session token to the public call', async () => {
    setToken('token-123');
    fetchMock.mockResolvedValue(json(200, { message: newsletterMessages.subscribed }));
    const { user, input, button } = renderForm();

    await user.type(input, 'leitor@example.com');
    await user.click(button);

    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    expect(new Headers(fetchMock.mock.lastCall?.[1].headers).has('Authorization')).toBe(false);
  });

  it("shows the server's message when the call is refused", async () => {
    fetchMock.mockResolvedValue(
      json(429, { message: messages.errors.tooManyRequests, code: 'TOO_MANY_REQUESTS' }),
    );
    const { user, input, button } = renderForm();

    await user.type(input, 'leitor@example.com');
    await user.click(button);

    expect(await screen.findByText(messages.errors.tooManyRequests)).toBeInTheDocument();
    expect(input).toHaveValue('leitor@example.com');
    expect(button).toBeEnabled();
  });
});
