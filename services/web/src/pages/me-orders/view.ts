import type { OrderView } from '@listings/contracts';
import { CsrfField } from '../../components/csrf-field.ts';
import { Layout } from '../../components/layout.ts';
import { PagedTable } from '../../components/pagination.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import type { Viewer } from '../../viewer.ts';

/** a listing an order is for, as its owner reads it */
export interface OrderListing {
  readonly name: string;
}

/** what the order pages need besides the orders: the listings' names (those that could be read) and the products' */
export interface OrderNames {
  readonly listings: ReadonlyMap<number, OrderListing>;
  readonly products: ReadonlyMap<string, string>;
}

export const checkoutPath = (number: string): string => `/checkout/${number}`;

export const STATUS_TEXT: Record<string, string> = {
  pending: 'Waiting for payment',
  paid: 'Paid: being fulfilled',
  fulfilled: 'Paid and fulfilled',
  expired: 'Expired',
  refused: 'Refused: not charged',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (cents: number): string => usd.format(cents / 100);
const percent = (rate: number): string => `${Number((rate * 100).toFixed(2))}%`;
const When = (props: { at: string }): VNode =>
  html`<time datetime=${props.at}>${props.at.slice(0, 16).replace('T', ' ')} UTC</time>`;

/** what a line is bought for: the listing's name (its number only when the name cannot be read) */
const ForListing = (props: { id: number | undefined; names: OrderNames }): VNode | null => {
  if (props.id === undefined) return null;
  const listing = props.names.listings.get(props.id);
  return listing
    ? html`<a href=${`/me/listings/${props.id}/edit`} data-listing=${props.id}>${listing.name}</a>`
    : html`<span data-listing=${props.id}>listing ${props.id}</span>`;
};

/** the listings an order is for, by name, once each */
const listingsOf = (order: OrderView, names: OrderNames): VNode[] => {
  const ids = [...new Set(order.lines.flatMap((line) => (line.listing_id === undefined ? [] : [line.listing_id])))];
  return ids.map((id, i) => html`${i > 0 ? ', ' : ''}<${ForListing} id=${id} names=${names} />`);
};

/** `/me/orders`: your orders, newest first: what for, status, total with VAT, the way to pay while unpaid */
export const MyOrdersView = (
  props: { orders: readonly OrderView[]; names: OrderNames; page: number; perPage: number; total: number },
  frame: PageFrame,
): VNode => html`<${Layout} frame=${frame} title="Your orders" head=${html`<meta name="robots" content="noindex" />`}>
  <h1>Your orders</h1>
  <p>Orders are made by a checkout link (<code>POST /api/v1/orders/checkout</code>, or your tools through the API and MCP).</p>
  <${PagedTable}
    id="orders"
    head=${html`<tr>
        <th scope="col">Order</th>
        <th scope="col">For</th>
        <th scope="col">Status</th>
        <th scope="col" class="num">Total (incl. VAT)</th>
        <th scope="col"><span class="visually-hidden">Pay</span></th>
      </tr>`}
    rows=${props.orders.map(
      (order) => html`<tr data-order=${order.number}>
          <td><a href=${checkoutPath(order.number)}><code>${order.number}</code></a><br /><${When} at=${order.created_at} /></td>
          <td>
            ${listingsOf(order, props.names)}
            ${
              order.lines.some((line) => line.listing_id === undefined)
                ? html`<span class="muted">${order.lines
                    .filter((l) => l.listing_id === undefined)
                    .map((l) => props.names.products.get(l.product) ?? l.product)
                    .join(', ')}</span>`
                : null
            }
          </td>
          <td data-status=${order.status}>${STATUS_TEXT[order.status] ?? order.status}</td>
          <td class="num">${money(order.totals.total_cents)}</td>
          <td>
            ${
              order.status === 'pending'
                ? html`<a class="button" href=${checkoutPath(order.number)} aria-label=${`Pay order ${order.number}`}>Pay</a>`
                : null
            }
          </td>
        </tr>`,
    )}
    empty=${html`<p>No orders yet.</p>`}
    page=${props.page}
    perPage=${props.perPage}
    total=${props.total}
    path="/me/orders"
  />
  <p><a href="/me/listings">Your listings</a> · <a href="/me">Back to your account</a></p>
<//>`;

/** what the pay step says, by status */
const PayOrStatus = (props: { order: OrderView; returned: string | null; viewer: Viewer }): VNode => {
  const { order } = props;
  switch (order.status) {
    case 'pending':
      return html`<section id="pay" aria-labelledby="pay-heading">
        <h2 id="pay-heading">Pay</h2>
        <p>This order can be paid until <${When} at=${order.expires_at ?? order.created_at} />.</p>
        <p class="note">
          With the <strong>local development provider</strong>, pressing Pay marks the order paid without charging
          anything. Where Stripe is set up, Pay takes you to Stripe Checkout (card, wallets, PayPal or crypto, as the
          shop’s account allows) and the order is paid once Stripe confirms it. This site never asks for card details
          on its own pages.
        </p>
        ${props.returned === 'done' ? html`<p role="status" id="payment-return">Back from Stripe: the order shows paid as soon as Stripe confirms the payment. Reload this page in a moment.</p>` : null}
        ${props.returned === 'cancelled' ? html`<p role="status" id="payment-return">The payment was cancelled at Stripe: nothing was charged. You can pay again.</p>` : null}
        <form method="post" action=${`${checkoutPath(order.number)}/pay`}>
          <${CsrfField} viewer=${props.viewer} />
          <button type="submit">Pay ${money(order.totals.total_cents)}</button>
        </form>
      </section>`;
    case 'paid':
      return order.status_reason
        ? html`<p role="status" id="status-reason" class="field-error">${order.status_reason}</p>`
        : html`<p role="status">Your payment is recorded. What you bought is being set up; reload this page to follow it.</p>`;
    case 'fulfilled':
      return html`<p role="status">Paid, and everything in this order is done.</p>`;
    case 'expired':
      // the reason says how long the order was held (the shop's hold when it was placed)
      return html`<p role="status">${order.status_reason ?? 'This order was not paid in time'}: it has expired and nothing was charged. Create a new checkout to buy again.</p>`;
    case 'refused':
      return html`<p role="status" id="status-reason" class="field-error">${order.status_reason ?? 'This order was refused before payment: nothing was charged.'}</p>`;
    default:
      return html`<p role="status">${STATUS_TEXT[order.status] ?? order.status}.</p>`;
  }
};

/**
 * `/checkout/{number}`: one order of the signed-in person: lines (product, the listing by name,
 * price), subtotal, VAT, total, billing details, and the pay step while it is unpaid.
 */
export const CheckoutView = (
  props: { order: OrderView; names: OrderNames; returned: string | null },
  frame: PageFrame & { viewer: Viewer },
): VNode => {
  const { order, names } = props;
  const { totals } = order;
  // fulfilment per line means something once paid (an expired or refused order was never charged)
  const paidOrLater = order.status === 'paid' || order.status === 'fulfilled' || order.status === 'refunded';
  const vatLabel = totals.reverse_charge
    ? `VAT ${percent(totals.vat_rate)} (reverse charge: you account for the VAT)`
    : `VAT ${percent(totals.vat_rate)}`;
  return html`<${Layout} frame=${frame} title=${`Order ${order.number}`} head=${html`<meta name="robots" content="noindex" />`}>
    <h1>Order ${order.number}</h1>
    <p>Order <code id="order-number">${order.number}</code>, created <${When} at=${order.created_at} />.</p>
    <p>Status: <strong id="order-status" data-status=${order.status}>${STATUS_TEXT[order.status] ?? order.status}</strong></p>
    <table id="order-lines">
      <caption class="visually-hidden">What the order buys</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">For</th>
          <th scope="col" class="num">Price (excl. VAT)</th>
          ${paidOrLater ? html`<th scope="col">Fulfilment</th>` : null}
        </tr>
      </thead>
      <tbody>
        ${order.lines.map(
          (line, i) => html`<tr data-line=${i}>
            <td>${names.products.get(line.product) ?? line.product}</td>
            <td><${ForListing} id=${line.listing_id} names=${names} />${line.launch_week ? html` (week of ${line.launch_week})` : null}</td>
            <td class="num">${money(line.unit_price_cents)}</td>
            ${paidOrLater ? html`<td class="fulfilment">${line.fulfilled ? 'Fulfilled' : 'Not fulfilled yet'}</td>` : null}
          </tr>`,
        )}
      </tbody>
    </table>
    <table id="order-totals">
      <caption class="visually-hidden">Totals</caption>
      <tbody>
        <tr><th scope="row">Subtotal</th><td class="num">${money(totals.subtotal_cents)}</td></tr>
        <tr><th scope="row">${vatLabel}</th><td class="num">${money(totals.vat_cents)}</td></tr>
        <tr><th scope="row">Total (${totals.currency})</th><td class="num"><strong id="order-total">${money(totals.total_cents)}</strong></td></tr>
      </tbody>
    </table>
    <p>
      ${
        order.billing_country
          ? html`Billing country <code id="billing-country">${order.billing_country}</code>${order.vat_number ? html`, VAT number <code id="vat-number">${order.vat_number}</code>` : null}.`
          : 'No billing country was given: the price is shown without VAT.'
      }
      ${' '}VAT was worked out from these when the order was created; to change them, create a new checkout.
    </p>
    <${PayOrStatus} order=${order} returned=${props.returned} viewer=${frame.viewer} />
    <p><a href="/me/orders">Your orders</a> · <a href="/me">Back to your account</a></p>
  <//>`;
};
