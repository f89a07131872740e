import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ferretDbMissing, type RunningFerretDb, startFerretDb } from '../testing/ferretdb-server.ts';
import { describeCheckpointStoreContract } from './checkpoint-store.contract.ts';
import { openMongoCheckpointStore } from './mongo-checkpoint-store.ts';

const missing = ferretDbMissing();
if (missing) console.warn(`skipping the MongoDB checkpoint store tests: ${missing}`);

describe.skipIf(missing !== undefined)('MongoDB checkpoint store on FerretDB', () => {
  let server: RunningFerretDb;
  let databases = 0;
  beforeAll(async () => {
    server = await startFerretDb();
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });

  describeCheckpointStoreContract(
    'mongodb (FerretDB)',
    async () => {
      const options = { url: server.url, database: `checkpoints_${++databases}`, prefix: 'svc.' };
      return {
        checkpoints: openMongoCheckpointStore(options),
        reopen: async () => openMongoCheckpointStore(options),
      };
    },
    { persistent: true },
  );

  it('when two replicas save one name for the first time at once then both succeed and one position stays', async () => {
    const options = { url: server.url, database: `checkpoints_${++databases}`, prefix: 'svc.' };
    const a = openMongoCheckpointStore(options);
    const b = openMongoCheckpointStore(options);
    await Promise.all([a.save('publisher', 4), b.save('publisher', 4)]);
    expect(await a.load('publisher')).toBe(4);
    await b.save('publisher', 9);
    expect(await a.load('publisher')).toBe(9);
    await a.close();
    await b.close();
  });

  it('when two services share a database then each has its own positions', async () => {
    const database = `checkpoints_${++databases}`;
    const catalog = openMongoCheckpointStore({ url: server.url, database, prefix: 'catalog.' });
    const claims = openMongoCheckpointStore({ url: server.url, database, prefix: 'claims.' });
    await catalog.save('publisher', 12);
    expect(await claims.load('publisher')).toBe(0);
    await catalog.close();
    await claims.close();
  });
});
