import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { catalogEvents } from '@listings/contracts/events';
import type { Config } from '@listings/platform/config';
import { handleCommand } from '@listings/platform/decider';
import { NotFoundError } from '@listings/platform/errors';
import { type EventStore, openEventStore, withEventSchemas } from '@listings/platform/event-store';
import { type EngagementCommand, engagementDecider } from '../domain/engagement/decide.ts';
import { engagementStream } from '../domain/engagement/engagement.ts';

export type CatalogLogConfig = { dataDir: string } & Partial<Pick<Config, 'kurrentdb' | 'eventsDir'>>;

/** the catalog's own event log, opened beside the running service (the operator's CLI) */
export const openCatalogEventLog = (config: CatalogLogConfig): EventStore => {
  const file = path.join(config.eventsDir ?? config.dataDir, 'catalog', 'events.sqlite');
  mkdirSync(path.dirname(file), { recursive: true });
  return openEventStore(config, { service: 'catalog', file });
};

/** One review as the operator sees it, straight from the catalog's log. */
export interface ModeratedReview {
  readonly slug: string;
  readonly listing_id: number;
  readonly reviewer_id: string;
  readonly rating: number;
  readonly body: string;
  readonly at: string;
  readonly removed: boolean;
  readonly reports: readonly { reported_by: string; reason: string; at: string }[];
}

const PAGE = 5_000;

/**
 * The operator's moderation of reviews (the CLI): reads the catalog's own log and runs the
 * catalog's own engagement commands (RemoveReview, RestoreReview) against it, so the running
 * service folds the change like any other event. Needs no read model, so it runs beside the service.
 */
export const openReviewAdmin = (config: CatalogLogConfig) => {
  const store: EventStore = withEventSchemas(openCatalogEventLog(config), catalogEvents);

  const scan = async () => {
    const slugs = new Map<number, string>();
    const reviews = new Map<string, ModeratedReview>();
    for (let after = 0; ; ) {
      const batch = await store.readAll(after, PAGE);
      for (const event of batch) {
        // the fields of the events read here (each event has the ones its type declares)
        const d = event.data as {
          listing_id: number;
          account_id: string;
          slug: string;
          rating: number;
          body: string;
          at: string;
          reported_by: string;
          reason: string;
        };
        if (event.type === 'ListingCreated') slugs.set(d.listing_id, d.slug);
        const key = `${d.listing_id}|${d.account_id}`;
        const review = reviews.get(key);
        if (event.type === 'ReviewSubmitted')
          reviews.set(key, {
            slug: '',
            listing_id: d.listing_id,
            reviewer_id: d.account_id,
            rating: d.rating,
            body: d.body,
            at: d.at,
            removed: review?.removed ?? false,
            reports: review?.reports ?? [],
          });
        else if (review && event.type === 'ReviewReported')
          reviews.set(key, {
            ...review,
            reports: [...review.reports, { reported_by: d.reported_by, reason: d.reason, at: d.at }],
          });
        else if (review && (event.type === 'ReviewRemoved' || event.type === 'ReviewRestored'))
          reviews.set(key, { ...review, removed: event.type === 'ReviewRemoved' });
      }
      if (batch.length < PAGE) break;
      after = (batch[batch.length - 1] as { position: number }).position;
    }
    return { slugs, reviews: [...reviews.values()].map((r) => ({ ...r, slug: slugs.get(r.listing_id) ?? '' })) };
  };

  const moderate = async (slug: string, reviewerId: string, command: 'RemoveReview' | 'RestoreReview', reason = '') => {
    const { reviews } = await scan();
    const review = reviews.find((r) => r.slug === slug && r.reviewer_id === reviewerId);
    if (!review) throw new NotFoundError(`no review by ${reviewerId} of ${slug}`);
    // moderation does not depend on the listing's status or owners: the review's own stream decides
    const acting = {
      listing: { listing_id: review.listing_id, status: 'live', owners: [] },
      account_id: reviewerId,
      now: new Date().toISOString(),
      by: 'operator',
    };
    const result = await handleCommand({
      store,
      stream: engagementStream(review.listing_id, reviewerId),
      decider: engagementDecider,
      command: { type: command, data: { ...acting, reason } } as EngagementCommand,
      metadata: { by: 'operator' },
    });
    return { changed: result.events.length > 0, position: result.position };
  };

  return {
    /** every review, newest first; with `reportedOnly`, those reported at least once */
    list: async (reportedOnly: boolean): Promise<ModeratedReview[]> =>
      (await scan()).reviews
        .filter((r) => !reportedOnly || r.reports.length > 0)
        .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)),
    /** `changed` false: nothing to do (removing a removed review); `position`: of the event appended (0: none) */
    remove: (slug: string, reviewerId: string, reason: string) => moderate(slug, reviewerId, 'RemoveReview', reason),
    restore: (slug: string, reviewerId: string, reason = '') => moderate(slug, reviewerId, 'RestoreReview', reason),
    close: () => store.close(),
  };
};
