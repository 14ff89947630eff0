import type { Role } from '@chaveiro/contract';
import { apiTokenMessages } from '@chaveiro/contract';
import { defineHandler } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import type { OutgoingMail } from '../../platform/mail/mail.js';
import { escapeHtml, mailLayout } from '../../platform/mail/mail-layout.js';
import type { UsersRepository } from '../users/index.js';

const text = apiTokenMessages;

/** Where the owner sees its tokens: the admin's or the reseller's "Tokens de API". */
function tokensPathFor(role: Role): string {
  if (role === 'admin') return '/admin/api-tokens';
  return role === 'reseller' ? '/reseller/dashboard/api-tokens' : '/dashboard';
}

/**
 * "Seus tokens de API foram revogados" on `api_tokens.revoked` (the end of the account's
 * security epoch revoked its live tokens): one e-mail per epoch's end, at least once, to the
 * address the account has when it is sent (after an e-mail undo, the restored one), banned
 * accounts included: the owner learns why its integrations stopped.
 */
export function createApiTokensRevokedMail(
  ctx: Pick<AppContext, 'config' | 'mailer'> & { users: Pick<UsersRepository, 'findById'> },
) {
  const { users } = ctx;
  return defineHandler({
    name: 'notifications.api-tokens-revoked-mail', // Stored with each delivery: never rename.
    on: 'api_tokens.revoked',
    async deliver({ payload }) {
      const owner = await users.findById(payload.userId);
      if (!owner?.email) return;
      const summary = text.epochMailBody(
        payload.reason,
        payload.tokens.map((token) => text.mailTokenLabel(token.name, token.prefix)),
      );
      const link = `${ctx.config.publicUrl}${tokensPathFor(owner.role)}`;
      await ctx.mailer.send(
        revokedMail({ username: owner.username, email: owner.email }, summary, link),
      );
    },
  });
}

function revokedMail(
  owner: { username: string; email: string },
  summary: string,
  link: string,
): OutgoingMail {
  return {
    to: owner.email,
    subject: text.epochMailSubject,
    text: [`Olá, ${owner.username}!`, '', summary, '', `${text.epochMailAction}: ${link}`].join(
      '\n',
    ),
    html: mailLayout(
      `Olá, ${escapeHtml(owner.username)}!`,
      escapeHtml(summary),
      text.epochMailAction,
      link,
      text.epochMailFooter,
    ),
  };
}
