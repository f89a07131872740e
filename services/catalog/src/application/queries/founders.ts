import { NotFoundError } from '@listings/platform/errors';
import type { ListingDoc } from '../../projections/catalog/documents.ts';
import type { CatalogView } from '../../projections/catalog/read-model.ts';
import { founderSlug, type ListingSummary, pageOf, pagingOf, summaryOf } from '../presenters.ts';

interface FounderEntry {
  slug: string;
  name: string;
  title?: string;
  bio?: string;
  country?: string;
  socials: Record<string, string>;
  companies: ListingSummary[];
  stories: { listing: string; title: string | null; sections: Record<string, string> }[];
}

const PUBLIC = new Set(['live', 'scheduled', 'awaiting_badge']);

/**
 * Founders are read from the listings that name them (a founder's slug is their name's slug):
 * bio and title from the listing, socials from the listing's founder socials (primary founder),
 * country from the company, published stories from listings with the story section unlocked.
 */
const cache = new WeakMap<CatalogView, { version: number; founders: Map<string, FounderEntry> }>();
export const foundersOf = (view: CatalogView): Map<string, FounderEntry> => {
  const cached = cache.get(view);
  if (cached && cached.version === view.version) return cached.founders;
  const founders = new Map<string, FounderEntry>();
  const docs = [...view.listings()].filter((d) => PUBLIC.has(d.status)).sort((a, b) => a.id - b.id);
  for (const doc of docs as ListingDoc[]) {
    (doc.profile.founders ?? []).forEach((f, index) => {
      const slug = founderSlug(f.name);
      if (!slug) return;
      let entry = founders.get(slug);
      if (!entry) {
        entry = { slug, name: f.name, socials: {}, companies: [], stories: [] };
        founders.set(slug, entry);
      }
      if (!entry.title && f.title) entry.title = f.title;
      if (!entry.bio && f.bio) entry.bio = f.bio;
      if (!entry.country && doc.profile.country) entry.country = doc.profile.country.toUpperCase();
      if (index === 0)
        for (const [k, v] of Object.entries(doc.profile.founder_socials ?? {}))
          if (v && !entry.socials[k]) entry.socials[k] = v;
      entry.companies.push(summaryOf(doc));
      const story = doc.profile.story;
      if (index === 0 && doc.unlocked && story && Object.keys(story).some((k) => k !== 'title')) {
        const { title, ...sections } = story as Record<string, string>;
        entry.stories.push({ listing: doc.slug, title: title ?? null, sections });
      }
    });
  }
  cache.set(view, { version: view.version, founders });
  return founders;
};

export const listFounders = (view: CatalogView) => async (call: { query: Record<string, unknown> }) => {
  const q = (call.query.q as string | undefined)?.trim().toLowerCase();
  const country = (call.query.country as string | undefined)?.toUpperCase();
  const all = [...foundersOf(view).values()]
    .filter((f) => (!q || f.name.toLowerCase().includes(q)) && (!country || f.country === country))
    .sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug));
  return pageOf(all, pagingOf(call.query));
};

export const getFounder = (view: CatalogView) => async (call: { params: Record<string, unknown> }) => {
  const founder = foundersOf(view).get(call.params.slug as string);
  if (!founder) throw new NotFoundError(`no founder ${String(call.params.slug)}`);
  return founder;
};
