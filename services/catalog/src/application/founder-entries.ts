import type { FounderDoc } from '../projections/catalog/query-keys.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import { listingsById } from './listing-reads.ts';
import { founderSlug, type ListingSummary, summaryOf } from './presenters.ts';

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

/**
 * A founder is read from the listings that name them (a founder's slug is their name's slug; the
 * founder document lists those listings, query-keys.ts): bio and title from the listing, socials
 * from the listing's founder socials (primary founder), country from the company, published
 * stories from listings with the story section unlocked.
 */
export const founderEntryOf = async (view: CatalogView, founder: FounderDoc): Promise<FounderEntry> => {
  const entry: FounderEntry = { slug: founder.slug, name: founder.name, socials: {}, companies: [], stories: [] };
  const docs = await listingsById(
    view,
    founder.listings.map((l) => l.id),
  );
  for (const { id } of founder.listings) {
    const doc = docs.get(id);
    if (!doc) continue;
    const founders = doc.profile.founders ?? [];
    const index = founders.findIndex((f) => founderSlug(f.name) === founder.slug);
    const f = founders[index];
    if (!f) continue;
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
  }
  return entry;
};
