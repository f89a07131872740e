import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX, type Webhook } from '@listings/contracts';
import type { Static } from 'typebox';
import { CsrfField } from '../../components/csrf-field.ts';
import { Layout } from '../../components/layout.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import type { Viewer } from '../../viewer.ts';

export type WebhookRow = Static<typeof Webhook>;

export interface WebhooksData {
  readonly listing: { readonly listing_id: number; readonly name: string };
  readonly webhooks: readonly WebhookRow[];
  /** a secret just made (create or rotate): shown this once */
  readonly secret: { readonly url: string; readonly value: string } | null;
  readonly notice: string | null;
  /** the create form's refusal, by field (`url`, `events`, or `form`) */
  readonly errors: Readonly<Record<string, string>>;
  /** what the create form held when it was refused */
  readonly draft: { readonly url: string; readonly events: readonly string[] };
}

export const webhooksPath = (id: number | string) => `/me/listings/${id}/webhooks`;
const webhookPath = (id: number, webhookId: string) => `${webhooksPath(id)}/${webhookId}`;

const EVENT_LABELS: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  'vote.counted': 'A vote is counted',
  'rank.changed': 'Its place on the launch week’s board changes',
  'review.posted': 'A review is posted',
  'follower.added': 'Someone follows the listing',
  'claim.verified': 'A claim of the listing is verified',
  'order.paid': 'An order for the listing is paid',
  'listing.published': 'The listing goes live',
  'launch_week.started': 'Its launch week starts',
  'launch_week.ended': 'Its launch week ends (votes, award)',
};

const Button = (props: { action: string; label: string; viewer: Viewer; name?: string }): VNode =>
  html`<form method="post" action=${props.action} class="inline-form">
    <${CsrfField} viewer=${props.viewer} />
    <button type="submit" aria-label=${props.name}>${props.label}</button>
  </form>`;

/** the delivery log: time, event, status code, latency, and a button that sends it again */
const DeliveryLog = ({ id, hook, viewer }: { id: number; hook: WebhookRow; viewer: Viewer }): VNode =>
  hook.deliveries.length === 0
    ? html`<p class="muted">Nothing delivered yet.</p>`
    : html`<table data-delivery-log>
        <caption>Delivery log of ${hook.url}, newest first</caption>
        <thead>
          <tr><th scope="col">Time (UTC)</th><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Latency</th><th scope="col">Again</th></tr>
        </thead>
        <tbody>
          ${hook.deliveries.map(
            (d) => html`<tr>
              <td><time datetime=${d.at}>${d.at.slice(0, 19).replace('T', ' ')}</time></td>
              <td>${d.event}</td>
              <td>${d.status_code === null ? 'no answer' : String(d.status_code)}${d.ok ? '' : ' (failed)'}</td>
              <td>${d.latency_ms} ms</td>
              <td>
                <${Button}
                  action=${`${webhookPath(id, hook.webhook_id)}/deliveries/${d.delivery_id}/redeliver`}
                  label="Redeliver"
                  name=${`Redeliver ${d.event} of ${d.at}`}
                  viewer=${viewer}
                />
              </td>
            </tr>`,
          )}
        </tbody>
      </table>`;

const Endpoint = ({
  id,
  hook,
  viewer,
}: {
  id: number;
  hook: WebhookRow;
  viewer: Viewer;
}): VNode => html`<li data-webhook=${hook.webhook_id}>
  <h3>${hook.url}</h3>
  <dl class="facts">
    <dt>Status</dt>
    <dd data-webhook-status=${hook.status}>${hook.status === 'active' ? 'Active' : `Disabled: ${hook.disabled_reason ?? ''}`}</dd>
    <dt>Events</dt>
    <dd>${hook.events.join(', ')}</dd>
    <dt>Waiting</dt>
    <dd>${hook.pending} deliveries</dd>
  </dl>
  <p>
    <${Button} action=${`${webhookPath(id, hook.webhook_id)}/test`} label="Send a test" name=${`Send a test to ${hook.url}`} viewer=${viewer} />
    <${Button} action=${`${webhookPath(id, hook.webhook_id)}/rotate`} label="Rotate the secret" name=${`Rotate the secret of ${hook.url}`} viewer=${viewer} />
    <${Button} action=${`${webhookPath(id, hook.webhook_id)}/delete`} label="Delete" name=${`Delete ${hook.url}`} viewer=${viewer} />
  </p>
  <${DeliveryLog} id=${id} hook=${hook} viewer=${viewer} />
</li>`;

