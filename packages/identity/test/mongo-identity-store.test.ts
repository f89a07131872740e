import { ferretDbMissing, type RunningFerretDb, startFerretDb } from '@listings/platform/testing/ferretdb-server';
import { afterAll, beforeAll, describe } from 'vitest';
import { openMongoIdentityStore } from '../src/store/mongo-identity-store.ts';
import { describeIdentityStoreContract } from './identity-store.contract.ts';

const missing = ferretDbMissing();
if (missing) console.warn(`skipping the MongoDB identity store tests: ${missing}`);

describe.skipIf(missing !== undefined)('MongoDB identity store on FerretDB', () => {
  let server: RunningFerretDb;
  let databases = 0;
  beforeAll(async () => {
    server = await startFerretDb();
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });

  describeIdentityStoreContract('mongodb (FerretDB)', (clock) => {
    // each test on its own database; `again` is a second client on it (another replica, the CLI)
    const options = { url: server.url, database: `identity_${++databases}`, clock };
    return { store: openMongoIdentityStore(options), again: () => openMongoIdentityStore(options) };
  });
});
