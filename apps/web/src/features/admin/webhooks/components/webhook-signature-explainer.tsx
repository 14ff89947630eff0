import { ExternalLink } from 'lucide-react';
import { CodeBlock } from '@/components/code-block';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { webhooksTexts } from '../texts';

const text = webhooksTexts.explainer;
/** The OpenAPI document and its UI, served by the server. */
const API_DOCS_URL = '/api/docs';

/** How a receiver checks `Chaveiro-Signature` before trusting a delivery. */
export function WebhookSignatureExplainer() {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{text.title}</CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-3 text-sm">
        <CodeBlock wrap>{text.sample}</CodeBlock>
        <ol className="text-muted-foreground grid list-decimal gap-1 pl-5">
          {text.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
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
