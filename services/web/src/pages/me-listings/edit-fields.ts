import { createHash } from 'node:crypto';
import { type OwnedListing, updateMyListing } from '@listings/contracts';
import type { FieldError } from '@listings/platform/errors';
import type { Static } from 'typebox';

/**
 * The fields of update_my_listing that the edit form offers: those whose current value the owner
 * can see (get_my_listing answers with them). `demo_video_url`, `contact_email`, `keywords`,
 * `socials` and `faqs` stay API-only for now: the owned listing does not show them back as set.
 */
type Kind = 'line' | 'text' | 'list' | 'year' | 'country';
export interface EditField {
  readonly name: string;
  readonly label: string;
  readonly kind: Kind;
  readonly hint?: string;
}

export const EDIT_FIELDS: readonly EditField[] = [
  { name: 'tagline', label: 'Tagline', kind: 'line' },
  { name: 'short_description', label: 'Short description', kind: 'text' },
  { name: 'description', label: 'Description', kind: 'text' },
  { name: 'headline', label: 'Headline', kind: 'line' },
  { name: 'summary', label: 'Summary', kind: 'text' },
  { name: 'features', label: 'Features', kind: 'list', hint: 'One per line.' },
  { name: 'usps', label: 'What sets it apart', kind: 'list', hint: 'One per line.' },
  { name: 'pricing_model', label: 'Pricing model', kind: 'line', hint: 'For example free, freemium or paid.' },
  { name: 'pricing_summary', label: 'Pricing summary', kind: 'line' },
  { name: 'country', label: 'Country', kind: 'country', hint: 'Two-letter code, like DE or US.' },
  { name: 'city', label: 'City', kind: 'line' },
  { name: 'founded_year', label: 'Year founded', kind: 'year' },
  { name: 'seo_title', label: 'Title for search engines', kind: 'line' },
  { name: 'seo_description', label: 'Description for search engines', kind: 'text' },
  {
    name: 'outbound_ref',
    label: 'Ref on your Visit link',
    kind: 'line',
    hint: 'Added to your URL as ?ref= when people follow the Visit button, so your own analytics can tell them apart. Letters, digits and . _ ~ - only. Empty removes it.',
  },
  {
    name: 'logo_url',
    label: 'Logo',
    kind: 'line',
    hint: 'The address of a PNG, JPEG, WebP, GIF, AVIF or SVG image; a copy is kept here. Empty removes the logo.',
  },
];

type FieldSchema = { maxLength?: number; maxItems?: number; items?: { maxLength?: number } };
const fieldSchemas =
  (updateMyListing.body.properties.fields as unknown as { properties: Record<string, FieldSchema> }).properties ?? {};

/** the limits of a field, read from the contract (written once there) */
export const limitsOf = (name: string): { maxLength?: number; maxItems?: number; itemMaxLength?: number } => {
  const schema = fieldSchemas[name] ?? {};
  return {
    ...(schema.maxLength !== undefined ? { maxLength: schema.maxLength } : {}),
    ...(schema.maxItems !== undefined ? { maxItems: schema.maxItems } : {}),
    ...(schema.items?.maxLength !== undefined ? { itemMaxLength: schema.items.maxLength } : {}),
  };
};

type Owned = Static<typeof OwnedListing> & {
  headline?: string;
  summary?: string;
  seo?: { title?: string | null; description?: string | null };
};

/** what the public sees for a field now, as the form shows it (lists one item per line) */
const shown = (listing: Owned, name: string): unknown => {
  switch (name) {
    case 'pricing_model':
      return listing.pricing?.model;
    case 'pricing_summary':
      return listing.pricing?.summary;
    case 'seo_title':
      return listing.seo?.title;
    case 'seo_description':
      return listing.seo?.description;
    default:
      return (listing as Record<string, unknown>)[name];
  }
};

/** the text a field's input holds: browsers send CRLF from a textarea, and spaces around mean nothing */
export const normalise = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();

/** the form's text of every editable field, from the owned listing */
export const formValuesOf = (listing: Owned): Record<string, string> => {
  const values: Record<string, string> = {};
  for (const field of EDIT_FIELDS) {
    const value = shown(listing, field.name);
    values[field.name] = normalise(
      Array.isArray(value) ? value.join('\n') : value === null || value === undefined ? '' : String(value),
    );
  }
  return values;
};

/**
 * A short fingerprint of a field's text as the form showed it: the form carries one per field
 * (`was_<name>`), so the submit knows which fields the person changed, without sending every
 * value twice.
 */
export const fingerprint = (text: string): string =>
  createHash('sha256').update(normalise(text)).digest('base64url').slice(0, 22);

export const fingerprintsOf = (values: Record<string, string>): Record<string, string> =>
  Object.fromEntries(EDIT_FIELDS.map((f) => [f.name, fingerprint(values[f.name] ?? '')]));

/** one typed value as update_my_listing takes it; an emptied field clears it */
const patchValue = (field: EditField, text: string): { value: unknown } | { error: string } => {
  switch (field.kind) {
    case 'list':
      return {
        value: text
          .split('\n')
          .map((item) => item.trim())
          .filter((item) => item !== ''),
      };
    case 'year':
      if (text === '') return { value: null };
      return /^[0-9]{4}$/.test(text) ? { value: Number(text) } : { error: 'enter a year, like 2019' };
    case 'country':
      if (text === '') return { value: '' };
      return /^[A-Za-z]{2}$/.test(text)
        ? { value: text.toUpperCase() }
        : { error: 'enter a two-letter country code, like DE' };
    default:
      return { value: text };
  }
};

export interface EditPatch {
  /** update_my_listing's body: only the fields the person changed (empty when nothing changed) */
  readonly body: { fields: Record<string, unknown> };
  /** errors found before asking catalog, by form field */
  readonly errors: Record<string, string[]>;
}

/**
 * PATCH semantics from a submitted form: a field goes into the body only when its text differs
 * from what the form showed (its `was_<name>` fingerprint), so a field someone else changed
 * meanwhile is left alone unless the person changed it too. An emptied field clears the value
 * (an empty text, an empty list, no year), as the spec's PATCH says. A form without a
 * fingerprint for a field (not sent by this site's form) changes nothing there.
 */
export const patchOf = (typed: Record<string, string>, was: Record<string, string>): EditPatch => {
  const fields: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  for (const field of EDIT_FIELDS) {
    const text = typed[field.name];
    const before = was[field.name];
    if (text === undefined || before === undefined || fingerprint(text) === before) continue;
    const patched = patchValue(field, normalise(text));
    if ('error' in patched) errors[field.name] = [patched.error];
    else fields[field.name] = patched.value;
  }
  return { body: { fields }, errors };
};

/** `body.fields.features.3: must NOT have more than 200 characters` → `{ features: [...] }` */
export const formErrorsOf = (errors: readonly FieldError[]): Record<string, string[]> => {
  const byField: Record<string, string[]> = {};
  for (const error of errors) {
    const match = /^body\.fields\.([a-z_]+)(?:\.(\d+))?$/.exec(error.field);
    const name = match?.[1] && EDIT_FIELDS.some((f) => f.name === match[1]) ? match[1] : 'form';
    const message = match?.[2] !== undefined ? `line ${Number(match[2]) + 1}: ${error.message}` : error.message;
    byField[name] = [...(byField[name] ?? []), message];
  }
  return byField;
};
