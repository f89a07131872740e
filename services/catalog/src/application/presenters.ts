import { PER_PAGE_DEFAULT } from '@listings/contracts';
import { seedMilestones } from '../domain/listing/owned.ts';
import type { ListingDoc } from '../projections/catalog/documents.ts';
import { founderSlug, listingUrl, shownCategories, shownProfile } from '../projections/catalog/search-documents.ts';

export { founderSlug, shownProfile };

export interface Paging {
  readonly page: number;
  readonly per_page: number;
}

export const pagingOf = (query: Record<string, unknown>): Paging => ({
  page: (query.page as number | undefined) ?? 1,
  per_page: (query.per_page as number | undefined) ?? PER_PAGE_DEFAULT,
});

/** One page of `all`; `present` runs only on the entries of that page. */
export function pageOf<T>(
  all: readonly T[],
  paging: Paging,
): { items: T[]; page: number; per_page: number; total: number };
export function pageOf<T, U>(
  all: readonly T[],
  paging: Paging,
  present: (entry: T) => U,
): { items: U[]; page: number; per_page: number; total: number };
export function pageOf<T, U>(all: readonly T[], paging: Paging, present?: (entry: T) => U) {
  const slice = all.slice((paging.page - 1) * paging.per_page, paging.page * paging.per_page);
  return {
    items: present ? slice.map(present) : slice,
    page: paging.page,
    per_page: paging.per_page,
    total: all.length,
  };
}

/** values kept per view and version by memoBesidesViews */
export const MEMO_MAX = 500;
const memos = new WeakMap<object, { version: number; values: Map<string, unknown> }>();
/**
 * Caches a derived value (a ranking, a count, a board's page, alternatives) until the read model
 * changes: a query runs once per read-model version, not once per request. At most MEMO_MAX values
 * per view, the least recently used dropped first (a browse over many listings' alternatives does
 * not take the home page's board with it). The version is the one that ignores listings' view
 * counts (`versionBesidesViews`): none of these values shows a view count, and page views, which
 * come with every first visit, would otherwise empty the cache all the time (queries that sort by
 * views key on `version`).
 */
export const memoBesidesViews = <T>(
  view: { readonly versionBesidesViews: number },
  key: string,
  compute: () => T,
): T => {
  let memo = memos.get(view);
  if (!memo || memo.version !== view.versionBesidesViews) {
    memo = { version: view.versionBesidesViews, values: new Map() };
    memos.set(view, memo);
  }
  const values = memo.values;
  if (values.has(key)) {
    // used again: to the end of the Map's order, the last to go
    const value = values.get(key) as T;
    values.delete(key);
    values.set(key, value);
    return value;
  }
  if (values.size >= MEMO_MAX) values.delete(values.keys().next().value as string);
  const value = compute();
  values.set(key, value);
  // a failed query is not remembered: the next request asks again
  if (value instanceof Promise)
    value.catch(() => {
      if (values.get(key) === value) values.delete(key);
    });
  return value;
};

export const voteCount = (doc: ListingDoc): number => Object.keys(doc.votes).length;

export interface ListingSummary {
  slug: string;
  name: string;
  url: string;
  tagline?: string;
  logo_url: string | null;
  votes: number;
  primary_category: string | null;
  status: string;
  launch_week: string | null;
}

// Documents are immutable and replaced on change, so a cache keyed by the document object is
// never stale: the presenters run once per listing version, not once per request.
const summaries = new WeakMap<ListingDoc, ListingSummary>();
const profiles = new WeakMap<ListingDoc, Record<string, unknown>>();

/** update_my_listing keys that are not profile keys of a draft: shown as they are */
const OWNER_ONLY_KEYS = ['headline', 'summary'] as const;

export const milestonesOf = (doc: ListingDoc) => doc.milestones ?? seedMilestones(doc.profile.milestones);

