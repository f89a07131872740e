import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { operations } from '@listings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';
import { ROOT } from '../support.ts';
import { schemathesisConfig, seededRunConfig } from './schemathesis-config.ts';
import { type SeededOwner, seedOwner } from './seeded-owner.ts';

/** installed by scripts/stand-ins/schemathesis.sh (.ci/run runs it) */
const SCHEMATHESIS = path.join(ROOT, '.cache/stand-ins/schemathesis-4.32.5/bin/schemathesis');
const available = existsSync(SCHEMATHESIS);
if (!available)
  console.warn(`Schemathesis suite skipped: ${SCHEMATHESIS} is missing (run scripts/stand-ins/schemathesis.sh)`);

describe('schemathesis.toml at the root (so a plain `schemathesis run` there uses it)', () => {
  it('when the contracts change then the committed configuration is regenerated from them', () => {
    expect(
      readFileSync(path.join(ROOT, 'schemathesis.toml'), 'utf8'),
      'regenerate it: node launcher/test/e2e/schemathesis-config.ts > schemathesis.toml',
    ).toBe(schemathesisConfig());
  });
});

/**
 * Schemathesis against a database in use (issue #27): the demo catalog, and an owner with drafts,
 * listings (live and not), orders and a claim, made through the real operations before the run.
 * Schemathesis is signed in with that owner's key, and the ids the owner holds are dictionaries it
 * draws path parameters from half of the time, so the owner's own paths (and the stateful links
 * after them) run, not only the 404s of ids nobody holds.
 */
describe.skipIf(!available)('Schemathesis against an all-in-one in use, signed in as an owner', () => {
  let running: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  let owner: SeededOwner;
  beforeAll(async () => {
    running = await startAllInOneInProcess({
      DEMO_DATA: 'on',
      RATE_LIMIT_AUTHENTICATED: '1000000/60',
      RATE_LIMIT_ANONYMOUS: '1000000/60',
      DRAFTS_PER_ACCOUNT_PER_DAY: '100000',
      CLAIMS_PER_ACCOUNT_PER_DAY: '100000',
    });
    owner = await seedOwner(running, 'owner@example.com');
  }, 180_000);
  afterAll(async () => {
    await running?.stop();
  });

  it('when every check runs on every operation, stateful phase included, then Schemathesis finds no failure', async () => {
    const config = path.join(running.dataDir, 'schemathesis.toml');
    const examples = Number(process.env.SCHEMATHESIS_MAX_EXAMPLES ?? 25);
    writeFileSync(config, seededRunConfig(owner, { perOperation: examples, stateful: examples * 4 }));
    const base = `${running.base}/api/v1`;
    const started = Date.now();
    const result = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        SCHEMATHESIS,
        [
          '--config-file',
          config,
          'run',
          `${base}/openapi.json`,
          '--url',
          base,
          '--checks',
          'all',
          '--phases',
          'examples,coverage,fuzzing,stateful',
          '--seed',
          process.env.SCHEMATHESIS_SEED ?? '20261125',
          '--header',
          `Authorization: Bearer ${owner.key}`,
          '--no-color',
        ],
        { cwd: running.dataDir, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
        (error, stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}\n${stderr}` }),
      );
    });
    const summary = result.output.slice(result.output.lastIndexOf('SUMMARY'));
    // SCHEMATHESIS_OUTPUT=<file> keeps the whole output of the run there (SCHEMATHESIS_SEED and
    // SCHEMATHESIS_MAX_EXAMPLES try other runs)
    if (process.env.SCHEMATHESIS_OUTPUT) writeFileSync(process.env.SCHEMATHESIS_OUTPUT, result.output);
    console.log(`Schemathesis on the seeded database: ${Math.round((Date.now() - started) / 1000)} s`);
    expect(result.code, result.code === 0 ? summary : result.output.slice(-20_000)).toBe(0);
    // every operation of the contracts is in the document, and every one was tested
    expect(summary).toContain(`Tested: ${operations.length}\n`);
    expect(result.output, 'the stateful phase ran scenarios').toMatch(/Stateful \(in [\d.]+s\)\s+Scenarios:\s+[1-9]/);
  }, 900_000);
});
