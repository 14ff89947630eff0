import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { bypassTexts } from '../texts';
import { BypassApiKeysCard } from './bypass-api-keys-card';
import { BypassUidsCard } from './bypass-uids-card';
import { CreateBypassUidForm } from './create-bypass-uid-form';

/** `/admin/bypass`, 'Bypass API' (spec §2): the UID whitelist and the keys that query it. */
export function BypassScreen() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{bypassTexts.title}</h1>
        <p className="text-muted-foreground text-sm">{bypassTexts.subtitle}</p>
      </div>
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
