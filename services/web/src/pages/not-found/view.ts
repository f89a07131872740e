import { Layout } from '../../components/layout.ts';
import { SearchBox } from '../../components/search-box.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';

/** 404: what was not found, and a search box to find it. */
export const NotFoundView = (props: { what: string; query?: string }, frame: PageFrame): VNode => html`<${Layout}
  frame=${frame}
  title="Not found"
>
  <h1>Not found</h1>
  <p>${props.what}</p>
  <${SearchBox} id="not-found-search" value=${props.query ?? ''} />
  <p><a href="/">Back to this week's launches</a></p>
<//>`;
