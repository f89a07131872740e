import type { Clock } from '@listings/platform/clock';
import { ValidationError } from '@listings/platform/errors';
import type { SortOrder } from '@listings/platform/search';
import { rankStandings, type Standing } from '../../domain/awards/week-awards.ts';
import { isoDate, resolveWeek, type Week } from '../../domain/weeks.ts';
import type { ListingDoc } from '../../projections/catalog/documents.ts';
import type { CatalogView } from '../../projections/catalog/read-model.ts';
import { memoByVersion, pageOf, pagingOf, summaryOf, voteCount } from '../presenters.ts';
import { mustFindListing, summariesOf } from './listings.ts';

/** Votes cast during the week (Monday 00:00 to Sunday 23:59:59.999 UTC) and the time of the last one. */
export const weeklyStanding = (doc: ListingDoc, week: Week): Standing => {
  let votes = 0;
  let last: string | null = null;
  for (const at of Object.values(doc.votes)) {
    const t = Date.parse(at);
    if (t < week.startMs || t >= week.endMs) continue;
    votes++;
    if (last === null || at > last) last = at;
  }
  return { listing_id: doc.id, votes, last_vote_at: last };
};

/** Live launches of a week ranked by community votes of that week (the awards' order). */
export const weekRanking = (view: CatalogView, week: Week): { doc: ListingDoc; standing: Standing }[] =>
  memoByVersion(view, `week:${week.start}`, () => rankWeek(view, week));

const rankWeek = (view: CatalogView, week: Week): { doc: ListingDoc; standing: Standing }[] => {
  const launching: ListingDoc[] = [];
  for (const doc of view.listings()) if (doc.launch_week === week.start && doc.status === 'live') launching.push(doc);
  const standings = launching.map((doc) => weeklyStanding(doc, week));
  const ranked = rankStandings(standings);
  const unranked = standings.filter((s) => s.votes === 0).sort((a, b) => a.listing_id - b.listing_id);
  return [...ranked, ...unranked].map((standing) => ({
    doc: view.listing(standing.listing_id) as ListingDoc,
    standing,
  }));
};

export const getLaunchWeek = (view: CatalogView, clock: Clock) => async (call: { params: Record<string, unknown> }) => {
  const week = resolveWeek(call.params.week as string, clock.now(), 'params.week');
  const live = weekRanking(view, week).map(({ doc, standing }) => ({ ...summaryOf(doc), week_votes: standing.votes }));
  const scheduled: ListingDoc[] = [];
  if (week.endMs > clock.now().getTime())
    for (const doc of view.listings())
      if (doc.launch_week === week.start && (doc.status === 'scheduled' || doc.status === 'awaiting_badge'))
        scheduled.push(doc);
  scheduled.sort((a, b) => a.id - b.id);
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
    const ranked = weekRanking(view, resolveWeek('this', now, 'query.section'));
    return pageOf(ranked, paging, ({ doc }) => summaryOf(doc));
  }
  if (section === 'upcoming') {
    const upcoming = memoByVersion(view, 'upcoming', () => {
      const docs: ListingDoc[] = [];
      for (const doc of view.listings())
        if ((doc.status === 'scheduled' || doc.status === 'awaiting_badge') && doc.launch_week !== null) docs.push(doc);
      return docs.sort((a, b) => (a.launch_week as string).localeCompare(b.launch_week as string) || a.id - b.id);
    });
    return pageOf(upcoming, paging, summaryOf);
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
  return { items: summariesOf(view, hits.ids), page: paging.page, per_page: paging.per_page, total: hits.total };
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
    const rows = memoByVersion(view, `board:${board}:${week?.start ?? ''}`, () => boardRows(view, board, week));
    const start = (paging.page - 1) * paging.per_page;
    return {
      items: rows.slice(start, start + paging.per_page).map((row, i) => ({
        rank: start + i + 1,
        listing: summaryOf(row.doc),
        metric: { ...metric, value: row.value },
      })),
      page: paging.page,
      per_page: paging.per_page,
      total: rows.length,
      board,
      paid: board === 'billboard',
      ...(board === 'billboard' ? { notice: BILLBOARD_NOTICE } : {}),
      ...(week ? { week_start: week.start, week_end: week.end } : {}),
    };
  };

/** A board's rows, best first (computed once per read-model version). */
const boardRows = (view: CatalogView, board: string, week: Week | undefined): { doc: ListingDoc; value: number }[] => {
  const live = [...view.listings()].filter((d) => d.status === 'live');
  const byValue = (a: { doc: ListingDoc; value: number }, b: { doc: ListingDoc; value: number }) =>
    b.value - a.value || a.doc.id - b.doc.id;
  switch (board) {
    case 'community-weekly':
      return weekRanking(view, week as Week).map(({ doc, standing }) => ({ doc, value: standing.votes }));
    case 'community-all-time':
      return live.map((doc) => ({ doc, value: voteCount(doc) })).sort(byValue);
    case 'billboard':
      return [...view.listings()]
        .filter((d) => d.billboard_cents > 0 && (d.status === 'live' || d.status === 'scheduled'))
        .map((doc) => ({ doc, value: doc.billboard_cents }))
        .sort(byValue);
    case 'domain-rating':
      return live
        .filter((d) => d.domain_rating.length > 0)
        .map((doc) => ({ doc, value: latest(doc.domain_rating)?.value ?? 0 }))
        .sort(byValue);
    case 'revenue':
      return live
        .filter((d) => d.revenue.length > 0)
        .map((doc) => ({ doc, value: latest(doc.revenue)?.mrr_cents ?? 0 }))
        .sort(byValue);
    default:
      return [];
  }
};

export const AWARD_NAMES = ['Launch of the Week #1', 'Launch of the Week #2', 'Launch of the Week #3'];

export const listAwards = (view: CatalogView) => async (call: { query: Record<string, unknown> }) => {
  const paging = pagingOf(call.query);
  const only = call.query.listing ? mustFindListing(view, call.query.listing as string).id : null;
  const rows = [...view.awards.values()]
    .sort((a, b) => b.week_start.localeCompare(a.week_start))
    .flatMap((awards) =>
      awards.winners
        .filter((w) => only === null || w.listing_id === only)
        .flatMap((w) => {
          const doc = view.listing(w.listing_id);
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
