import { labels } from '@chaveiro/contract';
import { isRouteErrorResponse, useRouteError } from 'react-router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The router's fallback for a thrown error (spec §2: 'Unexpected Application Error!'). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return (
    <main className="bg-background flex min-h-svh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">{labels.unexpectedError}</h1>
      <p className="text-muted-foreground font-mono text-sm break-all">{describe(error)}</p>
      {/* A full page load, because the router itself may be what failed. */}
      <a href="/" className="text-primary text-sm font-medium underline-offset-4 hover:underline">
        Voltar ao início
      </a>
    </main>
  );
}
