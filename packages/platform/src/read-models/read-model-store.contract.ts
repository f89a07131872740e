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
  });
