import { CsrfField } from '../../components/csrf-field.ts';
import { FieldErrors } from '../../components/field-errors.ts';
import { Layout } from '../../components/layout.ts';
import { PagedTable } from '../../components/pagination.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import type { Viewer } from '../../viewer.ts';
import { EDIT_FIELDS, type EditField, limitsOf } from './edit-fields.ts';

export interface MyListingRow {
  readonly listing_id: number;
  readonly slug: string;
  readonly name: string;
  readonly status: string;
  readonly launch_week: string | null;
  /** an operator hid the listing: why and when (get_my_listing `operator_notice`) */
  readonly operator_notice?: { readonly action: 'hidden'; readonly reason: string; readonly at: string } | null;
}

/** what the owner of a listing the operators hid is told, wherever /me shows it */
export const OperatorNotice = (props: { listing: MyListingRow }): VNode | null => {
  const notice = props.listing.operator_notice;
  return notice
    ? html`<p class="notice" role="alert">
        The operators hid ${props.listing.name} on <time datetime=${notice.at}>${notice.at.slice(0, 10)}</time>: it
        shows nowhere public (its page, search, boards and feeds) until they restore it. Their reason:
        <q>${notice.reason}</q>
      </p>`
    : null;
};

/** statuses whose listing page the public can open (drafts and rejected listings are not shown) */
const PUBLIC_STATUSES = new Set(['awaiting_badge', 'scheduled', 'live', 'archived']);
export const isPublic = (status: string): boolean => PUBLIC_STATUSES.has(status);

const STATUS_LABELS: Record<string, string> = {
  draft: 'Draft (not public)',
  awaiting_badge: 'Waiting for the badge on your homepage',
  scheduled: 'Scheduled',
  live: 'Live',
  rejected: 'Rejected',
  archived: 'Archived',
  hidden: 'Hidden by the operators',
};
export const statusLabel = (status: string): string => STATUS_LABELS[status] ?? status;

/** `/me/listings`: the listings you own, in any status, each with its edit form and public page */
export const MyListingsView = (
  props: {
    listings: readonly MyListingRow[];
    page: number;
    perPage: number;
    total: number;
    notice: string | null;
  },
  frame: PageFrame & { viewer: Viewer },
): VNode => html`<${Layout} frame=${frame} title="Your listings">
  <h1>Your listings</h1>
  ${props.notice ? html`<p class="notice" role="status">${props.notice}</p>` : null}
  ${props.listings.map((listing) => html`<${OperatorNotice} listing=${listing} />`)}
  <${PagedTable}
    head=${html`<tr>
        <th scope="col">Name</th>
        <th scope="col">Status</th>
        <th scope="col">Launch week</th>
        <th scope="col">Public page</th>
        <th scope="col">Free plan</th>
        <th scope="col">Analytics</th>
      </tr>`}
    rows=${props.listings.map(
      (listing) => html`<tr>
          <td><a href=${`/me/listings/${listing.listing_id}/edit`} aria-label=${`Edit ${listing.name}`}>${listing.name}</a></td>
          <td>${statusLabel(listing.status)}</td>
          <td>${listing.launch_week ? html`<time datetime=${listing.launch_week}>${listing.launch_week}</time>` : 'not chosen'}</td>
          <td>
            ${
              isPublic(listing.status)
                ? html`<a href=${`/listings/${listing.slug}`}>/listings/${listing.slug}</a>`
                : html`<span class="muted">not public yet</span>`
            }
          </td>
          <td><a href=${`/me/listings/${listing.listing_id}/free-plan`} aria-label=${`Free plan and badge of ${listing.name}`}>Free plan and badge</a></td>
          <td><a href=${`/me/listings/${listing.listing_id}/analytics`} aria-label=${`Analytics of ${listing.name}`}>Analytics</a></td>
        </tr>`,
    )}
    empty=${html`<p>You own no listings yet. Submit your product's website to make one, or claim a listing that is yours on <a href="/me/claims">your claims page</a>.</p>`}
    page=${props.page}
    perPage=${props.perPage}
    total=${props.total}
    path="/me/listings"
  />
  <p><a href="/me/claims">Your claims</a> · <a href="/me">Back to your account</a></p>
