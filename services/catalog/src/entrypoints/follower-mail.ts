import type { IdentityRequest } from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import type { CheckpointStore } from '@listings/platform/checkpoints';
import { startCheckpointedSubscription } from '@listings/platform/checkpoints';
import type { Clock } from '@listings/platform/clock';
import type { AllSubscription, EventStore, RecordedEvent } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import { summaryOf } from '../application/presenters.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import { sendAccountMail } from './account-mail.ts';

/** the durable name: renaming it starts it again from the beginning */
export const FOLLOWER_MAIL_SUBSCRIBER = 'catalog-follower-mail';
/** older notifications are not mailed (a first start on an old log, a long outage): they stay on /me/notifications */
export const FOLLOWER_MAIL_MAX_AGE_MS = 24 * 3_600_000;

/**
 * Followers hear of a listing's update by email: each FollowerNotified in the catalog's log becomes
 * a `gateway.internal.mail_account` request (identity holds the addresses), keyed by the event id
 * so a redelivery sends nothing twice. A mail that cannot be sent is logged and skipped: the
 * notification is on the person's `/me/notifications` either way.
 */
export const startFollowerMail = (deps: {
  readonly events: EventStore;
  readonly checkpoints: CheckpointStore;
  readonly bus: Bus;
  readonly view: CatalogView;
  readonly clock: Clock;
  readonly publicUrl: string;
  readonly logger: Logger;
}): Promise<AllSubscription> =>
  startCheckpointedSubscription({
    store: deps.events,
    checkpoints: deps.checkpoints,
    name: FOLLOWER_MAIL_SUBSCRIBER,
    // every other event (a page view is one) passes without a checkpoint write of its own
    handles: (event) => event.type === 'FollowerNotified',
    handler: async (event: RecordedEvent) => {
      const d = event.data as { listing_id: number; account_id: string; update_title: string; at: string };
      if (deps.clock.now().getTime() - Date.parse(d.at) > FOLLOWER_MAIL_MAX_AGE_MS) return;
      const doc = await deps.view.listing(d.listing_id);
      if (!doc) return;
      const name = summaryOf(doc).name;
      const request: IdentityRequest<'mail_account'> = {
        account_id: d.account_id,
        kind: 'listing-update',
        subject: `${name}: ${d.update_title}`.slice(0, 200),
        text: [
          `${name}, which you follow, posted an update: ${d.update_title}`,
          '',
          `Read it: ${deps.publicUrl}/listings/${doc.slug}`,
          `Your notifications: ${deps.publicUrl}/me/notifications`,
          '',
          'To stop these emails, unfollow the listing on its page.',
        ].join('\n'),
        dedupe_key: `follower-update:${event.id}`,
      };
      await sendAccountMail(deps, request, { what: 'follower update mail', eventId: event.id });
    },
    onError: (err) => deps.logger.error({ err }, 'follower mail subscription stopped'),
    onLeaseError: (err) =>
      deps.logger.warn({ err }, 'follower mail subscription: lease not taken or renewed; trying again'),
  });
