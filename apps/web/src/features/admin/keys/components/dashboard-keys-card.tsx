import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { KeysTable } from './keys-table';

/** The dashboard's newest keys, searchable by key or client (spec §2). */
export function DashboardKeysCard({ refetchInterval }: { refetchInterval: number }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Chaves</CardTitle>
        <CardDescription>As chaves mais recentes; busque por chave ou cliente.</CardDescription>
      </CardHeader>
      <CardContent className="min-w-0">
        <KeysTable compact refetchInterval={refetchInterval} />
      </CardContent>
    </Card>
  );
}
