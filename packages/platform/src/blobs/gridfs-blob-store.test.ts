import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ferretDbMissing, type RunningFerretDb, startFerretDb, withMongoDatabase } from '../testing/ferretdb-server.ts';
import { describeBlobStoreContract } from './blob-store.contract.ts';
import { type ClosableBlobStore, openGridFsBlobStore } from './gridfs-blob-store.ts';

const missing = ferretDbMissing();
if (missing) console.warn(`skipping the GridFS blob store tests: ${missing}`);

describe.skipIf(missing !== undefined)('GridFS blob store on FerretDB', () => {
  let server: RunningFerretDb;
  let databases = 0;
  const opened: ClosableBlobStore[] = [];
  const open = (options: { url: string; database: string; prefix: string }) => {
    const store = openGridFsBlobStore(options);
    opened.push(store);
    return store;
  };
  beforeAll(async () => {
    server = await startFerretDb();
  }, 30_000);
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await server?.stop();
  });
  const fresh = () => ({ url: server.url, database: `blobs_${++databases}`, prefix: 'drafting.' });

  describeBlobStoreContract(
    'gridfs (FerretDB)',
    async () => {
      const options = fresh();
      return { store: open(options), reopen: async () => open(options) };
    },
    { persistent: true },
  );

  it('when a page larger than one GridFS chunk is put then another replica reads it whole from the bucket beside the read models', async () => {
    const options = fresh();
    const page = `<html>${'crawled '.repeat(200_000)}</html>`;
    const ref = await open(options).put(page);
    expect(new TextDecoder().decode(await open(options).get(ref))).toBe(page);
    const names = await withMongoDatabase(options.url, options.database, async (db) =>
      (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort(),
    );
    expect(names).toEqual(expect.arrayContaining(['drafting.blobs.chunks', 'drafting.blobs.files']));
  });

  it('when a stored chunk was damaged then get refuses it instead of serving other bytes', async () => {
    const options = fresh();
    const store = open(options);
    const ref = await store.put('original');
    await withMongoDatabase(options.url, options.database, (db) =>
      db.collection('drafting.blobs.chunks').updateMany({}, { $set: { data: Buffer.from('tampered') } }),
    );
    await expect(store.get(ref)).rejects.toThrow(/damaged/);
  });
});
