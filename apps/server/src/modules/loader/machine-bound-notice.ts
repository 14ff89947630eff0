import { messages } from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import type { OutgoingMail } from '../../platform/mail.js';
import { escapeHtml, mailLayout } from '../../platform/mail-layout.js';
import { formatBrDateTime } from '../../platform/pt-br.js';
import type { NotificationsService } from '../notifications/index.js';

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
  ctx: Pick<AppContext, 'config' | 'mailer' | 'background'> & {
    notifications: NotificationsService;
  },
) {
  const { notifications } = ctx;
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
      ctx.background.run('machine-bound mail', () =>
        ctx.mailer.send(
          machineBoundMail(bound, body(bound), `${ctx.config.publicUrl}${MACHINES_PATH}`),
        ),
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
    html: mailLayout(
      `Olá, ${escapeHtml(bound.owner.username)}!`,
      [escapeHtml(summary), escapeHtml(release)],
      'Ver meus computadores',
      link,
      'Você recebe este aviso sempre que um novo computador é vinculado a uma assinatura sua.',
    ),
  };
}
