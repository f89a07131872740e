import type { AnalyticsRange } from '@listings/contracts';
import { mondayOf, parseIsoDate, weekOf } from '../domain/weeks.ts';
import { listingQueries } from '../projections/catalog/query-keys.ts';
import { daySeries, rangeDays, rankSeries, topReferrers } from './analytics-series.ts';
import type { CatalogHandler } from './operation-context.ts';
import { myListing } from './owned-listings.ts';

/**
 * get_listing_analytics: one of the caller's listings, day by day over the range (the analytics
 * projection), its rank on its launch week's board hour by hour, its top referring hosts.
 */
export const getListingAnalytics: CatalogHandler<'get_listing_analytics'> = async (call, { view, clock }) => {
  const doc = await myListing(view, call);
  const launchDay = doc.launch_week ? parseIsoDate(doc.launch_week) : null;
  const week = launchDay ? weekOf(mondayOf(launchDay)) : null;
  const range: AnalyticsRange = call.query.range ?? (week ? 'launch_week' : '30_days');
  const now = clock.now().getTime();
  const { from, to } = rangeDays(range, now, week);
  const analytics = view.analytics.get(String(doc.id));
  const launches = week ? await view.findListings({ where: listingQueries.liveInWeek(week.start) }) : [];
  const boards = new Map(launches.map((launch) => [launch.id, view.analytics.get(String(launch.id))]));
  return {
    listing_id: doc.id,
    slug: doc.slug,
    range: week ? range : range === 'launch_week' ? '30_days' : range,
    from,
    to,
    launch_week: week?.start ?? null,
    ...daySeries(analytics, from, to),
    rank: week ? rankSeries(doc.id, week, boards, now) : [],
    referrers: topReferrers(analytics, from, to),
  };
};
