/**
 * pt-BR texts of the wallet: the deposit dialog and the balance chip (server messages and limits
 * come from the contract; the PIX instructions' own texts from components/pix).
 */
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

  headerDeposit: 'Depositar',
  balance: 'Saldo',
} as const;
