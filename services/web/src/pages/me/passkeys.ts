import { PASSKEY_NAME_MAX_LENGTH } from '@listings/contracts';
import { CsrfField } from '../../components/csrf-field.ts';
import { FieldErrors } from '../../components/field-errors.ts';
import { html, type VNode } from '../../html.ts';
import type { Viewer } from '../../viewer.ts';

export interface PasskeyRow {
  readonly id: string;
  readonly name: string;
  readonly created_at: string;
  readonly last_used_at: string | null;
  readonly backed_up: boolean;
}

/** the "Add a passkey" form: its name as typed, and errors by field (`name`, `response`) */
export interface PasskeyForm {
  readonly name: string;
  readonly errors: Record<string, string[]>;
}

/** `2026-11-25T10:00:00.000Z` → `2026-11-25 10:00 UTC` in a <time> */
const When = (props: { at: string }): VNode =>
  html`<time datetime=${props.at}>${props.at.slice(0, 16).replace('T', ' ')} UTC</time>`;

/**
 * `/me`'s passkeys: each with its name, when it was added and last used, and a remove form; then
 * "Add a passkey". The add form is a plain post whose hidden `response` the site script fills with
 * the authenticator's answer (after asking `/me/passkeys/options` for the ceremony's options);
 * without the script the post arrives empty and the page says what is needed.
 */
export const PasskeysSection = (props: {
  viewer: Viewer;
  passkeys: readonly PasskeyRow[];
  form: PasskeyForm;
}): VNode => {
  const { errors } = props.form;
  return html`<section aria-labelledby="passkeys">
    <h2 id="passkeys">Passkeys</h2>
    <p>A passkey signs you in with your device's screen lock (fingerprint, face or PIN), without an emailed link.</p>
    ${
      props.passkeys.length === 0
        ? html`<p>No passkeys yet.</p>`
        : html`<table>
            <thead><tr><th scope="col">Name</th><th scope="col">Added</th><th scope="col">Last used</th><th scope="col"><span class="visually-hidden">Remove</span></th></tr></thead>
            <tbody>
              ${props.passkeys.map(
                (passkey) => html`<tr>
                  <td>${passkey.name}${passkey.backed_up ? html` <span class="badge">synced</span>` : null}</td>
                  <td><${When} at=${passkey.created_at} /></td>
                  <td>${passkey.last_used_at ? html`<${When} at=${passkey.last_used_at} />` : 'never'}</td>
                  <td>
                    <form method="post" action="/me/passkeys/remove">
                      <${CsrfField} viewer=${props.viewer} />
                      <input type="hidden" name="passkey_id" value=${passkey.id} />
                      <button type="submit" class="secondary" aria-label=${`Remove ${passkey.name}`}>Remove</button>
                    </form>
                  </td>
                </tr>`,
              )}
            </tbody>
          </table>`
    }
    <form method="post" action="/me/passkeys" data-passkey-register="/me/passkeys/options" novalidate>
      <h3>Add a passkey</h3>
      <${CsrfField} viewer=${props.viewer} />
      <input type="hidden" name="response" value="" />
      <p>
        <label for="passkey-name">Name (optional, e.g. “Phone”)</label>
        <input
          id="passkey-name"
          name="name"
          maxlength=${PASSKEY_NAME_MAX_LENGTH}
          value=${props.form.name}
          aria-invalid=${errors.name ? 'true' : undefined}
          aria-describedby=${errors.name ? 'passkey-name-error' : undefined}
        />
        <${FieldErrors} id="passkey-name-error" messages=${errors.name} />
      </p>
      <${FieldErrors} id="passkey-response-error" messages=${errors.response} />
      <p data-passkey-status aria-live="polite"></p>
      <button type="submit" id="add-passkey">Add a passkey</button>
    </form>
  </section>`;
};
