import { z } from 'zod';
import { RECOVERY_CODE_PATTERN } from '../constants.js';
import { messages } from '../messages.js';

/**
 * What ends an account's security epoch (users.token_version): its sessions, loader sessions
 * and API tokens end at once. Recorded with the epoch's end, so whoever reacts knows why.
 */
export const SECURITY_EPOCH_REASONS = [
  'password_reset',
  'password_changed',
  'email_restored',
  'banned',
  'role_changed',
] as const;
export type SecurityEpochReason = (typeof SECURITY_EPOCH_REASONS)[number];

/**
 * Account security: 2FA recovery codes, server-side sessions, re-authentication for
 * sensitive changes, the e-mail change undo and the new-device alert.
 */
export const accountMessages = {
  // Re-authentication
  currentPasswordRequired: messages.validation.currentPasswordRequired,
  passwordWrong: messages.profile.passwordWrong,
  secondFactorRequired:
    'Digite o código do seu aplicativo autenticador ou um código de recuperação.',
  secondFactorInvalid: messages.auth.twoFactorInvalid,
  secondFactorLabel: 'Código 2FA ou de recuperação',

  // 2FA and recovery codes
  twoFactorDisable: 'Desativar',
  twoFactorDisableTitle: 'Desativar autenticação de dois fatores',
  twoFactorDisableDescription:
    'Confirme com sua senha e um código do aplicativo autenticador (ou de recuperação).',
  recoveryCodesTitle: 'Códigos de recuperação',
  recoveryCodesIntro:
    'Guarde estes códigos em um lugar seguro. Cada código pode ser usado uma única vez, no lugar do código do aplicativo, se você perder o acesso ao seu celular.',
  recoveryCodesShownOnce: 'Eles não serão mostrados novamente.',
  recoveryCodesDownload: 'Baixar .txt',
  recoveryCodesCopy: 'Copiar códigos',
  recoveryCodesCopied: 'Códigos copiados.',
  recoveryCodesSaved: 'Já guardei meus códigos',
  recoveryCodesRegenerate: 'Gerar novos códigos',
  recoveryCodesRegenerateDescription:
    'Os códigos atuais deixam de funcionar. Confirme com sua senha e um código do aplicativo autenticador (ou de recuperação).',
  recoveryCodesRegenerated: 'Novos códigos de recuperação gerados. Os anteriores não valem mais.',
  recoveryCodesRemaining: (count: number) =>
    count === 1 ? '1 código de recuperação restante' : `${count} códigos de recuperação restantes`,
  recoveryCodesFileName: 'chaveiro-codigos-de-recuperacao.txt',
  recoveryCodesFileHeader: (username: string) =>
    `Códigos de recuperação da conta ${username} no Chaveiro.\nCada código vale uma única vez.`,
  loginRecoveryHint: 'Sem acesso ao aplicativo? Digite um código de recuperação.',
  twoFactorCodeLabel: 'Código de verificação',

  // Sessions
  sessionsTitle: 'Sessões ativas',
  sessionsDescription:
    'Onde sua conta está conectada. Encerre qualquer sessão que você não reconheça.',
  thisSession: 'Esta sessão',
  endSession: 'Encerrar',
  endSessionConfirm: 'Encerrar esta sessão? O dispositivo precisará entrar novamente.',
  endOthers: 'Encerrar todas as outras',
  endOthersConfirm:
    'Encerrar todas as outras sessões? Todos os outros dispositivos precisarão entrar novamente.',
  sessionEnded: 'Sessão encerrada.',
  othersEnded: (count: number) =>
    count === 0
      ? 'Nenhuma outra sessão ativa.'
      : count === 1
        ? '1 outra sessão encerrada.'
        : `${count} outras sessões encerradas.`,
  sessionNotFound: 'Sessão não encontrada.',
  sessionCreated: 'Entrou em',
  sessionLastSeen: 'Último acesso',
  sessionIp: 'IP',
  noOtherSessions: 'Nenhuma outra sessão ativa.',
  loggedOut: 'Você saiu da sua conta.',
  unknownBrowser: 'Navegador desconhecido',
  unknownSystem: 'sistema desconhecido',
  /** "Chrome no Windows", "Safari no iPhone". */
  deviceLabel: (browser: string, system: string) => `${browser} no ${system}`,

  // E-mail change (confirmed on the new address, undoable from the old one)
  emailChangedOldSubject: 'O e-mail da sua conta foi alterado',
  emailChangedOldBody: (username: string, newEmail: string) =>
    `Olá, ${username}. O e-mail da sua conta no Chaveiro foi alterado para ${newEmail}. Se não foi você, desfaça a alteração em até 72 horas pelo botão abaixo e redefina sua senha.`,
  emailUndoAction: 'Desfazer alteração',
  emailUndone:
    'Alteração desfeita: sua conta voltou para este e-mail, todas as sessões foram encerradas e a senha antiga deixou de valer. Enviamos para este e-mail um link para você criar uma nova senha.',
  /** After an undo: whoever changed the address knew the password, so it no longer signs in. */
  emailUndoneResetSubject: 'Crie uma nova senha para sua conta do Chaveiro',
  emailUndoneResetBody: (username: string) =>
    `Olá, ${username}. Você desfez a alteração do e-mail da sua conta. Quem fez a alteração sabia a sua senha, por isso ela deixou de valer: crie uma nova senha pelo botão abaixo.`,
  emailUndoneResetAction: 'Criar nova senha',
  emailUndoneResetFooter:
    'O link é válido por 1 hora e só pode ser usado uma vez. Se ele expirar, use “Esqueci minha senha” na tela de login.',
  emailUndoTaken: 'Não foi possível desfazer: este e-mail já está em uso por outra conta.',

  /** The console may not set an administrator's e-mail or password (no re-authentication there). */
  adminCredentialsLocked:
    'Por segurança, o e-mail e a senha de um administrador não mudam pelo painel. Use “Esqueci minha senha” na tela de login.',

  // New-device alert
  newDeviceTitle: 'Novo acesso à sua conta',
  newDeviceBody: (device: string, ip: string, when: string) =>
    `${device} (IP ${ip}) entrou na sua conta em ${when}. Se não foi você, troque sua senha e encerre a sessão em Perfil › Sessões ativas.`,
  newDeviceMailAction: 'Ver sessões ativas',
} as const;

