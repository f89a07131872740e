import { describe, expect, it } from 'vitest';
import { type FindOptions, findInRows, type Where } from './document-query.ts';

/** a seeded generator: the same rows every run */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

/** rows with few distinct values, so most sort keys tie and the id decides */
const rowsOf = (count: number) => {
  const next = random(42);
  return Array.from({ length: count }, (_, i) => ({
    id: String(i).padStart(5, '0'),
    doc: {
      status: next() < 0.7 ? 'live' : 'draft',
      category: ['a', 'b', 'c'][Math.floor(next() * 3)],
      votes: next() < 0.2 ? null : Math.floor(next() * 5),
      name: `n${Math.floor(next() * 10)}`,
    },
  }));
};

/** what a find must answer, by the plain rule: every match, sorted by the keys then the id, then the page */
const reference = (rows: ReturnType<typeof rowsOf>, options: FindOptions) => {
  const rank = (v: unknown) => (v === null || v === undefined ? null : v);
  const byCategory = options.where !== undefined && 'category' in options.where;
  const hits = rows.filter((row) => row.doc.status === 'live' && (!byCategory || row.doc.category === 'b'));
  hits.sort((a, b) => {
    for (const [field, direction] of options.sort ?? []) {
      const x = rank((a.doc as Record<string, unknown>)[field]);
      const y = rank((b.doc as Record<string, unknown>)[field]);
      if (x === y) continue;
      if (x === null) return -direction;
      if (y === null) return direction;
      return ((x as number | string) < (y as number | string) ? -1 : 1) * direction;
    }
    return a.id < b.id ? -1 : 1;
  });
  const skip = options.skip ?? 0;
  return hits.slice(skip, options.limit === undefined ? undefined : skip + options.limit).map((row) => row.id);
};

describe('findInRows', () => {
  const rows = rowsOf(3000);
  const sorts: FindOptions['sort'][] = [
    undefined,
    [['votes', -1]],
    [['votes', 1]],
    [
      ['votes', -1],
      ['name', 1],
    ],
    [['name', -1]],
  ];
  const pages: Pick<FindOptions, 'skip' | 'limit'>[] = [
    {},
    { limit: 0 },
    { limit: 1 },
    { limit: 21 },
    { skip: 40, limit: 20 },
    { skip: 250, limit: 6 }, // skip + limit just past what is kept by selection
    { limit: 256 },
    { limit: 257 },
    { skip: 5000, limit: 10 }, // past the last match
  ];
  for (const sort of sorts)
    for (const where of [{ status: { eq: 'live' } }, { status: { eq: 'live' }, category: { eq: 'b' } }] as Where[])
      it(`answers the page a full sort would: sort ${JSON.stringify(sort)}, where ${Object.keys(where)}`, () => {
        for (const page of pages) {
          const options: FindOptions = { where, ...(sort ? { sort } : {}), ...page };
          expect(
            findInRows(rows, options).map((row) => row.id),
            JSON.stringify(page),
          ).toEqual(reference(rows, options));
        }
      });

  it('gives the top of a page from rows in any order', () => {
    const shuffled = [...rows].reverse();
    const options: FindOptions = { where: { status: { eq: 'live' } }, sort: [['votes', -1]], limit: 21 };
    expect(findInRows(shuffled, options)).toEqual(findInRows(rows, options));
    expect(findInRows(shuffled, options)).toHaveLength(21);
  });
});
