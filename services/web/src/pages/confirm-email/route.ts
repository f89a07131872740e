import fastifyFormbody from '@fastify/formbody';
import { type CredentialsReset, confirmEmail } from '@listings/contracts';
import type { InternalClient } from '@listings/platform/internal-client';
import type { FastifyInstance } from 'fastify';
import { personPages } from '../../people/person-pages.ts';
import { type Form, field, type Sessions } from '../../people/sessions.ts';
import type { WebContext } from '../../web-context.ts';
import { resetNotice } from '../me/entry.ts';
import { ConfirmEmailView } from './view.ts';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * `/confirm-email?token=`: the mailed link opens a page with one button, so a mail scanner that
 * opens it confirms nothing (confirming from elsewhere than the signed-up browser takes the
 * password away, see identity). Neither page sends a Referer with the token.
 */
export const confirmEmailRoutes =
  (deps: { identity: InternalClient; sessions: Sessions }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    const { identity, sessions } = deps;
    await app.register(fastifyFormbody, { bodyLimit: 32 * 1024 });
    const { sendPrivate, message, refused } = personPages(web, sessions);

    app.get<{ Querystring: { token?: string } }>('/confirm-email', async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
      const frame = await web.frameOf(request, reply);
      return sendPrivate(request, reply, frame, ConfirmEmailView({ token: String(request.query.token ?? '') }, frame));
    });

    app.post('/confirm-email', async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
      if (await refused(request, reply)) return reply;
      const token = field(request.body as Form, 'token');
      const session = sessions.tokenOf(request);
      const confirmed = TOKEN_PATTERN.test(token)
        ? await identity.send<{ email: string; reset: CredentialsReset }>(confirmEmail, {
            token,
            ...(session ? { session_token: session } : {}),
          })
        : null;
      if (!confirmed?.ok)
        return message(request, reply, 410, {
          title: 'This link does not work',
          message: 'Confirmation links work once and for 24 hours. Ask for a new one on your account page.',
          link: { href: '/me', label: 'Your account' },
        });
      if (confirmed.body.reset) {
        // every session of the account ended, this browser's too (when it had one)
        if (session) sessions.endSession(reply);
        return message(request, reply, 200, {
          title: 'Email confirmed, account secured',
          message: `${confirmed.body.email} is confirmed. ${resetNotice(confirmed.body.reset)} Sign in with an emailed link.`,
          link: { href: '/signin/email?next=/me', label: 'Email me a sign-in link' },
        });
      }
      return message(request, reply, 200, {
        title: 'Email confirmed',
        message: `${confirmed.body.email} is confirmed: you can vote and review.`,
        link: { href: '/', label: "This week's launches" },
      });
    });
  };
