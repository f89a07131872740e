import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ferretDbMissing, type RunningFerretDb, startFerretDb } from '../testing/ferretdb-server.ts';
import { openMongoReadModelStore } from './mongo-read-model-store.ts';
import { readModelStoreContract } from './read-model-store.contract.ts';
import { StalePositionError } from './read-model-store.ts';

const missing = ferretDbMissing();
if (missing) console.warn(`skipping the MongoDB read-model store tests: ${missing}`);

describe.skipIf(missing !== undefined)('MongoDB read-model store on FerretDB', () => {
  let server: RunningFerretDb;
  let databases = 0;
  beforeAll(async () => {
    server = await startFerretDb();
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** a fresh database per case: cases never see each other's documents */
  const fresh = () => {
    const options = { url: server.url, database: `read_models_${++databases}`, prefix: 'svc.' };
    return { options, store: openMongoReadModelStore(options) };
  };

  /** what a crash between the documents and the checkpoint leaves behind */
  const setCheckpoint = async (options: { url: string; database: string; prefix: string }, position: number) => {
    const raw = new MongoClient(options.url);
    await raw
      .db(options.database)
      .collection<{ _id: string; position: number }>(`${options.prefix}checkpoint`)
      .updateOne({ _id: 'read-models' }, { $set: { position } });
    await raw.close();
  };

  readModelStoreContract('mongodb (FerretDB)', async () => {
    const { options, store } = fresh();
    return { store, reopen: async () => openMongoReadModelStore(options), cleanup: () => {} };
  });

  it('when a crash fell between the documents and the checkpoint then replaying the tail gives the same state', async () => {
    const { options, store } = fresh();
    await store.write([{ collection: 'orders', id: 'o1', doc: { state: 'new' } }], 3);
    await store.write(
      [
        { collection: 'orders', id: 'o1', doc: { state: 'paid' } },
        { collection: 'orders', id: 'o2', doc: { state: 'new' } },
      ],
      4,
    );
    await store.write([{ collection: 'orders', id: 'o2', doc: null }], 5);
    // the crash: documents of 4 and 5 are stored, the checkpoint still says 3
    await setCheckpoint(options, 3);
    expect(await store.position()).toBe(3);

    // the reader catches up from 3 and writes events 4 and 5 again
    await store.write(
      [
        { collection: 'orders', id: 'o1', doc: { state: 'paid' } },
        { collection: 'orders', id: 'o2', doc: { state: 'new' } },
      ],
      4,
    );
    await store.write([{ collection: 'orders', id: 'o2', doc: null }], 5);
    expect(await store.position()).toBe(5);
    expect(await store.all('orders')).toEqual([{ id: 'o1', doc: { state: 'paid' } }]);
    expect(await store.get('orders', 'o2')).toBeUndefined();
    await store.close();
  });

  it('when a lagging writer stores an older position then it neither overwrites newer documents nor revives deleted ones', async () => {
    const { options, store } = fresh();
    const lagging = openMongoReadModelStore(options);
    await store.write([{ collection: 'claims', id: 'b', doc: { v: 1 } }], 1);
    // the leader stores its documents of 3 and crashes before its checkpoint (still 1)
    await store.write(
      [
        { collection: 'claims', id: 'a', doc: { v: 3 } },
        { collection: 'claims', id: 'b', doc: null },
      ],
      3,
    );
    await setCheckpoint(options, 1);
    // a replica behind it writes what it folded up to 2
    await lagging.write(
      [
        { collection: 'claims', id: 'a', doc: { v: 2 } },
        { collection: 'claims', id: 'b', doc: { v: 2 } },
      ],
      2,
    );
    expect(await lagging.all('claims')).toEqual([{ id: 'a', doc: { v: 3 } }]);
    expect(await lagging.position()).toBe(2);
    // the leader's replay of 3 moves the checkpoint; then a write of 3 or below is refused, nothing changed
    await store.write([{ collection: 'claims', id: 'a', doc: { v: 3 } }], 3);
    await expect(lagging.write([{ collection: 'claims', id: 'a', doc: { v: 0 } }], 3)).rejects.toThrow(
      StalePositionError,
    );
    expect(await store.all('claims')).toEqual([{ id: 'a', doc: { v: 3 } }]);
    expect(await store.position()).toBe(3);
    await lagging.close();
    await store.close();
  });

  it('when a batch starts with a document a newer write holds then the rest of the batch is still written', async () => {
    const { options, store } = fresh();
    await store.write([{ collection: 'orders', id: 'a', doc: { v: 9 } }], 9);
    await setCheckpoint(options, 1); // the writer of 9 has not stored its checkpoint yet
    await store.write(
      [
        { collection: 'orders', id: 'a', doc: { v: 2 } },
        { collection: 'orders', id: 'b', doc: { v: 2 } },
        { collection: 'orders', id: 'c', doc: { v: 2 } },
      ],
      2,
    );
    expect(await store.all('orders')).toEqual([
      { id: 'a', doc: { v: 9 } },
      { id: 'b', doc: { v: 2 } },
      { id: 'c', doc: { v: 2 } },
    ]);
    await store.close();
  });

  it('when two writers store overlapping batches at once then every document ends at its newest write', async () => {
    const { options, store } = fresh();
    const other = openMongoReadModelStore(options);
    const batch = (at: number) =>
      Array.from({ length: 20 }, (_, i) => ({
        collection: 'orders',
        id: `o${String(i).padStart(2, '0')}`,
        doc: { at },
      }));
    const results = await Promise.allSettled([store.write(batch(6), 6), other.write(batch(7), 7)]);
    for (const result of results)
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(StalePositionError);
    expect((await store.all('orders')).map((row) => row.doc)).toEqual(batch(7).map((w) => w.doc));
    expect(await store.position()).toBe(7);
    await other.close();
    await store.close();
  });

  it('when a batch writes one document twice then the last write wins, and values read back as JSON', async () => {
    const { store } = fresh();
    await store.write(
      [
        { collection: 'drafts', id: 'd', doc: { v: 1 } },
        { collection: 'drafts', id: 'd', doc: { v: 2, at: new Date('2026-11-24T00:00:00Z'), gone: undefined } },
      ],
      1,
    );
    expect(await store.get('drafts', 'd')).toEqual({ v: 2, at: '2026-11-24T00:00:00.000Z' });
    await store.close();
  });

  it('when documents have field names MongoDB refuses (dots, a leading $) then they are stored and read back unchanged', async () => {
    const { store } = fresh();
    const doc = {
      'acme.example': { $ref: 1, 'a%2Eb': 'literal %2E', '%': [{ 'x.y': true }] },
      plain: 'v',
      '': 0,
      n: 2 ** 40,
    };
    await store.write([{ collection: 'sites', id: 'u.1', doc }], 1);
    expect(await store.get('sites', 'u.1')).toEqual(doc);
    expect(await store.all('sites')).toEqual([{ id: 'u.1', doc }]);
    await store.close();
  });

  it('when cleared then only its own prefix is emptied', async () => {
    const { options, store } = fresh();
    const other = openMongoReadModelStore({ ...options, prefix: 'other.' });
    await store.write([{ collection: 'c', id: 'a', doc: { v: 1 } }], 1);
    await other.write([{ collection: 'c', id: 'a', doc: { v: 9 } }], 4);
    await store.clear();
    expect(await store.all('c')).toEqual([]);
    expect(await other.all('c')).toEqual([{ id: 'a', doc: { v: 9 } }]);
    expect(await other.position()).toBe(4);
    await other.close();
    await store.close();
  });

  it('when another store on the same prefix is open then openElsewhere says so, and no longer once it closes', async () => {
    const { options, store } = fresh();
    await store.position();
    expect(await store.openElsewhere?.()).toBe(false);
    const running = openMongoReadModelStore(options);
    await running.position();
    expect(await store.openElsewhere?.()).toBe(true);
    await running.close();
    expect(await store.openElsewhere?.()).toBe(false);
    await store.close();
  });

  it('when an index is declared then its paths are kept at the top level of each row (rows written before included) and queries on them answer the same', async () => {
    const { store, options } = fresh();
    await store.write(
      [
        { collection: 'listings', id: '1', doc: { meta: { status: 'live' }, votes: 3 } },
        { collection: 'listings', id: '2', doc: { meta: { status: 'draft' }, votes: 5 } },
      ],
      1,
    );
    await store.declareIndexes?.('listings', [{ fields: ['meta.status'] }, { fields: ['votes'] }]);
    await store.write([{ collection: 'listings', id: '3', doc: { meta: { status: 'live' }, votes: 9 } }], 2);
    const raw = new MongoClient(options.url);
    try {
      const db = raw.db(options.database);
      const rows = await db.collection(`${options.prefix}listings`).find({}).sort({ _id: 1 }).toArray();
      expect(rows.map((row) => [row.q_meta__status, row.q_votes])).toEqual([
        ['live', 3],
        ['draft', 5],
        ['live', 9],
      ]);
      const indexes = await db.collection(`${options.prefix}listings`).indexes();
      expect(indexes.map((index) => index.key)).toEqual(
        expect.arrayContaining([{ q_meta__status: 1 }, { q_votes: 1 }]),
      );
    } finally {
      await raw.close();
    }
    expect(
      (await store.find?.('listings', { where: { 'meta.status': { eq: 'live' } }, sort: [['votes', -1]] }))?.map(
        (row) => row.id,
      ),
    ).toEqual(['3', '1']);
    expect(await store.count?.('listings', { votes: { gt: 4 } })).toBe(2);
    await store.close();
  });

  it('when a write breaks a declared unique index then it fails, not mistaken for the position guard', async () => {
    const { store } = fresh();
    await store.declareIndexes?.('listings', [{ fields: ['slug'], unique: true }, { fields: ['owners'] }]);
    await store.write([{ collection: 'listings', id: '1', doc: { slug: 'notion', owners: ['a'] } }], 1);
    await expect(
      store.write([{ collection: 'listings', id: '2', doc: { slug: 'notion', owners: ['b'] } }], 2),
    ).rejects.toThrow(/duplicate key/);
    expect(await store.get('listings', '2')).toBeUndefined();
    expect(await store.position()).toBe(1);
    await store.close();
  });

  it('when the read models are cleared for a rebuild then the checkpoints, personal-data keys and blobs beside them stay', async () => {
    const { options, store } = fresh();
    await store.write([{ collection: 'orders', id: 'o1', doc: { state: 'new' } }], 1);
    const kept = ['subscription_checkpoints', 'personal_data_keys', 'blobs.files', 'blobs.chunks'];
    const raw = new MongoClient(options.url);
    const db = raw.db(options.database);
    for (const name of kept) await db.collection(`${options.prefix}${name}`).insertOne({ kept: true });
    await store.clear();
    expect(await store.all('orders')).toEqual([]);
    for (const name of kept) expect(await db.collection(`${options.prefix}${name}`).countDocuments()).toBe(1);
    await expect(store.get('personal_data_keys', 'x')).rejects.toThrow(/not a read-model collection/);
    await raw.close();
    await store.close();
  });
});
