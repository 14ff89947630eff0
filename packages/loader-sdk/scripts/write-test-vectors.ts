// Writes test-vectors.json and the "## Test vectors" section of docs/loader-protocol.md from
// the fixed seed. Run after changing the vectors: `npm run test-vectors -w packages/loader-sdk`.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import type { TestVectorFile } from '../src/testing/vectors.js';
import { buildTestVectors, renderDocSection, updateDoc } from '../src/testing/vectors.js';

const jsonPath = fileURLToPath(new URL('../test-vectors.json', import.meta.url));
const docPath = fileURLToPath(new URL('../../../docs/loader-protocol.md', import.meta.url));

async function format(text: string, filepath: string): Promise<string> {
  const config = await prettier.resolveConfig(filepath);
  return prettier.format(text, { ...config, filepath });
}

// The committed file: its sealed containers are kept while they still open (they are random).
const previous = existsSync(jsonPath)
  ? (JSON.parse(await readFile(jsonPath, 'utf8')) as Partial<TestVectorFile>)
  : undefined;
const vectors = buildTestVectors(
  previous?.sealedDelivery ? (previous as TestVectorFile) : undefined,
);
await writeFile(jsonPath, await format(JSON.stringify(vectors, null, 2), jsonPath));
const doc = await readFile(docPath, 'utf8');
await writeFile(docPath, await format(updateDoc(doc, renderDocSection(vectors)), docPath));
console.log(`Wrote ${jsonPath} and ${docPath}`);
