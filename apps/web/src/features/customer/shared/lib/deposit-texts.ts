/** pt-BR texts of the deposit dialog (server messages and limits come from the contract). */
export const depositTexts = {
  title: 'Depositar saldo',
  description:
    'Adicione saldo por PIX para comprar na Loja. O valor entra na sua conta assim que o pagamento é confirmado.',
  amount: 'Valor do depósito',
  amountHint: 'Mínimo de R$ 5,00 e máximo de R$ 10.000,00 por depósito.',
  quickAmounts: 'Valores sugeridos',
  method: 'Forma de pagamento',
  pix: 'PIX',
  pixHint: 'Transferência instantânea, 24 horas por dia, pelo QR code ou PIX copia e cola.',
  unavailable: 'Depósitos indisponíveis',
  checkingAvailability: 'Verificando as formas de pagamento...',
  submit: 'Gerar PIX',
  cancel: 'Cancelar',

  instructionsTitle: 'Pague com PIX',
  instructionsDescription:
    'Escaneie o QR code no app do seu banco ou copie o código PIX copia e cola.',
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
  copyFailed: 'Não foi possível copiar. Selecione o texto e copie manualmente.',
  newDeposit: 'Novo depósito',
  done: 'Concluir',
  back: 'Voltar',
  loadingInstructions: 'Carregando instruções...',
  instructionsUnavailable:
    'As instruções deste depósito não estão disponíveis agora. Fale com o suporte se você já pagou.',

  recentTitle: 'Seus depósitos recentes',
  recentEmpty: 'Você ainda não fez nenhum depósito.',
  recentError: 'Erro ao carregar seus depósitos.',
  recentLoading: 'Carregando...',
  showInstructions: 'Ver instruções',
  showInstructionsOf: (reference: string) => `Ver instruções do depósito ${reference}`,
  rejectedBecause: (reason: string) => `Motivo: ${reason}`,
} as const;