<//>`;

const FieldInput = (props: {
  field: EditField;
  value: string;
  was: string;
  errors: readonly string[] | undefined;
}): VNode => {
  const { field } = props;
  const id = `edit-${field.name.replaceAll('_', '-')}`;
  const limits = limitsOf(field.name);
  const hintId = field.hint ? `${id}-hint` : null;
  const errorId = props.errors?.length ? `${id}-error` : null;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.name,
    'aria-invalid': errorId ? 'true' : undefined,
    'aria-describedby': describedBy,
  };
  const input =
    field.kind === 'text' || field.kind === 'list'
      ? html`<textarea
          ...${common}
          rows=${field.kind === 'list' || (limits.maxLength ?? 0) <= 400 ? 4 : 10}
          maxlength=${field.kind === 'text' ? limits.maxLength : undefined}
        >${props.value}</textarea>`
      : html`<input
          ...${common}
          value=${props.value}
          inputmode=${field.kind === 'year' ? 'numeric' : undefined}
          maxlength=${field.kind === 'year' ? 4 : field.kind === 'country' ? 2 : limits.maxLength}
        />`;
  return html`<p>
    <label for=${id}>${field.label}</label>
    ${field.hint ? html`<span id=${hintId} class="muted"> ${field.hint}</span>` : null}
    ${input}
    <input type="hidden" name=${`was_${field.name}`} value=${props.was} />
    <${FieldErrors} id=${`${id}-error`} messages=${props.errors} />
  </p>`;
};

/**
 * `/me/listings/{id}/edit`: the listing's fields as the public sees them now. Only the fields
 * changed here are sent (PATCH); each carries a fingerprint of what it showed (`was_<name>`).
 */
export const EditListingView = (
  props: {
    listing: MyListingRow;
    values: Record<string, string>;
    was: Record<string, string>;
    errors: Record<string, string[]>;
    notice: string | null;
  },
  frame: PageFrame & { viewer: Viewer },
): VNode => {
  const { listing } = props;
  return html`<${Layout} frame=${frame} title=${`Edit ${listing.name}`}>
    <h1>Edit ${listing.name}</h1>
    <p>
      ${statusLabel(listing.status)}${listing.launch_week ? `, launch week ${listing.launch_week}` : ''}.
      ${isPublic(listing.status) ? html` <a href=${`/listings/${listing.slug}`}>See its public page</a>.` : null}
    </p>
    <${OperatorNotice} listing=${listing} />
    ${props.notice ? html`<p class="notice" role="status">${props.notice}</p>` : null}
    ${
      props.errors.form
        ? html`<p class="field-error" role="alert" id="edit-form-error">${props.errors.form.join('; ')}</p>`
        : Object.keys(props.errors).length > 0
          ? html`<p class="field-error" role="alert">Nothing was saved: see the fields marked below.</p>`
          : null
    }
    <form method="post" action=${`/me/listings/${listing.listing_id}/edit`} novalidate>
      <${CsrfField} viewer=${frame.viewer} />
      <p class="muted">Changes publish at once and are kept in the listing's history. Empty a field to clear it.</p>
      ${EDIT_FIELDS.map(
        (field) =>
          html`<${FieldInput}
            field=${field}
            value=${props.values[field.name] ?? ''}
            was=${props.was[field.name] ?? ''}
            errors=${props.errors[field.name]}
          />`,
      )}
      <button type="submit">Save changes</button>
    </form>
    <p><a href=${`/me/listings/${listing.listing_id}/free-plan`}>Free plan and badge</a> · <a href="/me/listings">Back to your listings</a></p>
  <//>`;
};
