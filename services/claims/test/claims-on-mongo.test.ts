import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getListingForClaim, type OperationReply, operationById } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import { silentLogger } from '@listings/platform/logger';
import { Secret } from '@listings/platform/mail';
import {
  ferretDbMissing,
  type RunningFerretDb,
  startFerretDb,
  withMongoDatabase,
} from '@listings/platform/testing/ferretdb-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetClaimsPersonalData, startClaims } from '../src/main.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read reply bodies freely
type Body = any;

const missing = ferretDbMissing();
if (missing) console.warn(`skipping the claims service on MongoDB: ${missing}`);

/**
 * The claims service with MONGO_URL (FerretDB): its personal-data keys and checkpoints are in
 * MongoDB beside its read models, not in files under DATA_DIR, and erasure deletes the key there.
 */
describe.skipIf(missing !== undefined)('the claims service on MongoDB (FerretDB)', () => {
  let server: RunningFerretDb;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'claims-mongo-'));
  const bus = createInProcessBus({ eventLogPath: path.join(os.tmpdir(), `claims-mongo-bus-${process.pid}.sqlite`) });
  const database = 'claims_on_mongo';
  let mongo: { url: Secret; database: string };
  let claims: Awaited<ReturnType<typeof startClaims>>;

  const call = async (operationId: string, account: string, body?: object) => {
    const op = operationById(operationId);
    if (!op) throw new Error(operationId);
    const reply = (await bus.request(op.subject, {
      operation_id: operationId,
      principal: { account_id: account, scopes: ['account:read', 'listings:write'], via: 'api_key' },
      params: {},
      query: {},
      ...(body ? { body } : {}),
    })) as OperationReply;
    return { status: reply.status, body: ('body' in reply ? reply.body : reply.problem) as Body };
  };

  beforeAll(async () => {
    server = await startFerretDb();
    mongo = { url: new Secret(server.url), database };
    await bus.serve(getListingForClaim.subject, async () => ({
      status: 200,
      body: {
        listing_id: 1,
        slug: 'sealed-co',
        status: 'live',
        url: 'https://sealed-co.example/',
        owners: ['founder'],
        verified: false,
      },
    }));
    claims = await startClaims({
      bus,
      logger: silentLogger(),
      config: { dataDir, publicUrl: 'https://listings.test', fetchAllowPrivateNetworks: true, mongo },
      overrides: {
        clock: manualClock('2025-03-03T10:00:00.000Z'),
        resolveTxt: async () => [],
        mailer: { send: async () => {} },
      },
    });
  }, 30_000);
  afterAll(async () => {
    await claims?.stop();
    await bus.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.join(os.tmpdir(), `claims-mongo-bus-${process.pid}.sqlite`), { force: true });
  });

  it('when an email claim is sealed then its key is in claims.personal_data_keys, no key or checkpoint file is written, and erasure deletes the key there', async () => {
    const started = await call('claim_listing', 'nadia', {
      slug: 'sealed-co',
      method: 'email',
      email: 'nadia@sealed-co.example',
    });
    expect(started.status).toBe(200);
    expect((await call('list_my_claims', 'nadia')).body.items[0].email).toBe('nadia@sealed-co.example');
    const keyOf = () =>
      withMongoDatabase(server.url, database, (db) =>
        db.collection('claims.personal_data_keys').findOne({ _id: 'nadia' as never }),
      );
    expect(await keyOf()).toMatchObject({ forgottenAt: null });
    // under DATA_DIR: the event store that stands in for KurrentDB, nothing else
    expect(existsSync(path.join(dataDir, 'claims', 'personal-data.sqlite'))).toBe(false);
    expect(readdirSync(path.join(dataDir, 'claims')).filter((f) => !f.startsWith('events.sqlite'))).toEqual([]);

    // `account erase` with MONGO_URL: the key goes from MongoDB, the running service reads nothing
    await forgetClaimsPersonalData({ dataDir, config: { mongo }, accountId: 'nadia' });
    expect(await keyOf()).toMatchObject({ key: null, forgottenAt: expect.any(String) });
    const after = (await call('list_my_claims', 'nadia')).body.items[0];
    expect(after.claim_id).toBe(started.body.claim_id);
    expect(after.email).toBeUndefined();
    expect(after.instructions).toContain('an address since erased');
  });
});
