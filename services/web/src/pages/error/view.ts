import { Layout } from '../../components/layout.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';

/** A page that could not be shown (a service not answering, a server error). */
export const ErrorView = (props: { status: number; detail: string }, frame: PageFrame): VNode => html`<${Layout}
  frame=${frame}
  title=${props.status >= 500 ? 'Something went wrong' : 'Cannot show this page'}
>
  <h1>${props.status >= 500 ? 'Something went wrong' : 'Cannot show this page'}</h1>
  <p>${props.detail}</p>
  <p><a href="/">Back to the home page</a></p>
<//>`;
