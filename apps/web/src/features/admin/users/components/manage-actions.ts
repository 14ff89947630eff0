import {
  AtSign,
  CalendarClock,
  CalendarMinus,
  CalendarPlus,
  KeyRound,
  UserPen,
  type LucideIcon,
} from 'lucide-react';

/** The forms of 'Gerenciar Usuário'. */
export type ManageSubView =
  'username' | 'password' | 'email' | 'add-subscription' | 'remove-subscription' | 'days';
/** Its actions behind a confirmation. */
export type ManageConfirm = 'hwid' | 'status' | 'delete';

/** Each form's button: its label and icon (the dialog's menu and the customer page's). */
export const SUB_VIEWS: Record<ManageSubView, { label: string; icon: LucideIcon }> = {
  username: { label: 'Alterar username', icon: UserPen },
  password: { label: 'Alterar senha', icon: KeyRound },
  email: { label: 'Alterar e-mail', icon: AtSign },
  'add-subscription': { label: 'Adicionar assinatura', icon: CalendarPlus },
  'remove-subscription': { label: 'Remover assinatura', icon: CalendarMinus },
  days: { label: 'Adicionar/remover dias', icon: CalendarClock },
};
