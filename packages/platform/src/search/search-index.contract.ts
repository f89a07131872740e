import { describe, expect, it } from 'vitest';
import type { SearchDocument, SearchIndex } from './search-index.ts';

const doc = (
  id: string,
  name: string,
  filters: Record<string, string | string[]>,
  sort: Record<string, number>,
  tagline = '',
): SearchDocument => ({ id, text: { name, tagline }, filters, sort });

export const SAMPLE_DOCS: SearchDocument[] = [
  doc(
    '1',
    'Notion',
    { status: 'live', category: ['notes', 'productivity'], country: 'us' },
    { votes: 50, newest: 1 },
    'all-in-one workspace',
  ),
  doc(
    '2',
    'Figma',
    { status: 'live', category: ['design'], country: 'us' },
    { votes: 80, newest: 2 },
    'collaborative interface design',
  ),
  doc(
    '3',
    'Notability',
    { status: 'upcoming', category: ['notes'], country: 'gb' },
    { votes: 5, newest: 3 },
    'handwritten notes',
  ),
  doc(
    '4',
    'Framer',
    { status: 'live', category: ['design'], country: 'nl' },
    { votes: 20, newest: 4 },
    'ship websites',
  ),
  doc(
    '5',
    'Linear',
    { status: 'live', category: ['productivity'], country: 'us' },
    { votes: 65, newest: 5 },
    'issue tracking',
  ),
];

/** One suite every search adapter passes (embedded now, Typesense later). */
export const searchIndexContract = (
  name: string,
  open: () => Promise<{ index: SearchIndex; reopen?: () => Promise<SearchIndex>; cleanup: () => void }>,
) =>
  describe(`search index contract: ${name}`, () => {
    const withIndex = async (fn: (index: SearchIndex) => Promise<void>) => {
      const { index, cleanup } = await open();
      try {
        await index.apply({ upsert: SAMPLE_DOCS, remove: [] }, 10);
        await fn(index);
      } finally {
        await index.close();
        cleanup();
      }
    };
    const q = (index: SearchIndex, text: string, extra: Partial<Parameters<SearchIndex['search']>[0]> = {}) =>
      index.search({ text, offset: 0, limit: 10, ...extra });

    it('when a name is misspelt by a swap or a slip then typo tolerance still finds it', () =>
      withIndex(async (index) => {
        expect((await q(index, 'notoin')).ids[0]).toBe('1');
        expect((await q(index, 'figam')).ids[0]).toBe('2');
        expect((await q(index, 'linaer')).ids[0]).toBe('5');
        expect((await q(index, 'ilnear')).ids[0]).toBe('5');
        expect((await q(index, 'ifgma')).ids[0]).toBe('2');
      }));
    it('when a word is typed halfway then prefix matching finds it', () =>
      withIndex(async (index) => {
        expect((await q(index, 'nota')).ids).toEqual(['3']);
        expect((await q(index, 'fram')).ids).toContain('4');
      }));
    it('when filters are given then every hit passes every filter (array filters by membership)', () =>
      withIndex(async (index) => {
        const hits = await q(index, '', { filters: { category: 'notes' } });
        expect(hits.ids.sort()).toEqual(['1', '3']);
        expect((await q(index, '', { filters: { category: 'notes', status: 'live' } })).ids).toEqual(['1']);
        expect((await q(index, '', { filters: { country: 'us', category: 'design' } })).ids).toEqual(['2']);
        expect((await q(index, 'notion', { filters: { status: 'upcoming' } })).ids).toEqual([]);
      }));
    it('when sorted by a field then hits come in that order, and paging cuts the order', () =>
      withIndex(async (index) => {
        const all = await q(index, '', { sort: { field: 'votes', direction: 'desc' } });
        expect(all.ids).toEqual(['2', '5', '1', '4', '3']);
        expect(all.total).toBe(5);
        expect((await q(index, '', { sort: { field: 'newest', direction: 'asc' } })).ids).toEqual([
          '1',
          '2',
          '3',
          '4',
          '5',
        ]);
        const page2 = await index.search({ sort: { field: 'votes', direction: 'desc' }, offset: 2, limit: 2 });
        expect(page2).toEqual({ ids: ['1', '4'], total: 5 });
      }));
    it('when a document is replaced or removed then search sees the change (no stale cached answer)', () =>
      withIndex(async (index) => {
        expect((await q(index, 'figma')).ids).toEqual(['2']);
        expect((await q(index, '', { sort: { field: 'votes', direction: 'desc' } })).ids[0]).toBe('2');
        await index.apply(
          {
            upsert: [doc('4', 'Framer', { status: 'live', category: ['design'] }, { votes: 99, newest: 4 })],
            remove: ['2'],
          },
          11,
        );
        expect((await q(index, '', { sort: { field: 'votes', direction: 'desc' } })).ids.slice(0, 2)).toEqual([
          '4',
          '5',
        ]);
        expect((await q(index, 'figma')).ids).toEqual([]);
        expect(await index.position()).toBe(11);
        expect(await index.size()).toBe(4);
      }));
    it('when only a sort key, only a filter or only the text of a document changes then search sees that change and keeps the rest', () =>
      withIndex(async (index) => {
        const framer = (filters: Record<string, string | string[]>, votes: number, tagline: string) =>
          doc('4', 'Framer', filters, { votes, newest: 4 }, tagline);
        const design = { status: 'live', category: ['design'], country: 'nl' };
        const byVotes = { sort: { field: 'votes', direction: 'desc' } } as const;
        // a sort key only (a listing's votes or views): the same words and filters still find it
        await index.apply({ upsert: [framer(design, 99, 'ship websites')], remove: [] }, 12);
        expect((await q(index, '', byVotes)).ids[0]).toBe('4');
        expect((await q(index, 'framer')).ids).toEqual(['4']);
        expect((await q(index, '', { filters: { category: 'design' } })).ids).toContain('4');
        // a filter only
        await index.apply(
          { upsert: [framer({ ...design, category: ['notes'] }, 99, 'ship websites')], remove: [] },
          13,
        );
        expect((await q(index, '', { filters: { category: 'design' } })).ids).not.toContain('4');
        expect((await q(index, '', { filters: { category: 'notes' } })).ids).toContain('4');
        expect((await q(index, 'websites')).ids).toEqual(['4']);
        // the text only
        await index.apply(
          { upsert: [framer({ ...design, category: ['notes'] }, 99, 'prototype apps')], remove: [] },
          14,
        );
        expect((await q(index, 'websites')).ids).toEqual([]);
        expect((await q(index, 'prototype')).ids).toEqual(['4']);
        expect((await q(index, '', byVotes)).ids[0]).toBe('4');
        expect(await index.size()).toBe(5);
      }));
    it('when reopened after a restart then documents and position are still there (durable adapters)', async () => {
      const { index, reopen, cleanup } = await open();
      if (!reopen) {
        console.warn(`${name}: not durable, restart case does not apply`);
        await index.close();
        cleanup();
        return;
      }
      await index.apply({ upsert: SAMPLE_DOCS, remove: ['3'] }, 4);
      await index.close();
      const again = await reopen();
      expect(await again.position()).toBe(4);
      expect((await again.search({ text: 'notoin', offset: 0, limit: 5 })).ids[0]).toBe('1');
      expect(await again.size()).toBe(4);
      await again.close();
      cleanup();
    });
  });
