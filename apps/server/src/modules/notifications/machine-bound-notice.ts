import { messages } from '@chaveiro/contract';
import type { DomainEvent } from '../../events/index.js';
import { defineHandler } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import type { OutgoingMail } from '../../platform/mail/mail.js';
import { escapeHtml, mailLayout } from '../../platform/mail/mail-layout.js';
import { formatBrDateTime } from '../../platform/core/pt-br.js';
import type { UsersRepository } from '../users/index.js';
import type { Notify } from './bell-notice.js';
import { bellNotice } from './bell-notice.js';

const text = messages.notifications;
/** Where the owner sees the subscription's machines and releases one. */
const MACHINES_PATH = '/dashboard';

type MachineBound = DomainEvent<'machine.bound'>['payload'];

/**
 * Tells a subscription's owner that a new machine was bound to it (by any path: an account
 * login, a key redeemed from the loader), with a way to release it, on `machine.bound`: a bell
 * line (exactly once) and an e-mail (at least once, outside any transaction).
 */
export function createMachineBoundNotice(
  ctx: Pick<AppContext, 'config' | 'mailer'> & {
    notifications: Notify;
    users: Pick<UsersRepository, 'findById'>;
  },
) {
  const { notifications, users } = ctx;
  const summary = (bound: MachineBound) =>
    text.machineBoundBody(
      bound.productName,
      shortHwid(bound.hwid),
      formatBrDateTime(bound.at),
      bound.ip,
    );

  return [
    bellNotice(notifications, {
      name: 'notifications.machine-bound',
      on: 'machine.bound',
      notice: (payload) => ({
        userId: payload.ownerId,
        kind: 'machine_bound',
        title: text.machineBoundTitle,
        body: summary(payload),
        link: MACHINES_PATH,
        dedupeKey: `machine-bound:${payload.machineId}`,
      }),
    }),
    defineHandler({
      name: 'notifications.machine-bound-mail', // Stored with each delivery: never rename.
      on: 'machine.bound',
      async deliver({ payload }) {
        // To the owner's address as it is now; an account deleted since gets no mail.
        const owner = await users.findById(payload.ownerId);
        if (!owner?.email) return;
        await ctx.mailer.send(
          machineBoundMail(
            { username: owner.username, email: owner.email },
            payload.productName,
            summary(payload),
            `${ctx.config.publicUrl}${MACHINES_PATH}`,
          ),
        );
      },
    }),
  ];
}

/** Long hardware ids by their start and end, enough to recognise a machine. */
function shortHwid(hwid: string): string {
  return hwid.length <= 16 ? hwid : `${hwid.slice(0, 8)}…${hwid.slice(-6)}`;
}

function machineBoundMail(
  owner: { username: string; email: string },
  productName: string,
  summary: string,
  link: string,
): OutgoingMail {
  const release =
    'Se não foi você, abra Minhas Assinaturas, clique em "Liberar" ao lado deste computador e troque sua senha.';
  return {
    to: owner.email,
    subject: `Novo computador vinculado a ${productName}`,
    text: [`Olá, ${owner.username}!`, '', summary, '', release, link].join('\n'),
    html: mailLayout(
      `Olá, ${escapeHtml(owner.username)}!`,
      [escapeHtml(summary), escapeHtml(release)],
      'Ver meus computadores',
      link,
      'Você recebe este aviso sempre que um novo computador é vinculado a uma assinatura sua.',
    ),
  };
}
