import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { bypassTexts } from '../texts';
import { BypassApiKeysCard } from './bypass-api-keys-card';
import { BypassUidsCard } from './bypass-uids-card';
import { CreateBypassUidForm } from './create-bypass-uid-form';
import { PageHeader } from '@/components/layout/page-header';

/** `/admin/bypass`, 'Bypass API' (spec §2): the UID whitelist and the keys that query it. */
export function BypassScreen() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={bypassTexts.title} subtitle={bypassTexts.subtitle} />
      <Card>
        <CardHeader>
          <CardTitle>{bypassTexts.create.title}</CardTitle>
          <CardDescription>{bypassTexts.create.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <CreateBypassUidForm />
        </CardContent>
      </Card>
      <BypassUidsCard />
      <BypassApiKeysCard />
    </div>
  );
}
