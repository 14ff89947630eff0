/**
 * Every user-facing pt-BR text of spec §5 and §8, verbatim. Server and web read them from here
 * so a string is written once.
 */
export const messages = {
  validation: {
    usernameMin: 'Username precisa ter no mínimo 3 caracteres.',
    emailInvalid: 'Formato de e-mail inválido.',
    passwordMin: 'A senha precisa ter no mínimo 8 caracteres.',
    identifierRequired: 'Digite seu username ou e-mail.',
    passwordRequired: 'Digite sua senha.',
    subscriptionFieldsRequired:
      'Produto, dias e devices são obrigatórios ao adicionar uma assinatura.',
    productRequired: 'Por favor, selecione um produto.',
    productNameRequired: 'O nome do produto é obrigatório',
    pricePositive: 'Preço deve ser positivo',
    resellerFieldsRequired: 'Preencha os campos obrigatórios para o tipo selecionado.',
    resellerEmailInvalid: 'E-mail inválido.',
    resellerUsernameMin: 'Username precisa de no mínimo 3 caracteres.',
    bypassUidRequired: 'UID é obrigatório.',
    bypassDurationRequired: 'Selecione uma duração.',
    profileUsernameMin: 'Mínimo de 3 caracteres.',
    profileEmailInvalid: 'Email inválido.',
    currentPasswordRequired: 'Senha atual é obrigatória.',
    newPasswordMin: 'Nova senha precisa de no mínimo 8 caracteres.',
    forgotEmailInvalid: 'Por favor, insira um e-mail válido.',
    resetPasswordMin: 'A senha precisa de no mínimo 8 caracteres.',
    passwordsDoNotMatch: 'As senhas não coincidem.',
  },
  errors: {
    notAuthenticatedBeforeCall: 'Usuário não autenticado. Faça login novamente.',
    notAuthenticated: 'Você não está autenticado. Por favor, faça login para acessar.',
    loadFailed: 'Ocorreu um erro ao carregar os dados. Verifique se a API está rodando.',
    forbidden: 'Falha ao buscar dados ou você não tem permissão.',
    productsLoadFailed: 'Erro ao carregar produtos.',
    profileLoadFailed: 'Erro ao carregar seu perfil.',
    subscriptionsLoadFailed:
      'Erro ao carregar suas assinaturas. Verifique sua conexão e se a API está online.',
    tokenInvalidOrExpired: 'Token inválido ou expirado.',
    verifyTokenMissing: 'Token de verificação não encontrado na URL.',
    resetTokenMissing: 'Token de redefinição inválido ou ausente.',
    noResetCredits: 'Você não possui créditos de reset.',
    noPauseCredits: 'Você não possui créditos de pausa.',
    sessionExpiredByInactivity: 'Sua sessão expirou por inatividade.',
    networkOrInvalidResponse: 'Erro de rede ou resposta inválida.',
    writeFallback: 'Erro na operação',
    readFallback: (path: string) => `Erro ao buscar dados de ${path}`,
    registerFallback: 'Erro ao registrar.',
    loginFallback: 'Erro ao fazer login.',
    unknown: 'Erro desconhecido.',
    verifyFallback: 'Ocorreu um erro ao verificar seu e-mail.',
    // Server-side texts the spec leaves open (DESIGN.md: pt-BR, never a stack trace).
    internal: 'Erro interno do servidor. Tente novamente mais tarde.',
    routeNotFound: 'Rota não encontrada.',
    sessionInvalid: 'Sessão inválida ou expirada. Faça login novamente.',
    tooManyRequests: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
    invalidRequest: 'Requisição inválida.',
    notFound: 'Recurso não encontrado.',
    payloadTooLarge: 'Arquivo ou requisição grande demais.',
  },
  /** Account texts the spec leaves to the server (issue: accounts). */
  auth: {
    usernameTaken: 'Este nome de usuário já está em uso.',
    emailTaken: 'Este e-mail já está em uso.',
    registered: 'Cadastro realizado! Enviamos um link de confirmação para o seu e-mail.',
    emailVerified: 'E-mail confirmado com sucesso! Você já pode fazer login.',
    invalidCredentials: 'Usuário ou senha incorretos.',
    emailNotVerified:
      'Confirme seu e-mail antes de entrar. Verifique sua caixa de entrada ou reenvie o link de confirmação.',
    banned: 'Sua conta foi banida.',
    twoFactorRequired: 'Digite o código de 6 dígitos do seu aplicativo autenticador.',
    twoFactorInvalid: 'Código de verificação inválido.',
    verificationResent:
      'Se houver uma conta não confirmada com este e-mail, enviamos um novo link de confirmação.',
    resetLinkSent:
      'Se houver uma conta com este e-mail, enviamos um link para redefinir a senha. O link é válido por 1 hora.',
    passwordReset: 'Senha redefinida com sucesso! Faça login com a nova senha.',
  },
  success: {
    login: 'Login bem-sucedido!',
    uidUpdated: 'UID atualizado!',
    uidCreated: 'UID criado com sucesso!',
    uidDeleted: 'UID deletado!',
    pauseToggled: 'Alteração de pausa executada!',
  },
} as const;

/** Machine-readable error codes carried next to `message` in every error answer. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'UNPROCESSABLE',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'TWO_FACTOR_REQUIRED',
  'TWO_FACTOR_INVALID',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_BANNED',
  'INVALID_CREDENTIALS',
  'TOKEN_INVALID',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});
