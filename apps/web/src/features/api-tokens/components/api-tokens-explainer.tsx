import { API_TOKEN_LIMITS } from '@chaveiro/contract';
import { ApiDocsLink } from '@/components/api-docs-link';
import { CodeBlock } from '@/components/code-block';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { apiTokensTexts } from '../texts';

const text = apiTokensTexts.explainer;

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
        <ApiDocsLink />
      </CardContent>
    </Card>
  );
}
