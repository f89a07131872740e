import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { natsServerBinary } from './nats-server.ts';
import { findTypesenseBinary, startTypesenseServer, TYPESENSE_INSTALL_HINT } from './typesense-server.ts';

const STAND_INS = join(import.meta.dirname, '..', '..', '..', '..', '.cache', 'stand-ins');
const natsInstalled = existsSync(join(STAND_INS, 'nats-server-2.15.1', 'bin', 'nats-server'));
if (!natsInstalled && !process.env.NATS_SERVER_BIN)
  console.warn('stand-ins: nats-server 2.15.1 not installed (run scripts/stand-ins/typesense-nats.sh); skipped');
const typesense = findTypesenseBinary();
if (!typesense) console.warn(`stand-ins: skipped. ${TYPESENSE_INSTALL_HINT}`);

describe('stand-in servers installed by scripts/stand-ins/typesense-nats.sh', () => {
  it.skipIf(!natsInstalled && !process.env.NATS_SERVER_BIN)(
    'when nats-server-bin is installed then the tests run nats-server 2.15, not Debian 2.9',
    () => {
      const binary = natsServerBinary() as string;
      expect(execFileSync(binary, ['--version']).toString()).toMatch(/v2\.15\./);
    },
  );

  it.skipIf(!typesense)(
    'when Typesense is installed then it is 0.24.1 and answers on loopback',
    async () => {
      const server = await startTypesenseServer();
      try {
        expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        const debug = await fetch(`${server.url}/debug`, { headers: { 'X-TYPESENSE-API-KEY': server.apiKey } });
        expect(await debug.json()).toMatchObject({ version: '0.24.1' });
      } finally {
        await server.stop();
      }
    },
    90_000,
  );
});
