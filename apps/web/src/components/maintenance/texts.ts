/** pt-BR text of the maintenance page and of the admin's maintenance banner. */
export const maintenanceTexts = {
  title: 'Estamos em manutenção',
  reassurance: 'Estamos fazendo melhorias. Seus dados e suas assinaturas continuam guardados.',
  comesBack: (seconds: number) =>
    `Esta página volta sozinha quando a manutenção terminar: verificamos a cada ${String(seconds)} segundos, não precisa recarregar.`,
  checkNow: 'Verificar agora',
  bannerTitle: 'Modo de manutenção ativo',
  bannerDescription:
    'Clientes e revendedores veem a página de manutenção; só administradores usam a API.',
  bannerLink: 'Configurações',
} as const;
