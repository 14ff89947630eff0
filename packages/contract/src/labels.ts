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
  },
  adminPanel: 'Admin Panel',
  customerNav: {
    home: 'Início',
    redeem: 'Resgatar Produtos',
    shop: 'Loja',
    support: 'Suporte',
    profile: 'Perfil',
    logout: 'Sair',
  },
  notFound: 'Oops! Page not found',
  unexpectedError: 'Unexpected Application Error!',
} as const;
