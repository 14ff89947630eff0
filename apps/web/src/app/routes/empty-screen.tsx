/** A screen a later issue builds; until then its section shows only the layout. */
export function EmptyScreen() {
  return null;
}
