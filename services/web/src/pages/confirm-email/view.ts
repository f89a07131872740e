import { CsrfField } from '../../components/csrf-field.ts';
import { Layout } from '../../components/layout.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';

/**
 * `/confirm-email?token=`: one button, so a mail scanner opening the link confirms nothing (a
 * confirmation from another browser than the one that signed up takes the password away).
 */
export const ConfirmEmailView = (props: { token: string }, frame: PageFrame): VNode => html`<${Layout}
  frame=${frame}
  title="Confirm your email"
>
  <h1>Confirm your email</h1>
  <p>
    If you signed up with a password, confirm in the browser you signed up with and the password stays. Confirmed
    anywhere else, any password set before is removed and every session ends, so that nobody who set up the account
    without your mailbox can enter it.
  </p>
  <form method="post" action="/confirm-email">
    ${frame.viewer ? html`<${CsrfField} viewer=${frame.viewer} />` : null}
    <input type="hidden" name="token" value=${props.token} />
    <button type="submit" id="confirm-email">Confirm my email</button>
  </form>
<//>`;
