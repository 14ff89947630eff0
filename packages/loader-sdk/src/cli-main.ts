import { stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import type { AuthResult, HeartbeatStatus, LoaderClient, RetryStatus } from './client.js';
import { fetchPublicKeys } from './client.js';
import type { ProductStatus } from './errors.js';
import {
  LoaderError,
  LoaderNetworkError,
  LoaderRefusedError,
  LoaderVerificationError,
} from './errors.js';
import { deriveHwid } from './hwid.js';
import { createNodeLoaderClient, defaultOfflineStorePath } from './node-client.js';
import type { RetryOptions } from './retry.js';
import type { TrustedKey } from './verify.js';

export const EXIT = {
  ok: 0,
  refused: 1,
  usage: 2,
  untrusted: 3,
  network: 4,
  failed: 5,
} as const;

export interface CliIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Aborted by Ctrl-C: stop heartbeating and exit. */
  signal: AbortSignal;
  fetch?: typeof globalThis.fetch;
  clock?: () => Date | number;
  hwid?: () => string;
  /** The SDK's retry policy; tests shorten its waits. */
  retry?: RetryOptions;
}

export const HELP = `Uso: chaveiro-loader --server URL --product ID (--key CHAVE | --identifier USUÁRIO) [opções]

Autentica esta máquina no Chaveiro, mantém a sessão com pulsos periódicos até Ctrl-C e,
se pedido, baixa o arquivo do produto conferindo o SHA-256 assinado pelo servidor.

Opções:
  -s, --server URL         endereço do Chaveiro (ex.: https://painel.exemplo.com)
  -p, --product ID         id do produto
  -k, --key CHAVE          chave de licença (sozinha, se já resgatada; com conta, é resgatada nela)
  -u, --identifier USUÁRIO usuário ou e-mail da conta
      --password SENHA     senha da conta; prefira a variável CHAVEIRO_PASSWORD, que não fica
                           no histórico do shell
      --totp CÓDIGO        código do autenticador (6 dígitos) ou de recuperação, se a conta usa 2FA
      --hwid HWID          id da máquina (padrão: derivado do hardware deste computador)
      --public-key ID:BASE64
                           chave pública confiável do servidor (repita para várias); sem ela a
                           chave é buscada no próprio servidor na primeira conexão
      --download CAMINHO   salva o arquivo do produto (verificado) em CAMINHO (arquivo ou pasta)
      --once               sai após o primeiro pulso em vez de continuar até Ctrl-C
      --offline-store CAMINHO
                           onde guardar a licença offline, cifrada para este computador
                           (padrão: pasta de dados do usuário, chaveiro/<produto>.lic)
  -h, --help               mostra esta ajuda

Variáveis de ambiente:
  CHAVEIRO_PASSWORD        senha da conta, quando --password não é informado

Códigos de saída:
  0 ok · 1 recusado pelo servidor · 2 uso incorreto · 3 resposta não confiável
  4 falha de rede · 5 outro erro`;

