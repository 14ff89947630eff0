// The server's modules never import each other in a circle, type-only imports included:
// eslint-plugin-import's no-cycle skips `import type`, yet a type shared both ways ties two
// modules together as surely as a value (src/architecture.test.ts checks the same graph).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.[^'"]+)['"]/g;

/** The module a path under `modulesDir` belongs to, or null. */
function moduleOf(modulesDir, path) {
  const inside = relative(modulesDir, path);
  return inside.startsWith('..') || !inside.includes(sep) ? null : inside.split(sep)[0];
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

/** module → the modules its files import, read once per lint run. */
const graphs = new Map();
function graphOf(modulesDir) {
  let graph = graphs.get(modulesDir);
  if (graph) return graph;
  graph = new Map();
  for (const file of sourceFiles(modulesDir)) {
    const from = moduleOf(modulesDir, file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
      const to = moduleOf(modulesDir, resolve(dirname(file), specifier));
      if (!from || !to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from).add(to);
    }
  }
  graphs.set(modulesDir, graph);
  return graph;
}

/** A path of modules from `start` to `goal`, or null. */
function pathBetween(graph, start, goal, seen = new Set([start])) {
  if (start === goal) return [goal];
  for (const next of graph.get(start) ?? []) {
    if (seen.has(next)) continue;
    seen.add(next);
    const rest = pathBetween(graph, next, goal, seen);
    if (rest) return [start, ...rest];
  }
  return null;
}

export default {
  rules: {
    'no-module-cycle': {
      meta: {
        type: 'problem',
        schema: [{ type: 'object', properties: { modulesDir: { type: 'string' } } }],
        messages: { cycle: 'Modules import each other in a circle: {{cycle}}.' },
      },
      create(context) {
        const modulesDir = resolve(context.options[0]?.modulesDir ?? '.');
        const from = moduleOf(modulesDir, context.filename);
        if (!from) return {};
        const check = (node) => {
          const specifier = node.source?.value;
          if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
          const to = moduleOf(modulesDir, resolve(dirname(context.filename), specifier));
          if (!to || to === from) return;
          const back = pathBetween(graphOf(modulesDir), to, from);
          if (back)
            context.report({
              node,
              messageId: 'cycle',
              data: { cycle: [from, ...back].join(' → ') },
            });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};
