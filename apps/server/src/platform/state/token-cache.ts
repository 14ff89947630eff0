/**
 * Tokens this node has verified, with what they carry, so a client sending the same token again
 * needs no new signature check (a web session sends one token for hours, a loader for minutes).
 * Keyed by the whole token string: only a byte-identical copy of a verified token hits. Expiry
 * is checked on every read; past `capacity` the token verified longest ago is forgotten.
 */
export function createTokenCache<T>(capacity: number) {
  const entries = new Map<string, { value: T; expiresAt: number }>();
  return {
    /** What `token` carried, while it is remembered and not expired at `now` (epoch ms). */
    get(token: string, now: number): T | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.expiresAt > now) return entry.value;
      entries.delete(token);
      return undefined;
    },
    /** Remembers a token just verified, valid until `expiresAt` (epoch ms, exclusive). */
    remember(token: string, value: T, expiresAt: number): void {
      if (entries.size >= capacity && !entries.has(token)) {
        entries.delete(entries.keys().next().value!);
      }
      entries.set(token, { value, expiresAt });
    },
  };
}

export type TokenCache<T> = ReturnType<typeof createTokenCache<T>>;