export const summaryOf = (doc: ListingDoc): ListingSummary => {
  let summary = summaries.get(doc);
  if (!summary) {
    const p = shownProfile(doc);
    summary = {
      slug: doc.slug,
      name: p.name ?? doc.slug,
      url: listingUrl(doc),
      ...(p.tagline ? { tagline: p.tagline } : {}),
      logo_url: p.logo_url ?? null,
      votes: voteCount(doc),
      primary_category: doc.categories[0] ?? null,
      status: doc.status,
      launch_week: doc.launch_week,
    };
    summaries.set(doc, summary);
  }
  return summary;
};

/**
 * The community rating (docs/catalog.md): the mean of the ratings of the reviews that stand (not
 * taken down by a moderator), one per person, to one decimal; null with none. Reports alone change
 * nothing: only a moderator's decision does.
 */
export const ratingOf = (doc: ListingDoc) => {
  const ratings = Object.values(doc.reviews)
    .filter((r) => !r.removed)
    .map((r) => r.rating);
  return {
    average: ratings.length === 0 ? null : Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10,
    count: ratings.length,
  };
};

/** Domain Rating now, and its trend: `up`, `down` or `flat` against the previous reading, with the history. */
export const domainRatingOf = (doc: ListingDoc) => {
  const history = doc.domain_rating;
  const last = history[history.length - 1];
  const previous = history[history.length - 2];
  const direction =
    last === undefined || previous === undefined
      ? 'flat'
      : last.value > previous.value
        ? 'up'
        : last.value < previous.value
          ? 'down'
          : 'flat';
  return {
    value: last?.value ?? null,
    change: last !== undefined && previous !== undefined ? last.value - previous.value : 0,
    direction,
    trend: history.map((h) => ({ date: h.date, value: h.value })),
  };
};

export const profileOf = (doc: ListingDoc): Record<string, unknown> => {
  let profile = profiles.get(doc);
  if (profile) return profile;
  const p = shownProfile(doc);
  const links: { label: string; url: string }[] = [{ label: 'website', url: listingUrl(doc) }];
  if (p.demo_video_url) links.push({ label: 'demo video', url: p.demo_video_url });
  for (const [label, url] of Object.entries(p.company_socials ?? {})) if (url) links.push({ label, url });
  profile = {
    ...summaryOf(doc),
    id: doc.id,
    short_description: p.short_description ?? null,
    // absent rather than null: the profile's description and pricing texts are strings when shown
    ...(p.description ? { description: p.description } : {}),
    features: p.features ?? [],
    usps: p.usps ?? [],
    tags: p.tags ?? [],
    pricing: {
      ...(p.pricing_model ? { model: p.pricing_model } : {}),
      ...(p.pricing_summary ? { summary: p.pricing_summary } : {}),
    },
    stage: p.stage ?? null,
    country: p.country ?? null,
    city: p.city ?? null,
    founded_year: p.founded_year ?? null,
    categories: shownCategories(doc),
    founders: (p.founders ?? []).map((f) => ({
      slug: founderSlug(f.name),
      name: f.name,
      ...(f.title ? { title: f.title } : {}),
    })),
    faqs: p.faqs ?? [],
    socials: p.company_socials ?? {},
    latest_updates: [...doc.updates]
      .reverse()
      .slice(0, 5)
      .map((u) => ({ title: u.title, body: u.body, posted_at: u.at })),
    links,
    rating: ratingOf(doc),
    domain_rating: domainRatingOf(doc),
    followers: doc.followers,
    views: doc.views,
    verified: doc.verified,
    featured: doc.featured,
    not_found_on_website: p.not_found_on_website ?? [],
    ...Object.fromEntries(OWNER_ONLY_KEYS.filter((k) => p[k]).map((k) => [k, p[k]])),
    ...(p.seo?.title || p.seo?.meta ? { seo: { title: p.seo?.title ?? null, description: p.seo?.meta ?? null } } : {}),
    paid_sections_unlocked: doc.unlocked,
    ...(doc.unlocked
      ? {
          story: p.story ?? {},
          milestones: milestonesOf(doc),
          media: [
            ...(p.logo_url ? [{ type: 'logo', url: p.logo_url }] : []),
            ...(p.demo_video_url ? [{ type: 'video', url: p.demo_video_url }] : []),
          ],
        }
      : {}),
  };
  profiles.set(doc, profile);
  return profile;
};
