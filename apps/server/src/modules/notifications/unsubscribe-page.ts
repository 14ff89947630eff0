import { messages } from '@chaveiro/contract';
import { escapeHtml } from '../../platform/mail/mail-layout.js';

const text = messages.notifications;

/**
 * The small page the e-mail's link opens (no app, no script): the question with its button (a
 * form posting to the same link, so a mail scanner fetching links turns nothing off), the
 * outcome, or why the link does not work.
 */
export function unsubscribePage(
  content: { kind: 'confirm'; action: string } | { kind: 'done' } | { kind: 'invalid' },
): string {
  const body =
    content.kind === 'confirm'
      ? `<p>${escapeHtml(text.unsubscribeQuestion)}</p>
    <form method="post" action="${escapeHtml(content.action)}">
      <button type="submit">${escapeHtml(text.unsubscribeButton)}</button>
    </form>`
      : `<p>${escapeHtml(content.kind === 'done' ? text.unsubscribed : text.unsubscribeInvalid)}</p>`;
  return `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(text.unsubscribeTitle)} · Chaveiro</title>
  </head>
  <body>
    <h1>${escapeHtml(text.unsubscribeTitle)}</h1>
    ${body}
  </body>
</html>`;
}
