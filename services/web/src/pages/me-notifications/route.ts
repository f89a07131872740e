import { listNotifications } from '@listings/contracts';
import type { InternalClient } from '@listings/platform/internal-client';
import type { FastifyInstance } from 'fastify';
import { personPages } from '../../people/person-pages.ts';
import type { Sessions } from '../../people/sessions.ts';
import type { WebContext } from '../../web-context.ts';
import { type NotificationRow, NotificationsView } from './view.ts';

/** `/me/notifications`: the updates of the listings the person follows (catalog's `list_notifications`). */
export const meNotificationsRoutes =
  (deps: { catalog: InternalClient; sessions: Sessions }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    const { sendPrivate, signedIn } = personPages(web, deps.sessions);

    app.get('/me/notifications', async (request, reply) => {
      const me = await signedIn(request, reply, '/me/notifications');
      if (!me) return reply;
      const found = await deps.catalog.send<{ notifications: NotificationRow[] }>(listNotifications, {
        account_id: me.session.account_id,
      });
      const notifications = found.ok ? found.body.notifications : [];
      return sendPrivate(request, reply, me.frame, NotificationsView({ notifications }, me.frame));
    });
  };
