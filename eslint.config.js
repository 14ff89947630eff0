import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';
import moduleCycles from './eslint-rules/module-cycles.js';

const WEB = 'apps/web/src';
/** Areas whose sub-folders are features of their own (features/admin/users, …). */
const AREAS_WITH_SCREENS = ['admin', 'customer'];

const subfolders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** `admin/users`, `customer/shop`, `auth`, `landing`, `reseller`, … */
function webFeatures() {
  return subfolders(`${WEB}/features`).flatMap((area) =>
    AREAS_WITH_SCREENS.includes(area)
      ? subfolders(`${WEB}/features/${area}`).map((screen) => `${area}/${screen}`)
      : [area],
  );
}

function webZones() {
  const featureZones = webFeatures().map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message:
      'Features do not import each other: share through lib/, components/ or hooks/, compose in app/routes/ or app/layouts/.',
  }));
  return [
    ...featureZones,
    {
      target: `${WEB}/features`,
      from: `${WEB}/app`,
      message: 'Features do not import the app layer.',
    },
    {
      target: [`${WEB}/lib`, `${WEB}/components`, `${WEB}/hooks`],
      from: [`${WEB}/features`, `${WEB}/app`],
      message: 'Shared code does not import features or the app layer.',
    },
  ];
}

/**
 * Server module boundaries (DESIGN.md): code outside a module (another module, services.ts,
 * app.ts, main.ts, testing/) reaches it only through its public entry `modules/<name>/index.ts`;
 * platform/ and events/ are below every module and import none; events/ is reached through
 * events/index.ts. One zone per module directory.
 */
const SERVER = './apps/server/src';
const serverModules = readdirSync(join(import.meta.dirname, SERVER, 'modules'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverOutsiders = [
  `${SERVER}/services.ts`,
  `${SERVER}/app.ts`,
  `${SERVER}/main.ts`,
  `${SERVER}/platform`,
  `${SERVER}/testing`,
];
const serverZones = [
  ...serverModules.map((name) => ({
    target: [
      ...serverModules
        .filter((other) => other !== name)
        .map((other) => `${SERVER}/modules/${other}`),
      ...serverOutsiders,
    ],
    from: `${SERVER}/modules/${name}`,
    except: ['./index.ts'],
    message: `Import the ${name} module through its public entry, modules/${name}/index.ts.`,
  })),
  {
    // Platform tests may build the app's pieces (through the modules' entries, above).
    target: `${SERVER}/platform/*/!(*.test).ts`,
    from: `${SERVER}/modules`,
    message: 'platform/ is below every module: it imports none.',
  },
  {
    // The outbox and the event catalogue: reached through their public entry.
    target: [`${SERVER}/modules`, ...serverOutsiders],
    from: `${SERVER}/events`,
    except: ['./index.ts'],
    message: 'Import domain events and the outbox through events/index.ts.',
  },
  {
    // Modules react to events (handlers) and record them; events/ knows no module.
    target: [`${SERVER}/events/!(*.test).ts`, `${SERVER}/events/testing`],
    from: `${SERVER}/modules`,
    message: 'events/ is below every module: it imports none.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'bench/.data/**',
      'e2e/artifacts/**',
      // The native SDK's CMake build folders (CMake writes compiler_depend.ts files there).
      'sdks/c/build*/**',
      'sdks/csharp/build/**',
      // Generated shadcn/ui primitives are kept as generated (STYLE.md).
      'apps/web/src/components/ui/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            'vitest.config.ts',
            'scripts/*.mjs',
            'apps/server/build.mjs',
            'packages/loader-sdk/bin/*.js',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // config.ts is the only reader of process.env (DESIGN.md).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from config.ts.' },
      ],
    },
  },
  {
    // Server modules import each other only through their public entries; no import cycles.
    files: ['apps/server/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import/resolver': { typescript: { project: './apps/server/tsconfig.json' } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: serverZones }],
      // Value imports between files (the plugin skips `import type`).
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // No circle between server modules, type-only imports and re-exports included
    // (eslint-rules/module-cycles.js; apps/server/src/architecture.test.ts checks it too).
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { local: moduleCycles },
    rules: {
      'local/no-module-cycle': [
        'error',
        { modulesDir: join(import.meta.dirname, SERVER, 'modules') },
      ],
    },
  },
  {
    // The loader SDK runs in browsers too: only the CLI, the HWID, node-*.ts and test helpers use Node.
    files: ['packages/loader-sdk/src/**/*.ts'],
    ignores: [
      'packages/loader-sdk/src/cli*.ts',
      'packages/loader-sdk/src/hwid.ts',
      'packages/loader-sdk/src/node.ts',
      'packages/loader-sdk/src/node-*.ts',
      'packages/loader-sdk/src/**/*.test.ts',
      'packages/loader-sdk/src/testing/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^node:', message: 'Browser-safe code: use WebCrypto and fetch.' }] },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'Buffer', message: 'Browser-safe code: use Uint8Array.' },
        { name: 'process', message: 'Browser-safe code: take options instead.' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    // Web boundaries (resolved paths, so `../../x` and `@/x` alike): a feature imports only
    // itself and lib/, components/, hooks/, testing/; screens that show several features are
    // composed in app/routes/ (or app/layouts/, for a layout's chrome). No import cycles.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      // Follow TypeScript files (the plugin reads only .js by default), so no-cycle sees them.
      'import/extensions': ['.ts', '.tsx'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': {
        typescript: { project: 'apps/web/tsconfig.json' },
      },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: webZones() }],
      'import/no-cycle': 'error',
    },
  },
);
