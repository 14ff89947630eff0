function base64Url(value: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JWT-shaped token with the given claims; the web never verifies signatures (the server does). */
export function fakeToken(claims: Record<string, unknown>): string {
  const header = base64Url({ alg: 'HS256', typ: 'JWT' });
  return `${header}.${base64Url({ sub: 'user-1', ver: 0, ...claims })}.c2lnbmF0dXJl`;
}

/** Seconds since the epoch, `offsetSeconds` from now. */
export function epochSeconds(offsetSeconds = 0): number {
  return Math.floor(Date.now() / 1000) + offsetSeconds;
}
