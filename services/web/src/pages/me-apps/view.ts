import { type OAuthGrantSummary, SCOPE_DESCRIPTIONS, type Scope } from '@listings/contracts';
import { CsrfField } from '../../components/csrf-field.ts';
import { Layout } from '../../components/layout.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import type { Viewer } from '../../viewer.ts';

/** an instant as people read it (to the minute, UTC), with the exact value for machines */
const When = (props: { at: string }): VNode =>
  html`<time datetime=${props.at}>${props.at.slice(0, 16).replace('T', ' ')} UTC</time>`;

/** the app by its registered name (or its client id), and its home page when it gave an http(s) one */
const AppName = (props: { grant: OAuthGrantSummary }): VNode => {
  const { grant } = props;
  const name =
    grant.client_name ?? (/^https:\/\//.test(grant.client_id) ? new URL(grant.client_id).host : grant.client_id);
  return html`<strong>${name}</strong>${
    grant.client_uri && /^https?:\/\//i.test(grant.client_uri)
      ? html`<br /><a href=${grant.client_uri} rel="noopener noreferrer nofollow">${grant.client_uri}</a>`
      : null
  }`;
};

/**
 * `/me/apps`: the apps the person connected through OAuth (one row per grant: the app, what it may
 * do in words, when it was allowed), each with a Revoke form that ends the grant and its tokens.
 */
export const MyAppsView = (
  data: { grants: readonly OAuthGrantSummary[]; notice: string | null; unavailable: boolean },
  frame: PageFrame & { viewer: Viewer },
): VNode => html`<${Layout} frame=${frame} title="Connected apps">
  <h1>Connected apps</h1>
  <p><a href="/me">Your account</a></p>
  ${data.notice ? html`<p class="notice" role="status">${data.notice}</p>` : null}
  <p>Apps you allowed to act for you through OAuth (sign-in and consent). Revoking one ends its access at once: its tokens stop working, and it must ask you again.</p>
  ${
    data.unavailable
      ? html`<p class="notice" role="alert">Your apps cannot be shown right now. Reload this page in a minute.</p>`
      : data.grants.length === 0
        ? html`<p id="no-apps">No connected apps.</p>`
        : html`<table id="apps">
            <thead><tr><th scope="col">App</th><th scope="col">May</th><th scope="col">Allowed</th><th scope="col"><span class="visually-hidden">Revoke</span></th></tr></thead>
            <tbody>
              ${data.grants.map(
                (grant) => html`<tr data-grant-id=${grant.grant_id}>
                  <td><${AppName} grant=${grant} /></td>
                  <td>
                    <ul>
                      ${grant.scopes.map((s: Scope) => html`<li>${SCOPE_DESCRIPTIONS[s]} (<code>${s}</code>)</li>`)}
                    </ul>
                  </td>
                  <td><${When} at=${grant.granted_at} /></td>
                  <td>
                    <form method="post" action="/me/apps/revoke">
                      <${CsrfField} viewer=${frame.viewer} />
                      <input type="hidden" name="grant_id" value=${grant.grant_id} />
                      <button type="submit" class="secondary" aria-label=${`Revoke ${grant.client_name ?? grant.client_id}`}>Revoke</button>
                    </form>
                  </td>
                </tr>`,
              )}
            </tbody>
          </table>`
  }
<//>`;
