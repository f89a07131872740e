import { DRAFT_FIELD_KEYS, type Draft, DraftPatch, type FIELD_STATES, INVITES_MAX } from '@listings/contracts';
import type { Static } from 'typebox';
import { CsrfField } from '../../components/csrf-field.ts';
import { FieldErrors } from '../../components/field-errors.ts';
import { Layout } from '../../components/layout.ts';
import { Pagination } from '../../components/pagination.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import type { Viewer } from '../../viewer.ts';

export type DraftBody = Static<typeof Draft>;
type FieldState = (typeof FIELD_STATES)[number];
type Frame = PageFrame & { viewer: Viewer };

/** the `fields` keys whose value is a list (typed one item per line), read from the contract */
const fieldSchemas = DraftPatch.properties.fields.properties as Record<string, object>;
export const LIST_FIELDS: ReadonlySet<string> = new Set(
  DRAFT_FIELD_KEYS.filter((key) => JSON.stringify(fieldSchemas[key]).includes('"array"')),
);
/** a long text gets a text area */
const LONG_FIELDS: ReadonlySet<string> = new Set(['short_description', 'description', 'pricing_summary']);

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
const STATE_WORDS: Record<FieldState, string> = {
  ai: 'drafted from your site',
  not_found: 'not found on your site',
  edited: 'edited by you',
  manual: 'typed by you',
  override: 'locked against redrafts',
  deleted: 'removed by you',
};

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
const titleOf = (draft: DraftBody): string => {
  const name = draft.fields.name?.value;
  return typeof name === 'string' && name.trim() !== '' ? name : draft.url;
};

