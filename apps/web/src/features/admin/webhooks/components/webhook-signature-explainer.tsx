import { ApiDocsLink } from '@/components/api-docs-link';
import { CodeBlock } from '@/components/code-block';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { webhooksTexts } from '../texts';

const text = webhooksTexts.explainer;

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
        <ApiDocsLink />
      </CardContent>
    </Card>
  );
}
