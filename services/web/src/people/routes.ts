import { randomUUID } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import {
  API_KEY_NAME_MAX_LENGTH,
  type CredentialsReset,
  castVote,
  confirmEmail,
  createSessionApiKey,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  endOneSession,
  followListing,
  getEngagement,
  getListing,
  listNotifications,
  listOAuthGrants,
  listPasskeys,
  listReviews,
  listSessionApiKeys,
  listSignInMethods,
  localPathOrNull,
  lookupSession,
  type NewSiteSession,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PageView,
  REVIEW_BODY_MAX,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_REPORT_REASON_MAX,
  recordViews,
  redeemSignInLink,
  removePassword,
  replyToReview,
  reportReview,
  requestEmailConfirmation,
  requestSignInLink,
  revokeSessionApiKey,
  SCOPES,
  type SiteSession,
  setPassword,
  signOut,
  signOutEverywhere,
  submitReview,
  USER_AGENT_MAX_LENGTH,
  unfollowListing,
  VIEWERS_PER_NETWORK_PER_DAY,
  VIEWS_BATCH_MAX,
  VOTE_RATE_LIMITS,
  withdrawVote,
} from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import {
  createMemoryRateLimitCounter,
  createRateLimiter,
  type RateLimitCounter,
  type RateLimitPolicy,
} from '@listings/platform/edge';
import type { InternalClient } from '@listings/platform/internal-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageFrame } from '../frame.ts';
import type { VNode } from '../html.ts';
import { type EntryData, type PasswordForm, resetNotice } from '../pages/me/entry.ts';
import type { PasskeyForm, PasskeyRow } from '../pages/me/passkeys.ts';
import { type ApiKeyRow, MeView, type NotificationRow, NotificationsView } from '../pages/me/view.ts';
import { passwordRoutes } from '../pages/password/route.ts';
import { type ReviewRow, ReviewsView } from '../pages/reviews/view.ts';
import {
  ConfirmEmailView,
  MessageView,
  SignInEmailView,
  SignInLinkView,
  SignInSentView,
} from '../pages/signin/view.ts';
import { renderPage, sendPage, sendRendered } from '../send-page.ts';
import type { Viewer } from '../viewer.ts';
import type { WebContext } from '../web-context.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import { createFormOnce, type Form, field, fields, type Sessions } from './sessions.ts';
import { networkOf, setVisitorCookie, visitorCookie, visitorCookieOf } from './visitors.ts';

export interface PeopleDeps {
  readonly identity: InternalClient;
  readonly catalog: InternalClient;
  readonly sessions: Sessions;
  readonly clock: Clock;
  /** the vote and sign-in counter (memory by default; the edge's shared counter when given) */
  readonly rateLimitCounter?: RateLimitCounter;
  /** RATE_LIMIT_SIGN_IN: the password forms, per client IP */
  readonly signInPolicy: RateLimitPolicy;
}

/**
 * The people pages are never stored by a cache, even for someone not signed in: they carry
 * one-time tokens, a person's own data or answers to their own form.
 */
const sendPrivate = (request: FastifyRequest, reply: FastifyReply, frame: PageFrame, tree: VNode, status = 200) =>
  sendRendered(request, reply, { ...renderPage(frame, tree, status), etag: null });

const signInPath = (next: string) => `/signin/email?next=${encodeURIComponent(next)}`;
const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? '').includes('application/json');

/**
 * The people side of the site: sign-in by a mailed link or a passkey, email confirmation, `/me`
 * (profile, API keys, passkeys, notifications, sign out here or everywhere), and the signed-in actions on listings (vote,
 * follow, review, reply, report). Every POST passes the session's one check first
 * (`sessions.refusal`: no cross-site form, the CSRF token bound to the session).
 */
