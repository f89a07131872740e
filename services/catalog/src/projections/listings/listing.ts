import type { ListingDraftProfile } from '@listings/contracts';
import { type ListingStatus, type Plan, withChosenExtras, withMovedPrimary } from '../../domain/listing/listing.ts';
import { type Milestone, seedMilestones } from '../../domain/listing/owned.ts';
import type { CatalogEvent, CatalogEventData } from '../catalog/catalog-event.ts';

export interface ReviewDoc {
  readonly rating: number;
  readonly body: string;
  readonly at: string;
  readonly removed?: boolean;
  readonly reply?: { readonly body: string; readonly at: string };
  readonly reports?: number;
}

export interface ListingDoc {
  readonly id: number;
  readonly slug: string;
  readonly draft_id: string;
  readonly owners: readonly string[];
  readonly status: ListingStatus;
  readonly plan: Plan;
  readonly launch_week: string | null;
  readonly unlocked: boolean;
  readonly verified: boolean;
  readonly featured: boolean;
  readonly created_at: string;
  /** first time the listing went live, null until then */
  readonly live_at: string | null;
  readonly profile: ListingDraftProfile;
  /** the primary category first, then the extra ones (shown on the paid plan) */
  readonly categories: readonly string[];
  /** the extra categories bought with a paid launch (they replace the draft's extras); absent: none */
  readonly chosen_extra_categories?: readonly string[];
  /** the primary category an operator moved the listing to (move_listing); absent: none */
  readonly moved_to?: string;
  readonly updates: readonly { title: string; body: string; at: string }[];
  readonly domain_rating: readonly { date: string; value: number }[];
  readonly revenue: readonly { date: string; mrr_cents: number }[];
  readonly billboard_cents: number;
  /**
   * account id → ISO time of the vote, for the standing votes that count (weight 1 by the ranking
   * rules); every board and count reads these
   */
  readonly votes: Readonly<Record<string, string>>;
  /** account id → ISO time of the vote, for the standing votes an integrity discount weighs 0 (absent: none) */
  readonly discounted_votes?: Readonly<Record<string, string>>;
  readonly followers: number;
  readonly views: number;
  /**
   * account id → that person's review (genuine reviews only reach here); `removed` when a
   * moderator took it down (it neither counts nor shows), the owner's `reply`, how many `reports`
   */
  readonly reviews: Readonly<Record<string, ReviewDoc>>;
  readonly alternatives: readonly number[];
  // Owned-listing state. Optional: documents stored before these existed lack them until a rebuild.
  /** accounts following the listing (they are told when an update is posted) */
  readonly follower_ids?: readonly string[];
  /** the owner's update_my_listing values, shown over the drafted profile */
  readonly edited?: Readonly<Record<string, unknown>>;
  /** version history: every published edit with its before/after copy (for the site team) */
  readonly history?: readonly {
    version: number;
    account_id: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    at: string;
  }[];
  readonly milestones?: readonly Milestone[];
  /** an operator hid the listing (status `hidden`): who, why, when; absent while it shows */
  readonly hidden?: { readonly operator: string; readonly reason: string; readonly at: string };
  /** while hidden: the status the listing has underneath, shown again when it is restored */
  readonly shown_status?: ListingStatus;
  /** follower notifications recorded per update: account id and the update's title */
  readonly notifications?: readonly { account_id: string; update_title: string; at: string }[];
}

/** The listing an event changes (its id), if it is a listing's event: one whose data names a listing id. */
export const listingIdOf = (event: CatalogEvent): string | undefined => {
  // read as any event's data: events that name no listing (or hand-written ones) have none
  const listingId = (event.data as { readonly listing_id?: unknown } | null)?.listing_id;
  return typeof listingId === 'number' ? String(listingId) : undefined;
};

const without = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => {
  const { [key]: _, ...rest } = record;
  return rest;
};

