import { CLAIM_EMAIL_PATH } from '@listings/contracts';
import { CsrfField } from '../../components/csrf-field.ts';
import { Layout } from '../../components/layout.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';

/** what the claim link page shows */
export type ClaimEmailState =
  | { readonly kind: 'invalid' }
  | { readonly kind: 'confirm'; readonly token: string }
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'not-verified'; readonly status: number }
  | { readonly kind: 'verified'; readonly slug: string };

const TITLES: Record<ClaimEmailState['kind'], string> = {
  invalid: 'Invalid link',
  confirm: 'Verify your claim',
  unavailable: 'Try again later',
  'not-verified': 'Not verified',
  verified: 'Claim verified',
};

const Body = (props: { state: ClaimEmailState; frame: PageFrame }): VNode => {
  const { state, frame } = props;
  switch (state.kind) {
    case 'invalid':
      return html`<p>This link is not valid.</p>`;
    case 'confirm':
      return html`<p>Press the button to verify that the listing is yours. (Opening the link alone verifies nothing, so mail scanners that open links cannot.)</p>
        <form method="post" action=${CLAIM_EMAIL_PATH}>
          ${frame.viewer ? html`<${CsrfField} viewer=${frame.viewer} />` : null}
          <input type="hidden" name="token" value=${state.token} />
          <button type="submit">Verify my claim</button>
        </form>`;
    case 'unavailable':
      return html`<p>Claims are not answering. Open the link again in a minute.</p>`;
    case 'not-verified':
      return html`<p>
        ${
          state.status === 410
            ? 'This link expired; start a new claim.'
            : state.status === 404
              ? 'This link is not valid.'
              : 'The listing is already verified by its owners.'
        }
      </p>`;
    case 'verified':
      return html`<p>
          You are now an owner of <a href=${`/listings/${state.slug}`}>${state.slug}</a>. Verified is not the same as
          paid.
        </p>
        <p><a href="/me/claims">Your claims</a></p>`;
    default: {
      const never: never = state;
      throw new Error(`unknown claim link state ${JSON.stringify(never)}`);
    }
  }
};

/** `/claims/verify-email`: the link an email claim mails to an address at the company's domain */
export const ClaimEmailView = (props: { state: ClaimEmailState }, frame: PageFrame): VNode => html`<${Layout}
  frame=${frame}
  title=${TITLES[props.state.kind]}
  head=${html`<meta name="robots" content="noindex" />`}
>
  <h1>${TITLES[props.state.kind]}</h1>
  <${Body} state=${props.state} frame=${frame} />
<//>`;
