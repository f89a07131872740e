import type { ListingDraftProfile } from '@listings/contracts';
import type { CatalogEventOf } from '../catalog-events.ts';
import { type Milestone, seedMilestones } from './owned.ts';

/**
 * Listing statuses (docs/api-decisions.md): draft, awaiting_badge, scheduled, live, rejected,
 * archived; and `hidden`, which only the read model shows (an operator hid the listing: the
 * aggregate keeps its status and `hidden` beside it, so a restore shows the status it has then).
 */
export type ListingStatus = 'draft' | 'awaiting_badge' | 'scheduled' | 'live' | 'rejected' | 'archived' | 'hidden';
export type Plan = 'none' | 'free' | 'paid';

/** the events of `listing-<id>` */
export type ListingEvent = CatalogEventOf<
  | 'ListingCreated'
  | 'ListingProfileSaved'
  | 'LaunchScheduled'
  | 'ListingStatusChanged'
  | 'PaidSectionsUnlocked'
  | 'ExtraCategoriesChosen'
  | 'ListingUpdatePosted'
  | 'DomainRatingRecorded'
  | 'RevenueRecorded'
  | 'BillboardContributed'
  | 'ListingVerified'
  | 'ListingOwnersReplaced'
  | 'ListingFeatured'
  | 'ListingUnfeatured'
  | 'ListingMoved'
  | 'AlternativeApproved'
  | 'ListingEdited'
  | 'FollowerNotified'
  | 'MilestoneAdded'
  | 'MilestoneDeleted'
  | 'FounderStorySet'
  | 'BadgeFound'
  | 'PaidLaunchRecorded'
  | 'PaidLaunchRefused'
  | 'ListingHidden'
  | 'ListingRestored'
>;

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
      /** the primary category an operator moved the listing to (it outlasts later draft saves); null: none */
      readonly movedTo: string | null;
      /** owner edits (update_my_listing keys) shown over the draft's profile */
      readonly edited: Readonly<Record<string, unknown>>;
      readonly version: number;
      readonly milestones: readonly Milestone[];
      readonly nextMilestoneId: number;
      readonly badgeFound: boolean;
      /** an operator hid it (it shows nowhere public): who, why and when; null when it shows */
      readonly hidden: { readonly operator: string; readonly reason: string; readonly at: string } | null;
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

/** a listing's categories with the primary one an operator moved it to, if any (its extras stay) */
export const withMovedPrimary = (categories: readonly string[], movedTo: string | null | undefined): string[] =>
  movedTo ? [movedTo, ...categories.slice(1).filter((slug) => slug !== movedTo)] : [...categories];

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
      movedTo: null,
      edited: {},
      version: 0,
      milestones: [],
      nextMilestoneId: 1,
      badgeFound: false,
      hidden: null,
    };
  if (!state.exists) return state;
  switch (event.type) {
    case 'ListingProfileSaved': {
      // the event's schema keeps the profile open (any draft profile's keys): it is the draft's profile
      const profile = event.data.profile as ListingDraftProfile;
      const categories = withMovedPrimary(
        withChosenExtras(event.data.categories, state.chosenExtraCategories),
        state.movedTo,
      );
      if (state.profile !== null) return { ...state, profile, categories };
      const seeded = seedMilestones(profile.milestones);
      return {
        ...state,
        profile,
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
    case 'ListingUnfeatured':
      return { ...state, featured: false };
    case 'ListingMoved':
      return { ...state, movedTo: event.data.to, categories: withMovedPrimary(state.categories, event.data.to) };
    case 'AlternativeApproved':
      return { ...state, alternatives: [...state.alternatives, event.data.alternative_id] };
    case 'ListingHidden': {
      const { operator, reason, at } = event.data;
      return { ...state, hidden: { operator, reason, at } };
    }
    case 'ListingRestored':
      return { ...state, hidden: null };
    default:
      return state;
  }
};

export const listingStream = (id: number) => `listing-${id}`;
