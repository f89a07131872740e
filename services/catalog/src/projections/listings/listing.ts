import type { ListingDraftProfile } from '@listings/contracts';
import type { Winner } from '../../domain/awards/week-awards.ts';
import type { BlogPostData } from '../../domain/blog/blog-post.ts';
import type { CategoryData } from '../../domain/category/category.ts';
import { type ListingStatus, type Plan, withChosenExtras } from '../../domain/listing/listing.ts';
import { type Milestone, seedMilestones } from '../../domain/listing/owned.ts';
import type { InterviewQuestion } from '../../domain/settings/site-settings.ts';

/**
 * The catalog's read-model documents. Each is folded from events by a pure `evolve`; the writer
 * keeps them in memory for queries and in the read-model store for restarts.
 */
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
  readonly updates: readonly { title: string; body: string; at: string }[];
  readonly domain_rating: readonly { date: string; value: number }[];
  readonly revenue: readonly { date: string; mrr_cents: number }[];
  readonly billboard_cents: number;
  /** account id → ISO time of the vote */
  readonly votes: Readonly<Record<string, string>>;
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
  /** follower notifications recorded per update: account id and the update's title */
  readonly notifications?: readonly { account_id: string; update_title: string; at: string }[];
}

export type CategoryDoc = CategoryData;
export type BlogPostDoc = BlogPostData;
export interface AwardsDoc {
  readonly week_start: string;
  readonly winners: readonly Winner[];
}
export interface SettingsDoc {
  readonly interview_questions: readonly InterviewQuestion[];
  /** weeks from now to a free listing's launch week (6-8; default FREE_QUEUE_WEEKS_DEFAULT) */
  readonly free_queue_weeks?: number;
}

export const COLLECTIONS = ['listings', 'categories', 'blog', 'awards', 'settings'] as const;
export type Collection = (typeof COLLECTIONS)[number];

export interface EventLike {
  readonly type: string;
  readonly data: unknown;
}

/** Which document an event changes; null when it changes none. */
export const documentOf = (event: EventLike): { collection: Collection; id: string } | null => {
  const data = event.data as Record<string, unknown>;
  switch (event.type) {
    case 'CategoryCreated':
    case 'CategoryRemoved':
      return { collection: 'categories', id: String(data.slug) };
    case 'BlogPostPublished':
    case 'BlogPostRevised':
      return { collection: 'blog', id: String(data.slug) };
    case 'InterviewQuestionsSet':
    case 'FreeQueueWeeksSet':
      return { collection: 'settings', id: 'site' };
    case 'WeekAwardsDecided':
      return { collection: 'awards', id: String(data.week_start) };
    default:
      return typeof data?.listing_id === 'number' ? { collection: 'listings', id: String(data.listing_id) } : null;
  }
};

const without = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => {
  const { [key]: _, ...rest } = record;
  return rest;
};

// biome-ignore lint/suspicious/noExplicitAny: event data is checked by its type tag
type AnyData = any;

