import { randomBytes } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  API_KEY_NAME_MAX_LENGTH,
  API_KEYS_PER_ACCOUNT_MAX,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  type IdentityRequest,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SCOPE_DESCRIPTIONS,
  SCOPES,
  type Scope,
} from '@listings/contracts';
import { DailyLimitError } from '@listings/platform/decider';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteCsrf, sitePage } from '../site-page.ts';
import { type Account, ApiKeyNameTakenError, type IdentityStore } from './identity-store.ts';
import {
  type ClientShown,
  ConsentView,
  type OAuthFrame,
  OAuthLinkSentView,
  OAuthMessageView,
  OAuthSignInView,
  oauthPageCsp,
  renderOAuthPage,
} from './oauth-pages.ts';
import { escapeHtml, OAUTH_PREFIX, type OAuthServer } from './oauth-server.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const SESSION_COOKIE = 'ld_session';

type Form = Record<string, string | string[] | undefined>;
const field = (form: Form, name: string): string => {
  const value = form[name];
  return typeof value === 'string' ? value : '';
};
const fields = (form: Form, name: string): string[] => {
  const value = form[name];
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
};

/** only a local path may follow sign-in (no open redirect) */
const safeNext = (next: string): string => (/^\/(?![/\\])[\x21-\x7e]*$/.test(next) ? next : '/account/api-keys');
/** `?next=` for a link to the other form, kept only when it is a local path other than the default */
const nextQuery = (next: string): string =>
  next === '/account/api-keys' ? '' : `?next=${encodeURIComponent(safeNext(next))}`;

