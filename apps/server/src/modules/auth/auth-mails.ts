import type { OutgoingMail } from '../../platform/mail.js';

/** pt-BR account e-mails: plain text for every client, simple HTML for the rest. */

export function verificationMail(to: string, username: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Confirme seu e-mail no Chaveiro',
    text: [
      `Olá, ${username}!`,
      '',
      'Recebemos seu cadastro no Chaveiro. Para ativar sua conta, confirme seu e-mail abrindo o link abaixo:',
      link,
      '',
      'O link é válido por 24 horas. Se você não criou esta conta, ignore esta mensagem.',
    ].join('\n'),
    html: layout(
      `Olá, ${escapeHtml(username)}!`,
      'Recebemos seu cadastro no Chaveiro. Para ativar sua conta, confirme seu e-mail.',
      'Confirmar e-mail',
      link,
      'O link é válido por 24 horas. Se você não criou esta conta, ignore esta mensagem.',
    ),
  };
}

export function passwordResetMail(to: string, username: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Redefinição de senha do Chaveiro',
    text: [
      `Olá, ${username}!`,
      '',
      'Recebemos um pedido para redefinir a senha da sua conta. Para escolher uma nova senha, abra o link abaixo:',
      link,
      '',
      'O link é válido por 1 hora e só pode ser usado uma vez. Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.',
    ].join('\n'),
    html: layout(
      `Olá, ${escapeHtml(username)}!`,
      'Recebemos um pedido para redefinir a senha da sua conta.',
      'Redefinir senha',
      link,
      'O link é válido por 1 hora e só pode ser usado uma vez. Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.',
    ),
  };
}

export function emailChangeMail(to: string, username: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Confirme seu novo e-mail no Chaveiro',
    text: [
      `Olá, ${username}!`,
      '',
      'Recebemos um pedido para usar este endereço na sua conta do Chaveiro. Para confirmar a troca, abra o link abaixo:',
      link,
      '',
      'O link é válido por 24 horas. Até a confirmação, sua conta continua usando o e-mail anterior.',
    ].join('\n'),
    html: layout(
      `Olá, ${escapeHtml(username)}!`,
      'Recebemos um pedido para usar este endereço na sua conta do Chaveiro.',
      'Confirmar novo e-mail',
      link,
      'O link é válido por 24 horas. Até a confirmação, sua conta continua usando o e-mail anterior.',
    ),
  };
}

/** Someone tried to sign up with an address that already has an account: tell its owner. */
export function signUpAttemptMail(
  to: string,
  username: string,
  links: { login: string; reset: string },
): OutgoingMail {
  const intro =
    'Alguém tentou criar uma conta no Chaveiro com este e-mail. Como ele já pertence à sua conta, nenhuma conta nova foi criada.';
  const ifItWasYou =
    'Se foi você, não precisa se cadastrar de novo: entre com seu username ou e-mail e sua senha. Se não lembra a senha, você pode criar uma nova.';
  const ifNot =
    'Se não foi você, ignore esta mensagem: ninguém teve acesso à sua conta e nada foi alterado.';
  return {
    to,
    subject: 'Tentativa de cadastro com seu e-mail no Chaveiro',
    text: [
      `Olá, ${username}!`,
      '',
      intro,
      '',
      ifItWasYou,
      '',
      'Entrar na sua conta:',
      links.login,
      '',
      'Redefinir sua senha:',
      links.reset,
      '',
      ifNot,
    ].join('\n'),
    html: layout(
      `Olá, ${escapeHtml(username)}!`,
      [intro, ifItWasYou],
      'Entrar na minha conta',
      links.login,
      ifNot,
      { label: 'Esqueci minha senha', link: links.reset },
    ),
  };
}

function layout(
  greeting: string,
  intro: string | readonly string[],
  action: string,
  link: string,
  footer: string,
  secondary?: { label: string; link: string },
) {
  const href = escapeHtml(link);
  const paragraphs = (typeof intro === 'string' ? [intro] : intro)
    .map((text) => `<p style="margin:0 0 24px">${text}</p>`)
    .join('\n      ');
  const secondaryAction = secondary
    ? `
      <p style="margin:0 0 24px">
        <a href="${escapeHtml(secondary.link)}" style="color:#4f46e5;font-weight:bold">${secondary.label}</a>
      </p>`
    : '';
  return `<!doctype html>
<html lang="pt-BR">
  <body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
    <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
      <p style="font-size:20px;font-weight:bold;margin:0 0 16px">Chaveiro</p>
      <p style="margin:0 0 12px">${greeting}</p>
      ${paragraphs}
      <p style="margin:0 0 24px">
        <a href="${href}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${action}</a>
      </p>${secondaryAction}
      <p style="margin:0 0 12px;font-size:13px;color:#52525b">Se o botão não funcionar, copie este endereço no navegador:<br><a href="${href}" style="color:#4f46e5;word-break:break-all">${href}</a></p>
      <p style="margin:0;font-size:13px;color:#52525b">${footer}</p>
    </div>
  </body>
</html>`;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
