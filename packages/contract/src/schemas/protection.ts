import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { plural, pluralWord } from '../plural.js';
import { pageOf, pageQuerySchema } from './common.js';

/**
 * Protected delivery (docs/loader-protocol.md): the product file sealed to each loader session
 * and marked per copy, the loader's version and integrity, the loaders' security signals and
 * offline grace. The admin sets them per product ("Proteção"), traces a leaked copy
 * ("Rastrear vazamento") and works the "Segurança" queue.
 */

export const UNKNOWN_LOADER_POLICIES = ['allow', 'record', 'refuse'] as const;
export type UnknownLoaderPolicy = (typeof UNKNOWN_LOADER_POLICIES)[number];

/** What a loader may report about its own process. */
export const CLIENT_SECURITY_SIGNALS = ['debugger', 'hooked_api', 'self_check_failed'] as const;
export type ClientSecuritySignal = (typeof CLIENT_SECURITY_SIGNALS)[number];

/** Every stored kind: the client's signals and the unknown loader the server saw. */
export const SECURITY_EVENT_KINDS = [...CLIENT_SECURITY_SIGNALS, 'unknown_loader'] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** What a signal does, as the seller chose per product. */
export const SECURITY_RULE_ACTIONS = [
  'record',
  'end_session',
  'blacklist_hwid',
  'ban_account',
] as const;
export type SecurityRuleAction = (typeof SECURITY_RULE_ACTIONS)[number];

/** What was done about a stored event: a rule's action, or an unknown loader refused. */
export const SECURITY_EVENT_ACTIONS = [...SECURITY_RULE_ACTIONS, 'refused'] as const;
export type SecurityEventAction = (typeof SECURITY_EVENT_ACTIONS)[number];

export const DELIVERY_MARK_KINDS = ['slot', 'trailer'] as const;
export type DeliveryMarkKind = (typeof DELIVERY_MARK_KINDS)[number];

/** The mark: a 64-byte record the server writes into each delivered copy (docs/sdk.md). */
export const DELIVERY_MARK = {
  /** The slot a seller declares in the DLL: this magic, then 56 bytes of 'Z'. */
  slotMagic: 'CHVSLOT1',
  slotFill: 0x5a,
  /** A written mark starts with this magic. */
  markMagic: 'CHVMARK1',
  bytes: 64,
} as const;

export const PROTECTION_LIMITS = {
  /** Offline grace: up to 30 days. */
  offlineGraceHoursMax: 720,
  securityDetailMax: 200,
  /** A leaked copy is the product file plus at most one trailer mark. */
  leakedFileMaxBytes: LIMITS.dllMaxBytes + DELIVERY_MARK.bytes,
} as const;

/** The sealed download: the magic, then the sealed key, the stream header and the chunks. */
export const SEALED_DELIVERY = {
  magic: 'CHVSEAL1',
  sealedKeyBytes: 80,
  headerBytes: 24,
  chunkBytes: 65_536,
  chunkOverheadBytes: 17,
  contentType: 'application/vnd.chaveiro.sealed',
} as const;

/** Loader versions compare part by part: numbers as numbers, others as text; missing parts are 0. */
export function compareLoaderVersions(a: string, b: string): number {
  const parts = (version: string) => version.trim().split(/[.\-+]/);
  const left = parts(a);
  const right = parts(b);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const x = left[i] ?? '0';
    const y = right[i] ?? '0';
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    const order = numeric ? Number(x) - Number(y) : x.localeCompare(y, 'en');
    if (order !== 0) return order < 0 ? -1 : 1;
  }
  return 0;
}

