import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { silentLogger } from '@listings/platform/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOne } from '../../src/all-in-one.ts';
import { ROOT, tempDataDir, testConfig } from '../support.ts';
import { schemathesisConfig } from './schemathesis-config.ts';

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

describe.skipIf(!available)('Schemathesis against a fresh all-in-one (demo catalog), signed in with an API key', () => {
  const data = tempDataDir();
  let running: Awaited<ReturnType<typeof startAllInOne>>;
  let key = '';
  beforeAll(async () => {
    running = await startAllInOne(
      testConfig({
        DATA_DIR: data.dir,
        PORT: '0',
        DEMO_DATA: 'on',
        RATE_LIMIT_AUTHENTICATED: '1000000/60',
        RATE_LIMIT_ANONYMOUS: '1000000/60',
      }),
      silentLogger(),
      { host: '127.0.0.1' },
    );
    const { account } = running.identity.store.ensureAccount('fuzzer@example.com');
    key = running.identity.store.createApiKey({
      accountId: account.id,
      name: 'schemathesis',
      scopes: ['account:read', 'listings:write', 'orders:write'],
    }).key;
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
    data.remove();
  });

  it('when every check runs on every operation then Schemathesis finds no failure', async () => {
    const config = path.join(ROOT, 'schemathesis.toml');
    const base = `http://127.0.0.1:${running.port}/api/v1`;
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
          '--max-examples',
          '25',
          '--seed',
          '20261125',
          '--header',
          `Authorization: Bearer ${key}`,
          '--no-color',
        ],
        { cwd: data.dir, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
        (error, stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}\n${stderr}` }),
      );
    });
    const summary = result.output.slice(result.output.lastIndexOf('SUMMARY'));
    expect(result.code, result.code === 0 ? summary : result.output.slice(-20_000)).toBe(0);
    expect(summary).toMatch(/Tested: 41/);
  }, 600_000);
});