const HWID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** The CLI without the process: tests drive it with their own io and fake server. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        server: { type: 'string', short: 's' },
        product: { type: 'string', short: 'p' },
        key: { type: 'string', short: 'k' },
        identifier: { type: 'string', short: 'u' },
        password: { type: 'string' },
        totp: { type: 'string' },
        hwid: { type: 'string' },
        'public-key': { type: 'string', multiple: true },
        download: { type: 'string' },
        'offline-store': { type: 'string' },
        once: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    return usage(io, `Argumentos inválidos: ${(error as Error).message}`);
  }
  if (values.help) {
    io.out(HELP);
    return EXIT.ok;
  }

  const { server, product, key, identifier, totp } = values;
  const password = values.password ?? io.env.CHAVEIRO_PASSWORD;
  if (!server || !product) return usage(io, 'Informe --server e --product.');
  if (!key && !identifier) return usage(io, 'Informe --key ou --identifier (ou ambos).');
  if (identifier && !password) {
    return usage(io, 'Informe a senha com --password ou pela variável CHAVEIRO_PASSWORD.');
  }
  if (!identifier && (values.password || totp)) {
    return usage(io, '--password e --totp exigem --identifier.');
  }
  const pinned = parsePinnedKeys(values['public-key'] ?? []);
  if (!pinned) return usage(io, '--public-key deve ser ID:BASE64, ex.: 3b5d5c3712955042:A6EH…=');
  const hwid = values.hwid ?? (io.hwid ?? deriveHwid)();
  if (!HWID_PATTERN.test(hwid)) {
    return usage(io, 'HWID inválido: use de 8 a 128 letras, números, ., _, : ou -.');
  }

  try {
    let trustedKeys: TrustedKey[] = pinned;
    if (trustedKeys.length === 0) {
      trustedKeys = await fetchPublicKeys(server, { fetch: io.fetch });
      io.err(
        `Aviso: chave do servidor obtida na primeira conexão, sem fixação (${trustedKeys
          .map((k) => k.keyId)
          .join(', ')}). Para fixá-la, use --public-key ${formatPin(trustedKeys[0])}`,
      );
    }
    const client = createNodeLoaderClient({
      serverUrl: server,
      productId: product,
      trustedKeys,
      fetch: io.fetch,
      clock: io.clock,
      retry: io.retry,
      offlineStorePath: values['offline-store'] ?? defaultOfflineStorePath(product, io.env),
    });

    io.out(`Conectando a ${server} (HWID ${hwid})…`);
    const auth = await client.auth(
      { hwid, key, identifier, password, totp },
      { onRetry: (status) => io.err(retryLine(status)) },
    );
    printAuth(io, auth);

    if (values.download !== undefined && !auth.offline) {
      const file = await client.download();
      const target = await downloadTarget(values.download, file.name);
      await writeFile(target, file.bytes);
      io.out(`Arquivo salvo em ${target} (${formatSize(file.size)}).`);
      io.out(`SHA-256: ${file.sha256}`);
    }

    return await heartbeats(io, client, values.once);
  } catch (error) {
    return report(io, error);
  }
}

function heartbeats(io: CliIo, client: LoaderClient, once: boolean): Promise<number> {
  return new Promise((resolve) => {
    if (io.signal.aborted) {
      io.out('Encerrado.');
      resolve(EXIT.ok);
      return;
    }
    const finish = (code: number) => {
      loop.stop();
      io.signal.removeEventListener('abort', onAbort);
      resolve(code);
    };
    const onAbort = () => {
      io.out('Encerrado.');
      finish(EXIT.ok);
    };
    const loop = client.startHeartbeats({
      onStatus(status) {
        if (status.type === 'renewed') {
          io.out(
            `Sessão renovada às ${formatTime(new Date((io.clock ?? Date.now)()))} (válida até ${formatTime(
              new Date(status.result.sessionExpiresAt),
            )}; assinatura expira em ${formatDateTime(status.result.expiresAt)}).`,
          );
          if (once) finish(EXIT.ok);
        } else if (status.type === 'online') {
          io.out('Conexão com o servidor restabelecida: sessão nova.');
          if (once) finish(EXIT.ok);
        } else if (status.type === 'offline') {
          io.err(offlineLine(status));
          if (once) finish(EXIT.ok);
        } else {
          io.err(retryLine(status));
        }
      },
      onEnd(error) {
        io.err('Sessão encerrada.');
        finish(report(io, error));
      },
    });
    io.signal.addEventListener('abort', onAbort, { once: true });
  });
}

function offlineLine(status: Extract<HeartbeatStatus, { type: 'offline' }>): string {
  return `Modo offline: ${describe(status.error)} Licença offline válida até ${formatDateTime(
    status.expiresAt,
  )}; nova tentativa em ${formatDelay(status.nextDelayMs)}.`;
}

function printAuth(io: CliIo, auth: AuthResult): void {
  if (auth.offline) {
    io.out(
      `Sem conexão com o servidor: modo offline como ${auth.user.username}, licença válida até ${formatDateTime(
        auth.sessionExpiresAt,
      )}.`,
    );
    return;
  }
  io.out(`Autenticado como ${auth.user.username}.`);
  io.out(`Produto: ${auth.subscription.product.name} (${auth.subscription.product.id})`);
  io.out(`Assinatura expira em ${formatDateTime(auth.subscription.expiresAt)}.`);
  io.out(
    `Sessão válida até ${formatTime(new Date(auth.sessionExpiresAt))}; pulso a cada ${String(
      auth.heartbeatSeconds,
    )} s.`,
  );
  io.out(
    auth.file
      ? `Arquivo: ${auth.file.name} (${formatSize(auth.file.size)})`
      : 'Este produto ainda não tem arquivo.',
  );
}

