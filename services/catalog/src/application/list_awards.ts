import { listingsById, mustFindListing } from './listing-reads.ts';
import type { CatalogHandler } from './operation-context.ts';
import { pageOf, pagingOf, summaryOf } from './presenters.ts';

export const AWARD_NAMES = ['Launch of the Week #1', 'Launch of the Week #2', 'Launch of the Week #3'];

/** list_awards: the Launch of the Week winners, newest week first (of one listing with `listing`). */
export const listAwards: CatalogHandler<'list_awards'> = async (call, { view }) => {
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
