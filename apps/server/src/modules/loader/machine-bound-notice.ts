import { messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import type { OutgoingMail } from '../../platform/mail.js';
import { formatBrDateTime } from '../../platform/pt-br.js';
import { createNotificationsService } from '../notifications/notifications-service.js';

const text = messages.notifications;
/** Where the owner sees the subscription's machines and releases one. */
const MACHINES_PATH = '/dashboard';

/** A machine just bound to a subscription, as its owner is told. */
export interface MachineBound {
  machineId: string;
  owner: { id: string; username: string; email: string };
  productName: string;
  hwid: string;
  ip: string;
  at: number;
}

/**
 * Tells a subscription's owner that a new machine was bound to it (by any path: an account
 * login, a key redeemed from the loader), with a way to release it: a bell line written in the
 * binding's transaction, and an e-mail sent once that committed.
 */
export function createMachineBoundNotice(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>,
) {
  const notifications = createNotificationsService(ctx);
  const body = (bound: MachineBound) =>
    text.machineBoundBody(
      bound.productName,
      shortHwid(bound.hwid),
      formatBrDateTime(bound.at),
      bound.ip,
    );

  return {
    async notify(executor: Kysely<Database>, bound: MachineBound): Promise<void> {
      await notifications.notify(executor, {
        userId: bound.owner.id,
        kind: 'machine_bound',
        title: text.machineBoundTitle,
        body: body(bound),
        link: MACHINES_PATH,
        dedupeKey: `machine-bound:${bound.machineId}`,
      });
    },

    /** After the binding committed; a failure to send is logged, never the loader's problem. */
    mail(bound: MachineBound): void {
      ctx.mailer.sendInBackground(
        machineBoundMail(bound, body(bound), `${ctx.config.publicUrl}${MACHINES_PATH}`),
      );
    },
  };
}

export type MachineBoundNotice = ReturnType<typeof createMachineBoundNotice>;

/** Long hardware ids by their start and end, enough to recognise a machine. */
export function shortHwid(hwid: string): string {
  return hwid.length <= 16 ? hwid : `${hwid.slice(0, 8)}…${hwid.slice(-6)}`;
}

function machineBoundMail(bound: MachineBound, summary: string, link: string): OutgoingMail {
  const release =
    'Se não foi você, abra Minhas Assinaturas, clique em "Liberar" ao lado deste computador e troque sua senha.';
  return {
    to: bound.owner.email,
    subject: `Novo computador vinculado a ${bound.productName}`,
    text: [`Olá, ${bound.owner.username}!`, '', summary, '', release, link].join('\n'),
    html: `<!doctype html>
<html lang="pt-BR">
  <body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
    <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
      <p style="font-size:20px;font-weight:bold;margin:0 0 16px">Chaveiro</p>
      <p style="margin:0 0 12px">Olá, ${escapeHtml(bound.owner.username)}!</p>
      <p style="margin:0 0 12px">${escapeHtml(summary)}</p>
      <p style="margin:0 0 24px">${escapeHtml(release)}</p>
      <p style="margin:0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">Ver meus computadores</a></p>
    </div>
  </body>
</html>`,
  };
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
