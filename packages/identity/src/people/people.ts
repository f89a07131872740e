import {
  API_KEYS_PER_ACCOUNT_MAX,
  type CredentialsReset,
  EMAIL_CONFIRMATION_TTL_HOURS,
  EMAIL_PATTERN,
  emailConfirmationPath,
  type IdentityReply,
  type IdentityRequest,
  type identityInternalOperations,
  localPathOrNull,
  MAIL_REQUESTS_PER_ADDRESS,
  MAIL_REQUESTS_PER_IP,
  type NewSiteSession,
  PASSKEY_SIGN_IN_STARTS_PER_IP,
  PASSWORD_CHANGES_PER_ACCOUNT,
  PASSWORD_SET_AFTER_LINK_MINUTES,
  SCOPES,
  type Scope,
  SIGN_IN_LINK_TTL_MINUTES,
  type SiteSession,
  signInLinkPath,
} from '@listings/contracts';
import type { Bus, Served } from '@listings/platform/bus';
import type { Clock } from '@listings/platform/clock';
import { createMemoryRateLimitCounter, createRateLimiter, type RateLimitCounter } from '@listings/platform/edge';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '@listings/platform/errors';
import type { Logger } from '@listings/platform/logger';
import type { Mailer } from '@listings/platform/mail';
import { type InternalOperationServed, serveInternalOperations } from '@listings/platform/service-host';
import { hashPassword, verifyPassword } from '../passwords.ts';
import type { ApiKeySummary, IdentityStore, SessionMethod } from '../store/identity-store.ts';
import { createPasskeys } from './passkeys.ts';

type Op = (typeof identityInternalOperations)[number];

export class GoneError extends DomainError {
  constructor(detail: string) {
    super(410, 'gone', 'Gone', detail);
  }
}

export class TooManySignInsError extends DomainError {
  constructor(retryAfterSeconds: number) {
    super(
      429,
      'rate-limited',
      'Too many requests',
      `too many passkey sign-ins started: retry in ${retryAfterSeconds} s`,
    );
  }
}

export class TooManyPasswordTriesError extends DomainError {
  constructor(retryAfterSeconds: number) {
    super(429, 'rate-limited', 'Too many requests', `too many password changes tried: retry in ${retryAfterSeconds} s`);
  }
}

export class TooManyMailsError extends DomainError {
  constructor(retryAfterSeconds: number) {
    super(429, 'rate-limited', 'Too many requests', `too many emails asked for: retry in ${retryAfterSeconds} s`);
  }
}

/**
 * The people side of identity, on `gateway.internal.<name>` for the web edge: magic sign-in links
 * (the account is made on first use and its email confirmed by that link), email confirmation
 * links, password sign-in, server-side sessions with a CSRF token bound to each, signing out here
 * or everywhere, the signed-in person's API keys, and passkeys (passkeys.ts). Mails go through the mail port; each mail
 * request counts against the address (or account) and the client IP.
 */
