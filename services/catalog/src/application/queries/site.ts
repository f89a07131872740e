import { listingQueries } from '../../projections/catalog/query-keys.ts';
import type { CatalogView } from '../../projections/catalog/read-model.ts';
import { memoBesidesViews } from '../presenters.ts';

export const SITE_NAME = 'Listings Directory';
export const SITE_PURPOSE =
  'A directory of software products with a weekly launch calendar: browse listings, categories, launches and leaderboards; founders submit, launch and claim their products.';

/** get_site_info: who we are, where things are, and live counts from the read model. */
export const getSiteInfo = (deps: { publicUrl: string; view: CatalogView }) => async () =>
  // one answer per read-model version (and so one encoding of it)
  memoBesidesViews(deps.view, 'site-info', () => siteInfo(deps));

const siteInfo = async (deps: { publicUrl: string; view: CatalogView }) => {
  const api = `${deps.publicUrl}/api/v1`;
  const live = await deps.view.countListings(listingQueries.live);
  return {
    name: SITE_NAME,
    purpose: SITE_PURPOSE,
    urls: {
      site: deps.publicUrl,
      api,
      docs: `${api}/docs`,
      openapi: `${api}/openapi.json`,
      mcp: `${deps.publicUrl}/mcp`,
    },
    counts: { live_listings: live, categories: deps.view.categories.size },
  };
};
