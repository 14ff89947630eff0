/** Renders nothing: the element of a route whose loader redirects before anything shows. */
export function EmptyScreen() {
  return null;
}
