import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, SCOPE_DESCRIPTIONS, type Scope } from '@listings/contracts';
import {
  CsrfField,
  FieldErrors,
  html,
  Notice,
  renderDocument,
  SiteFrame,
  siteStylesheet,
  type VNode,
} from '@listings/ui';

/** the site's name on the OAuth pages (the catalog's site info names it the same) */
export const SITE_NAME = 'Listings Directory';

/** What every OAuth page's frame needs: who is signed in (if anyone) and the response's CSP nonce. */
export interface OAuthFrame {
  readonly nonce: string;
  readonly signedInAs: string | null;
}

/**
 * An OAuth page in the site's frame (the shared UI package's SiteFrame and stylesheet, inlined
 * under the response's nonce, so the page needs nothing the gateway does not serve).
 */
const OAuthLayout = (props: { frame: OAuthFrame; title: string; children?: unknown }): VNode => html`<${SiteFrame}
  title=${`${props.title} · ${SITE_NAME}`}
  siteName=${SITE_NAME}
  nonce=${props.frame.nonce}
  stylesheet=${{ inline: siteStylesheet().text }}
  header=${html`<div class="account">
    ${props.frame.signedInAs ? html`<span>Signed in as ${props.frame.signedInAs}</span>` : null}
  </div>`}
  footer=${html`<p>${SITE_NAME}: connecting an app to your account</p>
    <ul><li><a href="/api/v1/docs">API</a></li></ul>`}
>
  <h1>${props.title}</h1>
  ${props.children}
<//>`;

/** the client app as the pages name it: its registered name, and its home page when it gave one */
export interface ClientShown {
  readonly name: string;
  /** an http(s) address, else null */
  readonly uri: string | null;
  /** the host of a client known by its metadata document URL, else null */
  readonly host: string | null;
}

/**
 * The app by its name, then what vouches for it: the host of its metadata document URL (checked:
 * the document was fetched from there), or a note that it registered itself; then its home page
 * as it gave it.
 */
const ClientName = (props: { client: ClientShown }): VNode =>
  html`<strong id="client-name">${props.client.name}</strong>${
    props.client.host
      ? html` (from <strong id="client-host">${props.client.host}</strong>)`
      : html` (registered by itself, not checked by us)`
  }${
    props.client.uri
      ? html`, whose site is <a id="client-uri" href=${props.client.uri} rel="noopener noreferrer nofollow">${props.client.uri}</a>,`
      : null
  }`;

/**
 * The sign-in step of an authorization request: the app is named first, then one email field for
 * both ways in, a password (the button "Sign in") or a mailed one-time link that comes back here
 * (offered where the site shares this origin and serves the link, `mailLink`).
 */
export const OAuthSignInView = (
  props: {
    uid: string;
    csrf: string;
    client: ClientShown;
    email: string;
    mailLink: boolean;
    errors?: readonly string[];
  },
  frame: OAuthFrame,
): VNode => {
  const base = `/oauth/interaction/${props.uid}`;
  const errors = props.errors ?? [];
  return html`<${OAuthLayout} frame=${frame} title="Sign in to continue">
    <p><${ClientName} client=${props.client} /> asks to connect to your account. Sign in first; next you see what it asks for.</p>
    <form method="post" action=${`${base}/login`}>
      <${CsrfField} token=${props.csrf} />
      <p>
        <label for="oauth-email">Email</label>
        <input
          id="oauth-email"
          type="email"
          name="email"
          required
          maxlength=${EMAIL_MAX_LENGTH}
          value=${props.email}
          autocomplete="username"
          aria-invalid=${errors.length ? 'true' : undefined}
          aria-describedby=${errors.length ? 'oauth-signin-error' : undefined}
        />
        <${FieldErrors} id="oauth-signin-error" messages=${errors} />
      </p>
      <p>
        <label for="oauth-password">Password</label>
        <input id="oauth-password" type="password" name="password" maxlength=${PASSWORD_MAX_LENGTH} autocomplete="current-password" />
      </p>
      <div class="actions">
        <button type="submit">Sign in</button>
        ${
          props.mailLink
            ? html`<button type="submit" class="secondary" formaction=${`${base}/link`} id="oauth-mail-link">Email me a sign-in link</button>`
            : null
        }
      </div>
    </form>
    ${
      props.mailLink
        ? html`<p class="muted">No password? Leave it empty and ask for a link: it signs you in and brings you back here.</p>`
        : null
    }
  <//>`;
};

/** after asking for a link: it is on its way, and this request waits for it */
export const OAuthLinkSentView = (
  props: { email: string; minutes: number; client: ClientShown },
  frame: OAuthFrame,
): VNode => html`<${OAuthLayout} frame=${frame} title="Check your email">
  <p role="status">We sent a sign-in link to <strong>${props.email}</strong>. It works once, for ${props.minutes} minutes,
  and brings you back to connecting <${ClientName} client=${props.client} />.</p>
<//>`;

/** what the person is asked to allow: the app, the account, each scope in words, where they go next */
export const ConsentView = (
  props: {
    uid: string;
    csrf: string;
    client: ClientShown;
    account: string;
    scopes: readonly Scope[];
    resource: string;
    redirectHost: string;
  },
  frame: OAuthFrame,
): VNode => html`<${OAuthLayout} frame=${frame} title="Allow access?">
  <p><${ClientName} client=${props.client} /> wants to act for <strong>${props.account}</strong>.</p>
  <h2 id="asks">It asks to</h2>
  <ul id="scopes" aria-labelledby="asks">
    ${
      props.scopes.length
        ? props.scopes.map((s) => html`<li data-scope=${s}>${SCOPE_DESCRIPTIONS[s]} (<code>${s}</code>)</li>`)
        : html`<li>Know who you are (no other access)</li>`
    }
  </ul>
  <p>For: <code>${props.resource}</code>. You can disconnect it at any time on your account page, under Connected apps.</p>
  <p>After you answer you will be sent to <strong id="redirect-host">${props.redirectHost}</strong>.</p>
  <form method="post" action=${`/oauth/interaction/${props.uid}/consent`}>
    <${CsrfField} token=${props.csrf} />
    <div class="actions">
      <button type="submit" name="decision" value="allow">Allow</button>
      <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
    </div>
  </form>
<//>`;

/** an expired request, a refused form: a sentence and nothing to do but start again */
export const OAuthMessageView = (props: { title: string; message: string }, frame: OAuthFrame): VNode =>
  html`<${OAuthLayout} frame=${frame} title=${props.title}>
    <${Notice} text=${props.message} alert=${true} />
  <//>`;

export const renderOAuthPage = (tree: VNode): string => renderDocument(tree);

/**
 * The OAuth pages' Content-Security-Policy: the inlined stylesheet under this response's nonce, no
 * script at all, no framing. (No `form-action`: Chromium applies it to the redirect that follows
 * the consent form, which goes to the client's redirect URI.)
 */
export const oauthPageCsp = (nonce: string): string =>
  `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'`;
