import { resolveWeek } from '../domain/weeks.ts';
import { listingQueries } from '../projections/catalog/query-keys.ts';
import type { CatalogHandler } from './operation-context.ts';
import { pageOf, pagingOf } from './presenters.ts';
import { voteWeight, weekRulesVersion } from './ranking-rules.ts';

/** to the minute: the ledger says when, not the second a person clicked */
const toMinute = (at: string) => `${at.slice(0, 16)}:00.000Z`;
const discountedToMinute = <W extends { discounted_at: string | null }>(w: W): W => ({
  ...w,
  discounted_at: w.discounted_at === null ? null : toMinute(w.discounted_at),
});

/**
 * get_vote_ledger: every vote on a week's live launches (from the ledger projection, withdrawn ones
 * kept), oldest first by the exact cast time, each with its weight and discount reason and the
 * voter's pseudonym for that week.
 */
export const getVoteLedger: CatalogHandler<'get_vote_ledger'> = async (call, { view, clock, voterPseudonym }) => {
  const week = resolveWeek(call.params.week as string, clock.now(), 'params.week');
  const launches = await view.findListings({ where: listingQueries.liveInWeek(week.start) });
  const votes = launches
    .flatMap((doc) => (view.ledger.get(String(doc.id))?.votes ?? []).map((vote) => ({ doc, vote })))
    .sort(
      (a, b) =>
        a.vote.cast_at.localeCompare(b.vote.cast_at) ||
        a.doc.id - b.doc.id ||
        a.vote.account_id.localeCompare(b.vote.account_id),
    );
  const page = pageOf(votes, pagingOf(call.query));
  const items = await Promise.all(
    page.items.map(async ({ doc, vote }) => ({
      listing: doc.slug,
      listing_id: doc.id,
      voter: await voterPseudonym(vote.account_id, week.start),
      cast_at: toMinute(vote.cast_at),
      withdrawn_at: vote.withdrawn_at === null ? null : toMinute(vote.withdrawn_at),
      ...discountedToMinute(voteWeight(vote, week)),
    })),
  );
  return { ...page, items, week_start: week.start, week_end: week.end, rules_version: weekRulesVersion(view, week) };
};
