/** pt-BR texts of the customer header the spec leaves to us (spec texts come from the contract). */
export const headerTexts = {
  dailyBonus: 'Bônus Diário',
  dailyBonusAvailableAt: (when: string) => `Disponível novamente em ${when}`,
  shop: 'Loja',
  accountMenu: 'Menu da conta',
} as const;
