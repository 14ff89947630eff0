import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where the status e-mail's one-click link points (the notifications routes' prefix). */
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/**
 * The status e-mail's one-click unsubscribe link: the account id and the server's HMAC of it
 * (a key derived from the JWT secret for this purpose alone), so the link works without a
 * session and cannot be made for another account. It does not expire: turning the e-mails
 * off again is harmless, and the profile turns them back on.
 */
export function createUnsubscribeLinks(secret: string, publicUrl: string) {
  const key = createHmac('sha256', secret)
    .update('chaveiro/product-status-mail-unsubscribe/v1')
    .digest();
  const sign = (userId: string) => createHmac('sha256', key).update(userId).digest();

  return {
    url(userId: string): string {
      const query = new URLSearchParams({ u: userId, s: sign(userId).toString('base64url') });
      return `${publicUrl}${UNSUBSCRIBE_PATH}?${query.toString()}`;
    },
    /** Whether `signature` is this server's for `userId`. */
    verify(userId: string, signature: string): boolean {
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(userId);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;
