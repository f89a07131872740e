import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Operation, operations } from '@listings/contracts';
import { silentLogger } from '@listings/platform/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOne } from '../../src/all-in-one.ts';
import { ROOT, tempDataDir, testConfig } from '../support.ts';

/** installed by scripts/stand-ins/schemathesis.sh (.ci/run runs it) */
const SCHEMATHESIS = path.join(ROOT, '.cache/stand-ins/schemathesis-4.32.5/bin/schemathesis');
const available = existsSync(SCHEMATHESIS);
if (!available)
  console.warn(`Schemathesis suite skipped: ${SCHEMATHESIS} is missing (run scripts/stand-ins/schemathesis.sh)`);

/**
 * Refusals of schema-valid requests that a JSON Schema cannot express, each with its reason (the
 * same list is in docs/api-decisions.md, "Fuzzing"). Schemathesis's positive-data check accepts
 * these statuses for these operations only; everything else must pass as it is.
 */
const REFUSALS_A_SCHEMA_CANNOT_EXPRESS: Record<string, { status: number; reason: string }[]> = {
  quote_order: [{ status: 400, reason: 'products are data (list_products), VAT numbers are checked per country' }],
  create_checkout: [{ status: 400, reason: 'products are data (list_products), VAT numbers are checked per country' }],
  get_leaderboard: [{ status: 400, reason: '`week` applies to the community-weekly board only' }],
  update_draft: [{ status: 400, reason: 'categories are data (list_categories)' }],
  update_my_listing: [{ status: 400, reason: 'categories are data (list_categories)' }],
  submit_listing: [{ status: 400, reason: 'the URL must reach a public address (SSRF guard)' }],
  answer_interview: [
    { status: 400, reason: 'question ids are data (list_interview_questions), each answered at most once' },
  ],
};

const expectedStatuses = (op: Operation): string[] => {
  const statuses = ['2xx', '3xx', '401', '403', '404', '409', '429', '5xx'];
  // Schemathesis draws Idempotency-Keys from the header's schema, so two different requests
  // often share one: that is a 422 by design (docs/api-decisions.md)
  if (op.idempotent) statuses.push('422');
  for (const { status } of REFUSALS_A_SCHEMA_CANNOT_EXPRESS[op.operationId] ?? []) statuses.push(String(status));
  return statuses;
};

const configToml = () =>
  operations
    .map(
      (op) =>
        `[[operations]]\ninclude-name = "${op.method} ${op.path}"\n` +
        `checks.positive_data_acceptance.expected-statuses = ${JSON.stringify(expectedStatuses(op))}\n`,
    )
    .join('\n');

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
    const config = path.join(data.dir, 'schemathesis.toml');
    writeFileSync(config, configToml());
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
