import { extraCategoriesProblem, type ListingDraftProfile } from '@listings/contracts';
import type { Decider } from '@listings/platform/decider';
import { ConflictError, NotFoundError, ValidationError } from '@listings/platform/errors';
import { DraftDetachedError } from './errors.ts';
import { evolveListing, initialListing, type Listing, type ListingEvent, type Plan } from './listing.ts';
import { type Milestone, shownValue } from './owned.ts';

export type ListingCommand =
  | {
      type: 'SaveListingFromDraft';
      data: {
        listing_id: number;
        /** the slug this listing gets if it is new (already reserved by the handler) */
        slug: string;
        draft_id: string;
        owners: string[];
        profile: ListingDraftProfile;
        /** category slugs resolved from the profile's names, primary first */
        categories: string[];
        /** true when the handler creates the listing (listing_id null in the request) */
        create: boolean;
        now: string;
      };
    }
  | {
      type: 'PublishListing';
      data: {
        launch_week: string | null;
        this_week: string;
        plan: 'free' | 'paid';
        /** paid only: the categories chosen besides the primary one (known categories, checked by the caller) */
        extra_categories?: readonly string[];
        /** paid only: the order that bought this launch (commerce); the same order again is a no-op */
        order_number?: string;
        /** paid only: the account that bought it; one a verified claim took the listing from is refused */
        buyer_account_id?: string;
        now: string;
      };
    }
  | { type: 'GoLive'; data: { this_week: string; now: string } }
  | { type: 'PostUpdate'; data: { title: string; body: string; now: string } }
  | { type: 'RecordDomainRating'; data: { value: number; date: string } }
  | { type: 'RecordRevenue'; data: { mrr_cents: number; date: string } }
  | { type: 'ContributeToBillboard'; data: { order_number: string; amount_cents: number; now: string } }
  /** records that an order's paid launch could not be carried out (nothing when it was, or was refused already) */
  | { type: 'RefusePaidLaunch'; data: { order_number: string; reason: string; now: string } }
  | { type: 'MarkVerified'; data: { account_id: string; now: string } }
  /** a verification recorded before ownership followed it: replace the owners now (else nothing) */
  | { type: 'CompleteOwnershipHandover'; data: { now: string } }
  | { type: 'Feature'; data: { operator: string | null; reason: string; now: string } }
  | { type: 'Unfeature'; data: { operator: string; reason: string; now: string } }
  /** an operator's move to another primary category (the handler checked the category exists) */
  | { type: 'MoveListing'; data: { category: string; operator: string; reason: string; now: string } }
  | { type: 'ApproveAlternative'; data: { alternative_id: number; now: string } }
  | { type: 'EditListing'; data: { account_id: string; edits: Record<string, unknown>; now: string } }
  | {
      type: 'PostOwnerUpdate';
      data: { account_id: string; title: string; body: string; followers: readonly string[]; now: string };
    }
  | {
      type: 'AddMilestone';
      data: { account_id: string; milestone: Omit<Milestone, 'id'>; max: number; now: string };
    }
  | { type: 'DeleteMilestone'; data: { account_id: string; milestone_id: number; now: string } }
  | { type: 'SetFounderStory'; data: { account_id: string; story: Record<string, string>; now: string } }
  | { type: 'ChooseFreePlan'; data: { account_id: string; launch_week: string; now: string } }
  | { type: 'FindBadge'; data: { this_week: string; now: string } }
  /** an operator's moderation: hide the listing everywhere public, or show it again */
  | { type: 'HideListing' | 'RestoreListing'; data: { operator: string; reason: string; now: string } };

const PUBLISHABLE = new Set(['draft', 'awaiting_badge', 'scheduled']);

const mustExist = (state: Listing) => {
  if (!state.exists) throw new NotFoundError('no such listing');
  return state;
};

/** "Your own only": someone else's listing answers exactly like an unknown one. */
const mustOwn = (state: Listing, accountId: string) => {
  const s = mustExist(state);
  if (!s.owners.includes(accountId)) throw new NotFoundError('no such listing');
  return s;
};

const paidLaunchRecorded = (listingId: number, order: string, launchWeek: string | null, at: string): ListingEvent => ({
  type: 'PaidLaunchRecorded',
  data: { listing_id: listingId, order_number: order, launch_week: launchWeek, at },
});

