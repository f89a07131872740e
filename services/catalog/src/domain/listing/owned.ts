import type { ListingDraftProfile } from '@listings/contracts';

/** A milestone of a listing with its id (ids are never reused within a listing). */
export interface Milestone {
  readonly id: number;
  readonly date: string;
  readonly title: string;
  readonly description?: string;
  readonly url?: string;
}

/**
 * The draft's milestones seed the listing's when it is first saved (ids 1..n); after that the
 * owner manages them with add_milestone / delete_milestone and later draft saves leave them alone.
 */
export const seedMilestones = (drafted: ListingDraftProfile['milestones']): Milestone[] =>
  (drafted ?? []).map((m, i) => ({ id: i + 1, ...m }));

/** The keys update_my_listing may set (its `fields`, plus `socials` and `faqs`). */
export type EditKey = string;

/**
 * What the public currently sees for an update_my_listing key: the owner's last edit, else the
 * value drafted into the profile (socials are the company socials, seo_* the draft's seo).
 */
export const shownValue = (
  profile: ListingDraftProfile | null,
  edited: Readonly<Record<string, unknown>>,
  key: EditKey,
): unknown => {
  if (key in edited) return edited[key];
  if (!profile) return null;
  switch (key) {
    case 'socials':
      return profile.company_socials ?? null;
    case 'seo_title':
      return profile.seo?.title ?? null;
    case 'seo_description':
      return profile.seo?.meta ?? null;
    default:
      return (profile as Record<string, unknown>)[key] ?? null;
  }
};

/**
 * Flattens a PATCH body into edit keys: every `fields` key, then `socials` and `faqs`. The year
 * founded is taken as an integer (spec Part 4) and kept as the profile's text field it edits
 * (`1800` → `"1800"`), so what is stored reads back as the listing's schema says.
 */
export const editsOf = (patch: {
  fields?: Record<string, unknown>;
  socials?: unknown;
  faqs?: unknown;
}): Record<string, unknown> => ({
  ...(patch.fields ?? {}),
  ...(typeof patch.fields?.founded_year === 'number' ? { founded_year: String(patch.fields.founded_year) } : {}),
  ...(patch.socials !== undefined ? { socials: patch.socials } : {}),
  ...(patch.faqs !== undefined ? { faqs: patch.faqs } : {}),
});