export const protectionMessages = {
  // Product menu: "Proteção"
  menuItem: 'Proteção',
  dialogTitle: (product: string) => `Proteção de ${product}`,
  protectedDelivery: 'Entrega protegida',
  protectedDeliveryHint:
    'O arquivo é criptografado para cada sessão do loader: só o processo que autenticou consegue abri-lo. Loaders antigos, sem suporte, deixam de baixar o arquivo.',
  markHint:
    'Cada cópia entregue leva uma marca da entrega (cliente, máquina e horário), usada em "Rastrear vazamento".',
  offlineGraceHours: 'Tolerância offline (horas)',
  offlineGraceHint:
    'Por quantas horas o loader continua funcionando sem alcançar o servidor (0 = desligado). Nunca passa da validade da assinatura.',
  loaderMinVersion: 'Versão mínima do loader',
  loaderMinVersionHint:
    'Loaders mais antigos são recusados e recebem a atualização verificada. Deixe vazio para não exigir.',
  unknownLoaderPolicy: 'Loader desconhecido',
  unknownLoaderPolicyHint:
    'Quando o hash do loader não é de nenhuma versão publicada em "Arquivo do loader".',
  unknownLoaderPolicies: {
    allow: 'Permitir',
    record: 'Registrar',
    refuse: 'Recusar',
  } satisfies Record<UnknownLoaderPolicy, string>,
  securityRules: 'Regras de segurança',
  securityRulesHint: 'O que fazer quando o loader relata cada sinal.',
  signals: {
    debugger: 'Depurador detectado',
    hooked_api: 'API interceptada (hook)',
    self_check_failed: 'Falha na autoverificação',
    unknown_loader: 'Loader desconhecido',
  } satisfies Record<SecurityEventKind, string>,
  ruleActions: {
    record: 'Registrar',
    end_session: 'Encerrar a sessão',
    blacklist_hwid: 'Bloquear o HWID',
    ban_account: 'Banir a conta',
  } satisfies Record<SecurityRuleAction, string>,
  eventActions: {
    record: 'Registrado',
    end_session: 'Sessão encerrada',
    blacklist_hwid: 'HWID bloqueado',
    ban_account: 'Conta banida',
    refused: 'Loader recusado',
  } satisfies Record<SecurityEventAction, string>,
  save: 'Salvar proteção',
  saved: 'Proteção atualizada.',
  graceInvalid: `Informe de 0 a ${PROTECTION_LIMITS.offlineGraceHoursMax} horas.`,
  minVersionInvalid: `A versão deve ter de 1 a ${LIMITS.loaderVersionMax} caracteres: letras, números, ".", "-", "+" ou "_".`,
  logChanged: (product: string) => `Proteção do produto ${product} alterada`,

  // Loader releases (in "Arquivo do loader")
  releasesTitle: 'Versões publicadas',
  releasesHint:
    'Os hashes aceitos como loader oficial. Remova uma versão para deixar de aceitá-la.',
  releasesEmpty: 'Nenhuma versão publicada.',
  releaseRemove: 'Remover versão',
  releaseRemoveConfirm: (version: string) =>
    `Loaders com o hash da versão ${version} passam a ser tratados como desconhecidos. Continuar?`,
  releaseRemoved: 'Versão removida.',
  releaseNotFound: 'Versão não encontrada.',
  releaseCurrent: 'Atual',
  logReleaseRemoved: (product: string, version: string) =>
    `Versão ${version} do loader de ${product} removida das versões publicadas`,

  // "Rastrear vazamento"
  leakMenuItem: 'Rastrear vazamento',
  leakTitle: (product: string) => `Rastrear vazamento de ${product}`,
  leakDescription:
    'Envie a cópia vazada (a DLL encontrada em um fórum, por exemplo): a marca dentro dela diz de qual entrega ela saiu.',
  leakFileLabel: 'Arquivo vazado',
  leakSubmit: 'Rastrear',
  leakFileRequired: 'Envie o arquivo vazado no campo leakedFile.',
  leakFileTooLarge: 'O arquivo deve ter no máximo 64 MB.',
  leakVerdicts: {
    identical: 'Cópia idêntica a uma entrega',
    mark_intact: 'Marca intacta: o arquivo foi modificado, mas a marca identifica a entrega',
    altered:
      'Marca adulterada: o arquivo tem uma marca, mas ela foi alterada e não identifica ninguém',
    unmarked: 'Nenhuma marca encontrada neste arquivo',
  },
  leakOtherProduct: (product: string) => `Esta cópia é do produto ${product}.`,
  leakCustomer: 'Cliente',
  leakMachine: 'Máquina (HWID)',
  leakIp: 'IP',
  leakTime: 'Entregue em',
  leakDownloaded: 'Baixado em',
  leakOpenCustomer: 'Abrir cliente',
  logLeakTraced: (product: string, username: string) =>
    `Vazamento do produto ${product} rastreado até ${username}`,
  deliveriesTitle: 'Entregas',
  deliveriesEmpty: 'Nenhuma entrega ainda.',
  deliveryProtected: 'Protegida',
  deliveryPlain: 'Sem criptografia',
  deliveryNotDownloaded: 'Não baixado',
  markKinds: {
    slot: 'Marca no espaço reservado',
    trailer: 'Marca no fim do arquivo',
  } satisfies Record<DeliveryMarkKind, string>,

  // "Segurança" queue and the customer page
  securityNav: 'Segurança',
  securityTitle: 'Segurança',
  securityDescription:
    'Sinais relatados pelos loaders (depurador, hook, autoverificação) e loaders desconhecidos, com a ação tomada.',
  securityEmpty: 'Nenhum evento de segurança.',
  securityOpen: 'Abertos',
  securityResolved: 'Resolvidos',
  securityResolve: 'Marcar como resolvido',
  securityResolvedToast: 'Evento marcado como resolvido.',
  securityEventNotFound: 'Evento não encontrado.',
  /** The stored detail of an unknown loader: what it reported. */
  unknownLoaderDetail: (version: string, sha256: string) => `versão ${version}, SHA-256 ${sha256}`,
  loaderNotReported: 'o loader não informou versão nem hash',
  logSecurityResolved: (signal: string, username: string, product: string) =>
    `Evento de segurança resolvido: ${signal} de ${username} em ${product}`,
  logTamperBanned: (username: string, product: string, signal: string) =>
    `${username} banido pela regra de segurança de ${product} (${signal})`,
  logTamperBlacklisted: (hwid: string, product: string, signal: string) =>
    `HWID ${hwid} bloqueado pela regra de segurança de ${product} (${signal})`,
  customerSecurityTitle: 'Eventos de segurança',
  customerDeliveriesTitle: 'Entregas do arquivo',

  // Console details (products menu, "Segurança", customer page)
  cancel: 'Cancelar',
  dialogDescription:
    'Como o arquivo deste produto chega ao loader e o que o loader precisa provar para recebê-lo.',
  close: 'Fechar',
  loaderMinVersionPlaceholder: 'Ex.: 2.4.0',
  releaseVersion: (version: string) => `Versão ${version}`,
  releaseUploadedAt: (when: string) => `enviada em ${when}`,
  releaseRemoveOf: (version: string) => `Remover versão ${version}`,
  leakTracing: 'Rastreando…',
  leakVerdictHints: {
    identical: 'O arquivo é, byte a byte, a cópia entregue abaixo.',
    mark_intact:
      'Alguém alterou o arquivo depois da entrega, mas a marca autenticada continua lá e aponta a entrega abaixo.',
    altered:
      'A marca foi editada ou copiada de outro arquivo: a assinatura dela não confere, então ela não aponta nenhum cliente.',
    unmarked:
      'O arquivo não tem a marca do Chaveiro: foi removida (arquivo truncado, por exemplo) ou a cópia não saiu de uma entrega.',
  } satisfies Record<LeakVerdict, string>,
  leakFileSummary: (size: string, marks: number) =>
    `${size} · ${plural(marks, 'marca encontrada', 'marcas encontradas')}`,
  leakFileHash: 'SHA-256 do arquivo enviado',
  leakProtection: 'Entrega',
  leakMarkKind: 'Marca',
  leakDownloads: (count: number) => plural(count, 'download', 'downloads'),
  accountDeleted: 'conta excluída',
  deliveriesDescription:
    'Cada autenticação que recebeu o arquivo, com a marca que a identifica. Busque pelo cliente, HWID ou IP.',
  deliveriesSearch: 'Buscar por cliente, HWID ou IP',
  deliveriesNoMatch: 'Nenhuma entrega encontrada.',
  deliveriesLoading: 'Carregando entregas...',
  deliveriesNoun: (total: number) => pluralWord(total, 'entrega', 'entregas'),
  deliveryColumns: {
    customer: 'Cliente',
    product: 'Produto',
    machine: 'HWID',
    ip: 'IP',
    deliveredAt: 'Entregue em',
    downloadedAt: 'Baixado em',
    protection: 'Entrega',
  },
  securityColumns: {
    customer: 'Cliente',
    product: 'Produto',
    kind: 'Sinal',
    detail: 'Detalhe',
    hwid: 'HWID',
    action: 'Ação',
    ip: 'IP',
    createdAt: 'Quando',
  },
  securityStatusFilter: 'Situação',
  securityKindFilter: 'Filtrar por sinal',
  securityAllKinds: 'Todos os sinais',
  securityListTitle: 'Eventos',
  securityListDescription: 'Os mais recentes primeiro. Resolva um evento depois de agir sobre ele.',
  securityEmptyResolved: 'Nenhum evento resolvido.',
  securityNoMatch: 'Nenhum evento com estes filtros.',
  securityLoading: 'Carregando eventos...',
  securityNoun: (total: number) => pluralWord(total, 'evento', 'eventos'),
  securityResolveOf: (kind: string, username: string) =>
    `Marcar como resolvido: ${kind} de ${username}`,
  securityResolvedBy: (admin: string, when: string) => `Resolvido por ${admin} em ${when}`,
  securityResolvedAt: (when: string) => `Resolvido em ${when}`,
  customerSecurityDescription:
    'O que os loaders deste cliente relataram e os loaders desconhecidos que ele usou, com a ação tomada.',
  customerDeliveriesDescription:
    'Cada cópia do arquivo entregue a este cliente, com a máquina, o IP e a marca.',
  securityOpenStatus: 'Aberto',
} as const;