/** evidence and crawled pages link only to web pages (never a `javascript:` URL) */
const webUrlOrNull = (url: string): string | null => (/^https?:\/\//i.test(url) ? url : null);

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

/** The progress panel: updated in place by site.js while the draft is unsettled, a refresh link without it. */
const Progress = (props: { draft: DraftBody }): VNode => {
  const { draft } = props;
  const settled = isSettled(draft);
  const { pages_read, pages_planned } = draft.progress;
  return html`<section
    class="draft-progress"
    aria-labelledby="progress-heading"
    data-draft-progress=${settled ? undefined : ''}
    data-progress-url=${settled ? undefined : `/me/drafts/${draft.id}/progress`}
  >
    <h2 id="progress-heading">Status: <span data-progress-status>${draft.status}</span></h2>
    <p role="status" data-progress-text>${progressText(draft)}</p>
    ${
      settled
        ? null
        : html`<p>
            <label for="draft-progress-bar">Pages read</label>
            <progress id="draft-progress-bar" max=${Math.max(1, pages_planned)} value=${pages_read}>${pages_read} of ${pages_planned}</progress>
          </p>
          <p class="muted">This page updates itself. <a href=${`/me/drafts/${draft.id}`}>Refresh</a> to see the latest.</p>`
    }
  </section>`;
};

export interface DraftsData {
  readonly drafts: readonly DraftBody[];
  readonly page: number;
  readonly perPage: number;
  readonly total: number;
  readonly formId: string;
  readonly form: { url: string; errors: Record<string, string[]> };
  readonly notice: string | null;
}

/** `/me/drafts`: submit a website, and your drafts with where each one stands. */
export const DraftsView = (data: DraftsData, frame: Frame): VNode => {
  const errors = data.form.errors;
  return html`<${Layout} frame=${frame} title="Your drafts">
    <h1>Your drafts</h1>
    ${data.notice ? html`<p class="notice" role="alert">${data.notice}</p>` : null}
    <form method="post" action="/me/drafts" novalidate>
      <h2>Submit your product</h2>
      <p>Give us your product's website: we read it (as robots.txt allows) and draft the profile in about a minute, with a quote from your site beside every value. Nothing is published or charged.</p>
      <${CsrfField} viewer=${frame.viewer} />
      <input type="hidden" name="form_id" value=${data.formId} />
      <p>
        <label for="draft-url">Website URL</label>
        <input
          id="draft-url"
          name="url"
          type="url"
          inputmode="url"
          required
          maxlength="2048"
          placeholder="https://www.example.com"
          value=${data.form.url}
          aria-invalid=${errors.url ? 'true' : undefined}
          aria-describedby=${errors.url ? 'draft-url-error' : undefined}
        />
        <${FieldErrors} id="draft-url-error" messages=${errors.url} />
      </p>
      <button type="submit">Draft my listing</button>
    </form>
    <section aria-labelledby="drafts-heading">
      <h2 id="drafts-heading">Drafts</h2>
      ${
        data.drafts.length === 0
          ? html`<p>No drafts yet.</p>`
          : html`<table>
              <thead><tr><th scope="col">Product</th><th scope="col">Status</th><th scope="col">Complete</th><th scope="col">Listing</th></tr></thead>
              <tbody>
                ${data.drafts.map(
                  (draft) => html`<tr>
                    <td><a href=${`/me/drafts/${draft.id}`}>${titleOf(draft)}</a></td>
                    <td>${draft.status}</td>
                    <td>${draft.completeness.score}%</td>
                    <td>${draft.listing_id === null ? 'not submitted' : `listing ${draft.listing_id}`}</td>
                  </tr>`,
                )}
              </tbody>
            </table>`
      }
      <${Pagination}
        page=${data.page}
        perPage=${data.perPage}
        total=${data.total}
        hrefOf=${(page: number) => `/me/drafts?page=${page}`}
      />
    </section>
    <p><a href="/me">Back to your account</a></p>
  <//>`;
};

export interface DraftData {
  readonly draft: DraftBody;
  /** what the edit form shows: the draft's values, or what was typed when it was refused */
  readonly typed: Readonly<Record<string, string>>;
  readonly errors: Record<string, string[]>;
  readonly notice: string | null;
  /** a form's one-time id: a second post of the same page's action does not act twice */
  readonly formId: string;
  /** the co-founder invite form: what was typed and why it was refused */
  readonly invite: { email: string; errors?: string[] };
}

/** who is invited to co-own the draft, and the form to invite one more */
const Invites = (props: { draft: DraftBody; invite: DraftData['invite']; formId: string; viewer: Viewer }): VNode => {
  const { draft, invite } = props;
  return html`<section aria-labelledby="invites-heading">
    <h2 id="invites-heading">Co-founders</h2>
    ${
      draft.invites.length === 0
        ? html`<p>Nobody invited yet.</p>`
        : html`<ul>
            ${draft.invites.map(
              (i) =>
                html`<li>${i.email}: ${i.accepted ? 'accepted' : 'invited'} <time datetime=${i.invited_at}>${i.invited_at.slice(0, 10)}</time></li>`,
            )}
          </ul>`
    }
    ${
      draft.invites.length >= INVITES_MAX
        ? html`<p>This draft has ${INVITES_MAX} invites, the most it can have.</p>`
        : html`<form method="post" action=${`/me/drafts/${draft.id}/invites`} novalidate>
            <${CsrfField} viewer=${props.viewer} />
            <input type="hidden" name="form_id" value=${props.formId} />
            <p>
              <label for="invite-email">Invite a co-founder by email</label>
              <input
                id="invite-email"
                name="email"
                type="email"
                autocomplete="off"
                required
                maxlength="254"
                value=${invite.email}
                aria-invalid=${invite.errors ? 'true' : undefined}
                aria-describedby=${invite.errors ? 'invite-email-error' : undefined}
              />
              <${FieldErrors} id="invite-email-error" messages=${invite.errors} />
            </p>
            <button type="submit" class="secondary">Send the invite</button>
          </form>`
    }
  </section>`;
};

/** a field's value as its input shows it (a list one item per line) */
export const typedValueOf = (value: string | readonly string[] | null | undefined): string =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.join('\n') : String(value);

const Evidence = (props: { evidence: DraftBody['fields'][string]['evidence']; id: string }): VNode | null =>
  props.evidence.length === 0
    ? null
    : html`<div class="evidence" id=${props.id}>
        ${props.evidence.map((item) => {
          const href = webUrlOrNull(item.url);
          return html`<blockquote>
            <p>${item.quote}</p>
            <footer>${href ? html`<a href=${href} rel="nofollow noopener">${item.url}</a>` : item.url}</footer>
          </blockquote>`;
        })}
      </div>`;

const ACTIONS_FORM = 'draft-field-actions';

// (`field`, not `key`: Preact keeps `key` for itself)
const FieldRow = (props: { draft: DraftBody; field: string; typed: string; errors?: string[] }): VNode => {
  const { draft, field: key } = props;
  const slot = draft.fields[key] ?? { value: null, state: 'not_found' as const, evidence: [] };
  const id = `field-${key}`;
  const label = labelOf(key);
  const describedBy = [
    props.errors ? `${id}-error` : null,
    `${id}-state`,
    slot.evidence.length > 0 ? `${id}-evidence` : null,
  ]
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    name: `fields.${key}`,
    'aria-invalid': props.errors ? 'true' : undefined,
    'aria-describedby': describedBy,
  };
  const ready = draft.status === 'ready';
  const redrafting = draft.regenerating.includes(key);
  return html`<div class="draft-field">
    <div class="draft-value">
      <label for=${id}>${label}</label>
      ${
        LIST_FIELDS.has(key) || LONG_FIELDS.has(key)
          ? html`<textarea ...${common} rows=${key === 'description' ? 8 : 3}>${props.typed}</textarea>`
          : html`<input ...${common} value=${props.typed} />`
      }
      ${LIST_FIELDS.has(key) ? html`<span class="muted">One per line.</span>` : null}
      <${FieldErrors} id=${`${id}-error`} messages=${props.errors} />
    </div>
    <div class="draft-source">
      <p id=${`${id}-state`}>
        <span class="badge">${slot.state}</span> ${STATE_WORDS[slot.state]}${redrafting ? ' (being redrafted now)' : ''}
      </p>
      <${Evidence} evidence=${slot.evidence} id=${`${id}-evidence`} />
      <div class="actions">
        ${
          slot.state === 'override'
            ? null
            : html`<button type="submit" form=${ACTIONS_FORM} name="action" value=${`lock:${key}`} class="secondary" aria-label=${`Lock ${label}`}>Lock</button>`
        }
        ${
          ready && !redrafting && slot.state !== 'override'
            ? html`<button type="submit" form=${ACTIONS_FORM} name="action" value=${`regenerate:${key}`} class="secondary" aria-label=${`Regenerate ${label}`}>Regenerate</button>`
            : null
        }
        ${
          slot.state === 'edited' || slot.state === 'manual' || slot.state === 'deleted' || slot.state === 'override'
            ? html`<button type="submit" form=${ACTIONS_FORM} name="action" value=${`restore:${key}`} class="secondary" aria-label=${`Restore the drafted ${label}`}>Restore</button>`
            : null
        }
      </div>
    </div>
  </div>`;
};

