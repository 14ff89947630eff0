import { API_TOKEN_LIMITS } from '@chaveiro/contract';
import { ExternalLink } from 'lucide-react';
import { CodeBlock } from '@/components/code-block';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { apiTokensTexts } from '../texts';

const text = apiTokensTexts.explainer;
/** The OpenAPI document and its UI, served by the server. */
export const API_DOCS_URL = '/api/docs';

/** How an integration sends its token, and where the API is documented. */
export function ApiTokensExplainer() {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{text.title}</CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-3 text-sm">
        <CodeBlock>{text.headerSample}</CodeBlock>
        <p className="text-muted-foreground">{text.example}</p>
        <CodeBlock wrap>{text.curlSample(window.location.origin)}</CodeBlock>
        <p className="text-muted-foreground">
          {text.rateLimit(API_TOKEN_LIMITS.rateLimitMax, API_TOKEN_LIMITS.rateLimitWindowMs / 1000)}
        </p>
        <a
          href={API_DOCS_URL}
          target="_blank"
          rel="noreferrer"
          className="text-primary inline-flex w-fit items-center gap-1.5 font-medium underline-offset-4 hover:underline focus-visible:underline"
        >
          {text.docs}
          <ExternalLink className="size-3.5" aria-hidden />
          <span className="sr-only">{text.docsHint}</span>
        </a>
      </CardContent>
    </Card>
  );
}
