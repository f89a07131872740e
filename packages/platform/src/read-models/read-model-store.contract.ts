import { describe, expect, it } from 'vitest';
import type { ReadModelStore } from './read-model-store.ts';
import { StalePositionError } from './read-model-store.ts';

/** One suite every read-model store adapter passes. `reopen` gives the same store after a restart, when durable. */
export const readModelStoreContract = (
  name: string,
  open: () => Promise<{ store: ReadModelStore; reopen?: () => Promise<ReadModelStore>; cleanup: () => void }>,
) =>
  describe(`read-model store contract: ${name}`, () => {
    it('when nothing was written then the position is 0 and collections are empty', async () => {
      const { store, cleanup } = await open();
      expect(await store.position()).toBe(0);
      expect(await store.all('listings')).toEqual([]);
      expect(await store.get('listings', '1')).toBeUndefined();
      await store.close();
      cleanup();
    });

    it('when documents are written with a position then they read back and the position moves', async () => {
      const { store, cleanup } = await open();
      await store.write(
        [
          { collection: 'listings', id: '2', doc: { name: 'Figma' } },
          { collection: 'listings', id: '1', doc: { name: 'Notion', tags: ['notes'] } },
          { collection: 'categories', id: 'ai', doc: { slug: 'ai' } },
        ],
        7,
      );
      expect(await store.position()).toBe(7);
      expect(await store.get('listings', '1')).toEqual({ name: 'Notion', tags: ['notes'] });
      expect(await store.all('listings')).toEqual([
        { id: '1', doc: { name: 'Notion', tags: ['notes'] } },
        { id: '2', doc: { name: 'Figma' } },
      ]);
      expect(await store.all('categories')).toEqual([{ id: 'ai', doc: { slug: 'ai' } }]);
      await store.close();
      cleanup();
    });

    it('when ids mix digits and cases then all() orders them by code point, as strings', async () => {
      const { store, cleanup } = await open();
      await store.write(
        ['b', '10', '9', 'B', 'a', 'a.b'].map((id) => ({ collection: 'c', id, doc: { id } })),
        1,
      );
      expect((await store.all('c')).map((row) => row.id)).toEqual(['10', '9', 'B', 'a', 'a.b', 'b']);
      await store.close();
      cleanup();
    });

    it('when a document is written as null then it is deleted', async () => {
      const { store, cleanup } = await open();
      await store.write([{ collection: 'c', id: 'a', doc: { v: 1 } }], 1);
      await store.write([{ collection: 'c', id: 'a', doc: null }], 2);
      expect(await store.get('c', 'a')).toBeUndefined();
      await store.close();
      cleanup();
    });

    it('when a write repeats an old position then it is refused and nothing changes', async () => {
      const { store, cleanup } = await open();
      await store.write([{ collection: 'c', id: 'a', doc: { v: 1 } }], 5);
      await expect(store.write([{ collection: 'c', id: 'a', doc: { v: 2 } }], 5)).rejects.toThrow(StalePositionError);
      expect(await store.get('c', 'a')).toEqual({ v: 1 });
      expect(await store.position()).toBe(5);
      await store.close();
      cleanup();
    });

    it('when cleared then documents and position are gone', async () => {
      const { store, cleanup } = await open();
      await store.write([{ collection: 'c', id: 'a', doc: { v: 1 } }], 3);
      await store.clear();
      expect(await store.position()).toBe(0);
      expect(await store.all('c')).toEqual([]);
      await store.close();
      cleanup();
    });

    it('when reopened after a restart then documents and position are still there (durable adapters)', async () => {
      const { store, reopen, cleanup } = await open();
      if (!reopen) {
        console.warn(`${name}: not durable, restart case does not apply`);
        await store.close();
        cleanup();
        return;
      }
      await store.write([{ collection: 'c', id: 'a', doc: { v: 1 } }], 9);
      await store.close();
      const again = await reopen();
      expect(await again.position()).toBe(9);
      expect(await again.get('c', 'a')).toEqual({ v: 1 });
      await again.close();
      cleanup();
    });

    /**
     * The query cases run three ways: on undeclared paths, with the paths' indexes declared before
     * the documents are written, and declared after (a store keeping what indexes read must fill
     * it for documents it already holds).
     */
    const QUERY_INDEXES = [
      { fields: ['status', 'votes'] },
      { fields: ['tags'] },
      { fields: ['week'] },
      { fields: ['name'] },
      { fields: ['id'] },
    ];
    describe.each(['undeclared', 'declared before the writes', 'declared after the writes'] as const)(
      'queries (stores that answer them), indexes %s',
      (indexes) => {
        const rows = [
          {
            id: '1',
            doc: { id: 1, status: 'live', week: '2026-11-23', tags: ['ai', 'dev'], votes: 5, name: 'Notion' },
          },
          { id: '2', doc: { id: 2, status: 'live', week: '2026-11-30', tags: ['ai'], votes: 9, name: 'Figma' } },
          { id: '3', doc: { id: 3, status: 'scheduled', week: '2026-11-30', tags: [], votes: 0, name: 'Linear' } },
          { id: '10', doc: { id: 10, status: 'live', week: null, tags: ['dev'], votes: 5, name: 'notion clone' } },
          { id: '11', doc: { id: 11, status: 'rejected', tags: ['ai'], votes: 2, name: 'Gone' } },
        ];
        const seeded = async () => {
          const opened = await open();
          if (indexes === 'declared before the writes') await opened.store.declareIndexes?.('q', QUERY_INDEXES);
          await opened.store.write(
            [...rows.map((row) => ({ collection: 'q', ...row })), { collection: 'q', id: '12', doc: { id: 12 } }],
            1,
          );
          await opened.store.write([{ collection: 'q', id: '12', doc: null }], 2);
          if (indexes === 'declared after the writes') await opened.store.declareIndexes?.('q', QUERY_INDEXES);
          return opened;
        };
        const ids = (found: { id: string }[]) => found.map((row) => row.id);
        /** the seeded store, when it answers queries (else closed, saying so) */
        const querying = async () => {
          const { store, cleanup } = await seeded();
          if (store.find && store.count && store.distinct && store.countBy)
            return { store: store as Required<ReadModelStore>, cleanup };
          console.warn(`${name}: answers no queries (readers keep collections in memory)`);
          await store.close();
          cleanup();
          return undefined;
        };

        it('when a store answers queries then conditions, array fields, sorts and pages agree with the reference', async () => {
          const seededStore = await querying();
          if (!seededStore) return;
          const { store, cleanup } = seededStore;
          const find = store.find.bind(store);
          expect(ids(await find('q', { where: { status: { eq: 'live' } }, sort: [['votes', -1]] }))).toEqual([
            '2',
            '1',
            '10',
          ]);
          expect(ids(await find('q', { where: { tags: { eq: 'ai' } }, sort: [['id', 1]] }))).toEqual(['1', '2', '11']);
          expect(ids(await find('q', { where: { tags: { in: ['dev', 'x'] } }, sort: [['id', -1]] }))).toEqual([
            '10',
            '1',
          ]);
          expect(
            ids(
              await find('q', {
                where: { week: { ne: null } },
                sort: [
                  ['week', 1],
                  ['id', 1],
                ],
              }),
            ),
          ).toEqual(['1', '2', '3']);
          expect(ids(await find('q', { where: { status: { ne: 'live' } }, sort: [['id', 1]] }))).toEqual(['3', '11']);
          expect(ids(await find('q', { where: { week: { lte: '2026-11-23' } } }))).toEqual(['1']);
          expect(ids(await find('q', { where: { votes: { gt: 4 }, id: { lt: 10 } }, sort: [['id', 1]] }))).toEqual([
            '1',
            '2',
          ]);
          expect(ids(await find('q', { where: { name: { contains: 'NOTION' } }, sort: [['id', 1]] }))).toEqual([
            '1',
            '10',
          ]);
          // ties on the sort key fall back to the id as a string; skip and limit page after sorting
          expect(ids(await find('q', { sort: [['votes', -1]], skip: 1, limit: 2 }))).toEqual(['1', '10']);
          expect(ids(await find('q', { where: { status: { in: ['live', 'scheduled'] } }, limit: 2 }))).toEqual([
            '1',
            '10',
          ]);
          expect(await store.count('q', { status: { eq: 'live' } })).toBe(3);
          expect(await store.count('q')).toBe(5); // the deleted document is not counted
          expect(await store.distinct('q', 'tags', { status: { ne: 'rejected' } })).toEqual(['ai', 'dev']);
          expect(await store.distinct('q', 'week', { week: { ne: null } })).toEqual(['2026-11-23', '2026-11-30']);
          expect(await store.countBy('q', 'tags', { status: { ne: 'rejected' } })).toEqual(
            new Map([
              ['ai', 2],
              ['dev', 2],
            ]),
          );
          expect(await store.countBy('q', 'status', { votes: { gt: 1 } })).toEqual(
            new Map([
              ['live', 3],
              ['rejected', 1],
            ]),
          );
          await store.close();
          cleanup();
        });

        it('when values are null, missing, of another type or change shape then queries follow the reference', async () => {
          const seededStore = await querying();
          if (!seededStore) return;
          const { store, cleanup } = seededStore;
          const find = store.find.bind(store);
          // null matches a null and a missing field; ne null means present and not null
          expect(ids(await find('q', { where: { week: { eq: null } }, sort: [['id', 1]] }))).toEqual(['10', '11']);
          expect(await store.count('q', { week: { ne: null } })).toBe(3);
          // types never mix: a string is not the number it spells, a string bound matches no number
          expect(ids(await find('q', { where: { votes: { eq: '5' } } }))).toEqual([]);
          expect(ids(await find('q', { where: { votes: { gt: 'a' } } }))).toEqual([]);
          expect(ids(await find('q', { where: { name: { gt: 'M' } }, sort: [['id', 1]] }))).toEqual(['1', '10']);
          // an array field: ne means no element equals; in with no values matches nothing
          expect(ids(await find('q', { where: { tags: { ne: 'ai' } } }))).toEqual(['10', '3']);
          expect(ids(await find('q', { where: { tags: { in: [] } } }))).toEqual([]);
          // null and missing sort first ascending, last descending, ties by id
          expect(ids(await find('q', { sort: [['week', 1]] }))).toEqual(['10', '11', '1', '2', '3']);
          expect(ids(await find('q', { sort: [['week', -1]] }))).toEqual(['2', '3', '1', '10', '11']);
          // skip without a limit: the rest
          expect(ids(await find('q', { sort: [['votes', -1]], skip: 3 }))).toEqual(['11', '3']);
          expect(await store.distinct('q', 'week')).toEqual([null, '2026-11-23', '2026-11-30']);
          expect(await store.countBy('q', 'week')).toEqual(
            new Map([
              ['2026-11-23', 1],
              ['2026-11-30', 2],
            ]),
          );
          // a document's array changes, another holds a scalar where others hold arrays
          await store.write(
            [
              { collection: 'q', id: '1', doc: { ...rows[0]?.doc, tags: ['x'] } },
              { collection: 'q', id: '13', doc: { id: 13, status: 'live', tags: 'ai', votes: 1, name: 'Solo' } },
            ],
            3,
          );
          expect(ids(await find('q', { where: { tags: { eq: 'ai' } } }))).toEqual(['11', '13', '2']);
          expect(ids(await find('q', { where: { tags: { eq: 'dev' } } }))).toEqual(['10']);
          expect(await store.countBy('q', 'tags')).toEqual(
            new Map([
              ['ai', 3],
              ['dev', 1],
              ['x', 1],
            ]),
          );
          await store.close();
          cleanup();
        });
      },
    );
  });
