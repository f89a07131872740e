import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import type { FindOptions } from './document-query.ts';
import { findSql, type PathKind, whereSql } from './sqlite-document-query.ts';
import { openSqliteReadModelStore } from './sqlite-read-model-store.ts';

const dirs: string[] = [];
const fileOf = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sqlite-read-models-'));
  dirs.push(dir);
  return path.join(dir, 'read-models.sqlite');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const INDEXES = [
  { fields: ['doc.slug'], unique: true },
  { fields: ['doc.status', 'doc.week'] },
  { fields: ['doc.status', 'keys.votes'] },
  { fields: ['doc.owners'] },
];

const listing = (i: number) => ({
  at: i,
  doc: {
    slug: `s${i}`,
    status: i % 3 === 0 ? 'scheduled' : 'live',
    week: `2026-W${10 + (i % 5)}`,
    owners: [`acc${i % 7}`],
  },
  keys: { votes: i % 11 },
});

/** what SQLite plans for a query the store would run, read with a second connection to the file */
const planOf = (file: string, sql: { text: string; params: unknown[] }): string => {
  const db = new DatabaseSync(file);
  try {
    return db
      .prepare(`EXPLAIN QUERY PLAN ${sql.text}`)
      .all(...(sql.params as SQLInputValue[]))
      .map((row) => String(row.detail))
      .join('\n');
  } finally {
    db.close();
  }
};

/** how the store answers each path of `collection`, as the file records it */
const kindsIn = (file: string, collection: string): ((path: string) => PathKind) => {
  const db = new DatabaseSync(file);
  const rows = db.prepare('SELECT path, multi FROM declared_paths WHERE collection = ?').all(collection);
  db.close();
  const kinds = new Map(rows.map((row) => [String(row.path), row.multi === 1 ? 'elements' : 'column'] as const));
  return (p) => kinds.get(p) ?? 'json';
};

describe('SQLite read-model store: queries answered by indexes', () => {
  it('when paths are declared then the catalog-like queries are planned on their indexes, not a scan', async () => {
    const file = fileOf();
    const store = openSqliteReadModelStore({ path: file });
    await store.declareIndexes?.('listings', INDEXES);
    await store.write(
      Array.from({ length: 1000 }, (_, i) => ({ collection: 'listings', id: String(i), doc: listing(i) })),
      1,
    );
    const kinds = kindsIn(file, 'listings');
    expect(kinds('doc.owners')).toBe('elements'); // an array there: its elements are indexed
    expect(kinds('keys.votes')).toBe('column');
    const board: FindOptions = { where: { 'doc.status': { eq: 'live' } }, sort: [['keys.votes', -1]], limit: 20 };
    expect(planOf(file, findSql('listings', board, kinds))).toMatch(/USING INDEX q_listings_doc_status_keys_votes/);
    const week: FindOptions = { where: { 'doc.status': { eq: 'live' }, 'doc.week': { eq: '2026-W12' } } };
    expect(planOf(file, findSql('listings', week, kinds))).toMatch(
      /USING (COVERING )?INDEX q_listings_doc_status_doc_week/,
    );
    expect(planOf(file, whereCount(findSql('listings', { where: { 'doc.slug': { eq: 's5' } } }, kinds)))).toMatch(
      /USING (COVERING )?INDEX q_unique_listings_doc_slug/,
    );
    const owner = findSql('listings', { where: { 'doc.owners': { eq: 'acc3' } } }, kinds);
    expect(planOf(file, owner)).toMatch(/doc_elements USING (COVERING )?INDEX|doc_elements USING PRIMARY KEY/);
    // and what they answer: the 20 live listings with the most votes, ties by id
    const top = (await store.find?.('listings', board)) ?? [];
    expect(top).toHaveLength(20);
    const votes = top.map((row) => (row.doc as ReturnType<typeof listing>).keys.votes);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    expect(await store.count?.('listings', { 'doc.owners': { eq: 'acc3' } })).toBe(
      Array.from({ length: 1000 }, (_, i) => i).filter((i) => i % 7 === 3).length,
    );
    await store.close();
  });

  it('when a second writer opens the file without declaring then it keeps the declared elements in step', async () => {
    const file = fileOf();
    const first = openSqliteReadModelStore({ path: file });
    await first.declareIndexes?.('listings', INDEXES);
    await first.write([{ collection: 'listings', id: '1', doc: listing(1) }], 1);
    await first.close();
    // a rebuild opens the store without declaring anything
    const rebuild = openSqliteReadModelStore({ path: file });
    await rebuild.write(
      [
        { collection: 'listings', id: '1', doc: { ...listing(1), doc: { ...listing(1).doc, owners: ['new'] } } },
        { collection: 'listings', id: '2', doc: listing(2) },
      ],
      2,
    );
    await rebuild.close();
    const again = openSqliteReadModelStore({ path: file });
    await again.declareIndexes?.('listings', INDEXES);
    expect((await again.find?.('listings', { where: { 'doc.owners': { eq: 'new' } } }))?.map((r) => r.id)).toEqual([
      '1',
    ]);
    expect(await again.count?.('listings', { 'doc.owners': { eq: 'acc1' } })).toBe(0);
    expect(await again.countBy?.('listings', 'doc.owners')).toEqual(
      new Map([
        ['acc2', 1],
        ['new', 1],
      ]),
    );
    await again.close();
  });

  it('when a declared unique path repeats then the write is refused and nothing of it is kept', async () => {
    const store = openSqliteReadModelStore({ path: fileOf() });
    await store.declareIndexes?.('listings', INDEXES);
    await store.write([{ collection: 'listings', id: '1', doc: listing(1) }], 1);
    await expect(store.write([{ collection: 'listings', id: '2', doc: listing(1) }], 2)).rejects.toThrow(/UNIQUE/);
    expect(await store.position()).toBe(1);
    expect(await store.get('listings', '2')).toBeUndefined();
    await store.close();
  });

  it('when a contains condition meets letters beyond ASCII then it matches regardless of case', async () => {
    const store = openSqliteReadModelStore({ path: fileOf() });
    await store.declareIndexes?.('c', [{ fields: ['name'] }]);
    await store.write(
      [
        { collection: 'c', id: 'a', doc: { name: 'ÄPFEL GmbH', other: 'Éclair' } },
        { collection: 'c', id: 'b', doc: { name: 'Birnen', other: 'x' } },
      ],
      1,
    );
    expect((await store.find?.('c', { where: { name: { contains: 'äpfel' } } }))?.map((r) => r.id)).toEqual(['a']);
    expect((await store.find?.('c', { where: { other: { contains: 'éCL' } } }))?.map((r) => r.id)).toEqual(['a']);
    await store.close();
  });
});

/** a find's where as a count, for plans of lookups */
const whereCount = (sql: { text: string; params: unknown[] }) => ({
  text: sql.text.replace(/^SELECT docs\.id, docs\.doc/, 'SELECT count(*)').replace(/ ORDER BY .*$/, ''),
  params: sql.params,
});

// keep whereSql exercised the way count() runs it (the collection first, then each condition)
describe('whereSql', () => {
  it('binds the collection first and each condition in order', () => {
    expect(whereSql('c', { a: { eq: 1 }, b: { in: ['x', 'y'] } }, () => 'column')).toEqual({
      text: 'docs.collection = ? AND docs."q_a" = ? AND docs."q_b" IN (?, ?)',
      params: ['c', 1, 'x', 'y'],
    });
  });
});
