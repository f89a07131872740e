import { html, type VNode } from '../html.ts';
import type { Viewer } from '../viewer.ts';
import { CsrfField } from './csrf-field.ts';

const signInFor = (returnTo: string): string => `/signin?next=${encodeURIComponent(returnTo)}`;

/**
 * A vote button: a plain form POST to /listings/{slug}/vote carrying the session's CSRF token, or,
 * without a session, a link to sign in that comes back to this page.
 */
export const VoteForm = (props: {
  slug: string;
  name: string;
  votes: number;
  viewer: Viewer | null;
  returnTo: string;
  /** the viewer's vote stands: the button takes it back (`action=withdraw`) */
  voted?: boolean;
}): VNode => {
  // the accessible name holds the visible count: "Vote for Acme (sign in first): 12 votes"
  const content = (hint: string) =>
    html`<span aria-hidden="true">▲</span> <span class="visually-hidden">Vote for ${props.name}${hint}: </span><span class="count" data-vote-count>${props.votes}</span><span class="visually-hidden"> votes</span>`;
  if (!props.viewer) return html`<a class="vote" href=${signInFor(props.returnTo)}>${content(' (sign in first)')}</a>`;
  return html`<form class="vote" method="post" action=${`/listings/${props.slug}/vote`} data-enhance="vote">
    <${CsrfField} viewer=${props.viewer} />
    <input type="hidden" name="return_to" value=${props.returnTo} />
    ${props.voted ? html`<input type="hidden" name="action" value="withdraw" />` : null}
    <button type="submit" aria-pressed=${props.voted ? 'true' : undefined}>${content(props.voted ? ' (withdraw your vote)' : '')}</button>
  </form>`;
};

/** Follow a listing: a form POST to /listings/{slug}/follow, or a sign-in link. */
export const FollowForm = (props: {
  slug: string;
  name: string;
  followers: number;
  viewer: Viewer | null;
  returnTo: string;
  /** the viewer follows it: the button unfollows (`action=unfollow`) */
  following?: boolean;
}): VNode => {
  if (!props.viewer)
    return html`<a class="button secondary" href=${signInFor(props.returnTo)}>Follow ${props.name} <span class="muted">(${props.followers})</span></a>`;
  if (props.following)
    return html`<form class="follow" method="post" action=${`/listings/${props.slug}/follow`}>
      <${CsrfField} viewer=${props.viewer} />
      <input type="hidden" name="return_to" value=${props.returnTo} />
      <input type="hidden" name="action" value="unfollow" />
      <button type="submit" class="secondary">Unfollow ${props.name} <span class="muted">(${props.followers})</span></button>
    </form>`;
  return html`<form class="follow" method="post" action=${`/listings/${props.slug}/follow`} data-enhance="follow">
    <${CsrfField} viewer=${props.viewer} />
    <input type="hidden" name="return_to" value=${props.returnTo} />
    <button type="submit" class="secondary">Follow ${props.name} <span class="muted">(${props.followers})</span></button>
  </form>`;
};
