import type { Clock } from '@listings/platform/clock';
import { ValidationError } from '@listings/platform/errors';
import type { Where } from '@listings/platform/read-models';
import type { SortOrder } from '@listings/platform/search';
import { isoDate, resolveWeek, type Week } from '../../domain/weeks.ts';
import type { ListingDoc } from '../../projections/catalog/documents.ts';
import { L, listingQueries } from '../../projections/catalog/query-keys.ts';
import type { CatalogView } from '../../projections/catalog/read-model.ts';
import { memoBesidesViews, pageOf, pagingOf, summaryOf, voteCount } from '../presenters.ts';
import { listingsById, mustFindListing, summariesOf } from './listings.ts';
import { type RankedLaunch, weekBoardOf } from './week-board.ts';

/**
 * Live launches of a week ranked by community votes of that week (the awards' order), from the
 * week's board: built at its first read, then kept up to date from the listing changes (week-board.ts).
 */
export const weekRanking = (view: CatalogView, week: Week): Promise<readonly RankedLaunch[]> =>
  weekBoardOf(view, week).ranking();

export const getLaunchWeek = (view: CatalogView, clock: Clock) => async (call: { params: Record<string, unknown> }) => {
  const week = resolveWeek(call.params.week as string, clock.now(), 'params.week');
  const live = (await weekRanking(view, week)).map(({ doc, standing }) => ({
    ...summaryOf(doc),
    week_votes: standing.votes,
  }));
  const scheduled =
    week.endMs > clock.now().getTime()
      ? await view.findListings({ where: listingQueries.upcomingInWeek(week.start), sort: [[L.id, 1]] })
      : [];
  return {
    week_start: week.start,
    week_end: week.end,
    items: [...live, ...scheduled.map((doc) => ({ ...summaryOf(doc), week_votes: 0 }))],
  };
};

const SECTION_SORTS: Record<string, SortOrder> = {
  today: { field: 'votes', direction: 'desc' },
  trending: { field: 'trending', direction: 'desc' },
  'most-voted': { field: 'votes', direction: 'desc' },
  recent: { field: 'newest', direction: 'desc' },
  'most-viewed': { field: 'views', direction: 'desc' },
  'most-followed': { field: 'followers', direction: 'desc' },
  upcoming: { field: 'newest', direction: 'asc' },
};

export const listLaunches = (view: CatalogView, clock: Clock) => async (call: { query: Record<string, unknown> }) => {
  const section = (call.query.section as string | undefined) ?? 'this-week';
  const paging = pagingOf(call.query);
  const now = clock.now();
  if (section === 'this-week') {
    const ranked = await weekRanking(view, resolveWeek('this', now, 'query.section'));
    return pageOf(ranked, paging, ({ doc }) => summaryOf(doc));
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

export const BILLBOARD_NOTICE =
  'Paid placement: the billboard ranks listings by money contributed, not by votes or quality.';

const latest = <T extends { date: string }>(history: readonly T[]): T | undefined => history[history.length - 1];

export const getLeaderboard =
  (view: CatalogView, clock: Clock) =>
  async (call: { params: Record<string, unknown>; query: Record<string, unknown> }) => {
    const board = call.params.board as string;
    const paging = pagingOf(call.query);
    if (call.query.week !== undefined && board !== 'community-weekly')
      throw new ValidationError([{ field: 'query.week', message: 'applies to the community-weekly board only' }]);
    let metric = { name: 'votes', unit: 'votes' };
    let week: Week | undefined;
    if (board === 'community-weekly') {
      week = resolveWeek((call.query.week as string | undefined) ?? 'this', clock.now(), 'query.week');
      metric = { name: 'votes this week', unit: 'votes' };
    } else if (board === 'billboard') metric = { name: 'amount paid', unit: 'usd_cents' };
    else if (board === 'domain-rating') metric = { name: 'Domain Rating', unit: 'DR (0-100, third-party SEO metric)' };
    else if (board === 'revenue') metric = { name: 'monthly recurring revenue', unit: 'usd_cents_per_month' };
    const start = (paging.page - 1) * paging.per_page;
    const { rows, total } = await memoBesidesViews(
      view,
      `board:${board}:${week?.start ?? ''}:${start}:${paging.per_page}`,
      () => boardPage(view, board, week, start, paging.per_page),
    );
    return {
      items: rows.map((row, i) => ({
        rank: start + i + 1,
        listing: summaryOf(row.doc),
        metric: { ...metric, value: row.value },
      })),
      page: paging.page,
      per_page: paging.per_page,
      total,
      board,
      paid: board === 'billboard',
      ...(board === 'billboard' ? { notice: BILLBOARD_NOTICE } : {}),
      ...(week ? { week_start: week.start, week_end: week.end } : {}),
    };
  };

/** What each board ranks: which listings, by which stored value (best first, then by id). */
const BOARDS: Record<string, { where: Where; by: string; value: (doc: ListingDoc) => number }> = {
  'community-all-time': { where: listingQueries.live, by: L.votes, value: voteCount },
  billboard: {
    where: { [L.status]: { in: ['live', 'scheduled'] }, [L.billboard]: { gt: 0 } },
    by: L.billboard,
    value: (doc) => doc.billboard_cents,
  },
  'domain-rating': {
    where: { ...listingQueries.live, [L.dr]: { ne: null } },
    by: L.dr,
    value: (doc) => latest(doc.domain_rating)?.value ?? 0,
  },
  revenue: {
    where: { ...listingQueries.live, [L.mrr]: { ne: null } },
    by: L.mrr,
    value: (doc) => latest(doc.revenue)?.mrr_cents ?? 0,
  },
};

/** One page of a board's rows, best first, and how many rows it has. */
const boardPage = async (
  view: CatalogView,
  board: string,
  week: Week | undefined,
  start: number,
  size: number,
): Promise<{ rows: { doc: ListingDoc; value: number }[]; total: number }> => {
  if (board === 'community-weekly') {
    const ranked = await weekRanking(view, week as Week);
    return {
      rows: ranked.slice(start, start + size).map(({ doc, standing }) => ({ doc, value: standing.votes })),
      total: ranked.length,
    };
  }
  const spec = BOARDS[board];
  if (!spec) return { rows: [], total: 0 };
  const [docs, total] = await Promise.all([
    view.findListings({
      where: spec.where,
      sort: [
        [spec.by, -1],
        [L.id, 1],
      ],
      skip: start,
      limit: size,
    }),
    view.countListings(spec.where),
  ]);
  return { rows: docs.map((doc) => ({ doc, value: spec.value(doc) })), total };
};

export const AWARD_NAMES = ['Launch of the Week #1', 'Launch of the Week #2', 'Launch of the Week #3'];

export const listAwards = (view: CatalogView) => async (call: { query: Record<string, unknown> }) => {
  const paging = pagingOf(call.query);
  const only = call.query.listing ? (await mustFindListing(view, call.query.listing as string)).id : null;
  const weeks = [...view.awards.values()].sort((a, b) => b.week_start.localeCompare(a.week_start));
  const winners = await listingsById(
    view,
    weeks.flatMap((awards) => awards.winners.map((w) => w.listing_id)),
  );
  const rows = weeks.flatMap((awards) =>
    awards.winners
      .filter((w) => only === null || w.listing_id === only)
      .flatMap((w) => {
        const doc = winners.get(w.listing_id);
        return doc
          ? [
              {
                week_start: awards.week_start,
                award: AWARD_NAMES[w.rank - 1] as string,
                rank: w.rank,
                votes: w.votes,
                listing: summaryOf(doc),
              },
            ]
          : [];
      }),
  );
  return pageOf(rows, paging);
};
