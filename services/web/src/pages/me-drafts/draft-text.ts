import { DRAFT_FIELD_KEYS, type Draft, DraftPatch, type FIELD_STATES } from '@listings/contracts';
import type { Static } from 'typebox';

/* How a draft is put in words on its pages: field labels, what a field's state means, where the draft stands. */

export type DraftBody = Static<typeof Draft>;
export type FieldState = (typeof FIELD_STATES)[number];

/** the `fields` keys whose value is a list (typed one item per line), read from the contract */
const fieldSchemas = DraftPatch.properties.fields.properties as Record<string, object>;
export const LIST_FIELDS: ReadonlySet<string> = new Set(
  DRAFT_FIELD_KEYS.filter((key) => JSON.stringify(fieldSchemas[key]).includes('"array"')),
);
const LABELS: Record<string, string> = {
  short_description: 'Short description',
  pricing_model: 'Pricing model',
  pricing_summary: 'Pricing summary',
  country: 'Country (ISO code, e.g. DE)',
  founded_year: 'Founded (year)',
  contact_email: 'Contact email',
  demo_video_url: 'Demo video URL (YouTube)',
  logo_url: 'Logo URL',
  usps: 'Unique selling points',
};
export const labelOf = (key: string): string =>
  LABELS[key] ?? `${key.charAt(0).toUpperCase()}${key.slice(1).replaceAll('_', ' ')}`;

/** what each field state means to the person (spec: field state meanings) */
export const STATE_WORDS: Record<FieldState, string> = {
  ai: 'drafted from your site',
  not_found: 'not found on your site',
  edited: 'edited by you',
  manual: 'typed by you',
  override: 'locked against redrafts',
  deleted: 'removed by you',
};

/** a field's value as its input shows it (a list one item per line) */
export const typedValueOf = (value: string | readonly string[] | null | undefined): string =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.join('\n') : String(value);

/** the crawl and the AI draft are done, and no field is being redrafted: nothing left to watch */
export const isSettled = (draft: DraftBody): boolean =>
  (draft.status === 'ready' || draft.status === 'failed') && draft.regenerating.length === 0;

/** one line saying where the draft is (the page shows it, the progress endpoint sends it) */
export const progressText = (draft: DraftBody): string => {
  const { step, pages_read, pages_planned } = draft.progress;
  switch (draft.status) {
    case 'crawling':
      return pages_planned === 0
        ? `Reading your site (${step}).`
        : `Reading your site (${step}): ${pages_read} of ${pages_planned} pages read.`;
    case 'drafting':
      return `Drafting the profile from ${pages_read} pages read.`;
    case 'failed':
      return `Your site could not be read: ${draft.failure_reason ?? 'no reason given'}.`;
    case 'ready':
      return draft.regenerating.length > 0
        ? `Redrafting ${draft.regenerating.map(labelOf).join(', ')} from your site.`
        : 'Ready: check the values, then submit.';
    default: {
      const never: never = draft.status;
      throw new Error(`unknown draft status ${String(never)}`);
    }
  }
};

/** a draft's name, or its website while there is none */
export const titleOf = (draft: DraftBody): string => {
  const name = draft.fields.name?.value;
  return typeof name === 'string' && name.trim() !== '' ? name : draft.url;
};

/** evidence and crawled pages link only to web pages (never a `javascript:` URL) */
export const webUrlOrNull = (url: string): string | null => (/^https?:\/\//i.test(url) ? url : null);

const NOTICES: Record<string, string> = {
  saved: 'Your changes are saved.',
  locked: 'The field is locked: redrafts leave it as it is.',
  restored: 'The drafted value is back.',
  regenerating: 'The field is being redrafted from your site.',
  submitted: 'The draft is saved as a listing (not published yet). Later edits here update it too.',
  invited: 'The invite is on its way.',
  unchanged: 'Nothing changed.',
};
export const noticeOf = (done: string | undefined): string | null => (done ? (NOTICES[done] ?? null) : null);
