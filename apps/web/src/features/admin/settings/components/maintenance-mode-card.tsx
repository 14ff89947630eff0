import type { Settings } from '@chaveiro/contract';
import { Wrench } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { settingsTexts } from '../texts';
import { useConfirmedSetting } from './confirm-setting-dialog';
import { SettingSwitch } from './setting-switch';

const t = settingsTexts.maintenance;

/** Maintenance mode: everyone but admins gets the maintenance page (spec §2, §3 Settings). */
export function MaintenanceModeCard({ value }: { value: Settings['maintenance_mode'] }) {
  const setting = useConfirmedSetting();
  const on = (setting.saving ?? value) === 'on';

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wrench className="text-muted-foreground size-4" aria-hidden />
          {t.title}
        </CardTitle>
        <CardDescription>{t.description}</CardDescription>
        <CardAction>
          <Badge
            variant="outline"
            className={
              on
                ? 'border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300'
                : undefined
            }
          >
            {on ? t.on : t.off}
          </Badge>
        </CardAction>
      </CardHeader>
      <CardContent>
        <SettingSwitch
          id="maintenance-mode"
          label={t.label}
          hint={t.hint}
          checked={on}
          pending={setting.pending}
          onCheckedChange={(checked) =>
            setting.request({ key: 'maintenance_mode', value: checked ? 'on' : 'off' })
          }
        />
      </CardContent>
      {setting.dialog}
    </Card>
  );
}