const t = protectionMessages;

export const securityRulesSchema = z.strictObject({
  debugger: z.enum(SECURITY_RULE_ACTIONS).default('record'),
  hooked_api: z.enum(SECURITY_RULE_ACTIONS).default('record'),
  self_check_failed: z.enum(SECURITY_RULE_ACTIONS).default('record'),
});
export type SecurityRules = z.infer<typeof securityRulesSchema>;

export const loaderVersionSchema = z
  .string({ error: t.minVersionInvalid })
  .trim()
  .regex(new RegExp(`^[0-9A-Za-z.+_-]{1,${LIMITS.loaderVersionMax}}$`), t.minVersionInvalid);

/** A product's protection, as read and as saved (PATCH takes any subset). */
export const productProtectionSchema = z.object({
  protectedDelivery: z.boolean(),
  offlineGraceHours: z
    .number({ error: t.graceInvalid })
    .int(t.graceInvalid)
    .min(0, t.graceInvalid)
    .max(PROTECTION_LIMITS.offlineGraceHoursMax, t.graceInvalid),
  loaderMinVersion: loaderVersionSchema.nullable(),
  unknownLoaderPolicy: z.enum(UNKNOWN_LOADER_POLICIES),
  securityRules: securityRulesSchema,
});
export type ProductProtection = z.infer<typeof productProtectionSchema>;

