import { CsrfField } from '../../components/csrf-field.ts';
import { FieldErrors } from '../../components/field-errors.ts';
import { Layout } from '../../components/layout.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';

/**
 * "Sign in with a passkey": a plain post whose hidden `response` the site script fills with the
 * authenticator's answer (after asking `/signin/passkey/options`); no email asked, the passkey
 * names its account.
 */
const PasskeySignIn = (
  props: { next: string; error: string | null | undefined },
  frame: PageFrame,
): VNode => html`<section
  aria-labelledby="signin-passkey"
>
  <h2 id="signin-passkey">Or use a passkey</h2>
  <form method="post" action="/signin/passkey" data-passkey-signin="/signin/passkey/options">
    ${frame.viewer ? html`<${CsrfField} viewer=${frame.viewer} />` : null}
    <input type="hidden" name="next" value=${props.next} />
    <input type="hidden" name="response" value="" />
    <${FieldErrors} id="signin-passkey-error" messages=${props.error ? [props.error] : undefined} />
    <p data-passkey-status aria-live="polite"></p>
    <button type="submit" id="signin-with-passkey" class="secondary">Sign in with a passkey</button>
  </form>
</section>`;

/** `/signin/email`: the email form that mails a one-time sign-in link (the account is made on first use), and passkey sign-in. */
export const SignInEmailView = (
  props: {
    next: string;
    email: string;
    formId: string;
    errors: Record<string, string[]>;
    notice?: string | null;
    passkeyError?: string | null;
  },
  frame: PageFrame,
): VNode => html`<${Layout} frame=${frame} title="Sign in">
  <h1>Sign in</h1>
  <p>Enter your email address: we send you a link that signs you in. No password needed; a new address gets an account.</p>
  ${props.notice ? html`<p class="notice" role="alert">${props.notice}</p>` : null}
  <form method="post" action="/signin/email" novalidate>
    ${frame.viewer ? html`<${CsrfField} viewer=${frame.viewer} />` : null}
    <input type="hidden" name="next" value=${props.next} />
    <input type="hidden" name="form_id" value=${props.formId} />
    <p>
      <label for="signin-email">Email</label>
      <input
        id="signin-email"
        name="email"
        type="email"
        autocomplete="email"
        required
        value=${props.email}
        aria-invalid=${props.errors.email ? 'true' : undefined}
        aria-describedby=${props.errors.email ? 'signin-email-error' : undefined}
      />
      <${FieldErrors} id="signin-email-error" messages=${props.errors.email} />
    </p>
    <button type="submit">Email me a sign-in link</button>
  </form>
  ${PasskeySignIn({ next: props.next, error: props.passkeyError }, frame)}
  <p>Have a password? <a href=${`/signin?next=${encodeURIComponent(props.next)}`}>Sign in with it</a>.</p>
<//>`;

/** after the form: the link is on its way */
export const SignInSentView = (props: { email: string; minutes: number }, frame: PageFrame): VNode => html`<${Layout}
  frame=${frame}
  title="Check your email"
>
  <h1>Check your email</h1>
  <p>We sent a sign-in link to <strong>${props.email}</strong>. It works once, for ${props.minutes} minutes.</p>
<//>`;

/** `/signin/link?token=`: one button, so a mail scanner opening the link signs nobody in */
export const SignInLinkView = (props: { token: string }, frame: PageFrame): VNode => html`<${Layout}
  frame=${frame}
  title="Sign in"
>
  <h1>Sign in</h1>
  <form method="post" action="/signin/link">
    ${frame.viewer ? html`<${CsrfField} viewer=${frame.viewer} />` : null}
    <input type="hidden" name="token" value=${props.token} />
    <button type="submit" id="use-sign-in-link">Sign in</button>
  </form>
<//>`;

/** a link that no longer works, or a confirmation done */
export const MessageView = (
  props: { title: string; message: string; link?: { href: string; label: string } },
  frame: PageFrame,
): VNode => html`<${Layout} frame=${frame} title=${props.title}>
  <h1>${props.title}</h1>
  <p>${props.message}</p>
  ${props.link ? html`<p><a href=${props.link.href}>${props.link.label}</a></p>` : null}
<//>`;