export const peopleRoutes =
  (deps: PeopleDeps) =>
  async (app: FastifyInstance, web: WebContext): Promise<void> => {
    const { identity, catalog, sessions } = deps;
    await app.register(fastifyFormbody, { bodyLimit: 32 * 1024 });
    const formOnce = createFormOnce(() => deps.clock.now().getTime());
    const limiter = createRateLimiter({
      counter: deps.rateLimitCounter ?? createMemoryRateLimitCounter({ clock: deps.clock }),
      clock: deps.clock,
    });

    const message = async (
      request: FastifyRequest,
      reply: FastifyReply,
      status: number,
      props: Parameters<typeof MessageView>[0],
    ) => {
      const frame = await web.frameOf(request, reply);
      return sendPrivate(request, reply, frame, MessageView(props, frame), status);
    };

    /**
     * true when the form is refused (its 403 page is sent): the handler then returns `reply`. (A
     * FastifyReply is thenable, so it is never handed back through a promise.)
     */
    const refused = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
      const why = await sessions.refusal(request);
      if (why === null) return false;
      if (wantsJson(request)) reply.code(403).send({ error: why });
      else await message(request, reply, 403, { title: 'Form refused', message: why });
      return true;
    };

    /** the signed-in session, or a redirect to sign in that comes back to `next` */
    const signedIn = async (
      request: FastifyRequest,
      reply: FastifyReply,
      next: string,
    ): Promise<{ session: SiteSession; token: string; frame: PageFrame & { viewer: Viewer } } | null> => {
      const session = await sessions.sessionOf(request);
      const token = sessions.tokenOf(request);
      if (!session || !token) {
        reply.redirect(signInPath(next), 303);
        return null;
      }
      const frame = (await web.frameOf(request, reply)) as PageFrame & { viewer: Viewer };
      return { session, token, frame };
    };

    // ---- sign-in with a password, sign-up, sign-out ----------------------------------------
    passwordRoutes(app, {
      web,
      identity,
      sessions,
      limiter,
      signInPolicy: deps.signInPolicy,
      refused,
      sendPrivate,
    });

    // ---- sign-in by a mailed link ---------------------------------------------------------
    app.get<{ Querystring: { next?: string } }>('/signin/email', async (request, reply) => {
      const next = localPathOrNull(request.query.next) ?? '/';
      const frame = await web.frameOf(request, reply);
      return sendPrivate(
        request,
        reply,
        frame,
        SignInEmailView({ next, email: '', formId: formOnce.newId(), errors: {} }, frame),
      );
    });

    app.post('/signin/email', async (request, reply) => {
      if (await refused(request, reply)) return reply;
      const form = request.body as Form;
      const email = field(form, 'email').trim();
      const next = localPathOrNull(field(form, 'next')) ?? '/';
      const frame = await web.frameOf(request, reply);
      const again = (status: number, errors: Record<string, string[]>, notice: string | null = null) =>
        sendPrivate(
          request,
          reply,
          frame,
          SignInEmailView({ next, email, formId: formOnce.newId(), errors, notice }, frame),
          status,
        );
      if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email))
        return again(400, { email: ['enter an email address, like name@example.com'] });
      if (!formOnce.take(field(form, 'form_id')))
        return sendPrivate(request, reply, frame, SignInSentView({ email, minutes: 15 }, frame));
      const sent = await identity.send<{ expires_in_minutes: number }>(requestSignInLink, {
        email,
        next,
        client_ip: request.ip,
      });
      if (!sent.ok)
        return sent.status === 429
          ? again(429, { email: [`too many sign-in emails for now: ${sent.detail}`] })
          : again(sent.status >= 500 ? 503 : 400, { email: [sent.detail] });
      return sendPrivate(
        request,
        reply,
        frame,
        SignInSentView({ email, minutes: sent.body.expires_in_minutes }, frame),
      );
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

    // the mailed link opens a page with one button: a mail scanner that opens it confirms nothing
    // (confirming from elsewhere than the signed-up browser takes the password away, see identity)
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
      const confirmed = /^[A-Za-z0-9_-]{20,100}$/.test(token)
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

    // ---- your account ---------------------------------------------------------------------
    const showMe = async (
      request: FastifyRequest,
      reply: FastifyReply,
      me: NonNullable<Awaited<ReturnType<typeof signedIn>>>,
      extra: {
        status?: number;
        newKey?: string | null;
        notice?: string | null;
        form?: { name: string; scopes: string[]; errors: Record<string, string[]> };
        passkeyForm?: PasskeyForm;
        passwordForm?: PasswordForm;
      } = {},
    ) => {
      const [keys, passkeys, methods, apps] = await Promise.all([
        identity.send<{ keys: ApiKeyRow[] }>(listSessionApiKeys, { session_token: me.token }),
        identity.send<{ passkeys: PasskeyRow[] }>(listPasskeys, { session_token: me.token }),
        identity.send<Omit<EntryData, 'apps' | 'passwordForm'>>(listSignInMethods, { session_token: me.token }),
        identity.send<{ grants: unknown[] }>(listOAuthGrants, { session_token: me.token }),
      ]);
      return sendPrivate(
        request,
        reply,
        me.frame,
        MeView(
          {
            email: me.session.email,
            name: me.session.name,
            emailConfirmed: me.session.email_confirmed,
            keys: keys.ok ? keys.body.keys : [],
            newKey: extra.newKey ?? null,
            notice: extra.notice ?? null,
            formId: formOnce.newId(),
            form: extra.form ?? { name: '', scopes: ['account:read'], errors: {} },
            passkeys: passkeys.ok ? passkeys.body.passkeys : [],
            passkeyForm: extra.passkeyForm ?? { name: '', errors: {} },
            entry: {
              password_set: methods.ok ? methods.body.password_set : false,
              password_settable_until: methods.ok ? methods.body.password_settable_until : null,
              sessions: methods.ok ? methods.body.sessions : [],
              apps: apps.ok ? apps.body.grants.length : 0,
              passwordForm: extra.passwordForm ?? { errors: {} },
            },
          },
          me.frame,
        ),
        extra.status ?? 200,
      );
    };

    app.get('/me', async (request, reply) => {
      const me = await signedIn(request, reply, '/me');
      return me ? showMe(request, reply, me) : reply;
    });

    passkeyRoutes(app, {
      identity,
      sessions,
      publicUrl: web.publicUrl,
      refused,
      signedIn,
      showMe,
      showSignIn: async (request, reply, extra) => {
        const frame = await web.frameOf(request, reply);
        return sendPrivate(
          request,
          reply,
          frame,
          SignInEmailView(
            { next: extra.next, email: '', formId: formOnce.newId(), errors: {}, passkeyError: extra.passkeyError },
            frame,
          ),
          extra.status,
        );
      },
    });

    app.get('/me/notifications', async (request, reply) => {
      const me = await signedIn(request, reply, '/me/notifications');
      if (!me) return reply;
      const found = await catalog.send<{ notifications: NotificationRow[] }>(listNotifications, {
        account_id: me.session.account_id,
      });
      return sendPrivate(
        request,
        reply,
        me.frame,
        NotificationsView({ notifications: found.ok ? found.body.notifications : [] }, me.frame),
      );
    });

    app.post('/me/confirm-email', async (request, reply) => {
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, '/me');
      if (!me) return reply;
      const sent = await identity.send(requestEmailConfirmation, { session_token: me.token, client_ip: request.ip });
      return showMe(request, reply, me, {
        status: sent.ok ? 200 : sent.status,
        notice: sent.ok ? `We sent a confirmation link to ${me.session.email}.` : sent.detail,
      });
    });

    app.post('/me/api-keys', async (request, reply) => {
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, '/me');
      if (!me) return reply;
      const form = request.body as Form;
      const name = field(form, 'name').trim();
      const scopes = fields(form, 'scopes');
      const errors: Record<string, string[]> = {};
      if (name === '' || name.length > API_KEY_NAME_MAX_LENGTH)
        errors.name = [`give the key a name of 1 to ${API_KEY_NAME_MAX_LENGTH} characters`];
      if (scopes.length === 0 || scopes.some((s) => !(SCOPES as readonly string[]).includes(s)))
        errors.scopes = ['choose at least one scope'];
      if (Object.keys(errors).length > 0)
        return showMe(request, reply, me, { status: 400, form: { name, scopes, errors } });
      if (!formOnce.take(field(form, 'form_id')))
        return showMe(request, reply, me, {
          notice: 'That form was sent already: the key was made once (see the list).',
        });
      const made = await identity.send<{ key: string }>(createSessionApiKey, {
        session_token: me.token,
        name,
        scopes: [...new Set(scopes)],
      });
      if (!made.ok) {
        // the daily limit (API_KEYS_PER_ACCOUNT_PER_DAY) counts UTC days: it lifts at 00:00 UTC
        if (made.status === 429) {
          const now = deps.clock.now();
          const nextDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
          reply.header('retry-after', String(Math.max(1, Math.ceil((nextDay - now.getTime()) / 1000))));
        }
        return showMe(request, reply, me, {
          status: made.status,
          form: { name, scopes, errors: { name: [made.detail] } },
        });
      }
      return showMe(request, reply, me, { status: 201, newKey: made.body.key });
    });

    app.post('/me/api-keys/revoke', async (request, reply) => {
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, '/me');
      if (!me) return reply;
      const revoked = await identity.send(revokeSessionApiKey, {
        session_token: me.token,
        key_id: field(request.body as Form, 'key_id').slice(0, 20),
      });
      return showMe(request, reply, me, {
        status: revoked.ok ? 200 : revoked.status,
        notice: revoked.ok ? 'The key is revoked: it no longer works.' : revoked.detail,
      });
    });

    // ---- how the account can be entered: password, sessions -------------------------------
    app.post('/me/password', async (request, reply) => {
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, '/me');
      if (!me) return reply;
      const form = request.body as Form;
      const current = field(form, 'current_password');
      const next = field(form, 'new_password');
      const again = (status: number, errors: PasswordForm['errors']) =>
        showMe(request, reply, me, { status, passwordForm: { errors } });
      if (next.length < PASSWORD_MIN_LENGTH || next.length > PASSWORD_MAX_LENGTH)
        return again(400, { new_password: [`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`] });
      if (current.length > PASSWORD_MAX_LENGTH)
        return again(400, { current_password: ['is not your current password'] });
      const set = await identity.send<{ sessions_ended: number }>(setPassword, {
        session_token: me.token,
        ...(current ? { current_password: current } : {}),
        new_password: next,
      });
      if (!set.ok)
        return set.status === 400
          ? again(400, { current_password: ['is not your current password'] })
          : again(set.status, { new_password: [set.detail] });
      return showMe(request, reply, me, {
        notice:
          set.body.sessions_ended > 0
            ? `Your password is set. ${set.body.sessions_ended} other session(s) were signed out.`
            : 'Your password is set.',
      });
    });

    app.post('/me/password/remove', async (request, reply) => {
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, '/me');
      if (!me) return reply;
      const removed = await identity.send(removePassword, { session_token: me.token });
      return showMe(request, reply, me, {
        status: removed.ok ? 200 : removed.status,
        notice: removed.ok ? 'Your password is removed: it no longer signs anyone in.' : removed.detail,
      });
    });

    app.post('/me/sessions/end', async (request, reply) => {
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, '/me');
      if (!me) return reply;
      const ended = await identity.send(endOneSession, {
        session_token: me.token,
        session_id: field(request.body as Form, 'session_id').slice(0, 40),
      });
      // ending this very session is signing out
      if (ended.ok && !(await identity.send(lookupSession, { session_token: me.token })).ok) {
        sessions.endSession(reply);
        return reply.redirect('/', 303);
      }
      return showMe(request, reply, me, {
        status: ended.ok ? 200 : ended.status,
        notice: ended.ok ? 'That session is signed out.' : ended.detail,
      });
    });

    for (const [path, contract] of [
      ['/me/signout', signOut],
      ['/me/signout-everywhere', signOutEverywhere],
    ] as const)
      app.post(path, async (request, reply) => {
        if (await refused(request, reply)) return reply;
        const token = sessions.tokenOf(request);
        if (token) await identity.send(contract, { session_token: token });
        sessions.endSession(reply);
        return reply.redirect('/', 303);
      });

    // ---- on a listing ---------------------------------------------------------------------
    /** after a form on a listing: JSON for the page's script, else back where the person was */
    const backTo = (request: FastifyRequest, reply: FastifyReply, slug: string, body: object) =>
      wantsJson(request)
        ? reply.header('cache-control', 'no-store').send(body)
        : reply.redirect(localPathOrNull(field(request.body as Form, 'return_to')) ?? `/listings/${slug}`, 303);
    const failed = (
      request: FastifyRequest,
      reply: FastifyReply,
      outcome: { status: number; detail: string },
      slug: string,
    ) =>
      wantsJson(request)
        ? reply.code(outcome.status).send({ error: outcome.detail })
        : message(request, reply, outcome.status, {
            title: outcome.status === 403 ? 'Not allowed' : 'That did not work',
            message: outcome.detail,
            link:
              outcome.status === 403 && /confirm your email/.test(outcome.detail)
                ? { href: '/me', label: 'Confirm your email on your account page' }
                : { href: `/listings/${slug}`, label: 'Back to the listing' },
          });
    const returnTo = (request: FastifyRequest, slug: string) =>
      localPathOrNull(field(request.body as Form, 'return_to')) ?? `/listings/${slug}`;

    app.post<{ Params: { slug: string } }>('/listings/:slug/vote', async (request, reply) => {
      const { slug } = request.params;
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, returnTo(request, slug));
      if (!me) return reply;
      for (const decision of await Promise.all([
        limiter.hit(`account:${me.session.account_id}`, { name: 'votes-account', ...VOTE_RATE_LIMITS.perAccount }),
        limiter.hit(`ip:${request.ip}`, { name: 'votes-ip', ...VOTE_RATE_LIMITS.perIp }),
      ]))
        if (!decision.allowed) {
          reply.header('retry-after', String(decision.resetSeconds));
          return failed(
            request,
            reply,
            { status: 429, detail: `too many votes: try again in ${decision.resetSeconds} s` },
            slug,
          );
        }
      const withdraw = field(request.body as Form, 'action') === 'withdraw';
      const outcome = withdraw
        ? await catalog.send<object>(withdrawVote, { slug, account_id: me.session.account_id })
        : await catalog.send<object>(castVote, {
            slug,
            account_id: me.session.account_id,
            email_confirmed: me.session.email_confirmed,
          });
      return outcome.ok ? backTo(request, reply, slug, outcome.body) : failed(request, reply, outcome, slug);
    });

    app.post<{ Params: { slug: string } }>('/listings/:slug/follow', async (request, reply) => {
      const { slug } = request.params;
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, returnTo(request, slug));
      if (!me) return reply;
      const contract = field(request.body as Form, 'action') === 'unfollow' ? unfollowListing : followListing;
      const outcome = await catalog.send<object>(contract, { slug, account_id: me.session.account_id });
      return outcome.ok ? backTo(request, reply, slug, outcome.body) : failed(request, reply, outcome, slug);
    });

    const showReviews = async (
      request: FastifyRequest,
      reply: FastifyReply,
      slug: string,
      extra: {
        status?: number;
        notice?: string | null;
        form?: { rating: string; body: string; errors: Record<string, string[]> };
      } = {},
    ) => {
      const frame = await web.frameOf(request, reply);
      const session = await sessions.sessionOf(request);
      const [listing, reviews, mine] = await Promise.all([
        web.catalog.call(getListing, { params: { slug } }),
        catalog.send<{ rating: { average: number | null; count: number }; reviews: ReviewRow[] }>(listReviews, {
          slug,
        }),
        session
          ? catalog.send<{ owner: boolean; review: { rating: number; body: string } | null }>(getEngagement, {
              slug,
              account_id: session.account_id,
            })
          : null,
      ]);
      if (!listing.ok || !reviews.ok)
        return message(request, reply, 404, { title: 'Not found', message: `There is no listing called “${slug}”.` });
      const own = mine?.ok ? mine.body : null;
      return sendPage(
        request,
        reply,
        frame,
        ReviewsView(
          {
            slug,
            name: listing.body.name,
            rating: reviews.body.rating,
            reviews: reviews.body.reviews,
            owner: own?.owner ?? false,
            emailConfirmed: session?.email_confirmed ?? false,
            form: extra.form ?? {
              rating: own?.review ? String(own.review.rating) : '',
              body: own?.review?.body ?? '',
              errors: {},
            },
            notice: extra.notice ?? null,
          },
          frame,
        ),
        extra.status ?? 200,
      );
    };

    app.get<{ Params: { slug: string } }>('/listings/:slug/reviews', async (request, reply) =>
      showReviews(request, reply, request.params.slug),
    );

    app.post<{ Params: { slug: string } }>('/listings/:slug/review', async (request, reply) => {
      const { slug } = request.params;
      if (await refused(request, reply)) return reply;
      const me = await signedIn(request, reply, `/listings/${slug}/reviews`);
      if (!me) return reply;
      const form = request.body as Form;
      const rating = field(form, 'rating');
      const body = field(form, 'body').trim();
      const errors: Record<string, string[]> = {};
      const stars = Number(rating);
      if (!Number.isInteger(stars) || stars < REVIEW_RATING_MIN || stars > REVIEW_RATING_MAX)
        errors.rating = [`choose ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX} stars`];
      if (body.length > REVIEW_BODY_MAX) errors.body = [`at most ${REVIEW_BODY_MAX} characters`];
      if (Object.keys(errors).length > 0)
        return showReviews(request, reply, slug, { status: 400, form: { rating, body, errors } });
      const saved = await catalog.send(submitReview, {
        slug,
        account_id: me.session.account_id,
        email_confirmed: me.session.email_confirmed,
        rating: stars,
        body,
      });
      if (!saved.ok)
        return showReviews(request, reply, slug, {
          status: saved.status,
          form: { rating, body, errors: { rating: [saved.detail] } },
        });
      return reply.redirect(`/listings/${slug}/reviews`, 303);
    });

    app.post<{ Params: { slug: string; reviewer: string } }>(
      '/listings/:slug/reviews/:reviewer/reply',
      async (request, reply) => {
        const { slug, reviewer } = request.params;
        if (await refused(request, reply)) return reply;
        const me = await signedIn(request, reply, `/listings/${slug}/reviews`);
        if (!me) return reply;
        const body = field(request.body as Form, 'body').trim();
        const replied = await catalog.send(replyToReview, {
          slug,
          reviewer_id: reviewer,
          account_id: me.session.account_id,
          body,
        });
        if (!replied.ok) return showReviews(request, reply, slug, { status: replied.status, notice: replied.detail });
        return reply.redirect(`/listings/${slug}/reviews`, 303);
      },
    );

    app.post<{ Params: { slug: string; reviewer: string } }>(
      '/listings/:slug/reviews/:reviewer/report',
      async (request, reply) => {
        const { slug, reviewer } = request.params;
        if (await refused(request, reply)) return reply;
        // reports come from signed-in people only (once per account per review, a daily limit per
        // account: catalog holds both); anyone else is sent to sign in and back to the reviews
        const me = await signedIn(request, reply, `/listings/${slug}/reviews`);
        if (!me) return reply;
        const reason =
          field(request.body as Form, 'reason')
            .trim()
            .slice(0, REVIEW_REPORT_REASON_MAX) || 'reported';
        const reported = await catalog.send<{ reported: boolean }>(reportReview, {
          slug,
          reviewer_id: reviewer,
          reported_by: me.session.account_id,
          reason,
        });
        return showReviews(request, reply, slug, {
          status: reported.ok ? 200 : reported.status,
          notice: !reported.ok
            ? reported.detail
            : reported.body.reported
              ? 'Thank you: the moderators will look at this review.'
              : 'You reported this review already: the moderators have your report.',
        });
      },
    );
  };

