import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { THEME_BOOT_SCRIPT, THEME_COLORS } from './src/lib/theme-boot';

/** What the <head> of every HTML document (the app's and the public pages') carries. */
function documentHead(): Plugin {
  return {
    name: 'chaveiro-document-head',
    transformIndexHtml: () => [
      ...Object.entries(THEME_COLORS).map(([scheme, color]) => ({
        tag: 'meta',
        attrs: { name: 'theme-color', media: `(prefers-color-scheme: ${scheme})`, content: color },
        injectTo: 'head' as const,
      })),
      { tag: 'script', children: THEME_BOOT_SCRIPT, injectTo: 'head' },
    ],
  };
}

/**
 * docs/sdk.md at /docs/sdk.md in the built web, where the product menu's "Integrar loader" links:
 * the reference travels with the server that the loaders talk to.
 */
function sdkDocs(): Plugin {
  const source = fileURLToPath(new URL('../../docs/sdk.md', import.meta.url));
  return {
    name: 'chaveiro-sdk-docs',
    // The client build only (the public pages' Node build is thrown away).
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'docs/sdk.md', source: readFileSync(source) });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), documentHead(), sdkDocs()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // The server serves the built web on one origin; in dev Vite forwards the API to it.
    proxy: { '/api': 'http://localhost:3001' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json maps each route module to its chunks; scripts/size.mjs reads it.
    manifest: true,
    rolldownOptions: {
      // The app, and the template scripts/build.mjs prerenders the public pages into.
      input: {
        app: fileURLToPath(new URL('./index.html', import.meta.url)),
        'public-page': fileURLToPath(new URL('./public-page.html', import.meta.url)),
      },
      // The contract builds zod schemas at module level; marking it side-effect free lets the
      // bundler drop every schema a chunk does not use (keeps `/` within its JS budget).
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
      treeshake: {
        moduleSideEffects: (id) => !id.includes('/packages/contract/'),
      },
    },
  },
});
