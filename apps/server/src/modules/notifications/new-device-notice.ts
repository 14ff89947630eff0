import type { Role } from '@chaveiro/contract';
import { accountMessages } from '@chaveiro/contract';
import { defineHandler } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import type { OutgoingMail } from '../../platform/mail/mail.js';
import { escapeHtml, mailLayout } from '../../platform/mail/mail-layout.js';
import { formatBrDateTime } from '../../platform/core/pt-br.js';
import type { UsersRepository } from '../users/index.js';
import type { Notify } from './bell-notice.js';
import { bellNotice } from './bell-notice.js';

/**
 * Where the owner sees their sessions and ends one: `Perfil › Sessões ativas` for clients and
 * resellers (who share the customer area); an admin's profile is in the admin area's menu.
 */
export function sessionsPathFor(role: Role): string {
  return role === 'admin' ? '/admin/dashboard' : '/dashboard/profile';
}

/**
 * "Novo acesso à sua conta" on `account.new_device` (a login from a browser and address the
 * account never used, after its first login): a bell line (exactly once) and an e-mail (at
 * least once, outside any transaction, to the address the account has when it is sent).
 */
export function createNewDeviceNotice(
  ctx: Pick<AppContext, 'config' | 'mailer'> & {
    notifications: Notify;
    users: Pick<UsersRepository, 'findById'>;
  },
) {
  const { notifications, users } = ctx;
  const body = (payload: { device: string; ip: string; at: number }) =>
    accountMessages.newDeviceBody(payload.device, payload.ip, formatBrDateTime(payload.at));

  return [
    bellNotice(notifications, {
      name: 'notifications.new-device', // Stored with each delivery: never rename.
      on: 'account.new_device',
      async notice(payload, trx) {
        const owner = await users.findById(payload.userId, trx);
        if (!owner) return undefined;
        return {
          userId: payload.userId,
          kind: 'new_device',
          title: accountMessages.newDeviceTitle,
          body: body(payload),
          link: sessionsPathFor(owner.role),
          dedupeKey: `new-device:${payload.sessionId}`,
        };
      },
    }),
    defineHandler({
      name: 'notifications.new-device-mail', // Stored with each delivery: never rename.
      on: 'account.new_device',
      async deliver({ payload }) {
        const owner = await users.findById(payload.userId);
        if (!owner?.email || owner.status !== 'active') return;
        const link = `${ctx.config.publicUrl}${sessionsPathFor(owner.role)}`;
        await ctx.mailer.send(
          newDeviceMail({ username: owner.username, email: owner.email }, body(payload), link),
        );
      },
    }),
  ];
}

function newDeviceMail(
  owner: { username: string; email: string },
  summary: string,
  link: string,
): OutgoingMail {
  const footer =
    'Você recebe este aviso sempre que sua conta é acessada de um navegador ou endereço novo.';
  return {
    to: owner.email,
    subject: accountMessages.newDeviceTitle,
    text: [
      `Olá, ${owner.username}!`,
      '',
      summary,
      '',
      `${accountMessages.newDeviceMailAction}: ${link}`,
    ].join('\n'),
    html: mailLayout(
      `Olá, ${escapeHtml(owner.username)}!`,
      escapeHtml(summary),
      accountMessages.newDeviceMailAction,
      link,
      footer,
    ),
  };
}
