import type { SiteStats } from '../projections/site-stats/evolve.ts';

export const SITE_NAME = 'Listings Directory';
export const SITE_PURPOSE =
  'A directory of software products with a weekly launch calendar: browse listings, categories, launches and leaderboards; founders submit, launch and claim their products.';

/** get_site_info: who we are, where things are, and live counts from the site-stats read model. */
export const getSiteInfo = (deps: { publicUrl: string; stats: () => SiteStats }) => async () => {
  const stats = deps.stats();
  const api = `${deps.publicUrl}/api/v1`;
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
    counts: { live_listings: stats.liveListings.size, categories: stats.categories.size },
  };
};
