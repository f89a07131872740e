import { DRAFT_FIELD_KEYS, INVITES_MAX } from '@listings/contracts';
import { CsrfField } from '../../components/csrf-field.ts';
import { FieldErrors } from '../../components/field-errors.ts';
import { Layout } from '../../components/layout.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import type { Viewer } from '../../viewer.ts';
import { ACTIONS_FORM, Evidence, FieldRow, SECTIONS, sectionText } from './draft-fields.ts';
import { type DraftBody, isSettled, labelOf, progressText, STATE_WORDS, titleOf, webUrlOrNull } from './draft-text.ts';

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

/** `/me/drafts/{id}`: where the draft stands, each value beside its evidence, and what can be done with it. */
export const DraftView = (data: DraftData, frame: PageFrame & { viewer: Viewer }): VNode => {
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
