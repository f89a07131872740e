import fastifyFormbody from '@fastify/formbody';
import {
  type CredentialsReset,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  localPathOrNull,
  type NewSiteSession,
  redeemSignInLink,
  requestSignInLink,
} from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import type { InternalClient } from '@listings/platform/internal-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { personPages } from '../../people/person-pages.ts';
import { createFormOnce, type Form, field, type Sessions } from '../../people/sessions.ts';
import type { WebContext } from '../../web-context.ts';
import { resetNotice } from '../me/entry.ts';
import { passkeySignInRoutes } from './passkey-route.ts';
import { SignInEmailView, SignInLinkView, SignInSentView } from './view.ts';

/**
 * Sign-in by a mailed link (`/signin/email`, then `/signin/link?token=` from the mail) or with a
 * passkey (passkey-route.ts): the account is made on the link's first use. Every POST passes the
 * one form check first; a form sent twice mails one link (its `form_id`).
 */
export const signInRoutes =
  (deps: { identity: InternalClient; sessions: Sessions; clock: Clock }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    const { identity, sessions } = deps;
    await app.register(fastifyFormbody, { bodyLimit: 32 * 1024 });
    const { sendPrivate, message, refused } = personPages(web, sessions);
    const formOnce = createFormOnce(() => deps.clock.now().getTime());

    const showEmailForm = async (
      request: FastifyRequest,
      reply: FastifyReply,
      form: { next: string; email: string; errors: Record<string, string[]>; passkeyError?: string },
      status = 200,
    ) => {
      const frame = await web.frameOf(request, reply);
      return sendPrivate(request, reply, frame, SignInEmailView({ ...form, formId: formOnce.newId() }, frame), status);
    };

    app.get<{ Querystring: { next?: string } }>('/signin/email', async (request, reply) =>
      showEmailForm(request, reply, { next: localPathOrNull(request.query.next) ?? '/', email: '', errors: {} }),
    );

    app.post('/signin/email', async (request, reply) => {
      if (await refused(request, reply)) return reply;
      const form = request.body as Form;
      const email = field(form, 'email').trim();
      const next = localPathOrNull(field(form, 'next')) ?? '/';
      const again = (status: number, errors: Record<string, string[]>) =>
        showEmailForm(request, reply, { next, email, errors }, status);
      if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email))
        return again(400, { email: ['enter an email address, like name@example.com'] });
      const sentPage = async (minutes: number) => {
        const frame = await web.frameOf(request, reply);
        return sendPrivate(request, reply, frame, SignInSentView({ email, minutes }, frame));
      };
      if (!formOnce.take(field(form, 'form_id'))) return sentPage(15);
      const sent = await identity.send<{ expires_in_minutes: number }>(requestSignInLink, {
        email,
        next,
        client_ip: request.ip,
      });
      if (!sent.ok)
        return sent.status === 429
          ? again(429, { email: [`too many sign-in emails for now: ${sent.detail}`] })
          : again(sent.status >= 500 ? 503 : 400, { email: [sent.detail] });
      return sentPage(sent.body.expires_in_minutes);
    });

    app.get<{ Querystring: { token?: string } }>('/signin/link', async (request, reply) => {
      const frame = await web.frameOf(request, reply);
      reply.header('referrer-policy', 'no-referrer');
      return sendPrivate(request, reply, frame, SignInLinkView({ token: String(request.query.token ?? '') }, frame));
    });

    app.post('/signin/link', async (request, reply) => {
      if (await refused(request, reply)) return reply;
      const redeemed = await identity.send<NewSiteSession & { reset: CredentialsReset }>(redeemSignInLink, {
        token: field(request.body as Form, 'token'),
      });
      if (!redeemed.ok)
        return message(request, reply, redeemed.status === 503 ? 503 : 410, {
          title: 'This link does not work',
          message: 'Sign-in links work once and for 15 minutes. Ask for a new one.',
          link: { href: '/signin/email', label: 'Email me a new link' },
        });
      await sessions.startSession(request, reply, redeemed.body);
      const next = localPathOrNull(redeemed.body.next) ?? '/';
      // the first proof of the address took away what someone else may have set up: the owner is told here
      // (and by mail), then goes on where they were
      if (redeemed.body.reset)
        return message(request, reply, 200, {
          title: 'Your account was secured',
          message: resetNotice(redeemed.body.reset),
          link: { href: next, label: 'Continue' },
        });
      return reply.redirect(next, 303);
    });

    passkeySignInRoutes(app, {
      identity,
      sessions,
      publicUrl: web.publicUrl,
      refused,
      showSignIn: (request, reply, failed) =>
        showEmailForm(
          request,
          reply,
          { next: failed.next, email: '', errors: {}, passkeyError: failed.passkeyError },
          failed.status,
        ),
    });
  };
