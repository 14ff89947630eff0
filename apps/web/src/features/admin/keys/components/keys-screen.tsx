import type { GenerateKeysResponse } from '@chaveiro/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { GenerateKeysDialog } from './generate-keys-dialog';
import { GeneratedKeysDialog } from './generated-keys-dialog';
import { KeysTable } from './keys-table';
import { PageHeader } from '@/components/layout/page-header';

/** `/admin/keys`: generate keys and manage every key (filters, search, pages, CSV). */
export function KeysScreen() {
  const [generateOpen, setGenerateOpen] = useState(false);
  const [generated, setGenerated] = useState<GenerateKeysResponse | null>(null);
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeader
          title="Chaves de licença"
          subtitle="Gere chaves, acompanhe o uso e exporte a lista filtrada."
          level="h2"
        />
        <Button onClick={() => setGenerateOpen(true)}>
          <Plus aria-hidden /> Gerar chaves
        </Button>
      </div>
      <KeysTable />
      <GenerateKeysDialog
        open={generateOpen}
        onOpenChange={setGenerateOpen}
        onGenerated={setGenerated}
      />
      {generated ? (
        <GeneratedKeysDialog
          keys={generated.keys}
          message={generated.message}
          onClose={() => setGenerated(null)}
        />
      ) : null}
    </div>
  );
}
