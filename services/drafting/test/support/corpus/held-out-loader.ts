import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CorpusSite } from './sites.ts';

/**
 * The held-out corpus (services/drafting/test/support/held-out, written by someone who did not read
 * the drafter, frozen by its hash in docs/benchmarks.md): the module there that exports
 * HELD_OUT_CORPUS, or null when it is not here. Read by the bench and the evidence test alike.
 */
export const loadHeldOutCorpus = async (): Promise<readonly CorpusSite[] | null> => {
  const dir = path.join(import.meta.dirname, '../held-out');
  if (!existsSync(dir)) return null;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort()) {
    const full = path.join(dir, file);
    if (!/export const HELD_OUT_CORPUS\b/.test(readFileSync(full, 'utf8'))) continue;
    const module = (await import(full)) as { HELD_OUT_CORPUS?: readonly CorpusSite[] };
    if (module.HELD_OUT_CORPUS) return module.HELD_OUT_CORPUS;
  }
  return null;
};
