import {
  type CredentialsReset,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type SessionSummary,
} from '@listings/contracts';
import { CsrfField } from '../../components/csrf-field.ts';
import { FieldErrors } from '../../components/field-errors.ts';
import { html, type VNode } from '../../html.ts';
import type { Viewer } from '../../viewer.ts';

/** the password form: errors by field (`current_password`, `new_password`); passwords are never sent back */
export interface PasswordForm {
  readonly errors: Record<string, string[]>;
}

/** how the account can be entered, besides API keys and passkeys (their own sections) */
export interface EntryData {
  readonly password_set: boolean;
  /** this session may set a password without the current one until then (a fresh mailed link) */
  readonly password_settable_until: string | null;
  readonly sessions: readonly SessionSummary[];
  /** connected apps (OAuth grants), listed and revoked on /me/apps */
  readonly apps: number;
  readonly passwordForm: PasswordForm;
}

/** what the owner is told when their first proof of the address took away what was there before */
export const resetNotice = (reset: NonNullable<CredentialsReset>): string => {
  const taken = [
    reset.password_removed ? 'the password' : null,
    reset.sessions_ended > 0 ? `${reset.sessions_ended} signed-in session(s)` : null,
    reset.api_keys_revoked > 0 ? `${reset.api_keys_revoked} API key(s)` : null,
    reset.apps_revoked > 0 ? `${reset.apps_revoked} connected app(s)` : null,
    reset.passkeys_removed > 0 ? `${reset.passkeys_removed} passkey(s)` : null,
  ].filter((part): part is string => part !== null);
  return (
    'This address had not been confirmed before, so the account may have been set up by someone without your mailbox. ' +
    `To keep you the only one who can enter it, we removed ${taken.join(', ')} set up before. ` +
    'We sent you an email about it too. Check your account page and set a password or a passkey if you want one.'
  );
};

const METHOD_WORDS: Record<string, string> = {
  password: 'password',
  link: 'emailed link',
  passkey: 'passkey',
};

const When = (props: { at: string }): VNode =>
  html`<time datetime=${props.at}>${props.at.slice(0, 16).replace('T', ' ')} UTC</time>`;

/** `/me`'s password: set or not, set / change it (the current one, or a fresh mailed link), remove it */
const PasswordSection = (props: { viewer: Viewer; entry: EntryData }): VNode => {
  const { entry, viewer } = props;
  const errors = entry.passwordForm.errors;
  const needsCurrent = entry.password_set && entry.password_settable_until === null;
  const canSet = entry.password_set || entry.password_settable_until !== null;
  return html`<section aria-labelledby="password">
    <h2 id="password">Password</h2>
    <p>
      ${entry.password_set ? 'Your account has a password.' : 'Your account has no password: you sign in with an emailed link or a passkey.'}
    </p>
    ${
      entry.password_set
        ? html`<form method="post" action="/me/password/remove">
            <${CsrfField} viewer=${viewer} />
            <button type="submit" class="secondary" id="remove-password">Remove password</button>
          </form>`
        : null
    }
    ${
      canSet
        ? html`<form method="post" action="/me/password" novalidate>
            <h3>${entry.password_set ? 'Change your password' : 'Set a password'}</h3>
            <${CsrfField} viewer=${viewer} />
            ${
              needsCurrent
                ? html`<p>
                    <label for="current-password">Current password</label>
                    <input id="current-password" name="current_password" type="password" autocomplete="current-password"
                      maxlength=${PASSWORD_MAX_LENGTH}
                      aria-invalid=${errors.current_password ? 'true' : undefined}
                      aria-describedby=${errors.current_password ? 'current-password-error' : undefined} />
                    <${FieldErrors} id="current-password-error" messages=${errors.current_password} />
                  </p>`
                : html`<p>You signed in with an emailed link just now: no current password is needed until <${When} at=${entry.password_settable_until ?? ''} />.</p>`
            }
            <p>
              <label for="new-password">New password (${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters)</label>
              <input id="new-password" name="new_password" type="password" autocomplete="new-password"
                minlength=${PASSWORD_MIN_LENGTH} maxlength=${PASSWORD_MAX_LENGTH} required
                aria-invalid=${errors.new_password ? 'true' : undefined}
                aria-describedby=${errors.new_password ? 'new-password-error' : undefined} />
              <${FieldErrors} id="new-password-error" messages=${errors.new_password} />
            </p>
            <p>Every other session is signed out.</p>
            <button type="submit">${entry.password_set ? 'Change password' : 'Set password'}</button>
          </form>`
        : html`<p>
            To set a password, <a href="/signin/email?next=/me%23password">sign in with an emailed link</a> and set it
            within a few minutes.
          </p>
          <${FieldErrors} id="new-password-error" messages=${errors.new_password} />`
    }
  </section>`;
};

/** `/me`'s sessions: each signed-in browser (this one marked) with "Sign out this session" */
const SessionsList = (props: { viewer: Viewer; sessions: readonly SessionSummary[] }): VNode => html`<table>
  <thead><tr><th scope="col">Signed in</th><th scope="col">With</th><th scope="col">Ends</th><th scope="col"><span class="visually-hidden">Sign out</span></th></tr></thead>
  <tbody>
    ${props.sessions.map(
      (s) => html`<tr>
        <td><${When} at=${s.created_at} />${s.current ? html` <span class="badge">this browser</span>` : null}</td>
        <td>${s.method ? METHOD_WORDS[s.method] : 'unknown'}</td>
        <td><${When} at=${s.expires_at} /></td>
        <td>
          <form method="post" action="/me/sessions/end">
            <${CsrfField} viewer=${props.viewer} />
            <input type="hidden" name="session_id" value=${s.id} />
            <button type="submit" class="secondary" aria-label=${`Sign out this session (signed in ${s.created_at.slice(0, 16).replace('T', ' ')} UTC)`}>Sign out this session</button>
          </form>
        </td>
      </tr>`,
    )}
  </tbody>
</table>`;

/** `/me`: how the account can be entered (password, sessions, connected apps), each removable */
export const EntrySections = (props: { viewer: Viewer; entry: EntryData; signOutForms: VNode }): VNode => html`
  <${PasswordSection} viewer=${props.viewer} entry=${props.entry} />
  <section aria-labelledby="connected-apps">
    <h2 id="connected-apps">Connected apps</h2>
    <p>
      ${props.entry.apps === 0 ? 'No apps are connected. ' : `${props.entry.apps} app(s) can act for you. `}
      <a href="/me/apps">See and revoke each app</a>
    </p>
  </section>
  <section aria-labelledby="session">
    <h2 id="session">Sessions</h2>
    <p>Every browser signed in to your account. Signing out everywhere ends them all (API keys, passkeys and connected apps stay: remove them above).</p>
    <${SessionsList} viewer=${props.viewer} sessions=${props.entry.sessions} />
    ${props.signOutForms}
  </section>`;
