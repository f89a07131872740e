import fastifyFormbody from '@fastify/formbody';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  localPathOrNull,
  type NewSiteSession,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  signInWithPassword,
  signOut,
  signUpWithPassword,
} from '@listings/contracts';
import { type RateLimiter, type RateLimitPolicy, rateLimitHeaders } from '@listings/platform/edge';
import type { InternalClient } from '@listings/platform/internal-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { personPages } from '../../people/person-pages.ts';
import { type Form, field, type Sessions } from '../../people/sessions.ts';
import type { WebContext } from '../../web-context.ts';
import { type PasswordFormErrors, PasswordSignInView, SignUpView } from './view.ts';

/** where a password sign-in or sign-up goes when it names nowhere else */
const DEFAULT_NEXT = '/me';

/**
 * Email-and-password sign-in and sign-up (`/signin`, `/signup`), `POST /signout`, and the old API
 * keys address (`/account/api-keys`, now a section of `/me`). Identity checks the password and
 * makes the account and the session over the bus (`sign_in_with_password`, `sign_up_with_password`);
 * this edge limits the two forms per client IP (`RATE_LIMIT_SIGN_IN`, the same `sign-in` count as
 * the OAuth sign-in form) before anything else, then passes the one form check.
 */
export const passwordRoutes =
  (deps: { identity: InternalClient; sessions: Sessions; limiter: RateLimiter; signInPolicy: RateLimitPolicy }) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    const { identity, sessions } = deps;
    await app.register(fastifyFormbody, { bodyLimit: 32 * 1024 });
    const { sendPrivate, refused } = personPages(web, sessions);
    const nextOf = (value: string | undefined) => localPathOrNull(value) ?? DEFAULT_NEXT;

    /**
     * every try counts, whatever its outcome; the `RateLimit` headers go on every answer. Past the
     * quota: the seconds to wait, else null.
     */
    const limited = async (request: FastifyRequest, reply: FastifyReply): Promise<number | null> => {
      const decision = await deps.limiter.hit(`ip:${request.ip}`, deps.signInPolicy);
      reply.headers(rateLimitHeaders(decision));
      return decision.allowed ? null : decision.resetSeconds;
    };
    const tooMany = (seconds: number) => [`too many tries from your network: try again in ${seconds} s`];

    const showSignIn = async (
      request: FastifyRequest,
      reply: FastifyReply,
      form: { next: string; email: string; errors: PasswordFormErrors },
      status = 200,
    ) => {
      const frame = await web.frameOf(request, reply);
      return sendPrivate(request, reply, frame, PasswordSignInView(form, frame), status);
    };
    const showSignUp = async (
      request: FastifyRequest,
      reply: FastifyReply,
      form: { next: string; email: string; name: string; errors: PasswordFormErrors },
      status = 200,
    ) => {
      const frame = await web.frameOf(request, reply);
      return sendPrivate(request, reply, frame, SignUpView(form, frame), status);
    };

    app.get<{ Querystring: { next?: string } }>('/signin', async (request, reply) =>
      showSignIn(request, reply, { next: nextOf(request.query.next), email: '', errors: {} }),
    );

    app.post('/signin', async (request, reply) => {
      const form = request.body as Form;
      const next = nextOf(field(form, 'next'));
      const email = field(form, 'email').trim();
      const wait = await limited(request, reply);
      if (wait !== null) return showSignIn(request, reply, { next, email, errors: { email: tooMany(wait) } }, 429);
      if (await refused(request, reply)) return reply;
      const password = field(form, 'password');
      const wrong = () =>
        showSignIn(request, reply, { next, email, errors: { password: ['wrong email or password'] } }, 401);
      // what the contract cannot hold is a wrong email or password too (nothing is asked)
      if (email.length < 3 || email.length > EMAIL_MAX_LENGTH || password.length > PASSWORD_MAX_LENGTH) return wrong();
      const signedIn = await identity.send<NewSiteSession>(signInWithPassword, { email, password });
      if (!signedIn.ok) {
        if (signedIn.status === 401 || signedIn.status === 400) return wrong();
        return showSignIn(request, reply, { next, email, errors: { email: [signedIn.detail] } }, signedIn.status);
      }
      await sessions.startSession(request, reply, signedIn.body);
      return reply.redirect(next, 303);
    });

    app.get<{ Querystring: { next?: string } }>('/signup', async (request, reply) =>
      showSignUp(request, reply, { next: nextOf(request.query.next), email: '', name: '', errors: {} }),
    );

    app.post('/signup', async (request, reply) => {
      const form = request.body as Form;
      const next = nextOf(field(form, 'next'));
      const email = field(form, 'email').trim();
      const name = field(form, 'name').trim();
      const again = (status: number, errors: PasswordFormErrors) =>
        showSignUp(request, reply, { next, email, name, errors }, status);
      const wait = await limited(request, reply);
      if (wait !== null) return again(429, { email: tooMany(wait) });
      if (await refused(request, reply)) return reply;
      const password = field(form, 'password');
      const errors: Record<string, string[]> = {};
      if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email))
        errors.email = ['enter an email address, like name@example.com'];
      if (name.length > ACCOUNT_NAME_MAX_LENGTH) errors.name = [`at most ${ACCOUNT_NAME_MAX_LENGTH} characters`];
      if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
        errors.password = [`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`];
      if (Object.keys(errors).length > 0) return again(400, errors);
      const made = await identity.send<NewSiteSession & { confirmation_sent: boolean }>(signUpWithPassword, {
        email,
        ...(name ? { name } : {}),
        password,
        client_ip: request.ip,
      });
      if (!made.ok)
        return made.status === 409
          ? again(400, { email: ['an account with this email already exists: sign in instead'] })
          : again(made.status, { email: [made.detail] });
      // the confirmation link is mailed; a failed mail does not undo the sign-up (ask again on /me)
      if (!made.body.confirmation_sent) request.log.warn('the email confirmation link was not sent');
      await sessions.startSession(request, reply, made.body);
      return reply.redirect(next, 303);
    });

    app.post('/signout', async (request, reply) => {
      if (await refused(request, reply)) return reply;
      const token = sessions.tokenOf(request);
      if (token) await identity.send(signOut, { session_token: token });
      sessions.endSession(reply);
      return reply.redirect('/signin', 303);
    });

    // the API keys area was its own page on the gateway; it is a section of /me now
    app.get('/account/api-keys', async (_request, reply) => reply.redirect('/me#api-keys', 301));
  };