export const createPeople = (deps: {
  store: IdentityStore;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  /** the mail-request counter (memory by default; the edge's shared counter in cluster mode) */
  rateLimitCounter?: RateLimitCounter;
  /** API_KEYS_PER_ACCOUNT_PER_DAY */
  apiKeysPerDay: number;
}) => {
  const { store, clock } = deps;
  const limiter = createRateLimiter({
    counter: deps.rateLimitCounter ?? createMemoryRateLimitCounter({ clock }),
    clock,
  });
  const checkMailQuota = async (address: string, clientIp: string | undefined) => {
    const checks = [
      limiter.hit(`mail:${address.toLowerCase()}`, { name: 'mail-address', ...MAIL_REQUESTS_PER_ADDRESS }),
      ...(clientIp ? [limiter.hit(`mail-ip:${clientIp}`, { name: 'mail-ip', ...MAIL_REQUESTS_PER_IP })] : []),
    ];
    for (const decision of await Promise.all(checks))
      if (!decision.allowed) throw new TooManyMailsError(decision.resetSeconds);
  };

  const sessionOf = async (token: string): Promise<SiteSession> => {
    const found = await store.sessionDetails(token);
    if (!found) throw new UnauthorizedError('not signed in: the session is unknown, ended or expired');
    return {
      account_id: found.account.id,
      email: found.account.email,
      name: found.account.name,
      email_confirmed: found.emailConfirmed,
      csrf_token: found.csrfToken,
      expires_at: found.expiresAt.toISOString(),
    };
  };
  const openSession = async (
    accountId: string,
    next: string | null,
    method: SessionMethod,
  ): Promise<NewSiteSession> => {
    const created = await store.createSession(accountId, method);
    return { session_token: created.token, session: await sessionOf(created.token), next };
  };
  /** until when this session may set a password without the current one: a mailed link's, while fresh */
  const passwordSettableUntil = async (token: string): Promise<Date | null> => {
    const origin = await store.sessionOrigin(token);
    if (origin?.method !== 'link') return null;
    const until = new Date(origin.createdAt.getTime() + PASSWORD_SET_AFTER_LINK_MINUTES * 60_000);
    return until > clock.now() ? until : null;
  };
  /**
   * Tells the owner what was taken away when they proved their address on an account someone else
   * had made (best effort: the page they land on says it too).
   */
  const mailReset = async (email: string, reset: NonNullable<CredentialsReset>) => {
    const lines = [
      reset.password_removed ? '- the password set before the address was confirmed was removed' : null,
      reset.sessions_ended > 0 ? `- ${reset.sessions_ended} signed-in session(s) were ended` : null,
      reset.api_keys_revoked > 0 ? `- ${reset.api_keys_revoked} API key(s) were revoked` : null,
      reset.apps_revoked > 0 ? `- ${reset.apps_revoked} connected app(s) were disconnected` : null,
      reset.passkeys_removed > 0 ? `- ${reset.passkeys_removed} passkey(s) were removed` : null,
    ].filter((line): line is string => line !== null);
    await deps.mailer
      .send({
        to: email,
        kind: 'account-secured',
        subject: 'Your account was secured',
        text: [
          'You just proved this address for your account on the listings directory for the first time.',
          'Before that, the account could have been made or used by someone without access to your mailbox,',
          'so every way into it made before was taken away:',
          '',
          ...lines,
          '',
          `Set a password, add a passkey or make new API keys on ${deps.publicUrl}/me.`,
        ].join('\n'),
      })
      .catch(() => undefined);
  };
  /** the email is proved for the first time: confirm it, and take away every way in made before */
  const confirmAndReset = async (accountId: string, email: string): Promise<CredentialsReset> => {
    const reset = await store.confirmEmailAndResetEntry(accountId);
    if (reset === 'confirmed-already' || reset === null) return null;
    await mailReset(email, reset);
    return reset;
  };
  const passkeys = createPasskeys({
    store,
    publicUrl: deps.publicUrl,
    sessionOf,
    openSession: (accountId, next) => openSession(accountId, next, 'passkey'),
    checkSignInQuota: async (clientIp) => {
      if (!clientIp) return;
      const decision = await limiter.hit(`passkey-ip:${clientIp}`, {
        name: 'passkey-sign-in-ip',
        ...PASSKEY_SIGN_IN_STARTS_PER_IP,
      });
      if (!decision.allowed) throw new TooManySignInsError(decision.resetSeconds);
    },
  });
  const keySummary = (k: ApiKeySummary) => ({
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: [...k.scopes],
    created_at: k.createdAt,
    last_used_at: k.lastUsedAt,
  });

  const handlers = {
    request_sign_in_link: async (
      r: IdentityRequest<'request_sign_in_link'>,
    ): Promise<IdentityReply<'request_sign_in_link'>> => {
      const email = r.email.trim().toLowerCase();
      if (!EMAIL_PATTERN.test(email))
        throw new ValidationError([{ field: 'email', message: 'is not an email address' }]);
      await checkMailQuota(email, r.client_ip);
      const account = await store.findAccountForSignIn(email);
      const token = await store.issueEmailToken({
        purpose: 'sign_in',
        email,
        accountId: account?.id ?? null,
        next: localPathOrNull(r.next),
        ttlMs: SIGN_IN_LINK_TTL_MINUTES * 60_000,
      });
      await deps.mailer.send({
        to: email,
        kind: 'sign-in-link',
        subject: 'Your sign-in link',
        text: [
          'Someone (we hope you) asked to sign in to the listings directory with this address.',
          '',
          `Sign in: ${deps.publicUrl}${signInLinkPath(token)}`,
          '',
          `The link works once, for ${SIGN_IN_LINK_TTL_MINUTES} minutes. If you did not ask for it, ignore this email.`,
        ].join('\n'),
      });
      return { sent: true, expires_in_minutes: SIGN_IN_LINK_TTL_MINUTES };
    },
    redeem_sign_in_link: async (
      r: IdentityRequest<'redeem_sign_in_link'>,
    ): Promise<IdentityReply<'redeem_sign_in_link'>> => {
      const used = await store.consumeEmailToken(r.token, 'sign_in');
      if (!used)
        throw new GoneError('this sign-in link was used already, has expired or is unknown: ask for a new one');
      // the account is made on first use (not when the link was asked for), and the link proved the
      // address; on an account whose address was never proved, whoever made it without the mailbox
      // (a password chosen at sign-up, sessions, keys, apps, passkeys) loses every way in first
      const account = (await store.ensureAccount(used.email)).account;
      const reset = await confirmAndReset(account.id, account.email);
      return { ...(await openSession(account.id, used.next, 'link')), reset };
    },
    sign_in_with_password: async (
      r: IdentityRequest<'sign_in_with_password'>,
    ): Promise<IdentityReply<'sign_in_with_password'>> => {
      const account = await store.findAccountForSignIn(r.email);
      const ok = await verifyPassword(account?.passwordHash ?? null, r.password);
      if (!account || !ok) throw new UnauthorizedError('wrong email or password');
      return openSession(account.id, null, 'password');
    },
    sign_up_with_password: async (
      r: IdentityRequest<'sign_up_with_password'>,
    ): Promise<IdentityReply<'sign_up_with_password'>> => {
      const email = r.email.trim();
      const name = r.name?.trim() ?? '';
      if (!EMAIL_PATTERN.test(email))
        throw new ValidationError([{ field: 'email', message: 'is not an email address' }]);
      if (await store.findAccountForSignIn(email)) throw new ConflictError('an account with this email already exists');
      const account = await store.createAccount({
        email,
        name: name || null,
        passwordHash: await hashPassword(r.password),
      });
      // a failed mail (or the mail limit) does not undo the sign-up: the person can ask again on /me
      const confirmationSent = await sendConfirmation(account.id, account.email, r.client_ip).then(
        () => true,
        () => false,
      );
      return { ...(await openSession(account.id, null, 'password')), confirmation_sent: confirmationSent };
    },
    request_email_confirmation: async (
      r: IdentityRequest<'request_email_confirmation'>,
    ): Promise<IdentityReply<'request_email_confirmation'>> => {
      const session = await sessionOf(r.session_token);
      if (session.email_confirmed) throw new ConflictError('this email is confirmed already');
      await sendConfirmation(session.account_id, session.email, r.client_ip);
      return { sent: true, expires_in_hours: EMAIL_CONFIRMATION_TTL_HOURS };
    },
    confirm_email: async (r: IdentityRequest<'confirm_email'>): Promise<IdentityReply<'confirm_email'>> => {
      const used = await store.consumeEmailToken(r.token, 'confirm_email');
      const account = used?.accountId ? await store.findAccountById(used.accountId) : null;
      // the address must still be the account's: a link for an erased or changed address confirms nothing
      if (!used || !account || account.email !== used.email)
        throw new GoneError('this confirmation link was used already, has expired or is unknown: ask for a new one');
      const confirmed = { account_id: account.id, email: account.email, email_confirmed: true as const };
      // from a live session of this account (the browser that signed up, who chose the password) the
      // password stays and the other sessions end; anywhere else the link proves the mailbox but not
      // the password, so the account is treated as the sign-in link treats it
      const own = r.session_token ? await store.sessionDetails(r.session_token) : null;
      if (own && own.account.id === account.id && r.session_token) {
        if (!(await store.isEmailConfirmed(account.id))) {
          await store.markEmailConfirmed(account.id);
          await store.endOtherSessions(account.id, r.session_token);
        }
        return { ...confirmed, reset: null };
      }
      return { ...confirmed, reset: await confirmAndReset(account.id, account.email) };
    },
    lookup_session: async (r: IdentityRequest<'lookup_session'>): Promise<IdentityReply<'lookup_session'>> =>
      await sessionOf(r.session_token),
    sign_out: async (r: IdentityRequest<'sign_out'>): Promise<IdentityReply<'sign_out'>> => {
      const known = (await store.sessionDetails(r.session_token)) !== null;
      await store.endSession(r.session_token);
      return { sessions_ended: known ? 1 : 0 };
    },
    sign_out_everywhere: async (
      r: IdentityRequest<'sign_out_everywhere'>,
    ): Promise<IdentityReply<'sign_out_everywhere'>> => {
      const session = await sessionOf(r.session_token);
      return { sessions_ended: await store.endAllSessions(session.account_id) };
    },
    list_sign_in_methods: async (
      r: IdentityRequest<'list_sign_in_methods'>,
    ): Promise<IdentityReply<'list_sign_in_methods'>> => {
      const session = await sessionOf(r.session_token);
      return {
        password_set: await store.hasPassword(session.account_id),
        password_settable_until: (await passwordSettableUntil(r.session_token))?.toISOString() ?? null,
        sessions: (await store.listSessions(session.account_id, r.session_token)).map((s) => ({
          id: s.id,
          created_at: s.createdAt,
          expires_at: s.expiresAt,
          method: s.method,
          current: s.current,
        })),
      };
    },
    end_session: async (r: IdentityRequest<'end_session'>): Promise<IdentityReply<'end_session'>> => {
      const session = await sessionOf(r.session_token);
      if (!(await store.endSessionById(session.account_id, r.session_id)))
        throw new NotFoundError('no such session of yours');
      return { ended: true };
    },
    set_password: async (r: IdentityRequest<'set_password'>): Promise<IdentityReply<'set_password'>> => {
      const session = await sessionOf(r.session_token);
      const tries = await limiter.hit(`password-change:${session.account_id}`, {
        name: 'password-change',
        ...PASSWORD_CHANGES_PER_ACCOUNT,
      });
      if (!tries.allowed) throw new TooManyPasswordTriesError(tries.resetSeconds);
      // the current password, or a session a mailed link opened just now: nothing else sets one
      const current = await store.passwordHashOf(session.account_id);
      if (r.current_password !== undefined && r.current_password !== '') {
        if (!(await verifyPassword(current, r.current_password)))
          throw new ValidationError([{ field: 'current_password', message: 'is not your current password' }]);
      } else if (!(await passwordSettableUntil(r.session_token)))
        throw new ForbiddenError(
          current
            ? 'give your current password, or sign in with a mailed link and set the new one within ' +
                `${PASSWORD_SET_AFTER_LINK_MINUTES} minutes`
            : `sign in with a mailed link and set a password within ${PASSWORD_SET_AFTER_LINK_MINUTES} minutes`,
        );
      await store.setPasswordHash(session.account_id, await hashPassword(r.new_password));
      const sessionsEnded = await store.endOtherSessions(session.account_id, r.session_token);
      await deps.mailer
        .send({
          to: session.email,
          kind: 'password-changed',
          subject: current ? 'Your password was changed' : 'A password was set on your account',
          text: [
            `${current ? 'The password of your account was changed' : 'A password was set on your account'} on the listings directory.`,
            'Every other signed-in session was ended.',
            '',
            `If it was not you, sign in with an emailed link at ${deps.publicUrl}/signin/email and remove the password on /me.`,
          ].join('\n'),
        })
        .catch(() => undefined);
      return { password_set: true, sessions_ended: sessionsEnded };
    },
    remove_password: async (r: IdentityRequest<'remove_password'>): Promise<IdentityReply<'remove_password'>> => {
      const session = await sessionOf(r.session_token);
      if (!(await store.setPasswordHash(session.account_id, null)))
        throw new NotFoundError('your account has no password');
      return { removed: true };
    },
    list_api_keys: async (r: IdentityRequest<'list_api_keys'>): Promise<IdentityReply<'list_api_keys'>> => {
      const session = await sessionOf(r.session_token);
      return { keys: (await store.listApiKeys(session.account_id)).map(keySummary) };
    },
    create_api_key: async (r: IdentityRequest<'create_api_key'>): Promise<IdentityReply<'create_api_key'>> => {
      const session = await sessionOf(r.session_token);
      const name = r.name.trim();
      if (name === '') throw new ValidationError([{ field: 'name', message: 'must not be blank' }]);
      if ((await store.listApiKeys(session.account_id)).length >= API_KEYS_PER_ACCOUNT_MAX)
        throw new ConflictError(`at most ${API_KEYS_PER_ACCOUNT_MAX} keys: revoke one first`);
      const created = await store.createApiKey({
        accountId: session.account_id,
        name,
        scopes: r.scopes,
        perDay: deps.apiKeysPerDay,
        origin: 'site',
      });
      return { key: created.key, summary: keySummary(created.summary) };
    },
    revoke_api_key: async (r: IdentityRequest<'revoke_api_key'>): Promise<IdentityReply<'revoke_api_key'>> => {
      const session = await sessionOf(r.session_token);
      if (!(await store.revokeApiKey(session.account_id, r.key_id))) throw new NotFoundError('no such key of yours');
      return { revoked: true };
    },
    list_oauth_grants: async (r: IdentityRequest<'list_oauth_grants'>): Promise<IdentityReply<'list_oauth_grants'>> => {
      const session = await sessionOf(r.session_token);
      return {
        grants: (await store.listOAuthGrants(session.account_id)).map((g) => ({
          grant_id: g.grantId,
          client_id: g.clientId,
          client_name: g.clientName,
          client_uri: g.clientUri,
          scopes: g.scopes.filter((s): s is Scope => (SCOPES as readonly string[]).includes(s)),
          resources: g.resources,
          granted_at: g.grantedAt,
        })),
      };
    },
    revoke_oauth_grant: async (
      r: IdentityRequest<'revoke_oauth_grant'>,
    ): Promise<IdentityReply<'revoke_oauth_grant'>> => {
      const session = await sessionOf(r.session_token);
      if (!(await store.revokeOAuthGrant(session.account_id, r.grant_id)))
        throw new NotFoundError('no such app of yours');
      return { revoked: true };
    },
    mail_account: async (r: IdentityRequest<'mail_account'>): Promise<IdentityReply<'mail_account'>> => {
      const account = await store.findAccountById(r.account_id);
      if (!account || account.email.endsWith('@erased.invalid')) throw new NotFoundError('no such account');
      if (!(await store.takeMailKey(r.dedupe_key))) return { sent: false };
      try {
        await deps.mailer.send({ to: account.email, kind: r.kind, subject: r.subject, text: r.text });
      } catch (error) {
        await store.releaseMailKey(r.dedupe_key);
        throw error;
      }
      return { sent: true };
    },
    describe_account: async (r: IdentityRequest<'describe_account'>): Promise<IdentityReply<'describe_account'>> => {
      const account = await store.findAccountById(r.account_id);
      if (!account || account.email.endsWith('@erased.invalid')) throw new NotFoundError('no such account');
      return { name: account.name ?? null, email: account.email };
    },
    ...passkeys,
  } satisfies Record<Op['name'], (request: never) => Promise<unknown>>;

  /** mails a confirmation link for the account's current address (sign-up and the request above) */
  const sendConfirmation = async (accountId: string, email: string, clientIp?: string) => {
    await checkMailQuota(email, clientIp);
    const token = await store.issueEmailToken({
      purpose: 'confirm_email',
      email,
      accountId,
      next: null,
      ttlMs: EMAIL_CONFIRMATION_TTL_HOURS * 3_600_000,
    });
    await deps.mailer.send({
      to: email,
      kind: 'email-confirmation',
      subject: 'Confirm your email',
      text: [
        'Confirm this address for your account on the listings directory (you need it to vote and review):',
        '',
        `${deps.publicUrl}${emailConfirmationPath(token)}`,
        '',
        `The link works once, for ${EMAIL_CONFIRMATION_TTL_HOURS} hours. Open it in the browser you signed up with`,
        'to keep your password. Opened anywhere else, it still confirms the address, but any password set before',
        'is removed and every session ends: if you did not sign up yourself, that is how you take the account back.',
      ].join('\n'),
    });
  };

  return {
    handlers,
    sendConfirmation,
    serve: (bus: Bus, logger: Pick<Logger, 'error'>, operations: readonly Op[]): Promise<Served> =>
      serveInternalOperations({
        service: 'gateway',
        bus,
        logger,
        operations: operations.map(
          (contract): InternalOperationServed => ({
            contract,
            handle: handlers[contract.name as Op['name']] as InternalOperationServed['handle'],
          }),
        ),
      }),
  };
};

export type People = ReturnType<typeof createPeople>;
