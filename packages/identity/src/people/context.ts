import {
  type CredentialsReset,
  EMAIL_CONFIRMATION_TTL_HOURS,
  MAIL_REQUESTS_PER_ADDRESS,
  MAIL_REQUESTS_PER_IP,
  type NewSiteSession,
  PASSWORD_SET_AFTER_LINK_MINUTES,
  type SiteSession,
} from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import { createMemoryRateLimitCounter, createRateLimiter, type RateLimitCounter } from '@listings/platform/edge';
import { UnauthorizedError } from '@listings/platform/errors';
import type { Mailer } from '@listings/platform/mail';
import type { IdentityStore, SessionMethod } from '../store/identity-store.ts';
import { isDisposableEmail } from './disposable-email.ts';
import { TooManyMailsError } from './errors.ts';
import { accountSecuredMail, emailConfirmationMail } from './mails.ts';

export interface PeopleDeps {
  store: IdentityStore;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  /** the mail-request counter (memory by default; the edge's shared counter in cluster mode) */
  rateLimitCounter?: RateLimitCounter;
  /** API_KEYS_PER_ACCOUNT_PER_DAY */
  apiKeysPerDay: number;
}

/**
 * What the people operations share: the limiter, the session behind a token, opening a session,
 * the first proof of an address and the confirmation mail. Each operation group (sign-in.ts,
 * sessions.ts, credentials.ts, account-mail.ts, passkeys.ts) takes it.
 */
export const createPeopleContext = (deps: PeopleDeps) => {
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
    const roles = await store.rolesOf(found.account.id);
    return {
      ...(roles.length > 0 ? { roles } : {}),
      account_id: found.account.id,
      email: found.account.email,
      name: found.account.name,
      email_confirmed: found.emailConfirmed,
      account_created_at: found.account.createdAt,
      email_disposable: isDisposableEmail(found.account.email),
      suspended: found.account.suspendedAt !== null,
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
   * The email is proved for the first time: confirm it, and take away every way in made before,
   * telling the owner what was taken (best effort: the page they land on says it too).
   */
  const confirmAndReset = async (accountId: string, email: string): Promise<CredentialsReset> => {
    const reset = await store.confirmEmailAndResetEntry(accountId);
    if (reset === 'confirmed-already' || reset === null) return null;
    await deps.mailer.send(accountSecuredMail(deps.publicUrl, email, reset)).catch(() => undefined);
    return reset;
  };
  /** mails a confirmation link for the account's current address (sign-up and request_email_confirmation) */
  const sendConfirmation = async (accountId: string, email: string, clientIp?: string) => {
    await checkMailQuota(email, clientIp);
    const token = await store.issueEmailToken({
      purpose: 'confirm_email',
      email,
      accountId,
      next: null,
      ttlMs: EMAIL_CONFIRMATION_TTL_HOURS * 3_600_000,
    });
    await deps.mailer.send(emailConfirmationMail(deps.publicUrl, email, token));
  };

  return {
    ...deps,
    limiter,
    checkMailQuota,
    sessionOf,
    openSession,
    passwordSettableUntil,
    confirmAndReset,
    sendConfirmation,
  };
};

export type PeopleContext = ReturnType<typeof createPeopleContext>;
