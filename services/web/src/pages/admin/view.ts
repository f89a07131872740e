import type { getModerationQueue, listOperatorActions } from '@listings/contracts';
import { EMAIL_MAX_LENGTH, OPERATOR_REASON_MAX, OPERATOR_REASON_MIN, ORDER_NUMBER_PATTERN } from '@listings/contracts';
import type { Static } from 'typebox';
import { CsrfField } from '../../components/csrf-field.ts';
import { Layout } from '../../components/layout.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import type { Viewer } from '../../viewer.ts';
import { CategoriesSection, type ConsoleCategory, MoveForm } from './categories-view.ts';

type Queue = Static<(typeof getModerationQueue)['response']>;
type Actions = Static<(typeof listOperatorActions)['response']>;
type Frame = PageFrame & { viewer: Viewer };

const ACTION_LABELS: Record<Actions['items'][number]['action'], string> = {
  listing_hidden: 'Listing hidden',
  listing_restored: 'Listing restored',
  listing_featured: 'Listing featured',
  listing_unfeatured: 'Listing unfeatured',
  listing_moved: 'Listing moved',
  category_added: 'Category added',
  category_edited: 'Category edited',
  order_refunded: 'Order refunded',
  account_suspended: 'Account suspended',
  account_restored: 'Account restored',
  review_removed: 'Review removed',
  review_restored: 'Review restored',
};

/** hide or restore one listing: a plain form post with the operator's reason */
const ListingActionForm = (props: {
  listingId: number;
  slug: string;
  hidden: boolean;
  viewer: Viewer;
  id: string;
}): VNode => {
  const verb = props.hidden ? 'restore' : 'hide';
  return html`<form method="post" action=${`/admin/listings/${props.listingId}/${verb}`} class="inline-form">
    <${CsrfField} viewer=${props.viewer} />
    <label for=${props.id}>Reason to ${verb} ${props.slug}</label>
    <input id=${props.id} name="reason" required minlength=${OPERATOR_REASON_MIN} maxlength=${OPERATOR_REASON_MAX} />
    <button type="submit" class=${props.hidden ? 'secondary' : ''}>${props.hidden ? 'Restore' : 'Hide'}</button>
  </form>`;
};

/** feature or unfeature one listing: a plain form post with the operator's reason */
const FeatureForm = (props: { listingId: number; slug: string; featured: boolean; viewer: Viewer }): VNode => {
  const verb = props.featured ? 'unfeature' : 'feature';
  return html`<form method="post" action=${`/admin/listings/${props.listingId}/${verb}`} class="inline-form">
    <${CsrfField} viewer=${props.viewer} />
    <label for=${`${verb}-${props.listingId}`}>Reason to ${verb} ${props.slug}</label>
    <input id=${`${verb}-${props.listingId}`} name="reason" required minlength=${OPERATOR_REASON_MIN} maxlength=${OPERATOR_REASON_MAX} />
    <button type="submit" class="secondary">${props.featured ? 'Unfeature' : 'Feature'}</button>
  </form>`;
};

/** remove or restore one review: a plain form post with the operator's reason */
const ReviewActionForm = (props: {
  listingId: number;
  reviewBy: string;
  viewer: Viewer;
  id: string;
  restore?: boolean;
}): VNode => {
  const verb = props.restore ? 'restore' : 'remove';
  return html`<form method="post" action=${`/admin/listings/${props.listingId}/reviews/${encodeURIComponent(props.reviewBy)}/${verb}`} class="inline-form">
    <${CsrfField} viewer=${props.viewer} />
    <label for=${props.id}>Reason to ${verb} the review</label>
    <input id=${props.id} name="reason" required minlength=${OPERATOR_REASON_MIN} maxlength=${OPERATOR_REASON_MAX} />
    <button type="submit" class=${props.restore ? 'secondary' : ''}>${props.restore ? 'Restore review' : 'Remove review'}</button>
  </form>`;
};

