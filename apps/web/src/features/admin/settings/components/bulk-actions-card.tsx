import type { Settings } from '@chaveiro/contract';
import { HardDrive, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { settingsTexts } from '../texts';
import { useConfirmedSetting } from './confirm-setting-dialog';
import { DeleteAllUsersDialog } from './delete-all-users-dialog';
import { ResetAllHwidsDialog } from './reset-all-hwids-dialog';
import { SettingSwitch } from './setting-switch';

const t = settingsTexts.bulk;

/** Pause all users (a toggle), reset all HWIDs and delete all users (spec §2 Admin settings). */
export function BulkActionsCard({ pauseAllUsers }: { pauseAllUsers: Settings['pause_all_users'] }) {
  const setting = useConfirmedSetting();
  const paused = (setting.saving ?? pauseAllUsers) === 'on';
  const [dialog, setDialog] = useState<'reset' | 'delete' | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <SettingSwitch
          id="pause-all-users"
          label={t.pauseLabel}
          hint={t.pauseHint}
          checked={paused}
          pending={setting.pending}
          onCheckedChange={(checked) =>
            setting.request({ key: 'pause_all_users', value: checked ? 'on' : 'off' })
          }
        />
        <Separator />
        <ActionRow id="reset-all-hwids" label={t.resetLabel} hint={t.resetHint}>
          <Button
            variant="outline"
            aria-describedby="reset-all-hwids-hint"
            onClick={() => setDialog('reset')}
          >
            <HardDrive aria-hidden />
            {t.resetButton}
          </Button>
        </ActionRow>
        <Separator />
        <ActionRow id="delete-all-users" label={t.deleteLabel} hint={t.deleteHint} danger>
          <Button
            variant="destructive"
            aria-describedby="delete-all-users-hint"
            onClick={() => setDialog('delete')}
          >
            <Trash2 aria-hidden />
            {t.deleteButton}
          </Button>
        </ActionRow>
      </CardContent>

      {setting.dialog}
      <ResetAllHwidsDialog
        open={dialog === 'reset'}
        onOpenChange={(open) => setDialog(open ? 'reset' : null)}
      />
      <DeleteAllUsersDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
      />
    </Card>
  );
}

function ActionRow({
  id,
  label,
  hint,
  danger = false,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="grid gap-1">
        <p className={danger ? 'text-destructive text-sm font-medium' : 'text-sm font-medium'}>
          {label}
        </p>
        <p id={`${id}-hint`} className="text-muted-foreground text-sm">
          {hint}
        </p>
      </div>
      <div className="shrink-0">{children}</div>
    </div>
  );
}