/** visitor-listing pairs of the day remembered per process (a Set's size at most this) */
const VIEWS_REMEMBERED_MAX = 50_000;

/** the longest a page view waits at the edge for others to go to catalog with */
export const VIEWS_FLUSH_MS = 100;

/**
 * Counts a listing page's view (once per visitor per day, bots left out, bursts from one network
 * discounted: catalog decides) after the page was sent, without holding it up; a failure costs the
 * views, never a page.
 * - The visitor is the signed-in account (`account:<id>`: the session the page looked up already),
 *   else the visitor cookie's random id (`cookie:<id>`). A page for someone with neither sets the
 *   cookie; that answer is `private` (a shared cache must not hand one visitor's cookie to others).
 *   The client's network (IPv4 /24, IPv6 /64) goes along for catalog's per-network rule.
 * - A visitor's second view of a listing on the same UTC day is not sent at all: catalog would
 *   count it as nothing, after reading the visit's stream. The pairs of the day are remembered in
 *   memory, forgotten at the day's end or when there are too many (catalog still decides).
 * - The views of a moment go together (`record_views`): each waits at most `flushMs`, and
 *   VIEWS_BATCH_MAX of them go at once. Catalog then decides them together: one request, one
 *   commit of their events, one pass of its projections over them, instead of one of each per
 *   page (docs/benchmarks.md).
 * - Views not counted (catalog or the bus unavailable) are forgotten, so the next view asks again.
 *   The views waiting when the app closes are sent before it has closed; a crash loses at most
 *   the last `flushMs` of them.
 * `flush()` sends the waiting views at once and resolves when every view sent so far is answered.
 */
