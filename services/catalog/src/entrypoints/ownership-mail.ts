import type { IdentityRequest } from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import type { CheckpointStore } from '@listings/platform/checkpoints';
import { startCheckpointedSubscription } from '@listings/platform/checkpoints';
import type { AllSubscription, EventStore, RecordedEvent } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import { summaryOf } from '../application/presenters.ts';
import type { ListingEvent } from '../domain/listing/listing.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import { shownProfile } from '../projections/catalog/search-documents.ts';
import { sendAccountMail } from './account-mail.ts';

/** the durable name: renaming it starts it again from the beginning */
export const OWNERSHIP_MAIL_SUBSCRIBER = 'catalog-ownership-mail';

type OwnersReplaced = Extract<ListingEvent, { type: 'ListingOwnersReplaced' }>['data'];

/** what a removed owner is told: what they lost, what stays theirs (docs/claims.md, Ownership follows verification) */
export const ownershipLostMail = (
  listing: { name: string; slug: string; website: string | null },
  publicUrl: string,
): { subject: string; text: string } => ({
  subject: `You are no longer an owner of ${listing.name}`.slice(0, 200),
  text: [
    `The owner of ${listing.website ?? "the listing's website"} proved they run it (a verified claim), so ${listing.name} is theirs now and you are no longer one of its owners.`,
    '',
    'From now on you cannot edit the listing, post updates to its followers, manage its milestones, story or plan, or order for it,',
    'and your draft of it stays yours but no longer publishes to the listing.',
    '',
    `Your orders stay yours: ${publicUrl}/me/orders. A launch you paid for before the claim was verified keeps its week;`,
    'an order for this listing paid after it is refunded.',
    '',
    `The listing: ${publicUrl}/listings/${listing.slug}`,
    `If you run this website yourself, you can claim it: ${publicUrl}/me/claims`,
  ].join('\n'),
});

/**
 * Owners a verified claim removed hear of it by email: each ListingOwnersReplaced in the catalog's
 * log becomes one `gateway.internal.mail_account` request per removed owner, keyed by the event id
 * and the account, so a redelivery sends nothing twice. A mail that cannot be sent is logged and
 * skipped (the listing is gone from their `/me/listings` either way).
 */
export const startOwnershipMail = (deps: {
  readonly events: EventStore;
  readonly checkpoints: CheckpointStore;
  readonly bus: Bus;
  readonly view: CatalogView;
  readonly publicUrl: string;
  readonly logger: Logger;
}): Promise<AllSubscription> =>
  startCheckpointedSubscription({
    store: deps.events,
    checkpoints: deps.checkpoints,
    name: OWNERSHIP_MAIL_SUBSCRIBER,
    handles: (event) => event.type === 'ListingOwnersReplaced',
    handler: async (event: RecordedEvent) => {
      const d = event.data as OwnersReplaced;
      const doc = await deps.view.listing(d.listing_id);
      if (!doc) return;
      const mail = ownershipLostMail(
        { name: summaryOf(doc).name, slug: doc.slug, website: shownProfile(doc).url ?? null },
        deps.publicUrl,
      );
      for (const account of d.removed) {
        const request: IdentityRequest<'mail_account'> = {
          account_id: account,
          kind: 'listing-ownership-lost',
          ...mail,
          dedupe_key: `ownership-lost:${event.id}:${account}`.slice(0, 200),
        };
        await sendAccountMail(deps, request, { what: 'ownership mail', eventId: event.id });
      }
    },
    onError: (err) => deps.logger.error({ err }, 'ownership mail subscription stopped'),
    onLeaseError: (err) =>
      deps.logger.warn({ err }, 'ownership mail subscription: lease not taken or renewed; trying again'),
  });
