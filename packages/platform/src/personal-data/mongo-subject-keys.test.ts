import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ferretDbMissing, type RunningFerretDb, startFerretDb, withMongoDatabase } from '../testing/ferretdb-server.ts';
import { createKeyVault } from './key-vault.ts';
import { mongoSubjectKeys } from './mongo-subject-keys.ts';
import { personalDataVaultContract } from './personal-data-vault.contract.ts';

const missing = ferretDbMissing();
if (missing) console.warn(`skipping the MongoDB personal-data key tests: ${missing}`);

describe.skipIf(missing !== undefined)('personal-data keys on MongoDB (FerretDB)', () => {
  let server: RunningFerretDb;
  let databases = 0;
  beforeAll(async () => {
    server = await startFerretDb();
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });
  const fresh = () => ({ url: server.url, database: `keys_${++databases}`, prefix: 'claims.' });

  personalDataVaultContract(
    'mongodb (FerretDB)',
    () => {
      const options = fresh();
      return {
        vault: createKeyVault(mongoSubjectKeys(options)),
        reopen: () => createKeyVault(mongoSubjectKeys(options)),
        cleanup: () => {},
      };
    },
    { durable: true },
  );

  it('when two replicas seal for a new subject at once then both use one key and each opens the other', async () => {
    const options = fresh();
    const a = createKeyVault(mongoSubjectKeys(options));
    const b = createKeyVault(mongoSubjectKeys(options));
    const [fromA, fromB] = await Promise.all([a.seal('acc-9', 'a@example.com'), b.seal('acc-9', 'b@example.com')]);
    expect(await b.open(fromA)).toBe('a@example.com');
    expect(await a.open(fromB)).toBe('b@example.com');
    await a.close();
    await b.close();
  });

  it('when the operator forgets a subject from another process then the running vault opens its values to null and the key is gone from the store', async () => {
    const options = fresh();
    const running = createKeyVault(mongoSubjectKeys(options));
    const sealed = await running.seal('acc-1', 'ada@example.com');
    const operator = createKeyVault(mongoSubjectKeys(options));
    await operator.forget('acc-1');
    await operator.close();
    expect(await running.open(sealed)).toBeNull();
    await expect(running.seal('acc-1', 'ada@example.com')).rejects.toThrow(/erased/);
    const stored = await withMongoDatabase(options.url, options.database, (db) =>
      db.collection('claims.personal_data_keys').findOne({ _id: 'acc-1' as never }),
    );
    expect(stored).toMatchObject({ key: null, forgottenAt: expect.any(String) });
    await running.close();
  });
});
