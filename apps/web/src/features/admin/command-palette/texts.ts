/** pt-BR text of the admin command palette (Ctrl/⌘+K). */
export const paletteTexts = {
  title: 'Paleta de comandos',
  description:
    'Digite para ir a uma tela, buscar usuários, chaves e produtos ou mudar o status de um produto.',
  open: 'Buscar',
  openLabel: 'Abrir a paleta de comandos',
  placeholder: 'Buscar usuário, e-mail, chave, produto ou tela…',
  screens: 'Telas',
  users: 'Usuários',
  keys: 'Chaves',
  products: 'Produtos',
  actions: 'Ações',
  /** Opens the product's "Status operacional" dialog. */
  productStatusAction: (product: string) => `Status de ${product}…`,
  typeMore: 'Digite ao menos 2 caracteres para buscar usuários, chaves e produtos.',
  searching: 'Buscando…',
  noResults: (q: string) => `Nenhum resultado para “${q}”.`,
  failed: 'Não foi possível buscar agora. Tente novamente.',
  userStatus: { active: 'ativo', banned: 'banido' },
  roles: { admin: 'admin', reseller: 'revendedor', client: 'cliente' },
  keyStatus: { active: 'não utilizada', used: 'utilizada', banned: 'banida', expired: 'expirada' },
  productStatus: { active: 'ativo', disabled: 'desligado' },
} as const;
