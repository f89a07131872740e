import {
  EMAIL_CONFIRMATION_TTL_HOURS,
  EMAIL_PATTERN,
  type IdentityReply,
  type IdentityRequest,
  localPathOrNull,
  SIGN_IN_LINK_TTL_MINUTES,
} from '@listings/contracts';
import { ConflictError, UnauthorizedError, ValidationError } from '@listings/platform/errors';
import { hashPassword, verifyPassword } from '../passwords.ts';
import type { PeopleContext } from './context.ts';
import { GoneError } from './errors.ts';
import { signInLinkMail } from './mails.ts';

/** Signing in and up: mailed links (the account made on first use), passwords, and proving the address. */
export const signInOperations = (ctx: PeopleContext) => {
  const { store } = ctx;
  return {
    request_sign_in_link: async (
      r: IdentityRequest<'request_sign_in_link'>,
    ): Promise<IdentityReply<'request_sign_in_link'>> => {
      const email = r.email.trim().toLowerCase();
      if (!EMAIL_PATTERN.test(email))
        throw new ValidationError([{ field: 'email', message: 'is not an email address' }]);
      await ctx.checkMailQuota(email, r.client_ip);
      const account = await store.findAccountForSignIn(email);
      const token = await store.issueEmailToken({
        purpose: 'sign_in',
        email,
        accountId: account?.id ?? null,
        next: localPathOrNull(r.next),
        ttlMs: SIGN_IN_LINK_TTL_MINUTES * 60_000,
      });
      await ctx.mailer.send(signInLinkMail(ctx.publicUrl, email, token));
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
      const reset = await ctx.confirmAndReset(account.id, account.email);
      return { ...(await ctx.openSession(account.id, used.next, 'link')), reset };
    },
    sign_in_with_password: async (
      r: IdentityRequest<'sign_in_with_password'>,
    ): Promise<IdentityReply<'sign_in_with_password'>> => {
      const account = await store.findAccountForSignIn(r.email);
      const ok = await verifyPassword(account?.passwordHash ?? null, r.password);
      if (!account || !ok) throw new UnauthorizedError('wrong email or password');
      return ctx.openSession(account.id, null, 'password');
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
      const confirmationSent = await ctx.sendConfirmation(account.id, account.email, r.client_ip).then(
        () => true,
        () => false,
      );
      return { ...(await ctx.openSession(account.id, null, 'password')), confirmation_sent: confirmationSent };
    },
    request_email_confirmation: async (
      r: IdentityRequest<'request_email_confirmation'>,
    ): Promise<IdentityReply<'request_email_confirmation'>> => {
      const session = await ctx.sessionOf(r.session_token);
      if (session.email_confirmed) throw new ConflictError('this email is confirmed already');
      await ctx.sendConfirmation(session.account_id, session.email, r.client_ip);
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
      return { ...confirmed, reset: await ctx.confirmAndReset(account.id, account.email) };
    },
  };
};