/** the reviews operators removed, each with a form to restore it */
const RemovedReviews = (props: { removed: Queue['removed_reviews']; viewer: Viewer }): VNode =>
  html`<section aria-labelledby="removed-reviews">
    <h2 id="removed-reviews">Removed reviews</h2>
    ${
      props.removed.length === 0
        ? html`<p>No removed review.</p>`
        : html`<table>
          <thead><tr><th scope="col">Review</th><th scope="col">Why removed</th><th scope="col">Removed</th><th scope="col">Action</th></tr></thead>
          <tbody>${props.removed.map(
            (r, i) => html`<tr>
              <td><a href=${`/listings/${r.slug}`}>${r.slug}</a> (review by ${r.review_by})</td>
              <td>${r.reason}</td>
              <td><time datetime=${r.removed_at}>${r.removed_at.slice(0, 16).replace('T', ' ')}</time></td>
              <td><${ReviewActionForm} listingId=${r.listing_id} reviewBy=${r.review_by} viewer=${props.viewer} id=${`removed-review-${i}`} restore=${true} /></td>
            </tr>`,
          )}</tbody>
        </table>`
    }
  </section>`;

/** suspend or restore an account: its email, the operator's reason, and one button for each */
const AccountForm = (props: { viewer: Viewer }): VNode =>
  html`<form method="post" action="/admin/accounts" class="inline-form">
    <${CsrfField} viewer=${props.viewer} />
    <label for="account-email">Email of the account</label>
    <input id="account-email" name="email" type="email" required maxlength=${EMAIL_MAX_LENGTH} autocomplete="off" />
    <label for="account-reason">Reason</label>
    <input id="account-reason" name="reason" required minlength=${OPERATOR_REASON_MIN} maxlength=${OPERATOR_REASON_MAX} />
    <button type="submit" name="action" value="suspend">Suspend</button>
    <button type="submit" name="action" value="restore" class="secondary">Restore</button>
  </form>`;

