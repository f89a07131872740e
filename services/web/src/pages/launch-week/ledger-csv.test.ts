import { PER_PAGE_MAX } from '@listings/contracts';
import { describe, expect, it } from 'vitest';
import type { CatalogClient } from '../../operation-clients.ts';
import { loadWholeLedger } from './ledger-csv.ts';

/** The ledger download reads get_vote_ledger page after page until it holds every entry. */
describe('the vote ledger CSV: every page of the ledger', () => {
  const TOTAL = 2 * PER_PAGE_MAX + 17;
  const entries = Array.from({ length: TOTAL }, (_, i) => ({
    listing: `listing-${i % 5}`,
    listing_id: (i % 5) + 1,
    voter: `voter-${i}`,
    cast_at: '2026-11-24T10:00:00.000Z',
    withdrawn_at: null,
    weight: 1,
    reason: null,
  }));
  const ledgerCatalog = (asked: number[], failOnPage?: number): CatalogClient => ({
    call: async (_op, input) => {
      const query = (input as { query: { page: string; per_page: string } }).query;
      const [page, perPage] = [Number(query.page), Number(query.per_page)];
      asked.push(page);
      if (page === failOnPage) {
        const problem = {
          type: '/api/v1/problems/unavailable',
          title: 'Unavailable',
          status: 503,
          detail: 'catalog away',
        };
        return { ok: false, status: 503, detail: 'catalog away', errors: [], problem, unanswered: true };
      }
      const items = entries.slice((page - 1) * perPage, page * perPage);
      const body = {
        items,
        page,
        per_page: perPage,
        total: TOTAL,
        week_start: '2026-11-23',
        week_end: '2026-11-29',
        rules_version: 1,
      };
      return { ok: true, status: 200, body } as never;
    },
  });

  it('when the ledger has more entries than a page holds then every page is read, in order, and every entry kept', async () => {
    const asked: number[] = [];
    const loaded = await loadWholeLedger(ledgerCatalog(asked), '2026-11-23');
    expect(asked).toEqual([1, 2, 3]);
    expect(loaded.ok && loaded.items).toEqual(entries);
    expect(loaded.ok && loaded.ledger.week_start).toBe('2026-11-23');
  });

  it('when a later page fails then the download fails with its status instead of sending part of the ledger', async () => {
    const loaded = await loadWholeLedger(ledgerCatalog([], 2), '2026-11-23');
    expect(loaded).toEqual({ ok: false, status: 503, detail: 'catalog away' });
  });
});
