// `npm start`: build whatever is missing or older than its sources, then run the server
// in this process (it migrates, seeds the admin and serves API + web on one port).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const contractSources = ['packages/contract/src', 'packages/contract/package.json'];

const targets = [
  {
    workspace: 'apps/web',
    // The build prerenders the public pages last: the last of them marks a finished build.
    output: 'apps/web/dist/pages/status.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public-page.html',
      'apps/web/scripts',
      'apps/web/vite.config.ts',
      'apps/web/public',
    ],
  },
  {
    workspace: 'apps/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs'],
  },
];

function newestMtime(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full)) {
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

for (const target of targets) {
  const output = join(root, target.output);
  const sourcesTime = Math.max(...[...target.sources, ...contractSources].map(newestMtime));
  if (existsSync(output) && statSync(output).mtimeMs >= sourcesTime) continue;
  console.log(`[chaveiro] building ${target.workspace}…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', target.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(join(root, 'apps/server/dist/main.js')).href);