/** `/admin`: the operators' console: open reports and the newest submissions, each with its action */
export const ConsoleView = (
  props: { queue: Queue; categories: readonly ConsoleCategory[]; notice: string | null },
  frame: Frame,
): VNode => {
  const hidden = new Map(props.queue.submissions.map((s) => [s.listing_id, s.hidden]));
  return html`<${Layout} frame=${frame} title="Operator console">
  <h1>Operator console</h1>
  <p><a href="/admin/audit">Audit of operator actions</a></p>
  ${props.notice ? html`<p class="notice" role="status">${props.notice}</p>` : null}
  <section aria-labelledby="open-reports">
    <h2 id="open-reports">Open reports</h2>
    ${
      props.queue.reports.length === 0
        ? html`<p>No open reports.</p>`
        : html`<table>
          <thead><tr><th scope="col">Item</th><th scope="col">Reason</th><th scope="col">Details</th><th scope="col">Filed</th><th scope="col">Action</th></tr></thead>
          <tbody>${props.queue.reports.map(
            (report) => html`<tr>
              <td><a href=${`/listings/${report.slug}`}>${report.slug}</a>${report.review_by ? html` (review by ${report.review_by})` : null}</td>
              <td>${report.reason}</td>
              <td>${report.text}</td>
              <td><time datetime=${report.filed_at}>${report.filed_at.slice(0, 16).replace('T', ' ')}</time></td>
              <td>${
                report.review_by === null
                  ? html`<${ListingActionForm} listingId=${report.listing_id} slug=${report.slug} hidden=${hidden.get(report.listing_id) ?? false} viewer=${frame.viewer} id=${`report-${report.id}`} />`
                  : html`<${ReviewActionForm} listingId=${report.listing_id} reviewBy=${report.review_by} viewer=${frame.viewer} id=${`report-${report.id}`} />`
              }</td>
            </tr>`,
          )}</tbody>
        </table>`
    }
  </section>
  <section aria-labelledby="submissions">
    <h2 id="submissions">Newest submissions</h2>
    <table>
      <thead><tr><th scope="col">Listing</th><th scope="col">Status</th><th scope="col">Submitted</th><th scope="col">Action</th></tr></thead>
      <tbody>${props.queue.submissions.map(
        (s) => html`<tr>
          <td>${s.hidden || s.status === 'draft' ? s.name : html`<a href=${`/listings/${s.slug}`}>${s.name}</a>`}</td>
          <td>${s.status}</td>
          <td><time datetime=${s.created_at}>${s.created_at.slice(0, 10)}</time></td>
          <td>
            <${ListingActionForm} listingId=${s.listing_id} slug=${s.slug} hidden=${s.hidden} viewer=${frame.viewer} id=${`listing-${s.listing_id}`} />
            ${s.hidden ? null : html`<${FeatureForm} listingId=${s.listing_id} slug=${s.slug} featured=${s.featured} viewer=${frame.viewer} />`}
            <${MoveForm} listingId=${s.listing_id} slug=${s.slug} categories=${props.categories} viewer=${frame.viewer} />
          </td>
        </tr>`,
      )}</tbody>
    </table>
  </section>
  <${RemovedReviews} removed=${props.queue.removed_reviews} viewer=${frame.viewer} />
  <${CategoriesSection} categories=${props.categories} viewer=${frame.viewer} />
  <section aria-labelledby="orders">
    <h2 id="orders">Refund an order</h2>
    <form method="post" action="/admin/orders/refund" class="inline-form">
      <${CsrfField} viewer=${frame.viewer} />
      <label for="refund-number">Order number</label>
      <input id="refund-number" name="number" required pattern=${ORDER_NUMBER_PATTERN} />
      <label for="refund-reason">Reason to refund it</label>
      <input id="refund-reason" name="reason" required minlength=${OPERATOR_REASON_MIN} maxlength=${OPERATOR_REASON_MAX} />
      <button type="submit">Refund</button>
    </form>
  </section>
  <section aria-labelledby="accounts">
    <h2 id="accounts">Accounts</h2>
    <p>A suspended account's votes count 0 from then on, and its standing votes on weeks not over yet are discounted now, with the reason <code>account_suspended</code> in the vote ledger. Restoring it makes its later votes count again.</p>
    <${AccountForm} viewer=${frame.viewer} />
  </section>
<//>`;
};

/** what an audit row acted on: a listing (moved: to which category), a review, a category, an account or an order */
const auditItem = (a: Actions['items'][number]): string => {
  if (a.order !== null) return `order ${a.order}`;
  if (a.account_id !== null) return `account ${a.account_id}`;
  if (a.slug === null) return `category ${a.category ?? ''}`;
  if (a.review_by) return `${a.slug} (review by ${a.review_by})`;
  return a.action === 'listing_moved' ? `${a.slug} to category ${a.category ?? ''}` : a.slug;
};

/** `/admin/audit`: every operator action, newest first, with the operator and the reason */
export const AuditView = (
  props: { actions: Actions },
  frame: Frame,
): VNode => html`<${Layout} frame=${frame} title="Audit of operator actions">
  <h1>Audit of operator actions</h1>
  <p><a href="/admin">Back to the console</a></p>
  ${
    props.actions.items.length === 0
      ? html`<p>No operator action yet.</p>`
      : html`<table>
        <thead><tr><th scope="col">When</th><th scope="col">Action</th><th scope="col">Item</th><th scope="col">Operator</th><th scope="col">Reason</th></tr></thead>
        <tbody>${props.actions.items.map(
          (a) => html`<tr>
            <td><time datetime=${a.at}>${a.at.slice(0, 16).replace('T', ' ')}</time></td>
            <td>${ACTION_LABELS[a.action]}</td>
            <td>${auditItem(a)}</td>
            <td>${a.operator}</td>
            <td>${a.reason}</td>
          </tr>`,
        )}</tbody>
      </table>`
  }
  <p>${props.actions.total} actions in all.</p>
<//>`;
