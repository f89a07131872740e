import type { ListingDraftProfile } from '@listings/contracts';
import { type Milestone, seedMilestones } from './owned.ts';

/** Listing statuses (docs/api-decisions.md): draft, awaiting_badge, scheduled, live, rejected, archived. */
export type ListingStatus = 'draft' | 'awaiting_badge' | 'scheduled' | 'live' | 'rejected' | 'archived';
export type Plan = 'none' | 'free' | 'paid';

export type ListingEvent =
  | {
      type: 'ListingCreated';
      data: { listing_id: number; slug: string; draft_id: string; owners: string[]; status: 'draft'; at: string };
    }
  | {
      type: 'ListingProfileSaved';
      data: { listing_id: number; profile: ListingDraftProfile; categories: string[]; at: string };
    }
  | { type: 'LaunchScheduled'; data: { listing_id: number; launch_week: string; plan: Plan; at: string } }
  | { type: 'ListingStatusChanged'; data: { listing_id: number; status: ListingStatus; at: string } }
  | { type: 'PaidSectionsUnlocked'; data: { listing_id: number; at: string } }
  /** the extra categories a paid listing shows after its primary one (bought with its launch) */
  | { type: 'ExtraCategoriesChosen'; data: { listing_id: number; categories: string[]; at: string } }
  | { type: 'ListingUpdatePosted'; data: { listing_id: number; title: string; body: string; at: string } }
  | { type: 'DomainRatingRecorded'; data: { listing_id: number; value: number; date: string } }
  | { type: 'RevenueRecorded'; data: { listing_id: number; mrr_cents: number; date: string } }
  | {
      type: 'BillboardContributed';
      data: { listing_id: number; order_number: string; amount_cents: number; at: string };
    }
  | { type: 'ListingVerified'; data: { listing_id: number; account_id: string; at: string } }
  /** ownership followed a verified claim: `owners` from now on, `removed` lost their rights */
  | { type: 'ListingOwnersReplaced'; data: { listing_id: number; owners: string[]; removed: string[]; at: string } }
  | { type: 'ListingFeatured'; data: { listing_id: number; at: string } }
  | { type: 'AlternativeApproved'; data: { listing_id: number; alternative_id: number; at: string } }
  | {
      type: 'ListingEdited';
      data: {
        listing_id: number;
        account_id: string;
        version: number;
        /** the site team's before/after copy: only the keys that changed */
        before: Record<string, unknown>;
        after: Record<string, unknown>;
        at: string;
      };
    }
  | {
      type: 'FollowerNotified';
      data: { listing_id: number; account_id: string; update_title: string; at: string };
    }
  | { type: 'MilestoneAdded'; data: { listing_id: number; milestone: Milestone; at: string } }
  | { type: 'MilestoneDeleted'; data: { listing_id: number; milestone_id: number; at: string } }
  | { type: 'FounderStorySet'; data: { listing_id: number; story: Record<string, string>; at: string } }
  | { type: 'BadgeFound'; data: { listing_id: number; at: string } }
  /**
   * the listing's paid launch (published or scheduled for `launch_week`, null = live at once) is
   * the one this order bought: at most one order per listing, and the same order again is a no-op
   */
  | {
      type: 'PaidLaunchRecorded';
      data: { listing_id: number; order_number: string; launch_week: string | null; at: string };
    }
  /** the paid launch an order bought could not be carried out (`reason`): the order needs a refund */
  | { type: 'PaidLaunchRefused'; data: { listing_id: number; order_number: string; reason: string; at: string } };

export type Listing =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly id: number;
      readonly draftId: string;
      readonly owners: readonly string[];
      readonly status: ListingStatus;
      readonly plan: Plan;
      readonly launchWeek: string | null;
      readonly unlocked: boolean;
      readonly verified: boolean;
      /**
       * true once a verified claim replaced the owners: the draft that made the listing belongs to
       * accounts that lost it, so it no longer publishes into the listing
       */
      readonly draftDetached: boolean;
      /** accounts a verified claim took the listing from (an order of theirs paid later is refused) */
      readonly formerOwners: readonly string[];
      /**
       * a claimant verified while not an owner whose verification has not replaced the owners yet:
       * only listings verified before ownership followed verification (now both are one append)
       */
      readonly handoverDue: string | null;
      readonly featured: boolean;
      readonly billboardOrders: readonly string[];
      /** the order whose paid launch this listing has (null: none, or one bought before orders were recorded) */
      readonly paidLaunchOrder: string | null;
      /** orders whose paid launch of this listing was refused */
      readonly refusedLaunchOrders: readonly string[];
      readonly alternatives: readonly number[];
      /** the profile last saved from the draft (null before the first save) */
      readonly profile: ListingDraftProfile | null;
      /** the primary category first, then the extra ones (shown only on the paid plan) */
      readonly categories: readonly string[];
      /** extra categories bought with a paid launch: they replace the draft's extras for good */
      readonly chosenExtraCategories: readonly string[] | null;
      /** owner edits (update_my_listing keys) shown over the draft's profile */
      readonly edited: Readonly<Record<string, unknown>>;
      readonly version: number;
      readonly milestones: readonly Milestone[];
      readonly nextMilestoneId: number;
      readonly badgeFound: boolean;
    };