export const decideListing = (command: ListingCommand, state: Listing): ListingEvent[] => {
  switch (command.type) {
    case 'SaveListingFromDraft': {
      const d = command.data;
      const saved: ListingEvent = {
        type: 'ListingProfileSaved',
        data: { listing_id: d.listing_id, profile: d.profile, categories: d.categories, at: d.now },
      };
      if (!state.exists) {
        if (!d.create) throw new NotFoundError(`listing ${d.listing_id} does not exist`);
        return [
          {
            type: 'ListingCreated',
            data: {
              listing_id: d.listing_id,
              slug: d.slug,
              draft_id: d.draft_id,
              owners: d.owners,
              status: 'draft',
              at: d.now,
            },
          },
          saved,
        ];
      }
      if (d.create) throw new ConflictError(`listing ${d.listing_id} already exists`);
      if (state.draftId !== d.draft_id) throw new ConflictError(`listing ${d.listing_id} belongs to another draft`);
      if (state.draftDetached) throw new DraftDetachedError(d.listing_id);
      return [saved];
    }
    case 'PublishListing': {
      const s = mustExist(state);
      const d = command.data;
      const order = d.order_number;
      if (order !== undefined) {
        if (d.plan !== 'paid') throw new ValidationError([{ field: 'plan', message: 'an order buys the paid plan' }]);
        // this order's launch, told again; or refused for this order already (decided: not again)
        if (s.paidLaunchOrder === order || s.refusedLaunchOrders.includes(order)) return [];
        if (s.paidLaunchOrder !== null)
          throw new ConflictError(`listing ${s.id}'s paid launch is order ${s.paidLaunchOrder}'s`);
        // ordered while an owner, paid after a verified claim took the listing: not theirs to launch
        if (d.buyer_account_id !== undefined && s.formerOwners.includes(d.buyer_account_id))
          throw new ConflictError(
            `the buyer is no longer an owner of listing ${s.id}: its website's owner verified a claim on it before this order was paid`,
          );
        // a paid launch from before orders were recorded here (commerce's one-launch rule gave it to this order)
        if (s.plan === 'paid' && (s.status === 'live' || s.status === 'scheduled'))
          return [paidLaunchRecorded(s.id, order, s.status === 'live' ? null : s.launchWeek, d.now)];
      }
      if (!PUBLISHABLE.has(s.status)) throw new ConflictError(`a ${s.status} listing cannot be published`);
      if (d.launch_week !== null && d.launch_week < d.this_week)
        throw new ValidationError([{ field: 'launch_week', message: 'is in the past' }]);
      const plan: Plan = d.plan;
      const events: ListingEvent[] = [];
      const id = s.id;
      if (plan === 'paid' && !s.unlocked)
        events.push({ type: 'PaidSectionsUnlocked', data: { listing_id: id, at: d.now } });
      if (d.extra_categories !== undefined) {
        const problem =
          plan === 'paid'
            ? extraCategoriesProblem(d.extra_categories, s.categories[0] ?? null)
            : 'extra categories come with the paid plan only';
        if (problem) throw new ValidationError([{ field: 'extra_categories', message: problem }]);
        events.push({
          type: 'ExtraCategoriesChosen',
          data: { listing_id: id, categories: [...d.extra_categories], at: d.now },
        });
      }
      const week = d.launch_week ?? d.this_week;
      events.push({ type: 'LaunchScheduled', data: { listing_id: id, launch_week: week, plan, at: d.now } });
      const status = week <= d.this_week ? 'live' : plan === 'free' ? 'awaiting_badge' : 'scheduled';
      if (status !== s.status)
        events.push({ type: 'ListingStatusChanged', data: { listing_id: id, status, at: d.now } });
      if (order !== undefined) events.push(paidLaunchRecorded(id, order, status === 'live' ? null : week, d.now));
      return events;
    }
    case 'GoLive': {
      const s = mustExist(state);
      if (s.status === 'live') return [];
      if (s.status !== 'scheduled' || s.launchWeek === null || s.launchWeek > command.data.this_week)
        throw new ConflictError(`a ${s.status} listing for week ${s.launchWeek} cannot go live now`);
      return [{ type: 'ListingStatusChanged', data: { listing_id: s.id, status: 'live', at: command.data.now } }];
    }
    case 'PostUpdate': {
      const s = mustExist(state);
      const d = command.data;
      return [{ type: 'ListingUpdatePosted', data: { listing_id: s.id, title: d.title, body: d.body, at: d.now } }];
    }
    case 'RecordDomainRating': {
      const s = mustExist(state);
      const { value, date } = command.data;
      if (!Number.isFinite(value) || value < 0 || value > 100)
        throw new ValidationError([{ field: 'value', message: 'must be between 0 and 100' }]);
      return [{ type: 'DomainRatingRecorded', data: { listing_id: s.id, value, date } }];
    }
    case 'RecordRevenue': {
      const s = mustExist(state);
      if (!Number.isInteger(command.data.mrr_cents) || command.data.mrr_cents < 0)
        throw new ValidationError([{ field: 'mrr_cents', message: 'must be a whole number of cents >= 0' }]);
      // only the declared fields: the command also carries the handler's `now`
      const { mrr_cents, date } = command.data;
      return [{ type: 'RevenueRecorded', data: { listing_id: s.id, mrr_cents, date } }];
    }
    case 'ContributeToBillboard': {
      const s = mustExist(state);
      const d = command.data;
      if (s.billboardOrders.includes(d.order_number)) return []; // the same payment told twice
      return [
        {
          type: 'BillboardContributed',
          data: { listing_id: s.id, order_number: d.order_number, amount_cents: d.amount_cents, at: d.now },
        },
      ];
    }
    case 'RefusePaidLaunch': {
      const s = mustExist(state);
      const d = command.data;
      if (s.paidLaunchOrder === d.order_number || s.refusedLaunchOrders.includes(d.order_number)) return [];
      return [
        {
          type: 'PaidLaunchRefused',
          data: { listing_id: s.id, order_number: d.order_number, reason: d.reason, at: d.now },
        },
      ];
    }
    case 'MarkVerified': {
      const s = mustExist(state);
      // one verified owner, held by the listing's stream: a replica that read a stale view still
      // cannot verify the listing for a second claimant
      if (s.verified) {
        if (s.owners.includes(command.data.account_id)) return [];
        throw new ConflictError('the listing is already verified by its owners');
      }
      const { account_id: claimant, now } = command.data;
      const verified: ListingEvent = {
        type: 'ListingVerified',
        data: { listing_id: s.id, account_id: claimant, at: now },
      };
      // the claimant's own team stays; a claimant who was not an owner proved the others are not
      if (s.owners.includes(claimant)) return [verified];
      return [
        verified,
        {
          type: 'ListingOwnersReplaced',
          data: { listing_id: s.id, owners: [claimant], removed: [...s.owners], at: now },
        },
      ];
    }
    case 'CompleteOwnershipHandover': {
      const s = mustExist(state);
      const claimant = s.handoverDue;
      if (claimant === null) return [];
      return [
        {
          type: 'ListingOwnersReplaced',
          data: {
            listing_id: s.id,
            owners: [claimant],
            removed: s.owners.filter((owner) => owner !== claimant),
            at: command.data.now,
          },
        },
      ];
    }
    case 'Feature': {
      const s = mustExist(state);
      const { operator, reason, now } = command.data;
      return s.featured ? [] : [{ type: 'ListingFeatured', data: { listing_id: s.id, operator, reason, at: now } }];
    }
    case 'Unfeature': {
      const s = mustExist(state);
      const { operator, reason, now } = command.data;
      return s.featured ? [{ type: 'ListingUnfeatured', data: { listing_id: s.id, operator, reason, at: now } }] : [];
    }
    case 'MoveListing': {
      const s = mustExist(state);
      const { category, operator, reason, now } = command.data;
      const from = s.categories[0] ?? null;
      if (from === category) return [];
      return [{ type: 'ListingMoved', data: { listing_id: s.id, from, to: category, operator, reason, at: now } }];
    }
    case 'HideListing':
    case 'RestoreListing': {
      const s = mustExist(state);
      const { operator, reason, now } = command.data;
      const hide = command.type === 'HideListing';
      if ((s.hidden !== null) === hide) return [];
      const data = { listing_id: s.id, operator, reason, at: now };
      return [hide ? { type: 'ListingHidden', data } : { type: 'ListingRestored', data }];
    }
    case 'ApproveAlternative': {
      const s = mustExist(state);
      const d = command.data;
      if (d.alternative_id === s.id)
        throw new ValidationError([{ field: 'alternative_id', message: 'a listing is not its own alternative' }]);
      if (s.alternatives.includes(d.alternative_id)) return [];
      return [{ type: 'AlternativeApproved', data: { listing_id: s.id, alternative_id: d.alternative_id, at: d.now } }];
    }
    case 'EditListing': {
      const s = mustOwn(state, command.data.account_id);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(command.data.edits)) {
        const old = shownValue(s.profile, s.edited, key);
        if (JSON.stringify(old) === JSON.stringify(value)) continue;
        before[key] = old;
        after[key] = value;
      }
      if (Object.keys(after).length === 0) return [];
      return [
        {
          type: 'ListingEdited',
          data: {
            listing_id: s.id,
            account_id: command.data.account_id,
            version: s.version + 1,
            before,
            after,
            at: command.data.now,
          },
        },
      ];
    }
    case 'PostOwnerUpdate': {
      const s = mustOwn(state, command.data.account_id);
      const d = command.data;
      return [
        { type: 'ListingUpdatePosted', data: { listing_id: s.id, title: d.title, body: d.body, at: d.now } },
        ...[...new Set(d.followers)].map(
          (account_id): ListingEvent => ({
            type: 'FollowerNotified',
            data: { listing_id: s.id, account_id, update_title: d.title, at: d.now },
          }),
        ),
      ];
    }
    case 'AddMilestone': {
      const s = mustOwn(state, command.data.account_id);
      const d = command.data;
      if (s.milestones.length >= d.max) throw new ConflictError(`a listing holds at most ${d.max} milestones`);
      return [
        {
          type: 'MilestoneAdded',
          data: { listing_id: s.id, milestone: { id: s.nextMilestoneId, ...d.milestone }, at: d.now },
        },
      ];
    }
    case 'DeleteMilestone': {
      const s = mustOwn(state, command.data.account_id);
      const d = command.data;
      if (!s.milestones.some((m) => m.id === d.milestone_id))
        throw new NotFoundError(`no milestone ${d.milestone_id} on this listing`);
      return [{ type: 'MilestoneDeleted', data: { listing_id: s.id, milestone_id: d.milestone_id, at: d.now } }];
    }
    case 'SetFounderStory': {
      const s = mustOwn(state, command.data.account_id);
      return [{ type: 'FounderStorySet', data: { listing_id: s.id, story: command.data.story, at: command.data.now } }];
    }
    case 'ChooseFreePlan': {
      const s = mustOwn(state, command.data.account_id);
      const d = command.data;
      if (s.status !== 'draft' || s.plan !== 'none')
        throw new ConflictError(
          `only a submitted listing that is still a draft can choose the free plan; this one is ${s.status}` +
            (s.plan === 'none' ? '' : ` on the ${s.plan} plan`),
        );
      return [
        { type: 'LaunchScheduled', data: { listing_id: s.id, launch_week: d.launch_week, plan: 'free', at: d.now } },
        { type: 'ListingStatusChanged', data: { listing_id: s.id, status: 'awaiting_badge', at: d.now } },
      ];
    }
    case 'FindBadge': {
      const s = mustExist(state);
      const d = command.data;
      if (s.status !== 'awaiting_badge') return []; // found already, or the listing moved on (e.g. paid)
      const status = s.launchWeek !== null && s.launchWeek <= d.this_week ? 'live' : 'scheduled';
      return [
        { type: 'BadgeFound', data: { listing_id: s.id, at: d.now } },
        { type: 'ListingStatusChanged', data: { listing_id: s.id, status, at: d.now } },
      ];
    }
    default: {
      const never: never = command;
      throw new Error(`unknown command ${JSON.stringify(never)}`);
    }
  }
};

export const listingDecider: Decider<ListingCommand, Listing, ListingEvent> = {
  initialState: initialListing,
  evolve: evolveListing,
  decide: decideListing,
};
