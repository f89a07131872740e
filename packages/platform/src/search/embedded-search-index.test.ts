import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbeddedSearchIndex } from './embedded-search-index.ts';
import { searchIndexContract } from './search-index.contract.ts';
import type { SearchDocument, SearchQuery, SortOrder } from './search-index.ts';

const fields = { name: 6, tagline: 2 };

searchIndexContract('embedded (SQLite FTS5)', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'search-'));
  const file = path.join(dir, 'search.sqlite');
  return {
    index: openEmbeddedSearchIndex({ path: file, fields }),
    reopen: async () => openEmbeddedSearchIndex({ path: file, fields }),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
});

/** a small deterministic generator (mulberry32) */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

describe('the embedded index on disk', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'search-disk-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('when filtered and sorted, every page and total equals a filter and sort of every document, through writes', async () => {
    const random = prng(7);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const docOf = (id: number): SearchDocument => {
      // skewed values: `live` passes most documents (the index walks the sort key), a domain one
      // (it starts from the filter); `views` is missing on some documents (they sort lowest)
      const sort: Record<string, number> = { votes: Math.floor(random() * 20), newest: Math.floor(random() * 1e6) };
      if (random() < 0.8) sort.views = Math.floor(random() * 50);
      return {
        id: String(id),
        text: { name: `item ${id}`, tagline: '' },
        filters: {
          status: random() < 0.85 ? 'live' : pick(['upcoming', 'other']),
          category: [...new Set([pick(['a', 'b', 'c', 'd']), pick(['a', 'b', 'c', 'd', 'e'])])],
          country: pick(['us', 'gb', 'de', 'fr', 'nl', 'se', 'jp']),
          domain: `d${id % 500}.example`,
        },
        sort,
      };
    };
    const docs = new Map<string, SearchDocument>();
    const index = openEmbeddedSearchIndex({ path: path.join(dir, 'plans.sqlite'), fields });
    const write = async (upsert: SearchDocument[], remove: string[], position: number) => {
      await index.apply({ upsert, remove }, position);
      for (const doc of upsert) docs.set(doc.id, doc);
      for (const id of remove) docs.delete(id);
    };
    await write(
      Array.from({ length: 3000 }, (_, i) => docOf(i + 1)),
      [],
      1,
    );
    const expected = (query: SearchQuery) => {
      const order: SortOrder | undefined = query.sort ?? query.tieBreak;
      const sign = order?.direction === 'asc' ? 1 : -1;
      const key = (doc: SearchDocument) => (order ? (doc.sort[order.field] ?? Number.NEGATIVE_INFINITY) : 0);
      const all = [...docs.values()]
        .filter((doc) =>
          Object.entries(query.filters ?? {}).every(([field, value]) => {
            const have = doc.filters[field];
            return typeof have === 'string' ? have === value : (have?.includes(value) ?? false);
          }),
        )
        .sort((a, b) => (key(a) === key(b) ? (a.id < b.id ? -1 : 1) : key(a) < key(b) ? -sign : sign));
      return { ids: all.slice(query.offset, query.offset + query.limit).map((doc) => doc.id), total: all.length };
    };
    const queryOf = (): SearchQuery => {
      const filters: Record<string, string> = {};
      if (random() < 0.8) filters.status = pick(['live', 'live', 'upcoming', 'other']);
      if (random() < 0.5) filters.category = pick(['a', 'b', 'c', 'd', 'e']);
      if (random() < 0.4) filters.country = pick(['us', 'gb', 'de', 'jp']);
      if (random() < 0.15) filters.domain = `d${Math.floor(random() * 500)}.example`;
      const sort = pick<SortOrder | undefined>([
        undefined,
        { field: 'votes', direction: 'desc' },
        { field: 'newest', direction: 'asc' },
        { field: 'views', direction: 'desc' },
        { field: 'views', direction: 'asc' },
      ]);
      const tieBreak = random() < 0.5 ? ({ field: 'votes', direction: 'desc' } as const) : undefined;
      const offset = pick([0, 0, 10, 40, 300, 1500]);
      return { filters, ...(sort ? { sort } : {}), ...(tieBreak ? { tieBreak } : {}), offset, limit: 10 };
    };
    let compared = 0;
    for (let round = 0; round < 12; round++) {
      const queries = Array.from({ length: 40 }, queryOf);
      for (const query of queries) expect(await index.search(query), JSON.stringify(query)).toEqual(expected(query));
      // the same queries again after a write: their kept totals moved with it
      const changed = Array.from({ length: 30 }, () => docOf(1 + Math.floor(random() * 3200)));
      const removed = Array.from({ length: 10 }, () => String(1 + Math.floor(random() * 3200)));
      await write(changed, removed, round + 2);
      for (const query of queries) expect(await index.search(query), JSON.stringify(query)).toEqual(expected(query));
      compared += 2 * queries.length;
    }
    expect(compared).toBe(960);
    expect(await index.size()).toBe(docs.size);
    await index.close();
  });

  it('when a word is typed, misspelt or half typed then its document is found, and the exact spelling ranks first', async () => {
    const index = openEmbeddedSearchIndex({ path: ':memory:', fields });
    const doc = (id: string, name: string, tagline = ''): SearchDocument => ({
      id,
      text: { name, tagline },
      filters: { status: 'live' },
      sort: { votes: 0 },
    });
    await index.apply(
      {
        upsert: [doc('1', 'Nitodinu'), doc('2', 'Nitodinа'), doc('3', 'Notidinu'), doc('4', 'Zoë Müller', 'café')],
        remove: [],
      },
      1,
    );
    const ids = async (text: string) => (await index.search({ text, offset: 0, limit: 10 })).ids;
    // as typed first, then the nearest spellings
    expect((await ids('notidinu'))[0]).toBe('3');
    expect((await ids('nitodinu'))[0]).toBe('1');
    expect(await ids('nitodinu')).toContain('3');
    // marks are dropped on both sides
    expect(await ids('zoe muller')).toEqual(['4']);
    expect(await ids('Müller cafe')).toEqual(['4']);
    // half typed
    expect(await ids('mul')).toEqual(['4']);
    // no word in common
    expect(await ids('xylophone')).toEqual([]);
    await index.close();
  });

  it('when it opens a file the earlier index wrote (documents as JSON) then it indexes them once and finds them', async () => {
    const file = path.join(dir, 'earlier.sqlite');
    const earlier = new DatabaseSync(file);
    earlier.exec(`
      CREATE TABLE documents (id TEXT PRIMARY KEY, doc TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE checkpoint (one INTEGER PRIMARY KEY CHECK (one = 1), position INTEGER NOT NULL);
      INSERT INTO checkpoint (one, position) VALUES (1, 42);
    `);
    const stored: SearchDocument = {
      id: '9',
      text: { name: 'Figma', tagline: 'interface design' },
      filters: { status: 'live', category: ['design'] },
      sort: { votes: 3 },
    };
    earlier.prepare('INSERT INTO documents (id, doc) VALUES (?, ?)').run('9', JSON.stringify(stored));
    earlier.close();
    const index = openEmbeddedSearchIndex({ path: file, fields });
    expect(await index.position()).toBe(42);
    expect(await index.size()).toBe(1);
    expect((await index.search({ text: 'figam', offset: 0, limit: 5 })).ids).toEqual(['9']);
    expect(await index.search({ filters: { category: 'design' }, offset: 0, limit: 5 })).toEqual({
      ids: ['9'],
      total: 1,
    });
    await index.close();
  });
});
