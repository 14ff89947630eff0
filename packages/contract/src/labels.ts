/**
 * Interface labels the spec fixes word for word (§2), kept here so the web and the browser
 * journeys read one source instead of retyping them.
 */
export const labels = {
  landing: {
    login: 'Login',
    register: 'Register',
  },
  adminNav: {
    dashboard: 'Dashboard',
    users: 'Users',
    keys: 'Keys',
    bypass: 'Bypass API',
    products: 'Products',
    resellers: 'Resellers',
    settings: 'Settings',
    activity: 'Activity Logs',
    /** Beyond the spec's list (issue: commerce). */
    support: 'Suporte',
    deposits: 'Depósitos',
    /** Beyond the spec's list. */
    outbox: 'Entregas com falha',
    /** Beyond the spec's list. */
    apiTokens: 'Tokens de API',
    webhooks: 'Webhooks',
    /** Beyond the spec's list. */
    keyauthImport: 'Importar do KeyAuth',
  },
  adminPanel: 'Admin Panel',
  /** An account without e-mail (KeyAuth import or register). */
  noEmail: 'Sem e-mail',
  customerNav: {
    home: 'Início',
    redeem: 'Resgatar Produtos',
    shop: 'Loja',
    orders: 'Pedidos',
    support: 'Suporte',
    profile: 'Perfil',
    logout: 'Sair',
    /** A reseller's own API tokens. */
    apiTokens: 'Tokens de API',
  },
  /** The close button of every dialog and sheet, as screen readers announce it. */
  close: 'Fechar',
  /** The admin's product filter (keys, "Segurança"). */
  productFilter: {
    label: 'Filtrar por produto',
    all: 'Todos os produtos',
  },
  notFound: 'Oops! Page not found',
  notFoundPage: {
    description: 'A página que você procura não existe ou mudou de endereço.',
    backHome: 'Voltar ao início',
    backToPanel: 'Voltar ao painel',
  },
  unexpectedError: 'Unexpected Application Error!',
  /** Account screens (issue: accounts): the spec fixes the tab names; the rest is ours. */
  auth: {
    loginTab: 'Login',
    registerTab: 'Cadastro',
    identifier: 'Username ou e-mail',
    username: 'Username',
    email: 'E-mail',
    password: 'Senha',
    newPassword: 'Nova senha',
    confirmPassword: 'Confirme a nova senha',
    login: 'Entrar',
    register: 'Criar conta',
    forgotPassword: 'Esqueceu a senha?',
    backToLogin: 'Voltar para o login',
    goToLogin: 'Ir para o login',
    resendVerification: 'Reenviar link de confirmação',
    twoFactorCode: 'Código de verificação',
    verifyCode: 'Verificar código',
    back: 'Voltar',
    sendResetLink: 'Enviar link de redefinição',
    resetPassword: 'Redefinir senha',
    requestNewLink: 'Pedir um novo link',
    retry: 'Tentar novamente',
    showPassword: 'Mostrar senha',
    hidePassword: 'Ocultar senha',
  },
  /** The notice /auth keeps after an inactivity logout until it is dismissed. */
  sessionExpired: {
    title: 'Sessão encerrada',
    dismiss: 'Fechar aviso',
  },
} as const;