/** A listing as its creation makes it. */
const created = (d: CatalogEventData<'ListingCreated'>): ListingDoc => ({
  id: d.listing_id,
  slug: d.slug,
  draft_id: d.draft_id,
  owners: d.owners,
  status: 'draft',
  plan: 'none',
  launch_week: null,
  unlocked: false,
  verified: false,
  featured: false,
  created_at: d.at,
  live_at: null,
  profile: {} as ListingDraftProfile,
  categories: [],
  updates: [],
  domain_rating: [],
  revenue: [],
  billboard_cents: 0,
  votes: {},
  followers: 0,
  views: 0,
  reviews: {},
  alternatives: [],
  follower_ids: [],
  edited: {},
  history: [],
  milestones: [],
  notifications: [],
});

type ReviewEvent = Extract<
  CatalogEvent,
  { type: 'ReviewSubmitted' | 'ReviewReplied' | 'ReviewReported' | 'ReviewRemoved' | 'ReviewRestored' }
>;

/** The reviews after one review event. */
const evolveReviews = (reviews: ListingDoc['reviews'], event: ReviewEvent): ListingDoc['reviews'] => {
  const review = reviews[event.data.account_id];
  if (event.type === 'ReviewSubmitted') {
    // an edit keeps the reply, the reports and the moderation of the review it replaces
    const { rating, body, at } = event.data;
    return { ...reviews, [event.data.account_id]: { ...review, rating, body, at } };
  }
  if (!review) return reviews;
  const changed: ReviewDoc =
    event.type === 'ReviewReplied'
      ? { ...review, reply: { body: event.data.body, at: event.data.at } }
      : event.type === 'ReviewReported'
        ? { ...review, reports: (review.reports ?? 0) + 1 }
        : { ...review, removed: event.type === 'ReviewRemoved' };
  return { ...reviews, [event.data.account_id]: changed };
};

/** What the owner and the site team change: the profile, edits, milestones, notifications. */
const evolveOwned = (doc: ListingDoc, event: CatalogEvent): ListingDoc => {
  switch (event.type) {
    case 'ListingProfileSaved': {
      const d = event.data;
      const first = doc.profile.url === undefined;
      const profile = d.profile as ListingDraftProfile;
      return {
        ...doc,
        profile,
        categories: withMovedPrimary(withChosenExtras(d.categories, doc.chosen_extra_categories ?? null), doc.moved_to),
        ...(first ? { milestones: seedMilestones(profile.milestones) } : {}),
      };
    }
    case 'ListingEdited': {
      const { version, account_id, before, after, at } = event.data;
      return {
        ...doc,
        edited: { ...doc.edited, ...after },
        history: [...(doc.history ?? []), { version, account_id, before, after, at }],
      };
    }
    case 'FollowerNotified': {
      const { account_id, update_title, at } = event.data;
      return { ...doc, notifications: [...(doc.notifications ?? []), { account_id, update_title, at }] };
    }
    case 'MilestoneAdded':
      return { ...doc, milestones: [...(doc.milestones ?? []), event.data.milestone] };
    case 'MilestoneDeleted':
      return { ...doc, milestones: (doc.milestones ?? []).filter((m) => m.id !== event.data.milestone_id) };
    case 'FounderStorySet':
      return { ...doc, profile: { ...doc.profile, story: event.data.story } };
    case 'ListingUpdatePosted': {
      const { title, body, at } = event.data;
      return { ...doc, updates: [...doc.updates, { title, body, at }] };
    }
    default:
      return doc;
  }
};