function report(io: CliIo, error: unknown): number {
  io.err(describe(error));
  if (error instanceof LoaderRefusedError && error.product) reportProduct(io, error.product);
  if (error instanceof LoaderRefusedError && error.loader) {
    io.err(`Versão atual do loader: ${error.loader.version} (${error.loader.name}).`);
  }
  if (error instanceof LoaderRefusedError) return EXIT.refused;
  if (error instanceof LoaderVerificationError) return EXIT.untrusted;
  if (error instanceof LoaderNetworkError) return EXIT.network;
  return EXIT.failed;
}

/** The product's status as the site labels it; an unknown one (a newer server) as it came. */
const STATUS_LABELS: Record<string, string> = {
  updating: 'Em atualização',
  unavailable: 'Indisponível',
};

/** A product being updated or down: since when, the seller's note, whether time stands still. */
function reportProduct(io: CliIo, product: ProductStatus): void {
  io.err(
    `Status do produto: ${STATUS_LABELS[product.status] ?? product.status} desde ${formatDateTime(product.since)}.`,
  );
  if (product.note !== null) io.err(`Nota do vendedor: ${product.note}`);
  io.err(
    product.timeFrozen
      ? 'O tempo da sua assinatura está congelado e será devolvido quando o produto voltar.'
      : 'O tempo da sua assinatura continua correndo.',
  );
}

function describe(error: unknown): string {
  if (error instanceof LoaderRefusedError) {
    return `Recusado pelo servidor: ${error.message} (${error.code})`;
  }
  if (error instanceof LoaderVerificationError) {
    return `Resposta não confiável: ${error.message} (${error.code}: ${error.detail})`;
  }
  if (error instanceof LoaderError) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message} (${error.code}${cause})`;
  }
  return `Erro: ${error instanceof Error ? error.message : String(error)}`;
}

/** The SDK decides whether and when to retry (one policy); the CLI only says so. */
function retryLine({ error, attempt, nextDelayMs }: RetryStatus): string {
  return `${describe(error)} Nova tentativa em ${formatDelay(nextDelayMs)} (tentativa ${String(
    attempt + 1,
  )}).`;
}

function usage(io: CliIo, message: string): number {
  io.err(message);
  io.err('Use --help para ver as opções.');
  return EXIT.usage;
}

function parsePinnedKeys(pins: string[]): TrustedKey[] | null {
  const keys: TrustedKey[] = [];
  for (const pin of pins) {
    const match = /^([0-9a-f]{16}):([A-Za-z0-9+/]+={0,2})$/.exec(pin.trim());
    if (!match?.[1] || !match[2]) return null;
    keys.push({ keyId: match[1], publicKey: match[2] });
  }
  return keys;
}

function formatPin(key: TrustedKey | undefined): string {
  return key ? `${key.keyId}:${key.publicKey}` : '';
}

/** A directory (existing, or written with a trailing slash) receives the file under its name. */
async function downloadTarget(path: string, name: string): Promise<string> {
  const isDirectory =
    /[\\/]$/.test(path) ||
    (await stat(path).then(
      (s) => s.isDirectory(),
      () => false,
    ));
  return isDirectory ? join(path, basename(name)) : path;
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const time = new Intl.DateTimeFormat('pt-BR', { timeStyle: 'medium' });
const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

function formatTime(date: Date): string {
  return Number.isNaN(date.getTime()) ? '?' : time.format(date);
}

function formatDelay(ms: number): string {
  return ms < 1000 ? `${String(ms)} ms` : `${number.format(ms / 1000)} s`;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} bytes`;
  if (bytes < 1024 * 1024) return `${number.format(bytes / 1024)} KB`;
  return `${number.format(bytes / (1024 * 1024))} MB`;
}
