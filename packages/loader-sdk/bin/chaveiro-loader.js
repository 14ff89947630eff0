#!/usr/bin/env node
// Checked in, so npm links the bin at install time, before dist/ is built.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error(
    'chaveiro-loader ainda não foi compilado: rode `npm run build` na raiz do projeto.',
  );
  process.exit(5);
}
await import(cli.href);
