/** The token's clear start as listed, always ending in an ellipsis (the rest is secret). */
export function shownPrefix(prefix: string): string {
  return prefix.endsWith('…') ? prefix : `${prefix}…`;
}
