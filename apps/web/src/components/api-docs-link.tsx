import { ExternalLink } from 'lucide-react';

/** The OpenAPI document and its UI, served by the server. */
const API_DOCS_URL = '/api/docs';

/** "Ver a documentação da API", opening the server's OpenAPI document in a new tab. */
export function ApiDocsLink() {
  return (
    <a
      href={API_DOCS_URL}
      target="_blank"
      rel="noreferrer"
      className="text-primary inline-flex w-fit items-center gap-1.5 font-medium underline-offset-4 hover:underline focus-visible:underline"
    >
      Ver a documentação da API
      <ExternalLink className="size-3.5" aria-hidden />
      <span className="sr-only">(abre em nova aba)</span>
    </a>
  );
}
