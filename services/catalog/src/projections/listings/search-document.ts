import { createHash } from 'node:crypto';
import type { ListingDraftProfile } from '@listings/contracts';
import type { SearchDocument } from '@listings/platform/search';
import transliterate from '@sindresorhus/transliterate';
import type { CategoryDoc } from '../categories/categories.ts';
import type { ListingDoc } from './listing.ts';

/**
 * Trending = time-decayed votes: every vote is worth 1 when cast and half as much every
 * TRENDING_HALF_LIFE_HOURS after (score(now) = Σ 0.5^((now - t_vote) / h)). Because every vote
 * decays at the same rate, the ORDER of listings never changes as time passes, only when votes
 * do: so the index keeps log2(Σ 2^(t_vote / h)) (t in hours since 2020-01-01), a sort key that
 * needs no recomputing, and the current score is 2^(key - now / h).
 */
export const TRENDING_HALF_LIFE_HOURS = 48;
const EPOCH_MS = Date.UTC(2020, 0, 1);
export const NO_VOTES = -1e9;

const hoursSinceEpoch = (iso: string | number) =>
  ((typeof iso === 'number' ? iso : Date.parse(iso)) - EPOCH_MS) / 3_600_000;

export const trendingKey = (voteTimes: readonly string[]): number => {
  if (voteTimes.length === 0) return NO_VOTES;
  const exps = voteTimes.map((t) => hoursSinceEpoch(t) / TRENDING_HALF_LIFE_HOURS);
  const max = Math.max(...exps);
  return max + Math.log2(exps.reduce((sum, e) => sum + 2 ** (e - max), 0));
};

export const trendingScore = (key: number, nowMs: number): number =>
  key === NO_VOTES ? 0 : 2 ** (key - hoursSinceEpoch(nowMs) / TRENDING_HALF_LIFE_HOURS);

/** `https://www.Example.com/x` → `example.com`; also takes a bare domain. */
export const normaliseDomain = (input: string): string => {
  let host = input.trim().toLowerCase();
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(host) ? host : `https://${host}`).hostname;
  } catch {
    // not a URL: keep the text as typed
  }
  return host.replace(/^www\./, '').replace(/\.$/, '');
};

const withoutMarks = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

export const slugify = (text: string): string =>
  withoutMarks(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200);

/**
 * The slug of a name in any script. A name whose letters are Latin with diacritics keeps the slug
 * it always had (`Zoë Müller` → `zoe-muller`); one with a letter that would be dropped (`Łukasz`,
 * `Straße`, another script) is spelled in Latin letters first (`lukasz`, `strasse`,
 * `Иван Петров` → `ivan-petrov`, `محمد` → `mhmd`). Empty when nothing of it can be spelled so
 * (Chinese characters, emoji only).
 */
export const slugOfName = (name: string): string => {
  const own = slugify(name);
  const dropsALetter = /[^a-zA-Z0-9]/.test(withoutMarks(name).replace(/[^\p{L}\p{N}]/gu, ''));
  return dropsALetter ? slugify(transliterate(name)) || own : own;
};

/**
 * A founder's slug (their pages' address, and the founder's id in the read model): slugOfName, or,
 * for a name that has none, `founder-` and a hash of the name, so every name gets a valid slug
 * (SLUG_PATTERN) and two such names get two.
 */
export const founderSlug = (name: string): string =>
  slugOfName(name) || `founder-${createHash('sha256').update(name.normalize('NFC')).digest('hex').slice(0, 12)}`;

/** `live`, `upcoming` (scheduled or queued for a launch week), or `other`. */
export const searchStatusOf = (doc: ListingDoc): string =>
  doc.status === 'live'
    ? 'live'
    : (doc.status === 'scheduled' || doc.status === 'awaiting_badge') && doc.launch_week !== null
      ? 'upcoming'
      : 'other';

/** The categories a listing shows: the primary one, and up to 3 more on the paid plan. */
export const shownCategories = (doc: ListingDoc): readonly string[] =>
  doc.plan === 'paid' ? doc.categories.slice(0, 4) : doc.categories.slice(0, 1);

/** The drafted profile with the owner's published edits (update_my_listing) over it. */
export const shownProfile = (doc: ListingDoc): ListingDraftProfile & { headline?: string; summary?: string } => {
  const edited = doc.edited ?? {};
  if (Object.keys(edited).length === 0) return doc.profile;
  const p: Record<string, unknown> = { ...doc.profile };
  for (const [key, value] of Object.entries(edited)) {
    if (key === 'socials') p.company_socials = value;
    else if (key === 'seo_title') p.seo = { ...(p.seo as object | undefined), title: value };
    else if (key === 'seo_description') p.seo = { ...(p.seo as object | undefined), meta: value };
    // the year founded is a text field of the profile; edits stored before editsOf made it text held an integer
    else if (key === 'founded_year' && typeof value === 'number') p[key] = String(value);
    else p[key] = value === '' || value === null ? undefined : value;
  }
  return p as ListingDraftProfile;
};

export const toSearchDocument = (doc: ListingDoc, categories: ReadonlyMap<string, CategoryDoc>): SearchDocument => {
  // what the listing shows: an owner's edit is found by search at once
  const p = shownProfile(doc);
  const cats = new Set<string>();
  for (const slug of shownCategories(doc)) {
    cats.add(slug);
    const parent = categories.get(slug)?.parent;
    if (parent) cats.add(parent);
  }
  const filters: Record<string, string | string[]> = { status: searchStatusOf(doc), category: [...cats] };
  if (p.stage) filters.stage = slugify(p.stage);
  if (p.country) filters.country = p.country.toLowerCase();
  if (p.pricing_model) filters.pricing_model = p.pricing_model.toLowerCase();
  filters.domain = normaliseDomain(listingUrl(doc));
  if (doc.launch_week) filters.launch_week = doc.launch_week;
  if (doc.live_at) filters.live_day = doc.live_at.slice(0, 10);
  return {
    id: String(doc.id),
    text: {
      name: p.name ?? '',
      tagline: p.tagline ?? '',
      keywords: [...(p.tags ?? []), ...(p.keywords ?? [])].join(' '),
      description: p.short_description ?? '',
    },
    filters,
    sort: {
      newest: Date.parse(doc.live_at ?? doc.created_at),
      votes: Object.keys(doc.votes).length,
      trending: trendingKey(Object.values(doc.votes)),
      views: doc.views,
      followers: doc.followers,
    },
  };
};

/** The product's own website (the draft's submitted url). */
export const listingUrl = (doc: ListingDoc): string => doc.profile.url ?? '';