/** The rules a change names; `.partial()` of the rules would still fill the others' defaults. */
const securityRulesChangeSchema = z.strictObject({
  debugger: z.enum(SECURITY_RULE_ACTIONS).optional(),
  hooked_api: z.enum(SECURITY_RULE_ACTIONS).optional(),
  self_check_failed: z.enum(SECURITY_RULE_ACTIONS).optional(),
});

export const updateProductProtectionSchema = productProtectionSchema
  .extend({ securityRules: securityRulesChangeSchema })
  .partial()
  .strict();
export type UpdateProductProtection = z.infer<typeof updateProductProtectionSchema>;

export const productProtectionResponseSchema = z.object({
  message: z.string().optional(),
  protection: productProtectionSchema,
});
export type ProductProtectionResponse = z.infer<typeof productProtectionResponseSchema>;

export const loaderReleaseSchema = z.object({
  id: z.string(),
  version: z.string(),
  sha256: z.string(),
  name: z.string(),
  size: z.number().int(),
  uploadedAt: z.iso.datetime(),
  /** The product's current loader file. */
  current: z.boolean(),
});
export type LoaderRelease = z.infer<typeof loaderReleaseSchema>;
export const loaderReleasesResponseSchema = z.object({ items: z.array(loaderReleaseSchema) });

