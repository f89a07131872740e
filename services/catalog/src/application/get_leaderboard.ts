import { ValidationError } from '@listings/platform/errors';
import type { Where } from '@listings/platform/read-models';
import { resolveWeek, type Week } from '../domain/weeks.ts';
import type { ListingDoc } from '../projections/catalog/documents.ts';
import { L, listingQueries } from '../projections/catalog/query-keys.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import type { CatalogHandler } from './operation-context.ts';
import { memoBesidesViews, pagingOf, summaryOf, voteCount } from './presenters.ts';
import { launchDocs, weekRanking } from './week-board.ts';

export const BILLBOARD_NOTICE =
  'Paid placement: the billboard ranks listings by money contributed, not by votes or quality.';

const latest = <T extends { date: string }>(history: readonly T[]): T | undefined => history[history.length - 1];

/** get_leaderboard: one board (community weekly or all time, billboard, Domain Rating, revenue), one page of ranked rows. */
export const getLeaderboard: CatalogHandler<'get_leaderboard'> = async (call, { view, clock }) => {
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
    const page = ranked.slice(start, start + size);
    const votes = new Map(page.map((launch) => [launch.id, launch.standing.votes]));
    return {
      rows: (await launchDocs(view, page)).map((doc) => ({ doc, value: votes.get(doc.id) ?? 0 })),
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
