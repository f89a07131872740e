import type { SortOrder } from '@listings/platform/search';
import { isoDate, resolveWeek } from '../domain/weeks.ts';
import { L, listingQueries } from '../projections/catalog/query-keys.ts';
import { summariesOf } from './listing-reads.ts';
import type { CatalogHandler } from './operation-context.ts';
import { memoBesidesViews, pageOf, pagingOf, summaryOf } from './presenters.ts';
import { launchDocs, weekRanking } from './week-board.ts';

const SECTION_SORTS: Record<string, SortOrder> = {
  today: { field: 'votes', direction: 'desc' },
  trending: { field: 'trending', direction: 'desc' },
  'most-voted': { field: 'votes', direction: 'desc' },
  recent: { field: 'newest', direction: 'desc' },
  'most-viewed': { field: 'views', direction: 'desc' },
  'most-followed': { field: 'followers', direction: 'desc' },
  upcoming: { field: 'newest', direction: 'asc' },
};

/** list_launches: one section of the launches (this week's ranking, upcoming, or a sorted search), one page. */
export const listLaunches: CatalogHandler<'list_launches'> = async (call, { view, clock }) => {
  const section = (call.query.section as string | undefined) ?? 'this-week';
  const paging = pagingOf(call.query);
  const now = clock.now();
  if (section === 'this-week') {
    const ranked = await weekRanking(view, resolveWeek('this', now, 'query.section'));
    const page = pageOf(ranked, paging);
    return { ...page, items: (await launchDocs(view, page.items)).map(summaryOf) };
  }
  if (section === 'upcoming') {
    const [docs, total] = await memoBesidesViews(view, `upcoming:${paging.page}:${paging.per_page}`, () =>
      Promise.all([
        view.findListings({
          where: listingQueries.upcoming,
          sort: [
            [L.week, 1],
            [L.id, 1],
          ],
          skip: (paging.page - 1) * paging.per_page,
          limit: paging.per_page,
        }),
        view.countListings(listingQueries.upcoming),
      ]),
    );
    return { items: docs.map(summaryOf), page: paging.page, per_page: paging.per_page, total };
  }
  const filters: Record<string, string> = { status: 'live' };
  if (section === 'today') filters.live_day = isoDate(now);
  const hits = await view.search.search({
    filters,
    sort: SECTION_SORTS[section] as SortOrder,
    tieBreak: { field: 'votes', direction: 'desc' },
    offset: (paging.page - 1) * paging.per_page,
    limit: paging.per_page,
  });
  return { items: await summariesOf(view, hits.ids), page: paging.page, per_page: paging.per_page, total: hits.total };
};
