// Bundles the server into dist/main.js (plus the worker threads' files, copied as is). npm dependencies stay external (native modules such as
// better-sqlite3, and plugins that read their own files at run time); the workspace contract
// package ships TypeScript source, so it is bundled in.
import { copyFile, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url);
const pkg = JSON.parse(await readFile(new URL('package.json', here), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@chaveiro/contract');

await build({
  absWorkingDir: fileURLToPath(here),
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Subpath imports of a dependency (`zod/v4/core`) are external too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'info',
});
// Worker threads run files of their own, found beside main.js.
for (const [folder, worker] of [
  ['db', 'sqlite-worker.mjs'],
  ['db', 'sqlite-reader.mjs'],
  ['db', 'worker-statements.mjs'],
  ['crypto', 'signing-worker.mjs'],
]) {
  await copyFile(
    new URL(`src/platform/${folder}/${worker}`, here),
    new URL(`dist/${worker}`, here),
  );
}
