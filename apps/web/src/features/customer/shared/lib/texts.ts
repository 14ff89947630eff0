/** pt-BR texts of the customer area the spec leaves to us (spec texts come from the contract). */
export const texts = {
  header: {
    dailyBonus: 'Bônus Diário',
    dailyBonusAvailableAt: (when: string) => `Disponível novamente em ${when}`,
    deposit: 'Depositar',
    shop: 'Loja',
    balance: 'Saldo',
    accountMenu: 'Menu da conta',
  },
} as const;
