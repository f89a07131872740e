import { html, type VNode } from '../html.ts';

/** Previous and next links for a paged list; `hrefOf(page)` keeps the other query values. */
export const Pagination = (props: {
  page: number;
  perPage: number;
  total: number;
  hrefOf: (page: number) => string;
}): VNode | null => {
  const last = Math.max(1, Math.ceil(props.total / props.perPage));
  if (last <= 1) return null;
  return html`<nav class="pagination" aria-label="Pages">
    ${props.page > 1 ? html`<a href=${props.hrefOf(props.page - 1)} rel="prev">Previous page</a>` : null}
    <span>Page ${props.page} of ${last}</span>
    ${props.page < last ? html`<a href=${props.hrefOf(props.page + 1)} rel="next">Next page</a>` : null}
  </nav>`;
};

/**
 * A paged table of a person's own things (`/me/listings`, `/me/orders`, `/me/drafts`): the rows
 * under their column heads, or what to say when there are none, then the page links (`path?page=`).
 */
export const PagedTable = (props: {
  id?: string;
  head: VNode;
  rows: readonly VNode[];
  empty: VNode;
  page: number;
  perPage: number;
  total: number;
  path: string;
}): VNode => html`${
  props.rows.length === 0
    ? props.empty
    : html`<table id=${props.id}>
        <thead>${props.head}</thead>
        <tbody>${props.rows}</tbody>
      </table>`
}
  <${Pagination}
    page=${props.page}
    perPage=${props.perPage}
    total=${props.total}
    hrefOf=${(page: number) => `${props.path}?page=${page}`}
  />`;

/** `?a=1&b=2` from the values that are set */
export const queryString = (values: Record<string, string | number | undefined | null>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};
