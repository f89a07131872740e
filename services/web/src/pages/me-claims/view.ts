import { CLAIM_METHODS } from '@listings/contracts';
import { CsrfField } from '../../components/csrf-field.ts';
import { FieldErrors } from '../../components/field-errors.ts';
import { Layout } from '../../components/layout.ts';
import { Pagination } from '../../components/pagination.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import type { Viewer } from '../../viewer.ts';

export interface ClaimRow {
  readonly claim_id: number;
  readonly slug: string;
  readonly method: string;
  readonly status: string;
  readonly instructions: string;
  readonly email?: string;
  readonly expires_at?: string;
  readonly verified_at?: string | null;
  readonly last_check?: { at: string; passed: boolean; reason: string } | null;
}

export interface ClaimForm {
  readonly slug: string;
  readonly method: string;
  readonly email: string;
  readonly errors: Record<string, string[]>;
}

const METHOD_LABELS: Record<string, string> = {
  dns: 'A DNS TXT record on the domain',
  meta: 'A meta tag on the homepage',
  file: 'A file on the website',
  email: 'A link mailed to an address at the company’s domain',
};

const STATUS_LABELS: Record<string, string> = {
  pending: 'Waiting for verification',
  verified: 'Verified',
  rejected: 'Rejected',
  expired: 'Expired',
};

const ClaimItem = (props: { claim: ClaimRow; viewer: Viewer }): VNode => {
  const { claim } = props;
  const check = claim.last_check;
  return html`<li id=${`claim-${claim.claim_id}`}>
    <h3>Claim ${claim.claim_id}: <a href=${`/listings/${claim.slug}`}>${claim.slug}</a></h3>
    <dl class="facts">
      <dt>Status</dt>
      <dd>${STATUS_LABELS[claim.status] ?? claim.status}</dd>
      <dt>Method</dt>
      <dd>${METHOD_LABELS[claim.method] ?? claim.method}</dd>
      ${claim.status === 'pending' && claim.expires_at ? html`<dt>Verify before</dt><dd><time datetime=${claim.expires_at}>${claim.expires_at.slice(0, 16).replace('T', ' ')} UTC</time></dd>` : null}
      ${check && !check.passed ? html`<dt>Last check</dt><dd>${check.reason}</dd>` : null}
    </dl>
    ${
      claim.status === 'pending'
        ? html`<p>What to do:</p>
            <pre class="embed">${claim.instructions}</pre>
            ${
              claim.method === 'email'
                ? html`<p>The claim is verified when the mailed link is opened.</p>`
                : html`<form method="post" action=${`/me/claims/${claim.claim_id}/verify`}>
                    <${CsrfField} viewer=${props.viewer} />
                    <button type="submit" aria-label=${`Verify claim ${claim.claim_id} on ${claim.slug}`}>Verify now</button>
                  </form>`
            }`
        : null
    }
  </li>`;
};

/** `/me/claims`: start a claim on a listing, read what to publish, verify it */
export const MyClaimsView = (
  props: {
    claims: readonly ClaimRow[];
    page: number;
    perPage: number;
    total: number;
    notice: string | null;
    form: ClaimForm;
  },
  frame: PageFrame & { viewer: Viewer },
): VNode => {
  const { errors } = props.form;
  const invalid = (name: string) => (errors[name] ? 'true' : undefined);
  const describedBy = (name: string) => (errors[name] ? `claim-${name}-error` : undefined);
  return html`<${Layout} frame=${frame} title="Your claims">
    <h1>Your claims</h1>
    <p>Claim a listing to show that it is yours: prove you control its website, and it is marked Verified. Verified is not the same as paid.</p>
    ${props.notice ? html`<p class="notice" role="status">${props.notice}</p>` : null}
    <section aria-labelledby="start-claim">
      <h2 id="start-claim">Claim a listing</h2>
      ${errors.form ? html`<p class="field-error" role="alert">${errors.form.join('; ')}</p>` : null}
      <form method="post" action="/me/claims" novalidate>
        <${CsrfField} viewer=${frame.viewer} />
        <p>
          <label for="claim-slug">Listing</label>
          <span id="claim-slug-hint" class="muted"> Its name in the address: /listings/<strong>this-part</strong></span>
          <input
            id="claim-slug"
            name="slug"
            required
            maxlength="100"
            value=${props.form.slug}
            aria-invalid=${invalid('slug')}
            aria-describedby=${['claim-slug-hint', describedBy('slug')].filter(Boolean).join(' ')}
          />
          <${FieldErrors} id="claim-slug-error" messages=${errors.slug} />
        </p>
        <fieldset aria-describedby=${describedBy('method')}>
          <legend>How you prove it</legend>
          ${CLAIM_METHODS.map(
            (method) => html`<label>
              <input type="radio" name="method" value=${method} checked=${props.form.method === method} />
              ${METHOD_LABELS[method] ?? method}
            </label>`,
          )}
          <${FieldErrors} id="claim-method-error" messages=${errors.method} />
        </fieldset>
        <p>
          <label for="claim-email">Email at the company’s domain</label>
          <span id="claim-email-hint" class="muted"> Only for the mailed link.</span>
          <input
            id="claim-email"
            name="email"
            type="email"
            autocomplete="email"
            value=${props.form.email}
            aria-invalid=${invalid('email')}
            aria-describedby=${['claim-email-hint', describedBy('email')].filter(Boolean).join(' ')}
          />
          <${FieldErrors} id="claim-email-error" messages=${errors.email} />
        </p>
        <button type="submit">Start the claim</button>
      </form>
    </section>
    <section aria-labelledby="claims">
      <h2 id="claims">Claims you started</h2>
      ${
        props.claims.length === 0
          ? html`<p>None yet.</p>`
          : html`<ul class="claims">
              ${props.claims.map((claim) => html`<${ClaimItem} claim=${claim} viewer=${frame.viewer} />`)}
            </ul>`
      }
      <${Pagination}
        page=${props.page}
        perPage=${props.perPage}
        total=${props.total}
        hrefOf=${(page: number) => `/me/claims?page=${page}`}
      />
    </section>
    <p><a href="/me/listings">Your listings</a> · <a href="/me">Back to your account</a></p>
  <//>`;
};