export const initialListing: Listing = { exists: false };

/**
 * a listing's categories: the primary one, then the chosen extras when there are any, else its own
 * (no primary category, no categories)
 */
export const withChosenExtras = (categories: readonly string[], chosen: readonly string[] | null): string[] => {
  if (chosen === null) return [...categories];
  const primary = categories[0];
  return primary === undefined ? [] : [primary, ...chosen.filter((slug) => slug !== primary)];
};

export const evolveListing = (state: Listing, event: ListingEvent): Listing => {
  if (event.type === 'ListingCreated')
    return {
      exists: true,
      id: event.data.listing_id,
      draftId: event.data.draft_id,
      owners: event.data.owners,
      status: 'draft',
      plan: 'none',
      launchWeek: null,
      unlocked: false,
      verified: false,
      draftDetached: false,
      formerOwners: [],
      handoverDue: null,
      featured: false,
      billboardOrders: [],
      paidLaunchOrder: null,
      refusedLaunchOrders: [],
      alternatives: [],
      profile: null,
      categories: [],
      chosenExtraCategories: null,
      edited: {},
      version: 0,
      milestones: [],
      nextMilestoneId: 1,
      badgeFound: false,
    };
  if (!state.exists) return state;
  switch (event.type) {
    case 'ListingProfileSaved': {
      const categories = withChosenExtras(event.data.categories, state.chosenExtraCategories);
      if (state.profile !== null) return { ...state, profile: event.data.profile, categories };
      const seeded = seedMilestones(event.data.profile.milestones);
      return {
        ...state,
        profile: event.data.profile,
        categories,
        milestones: seeded,
        nextMilestoneId: seeded.length + 1,
      };
    }
    case 'ExtraCategoriesChosen':
      return {
        ...state,
        chosenExtraCategories: event.data.categories,
        categories: withChosenExtras(state.categories, event.data.categories),
      };
    case 'ListingEdited':
      return { ...state, edited: { ...state.edited, ...event.data.after }, version: event.data.version };
    case 'MilestoneAdded':
      return {
        ...state,
        milestones: [...state.milestones, event.data.milestone],
        nextMilestoneId: Math.max(state.nextMilestoneId, event.data.milestone.id + 1),
      };
    case 'MilestoneDeleted':
      return { ...state, milestones: state.milestones.filter((m) => m.id !== event.data.milestone_id) };
    case 'FounderStorySet':
      return state.profile ? { ...state, profile: { ...state.profile, story: event.data.story } } : state;
    case 'BadgeFound':
      return { ...state, badgeFound: true };
    case 'LaunchScheduled':
      return { ...state, launchWeek: event.data.launch_week, plan: event.data.plan };
    case 'ListingStatusChanged':
      return { ...state, status: event.data.status };
    case 'PaidSectionsUnlocked':
      return { ...state, unlocked: true };
    case 'BillboardContributed':
      return { ...state, billboardOrders: [...state.billboardOrders, event.data.order_number] };
    case 'PaidLaunchRecorded':
      return { ...state, paidLaunchOrder: event.data.order_number };
    case 'PaidLaunchRefused':
      return { ...state, refusedLaunchOrders: [...state.refusedLaunchOrders, event.data.order_number] };
    case 'ListingVerified': {
      // a verified claim makes the claimant an owner (services/claims)
      const owner = event.data.account_id;
      if (state.owners.includes(owner)) return { ...state, verified: true };
      return { ...state, verified: true, owners: [...state.owners, owner], handoverDue: owner };
    }
    case 'ListingOwnersReplaced':
      return {
        ...state,
        owners: event.data.owners,
        draftDetached: true,
        handoverDue: null,
        formerOwners: [...new Set([...state.formerOwners, ...event.data.removed])].filter(
          (account) => !event.data.owners.includes(account),
        ),
      };
    case 'ListingFeatured':
      return { ...state, featured: true };
    case 'AlternativeApproved':
      return { ...state, alternatives: [...state.alternatives, event.data.alternative_id] };
    default:
      return state;
  }
};
