/** pt-BR texts of the dashboard's ask to add an e-mail. */
export const addEmailTexts = {
  title: 'Adicione um e-mail à sua conta',
  body: 'Sua conta veio de outro sistema sem e-mail. Com um e-mail confirmado você recupera a senha se esquecer e recebe os avisos da sua assinatura.',
  pending: (email: string) =>
    `Enviamos um link de confirmação para ${email}. Abra-o para concluir, ou troque o endereço no perfil.`,
  action: 'Adicionar e-mail',
  pendingAction: 'Ver no perfil',
} as const;