/** Pure: the listing document after one event (undefined before the listing exists). */
export const evolveListingDoc = (doc: ListingDoc | undefined, event: EventLike): ListingDoc | undefined => {
  const d = event.data as AnyData;
  if (event.type === 'ListingCreated')
    return {
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
    };
  if (!doc) return doc;
  switch (event.type) {
    case 'ListingProfileSaved': {
      const first = doc.profile.url === undefined;
      return {
        ...doc,
        profile: d.profile,
        categories: withChosenExtras(d.categories, doc.chosen_extra_categories ?? null),
        ...(first ? { milestones: seedMilestones(d.profile.milestones) } : {}),
      };
    }
    case 'ListingEdited':
      return {
        ...doc,
        edited: { ...doc.edited, ...d.after },
        history: [
          ...(doc.history ?? []),
          { version: d.version, account_id: d.account_id, before: d.before, after: d.after, at: d.at },
        ],
      };
    case 'FollowerNotified':
      return {
        ...doc,
        notifications: [
          ...(doc.notifications ?? []),
          { account_id: d.account_id, update_title: d.update_title, at: d.at },
        ],
      };
    case 'MilestoneAdded':
      return { ...doc, milestones: [...(doc.milestones ?? []), d.milestone] };
    case 'MilestoneDeleted':
      return { ...doc, milestones: (doc.milestones ?? []).filter((m) => m.id !== d.milestone_id) };
    case 'FounderStorySet':
      return { ...doc, profile: { ...doc.profile, story: d.story } };
    case 'LaunchScheduled':
      return { ...doc, launch_week: d.launch_week, plan: d.plan };
    case 'ListingStatusChanged':
      return { ...doc, status: d.status, live_at: d.status === 'live' && doc.live_at === null ? d.at : doc.live_at };
    case 'PaidSectionsUnlocked':
      return { ...doc, unlocked: true };
    case 'ExtraCategoriesChosen':
      return {
        ...doc,
        chosen_extra_categories: d.categories,
        categories: withChosenExtras(doc.categories, d.categories),
      };
    case 'ListingUpdatePosted':
      return { ...doc, updates: [...doc.updates, { title: d.title, body: d.body, at: d.at }] };
    case 'DomainRatingRecorded':
      return {
        ...doc,
        domain_rating: [...doc.domain_rating, { date: d.date, value: d.value }].sort((a, b) =>
          a.date.localeCompare(b.date),
        ),
      };
    case 'RevenueRecorded':
      return {
        ...doc,
        revenue: [...doc.revenue, { date: d.date, mrr_cents: d.mrr_cents }].sort((a, b) =>
          a.date.localeCompare(b.date),
        ),
      };
    case 'BillboardContributed':
      return { ...doc, billboard_cents: doc.billboard_cents + d.amount_cents };
    case 'ListingVerified': {
      // a verified claim makes the claimant an owner (services/claims)
      const owner = String(d.account_id);
      return { ...doc, verified: true, owners: doc.owners.includes(owner) ? doc.owners : [...doc.owners, owner] };
    }
    case 'ListingOwnersReplaced':
      // ownership followed a verified claim: the earlier owners lost it (domain/listing)
      return { ...doc, owners: d.owners };
    case 'ListingFeatured':
      return { ...doc, featured: true };
    case 'AlternativeApproved':
      return { ...doc, alternatives: [...doc.alternatives, d.alternative_id] };
    case 'VoteCast':
      return { ...doc, votes: { ...doc.votes, [d.account_id]: d.at } };
    case 'VoteWithdrawn':
      return { ...doc, votes: without(doc.votes, d.account_id) };
    case 'ListingFollowed':
      return { ...doc, followers: doc.followers + 1, follower_ids: [...(doc.follower_ids ?? []), d.account_id] };
    case 'ListingUnfollowed':
      return {
        ...doc,
        followers: Math.max(0, doc.followers - 1),
        follower_ids: (doc.follower_ids ?? []).filter((id) => id !== d.account_id),
      };
    case 'ListingViewed':
      return { ...doc, views: doc.views + d.count };
    case 'ReviewSubmitted': {
      // an edit keeps the reply, the reports and the moderation of the review it replaces
      const before = doc.reviews[d.account_id];
      return {
        ...doc,
        reviews: { ...doc.reviews, [d.account_id]: { ...before, rating: d.rating, body: d.body, at: d.at } },
      };
    }
    case 'ReviewReplied':
    case 'ReviewReported':
    case 'ReviewRemoved':
    case 'ReviewRestored': {
      const review = doc.reviews[d.account_id];
      if (!review) return doc;
      const changed: ReviewDoc =
        event.type === 'ReviewReplied'
          ? { ...review, reply: { body: d.body, at: d.at } }
          : event.type === 'ReviewReported'
            ? { ...review, reports: (review.reports ?? 0) + 1 }
            : { ...review, removed: event.type === 'ReviewRemoved' };
      return { ...doc, reviews: { ...doc.reviews, [d.account_id]: changed } };
    }
    default:
      return doc;
  }
};

/** Older or hand-written CategoryCreated events may lack fields: the document always has them all. */
export const evolveCategoryDoc = (doc: CategoryDoc | undefined, event: EventLike): CategoryDoc | undefined => {
  if (event.type === 'CategoryRemoved') return undefined;
  if (event.type !== 'CategoryCreated') return doc;
  const d = event.data as Partial<CategoryDoc> & { slug: string };
  return {
    slug: d.slug,
    name: d.name ?? d.slug,
    parent: d.parent ?? null,
    description: d.description ?? '',
    faqs: d.faqs ?? [],
    attributes: d.attributes ?? [],
  };
};

export const evolveBlogDoc = (doc: BlogPostDoc | undefined, event: EventLike): BlogPostDoc | undefined =>
  event.type === 'BlogPostPublished' || event.type === 'BlogPostRevised' ? (event.data as BlogPostDoc) : doc;

export const evolveAwardsDoc = (doc: AwardsDoc | undefined, event: EventLike): AwardsDoc | undefined =>
  event.type === 'WeekAwardsDecided'
    ? { week_start: (event.data as AnyData).week_start, winners: (event.data as AnyData).winners }
    : doc;

export const evolveSettingsDoc = (doc: SettingsDoc | undefined, event: EventLike): SettingsDoc | undefined => {
  if (event.type === 'InterviewQuestionsSet') return { ...doc, interview_questions: (event.data as AnyData).questions };
  if (event.type === 'FreeQueueWeeksSet')
    return { interview_questions: [], ...doc, free_queue_weeks: (event.data as AnyData).weeks };
  return doc;
};

export const evolveDocument = (collection: Collection, doc: unknown, event: EventLike): unknown => {
  switch (collection) {
    case 'listings':
      return evolveListingDoc(doc as ListingDoc | undefined, event);
    case 'categories':
      return evolveCategoryDoc(doc as CategoryDoc | undefined, event);
    case 'blog':
      return evolveBlogDoc(doc as BlogPostDoc | undefined, event);
    case 'awards':
      return evolveAwardsDoc(doc as AwardsDoc | undefined, event);
    case 'settings':
      return evolveSettingsDoc(doc as SettingsDoc | undefined, event);
  }
};
