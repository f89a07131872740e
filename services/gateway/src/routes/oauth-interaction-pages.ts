import { randomBytes } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  type IdentityRequest,
  PASSWORD_MAX_LENGTH,
  SCOPES,
  type Scope,
} from '@listings/contracts';
import {
  type ClientShown,
  ConsentView,
  OAUTH_PREFIX,
  type OAuthFrame,
  OAuthLinkSentView,
  OAuthMessageView,
  type OAuthServer,
  OAuthSignInView,
  oauthPageCsp,
  renderOAuthPage,
} from '@listings/identity/oauth';
import { verifyPassword } from '@listings/identity/passwords';
import type { Account, IdentityStore } from '@listings/identity/store';
import { sessionCookie, siteCookie } from '@listings/platform/edge';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The OAuth pages' double-submit CSRF cookie (`ld_csrf`, `__Host-ld_csrf` on https: siteCookie).
 * These pages are shown before anyone is signed in (there is no session to bind a token to), so
 * the token rides in an HttpOnly, SameSite=Lax cookie and each form carries it back; the site's
 * own forms use the session's token instead. The session cookie is the site's (sessionCookie),
 * the same the web edge reads.
 */
const CSRF_COOKIE_NAME = 'ld_csrf';

type Form = Record<string, string | string[] | undefined>;
const field = (form: Form, name: string): string => {
  const value = form[name];
  return typeof value === 'string' ? value : '';
};

/**
 * The OAuth sign-in and consent pages, mounted where oidc-provider runs (the site's own pages,
 * password sign-in and sign-up included, are the web edge's). Forms carry a CSRF token
 * (double-submit cookie); the session cookie is HttpOnly, SameSite=Lax, and Secure when
 * PUBLIC_URL is https.
 */