/** One delivered copy, as the admin sees it. */
export const deliverySchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  user: z.object({ id: z.string(), username: z.string() }).nullable(),
  /** The name when delivered (kept after the account is deleted). */
  username: z.string(),
  subscriptionId: z.string().nullable(),
  machineId: z.string().nullable(),
  hwid: z.string(),
  ip: z.string(),
  markKind: z.enum(DELIVERY_MARK_KINDS),
  protected: z.boolean(),
  markedSha256: z.string(),
  createdAt: z.iso.datetime(),
  downloadedAt: z.iso.datetime().nullable(),
  downloadIp: z.string().nullable(),
  downloads: z.number().int(),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveriesPageSchema = pageOf(deliverySchema);
export type DeliveriesPage = z.infer<typeof deliveriesPageSchema>;

/** `GET /api/deliveries`: a product's or a customer's deliveries, newest first. */
export const deliveriesQuerySchema = pageQuerySchema.extend({
  productId: z.string().trim().min(1).max(64).optional(),
  userId: z.string().trim().min(1).max(64).optional(),
});
export type DeliveriesQuery = z.infer<typeof deliveriesQuerySchema>;

export const LEAK_VERDICTS = ['identical', 'mark_intact', 'altered', 'unmarked'] as const;
export type LeakVerdict = (typeof LEAK_VERDICTS)[number];

export const leakTraceResultSchema = z.object({
  verdict: z.enum(LEAK_VERDICTS),
  /** The verdict in pt-BR, shown as the result's title. */
  message: z.string(),
  /** The delivery the copy came from (identical, mark_intact); null otherwise. */
  delivery: deliverySchema.nullable(),
  /** The uploaded file's SHA-256 and size, and how many marks were found in it. */
  sha256: z.string(),
  size: z.number().int(),
  marksFound: z.number().int(),
});
export type LeakTraceResult = z.infer<typeof leakTraceResultSchema>;

export const securityEventSchema = z.object({
  id: z.string(),
  product: z.object({ id: z.string(), name: z.string() }),
  user: z.object({ id: z.string(), username: z.string() }).nullable(),
  username: z.string(),
  subscriptionId: z.string().nullable(),
  machineId: z.string().nullable(),
  hwid: z.string(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  detail: z.string().nullable(),
  action: z.enum(SECURITY_EVENT_ACTIONS),
  ip: z.string(),
  createdAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().nullable(),
  resolvedBy: z.string().nullable(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;
export const securityEventsPageSchema = pageOf(securityEventSchema);
export type SecurityEventsPage = z.infer<typeof securityEventsPageSchema>;

export const securityEventsQuerySchema = z.object({
  status: z.enum(['open', 'resolved', 'all']).default('open'),
  productId: z.string().max(64).optional(),
  kind: z.enum(SECURITY_EVENT_KINDS).optional(),
  userId: z.string().max(64).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});
export type SecurityEventsQuery = z.infer<typeof securityEventsQuerySchema>;
