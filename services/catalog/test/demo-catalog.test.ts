import { describe, expect, it } from 'vitest';
import { L } from '../src/projections/catalog/query-keys.ts';
import { startTestCatalog } from './support.ts';

describe('the demo catalog makes no outbound request', () => {
  it('when the catalog starts with demo data then no badge check fetches and its upcoming free listings count as checked', async () => {
    const fetched: string[] = [];
    const t = await startTestCatalog({
      demo: true,
      safeFetch: async (url: string | URL) => {
        fetched.push(String(url));
        throw new Error(`the demo catalog must not fetch ${url}`);
      },
    });
    try {
      const view = t.catalog.readModel.view;
      expect(await view.findListings({ where: { [L.status]: { eq: 'awaiting_badge' } } })).toEqual([]);
      const scheduledFree = (await view.findListings({ where: { [L.status]: { eq: 'scheduled' } } })).filter(
        (doc) => doc.plan === 'free',
      );
      expect(scheduledFree.length).toBeGreaterThan(0);
      // what a badge interval would do: check every waiting listing now
      expect(await t.catalog.badgeCheck.run()).toEqual({ checked: 0, found: [] });
      expect(fetched).toEqual([]);
    } finally {
      await t.stop();
    }
  });
});
