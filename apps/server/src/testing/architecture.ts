import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * Static facts about the server's source, read without running it: which module imports which
 * (type-only imports and re-exports included, which `import/no-cycle` ignores) and which
 * module writes which table. The architecture test asserts on them; a report can print them.
 */

/** The server's `src/` directory. */
export const SERVER_SOURCE = resolve(import.meta.dirname, '..');

/**
 * Who owns a file: its module's name for `modules/<name>/…`, otherwise its top folder under
 * `src/` (`events`, `platform`, …) or its file name (`services.ts`).
 */
export type Owner = string;

/** One parsed, non-test source file. */
interface SourceFile {
  /** Path from `src/`, with forward slashes. */
  path: string;
  owner: Owner;
  ast: ts.SourceFile;
}

/** A dependency of one module on another, with the first file that makes it. */
export interface ModuleImport {
  from: Owner;
  to: Owner;
  /** The importing file, from `src/`. */
  file: string;
}

/** table → module (or `events`, `platform`) → the files that write it. */
export type TableWriters = Map<string, Map<Owner, string[]>>;

/** Kysely's write builders; their first argument names the table (`'machines as m'` too). */
const WRITE_BUILDERS = new Set([
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
]);

/** A write in SQL text: `insert into t`, `insert or ignore into t`, `update t`, `delete from t`. */
const RAW_WRITE =
  /\b(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;

function ownerOf(path: string): Owner {
  const [top = '', second = ''] = path.split('/');
  return top === 'modules' ? second : top;
}

function isTestFile(path: string): boolean {
  return /\.test\.ts$/.test(path) || path.split('/').includes('testing');
}

let parsed: SourceFile[] | undefined;

/**
 * Every non-test `.ts` file under `src/` but the migrations (they write tables to move data,
 * not as a module's behaviour) and the test helpers, parsed once per process.
 */
function sourceFiles(): SourceFile[] {
  parsed ??= readdirSync(SERVER_SOURCE, { recursive: true, encoding: 'utf8' })
    .map((entry) => entry.split(sep).join('/'))
    .filter(
      (path) =>
        path.endsWith('.ts') &&
        !path.endsWith('.d.ts') &&
        !isTestFile(path) &&
        !path.startsWith('db/migrations/'),
    )
    .sort()
    .map((path) => ({
      path,
      owner: ownerOf(path),
      ast: ts.createSourceFile(
        path,
        readFileSync(join(SERVER_SOURCE, path), 'utf8'),
        ts.ScriptTarget.Latest,
        false,
      ),
    }));
  return parsed;
}

/** Every relative specifier a file imports or re-exports, types and dynamic imports included. */
function specifiersOf(ast: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) {
        found.push(argument.literal.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(ast);
  return found.filter((specifier) => specifier.startsWith('.'));
}

/**
 * The module → module imports under `modules/` (one entry per pair, naming the first file
 * that makes it). Type-only imports and `export … from` count: a type shared both ways ties
 * two modules together as surely as a value.
 */
export function moduleImports(): ModuleImport[] {
  const pairs = new Map<string, ModuleImport>();
  for (const file of sourceFiles()) {
    if (!file.path.startsWith('modules/')) continue;
    for (const specifier of specifiersOf(file.ast)) {
      const target = relative(SERVER_SOURCE, resolve(SERVER_SOURCE, dirname(file.path), specifier))
        .split(sep)
        .join('/');
      if (!target.startsWith('modules/')) continue;
      const to = ownerOf(target);
      const key = `${file.owner}\u0000${to}`;
      if (to !== file.owner && !pairs.has(key)) {
        pairs.set(key, { from: file.owner, to, file: file.path });
      }
    }
  }
  return [...pairs.values()];
}

/**
 * The import cycles between modules: one per strongly connected group of modules, each named
 * as a closed path where every step names the file that imports the next module:
 * "a → b (modules/a/x.ts) → a (modules/b/y.ts)".
 */
export function moduleCycles(imports: readonly ModuleImport[] = moduleImports()): string[] {
  const edges = new Map<Owner, ModuleImport[]>();
  for (const edge of imports) edges.set(edge.from, [...(edges.get(edge.from) ?? []), edge]);

  // Tarjan's strongly connected components.
  const index = new Map<Owner, number>();
  const low = new Map<Owner, number>();
  const stack: Owner[] = [];
  const onStack = new Set<Owner>();
  const groups: Owner[][] = [];
  const connect = (node: Owner): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const { to } of edges.get(node) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: Owner[] = [];
    let member: Owner | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);

  return groups.map((group) => {
    // A shortest closed path from the group's first module back to it, inside the group.
    const start = group[0] ?? '';
    const cameFrom = new Map<Owner, ModuleImport>();
    const queue: Owner[] = [start];
    let closing: ModuleImport | undefined;
    while (queue.length > 0 && !closing) {
      const node = queue.shift() ?? start;
      for (const edge of edges.get(node) ?? []) {
        if (!group.includes(edge.to)) continue;
        if (edge.to === start) {
          closing = edge;
          break;
        }
        if (!cameFrom.has(edge.to)) {
          cameFrom.set(edge.to, edge);
          queue.push(edge.to);
        }
      }
    }
    const steps: ModuleImport[] = [];
    for (let edge = closing; edge; edge = cameFrom.get(edge.from)) {
      steps.unshift(edge);
    }
    return [start, ...steps.map((step) => `${step.to} (${step.file})`)].join(' → ');
  });
}

/** The tables the database declares (`db/schema.ts`, interface `Database`). */
function knownTables(): Set<string> {
  const schema = ts.createSourceFile(
    'schema.ts',
    readFileSync(join(SERVER_SOURCE, 'db/schema.ts'), 'utf8'),
    ts.ScriptTarget.Latest,
    false,
  );
  const tables = new Set<string>();
  for (const statement of schema.statements) {
    if (ts.isInterfaceDeclaration(statement) && statement.name.text === 'Database') {
      for (const member of statement.members) {
        if (member.name && ts.isIdentifier(member.name)) tables.add(member.name.text);
      }
    }
  }
  return tables;
}

/**
 * Which owner writes which table, read from the code: Kysely's write builders
 * (`insertInto('t')`, `updateTable('t as x')`, `deleteFrom`, …) and SQL text in strings and
 * templates (`update t set …`, `insert into t`, `delete from t`). Comments are not code and are
 * not read. A table named through a variable is not seen; no code does that today.
 */
export function tableWriters(): TableWriters {
  const tables = knownTables();
  const writers: TableWriters = new Map();
  const note = (table: string, owner: Owner, path: string) => {
    if (!tables.has(table)) return;
    let byOwner = writers.get(table);
    if (!byOwner) writers.set(table, (byOwner = new Map<Owner, string[]>()));
    const files = byOwner.get(owner) ?? [];
    if (!files.includes(path)) byOwner.set(owner, [...files, path]);
  };
  for (const file of sourceFiles()) {
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        WRITE_BUILDERS.has(node.expression.name.text) &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0])
      ) {
        note(node.arguments[0].text.trim().split(/\s+/)[0] ?? '', file.owner, file.path);
      } else if (
        ts.isStringLiteralLike(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)
      ) {
        for (const match of node.text.matchAll(RAW_WRITE)) {
          note((match[1] ?? '').toLowerCase(), file.owner, file.path);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file.ast);
  }
  return writers;
}

/** Where an event type is recorded: `file:line` of each `….record(executor, '<type>', …)`. */
export type EventRecordSites = Map<string, string[]>;

/**
 * Every place an event is recorded with its type written out (`events.record(trx,
 * 'hwid.reset', …)`), per type. A type passed through a variable is not seen (the outbox's own
 * plumbing does that, not a module announcing a change).
 */
export function eventRecordSites(): EventRecordSites {
  const sites: EventRecordSites = new Map();
  for (const file of sourceFiles()) {
    const visit = (node: ts.Node): void => {
      const type = node.kind === ts.SyntaxKind.CallExpression ? recordedType(node) : undefined;
      if (type !== undefined) {
        const { line } = file.ast.getLineAndCharacterOfPosition(node.getStart(file.ast));
        sites.set(type, [...(sites.get(type) ?? []), `${file.path}:${String(line + 1)}`]);
      }
      ts.forEachChild(node, visit);
    };
    visit(file.ast);
  }
  return sites;
}

function recordedType(node: ts.Node): string | undefined {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
  if (node.expression.name.text !== 'record') return;
  const type = node.arguments[1];
  return type && ts.isStringLiteralLike(type) ? type.text : undefined;
}
