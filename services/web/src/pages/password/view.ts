import {
  ACCOUNT_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@listings/contracts';
import { CsrfField } from '../../components/csrf-field.ts';
import { FieldErrors } from '../../components/field-errors.ts';
import { Layout } from '../../components/layout.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';

/** the errors of a password form, by field name (`email`, `name`, `password`) */
export type PasswordFormErrors = Readonly<Record<string, readonly string[] | undefined>>;

/** `?next=` for a link to the other form, only when there is somewhere to come back to */
const nextQuery = (next: string): string => (next === '/me' ? '' : `?next=${encodeURIComponent(next)}`);

/** one labelled input with its errors next to it (`aria-describedby`), what was typed kept */
const Input = (props: {
  id: string;
  name: string;
  label: string;
  type: string;
  value?: string;
  required?: boolean;
  minLength?: number;
  maxLength: number;
  autocomplete: string;
  errors: readonly string[] | undefined;
}): VNode => html`<p>
  <label for=${props.id}>${props.label}</label>
  <input
    id=${props.id}
    name=${props.name}
    type=${props.type}
    value=${props.value}
    required=${props.required ?? false}
    minlength=${props.minLength}
    maxlength=${props.maxLength}
    autocomplete=${props.autocomplete}
    aria-invalid=${props.errors?.length ? 'true' : undefined}
    aria-describedby=${props.errors?.length ? `${props.id}-error` : undefined}
  />
  <${FieldErrors} id=${`${props.id}-error`} messages=${props.errors} />
</p>`;

/**
 * The start of both forms: the CSRF field (with a session), where to go after, and the email
 * (`<form>`-id prefix: `signin` or `signup`).
 */
const EmailFields = (props: {
  form: 'signin' | 'signup';
  next: string;
  email: string;
  errors: PasswordFormErrors;
  frame: PageFrame;
}): VNode => html`${props.frame.viewer ? html`<${CsrfField} viewer=${props.frame.viewer} />` : null}
  <input type="hidden" name="next" value=${props.next} />
  <${Input}
    id=${`${props.form}-email`}
    name="email"
    label="Email"
    type="email"
    value=${props.email}
    required=${true}
    maxLength=${EMAIL_MAX_LENGTH}
    autocomplete="username"
    errors=${props.errors.email}
  />`;

/** `/signin`: email and password; the mailed link and sign-up are a link away */
export const PasswordSignInView = (
  props: { next: string; email: string; errors: PasswordFormErrors },
  frame: PageFrame,
): VNode => html`<${Layout} frame=${frame} title="Sign in">
  <h1>Sign in</h1>
  <form method="post" action="/signin" novalidate>
    <${EmailFields} form="signin" next=${props.next} email=${props.email} errors=${props.errors} frame=${frame} />
    <${Input}
      id="signin-password"
      name="password"
      label="Password"
      type="password"
      required=${true}
      maxLength=${PASSWORD_MAX_LENGTH}
      autocomplete="current-password"
      errors=${props.errors.password}
    />
    <button type="submit">Sign in</button>
  </form>
  <p>No password? <a id="signin-by-email" href=${`/signin/email?next=${encodeURIComponent(props.next)}`}>Email me a sign-in link</a>.</p>
  <p>New here? <a href=${`/signup${nextQuery(props.next)}`}>Sign up</a></p>
<//>`;

/** `/signup`: email, an optional name, a password; the confirmation link is mailed after */
export const SignUpView = (
  props: { next: string; email: string; name: string; errors: PasswordFormErrors },
  frame: PageFrame,
): VNode => html`<${Layout} frame=${frame} title="Sign up">
  <h1>Sign up</h1>
  <form method="post" action="/signup" novalidate>
    <${EmailFields} form="signup" next=${props.next} email=${props.email} errors=${props.errors} frame=${frame} />
    <${Input}
      id="signup-name"
      name="name"
      label="Name"
      type="text"
      value=${props.name}
      maxLength=${ACCOUNT_NAME_MAX_LENGTH}
      autocomplete="name"
      errors=${props.errors.name}
    />
    <${Input}
      id="signup-password"
      name="password"
      label=${`Password (at least ${PASSWORD_MIN_LENGTH} characters)`}
      type="password"
      required=${true}
      minLength=${PASSWORD_MIN_LENGTH}
      maxLength=${PASSWORD_MAX_LENGTH}
      autocomplete="new-password"
      errors=${props.errors.password}
    />
    <button type="submit">Create account</button>
  </form>
  <p>Have an account? <a href=${`/signin${nextQuery(props.next)}`}>Sign in</a></p>
<//>`;
