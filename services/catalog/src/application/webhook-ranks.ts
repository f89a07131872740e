import type { RecordedEvent } from '@listings/platform/event-store';
import { weekOf } from '../domain/weeks.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import type { WebhookNews } from './webhook-bodies.ts';
import { weekBoardOf } from './week-board.ts';

/**
 * `rank.changed`: a vote cast or withdrawn in a launch week moves listings on that week's board, not
 * only the one voted for. After such a vote, every listing of the week that has webhooks (`indexed`)
 * gets its place on the board as news; an endpoint hears of it only when the place differs from the
 * last it was sent (`Endpoint.last_rank`).
 */
export const rankNewsOf = async (
  event: RecordedEvent,
  view: CatalogView,
  indexed: ReadonlySet<number>,
): Promise<WebhookNews[]> => {
  if (event.type !== 'VoteCast' && event.type !== 'VoteWithdrawn') return [];
  const d = event.data as { listing_id: number; launch_week?: string | null };
  // a withdrawal does not name the week: the listing's own
  const week = d.launch_week ?? (await view.listing(d.listing_id))?.launch_week;
  if (!week) return [];
  const ranking = await weekBoardOf(view, weekOf(new Date(`${week}T00:00:00Z`))).ranking();
  const news: WebhookNews[] = [];
  for (const [i, launch] of ranking.entries()) {
    if (!indexed.has(launch.id)) continue;
    const doc = await view.listing(launch.id);
    if (!doc) continue;
    news.push({
      listing_id: doc.id,
      type: 'rank.changed',
      data: { listing_id: doc.id, slug: doc.slug, launch_week: week, rank: i + 1 },
    });
  }
  return news;
};
