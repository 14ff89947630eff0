import type { ComponentType } from 'react';

/**
 * The public pages (`/`, /terms and /status): prerendered at build time (scripts/build.mjs renders each
 * with public-render.ts into dist/pages/<id>.html); public-main.tsx hydrates only their islands
 * (features/landing/islands.ts). Everything else is the client-rendered app of index.html.
 */
export interface PublicPage {
  id: 'landing' | 'terms' | 'status';
  path: '/' | '/terms' | '/status';
  /** The document's title and description, also shown by search results and link previews. */
  title: string;
  description: string;
  load: () => Promise<ComponentType>;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  {
    id: 'landing',
    path: '/',
    title: 'Chaveiro: licenças premium com segurança total',
    description:
      'Compre, resgate e gerencie suas licenças de software em um só lugar: ativação imediata, vínculo seguro por HWID, pausa quando quiser e suporte 24/7.',
    load: async () => (await import('@/features/landing/components/landing-page')).LandingPage,
  },
  {
    id: 'terms',
    path: '/terms',
    title: 'Termos de Uso | Chaveiro',
    description:
      'As regras para comprar, ativar e usar licenças no Chaveiro: pagamentos, reembolsos, vínculo por HWID e como cuidamos dos seus dados conforme a LGPD.',
    load: async () => (await import('@/features/landing/components/terms-page')).TermsPage,
  },
  {
    id: 'status',
    path: '/status',
    title: 'Status dos produtos | Chaveiro',
    description:
      'Veja se cada produto do Chaveiro está funcionando agora, o aviso do vendedor quando não está e o histórico dos últimos 90 dias, atualizado em até um minuto.',
    load: async () => (await import('@/features/landing/components/status-page')).StatusPage,
  },
];
