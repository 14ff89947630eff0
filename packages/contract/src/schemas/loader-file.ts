import { z } from 'zod';
import { LIMITS } from '../constants.js';

/**
 * The loader file: the executable a customer downloads and runs, besides the DLL the
 * loader fetches. The admin uploads it per product with a version and release notes; active
 * subscribers download it from their subscription card and from the redeem-success modal.
 */
export const loaderFileMessages = {
  // Admin: upload, replace, remove
  menuItem: 'Arquivo do loader',
  dialogTitle: (product: string) => `Loader de ${product}`,
  dialogDescription:
    'O executável que o cliente baixa e executa (arquivo PE do Windows, até 64 MB), com versão e notas da versão.',
  none: 'Nenhum arquivo de loader enviado ainda.',
  fileLabel: 'Novo arquivo',
  versionLabel: 'Versão',
  versionPlaceholder: 'ex.: 2.4.1',
  notesLabel: 'Notas da versão (opcional)',
  send: 'Enviar loader',
  remove: 'Remover loader',
  removeConfirm: 'Os clientes deixam de poder baixar o loader deste produto. Continuar?',
  downloadsCount: (count: number) =>
    count === 1 ? '1 download' : `${count.toLocaleString('pt-BR')} downloads`,
  fileRequired: 'Envie o executável do loader no campo loaderFile.',
  fileInvalid: 'O arquivo não é um executável do Windows válido (cabeçalho MZ/PE ausente).',
  fileTooLarge: 'O loader deve ter no máximo 64 MB.',
  versionRequired: 'Informe a versão do loader.',
  versionTooLong: `A versão deve ter no máximo ${LIMITS.loaderVersionMax} caracteres.`,
  notesTooLong: `As notas da versão devem ter no máximo ${LIMITS.loaderNotesMax.toLocaleString('pt-BR')} caracteres.`,
  uploaded: 'Loader enviado com sucesso!',
  removed: 'Loader removido.',
  logUploaded: (product: string, file: string, version: string) =>
    `Loader ${file} (versão ${version}) enviado para o produto ${product}`,
  logRemoved: (product: string) => `Loader removido do produto ${product}`,

  // Customer: download
  download: 'Baixar loader',
  downloadVersion: (version: string) => `Versão ${version}`,
  releaseNotes: 'Novidades desta versão',
  subscriptionNotFound: 'Assinatura não encontrada.',
  subscriptionPaused: 'Reative a assinatura para baixar o loader.',
  subscriptionExpired: 'Esta assinatura expirou. Renove para baixar o loader.',
  productDisabled: 'Este produto está desligado no momento: o loader não pode ser baixado.',
  /** While the product is not operational: its status, then the seller's note. */
  productUpdating: (note: string | null) =>
    `Este produto está em atualização: o loader poderá ser baixado quando ele voltar.${note ? ` ${note}` : ''}`,
  productUnavailable: (note: string | null) =>
    `Este produto está indisponível no momento: o loader poderá ser baixado quando ele voltar.${note ? ` ${note}` : ''}`,
  serverOffline: 'O servidor está offline no momento. Tente baixar o loader mais tarde.',
  loaderMissing: 'Este produto ainda não tem um loader disponível para download.',

  // First-run guide (subscription card and redeem-success modal)
  guideTitle: 'Primeiros passos',
  guideSteps: [
    'Baixe o loader pelo botão "Baixar loader".',
    'Execute o arquivo no Windows e entre com o seu usuário e senha do site (e o código 2FA, se ativado).',
    'No primeiro acesso, a assinatura fica vinculada ao HWID do seu computador: a identificação única da máquina.',
    'Apareceu "HWID diferente"? A assinatura está presa a outro computador. Em Minhas Assinaturas, libere a máquina ou use "Resetar HWID" e entre de novo.',
  ],
  guideNoLoader:
    'O loader deste produto ainda não foi publicado. Você será avisado aqui quando estiver disponível.',
} as const;

const t = loaderFileMessages;

/** The loader file as the admin sees it, with how many times subscribers downloaded it. */
export const productLoaderSchema = z.object({
  sha256: z.string(),
  name: z.string(),
  size: z.number().int(),
  version: z.string(),
  notes: z.string(),
  uploadedAt: z.iso.datetime(),
  downloads: z.number().int(),
});
export type ProductLoader = z.infer<typeof productLoaderSchema>;

/** The text fields of the multipart upload (beside the file field `loaderFile`). */
export const loaderFileFieldsSchema = z.object({
  version: z
    .string({ error: t.versionRequired })
    .trim()
    .min(1, t.versionRequired)
    .max(LIMITS.loaderVersionMax, t.versionTooLong),
  notes: z.string().trim().max(LIMITS.loaderNotesMax, t.notesTooLong).default(''),
});
export type LoaderFileFields = z.infer<typeof loaderFileFieldsSchema>;

export const uploadLoaderResponseSchema = z.object({
  message: z.string(),
  loader: productLoaderSchema,
});
export type UploadLoaderResponse = z.infer<typeof uploadLoaderResponseSchema>;

/** The loader file as a subscriber sees it (card, redeem-success modal). */
export const clientLoaderSchema = z.object({
  name: z.string(),
  version: z.string(),
  size: z.number().int(),
  notes: z.string(),
  uploaded_at: z.string(),
});
export type ClientLoader = z.infer<typeof clientLoaderSchema>;

/**
 * The redeem answer: the message, and the subscription the key went into with its product's
 * loader, so the success modal can offer "Baixar loader" at once.
 */
export const redeemKeyResponseSchema = z.object({
  message: z.string(),
  subscription_id: z.string(),
  loader: clientLoaderSchema.nullable(),
  /** Why the loader cannot be downloaded now (the product is down, the server closed), or null. */
  loader_unavailable: z.string().nullable(),
});
export type RedeemKeyResponse = z.infer<typeof redeemKeyResponseSchema>;
