/**
 * Fixed marketing copy of the landing page (spec §1, §9). The figures and the six testimonials are
 * static by design: they are copy, not data loaded from the API.
 */

/** The page's sections, in order, with the anchors spec §2 fixes. */
export const SECTIONS = {
  hero: { id: 'hero', label: 'Início' },
  features: { id: 'features', label: 'Recursos' },
  about: { id: 'about', label: 'Sobre' },
  testimonials: { id: 'testimonials', label: 'Depoimentos' },
} as const;

export const NAV_SECTIONS = [SECTIONS.features, SECTIONS.about, SECTIONS.testimonials] as const;

/** The twelve figures of spec §9, written the Brazilian way (decimal comma). */
export const FIGURES = {
  locations: { value: '15+', label: 'localizações' },
  secure: { value: '99,99%', label: 'seguro' },
  latency: { value: '< 50 ms', label: 'de latência' },
  responseTime: { value: '< 2 min', label: 'tempo de resposta' },
  years: { value: '6+', label: 'anos de mercado' },
  users: { value: '50K+', label: 'usuários ativos' },
  rating: { value: '4,9/5', label: 'nota média' },
  reviews: { value: '10K+', label: 'avaliações' },
  recommendation: { value: '98%', label: 'recomendam' },
  protection: { value: '99,9%', label: 'de proteção' },
  growth: { value: '500%', label: 'de crescimento' },
  support: { value: '24/7', label: 'suporte humano' },
} as const;

export interface Testimonial {
  name: string;
  role: string;
  content: string;
  /** Whole stars out of 5. */
  rating: number;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Lucas Andrade',
    role: 'Jogador competitivo · São Paulo, SP',
    content:
      'Resgatei a chave e em menos de um minuto já estava jogando. A latência é baixíssima e nunca tive queda em partida ranqueada.',
    rating: 5,
  },
  {
    name: 'Mariana Costa',
    role: 'Streamer · Belo Horizonte, MG',
    content:
      'Troquei de PC e resetei o HWID pelo próprio painel, sem abrir chamado. Poder pausar a assinatura nas férias foi o que me conquistou.',
    rating: 5,
  },
  {
    name: 'Rafael Oliveira',
    role: 'Revendedor parceiro · Curitiba, PR',
    content:
      'Vendo licenças há dois anos pelo Chaveiro. As chaves saem na hora e o suporte responde rápido quando um cliente tem dúvida.',
    rating: 5,
  },
  {
    name: 'Beatriz Santos',
    role: 'Cliente desde 2021 · Recife, PE',
    content:
      'O que mais gosto é a transparência: vejo o tempo restante, os dispositivos vinculados e o histórico de chaves em um só lugar.',
    rating: 5,
  },
  {
    name: 'Gabriel Ferreira',
    role: 'Jogador casual · Porto Alegre, RS',
    content:
      'Tive uma dúvida às duas da manhã e fui atendido em poucos minutos. Dá confiança saber que tem gente do outro lado.',
    rating: 4,
  },
  {
    name: 'Juliana Ribeiro',
    role: 'Criadora de conteúdo · Rio de Janeiro, RJ',
    content:
      'Já testei várias plataformas e esta é a mais estável. Atualizações rápidas e nenhum problema de segurança até hoje.',
    rating: 5,
  },
];

/** Where the footer's contact link writes to. */
export const SUPPORT_EMAIL = 'suporte@chaveiro.com.br';
