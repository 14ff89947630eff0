/** pt-BR texts of a PIX charge's instructions (a deposit's, or an order's shortfall). */
export const pixTexts = {
  steps: [
    'Abra o app do seu banco e escolha Pix › Ler QR code ou Pix copia e cola.',
    'Confira o valor e o beneficiário e confirme o pagamento.',
  ],
  qrAlt: 'QR code do PIX',
  copyPaste: 'PIX copia e cola',
  expiresIn: 'Pague em até',
  expired: 'Esta cobrança expirou. Gere um novo depósito para pagar.',
  confirmed: 'Pagamento confirmado',
  confirmedBody: (amount: string) => `${amount} foram creditados no seu saldo.`,
  afterPaymentAutomatic:
    'O pagamento é confirmado automaticamente em instantes e o saldo é creditado.',
  pixKey: 'Chave PIX',
  beneficiary: 'Beneficiário',
  value: 'Valor',
  reference: 'Código de referência',
  referenceHint:
    'O QR code já leva o código de referência. Pagando pela chave, escreva-o na descrição do PIX.',
  afterPayment:
    'Assim que confirmarmos o pagamento, o saldo é creditado e você recebe uma notificação.',
  copy: (what: string) => `Copiar ${what}`,
  copied: (what: string) => `${what} copiado!`,
} as const;
