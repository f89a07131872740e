import { Layout } from '../../components/layout.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';

export interface NotificationRow {
  readonly slug: string;
  readonly listing_name: string;
  readonly update_title: string;
  readonly at: string;
}

/** `/me/notifications`: updates of the listings you follow */
export const NotificationsView = (
  props: { notifications: readonly NotificationRow[] },
  frame: PageFrame,
): VNode => html`<${Layout}
  frame=${frame}
  title="Notifications"
>
  <h1>Notifications</h1>
  ${
    props.notifications.length === 0
      ? html`<p>Nothing yet. Follow a listing to hear about its updates.</p>`
      : html`<ul class="notifications">
          ${props.notifications.map(
            (n) => html`<li>
              <a href=${`/listings/${n.slug}`}>${n.listing_name}</a>: ${n.update_title}
              <time datetime=${n.at}>${n.at.slice(0, 10)}</time>
            </li>`,
          )}
        </ul>`
  }
  <p><a href="/me">Back to your account</a></p>
<//>`;
