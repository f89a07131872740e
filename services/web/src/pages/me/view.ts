import { SCOPES } from '@listings/contracts';
import { CsrfField } from '../../components/csrf-field.ts';
import { FieldErrors } from '../../components/field-errors.ts';
import { Layout } from '../../components/layout.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import type { Viewer } from '../../viewer.ts';
import { type EntryData, EntrySections } from './entry.ts';
import { type PasskeyForm, type PasskeyRow, PasskeysSection } from './passkeys.ts';

export interface ApiKeyRow {
  readonly id: string;
  readonly name: string;
  readonly prefix: string;
  readonly scopes: readonly string[];
  readonly created_at: string;
  readonly last_used_at: string | null;
}

export interface MeData {
  readonly email: string;
  readonly name: string | null;
  readonly emailConfirmed: boolean;
  readonly keys: readonly ApiKeyRow[];
  /** a key just made: shown this once */
  readonly newKey: string | null;
  readonly notice: string | null;
  readonly formId: string;
  readonly form: { name: string; scopes: readonly string[]; errors: Record<string, string[]> };
  readonly passkeys: readonly PasskeyRow[];
  readonly passkeyForm: PasskeyForm;
  /** the password, the sessions and the connected apps */
  readonly entry: EntryData;
}

const SignOutForms = (props: { viewer: Viewer }): VNode => html`<div class="actions">
  <form method="post" action="/me/signout">
    <${CsrfField} viewer=${props.viewer} />
    <button type="submit" class="secondary">Sign out</button>
  </form>
  <form method="post" action="/me/signout-everywhere">
    <${CsrfField} viewer=${props.viewer} />
    <button type="submit" class="secondary">Sign out everywhere</button>
  </form>
</div>`;

/**
 * `/me`: the profile, email confirmation, and every way into the account with a way to remove each:
 * API keys (create with scopes, shown once, revoke), passkeys, the password, connected apps (on
 * /me/apps), sessions (this one marked; sign out one, here or everywhere).
 */
export const MeView = (data: MeData, frame: PageFrame & { viewer: Viewer }): VNode => {
  const { viewer } = frame;
  const errors = data.form.errors;
  return html`<${Layout} frame=${frame} title="Your account">
    <h1>Your account</h1>
    ${data.notice ? html`<p class="notice" role="status">${data.notice}</p>` : null}
    <section aria-labelledby="profile">
      <h2 id="profile">Profile</h2>
      <dl>
        <dt>Email</dt>
        <dd>${data.email} ${data.emailConfirmed ? html`<span class="badge">confirmed</span>` : html`<strong>not confirmed</strong>`}</dd>
        ${data.name ? html`<dt>Name</dt><dd>${data.name}</dd>` : null}
      </dl>
      ${
        data.emailConfirmed
          ? null
          : html`<form method="post" action="/me/confirm-email">
              <${CsrfField} viewer=${viewer} />
              <p>Confirm your email to vote and review.</p>
              <button type="submit">Email me a confirmation link</button>
            </form>`
      }
      <p><a href="/me/notifications">Your notifications</a></p>
      <p><a href="/me/listings">Your listings</a> · <a href="/me/drafts">Your drafts</a> · <a href="/me/claims">Your claims</a> · <a href="/me/orders">Your orders</a> · <a href="/me/apps">Connected apps</a></p>
    </section>
    <section aria-labelledby="api-keys">
      <h2 id="api-keys">API keys</h2>
      ${
        data.newKey
          ? html`<div class="notice" role="status">
              <p>Your new API key, shown this once: copy it now.</p>
              <p><code id="new-api-key">${data.newKey}</code></p>
            </div>`
          : null
      }
      ${
        data.keys.length === 0
          ? html`<p>No API keys yet.</p>`
          : html`<table>
              <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Scopes</th><th scope="col">Last used</th><th scope="col"><span class="visually-hidden">Revoke</span></th></tr></thead>
              <tbody>
                ${data.keys.map(
                  (key) => html`<tr>
                    <td>${key.name}</td>
                    <td><code>${key.prefix}</code></td>
                    <td>${key.scopes.join(', ')}</td>
                    <td>${key.last_used_at ?? 'never'}</td>
                    <td>
                      <form method="post" action="/me/api-keys/revoke">
                        <${CsrfField} viewer=${viewer} />
                        <input type="hidden" name="key_id" value=${key.id} />
                        <button type="submit" class="secondary" aria-label=${`Revoke ${key.name}`}>Revoke</button>
                      </form>
                    </td>
                  </tr>`,
                )}
              </tbody>
            </table>`
      }
      <form method="post" action="/me/api-keys" novalidate>
        <h3>Create an API key</h3>
        <${CsrfField} viewer=${viewer} />
        <input type="hidden" name="form_id" value=${data.formId} />
        <p>
          <label for="key-name">Name</label>
          <input
            id="key-name"
            name="name"
            required
            maxlength="100"
            value=${data.form.name}
            aria-invalid=${errors.name ? 'true' : undefined}
            aria-describedby=${errors.name ? 'key-name-error' : undefined}
          />
          <${FieldErrors} id="key-name-error" messages=${errors.name} />
        </p>
        <fieldset aria-describedby=${errors.scopes ? 'key-scopes-error' : undefined}>
          <legend>Scopes</legend>
          ${SCOPES.map(
            (scope) => html`<label>
              <input type="checkbox" name="scopes" value=${scope} checked=${data.form.scopes.includes(scope)} />
              ${scope}
            </label>`,
          )}
          <${FieldErrors} id="key-scopes-error" messages=${errors.scopes} />
        </fieldset>
        <button type="submit">Create key</button>
      </form>
    </section>
    <${PasskeysSection} viewer=${viewer} passkeys=${data.passkeys} form=${data.passkeyForm} />
    <${EntrySections} viewer=${viewer} entry=${data.entry} signOutForms=${html`<${SignOutForms} viewer=${viewer} />`} />
  <//>`;
};
