import type { ListingDraftProfile } from '@listings/contracts';

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
  | { type: 'ListingUpdatePosted'; data: { listing_id: number; title: string; body: string; at: string } }
  | { type: 'DomainRatingRecorded'; data: { listing_id: number; value: number; date: string } }
  | { type: 'RevenueRecorded'; data: { listing_id: number; mrr_cents: number; date: string } }
  | {
      type: 'BillboardContributed';
      data: { listing_id: number; order_number: string; amount_cents: number; at: string };
    }
  | { type: 'ListingVerified'; data: { listing_id: number; account_id: string; at: string } }
  | { type: 'ListingFeatured'; data: { listing_id: number; at: string } }
  | { type: 'AlternativeApproved'; data: { listing_id: number; alternative_id: number; at: string } };

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
      readonly featured: boolean;
      readonly billboardOrders: readonly string[];
      readonly alternatives: readonly number[];
    };

export const initialListing: Listing = { exists: false };

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
      featured: false,
      billboardOrders: [],
      alternatives: [],
    };
  if (!state.exists) return state;
  switch (event.type) {
    case 'LaunchScheduled':
      return { ...state, launchWeek: event.data.launch_week, plan: event.data.plan };
    case 'ListingStatusChanged':
      return { ...state, status: event.data.status };
    case 'PaidSectionsUnlocked':
      return { ...state, unlocked: true };
    case 'BillboardContributed':
      return { ...state, billboardOrders: [...state.billboardOrders, event.data.order_number] };
    case 'ListingVerified':
      return { ...state, verified: true };
    case 'ListingFeatured':
      return { ...state, featured: true };
    case 'AlternativeApproved':
      return { ...state, alternatives: [...state.alternatives, event.data.alternative_id] };
    default:
      return state;
  }
};