const PAGE_STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.6rem 0}
input[type=text],input[type=email],input[type=password]{width:100%;padding:.4rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.3rem;text-align:left;vertical-align:top}.error{color:#a00}.key{font-family:monospace;background:#ffd;padding:.5rem;word-break:break-all}
time{white-space:nowrap}fieldset{border:1px solid #ccc;border-radius:4px}fieldset label{margin:.3rem 0}
button{font:inherit;padding:.35rem .9rem;border:1px solid #888;border-radius:4px;background:#f4f4f4;cursor:pointer}
button.primary{background:#1f6feb;border-color:#1a5fc8;color:#fff}header button{padding:.1rem .5rem}`;
const page = (title: string, body: string, account: Account | null, csrf: string): string =>
  sitePage({ title, body, account, csrf, style: PAGE_STYLE });

/** an instant as people read it (to the minute, UTC), with the exact value for machines */
const timeOf = (iso: string) => `<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;

const errorBlock = (errors: readonly string[]) =>
  errors.length ? `<ul class="error" role="alert">${errors.map((e) => `<li>${escapeHtml(e)}</li>`).join('')}</ul>` : '';

/**
 * The site's identity pages: sign up, sign in, sign out, the API keys area, the OAuth sign-in
 * and consent pages (the co-founder invite page is the web edge's). Forms carry a CSRF token
 * (double-submit cookie); the session cookie is HttpOnly, SameSite=Lax, and Secure when
 * PUBLIC_URL is https.
 */
export const identityPages =
  (options: {
    store: IdentityStore;
    oauth: OAuthServer;
    publicUrl: string;
    /** API_KEYS_PER_ACCOUNT_PER_DAY (default: no daily limit) */
    apiKeysPerDay?: number;
    /** mails the confirmation link to a new account (needed before it votes or reviews) */
    sendConfirmation?: (accountId: string, email: string, clientIp?: string) => Promise<void>;
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
    const secure = options.publicUrl.startsWith('https:');
    await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });

    const { csrfOf, csrfOk } = siteCsrf({ secure });
    const currentAccount = (request: FastifyRequest) => store.sessionAccount(request.cookies[SESSION_COOKIE]);
    const startSession = (reply: FastifyReply, account: Account) => {
      const session = store.createSession(account.id);
      reply.setCookie(SESSION_COOKIE, session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        expires: session.expiresAt,
      });
    };
    const html = (reply: FastifyReply, status: number, text: string) =>
      reply
        .code(status)
        .header('cache-control', 'no-store')
        .header('x-frame-options', 'DENY')
        .type('text/html; charset=utf-8')
        .send(text);
    const forbidden = (reply: FastifyReply, csrf: string, account: Account | null) =>
      html(reply, 403, page('Form expired', '<p>Reload the page and try again.</p>', account, csrf));

    const signInForm = (action: string, csrf: string, next: string, errors: string[] = [], email = '') => `
      ${errorBlock(errors)}
      <form method="post" action="${escapeHtml(action)}">
        <input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="next" value="${escapeHtml(next)}">
        <label>Email <input type="email" name="email" required maxlength="${EMAIL_MAX_LENGTH}" value="${escapeHtml(email)}" autocomplete="username"></label>
        <label>Password <input type="password" name="password" required maxlength="${PASSWORD_MAX_LENGTH}" autocomplete="current-password"></label>
        <button type="submit" class="primary">Sign in</button>
      </form>`;

    // ---- sign up, sign in, sign out
    app.get('/signup', async (request, reply) => {
      const csrf = csrfOf(request, reply);
      const next = safeNext(String((request.query as { next?: string }).next ?? ''));
      return html(reply, 200, page('Sign up', signUpForm(csrf, next), currentAccount(request), csrf));
    });
    const signUpForm = (csrf: string, next: string, errors: string[] = [], email = '', name = '') => `
      ${errorBlock(errors)}
      <form method="post" action="/signup">
        <input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="next" value="${escapeHtml(next)}">
        <label>Email <input type="email" name="email" required maxlength="${EMAIL_MAX_LENGTH}" value="${escapeHtml(email)}" autocomplete="username"></label>
        <label>Name <input type="text" name="name" maxlength="${ACCOUNT_NAME_MAX_LENGTH}" value="${escapeHtml(name)}"></label>
        <label>Password (at least ${PASSWORD_MIN_LENGTH} characters) <input type="password" name="password" required minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}" autocomplete="new-password"></label>
        <button type="submit" class="primary">Create account</button>
      </form><p>Have an account? <a href="/signin${escapeHtml(nextQuery(next))}">Sign in</a></p>`;
    app.post('/signup', async (request, reply) => {
      const csrf = csrfOf(request, reply);
      if (!csrfOk(request)) return forbidden(reply, csrf, null);
      const form = request.body as Form;
      const email = field(form, 'email').trim();
      const name = field(form, 'name').trim();
      const password = field(form, 'password');
      const next = safeNext(field(form, 'next'));
      const errors: string[] = [];
      if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) errors.push('Enter a valid email address.');
      if (name.length > ACCOUNT_NAME_MAX_LENGTH)
        errors.push(`The name is at most ${ACCOUNT_NAME_MAX_LENGTH} characters.`);
      if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
        errors.push(`The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`);
      if (errors.length === 0 && store.findAccountForSignIn(email))
        errors.push('An account with this email already exists.');
      if (errors.length > 0)
        return html(reply, 400, page('Sign up', signUpForm(csrf, next, errors, email, name), null, csrf));
      const account = store.createAccount({ email, name: name || null, passwordHash: await hashPassword(password) });
      startSession(reply, account);
      // the confirmation link is mailed; a failed mail (or the mail limit) does not undo the sign-up:
      // the person can ask for another link on /me
      await options.sendConfirmation?.(account.id, account.email, request.ip).catch((error: unknown) => {
        request.log.warn({ err: error }, 'the email confirmation link was not sent');
      });
      return reply.redirect(next, 303);
    });

    app.get('/signin', async (request, reply) => {
      const csrf = csrfOf(request, reply);
      const next = safeNext(String((request.query as { next?: string }).next ?? ''));
      return html(
        reply,
        200,
        page(
          'Sign in',
          `${signInForm('/signin', csrf, next)}<p>No password? <a id="signin-by-email" href="/signin/email?next=${escapeHtml(encodeURIComponent(next))}">Email me a sign-in link</a>.</p><p>New here? <a href="/signup${escapeHtml(nextQuery(next))}">Sign up</a></p>`,
          currentAccount(request),
          csrf,
        ),
      );
    });
    const checkPassword = async (email: string, password: string): Promise<Account | null> => {
      const account = email.length <= EMAIL_MAX_LENGTH ? store.findAccountForSignIn(email) : null;
      const ok = await verifyPassword(account?.passwordHash ?? null, password.slice(0, PASSWORD_MAX_LENGTH));
      return ok && account ? account : null;
    };
    app.post('/signin', async (request, reply) => {
      const csrf = csrfOf(request, reply);
      if (!csrfOk(request)) return forbidden(reply, csrf, null);
      const form = request.body as Form;
      const next = safeNext(field(form, 'next'));
      const account = await checkPassword(field(form, 'email').trim(), field(form, 'password'));
      if (!account)
        return html(
          reply,
          401,
          page(
            'Sign in',
            signInForm('/signin', csrf, next, ['Wrong email or password.'], field(form, 'email')),
            null,
            csrf,
          ),
        );
      startSession(reply, account);
      return reply.redirect(next, 303);
    });
    app.post('/signout', async (request, reply) => {
      const csrf = csrfOf(request, reply);
      if (!csrfOk(request)) return forbidden(reply, csrf, null);
      store.endSession(request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.redirect('/signin', 303);
    });

    // ---- the API keys area
    const keysPage = (account: Account, csrf: string, extra = '', errors: string[] = []) => {
      const keys = store.listApiKeys(account.id);
      const rows = keys
        .map(
          (
            k,
          ) => `<tr data-key-id="${k.id}"><td>${escapeHtml(k.name)}</td><td><code>${escapeHtml(k.prefix)}</code></td><td>${k.scopes.join(' ')}</td>
          <td>${timeOf(k.createdAt)}</td><td>${k.lastUsedAt ? timeOf(k.lastUsedAt) : 'never'}</td><td><form method="post" action="/account/api-keys/${k.id}/revoke">
          <input type="hidden" name="csrf" value="${csrf}"><button type="submit">Revoke</button></form></td></tr>`,
        )
        .join('');
      return page(
        'API keys',
        `${extra}${errorBlock(errors)}
        <h2>Your keys</h2>
        ${keys.length ? `<table><thead><tr><th>Name</th><th>Key</th><th>Scopes</th><th>Created</th><th>Last used</th><th></th></tr></thead><tbody>${rows}</tbody></table>` : '<p id="no-keys">No keys yet.</p>'}
        <h2>Create a key</h2>
        <form method="post" action="/account/api-keys">
          <input type="hidden" name="csrf" value="${csrf}">
          <label>Name <input type="text" name="name" required maxlength="${API_KEY_NAME_MAX_LENGTH}"></label>
          <fieldset><legend>Scopes</legend>${SCOPES.map(
            (s) =>
              `<label><input type="checkbox" name="scopes" value="${s}"> <code>${s}</code>: ${SCOPE_DESCRIPTIONS[s]}</label>`,
          ).join('')}</fieldset>
          <button type="submit" class="primary">Create key</button>
        </form>`,
        account,
        csrf,
      );
    };
    app.get('/account/api-keys', async (request, reply) => {
      const account = currentAccount(request);
      if (!account) return reply.redirect('/signin?next=/account/api-keys', 303);
      return html(reply, 200, keysPage(account, csrfOf(request, reply)));
    });
    app.post('/account/api-keys', async (request, reply) => {
      const account = currentAccount(request);
      const csrf = csrfOf(request, reply);
      if (!account) return reply.redirect('/signin?next=/account/api-keys', 303);
      if (!csrfOk(request)) return forbidden(reply, csrf, account);
      const form = request.body as Form;
      const name = field(form, 'name').trim();
      const scopes = fields(form, 'scopes');
      const errors: string[] = [];
      if (name.length === 0 || name.length > API_KEY_NAME_MAX_LENGTH)
        errors.push(`Give the key a name of 1 to ${API_KEY_NAME_MAX_LENGTH} characters.`);
      if (scopes.length === 0) errors.push('Choose at least one scope.');
      if (scopes.some((s) => !(SCOPES as readonly string[]).includes(s))) errors.push('Unknown scope.');
      if (store.listApiKeys(account.id).length >= API_KEYS_PER_ACCOUNT_MAX)
        errors.push(`At most ${API_KEYS_PER_ACCOUNT_MAX} keys: revoke one first.`);
      if (errors.length > 0) return html(reply, 400, keysPage(account, csrf, '', errors));
      let created: ReturnType<typeof store.createApiKey>;
      try {
        created = store.createApiKey({
          accountId: account.id,
          name,
          scopes: [...new Set(scopes)] as Scope[],
          ...(options.apiKeysPerDay === undefined ? {} : { perDay: options.apiKeysPerDay }),
        });
      } catch (error) {
        if (error instanceof DailyLimitError) {
          reply.header('retry-after', String(error.retryAfterSeconds));
          return html(reply, 429, keysPage(account, csrf, '', [`${error.message}.`]));
        }
        if (!(error instanceof ApiKeyNameTakenError)) throw error;
        return html(reply, 409, keysPage(account, csrf, '', [`Name: ${error.message}.`]));
      }
      const shown = `<section role="status"><p>Your new key <strong>${escapeHtml(name)}</strong>. Copy it now: it is shown only once.</p>
        <p class="key" id="new-key">${created.key}</p></section>`;
      return html(reply, 201, keysPage(account, csrf, shown));
    });
    app.post('/account/api-keys/:id/revoke', async (request, reply) => {
      const account = currentAccount(request);
      const csrf = csrfOf(request, reply);
      if (!account) return reply.redirect('/signin?next=/account/api-keys', 303);
      if (!csrfOk(request)) return forbidden(reply, csrf, account);
      const revoked = store.revokeApiKey(account.id, (request.params as { id: string }).id);
      if (!revoked) return html(reply, 404, keysPage(account, csrf, '', ['No such key.']));
      return reply.redirect('/account/api-keys', 303);
    });

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
        const signedIn = currentAccount(request);
        if (signedIn) return finish(request, reply, { login: { accountId: signedIn.id } }, false);
        return signInPage(reply, 200, interaction, csrf);
      }
      const account = store.findAccountById(String(interaction.session?.accountId));
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
      startSession(reply, account);
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
