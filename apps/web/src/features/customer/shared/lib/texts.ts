/** pt-BR texts of the customer area the spec leaves to us (spec texts come from the contract). */
export const texts = {
  header: {
    dailyBonus: 'Bônus Diário',
    dailyBonusAvailableAt: (when: string) => `Disponível novamente em ${when}`,
    deposit: 'Depositar',
    depositTitle: 'Depósitos pelo suporte',
    depositBody:
      'Os pagamentos online ainda não estão disponíveis. Até lá, os depósitos de saldo são feitos pelo suporte: fale com a nossa equipe e ela credita o valor na sua conta.',
    depositLink: 'Ir para o Suporte',
    shop: 'Loja',
    notifications: 'Notificações',
    noNotifications: 'Nenhuma notificação',
    noNotificationsHint: 'Avisos sobre suas assinaturas aparecerão aqui.',
    balance: 'Saldo',
    accountMenu: 'Menu da conta',
  },
  comingSoon: {
    shopTitle: 'Loja',
    shop: 'A loja abre em breve. Enquanto isso, resgate sua chave em Resgatar Produtos.',
    shopLink: 'Resgatar Produtos',
    supportTitle: 'Suporte',
    support:
      'O atendimento pelo painel abre em breve. Enquanto isso, para depósitos e dúvidas, fale com a equipe pelo mesmo canal onde você comprou sua chave.',
    supportLink: 'Voltar para Minhas Assinaturas',
  },
} as const;
