import { accountMessages } from '@chaveiro/contract';
import type { OutgoingMail } from '../../platform/mail/mail.js';
import { escapeHtml, mailLayout as layout } from '../../platform/mail/mail-layout.js';

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

/**
 * To the address an account just left: the change, and a link that moves the account back and
 * ends every session (valid 72 h), in case the change was not the owner's.
 */
/** After an e-mail change is undone: the old password is void, here is the way to a new one. */
export function emailUndoneResetMail(to: string, username: string, link: string): OutgoingMail {
  const text = accountMessages;
  return {
    to,
    subject: text.emailUndoneResetSubject,
    text: [
      text.emailUndoneResetBody(username),
      '',
      `${text.emailUndoneResetAction}:`,
      link,
      '',
      text.emailUndoneResetFooter,
    ].join('\n'),
    html: layout(
      escapeHtml(text.emailUndoneResetSubject),
      escapeHtml(text.emailUndoneResetBody(username)),
      text.emailUndoneResetAction,
      link,
      text.emailUndoneResetFooter,
    ),
  };
}

export function emailChangedOldMail(
  to: string,
  username: string,
  newEmail: string,
  link: string,
): OutgoingMail {
  const footer =
    'Se foi você, ignore esta mensagem: a alteração continua valendo. O link é válido por 72 horas.';
  return {
    to,
    subject: accountMessages.emailChangedOldSubject,
    text: [
      accountMessages.emailChangedOldBody(username, newEmail),
      '',
      `${accountMessages.emailUndoAction}:`,
      link,
      '',
      footer,
    ].join('\n'),
    html: layout(
      escapeHtml(accountMessages.emailChangedOldSubject),
      escapeHtml(accountMessages.emailChangedOldBody(username, newEmail)),
      accountMessages.emailUndoAction,
      link,
      footer,
    ),
  };
}

/** Someone tried to sign up with an address that already has an account: tell its owner. */
export function signUpAttemptMail(
  to: string,
  username: string,
  links: AddressInUseLinks,
): OutgoingMail {
  return addressInUseMail(to, username, links, {
    subject: 'Tentativa de cadastro com seu e-mail no Chaveiro',
    intro:
      'Alguém tentou criar uma conta no Chaveiro com este e-mail. Como ele já pertence à sua conta, nenhuma conta nova foi criada.',
    ifItWasYou:
      'Se foi você, não precisa se cadastrar de novo: entre com seu username ou e-mail e sua senha. Se não lembra a senha, você pode criar uma nova.',
  });
}

/** Someone signed in elsewhere asked to move their account to this address: tell its owner. */
export function emailChangeAttemptMail(
  to: string,
  username: string,
  links: AddressInUseLinks,
): OutgoingMail {
  return addressInUseMail(to, username, links, {
    subject: 'Tentativa de usar seu e-mail em outra conta do Chaveiro',
    intro:
      'Alguém tentou trocar o e-mail de outra conta do Chaveiro para este endereço. Como ele já pertence à sua conta, nada foi alterado e nenhum link de confirmação foi enviado.',
    ifItWasYou:
      'Se foi você, não precisa fazer nada: sua conta continua com este e-mail. Se não lembra a senha, você pode criar uma nova.',
  });
}

interface AddressInUseLinks {
  login: string;
  reset: string;
}

/**
 * The owner of an address hears that someone else tried to use it (instead of the visitor
 * learning the address has an account): what happened, then links to log in or reset.
 */
function addressInUseMail(
  to: string,
  username: string,
  links: AddressInUseLinks,
  texts: { subject: string; intro: string; ifItWasYou: string },
): OutgoingMail {
  const { subject, intro, ifItWasYou } = texts;
  const ifNot =
    'Se não foi você, ignore esta mensagem: ninguém teve acesso à sua conta e nada foi alterado.';
  return {
    to,
    subject,
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
