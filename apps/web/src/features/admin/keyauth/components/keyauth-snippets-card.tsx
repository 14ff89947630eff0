import type { KeyAuthSettings } from '@chaveiro/contract';
import { Copy } from 'lucide-react';
import { ApiDocsLink } from '@/components/api-docs-link';
import { CodeBlock } from '@/components/code-block';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { keyAuthTexts } from '../texts';
import { copyToClipboard } from '@/lib/copy-to-clipboard';
import { loaderSnippet, type LoaderLanguage } from './keyauth-snippets';

const text = keyAuthTexts.snippets;
const LANGUAGES: LoaderLanguage[] = ['cpp', 'csharp', 'python'];

/** The lines that change in each official KeyAuth example, filled with these settings. */
export function KeyAuthSnippetsCard({ settings }: { settings: KeyAuthSettings }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h2>{text.title}</h2>
        </CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-3">
        <Tabs defaultValue="cpp" className="min-w-0">
          <TabsList>
            {LANGUAGES.map((language) => (
              <TabsTrigger key={language} value={language}>
                {text.tabs[language]}
              </TabsTrigger>
            ))}
          </TabsList>
          {LANGUAGES.map((language) => {
            const snippet = loaderSnippet(language, settings);
            return (
              <TabsContent key={language} value={language} className="grid min-w-0 gap-3">
                <p className="text-muted-foreground text-sm">{text.hints[language]}</p>
                <CodeBlock>{snippet}</CodeBlock>
                <Button
                  variant="outline"
                  className="w-fit"
                  onClick={() => void copyToClipboard(snippet, text.copied)}
                >
                  <Copy aria-hidden />
                  {text.copy}
                </Button>
              </TabsContent>
            );
          })}
        </Tabs>
        <ApiDocsLink />
      </CardContent>
    </Card>
  );
}
