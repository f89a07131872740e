import { listingQueries } from '../projections/catalog/query-keys.ts';
import type { CatalogContext, CatalogHandler } from './operation-context.ts';
import { memoBesidesViews } from './presenters.ts';
import { SITE_NAME, SITE_PURPOSE } from './site-identity.ts';

/** get_site_info: who we are, where things are, and live counts from the read model. */
export const getSiteInfo: CatalogHandler<'get_site_info'> = async (_call, context) =>
  // one answer per read-model version (and so one encoding of it)
  memoBesidesViews(context.view, 'site-info', () => siteInfo(context));

const siteInfo = async ({ publicUrl, view }: Pick<CatalogContext, 'publicUrl' | 'view'>) => {
  const api = `${publicUrl}/api/v1`;
  const live = await view.countListings(listingQueries.live);
  return {
    name: SITE_NAME,
    purpose: SITE_PURPOSE,
    urls: {
      site: publicUrl,
      api,
      docs: `${api}/docs`,
      openapi: `${api}/openapi.json`,
      mcp: `${publicUrl}/mcp`,
    },
    counts: { live_listings: live, categories: view.categories.size },
  };
};
