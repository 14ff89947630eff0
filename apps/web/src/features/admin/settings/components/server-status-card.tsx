import { SETTING_VALUES, type Settings } from '@chaveiro/contract';
import { Server, ServerOff } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { settingsTexts } from '../texts';
import { useConfirmedSetting } from './confirm-setting-dialog';

const t = settingsTexts.serverStatus;
type ServerStatus = Settings['server_status'];

const OPTIONS = {
  online: { label: t.online, hint: t.onlineHint, icon: Server },
  offline: { label: t.offline, hint: t.offlineHint, icon: ServerOff },
} as const satisfies Record<ServerStatus, object>;

function asServerStatus(value: string): ServerStatus | undefined {
  return SETTING_VALUES.server_status.find((status) => status === value);
}

/** Online or offline: whether the loader serves the products (spec §2, §3 Settings). */
export function ServerStatusCard({ value }: { value: ServerStatus }) {
  const setting = useConfirmedSetting();
  // While the confirmed change is on its way the radio already shows the choice.
  const shown = asServerStatus(setting.saving ?? value) ?? value;

  const change = (next: string) => {
    const status = asServerStatus(next);
    if (!status || status === value) return;
    setting.request({ key: 'server_status', value: status });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle id="server-status-title">{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <RadioGroup
          value={shown}
          onValueChange={change}
          disabled={setting.pending}
          aria-labelledby="server-status-title"
          className="gap-3"
        >
          {SETTING_VALUES.server_status.map((status) => {
            const option = OPTIONS[status];
            const Icon = option.icon;
            const id = `server-status-${status}`;
            return (
              <Label
                key={status}
                htmlFor={id}
                className="hover:bg-accent/50 has-[[data-state=checked]]:border-primary flex cursor-pointer items-start gap-3 rounded-lg border p-3 leading-normal font-normal transition-colors"
              >
                <RadioGroupItem value={status} id={id} aria-describedby={`${id}-hint`} />
                <span className="grid gap-1">
                  <span className="flex items-center gap-2 font-medium">
                    <Icon
                      className={
                        status === 'online'
                          ? 'size-4 text-emerald-600 dark:text-emerald-400'
                          : 'text-destructive size-4'
                      }
                      aria-hidden
                    />
                    {option.label}
                  </span>
                  <span id={`${id}-hint`} className="text-muted-foreground text-sm">
                    {option.hint}
                  </span>
                </span>
              </Label>
            );
          })}
        </RadioGroup>
      </CardContent>
      {setting.dialog}
    </Card>
  );
}
