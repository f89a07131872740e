import {
  API_KEYS_PER_ACCOUNT_MAX,
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
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '@listings/platform/errors';
import type { Logger } from '@listings/platform/logger';
import type { Mailer } from '@listings/platform/mail';
import { type InternalOperationServed, serveInternalOperations } from '@listings/platform/service-host';
import type { IdentityStore } from './identity-store.ts';
import { createPasskeys } from './passkeys.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

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

  const sessionOf = (token: string): SiteSession => {
    const found = store.sessionDetails(token);
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
  const openSession = (accountId: string, next: string | null): NewSiteSession => {
    const created = store.createSession(accountId);
    return { session_token: created.token, session: sessionOf(created.token), next };
  };
  const passkeys = createPasskeys({
    store,
    publicUrl: deps.publicUrl,
    sessionOf,
    openSession,
    checkSignInQuota: async (clientIp) => {
      if (!clientIp) return;
      const decision = await limiter.hit(`passkey-ip:${clientIp}`, {
        name: 'passkey-sign-in-ip',
        ...PASSKEY_SIGN_IN_STARTS_PER_IP,
      });
      if (!decision.allowed) throw new TooManySignInsError(decision.resetSeconds);
    },
  });
  const keySummary = (k: ReturnType<IdentityStore['listApiKeys']>[number]) => ({
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
      const account = store.findAccountForSignIn(email);
      const token = store.issueEmailToken({
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
      const used = store.consumeEmailToken(r.token, 'sign_in');
      if (!used)
        throw new GoneError('this sign-in link was used already, has expired or is unknown: ask for a new one');
      // the account is made on first use (not when the link was asked for), and the link proved the address
      const account = store.ensureAccount(used.email).account;
      store.markEmailConfirmed(account.id);
      return openSession(account.id, used.next);
    },
    sign_in_with_password: async (
      r: IdentityRequest<'sign_in_with_password'>,
    ): Promise<IdentityReply<'sign_in_with_password'>> => {
      const account = store.findAccountForSignIn(r.email);
      const ok = await verifyPassword(account?.passwordHash ?? null, r.password);
      if (!account || !ok) throw new UnauthorizedError('wrong email or password');
      return openSession(account.id, null);
    },
    sign_up_with_password: async (
      r: IdentityRequest<'sign_up_with_password'>,
    ): Promise<IdentityReply<'sign_up_with_password'>> => {
      const email = r.email.trim();
      const name = r.name?.trim() ?? '';
      if (!EMAIL_PATTERN.test(email))
        throw new ValidationError([{ field: 'email', message: 'is not an email address' }]);
      if (store.findAccountForSignIn(email)) throw new ConflictError('an account with this email already exists');
      const account = store.createAccount({ email, name: name || null, passwordHash: await hashPassword(r.password) });
      // a failed mail (or the mail limit) does not undo the sign-up: the person can ask again on /me
      const confirmationSent = await sendConfirmation(account.id, account.email, r.client_ip).then(
        () => true,
        () => false,
      );
      return { ...openSession(account.id, null), confirmation_sent: confirmationSent };
    },
    request_email_confirmation: async (
      r: IdentityRequest<'request_email_confirmation'>,
    ): Promise<IdentityReply<'request_email_confirmation'>> => {
      const session = sessionOf(r.session_token);
      if (session.email_confirmed) throw new ConflictError('this email is confirmed already');
      await sendConfirmation(session.account_id, session.email, r.client_ip);
      return { sent: true, expires_in_hours: EMAIL_CONFIRMATION_TTL_HOURS };
    },
    confirm_email: async (r: IdentityRequest<'confirm_email'>): Promise<IdentityReply<'confirm_email'>> => {
      const used = store.consumeEmailToken(r.token, 'confirm_email');
      const account = used?.accountId ? store.findAccountById(used.accountId) : null;
      // the address must still be the account's: a link for an erased or changed address confirms nothing
      if (!used || !account || account.email !== used.email)
        throw new GoneError('this confirmation link was used already, has expired or is unknown: ask for a new one');
      store.markEmailConfirmed(account.id);
      return { account_id: account.id, email: account.email, email_confirmed: true };
    },
    lookup_session: async (r: IdentityRequest<'lookup_session'>): Promise<IdentityReply<'lookup_session'>> =>
      sessionOf(r.session_token),
    sign_out: async (r: IdentityRequest<'sign_out'>): Promise<IdentityReply<'sign_out'>> => {
      const known = store.sessionDetails(r.session_token) !== null;
      store.endSession(r.session_token);
      return { sessions_ended: known ? 1 : 0 };
    },
    sign_out_everywhere: async (
      r: IdentityRequest<'sign_out_everywhere'>,
    ): Promise<IdentityReply<'sign_out_everywhere'>> => {
      const session = sessionOf(r.session_token);
      return { sessions_ended: store.endAllSessions(session.account_id) };
    },
    list_api_keys: async (r: IdentityRequest<'list_api_keys'>): Promise<IdentityReply<'list_api_keys'>> => {
      const session = sessionOf(r.session_token);
      return { keys: store.listApiKeys(session.account_id).map(keySummary) };
    },
    create_api_key: async (r: IdentityRequest<'create_api_key'>): Promise<IdentityReply<'create_api_key'>> => {
      const session = sessionOf(r.session_token);
      const name = r.name.trim();
      if (name === '') throw new ValidationError([{ field: 'name', message: 'must not be blank' }]);
      if (store.listApiKeys(session.account_id).length >= API_KEYS_PER_ACCOUNT_MAX)
        throw new ConflictError(`at most ${API_KEYS_PER_ACCOUNT_MAX} keys: revoke one first`);
      const created = store.createApiKey({
        accountId: session.account_id,
        name,
        scopes: r.scopes,
        perDay: deps.apiKeysPerDay,
      });
      return { key: created.key, summary: keySummary(created.summary) };
    },
    revoke_api_key: async (r: IdentityRequest<'revoke_api_key'>): Promise<IdentityReply<'revoke_api_key'>> => {
      const session = sessionOf(r.session_token);
      if (!store.revokeApiKey(session.account_id, r.key_id)) throw new NotFoundError('no such key of yours');
      return { revoked: true };
    },
    list_oauth_grants: async (r: IdentityRequest<'list_oauth_grants'>): Promise<IdentityReply<'list_oauth_grants'>> => {
      const session = sessionOf(r.session_token);
      return {
        grants: store.listOAuthGrants(session.account_id).map((g) => ({
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
      const session = sessionOf(r.session_token);
      if (!store.revokeOAuthGrant(session.account_id, r.grant_id)) throw new NotFoundError('no such app of yours');
      return { revoked: true };
    },
    mail_account: async (r: IdentityRequest<'mail_account'>): Promise<IdentityReply<'mail_account'>> => {
      const account = store.findAccountById(r.account_id);
      if (!account || account.email.endsWith('@erased.invalid')) throw new NotFoundError('no such account');
      if (!store.takeMailKey(r.dedupe_key)) return { sent: false };
      try {
        await deps.mailer.send({ to: account.email, kind: r.kind, subject: r.subject, text: r.text });
      } catch (error) {
        store.releaseMailKey(r.dedupe_key);
        throw error;
      }
      return { sent: true };
    },
    describe_account: async (r: IdentityRequest<'describe_account'>): Promise<IdentityReply<'describe_account'>> => {
      const account = store.findAccountById(r.account_id);
      if (!account || account.email.endsWith('@erased.invalid')) throw new NotFoundError('no such account');
      return { name: account.name ?? null, email: account.email };
    },
    ...passkeys,
  } satisfies Record<Op['name'], (request: never) => Promise<unknown>>;

  /** mails a confirmation link for the account's current address (sign-up and the request above) */
  const sendConfirmation = async (accountId: string, email: string, clientIp?: string) => {
    await checkMailQuota(email, clientIp);
    const token = store.issueEmailToken({
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
        `The link works once, for ${EMAIL_CONFIRMATION_TTL_HOURS} hours.`,
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
