import { FieldErrors } from '../../components/field-errors.ts';
import { html, type VNode } from '../../html.ts';
import { type DraftBody, LIST_FIELDS, labelOf, STATE_WORDS, webUrlOrNull } from './draft-text.ts';

/* A draft's values on its page, each beside the words on the site it was drafted from. */

/** a long text gets a text area */
const LONG_FIELDS: ReadonlySet<string> = new Set(['short_description', 'description', 'pricing_summary']);

export const Evidence = (props: { evidence: DraftBody['fields'][string]['evidence']; id: string }): VNode | null =>
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

export const ACTIONS_FORM = 'draft-field-actions';

// (`field`, not `key`: Preact keeps `key` for itself)
export const FieldRow = (props: { draft: DraftBody; field: string; typed: string; errors?: string[] }): VNode => {
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
export const SECTIONS = [
  ['faqs', 'FAQs'],
  ['founders', 'Founders'],
  ['company_socials', 'Company socials'],
  ['founder_socials', 'Founder socials'],
  ['story', 'Founder story'],
  ['milestones', 'Milestones'],
  ['competitor_url', 'Competitor'],
  ['seo', 'Search engine title and description'],
] as const;

export const sectionText = (value: unknown): VNode | string => {
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