export const recordListingViews = (
  app: FastifyInstance,
  catalog: InternalClient,
  clock: Clock,
  options: {
    flushMs?: number;
    /** the request's signed-in account (the sessions' look-up, made once per request); default: nobody */
    accountOf?: (request: FastifyRequest) => Promise<string | null>;
    /** PUBLIC_URL, which names the visitor cookie (`__Host-` and Secure on https); default: http */
    publicUrl?: string;
  } = {},
) => {
  const flushMs = options.flushMs ?? VIEWS_FLUSH_MS;
  const cookie = visitorCookie(options.publicUrl ?? 'http://localhost');
  let day = '';
  let sent = new Set<string>();
  /**
   * per network and listing, the views of today sent and not refused: counted by catalog, or not
   * answered yet. Once a network holds its allowance (VIEWERS_PER_NETWORK_PER_DAY) for a listing,
   * catalog would count no more of its visitors, so none is sent (a client that keeps no cookie is a
   * new visitor on every page); a view catalog did not count (a bot, a failure) gives its place back.
   */
  let counted = new Map<string, number>();
  const giveBack = (network: string) => counted.set(network, Math.max(0, (counted.get(network) ?? 0) - 1));
  let waiting: { view: PageView; pair: string; network: string }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const answering = new Set<Promise<void>>();
  const send = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    const forget = () => {
      for (const { pair, network } of batch) {
        sent.delete(pair);
        giveBack(network);
      }
    };
    const answered: Promise<void> = catalog
      .send<{ items: { counted: boolean }[] }>(recordViews, { views: batch.map((b) => b.view) })
      .then(
        (outcome) => {
          if (!outcome.ok) {
            forget();
            app.log.warn(
              { status: outcome.status, detail: outcome.detail, views: batch.length },
              'views were not counted',
            );
            return;
          }
          for (const [i, { network }] of batch.entries()) if (!outcome.body.items[i]?.counted) giveBack(network);
        },
        (err: unknown) => {
          forget();
          app.log.warn({ err, views: batch.length }, 'views were not counted');
        },
      )
      .finally(() => answering.delete(answered));
    answering.add(answered);
  };
  const flush = async () => {
    send();
    await Promise.all(answering);
  };
  const accountOf = options.accountOf ?? (async () => null);
  /** the visitor ids set by this answer's cookie */
  const newVisitors = new WeakMap<FastifyRequest, string>();
  const isListingPage = (request: FastifyRequest, statusCode: number) =>
    request.method === 'GET' && statusCode === 200 && request.routeOptions.url === '/listings/:slug';
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isListingPage(request, reply.statusCode) || visitorCookieOf(request, cookie) !== null) return payload;
    if ((await accountOf(request)) !== null) return payload;
    newVisitors.set(request, setVisitorCookie(reply, cookie));
    const cacheControl = reply.getHeader('cache-control');
    if (typeof cacheControl === 'string') reply.header('cache-control', cacheControl.replace(/^public\b/, 'private'));
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!isListingPage(request, reply.statusCode)) return;
    const slug = (request.params as { slug: string }).slug;
    const account = await accountOf(request);
    const visitorId = visitorCookieOf(request, cookie) ?? newVisitors.get(request);
    // no account and no cookie (the answer failed before its cookie was set): a visitor of its own
    const visitor = account !== null ? `account:${account}` : `cookie:${visitorId ?? randomUUID()}`;
    const today = clock.now().toISOString().slice(0, 10);
    if (today !== day || sent.size >= VIEWS_REMEMBERED_MAX || counted.size >= VIEWS_REMEMBERED_MAX) {
      day = today;
      sent = new Set();
      counted = new Map();
    }
    const pair = `${visitor} ${slug}`;
    if (sent.has(pair)) return;
    const network = networkOf(request.ip);
    const networkOnListing = `${network} ${slug}`;
    const held = counted.get(networkOnListing) ?? 0;
    if (held >= VIEWERS_PER_NETWORK_PER_DAY) return;
    counted.set(networkOnListing, held + 1);
    sent.add(pair);
    const userAgent = request.headers['user-agent'];
    waiting.push({
      view: {
        slug,
        visitor,
        network,
        user_agent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
      },
      pair,
      network: networkOnListing,
    });
    if (waiting.length >= VIEWS_BATCH_MAX) send();
    else timer ??= setTimeout(send, flushMs);
  });
  app.addHook('onClose', flush);
  return { flush };
};
