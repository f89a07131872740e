// `node scripts/corpus-hash.ts [held-out|real-pages]`: prints the SHA-256 that freezes a labelled
// drafting corpus (every file under its folder, in sorted order, path and bytes). The hash recorded
// in docs/benchmarks.md must match: services/drafting/test/held-out-corpus.test.ts checks it.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const FROZEN_CORPORA = {
  'held-out': 'services/drafting/test/support/held-out',
  'real-pages': 'services/drafting/test/support/real-pages',
} as const;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();

/** SHA-256 over `path\n<byte length>\n<bytes>` of each file, paths relative and sorted */
export const corpusHash = (corpus: keyof typeof FROZEN_CORPORA): string => {
  const dir = path.join(root, FROZEN_CORPORA[corpus]);
  const hash = createHash('sha256');
  for (const rel of filesUnder(dir)) {
    const bytes = readFileSync(path.join(dir, rel));
    hash.update(`${rel}\n${bytes.length}\n`);
    hash.update(bytes);
  }
  return hash.digest('hex');
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const corpus = (process.argv[2] ?? 'held-out') as keyof typeof FROZEN_CORPORA;
  if (!(corpus in FROZEN_CORPORA)) {
    console.error(`unknown corpus ${corpus}: one of ${Object.keys(FROZEN_CORPORA).join(', ')}`);
    process.exit(2);
  }
  console.log(corpusHash(corpus));
}
