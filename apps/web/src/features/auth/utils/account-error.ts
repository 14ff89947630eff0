import { messages } from '@chaveiro/contract';
import { ApiError } from '@/lib/api-client';

/** What the API client puts in an error that arrived without a server message. */
function isClientFallback(message: string): boolean {
  return (
    message === messages.errors.writeFallback ||
    message.startsWith(messages.errors.readFallback(''))
  );
}

/**
 * The server's message for a failed account call, or the screen's own fallback (spec §8: 'Erro
 * ao fazer login.', 'Erro ao registrar.', …) when the answer carried none.
 */
export function accountErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || isClientFallback(error.message)) return fallback;
  return error.message;
}

/** True when the API answered with this `{ code }`. */
export function hasErrorCode(error: unknown, code: string): error is ApiError {
  return error instanceof ApiError && error.code === code;
}