/**
 * A second factor as typed wherever a TOTP code is accepted: the app's 6 digits, or a recovery
 * code (any case, dash optional). Which one it is, is decided by its shape.
 */
export function secondFactorCodeSchema(
  invalidMessage: string = accountMessages.secondFactorInvalid,
) {
  return z
    .string()
    .trim()
    .refine((code) => /^\d{6}$/.test(code) || RECOVERY_CODE_PATTERN.test(code), invalidMessage);
}

/** Fields of every re-authenticated change: the password, and the second factor when 2FA is on. */
export const reauthFields = {
  currentPassword: z.string().min(1, accountMessages.currentPasswordRequired).max(128),
  totp: secondFactorCodeSchema().optional(),
};

/**
 * Regenerating the recovery codes: the password and a current code (authenticator or recovery),
 * as for disabling, since the new codes pass every second-factor check.
 */
export const recoveryCodesBodySchema = z.strictObject({
  currentPassword: reauthFields.currentPassword,
  totp: secondFactorCodeSchema(),
});
export type RecoveryCodesBody = z.infer<typeof recoveryCodesBodySchema>;

/** Shown once: on enabling 2FA and on regenerating. Formatted XXXXX-XXXXX. */
export const recoveryCodesResponseSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

export const activeSessionSchema = z.object({
  id: z.string(),
  /** "Chrome no Windows". */
  device: z.string(),
  ip: z.string(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  /** The session of the request that listed them. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const activeSessionsResponseSchema = z.object({ sessions: z.array(activeSessionSchema) });
export type ActiveSessionsResponse = z.infer<typeof activeSessionsResponseSchema>;

export const sessionIdParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });

export const endOtherSessionsResponseSchema = z.object({
  message: z.string(),
  ended: z.number().int(),
});