/** What a launch, a purchase, a claim or the site team changes: status, plan, ownership, figures. */
const evolveLifecycle = (doc: ListingDoc, event: CatalogEvent): ListingDoc => {
  switch (event.type) {
    case 'LaunchScheduled':
      return { ...doc, launch_week: event.data.launch_week, plan: event.data.plan };
    case 'ListingStatusChanged': {
      const { status, at } = event.data;
      const live_at = status === 'live' && doc.live_at === null ? at : doc.live_at;
      // a hidden listing stays hidden: its status underneath changes
      return doc.hidden ? { ...doc, shown_status: status, live_at } : { ...doc, status, live_at };
    }
    case 'ListingHidden': {
      if (doc.hidden) return doc;
      const { operator, reason, at } = event.data;
      return { ...doc, hidden: { operator, reason, at }, shown_status: doc.status, status: 'hidden' };
    }
    case 'ListingRestored': {
      const { hidden: _, shown_status, ...shown } = doc;
      return { ...shown, status: shown_status ?? doc.status };
    }
    case 'PaidSectionsUnlocked':
      return { ...doc, unlocked: true };
    case 'ExtraCategoriesChosen':
      return {
        ...doc,
        chosen_extra_categories: event.data.categories,
        categories: withChosenExtras(doc.categories, event.data.categories),
      };
    case 'DomainRatingRecorded': {
      const { date, value } = event.data;
      return { ...doc, domain_rating: [...doc.domain_rating, { date, value }].sort(byDate) };
    }
    case 'RevenueRecorded': {
      const { date, mrr_cents } = event.data;
      return { ...doc, revenue: [...doc.revenue, { date, mrr_cents }].sort(byDate) };
    }
    case 'BillboardContributed':
      return { ...doc, billboard_cents: doc.billboard_cents + event.data.amount_cents };
    case 'ListingVerified': {
      // a verified claim makes the claimant an owner (services/claims)
      const owner = String(event.data.account_id);
      return { ...doc, verified: true, owners: doc.owners.includes(owner) ? doc.owners : [...doc.owners, owner] };
    }
    case 'ListingOwnersReplaced':
      // ownership followed a verified claim: the earlier owners lost it (domain/listing)
      return { ...doc, owners: event.data.owners };
    case 'ListingFeatured':
      return { ...doc, featured: true };
    case 'ListingUnfeatured':
      return { ...doc, featured: false };
    case 'ListingMoved':
      return { ...doc, moved_to: event.data.to, categories: withMovedPrimary(doc.categories, event.data.to) };
    case 'AlternativeApproved':
      return { ...doc, alternatives: [...doc.alternatives, event.data.alternative_id] };
    default:
      return evolveOwned(doc, event);
  }
};

const byDate = (a: { date: string }, b: { date: string }) => a.date.localeCompare(b.date);

/** Pure: the listing document after one event (undefined before the listing exists). */
export const evolveListingDoc = (doc: ListingDoc | undefined, event: CatalogEvent): ListingDoc | undefined => {
  if (event.type === 'ListingCreated') return created(event.data);
  if (!doc) return doc;
  switch (event.type) {
    case 'VoteCast':
    case 'VoteDiscounted': {
      const { account_id } = event.data;
      const at =
        event.type === 'VoteCast' ? event.data.at : (doc.votes[account_id] ?? doc.discounted_votes?.[account_id]);
      if (at === undefined) return doc;
      const discounted = without(doc.discounted_votes ?? {}, account_id);
      // every discount weighs 0: the vote moves out of the counted votes, and back only when cast anew
      return event.data.weight > 0
        ? { ...doc, votes: { ...doc.votes, [account_id]: at }, discounted_votes: discounted }
        : { ...doc, votes: without(doc.votes, account_id), discounted_votes: { ...discounted, [account_id]: at } };
    }
    case 'VoteWithdrawn':
      return {
        ...doc,
        votes: without(doc.votes, event.data.account_id),
        discounted_votes: without(doc.discounted_votes ?? {}, event.data.account_id),
      };
    case 'ListingFollowed':
      return {
        ...doc,
        followers: doc.followers + 1,
        follower_ids: [...(doc.follower_ids ?? []), event.data.account_id],
      };
    case 'ListingUnfollowed':
      return {
        ...doc,
        followers: Math.max(0, doc.followers - 1),
        follower_ids: (doc.follower_ids ?? []).filter((id) => id !== event.data.account_id),
      };
    case 'ListingViewed':
      return { ...doc, views: doc.views + event.data.count };
    case 'ReviewSubmitted':
    case 'ReviewReplied':
    case 'ReviewReported':
    case 'ReviewRemoved':
    case 'ReviewRestored':
      return { ...doc, reviews: evolveReviews(doc.reviews, event) };
    default:
      return evolveLifecycle(doc, event);
  }
};
