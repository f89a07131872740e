import { CsrfField as FormCsrfField } from '@listings/ui';
import { html, type VNode } from '../html.ts';
import type { Viewer } from '../viewer.ts';

/** The one way a form carries the session's CSRF token. */
export const CsrfField = (props: { viewer: Viewer }): VNode =>
  html`<${FormCsrfField} token=${props.viewer.csrfToken} />`;
