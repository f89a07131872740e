import { html, type VNode } from './html.ts';

/** The one way a form carries its CSRF token (the session's on the site, the page's on the OAuth pages). */
export const CsrfField = (props: { token: string }): VNode =>
  html`<input type="hidden" name="csrf" value=${props.token} />`;

/** The errors of one field, shown next to it (the field names this element in aria-describedby). */
export const FieldErrors = (props: { id: string; messages?: readonly string[] | undefined }): VNode | null =>
  props.messages?.length ? html`<p id=${props.id} class="field-error">${props.messages.join('; ')}</p>` : null;

/** A form-level message (refused, sent, expired) announced to screen readers. */
export const Notice = (props: { text: string | null | undefined; alert?: boolean }): VNode | null =>
  props.text ? html`<p class="notice" role=${props.alert ? 'alert' : 'status'}>${props.text}</p>` : null;