export const oauthInteractionPages =
  (options: {
    store: IdentityStore;
    oauth: OAuthServer;
    publicUrl: string;
    /**
     * the site serves its sign-in link page (`/signin/link`) on this origin (all-in-one): the OAuth
     * sign-in then also offers a mailed link, which comes back to the authorization request
     */
    siteSignIn?: boolean;
    /** mails a sign-in link (identity's people side: the mail port, the mail limits) */
    requestSignInLink?: (request: IdentityRequest<'request_sign_in_link'>) => Promise<{ expires_in_minutes: number }>;
  }) =>
  async (app: FastifyInstance) => {
    const { store, oauth } = options;
    const csrfCookie = siteCookie(CSRF_COOKIE_NAME, options.publicUrl);
    const session = sessionCookie(options.publicUrl);
    await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });

    const csrfOf = (request: FastifyRequest, reply: FastifyReply): string => {
      const existing = request.cookies[csrfCookie.name];
      if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
      const token = randomBytes(32).toString('base64url');
      reply.setCookie(csrfCookie.name, token, csrfCookie.options);
      return token;
    };
    const csrfOk = (request: FastifyRequest): boolean => {
      const cookie = request.cookies[csrfCookie.name];
      const sent = (request.body as Form | undefined)?.csrf;
      return Boolean(cookie) && typeof sent === 'string' && sent === cookie;
    };
    const currentAccount = (request: FastifyRequest) => store.sessionAccount(request.cookies[session.name]);
    const startSession = async (request: FastifyRequest, reply: FastifyReply, account: Account) => {
      // the browser's previous session (of anyone) ends: one browser, one session
      await store.endSession(request.cookies[session.name]);
      const created = await store.createSession(account.id, 'password');
      reply.setCookie(session.name, created.token, { ...session.options, expires: created.expiresAt });
    };
    const html = (reply: FastifyReply, status: number, text: string) =>
      reply
        .code(status)
        .header('cache-control', 'no-store')
        .header('x-frame-options', 'DENY')
        .type('text/html; charset=utf-8')
        .send(text);
    const checkPassword = async (email: string, password: string): Promise<Account | null> => {
      const account = email.length <= EMAIL_MAX_LENGTH ? await store.findAccountForSignIn(email) : null;
      const ok = await verifyPassword(account?.passwordHash ?? null, password.slice(0, PASSWORD_MAX_LENGTH));
      return ok && account ? account : null;
    };

    // ---- OAuth: sign-in and consent inside an authorization request (Preact views in oauth-pages.ts)
    const interactionUrl = (uid: string) => `${OAUTH_PREFIX}/interaction/${uid}`;
    const details = async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await oauth.provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return null;
      }
    };
    type Interaction = NonNullable<Awaited<ReturnType<typeof details>>>;
    /** an OAuth page, under a CSP of its own: styles only under this response's nonce, no script at all */
    const oauthPage = (
      reply: FastifyReply,
      status: number,
      view: (frame: OAuthFrame) => Parameters<typeof renderOAuthPage>[0],
      signedInAs: string | null,
    ) => {
      const nonce = randomBytes(16).toString('base64url');
      reply.header('content-security-policy', oauthPageCsp(nonce));
      return html(reply, status, renderOAuthPage(view({ nonce, signedInAs })));
    };
    const oauthMessage = (reply: FastifyReply, status: number, title: string, message: string) =>
      oauthPage(reply, status, (frame) => OAuthMessageView({ title, message }, frame), null);
    const expired = (reply: FastifyReply) =>
      oauthMessage(reply, 400, 'Sign-in expired', 'This sign-in request has expired. Start again from your app.');
    const oauthForbidden = (reply: FastifyReply) =>
      oauthMessage(reply, 403, 'Form expired', 'Reload the page and try again.');
    const finish = async (
      request: FastifyRequest,
      reply: FastifyReply,
      result: Record<string, unknown>,
      merge: boolean,
    ) => {
      const to = await oauth.provider.interactionResult(request.raw, reply.raw, result as never, {
        mergeWithLastSubmission: merge,
      });
      return reply.redirect(to, 303);
    };
    /** the client app as the pages name it: its registered client_name and client_uri (http(s) only) */
    const clientOf = async (interaction: Interaction): Promise<ClientShown> => {
      const clientId = String(interaction.params.client_id);
      const client = (await oauth.provider.Client.find(clientId).catch(() => undefined)) as
        | { clientName?: string; clientUri?: string }
        | undefined;
      const uri = client?.clientUri && /^https?:\/\//i.test(client.clientUri) ? client.clientUri : null;
      return {
        name: client?.clientName ?? 'An unnamed application',
        uri,
        host: /^https:\/\//.test(clientId) ? new URL(clientId).host : null,
      };
    };
    const signInPage = async (
      reply: FastifyReply,
      status: number,
      interaction: Interaction,
      csrf: string,
      email = '',
      errors: string[] = [],
    ) => {
      const client = await clientOf(interaction);
      return oauthPage(
        reply,
        status,
        (frame) =>
          OAuthSignInView(
            { uid: interaction.uid, csrf, client, email, mailLink: Boolean(options.siteSignIn), errors },
            frame,
          ),
        null,
      );
    };

    app.get(`${OAUTH_PREFIX}/interaction/:uid`, async (request, reply) => {
      const csrf = csrfOf(request, reply);
      const interaction = await details(request, reply);
      if (!interaction) return expired(reply);
      if (interaction.prompt.name === 'login') {
        // a person signed in on the site (the same session cookie, on this origin) is not asked again
        const signedIn = await currentAccount(request);
        if (signedIn) return finish(request, reply, { login: { accountId: signedIn.id } }, false);
        return signInPage(reply, 200, interaction, csrf);
      }
      const account = await store.findAccountById(String(interaction.session?.accountId));
      if (!account) return expired(reply);
      const params = interaction.params as Record<string, string | undefined>;
      const client = await clientOf(interaction);
      const scopes = String(params.scope ?? '')
        .split(' ')
        .filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));
      return oauthPage(
        reply,
        200,
        (frame) =>
          ConsentView(
            {
              uid: interaction.uid,
              csrf,
              client,
              account: account.email,
              scopes,
              resource: String(params.resource ?? `${options.publicUrl}/api/v1`),
              redirectHost: params.redirect_uri ? new URL(params.redirect_uri).host : 'unknown',
            },
            frame,
          ),
        account.email,
      );
    });
    app.post(`${OAUTH_PREFIX}/interaction/:uid/login`, async (request, reply) => {
      const csrf = csrfOf(request, reply);
      if (!csrfOk(request)) return oauthForbidden(reply);
      const interaction = await details(request, reply);
      if (interaction?.prompt.name !== 'login') return expired(reply);
      const form = request.body as Form;
      const account = await checkPassword(field(form, 'email').trim(), field(form, 'password'));
      if (!account)
        return signInPage(reply, 401, interaction, csrf, field(form, 'email'), ['Wrong email or password.']);
      await startSession(request, reply, account);
      return finish(request, reply, { login: { accountId: account.id } }, false);
    });
    // the same sign-in link as the site's (identity's people side, through the mail port, within its
    // mail limits); it comes back to this request, where the session it opens is recognised
    app.post(`${OAUTH_PREFIX}/interaction/:uid/link`, async (request, reply) => {
      const csrf = csrfOf(request, reply);
      if (!csrfOk(request)) return oauthForbidden(reply);
      const interaction = await details(request, reply);
      if (!options.siteSignIn || !options.requestSignInLink)
        return oauthMessage(reply, 404, 'No sign-in links here', 'Sign in with your password instead.');
      if (interaction?.prompt.name !== 'login') return expired(reply);
      const email = field(request.body as Form, 'email').trim();
      if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email))
        return signInPage(reply, 400, interaction, csrf, email, ['Enter an email address, like name@example.com.']);
      try {
        const sent = await options.requestSignInLink({
          email,
          next: interactionUrl(interaction.uid),
          client_ip: request.ip,
        });
        const client = await clientOf(interaction);
        return oauthPage(
          reply,
          200,
          (frame) => OAuthLinkSentView({ email, minutes: sent.expires_in_minutes, client }, frame),
          null,
        );
      } catch (error) {
        const status = (error as { status?: number }).status ?? 500;
        if (status >= 500) throw error;
        return signInPage(reply, status, interaction, csrf, email, [(error as Error).message]);
      }
    });
    app.post(`${OAUTH_PREFIX}/interaction/:uid/consent`, async (request, reply) => {
      csrfOf(request, reply);
      if (!csrfOk(request)) return oauthForbidden(reply);
      const interaction = await details(request, reply);
      if (interaction?.prompt.name !== 'consent' || !interaction.session?.accountId) return expired(reply);
      if (field(request.body as Form, 'decision') !== 'allow')
        return finish(request, reply, { error: 'access_denied', error_description: 'the person denied access' }, false);
      const { provider } = oauth;
      const grant = interaction.grantId
        ? await provider.Grant.find(interaction.grantId)
        : new provider.Grant({
            accountId: interaction.session.accountId,
            clientId: String(interaction.params.client_id),
          });
      if (!grant) return expired(reply);
      const missing = interaction.prompt.details as {
        missingOIDCScope?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
        grant.addResourceScope(indicator, scopes.join(' '));
      const grantId = await grant.save();
      return finish(request, reply, { consent: { grantId } }, true);
    });
  };
