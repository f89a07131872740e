import type { WebhookEventName } from '@listings/contracts';
import type { RecordedEvent } from '@listings/platform/event-store';
import { isoDate, mondayOf } from '../domain/weeks.ts';
import type { ListingDoc } from '../projections/catalog/documents.ts';

/** What a webhook hears of one event of the log: its type and data (ids and counts, never a person). */
export interface WebhookNews {
  readonly listing_id: number;
  readonly type: WebhookEventName;
  readonly data: Record<string, unknown>;
}

/** the log's event types that become webhook deliveries */
export const WEBHOOK_SOURCE_EVENTS = new Set([
  'VoteCast',
  'VoteWithdrawn',
  'ListingFollowed',
  'ReviewSubmitted',
  'ListingVerified',
  'PaidLaunchRecorded',
  'BillboardContributed',
  'ListingStatusChanged',
  'WeekAwardsDecided',
]);

const count = (record: Readonly<Record<string, unknown>>) => Object.keys(record).length;

/**
 * The webhook news of one event of the catalog's log, with the listing's counts as the directory
 * holds them when the delivery is queued. A voter, follower, reviewer or claimant is never named:
 * the bodies carry the listing's id and counts only.
 */
export const webhookNewsOf = (event: RecordedEvent, doc: ListingDoc): WebhookNews[] => {
  const d = event.data as Record<string, unknown> & { listing_id: number };
  const listing = { listing_id: doc.id, slug: doc.slug };
  switch (event.type) {
    case 'VoteCast':
      return [
        { ...on(doc), type: 'vote.counted', data: { ...listing, launch_week: d.launch_week, votes: count(doc.votes) } },
      ];
    case 'ListingFollowed':
      return [{ ...on(doc), type: 'follower.added', data: { ...listing, followers: doc.followers } }];
    case 'ReviewSubmitted':
      return [
        { ...on(doc), type: 'review.posted', data: { ...listing, rating: d.rating, reviews: count(doc.reviews) } },
      ];
    case 'ListingVerified':
      return [{ ...on(doc), type: 'claim.verified', data: listing }];
    case 'PaidLaunchRecorded':
      return [
        {
          ...on(doc),
          type: 'order.paid',
          data: { ...listing, order_number: d.order_number, launch_week: d.launch_week },
        },
      ];
    case 'BillboardContributed':
      return [
        {
          ...on(doc),
          type: 'order.paid',
          data: { ...listing, order_number: d.order_number, amount_cents: d.amount_cents },
        },
      ];
    case 'ListingStatusChanged': {
      if (d.status !== 'live') return [];
      const published: WebhookNews = { ...on(doc), type: 'listing.published', data: listing };
      const week = doc.launch_week;
      // live in its launch week: the week began for it
      const started = week !== null && isoDate(mondayOf(new Date(String(d.at)))) === week;
      return started
        ? [published, { ...on(doc), type: 'launch_week.started', data: { ...listing, launch_week: week } }]
        : [published];
    }
    case 'WeekAwardsDecided': {
      const week = String(d.week_start);
      const start = Date.parse(`${week}T00:00:00Z`);
      const inWeek = Object.values(doc.votes).filter(
        (at) => Date.parse(at) >= start && Date.parse(at) < start + WEEK_MS,
      );
      const rank = (d.winners as { rank: number; listing_id: number }[]).find((w) => w.listing_id === doc.id)?.rank;
      return [
        {
          ...on(doc),
          type: 'launch_week.ended',
          data: { ...listing, launch_week: week, votes: inWeek.length, award_rank: rank ?? null },
        },
      ];
    }
    default:
      return [];
  }
};

const WEEK_MS = 7 * 86_400_000;
const on = (doc: ListingDoc) => ({ listing_id: doc.id });
