import { html, type VNode } from '../html.ts';

/** A labelled GET form to /search (works without JavaScript). */
export const SearchBox = (props: { id: string; value?: string; compact?: boolean }): VNode =>
  html`<form class=${props.compact ? 'search-box compact' : 'search-box'} role="search" method="get" action="/search">
    <label for=${props.id} class=${props.compact ? 'visually-hidden' : undefined}>Search listings</label>
    <input id=${props.id} type="search" name="q" maxlength="200" value=${props.value ?? ''} placeholder="Search listings" />
    <button type="submit">Search</button>
  </form>`;
