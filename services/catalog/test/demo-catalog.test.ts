import { imageDigestOf } from '@listings/contracts';
import { openImageStore } from '@listings/platform/images';
import { describe, expect, it } from 'vitest';
import { L } from '../src/projections/catalog/query-keys.ts';
import { checkEveryWaitingListing, startTestCatalog } from './support.ts';

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
      expect(await checkEveryWaitingListing(t.catalog.readModel.view, t.catalog.badgeCheck)).toEqual({
        checked: 0,
        found: [],
      });
      expect(fetched).toEqual([]);
    } finally {
      await t.stop();
    }
  });
});

describe('the demo catalog has logos of its own', () => {
  it('when the catalog starts with demo data then every listing has a generated logo stored in the images bucket and named on our origin', async () => {
    const t = await startTestCatalog({ demo: true });
    try {
      const page = (await t.call('search_listings', { query: { per_page: 100 } })) as {
        status: number;
        body: { items: { slug: string; logo_url: string | null }[] };
      };
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeGreaterThan(0);
      const images = openImageStore({ dataDir: t.dir });
      for (const item of page.body.items) {
        expect(item.logo_url, item.slug).toMatch(/^http:\/\/directory\.test\/images\/[0-9a-f]{64}\.png$/);
        const digest = imageDigestOf(String(item.logo_url));
        const bytes = await images.get(`sha256:${digest}`);
        expect(Buffer.from(bytes).subarray(1, 4).toString('latin1')).toBe('PNG');
      }
      const listing = (await t.call('get_listing', { params: { slug: page.body.items[0]?.slug } })) as {
        body: { logo_url: string };
      };
      expect(listing.body.logo_url).toBe(page.body.items[0]?.logo_url);
    } finally {
      await t.stop();
    }
  });
});