const CreateForm = ({
  data,
  viewer,
}: {
  data: WebhooksData;
  viewer: Viewer;
}): VNode => html`<section aria-labelledby="new-webhook">
  <h2 id="new-webhook">Add an endpoint</h2>
  ${data.errors.form ? html`<p class="field-error" role="alert">${data.errors.form}</p>` : null}
  <form method="post" action=${webhooksPath(data.listing.listing_id)}>
    <${CsrfField} viewer=${viewer} />
    <p class="field">
      <label for="webhook-url">Endpoint URL (https)</label>
      <input id="webhook-url" name="url" type="url" required maxlength=${WEBHOOK_URL_MAX} value=${data.draft.url}
        aria-invalid=${data.errors.url ? 'true' : undefined} aria-describedby=${data.errors.url ? 'webhook-url-error' : undefined} />
      ${data.errors.url ? html`<span class="field-error" id="webhook-url-error">${data.errors.url}</span>` : null}
    </p>
    <fieldset aria-describedby=${data.errors.events ? 'webhook-events-error' : undefined}>
      <legend>Events it hears of</legend>
      ${WEBHOOK_EVENTS.map(
        (event) => html`<p class="field">
          <input type="checkbox" id=${`webhook-event-${event}`} name="events" value=${event} checked=${data.draft.events.includes(event)} />
          <label for=${`webhook-event-${event}`}>${EVENT_LABELS[event]} (<code>${event}</code>)</label>
        </p>`,
      )}
      ${data.errors.events ? html`<span class="field-error" id="webhook-events-error">${data.errors.events}</span>` : null}
    </fieldset>
    <p><button type="submit">Add the endpoint</button></p>
  </form>
</section>`;

/**
 * `/me/listings/{id}/webhooks`: the listing's webhook endpoints, each with its delivery log and
 * buttons (test, rotate, delete, redeliver), and the form that adds one. A new secret is shown on
 * the page that answers the form, once, never in a URL.
 */
export const WebhooksView = (data: WebhooksData, frame: PageFrame & { viewer: Viewer }): VNode => {
  const id = data.listing.listing_id;
  return html`<${Layout} frame=${frame} title=${`Webhooks: ${data.listing.name}`}>
    <h1>Webhooks: ${data.listing.name}</h1>
    <p>
      Each delivery is a signed POST per the Standard Webhooks specification (headers <code>webhook-id</code>,
      <code>webhook-timestamp</code>, <code>webhook-signature</code>): verify it with the endpoint's secret and
      any Standard Webhooks library. Failed deliveries are retried for a day, in order.
    </p>
    ${data.notice ? html`<p class="notice" role="status">${data.notice}</p>` : null}
    ${
      data.secret
        ? html`<section class="notice" role="status" aria-labelledby="new-secret">
            <h2 id="new-secret">The signing secret of ${data.secret.url}</h2>
            <p>Copy it now: it is not shown again.</p>
            <p><label for="webhook-secret">Secret</label> <input id="webhook-secret" readonly value=${data.secret.value} data-webhook-secret /></p>
          </section>`
        : null
    }
    <section aria-labelledby="endpoints">
      <h2 id="endpoints">Endpoints</h2>
      ${
        data.webhooks.length === 0
          ? html`<p class="muted">No endpoint yet.</p>`
          : html`<ul class="webhooks">${data.webhooks.map((hook) => html`<${Endpoint} id=${id} hook=${hook} viewer=${frame.viewer} />`)}</ul>`
      }
    </section>
    <${CreateForm} data=${data} viewer=${frame.viewer} />
    <p><a href=${`/me/listings/${id}/edit`}>Edit the listing</a> · <a href="/me/listings">Back to your listings</a></p>
  <//>`;
};
