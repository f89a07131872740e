import type { CatalogEvent } from '../catalog/catalog-event.ts';
import { documentMapProjection } from '../catalog/document-map.ts';

export type OperatorActionKind =
  | 'listing_hidden'
  | 'listing_restored'
  | 'listing_featured'
  | 'listing_unfeatured'
  | 'listing_moved'
  | 'review_removed'
  | 'review_restored'
  | 'category_added'
  | 'category_edited'
  | 'account_suspended'
  | 'account_restored';

export interface ReportEntry {
  readonly id: string;
  readonly reported_by: string;
  readonly reason: string;
  readonly text: string;
  readonly filed_at: string;
}

export interface ActionEntry {
  readonly action: OperatorActionKind;
  /** the category added or edited, or the one a listing was moved to */
  readonly category?: string;
  readonly operator: string;
  readonly reason: string;
  readonly at: string;
}

/**
 * One reported or moderated item (a listing, one review of it, or a category operators added or
 * edited, or an account they suspended or restored: `listing_id` null): its reports and the operator actions on it, oldest first. The
 * reports after `open_from` are open: filed since the last action.
 */
export interface ModerationDoc {
  readonly listing_id: number | null;
  readonly review_by: string | null;
  /** set on a category's item */
  readonly category?: string;
  /** set on an account's item */
  readonly account_id?: string;
  readonly reports: readonly ReportEntry[];
  readonly actions: readonly ActionEntry[];
  readonly open_from: number;
}

/** the operator events that also fold into their listing (catalog-fold.ts) */
export const MODERATION_LISTING_EVENTS: ReadonlySet<string> = new Set([
  'ListingFeatured',
  'ListingUnfeatured',
  'ListingMoved',
  'ListingHidden',
  'ListingRestored',
  'ReviewRemoved',
  'ReviewRestored',
]);

export const moderationItemId = (listingId: number, reviewBy: string | null) =>
  reviewBy === null ? `listing-${listingId}` : `review-${listingId}-${reviewBy}`;

type Item = { listing_id: number | null; review_by: string | null; category?: string; account_id?: string };
const itemIdOf = (item: Item) => {
  if (item.account_id !== undefined) return `account-${item.account_id}`;
  return item.listing_id === null ? `category-${item.category}` : moderationItemId(item.listing_id, item.review_by);
};

const itemOf = (event: CatalogEvent): Item | undefined => {
  switch (event.type) {
    case 'CategoryCreated':
      // added by an operator (the seed's and the CLI's, by nobody, are no operator action)
      return event.data.operator === null
        ? undefined
        : { listing_id: null, review_by: null, category: event.data.slug };
    case 'CategoryEdited':
      return { listing_id: null, review_by: null, category: event.data.slug };
    case 'AccountSuspended':
    case 'AccountRestored':
      return { listing_id: null, review_by: null, account_id: event.data.account_id };
    case 'ReportFiled':
      return { listing_id: event.data.listing_id, review_by: event.data.review_by };
    case 'ListingHidden':
    case 'ListingRestored':
    case 'ListingUnfeatured':
    case 'ListingMoved':
      return { listing_id: event.data.listing_id, review_by: null };
    case 'ListingFeatured':
      // featured by an operator (the demo's, by nobody, are no operator action)
      return event.data.operator === null ? undefined : { listing_id: event.data.listing_id, review_by: null };
    case 'ReviewRemoved':
    case 'ReviewRestored':
      return { listing_id: event.data.listing_id, review_by: event.data.account_id };
    default:
      return undefined;
  }
};

const actionOf = (event: CatalogEvent): ActionEntry | undefined => {
  switch (event.type) {
    case 'ListingHidden':
    case 'ListingRestored': {
      const { operator, reason, at } = event.data;
      return { action: event.type === 'ListingHidden' ? 'listing_hidden' : 'listing_restored', operator, reason, at };
    }
    case 'ListingFeatured': {
      const { operator, reason, at } = event.data;
      return operator === null ? undefined : { action: 'listing_featured', operator, reason, at };
    }
    case 'ListingUnfeatured': {
      const { operator, reason, at } = event.data;
      return { action: 'listing_unfeatured', operator, reason, at };
    }
    case 'ListingMoved': {
      const { operator, reason, at, to } = event.data;
      return { action: 'listing_moved', category: to, operator, reason, at };
    }
    case 'CategoryCreated': {
      const { operator, reason, at, slug } = event.data;
      return operator === null || at === null
        ? undefined
        : { action: 'category_added', category: slug, operator, reason, at };
    }
    case 'CategoryEdited': {
      const { operator, reason, at, slug } = event.data;
      return { action: 'category_edited', category: slug, operator, reason, at };
    }
    case 'AccountSuspended':
    case 'AccountRestored': {
      const { operator, reason, at } = event.data;
      const action = event.type === 'AccountSuspended' ? 'account_suspended' : 'account_restored';
      return { action, operator, reason, at };
    }
    case 'ReviewRemoved':
      return { action: 'review_removed', operator: event.data.by, reason: event.data.reason, at: event.data.at };
    case 'ReviewRestored':
      return { action: 'review_restored', operator: event.data.by, reason: event.data.reason, at: event.data.at };
    default:
      return undefined;
  }
};

/** pure: a report joins its item's open reports; an operator action is recorded and closes them */
export const evolveModeration = (doc: ModerationDoc | undefined, event: CatalogEvent): ModerationDoc | undefined => {
  const item = itemOf(event);
  if (!item) return doc;
  const current = doc ?? { ...item, reports: [], actions: [], open_from: 0 };
  if (event.type === 'ReportFiled') {
    const { report_id, reported_by, reason, text, at } = event.data;
    return { ...current, reports: [...current.reports, { id: report_id, reported_by, reason, text, filed_at: at }] };
  }
  const action = actionOf(event);
  if (!action) return doc;
  return { ...current, actions: [...current.actions, action], open_from: current.reports.length };
};

export const moderationProjection = documentMapProjection<ModerationDoc>({
  collection: 'moderation',
  documentOf: (event) => {
    const item = itemOf(event);
    return item ? itemIdOf(item) : undefined;
  },
  evolve: evolveModeration,
});
