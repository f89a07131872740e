import type { DescribeInviteReply } from '@listings/contracts';
import { CsrfField } from '../../components/csrf-field.ts';
import { Layout } from '../../components/layout.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import type { Viewer } from '../../viewer.ts';

/** who sent the invite, as the page names them (null when identity cannot say) */
export type Inviter = { readonly name: string | null; readonly email: string } | null;

/** what the invite page shows: the invite as it stands for whoever is looking */
export type InviteState =
  | { readonly kind: 'not-found' }
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'used' }
  | { readonly kind: 'co-owner'; readonly invite: DescribeInviteReply }
  | { readonly kind: 'expired'; readonly invite: DescribeInviteReply; readonly inviter: Inviter }
  | { readonly kind: 'signed-out'; readonly invite: DescribeInviteReply; readonly inviter: Inviter }
  | { readonly kind: 'owner'; readonly invite: DescribeInviteReply; readonly inviter: Inviter; readonly email: string }
  | { readonly kind: 'open'; readonly invite: DescribeInviteReply; readonly inviter: Inviter; readonly email: string };

/** the HTTP status of each state */
export const INVITE_STATUS: Record<InviteState['kind'], number> = {
  'not-found': 404,
  unavailable: 503,
  used: 410,
  'co-owner': 200,
  expired: 410,
  'signed-out': 200,
  owner: 409,
  open: 200,
};

export const invitePath = (token: string): string => `/invites/${token}`;

const When = (props: { at: string }): VNode =>
  html`<time datetime=${props.at}>${props.at.slice(0, 16).replace('T', ' ')} UTC</time>`;

const InviterName = (props: { inviter: Inviter }): VNode | string => {
  const { inviter } = props;
  if (!inviter) return 'A co-owner';
  return inviter.name ? html`${inviter.name} (${inviter.email})` : inviter.email;
};

/** the product the draft is for: its name, and its address as a link when it is a web address */
const Product = (props: { invite: DescribeInviteReply }): VNode => {
  const { invite } = props;
  const url = invite.product_url;
  return html`<strong id="invite-product">${invite.product_name ?? url}</strong> (${
    /^https?:\/\//i.test(url) ? html`<a href=${url} rel="noopener noreferrer nofollow">${url}</a>` : url
  })`;
};

const Summary = (props: { invite: DescribeInviteReply; inviter: Inviter }): VNode => html`<p>
    <strong id="invite-inviter"><${InviterName} inviter=${props.inviter} /></strong> invited${' '}
    <strong>${props.invite.invited_email}</strong> to co-own the draft listing for <${Product} invite=${props.invite} />.
  </p>
  <p>
    A co-owner may see, edit, invite others to and submit the draft. The invite is valid until${' '}
    <${When} at=${props.invite.expires_at} />.
  </p>`;

const TITLES: Record<InviteState['kind'], string> = {
  'not-found': 'Invite not found',
  unavailable: 'Try again shortly',
  used: 'Invite already used',
  'co-owner': 'You are a co-owner',
  expired: 'Invite expired',
  'signed-out': 'You are invited',
  owner: 'You already own this draft',
  open: 'You are invited',
};

const Body = (props: { state: InviteState; viewer: Viewer | null; path: string }): VNode => {
  const { state, viewer } = props;
  const next = encodeURIComponent(props.path);
  switch (state.kind) {
    case 'not-found':
      return html`<p>This invite link is not valid. Check that you copied the whole link from the email, or ask for a new invite.</p>`;
    case 'unavailable':
      return html`<p>Invites cannot be read right now. Reload this page in a minute.</p>`;
    case 'used':
      return html`<p>This invite has already been accepted. Each invite link works for one account; ask the person who invited you for a new one.</p>`;
    case 'co-owner':
      return html`<p>
          You co-own the draft listing for <${Product} invite=${state.invite} />: it is in your drafts${' '}
          (<code id="draft-id">${state.invite.draft_id}</code>).
        </p>
        <p>
          <a id="invite-next" href=${`/me/drafts/${state.invite.draft_id}`}>Open the draft</a>, or${' '}
          <a href="/me">create an API key</a> to work on it from your tools (<code>GET /api/v1/drafts/${state.invite.draft_id}</code>).
        </p>`;
    case 'expired':
      return html`<p>This invite expired on <${When} at=${state.invite.expires_at} />. Ask <${InviterName} inviter=${state.inviter} /> for a new one.</p>`;
    case 'signed-out':
      return html`<${Summary} invite=${state.invite} inviter=${state.inviter} />
        <p>
          <a id="invite-signin" href=${`/signin?next=${next}`}>Sign in</a> or${' '}
          <a id="invite-signup" href=${`/signin/email?next=${next}`}>get a sign-in link by email</a> (it makes your
          account the first time) to accept; you come back here afterwards.
        </p>`;
    case 'owner':
      return html`<${Summary} invite=${state.invite} inviter=${state.inviter} />
        <p>
          You are signed in as <strong>${state.email}</strong>, which already owns this draft, so there is nothing to
          accept. The invite stays open for the person it was sent to.
        </p>`;
    case 'open':
      return html`<${Summary} invite=${state.invite} inviter=${state.inviter} />
        ${
          state.email.toLowerCase() !== state.invite.invited_email.toLowerCase()
            ? html`<p id="invite-other-email">
                This invite was sent to <strong>${state.invite.invited_email}</strong>; you are signed in as${' '}
                <strong>${state.email}</strong>. Accepting adds this account.
              </p>`
            : null
        }
        ${
          viewer
            ? html`<form method="post" action=${props.path}>
                <${CsrfField} viewer=${viewer} />
                <button type="submit">Accept and co-own</button>
              </form>`
            : null
        }`;
    default: {
      const never: never = state;
      throw new Error(`unknown invite state ${JSON.stringify(never)}`);
    }
  }
};

/** `/invites/{token}`: the co-founder invite link mailed by `invite_cofounder`, and its accept step */
export const InviteView = (props: { state: InviteState; path: string }, frame: PageFrame): VNode => html`<${Layout}
  frame=${frame}
  title=${TITLES[props.state.kind]}
  head=${html`<meta name="robots" content="noindex" />`}
>
  <h1>${TITLES[props.state.kind]}</h1>
  <section id="invite"><${Body} state=${props.state} viewer=${frame.viewer} path=${props.path} /></section>
<//>`;