/** a structured part of the draft (FAQs, founders, socials, story...), shown with its state and evidence */
const SECTIONS = [
  ['faqs', 'FAQs'],
  ['founders', 'Founders'],
  ['company_socials', 'Company socials'],
  ['founder_socials', 'Founder socials'],
  ['story', 'Founder story'],
  ['milestones', 'Milestones'],
  ['competitor_url', 'Competitor'],
  ['seo', 'Search engine title and description'],
] as const;

const sectionText = (value: unknown): VNode | string => {
  if (value === null || value === undefined) return 'nothing yet';
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.length === 0
      ? 'nothing yet'
      : html`<ul>${value.map((item) => html`<li>${typeof item === 'object' && item !== null ? Object.values(item).join(' · ') : String(item)}</li>`)}</ul>`;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length === 0
    ? 'nothing yet'
    : html`<dl class="facts">${entries.map(([k, v]) => html`<dt>${k.replaceAll('_', ' ')}</dt><dd>${String(v)}</dd>`)}</dl>`;
};

/** `/me/drafts/{id}`: where the draft stands, each value beside its evidence, and what can be done with it. */
export const DraftView = (data: DraftData, frame: Frame): VNode => {
  const { draft } = data;
  const { viewer } = frame;
  const ready = draft.status === 'ready';
  const errorCount = Object.keys(data.errors).length;
  return html`<${Layout} frame=${frame} title=${`Draft: ${titleOf(draft)}`}>
    <p><a href="/me/drafts">Your drafts</a></p>
    <h1>${titleOf(draft)}</h1>
    <p>From <a href=${webUrlOrNull(draft.url) ?? '#'} rel="nofollow noopener">${draft.url}</a></p>
    ${data.notice ? html`<p class="notice" role="status">${data.notice}</p>` : null}
    ${errorCount > 0 ? html`<p class="notice" role="alert">Some values were not saved: see the messages next to them.</p>` : null}
    <${Progress} draft=${draft} />
    ${
      draft.listing_id !== null
        ? html`<p>Saved as listing ${draft.listing_id}${draft.submitted_at ? ` on ${draft.submitted_at.slice(0, 10)}` : ''}: edits here update it too.</p>`
        : null
    }
    ${
      ready
        ? html`<form method="post" action=${`/me/drafts/${draft.id}/submit`}>
            <${CsrfField} viewer=${viewer} />
            <p>${draft.completeness.score}% complete${draft.completeness.missing.length > 0 ? `; still missing: ${draft.completeness.missing.map(labelOf).join(', ')}` : ''}.</p>
            <button type="submit" id="submit-draft">${draft.listing_id === null ? 'Submit: create the listing' : 'Submit again: update the listing'}</button>
          </form>`
        : null
    }
    ${
      ready
        ? html`<form id=${ACTIONS_FORM} method="post" action=${`/me/drafts/${draft.id}/fields`}>
            <${CsrfField} viewer=${viewer} />
            <input type="hidden" name="form_id" value=${data.formId} />
          </form>`
        : null
    }
    ${
      draft.status === 'failed'
        ? html`<form method="post" action="/me/drafts">
            <${CsrfField} viewer=${viewer} />
            <input type="hidden" name="form_id" value=${data.formId} />
            <input type="hidden" name="url" value=${draft.url} />
            <button type="submit">Try this website again</button>
          </form>`
        : null
    }
    ${
      !ready
        ? null
        : html`<form method="post" action=${`/me/drafts/${draft.id}`} novalidate aria-labelledby="fields-heading">
            <h2 id="fields-heading">Profile</h2>
            <p class="muted">Each value sits beside the words on your site it was drafted from. Lock a value to keep it through redrafts.</p>
            <${CsrfField} viewer=${viewer} />
            ${DRAFT_FIELD_KEYS.map(
              (key) =>
                html`<${FieldRow} draft=${draft} field=${key} typed=${data.typed[key] ?? ''} errors=${data.errors[key]} />`,
            )}
            <button type="submit" id="save-draft">Save changes</button>
          </form>
          <section aria-labelledby="sections-heading">
            <h2 id="sections-heading">More from your site</h2>
            ${SECTIONS.map(([key, label]) => {
              const slot = draft[key];
              return html`<div class="draft-field">
                <div class="draft-value">
                  <h3>${label}</h3>
                  ${sectionText(slot.value)}
                </div>
                <div class="draft-source">
                  <p><span class="badge">${slot.state}</span> ${STATE_WORDS[slot.state]}</p>
                  <${Evidence} evidence=${slot.evidence} id=${`section-${key}-evidence`} />
                </div>
              </div>`;
            })}
          </section>`
    }
    <${Invites} draft=${draft} invite=${data.invite} formId=${data.formId} viewer=${viewer} />
    ${
      draft.pages.length > 0
        ? html`<section aria-labelledby="pages-heading">
            <h2 id="pages-heading">Pages read</h2>
            <ul>
              ${draft.pages.map((page) => {
                const href = webUrlOrNull(page.url);
                return html`<li>${href ? html`<a href=${href} rel="nofollow noopener">${page.title || page.url}</a>` : page.url}</li>`;
              })}
            </ul>
          </section>`
        : null
    }
  <//>`;
};
