import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { KeyAuthImportSummary } from '@chaveiro/contract';
import { KEYAUTH_IMPORT_LIMITS, keyAuthImportMessages as m } from '@chaveiro/contract';
import { AppError, BadRequestError } from '../../platform/core/errors.js';
import type { KeyAuthImport } from './keyauth-import-service.js';

const MEGABYTE = 1024 * 1024;

/**
 * `npm run import:keyauth -- --users users.json --licenses licenses.json --product ID`: the
 * admin screen's import from a terminal, against the configured database. Answers the exit
 * code: 0 imported, 1 refused (a malformed file, an unknown product, a bad command line).
 */
export async function runKeyAuthImportCli({
  args,
  cwd,
  keyAuthImport,
  productName,
  out,
}: {
  args: readonly string[];
  /** Where relative paths start: the folder npm was run from. */
  cwd: string;
  keyAuthImport: KeyAuthImport;
  productName: (id: string) => Promise<string | undefined>;
  out: { write(text: string): unknown };
}): Promise<number> {
  const options = parseArgs(args);
  if (!options || (!options.users && !options.licenses)) {
    out.write(`${m.cliUsage}\n`);
    return 1;
  }
  try {
    const [users, licenses] = await Promise.all([
      options.users === undefined ? undefined : readExport(resolve(cwd, options.users)),
      options.licenses === undefined ? undefined : readExport(resolve(cwd, options.licenses)),
    ]);
    const summary = await keyAuthImport.run({ productId: options.product, users, licenses }, null);
    out.write(describe(summary, (await productName(options.product)) ?? options.product));
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    out.write(`${error.message}\n`);
    return 1;
  }
}

function parseArgs(args: readonly string[]) {
  const values: Record<string, string> = {};
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const match = /^--(users|licenses|product)(?:=(.*))?$/.exec(arg);
    if (!match?.[1]) continue;
    const value = match[2] ?? args[index + 1];
    if (match[2] === undefined) index += 1;
    if (!value || value.startsWith('--')) return undefined;
    values[match[1]] = value;
  }
  if (!values.product) return undefined;
  return { product: values.product, users: values.users, licenses: values.licenses };
}

async function readExport(path: string): Promise<string> {
  const maxMb = KEYAUTH_IMPORT_LIMITS.maxBodyBytes / MEGABYTE;
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    throw new BadRequestError(m.cliFileUnreadable(path));
  }
  if (size > KEYAUTH_IMPORT_LIMITS.maxBodyBytes) {
    throw new BadRequestError(m.cliFileTooLarge(path, maxMb));
  }
  return readFile(path, 'utf8');
}

function describe(summary: KeyAuthImportSummary, product: string): string {
  const lines = [
    m.cliTitle(product),
    summary.message,
    m.cliUsers(summary.users.created, summary.users.existing, summary.users.skipped),
    m.cliKeys(summary.keys.created, summary.keys.existing, summary.keys.skipped),
    m.cliSubscriptions(summary.subscriptions),
    m.cliMachines(summary.machines),
  ];
  if (summary.problems.length > 0) {
    lines.push(m.cliProblems);
    for (const problem of summary.problems) {
      const file = problem.file === 'users' ? m.usersFile : m.licensesFile;
      lines.push(m.cliProblem(file, problem.line, problem.message));
    }
    if (summary.moreProblems > 0) lines.push(`  ${m.moreProblems(summary.moreProblems)}`);
  }
  return `${lines.join('\n')}\n`;
}
